// Draws charts for the compile step: the SVG of a spec, its standalone copy
// (white sheet, title and description) and that copy's 2x PNG. A chart drawn
// before is read from the caches (keyed by the spec and by the SVG) on the
// calling thread, without waking a worker; anything new goes to a small pool
// of worker threads, one per core up to two, each of which imports vega and
// resvg once. The caller keeps compiling other views while they draw.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { specHash } from './svg.mjs';
import { contentKey } from './png.mjs';
import { titled, onWhite } from './svg.mjs';
import { createPool } from '../lib/workers.mjs';

const WORKER = new URL('./worker.mjs', import.meta.url);

/** The standalone drawing the PNG is made from: what charts/<name>.svg holds. */
export function standaloneOf(drawn, title, alt) {
  return titled(onWhite(drawn), title, alt);
}

export function createDrawer({ svgCache, pngCache, threads } = {}) {
  const pool = createPool(WORKER, { workerData: { svgCache, pngCache }, threads });

  async function fromCache(spec, title, alt) {
    if (!svgCache || !pngCache) return null;
    const drawn = await readFile(join(svgCache, `${specHash(spec)}.svg`), 'utf8').catch(() => null);
    if (drawn === null) return null;
    const standalone = standaloneOf(drawn, title, alt);
    const png = await readFile(join(pngCache, `${contentKey(standalone)}.png`)).catch(() => null);
    return png ? { drawn, standalone, png } : null;
  }

  return {
    /** @returns {Promise<{ drawn: string, standalone: string, png: Buffer }>} */
    async draw({ spec, title, alt }) {
      const hit = await fromCache(spec, title, alt);
      if (hit) return hit;
      const drawing = await pool.run({ spec, title, alt });
      return { ...drawing, png: Buffer.from(drawing.png) };
    },
    close: () => pool.close(),
  };
}
