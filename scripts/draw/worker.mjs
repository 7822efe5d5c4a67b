// One drawing thread of scripts/draw/pool.mjs: spec → SVG (vega), standalone
// SVG → 2x PNG (resvg), both written to the content-keyed caches.
import { parentPort, workerData } from 'node:worker_threads';
import { renderSvg } from './svg.mjs';
import { pngOf } from './png.mjs';
import { standaloneOf } from './pool.mjs';

parentPort.on('message', async ({ id, spec, title, alt }) => {
  try {
    const drawn = await renderSvg(spec, { cacheDir: workerData.svgCache });
    const standalone = standaloneOf(drawn, title, alt);
    const png = await pngOf(standalone, { cacheDir: workerData.pngCache });
    const bytes = new Uint8Array(png).buffer;
    parentPort.postMessage({ id, drawn, standalone, png: bytes }, [bytes]);
  } catch (error) {
    parentPort.postMessage({ id, error: error?.stack ?? String(error) });
  }
});
