// Everything one chart view publishes, made from one spec and one drawing so
// none of it can disagree: the page's figure (the server-drawn SVG as an
// image that reads without JavaScript, a data table for screen readers, the
// Embed / Download control) and the files beside the page under charts/:
// <name>.page.svg (the drawing the figure shows, in the page's colours, light
// and dark), <name>.svg (standalone, white sheet, title and description),
// .png (2x), .vl.json (the spec with its data inline), .csv (those data, with
// every sample of a series the drawing reduces) and
// .html (a minimal page for an <iframe>), and for a chart of more figures
// than a page should carry, .table.html (those figures as a table). A phone
// is shown the same rows drawn for its width (LAYOUTS.narrow: panels stacked,
// shorter labels): <name>.narrow.page.svg and the spec vega redraws it from,
// <name>.narrow.vl.json.
import { buildSpec, chartKinds, LAYOUTS } from './index.mjs';
import { altText, tableParts } from './describe.mjs';
import { forPage, specHash } from '../../draw/svg.mjs';
import { contentKey } from '../../draw/png.mjs';
import { esc, attrs, toCsv, bundleHref, encodePath, standalonePage, PAGE_URL } from '../html.mjs';
import { reduceChart } from './reduce.mjs';
import { countText } from '../../lib/text.mjs';

/**
 * A chart of at most this many figures carries them in the page as a table
 * for screen readers; a longer one (a time series of 600 seconds) links to a
 * page of its own with them, which keeps hundreds of rows out of the report's
 * first load and out of a screen reader's way through the article.
 */
export const INLINE_FIGURES = 100;

/**
 * CSV of a chart's figures, the rows of its data read from a raw line (a run's
 * shaded warm-up is data, but no figure): one column per field they have.
 */
export function figuresCsv(rows) {
  const figures = rows.filter((r) => Number.isInteger(r.line));
  const fields = [...new Set(figures.flatMap((r) => Object.keys(r)))];
  return toCsv(fields, figures.map((r) => fields.map((f) => r[f])));
}

/**
 * Rows as the spec, and so the .vl.json and the CSV, carry them: without the
 * compile step's own indexes of a figure's document, item and element, which
 * mean nothing outside one build (a figure's line and source say where it
 * was read).
 */
function published(rows) {
  return rows.map(({ doc, item, element, ...row }) => row);
}

/**
 * The view of one chart: its figure markup, its files and its preview image.
 * @param {object} ctx    view context; ctx.drawer draws the spec (scripts/draw/pool.mjs)
 * @param {object} chart  { kind, name, options, rows, mixed, sources } from describeChart;
 *                        sources lists every raw file behind the rows, repeats included
 */
