// The prerender step runs after Hugo. For every chart placeholder in the built
// pages it builds the spec (with the same chart module the browser uses),
// draws the SVG into the page so the chart reads without JavaScript, and
// writes the chart's files beside the page: <name>.svg and <name>.vl.json.
import { readFile, readdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { buildSpec } from '../render/charts.mjs';
import { renderSvg } from './svg.mjs';
import { writeFileAtomic, toJson } from '../lib/files.mjs';

const FIGURE = /(<figure class="tps-chart" id="([^"]+)" data-chart="([^"]+)">\s*<div class="tps-chart__svg"[^>]*>)(<\/div>)\s*<script type="application\/json" class="tps-chart__data">([\s\S]*?)<\/script>/g;

/** Prerenders every page under `publicDir`; returns counts for the build log. */
export async function prerenderSite(publicDir, { cacheDir } = {}) {
  const pages = (await readdir(publicDir, { recursive: true }))
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(publicDir, f));
  let charts = 0;
  for (const page of pages) charts += await prerenderPage(page, { cacheDir });
  return { pages: pages.length, charts };
}

export async function prerenderPage(page, { cacheDir }) {
  const html = await readFile(page, 'utf8');
  if (!html.includes('tps-chart__data')) return 0;
  const found = [...html.matchAll(FIGURE)];
  const svgs = [];
  for (const [, , id, name, , json] of found) {
    const chart = JSON.parse(json);
    const spec = buildSpec(chart);
    const svg = await renderSvg(spec, { cacheDir, idPrefix: `${id}-` });
    svgs.push(svg);
    await writeChartFiles(dirname(page), name, spec, await renderSvg(spec, { cacheDir }));
  }
  let i = 0;
  const out = html.replace(FIGURE, (all, open, id, name, close) => {
    const svg = svgs[i++];
    return all.replace(open + close, open + svg + close);
  });
  await writeFileAtomic(page, out);
  return found.length;
}

async function writeChartFiles(dir, name, spec, svg) {
  const base = join(dir, 'charts', name);
  await writeFileAtomic(`${base}.svg`, `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`);
  await writeFileAtomic(`${base}.vl.json`, toJson(spec));
}
