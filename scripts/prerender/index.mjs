// The prerender step runs after Hugo. For every chart placeholder in the built
// pages it builds the spec (with the same chart module the browser uses),
// draws the SVG into the page so the chart reads without JavaScript, adds a
// data table for screen readers and an "Embed / Download" control, and writes
// the chart's files beside the page (see exports.mjs).
import { readFile, readdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { buildSpec } from '../render/charts.mjs';
import { altText, tableColumns } from '../render/describe.mjs';
import { renderSvg, prefixIds } from './svg.mjs';
import { writeChartFiles, titled, escapeXml } from './exports.mjs';
import { writeFileAtomic } from '../lib/files.mjs';
import { writeRawViews } from './raw-views.mjs';
import { addTableDownloads } from './table-csv.mjs';

const FIGURE_START = /<figure class="tps-chart" id="([^"]+)" data-chart="([^"]+)">/g;
const DATA = /<script type="application\/json" class="tps-chart__data">([\s\S]*?)<\/script>/;
const EMPTY_SVG_SLOT = /<div class="tps-chart__svg"[^>]*><\/div>/;

/** Prerenders every page under `publicDir`; returns counts for the build log. */
export async function prerenderSite(publicDir, { cacheDir, root = join(publicDir, '..') } = {}) {
  await writeRawViews(publicDir, { root });
  const pages = (await readdir(publicDir, { recursive: true }))
    .filter((f) => f.endsWith('.html') && !f.includes('/charts/') && !f.includes('/raw/'))
    .map((f) => join(publicDir, f));
  let charts = 0;
  for (const page of pages) charts += await prerenderPage(page, { cacheDir });
  return { pages: pages.length, charts };
}

export async function prerenderPage(page, { cacheDir }) {
  const built = await readFile(page, 'utf8');
  // A second prerender run over the same build must not add links twice.
  const html = built.includes('tps-table-download') ? built : await addTableDownloads(built, dirname(page));
  if (!html.includes('tps-chart__data')) {
    if (html !== built) await writeFileAtomic(page, html);
    return 0;
  }
  const report = {
    title: /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    url: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? 'http://localhost/',
  };
  let out = '';
  let done = 0;
  let count = 0;
  for (const match of html.matchAll(FIGURE_START)) {
    const start = match.index;
    const end = html.indexOf('</figure>', start) + '</figure>'.length;
    out += html.slice(done, start) + (await prerenderFigure(html.slice(start, end), match[1], match[2], page, report, cacheDir));
    done = end;
    count += 1;
  }
  await writeFileAtomic(page, out + html.slice(done));
  return count;
}

async function prerenderFigure(figure, id, name, page, report, cacheDir) {
  // Running prerender twice over one build must not draw a chart twice.
  if (!EMPTY_SVG_SLOT.test(figure)) return figure;
  const chart = JSON.parse(DATA.exec(figure)[1]);
  const spec = buildSpec(chart);
  const title = chart.options.title ?? name;
  const alt = altText(chart);
  const drawn = await renderSvg(spec, { cacheDir });
  const pageSvg = titled(prefixIds(drawn, `${id}-`), title, alt, `${id}-`);
  const standalone = titled(onWhite(drawn), title, alt);
  const sources = [...new Set(chart.rows.map((r) => r.source))];
  const files = await writeChartFiles(dirname(page), name, { spec, standaloneSvg: standalone, alt, title, reportTitle: report.title, reportUrl: report.url, sources, cacheDir });
  const size = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(standalone);
  return figure
    .replace(EMPTY_SVG_SLOT, `<div class="tps-chart__svg" role="img" aria-label="${escapeXml(alt)}">${pageSvg}</div>`)
    .replace('</figcaption>', `</figcaption>\n${dataTable(chart, title)}\n${embedControl({ name, title, alt, files, url: report.url, size })}`);
}

/** The same drawing for use outside the page: a white sheet under it instead of the page colour. */
function onWhite(svg) {
  return svg.replace(/^(<svg[^>]*>)/, '$1<rect width="100%" height="100%" fill="#ffffff"/>');
}

/** The chart's figures as a table only screen readers announce. */
function dataTable(chart, title) {
  const columns = tableColumns(chart);
  const head = columns.map((c) => `<th scope="col">${escapeXml(c.title)}</th>`).join('');
  const body = chart.rows
    .map((r) => `<tr>${columns.map((c) => `<td>${escapeXml(r[c.field])}</td>`).join('')}</tr>`)
    .join('');
  // The wrapper, not the table, is hidden: a table ignores width: 1px and would widen a phone page.
  return `<div class="visually-hidden"><table><caption>Figures of: ${escapeXml(title)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function embedControl({ name, title, alt, files, url, size }) {
  const abs = (file) => new URL(file, url).href;
  const [svg, png, spec, csv, embed] = files;
  const width = size ? Math.ceil(Number(size[1])) + 16 : 640;
  const height = size ? Math.ceil(Number(size[2])) + 48 : 400;
  const snippets = [
    ['HTML image', `<img src="${abs(svg)}" alt="${escapeXml(alt)}">`],
    ['iframe', `<iframe src="${abs(embed)}" title="${escapeXml(title)}" width="${width}" height="${height}" style="border:0" loading="lazy"></iframe>`],
    ['Markdown', `![${alt.replace(/[[\]]/g, '')}](${abs(png)})`],
  ];
  const links = [[svg, 'SVG'], [png, 'PNG (2x)'], [spec, 'Vega-Lite spec'], [csv, 'CSV data'], [embed, 'Embed page']]
    .map(([href, text]) => `<a href="${href}"${href.endsWith('.html') ? '' : ' download'}>${text}</a>`)
    .join(' · ');
  const fields = snippets
    .map(([label, code], i) => `<label for="embed-${name}-${i}">${label}</label><textarea id="embed-${name}-${i}" readonly rows="2" spellcheck="false">${escapeXml(code)}</textarea>`)
    .join('');
  return `<details class="tps-embed"><summary>Embed / Download</summary><p class="tps-embed__files">${links}</p>${fields}</details>`;
}