export async function chartFigure(ctx, chart) {
  const kind = chartKinds[chart.kind];
  // A series longer than the plot is wide is drawn reduced; the CSV comes from every sample.
  const reduced = reduceChart(chart);
  const every = published(chart.rows);
  const drawnChart = { ...chart, rows: reduced.note ? published(reduced.rows) : every };
  const spec = buildSpec(drawnChart, LAYOUTS.column);
  const narrowSpec = buildSpec(drawnChart, LAYOUTS.narrow);
  const title = chart.options.title ?? chart.name;
  const alt = reduced.note ? `${altText(chart)} ${reduced.note}` : altText(chart);
  const key = specHash(spec);
  const [{ drawn, standalone, png, width, height }, narrow] = await Promise.all([
    ctx.drawer.draw({ spec, key, title, alt }),
    ctx.drawer.drawSvg({ spec: narrowSpec }),
  ]);
  const id = `chart-${chart.name}`;
  const sources = chart.sources ?? [...new Set(chart.rows.map((r) => r.source))];
  const base = `charts/${chart.name}`;
  const shown = forPage(drawn);
  const narrowShown = forPage(narrow.drawn);
  const reportTitle = ctx.report.meta.title ?? ctx.report.slug;
  // The figures listed are those drawn; the CSV has every sample.
  const ownPage = drawnChart.rows.length > INLINE_FIGURES;
  const files = {
    [`${base}.page.svg`]: `<?xml version="1.0" encoding="UTF-8"?>\n${shown}\n`,
    [`${base}.svg`]: `<?xml version="1.0" encoding="UTF-8"?>\n${standalone}\n`,
    [`${base}.png`]: png,
    [`${base}.vl.json`]: `${JSON.stringify(spec, null, 2)}\n`,
    [`${base}.narrow.page.svg`]: `<?xml version="1.0" encoding="UTF-8"?>\n${narrowShown}\n`,
    [`${base}.narrow.vl.json`]: `${JSON.stringify(narrowSpec, null, 2)}\n`,
    // The rows as the spec carries them (the kind's `data`), every sample of a series drawn reduced among them.
    [`${base}.csv`]: figuresCsv(kind.data?.(every, chart.options) ?? every),
    // The embed carries the chart's warning too: a reader elsewhere sees the same chart the report shows.
    [`${base}.html`]: embedPage({ title, svg: standalone, alt, reportTitle, sources, mixed: chart.mixed, width, siteUp: ctx.report.siteUp }),
    ...(ownPage ? { [`${base}.table.html`]: tablePage({ title, table: dataTable(drawnChart, title, 'tps-table'), reportTitle, id, siteUp: ctx.report.siteUp }) } : {}),
  };
  const html = [
    `<figure${attrs({ class: 'tps-chart', id, 'data-chart': chart.name, 'data-kind': chart.kind, 'data-spec': `${base}.vl.json`, 'data-spec-narrow': `${base}.narrow.vl.json` })}>`,
    `<div class="tps-chart__svg">${chartImage({ src: `${base}.page.svg`, svg: shown, alt, width, height }, { src: `${base}.narrow.page.svg`, svg: narrowShown, ...narrow })}</div>`,
    chart.mixed.length ? `<p class="tps-chart__warning" role="note"><strong>Mixed runs:</strong> ${esc(chart.mixed.join('; '))}. Declare the difference with <code>compare:</code> in the report's front matter if it is the point of the chart.</p>` : '',
    `<figcaption>${esc(title)}.${reduced.note ? ` ${esc(reduced.note)}` : ''} Source:${sourceList(sources, { listed: !ctx.ownTheme })}${ownPage ? ` <a href="${base}.table.html">${tablesLink(drawnChart)}</a>.` : ''}</figcaption>`,
    // The wrapper, not the table, is hidden: a table ignores width: 1px and would widen a phone page.
    ownPage ? '' : `<div class="visually-hidden">${dataTable(drawnChart, title)}</div>`,
    embedControl({ name: chart.name, title, alt, base, width, height }),
    '</figure>',
  ].filter(Boolean).join('\n');
  return { html, files, spec, specHash: key, image: `${base}.png` };
}

/**
 * The drawing as an image the browser fetches when the reader nears it, so a
 * page of many charts costs its text first. Its size is given, so nothing
 * moves when it arrives; the query names the drawing, so a browser never shows
 * a cached older one after a rebuild. A screen as narrow as site.css's phone
 * layout (NARROW_MEDIA) fetches the phone's drawing instead, with or without
 * JavaScript.
 */
function chartImage({ src, svg, alt, width, height }, narrow) {
  const url = (file, drawing) => `${file}?v=${contentKey(drawing)}`;
  const source = `<source${attrs({ media: NARROW_MEDIA, srcset: url(narrow.src, narrow.svg), width: Math.ceil(narrow.width), height: Math.ceil(narrow.height) })}>`;
  return `<picture>${source}<img${attrs({ src: url(src, svg), width: Math.ceil(width), height: Math.ceil(height), alt, loading: 'lazy', decoding: 'async' })}></picture>`;
}

/** The screens shown a phone's drawing: site.css's and static/js/hydrate.mjs's query for them. */
export const NARROW_MEDIA = '(max-width: 34rem)';

/** The most raw files a chart's caption names one by one; past them it counts them and points to the report's list. */
const NAMED_SOURCES = 6;

/**
 * A long list of files would bury the caption; the report lists them all under
 * Raw files. `listed`: false on a page whose own theme may not show that list
 * (a blog post), which names them all here.
 */
function sourceList(sources, { listed = true } = {}) {
  if (listed && sources.length > NAMED_SOURCES) return ` ${sources.length} raw files, listed under <a href="#raw-files">Raw files</a>.`;
  return `${sources.map((s, i) => `${i ? ',' : ''} <a${attrs({ href: bundleHref(s) })}>${esc(s.split('/').pop())}</a>`).join('')}.`;
}

/** The words of the link to a chart's tables page: how many figures, and samples behind them, it lists. */
function tablesLink(chart) {
  const [figures, samples] = tableParts(chart).map((part) => countText(part.rows.length));
  return samples ? `The ${figures} figures drawn and the ${samples} samples behind them, as tables` : `The ${figures} figures drawn, as a table`;
}

