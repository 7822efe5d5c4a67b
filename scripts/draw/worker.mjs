// One drawing thread of scripts/draw/pool.mjs: spec → SVG (vega), standalone
// SVG → 2x PNG (resvg), both written to the content-keyed caches.
import { workerData } from 'node:worker_threads';
import { serveTasks } from '../lib/workers.mjs';
import { renderSvg } from './svg.mjs';
import { pngOf } from './png.mjs';
import { standaloneOf } from './pool.mjs';

serveTasks(async ({ spec, title, alt }) => {
  const drawn = await renderSvg(spec, { cacheDir: workerData.svgCache });
  const standalone = standaloneOf(drawn, title, alt);
  const png = await pngOf(standalone, { cacheDir: workerData.pngCache });
  const bytes = new Uint8Array(png).buffer;
  return { result: { drawn, standalone, png: bytes }, transfer: [bytes] };
});
