// One drawing thread of scripts/draw/pool.mjs: spec → SVG (vega), standalone
// SVG → 2x PNG and the drawing's size (resvg), all cached under the spec's
// hash (see pool.mjs).
import { workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { serveTasks } from '../lib/workers.mjs';
import { renderSvg, specHash, svgSize } from './svg.mjs';
import { pngOf } from './png.mjs';
import { standaloneOf } from './pool.mjs';

serveTasks(async ({ spec, key = specHash(spec), title, alt, png: withPng = true }) => {
  const drawn = await renderSvg(spec, { cacheDir: workerData.svgCache, key });
  if (!withPng) return { result: { drawn, ...svgSize(drawn) } };
  const standalone = standaloneOf(drawn, title, alt);
  const { png, width, height } = await pngOf(standalone, { cacheFile: workerData.pngCache && join(workerData.pngCache, `${key}.png`) });
  const bytes = new Uint8Array(png).buffer;
  return { result: { drawn, standalone, png: bytes, width, height }, transfer: [bytes] };
});