/** The chart's figures as a table: in the page for screen readers only, or on a page of its own (tablePage). */
function dataTable(chart, title, cls = null) {
  return tableParts(chart).map(({ caption, columns, rows }) => {
    const head = columns.map((c) => `<th scope="col">${esc(c.title)}</th>`).join('');
    const body = rows.map((r) => `<tr>${columns.map((c) => `<td>${esc(r[c.field])}</td>`).join('')}</tr>`).join('');
    return `<table${attrs({ class: cls })}><caption>${caption ? `${esc(title)}: ${esc(caption)}` : `Figures of: ${esc(title)}`}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  }).join('\n');
}

/** From a report's folder up to the site's root where the report does not say (a report in content/reports/: loadReport's siteUp). */
const SITE_UP = '../../';

/** The figures of a long chart on a page of their own (charts/<name>.table.html), in the site's style, with a link back to the chart. */
function tablePage({ title, table, reportTitle, id, siteUp = SITE_UP }) {
  return standalonePage({
    title: `Figures of: ${title} · ${reportTitle}`,
    cssDir: `../${siteUp}css/`,
    body: `<main>
<h1>Figures of: ${esc(title)}</h1>
<p class="meta">The figures drawn in <a href="../#${esc(id)}">the chart</a> of <a href="../">${esc(reportTitle)}</a>, one row each.</p>
<div class="table-scroll" tabindex="0" role="region" aria-label="Figures of: ${esc(title)}">${table}</div>
</main>`,
  });
}

function embedControl({ name, title, alt, base, width, height }) {
  const abs = (file) => `${PAGE_URL}${file}`;
  const frame = { width: Math.ceil(width) + 16, height: Math.ceil(height) + 48 };
  const snippets = [
    ['HTML image', `<img src="${abs(`${base}.svg`)}" alt="${esc(alt)}">`],
    ['iframe', `<iframe src="${abs(`${base}.html`)}" title="${esc(title)}" width="${frame.width}" height="${frame.height}" style="border:0" loading="lazy"></iframe>`],
    ['Markdown', `![${alt.replace(/[[\]]/g, '')}](${abs(`${base}.png`)})`],
  ];
  const links = [[`${base}.svg`, 'SVG'], [`${base}.png`, 'PNG (2x)'], [`${base}.vl.json`, 'Vega-Lite spec'], [`${base}.csv`, 'CSV data'], [`${base}.html`, 'Embed page']]
    .map(([href, text]) => `<a href="${href}"${href.endsWith('.html') ? '' : ' download'}>${text}</a>`)
    .join(' · ');
  const fields = snippets
    .map(([label, code], i) => `<label for="embed-${name}-${i}">${label}</label><textarea id="embed-${name}-${i}" readonly rows="2" spellcheck="false">${esc(code)}</textarea>`)
    .join('');
  return `<details class="tps-embed"><summary>Embed / Download</summary><p class="tps-embed__files">${links}</p>${fields}</details>`;
}

/**
 * A minimal page for an <iframe>: the chart, its sources and a link back,
 * with links relative to charts/. In a frame narrower than the drawing, the drawing
 * scales down to three quarters of its width at least, where its labels still
 * read, and scrolls sideways beyond that: an empty canvas three quarters as
 * wide holds its box open (embed.css), as a style attribute could not under a
 * policy that forbids inline styles.
 */
export function embedPage({ title, svg, alt, reportTitle, sources, mixed = [], width, siteUp = SITE_UP }) {
  // Out of the frame, as the link back is: a raw file read in a chart-sized frame would be read through a slot.
  // A long list would make the frame taller than its chart; the report lists them all, as its caption says.
  const list = sources.length > NAMED_SOURCES
    ? `${sources.length} raw files, listed under <a href="../#raw-files" target="_top">Raw files</a> in the report`
    : sources.map((s) => `<a href="../${esc(encodePath(s))}" target="_top">${esc(s.split('/').pop())}</a>`).join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="../${siteUp}css/embed.css">
</head>
<body class="tps-embed-page">
<figure role="group" aria-label="${esc(title)}">
<div class="tps-embed-chart">${svg}<canvas class="tps-embed-floor" width="${Math.floor(width * 0.75)}" height="0" aria-hidden="true"></canvas></div>
<figcaption>${mixed.length ? `<p class="warning" role="note"><strong>Mixed runs:</strong> ${esc(mixed.join('; '))}.</p>` : ''}<p>Source: ${list}. From <a href="../" target="_top">${esc(reportTitle)}</a> (tpsreport).</p></figcaption>
</figure>
<p class="visually-hidden">${esc(alt)}</p>
</body>
</html>
`;
}
