// Draws charts for the compile step: the SVG of a spec, its standalone copy
// (white sheet, title and description), that copy's 2x PNG and the size the
// drawing has, so no caller reads it back out of the SVG. A chart drawn
// before is read from the caches on the calling thread, without waking a
// worker; anything new goes to a small pool of worker threads, one per core
// up to two, each of which imports vega and resvg once. The caller keeps
// compiling other views while they draw.
//
// Both caches are keyed by the spec alone (the title and description the
// standalone copy adds are not drawn), in a folder named after the drawing
// code and the versions of vega, vega-lite and resvg: a drawing made by other
// code is never taken for a current one, and an unchanged chart costs three
// reads (its drawing, its PNG and that PNG's size) and no hash of its drawing.
import { readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { specHash, titled, onWhite, svgSize } from './svg.mjs';
import { keepPixelMemory, cachedPng } from './png.mjs';
import { createPool } from '../lib/workers.mjs';
import { removeDeadTemporaries, readIfThere } from '../lib/files.mjs';

const WORKER = new URL('./worker.mjs', import.meta.url);
const HERE = dirname(fileURLToPath(import.meta.url));

/** The standalone drawing the PNG is made from: what charts/<name>.svg holds. */
export function standaloneOf(drawn, title, alt) {
  return titled(onWhite(drawn), title, alt);
}

let version = null;

/** A hash of what draws: this folder's code and fonts (the glyph widths vega measures text with among them), and the drawing libraries' versions. */
export function drawingVersion() {
  if (version) return version;
  const hash = createHash('sha256');
  for (const dir of [HERE, join(HERE, 'fonts')]) {
    for (const name of readdirSync(dir).sort()) if (/\.(mjs|ttf)$/.test(name)) hash.update(name).update(readFileSync(join(dir, name)));
  }
  for (const name of ['vega', 'vega-lite', '@resvg/resvg-js']) hash.update(`${name}@${packageVersion(name)}`);
  version = hash.digest('hex').slice(0, 16);
  return version;
}

/** An installed package's version, from the package.json above its entry point (not every package exports that file). */
function packageVersion(name) {
  for (let dir = dirname(createRequire(import.meta.url).resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: found, version: v } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (found === name) return v;
  }
  return 'unknown';
}

/**
 * `dir`/<drawingVersion>, with the folders of other versions removed, and the
 * drawings a killed build left half written in this one.
 */
function versioned(dir) {
  const current = drawingVersion();
  if (existsSync(dir)) for (const name of readdirSync(dir)) if (name !== current) rmSync(join(dir, name), { recursive: true, force: true });
  if (existsSync(join(dir, current))) removeDeadTemporaries(join(dir, current));
  return join(dir, current);
}

export function createDrawer({ svgCache, pngCache, threads } = {}) {
  keepPixelMemory();
  const caches = svgCache && pngCache ? { svgCache: versioned(svgCache), pngCache: versioned(pngCache) } : {};
  const pool = createPool(WORKER, { workerData: caches, threads });

  async function fromCache(key, title, alt) {
    if (!caches.svgCache) return null;
    // Synchronous: reads of a few hundred KB, where a promise's trips to the thread pool cost more than the reads.
    const drawn = readIfThere(join(caches.svgCache, `${key}.svg`), 'utf8');
    const png = drawn === null ? null : cachedPng(join(caches.pngCache, `${key}.png`));
    return png ? { drawn, standalone: standaloneOf(drawn, title, alt), ...png } : null;
  }

  return {
    /**
     * `key`: specHash(spec), when the caller has taken it. `width` and `height`: the drawing's size in CSS pixels.
     * @returns {Promise<{ drawn: string, standalone: string, png: Buffer, width: number, height: number }>}
     */
    async draw({ spec, key = specHash(spec), title, alt }) {
      const hit = await fromCache(key, title, alt);
      if (hit) return hit;
      const drawing = await pool.run({ spec, key, title, alt });
      return { ...drawing, png: Buffer.from(drawing.png) };
    },
    /**
     * The drawing alone, without the standalone copy and its PNG: a phone's
     * drawing (LAYOUTS.narrow), which the page shows and nothing downloads.
     * @returns {Promise<{ drawn: string, width: number, height: number }>}
     */
    async drawSvg({ spec, key = specHash(spec) }) {
      const drawn = caches.svgCache ? readIfThere(join(caches.svgCache, `${key}.svg`), 'utf8') : null;
      if (drawn !== null) return { drawn, ...svgSize(drawn) };
      return pool.run({ spec, key, png: false });
    },
    close: () => pool.close(),
  };
}
