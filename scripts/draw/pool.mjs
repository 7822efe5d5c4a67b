// Draws charts for the compile step: the SVG of a spec, its standalone copy
// (white sheet, title and description) and that copy's 2x PNG. A chart drawn
// before is read from the caches (keyed by the spec and by the SVG) on the
// calling thread, without waking a worker; anything new goes to a small pool
// of worker threads, one per core up to two, each of which imports vega and
// resvg once. The caller keeps compiling other views while they draw.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { specHash } from './svg.mjs';
import { contentKey } from './png.mjs';
import { titled, onWhite } from './svg.mjs';

const WORKER = new URL('./worker.mjs', import.meta.url);

/** The standalone drawing the PNG is made from: what charts/<name>.svg holds. */
export function standaloneOf(drawn, title, alt) {
  return titled(onWhite(drawn), title, alt);
}

export function createDrawer({ svgCache, pngCache, threads = Math.min(2, availableParallelism()) } = {}) {
  let workers = null;
  let next = 0;
  const pending = new Map();
  let seq = 0;

  function start() {
    workers = Array.from({ length: threads }, () => {
      const w = new Worker(WORKER, { workerData: { svgCache, pngCache } });
      w.on('message', ({ id, error, ...drawing }) => {
        const { resolve, reject } = pending.get(id);
        pending.delete(id);
        if (error) reject(new Error(error));
        else resolve({ ...drawing, png: Buffer.from(drawing.png) });
      });
      w.on('error', (error) => {
        for (const { reject } of pending.values()) reject(error);
        pending.clear();
      });
      w.unref();
      return w;
    });
  }

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
      if (!workers) start();
      const id = (seq += 1);
      const worker = workers[next++ % workers.length];
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, spec, title, alt });
      }).finally(() => { if (!pending.size) for (const w of workers) w.unref(); });
    },
    async close() {
      if (workers) await Promise.all(workers.map((w) => w.terminate()));
      workers = null;
    },
  };
}
