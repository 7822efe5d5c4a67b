// How a chart sits in the report page: the server-drawn SVG as a lazily
// fetched image of its own (charts/<name>.page.svg) in the page's colours,
// light and dark, and the figures drawn either as a table for screen readers
// in the page or, for a long chart, as a page of their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadDocuments, loadReport, viewContext } from '../../scripts/compile/report.mjs';
import { checkParams } from '../../scripts/compile/index.mjs';
import { scanShortcodes } from '../../scripts/compile/shortcodes.mjs';
import { INLINE_FIGURES, NARROW_MEDIA } from '../../scripts/compile/charts/files.mjs';
import { forPage, PAGE_COLOURS } from '../../scripts/draw/svg.mjs';
import { contentKey } from '../../scripts/draw/png.mjs';
import chart from '../../scripts/compile/charts/chart.mjs';
import { ON_MARK } from '../../scripts/compile/charts/common.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const DRAWN = '<svg xmlns="http://www.w3.org/2000/svg" class="marks" width="680" height="376.5" viewBox="0 0 680 376.5"><g><text>x</text></g></svg>';
const NARROW = '<svg xmlns="http://www.w3.org/2000/svg" class="marks" width="340" height="420.5" viewBox="0 0 340 420.5"><g><text>x</text></g></svg>';
const drawer = {
  draw: async () => ({ drawn: DRAWN, standalone: `<svg width="680" height="376.5"><rect fill="#ffffff"/></svg>`, png: Buffer.from('png'), width: 680, height: 376.5 }),
  drawSvg: async () => ({ drawn: NARROW, width: 340, height: 420.5 }),
};

async function chartView(slug, name, extra = {}) {
  const text = readFileSync(join(ROOT, 'content', 'reports', slug, 'index.md'), 'utf8');
  const ctx = viewContext(await loadReport({ root: ROOT, slug, text, docs: await loadDocuments(join(ROOT, 'data', 'reports', slug)) }));
  const sc = scanShortcodes(text, 'index.md').find((s) => s.name === 'chart' && s.params.name === name);
  return chart.build({ ...ctx, drawer, ...extra }, checkParams(chart, sc));
}

test('a chart of many raw files points to the Raw files list, except in a blog post, whose theme may show none: there it names them all', async () => {
  const caption = (view) => /<figcaption>([\s\S]*?)<\/figcaption>/.exec(view.html)[1];
  assert.match(caption(await chartView('mariadb-sysbench-threads', 'tps-by-threads')), / Source: 10 raw files, listed under <a href="#raw-files">Raw files<\/a>\.$/);
  const inBlog = caption(await chartView('mariadb-sysbench-threads', 'tps-by-threads', { ownTheme: true }));
  assert.doesNotMatch(inBlog, /#raw-files/);
  const names = [...inBlog.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
  assert.equal(names.length, 10);
  for (const [href, name] of names) assert.equal(href, `./raw/${name}`);
});

/** The cells of every body row of the first table in `html`. */
const bodyRows = (html) => [.../<tbody>([\s\S]*?)<\/tbody>/.exec(html)[1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => [...row.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]));

test('the page shows the drawing as a lazy image of the page copy, sized so nothing moves when it arrives', async () => {
  const view = await chartView('mariadb-sysbench-threads', 'tps-by-threads');
  const page = view.files['charts/tps-by-threads.page.svg'];
  assert.equal(page, `<?xml version="1.0" encoding="UTF-8"?>\n${forPage(DRAWN)}\n`);
  const [, source, img] = /<div class="tps-chart__svg"><picture>(<source[^>]*>)(<img[^>]*>)<\/picture><\/div>/.exec(view.html);
  // A phone fetches its own drawing instead, with or without JavaScript.
  assert.equal(view.files['charts/tps-by-threads.narrow.page.svg'], `<?xml version="1.0" encoding="UTF-8"?>\n${forPage(NARROW)}\n`);
  assert.equal(source, `<source media="(max-width: 34rem)" srcset="charts/tps-by-threads.narrow.page.svg?v=${contentKey(forPage(NARROW))}" width="340" height="421">`);
  const alt = /\balt="([^"]*)"/.exec(img)[1];
  // A number on an axis is named in words: "client threads 8", not a bare "8".
  assert.match(alt, /^Transactions per second by client threads \(10 figures\); highest: Client threads 8, read-only, 1901\.89 tx\/s; lowest: Client threads 1, read\/write, 298\.02 tx\/s\.$/);
  assert.equal(img, `<img src="charts/tps-by-threads.page.svg?v=${contentKey(forPage(DRAWN))}" width="680" height="377" alt="${alt}" loading="lazy" decoding="async">`);
  // The standalone drawing (download, embed, PNG) is the drawer's, untouched.
  assert.equal(view.files['charts/tps-by-threads.svg'], '<?xml version="1.0" encoding="UTF-8"?>\n<svg width="680" height="376.5"><rect fill="#ffffff"/></svg>\n');
  assert.doesNotMatch(view.html, /<svg/);
});

test('the picture, tps-blocks.css and hydrate.mjs name the same phone screens', () => {
  const css = readFileSync(join(ROOT, 'static', 'css', 'tps-blocks.css'), 'utf8');
  const hydrate = readFileSync(join(ROOT, 'static', 'js', 'hydrate.mjs'), 'utf8');
  assert.match(css, new RegExp(`@media ${NARROW_MEDIA.replace(/[()]/g, '\\$&')} \\{\\n  \\.tps-chart__svg img, \\.tps-chart__live svg \\{ width: 100%; \\}`));
  assert.ok(hydrate.includes(`const NARROW = '${NARROW_MEDIA}';`));
});

test('the page copy carries the page\'s text and rule colours, light and dark, as static/css/site.css sets them', () => {
  const css = readFileSync(join(ROOT, 'static', 'css', 'site.css'), 'utf8');
  const vars = (block) => Object.fromEntries([...block.matchAll(/--(fg|muted|rule): (#[0-9a-f]{6})/g)].map(([, k, v]) => [k, v]));
  const light = /^:root \{([^}]*)\}/m.exec(css)[1];
  const dark = /@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}/.exec(css)[1];
  assert.deepEqual(PAGE_COLOURS, { light: vars(light), dark: vars(dark) });
  const style = /^<svg[^>]*><style>([^<]*)<\/style><g>/.exec(forPage(DRAWN))[1];
  assert.ok(style.startsWith(`text{fill:${PAGE_COLOURS.light.fg}}`), style);
  assert.match(style, new RegExp(`@media \\(prefers-color-scheme:dark\\)\\{text\\{fill:${PAGE_COLOURS.dark.fg}\\}`));
  // A figure drawn over its bar keeps its colour in the drawing and in the chart vega redraws in the page.
  assert.ok(style.includes(`.${ON_MARK.cls} text{fill:${ON_MARK.colour}}`), style);
  const blocks = readFileSync(join(ROOT, 'static', 'css', 'tps-blocks.css'), 'utf8');
  assert.ok(blocks.includes(`.tps-chart svg .${ON_MARK.cls} text { fill: ${ON_MARK.colour}; }`));
});

test(`a chart of at most ${INLINE_FIGURES} figures lists them in the page for screen readers, and has no table page`, async () => {
  const view = await chartView('mariadb-sysbench-threads', 'tps-by-threads');
  assert.equal(view.files['charts/tps-by-threads.table.html'], undefined);
  const hidden = /<div class="visually-hidden">([\s\S]*?)<\/div>/.exec(view.html)[1];
  assert.equal(bodyRows(hidden).length, 10);
  assert.doesNotMatch(view.html, /\.table\.html/);
});

test('a long chart links to its figures on a page of their own, each the tps its raw line printed', async () => {
  const view = await chartView('read-write-stress-over-time', 'tps-trx-commit-1');
  assert.doesNotMatch(view.html, /visually-hidden/);
  assert.match(view.html, /<figcaption>[^]*<a href="charts\/tps-trx-commit-1\.table\.html">The 600 figures drawn, as a table<\/a>\.<\/figcaption>/);
  const table = view.files['charts/tps-trx-commit-1.table.html'];
  assert.match(table, /<link rel="stylesheet" href="\.\.\/\.\.\/\.\.\/css\/site\.css">/);
  assert.match(table, /<h1>Figures of: trx-commit-1: transactions per second, one point per second<\/h1>\n<p class="meta">The figures drawn in <a href="\.\.\/#chart-tps-trx-commit-1">the chart<\/a> of <a href="\.\.\/">Read\/write stress over time: [^<]+<\/a>, one row each\.<\/p>/);
  const raw = readFileSync(join(ROOT, 'content', 'reports', 'read-write-stress-over-time', 'raw', 'waits', 'sysbench-trx-commit-1.txt'), 'utf8');
  // Each figure as its line prints it ("1335.20", never "1335.2"), under headers that give the units as the axes do.
  const printed = [...raw.matchAll(/^\[ (\d+)s \] thds: \d+ tps: ([\d.]+) /gm)].map(([, t, tps]) => [t, tps]);
  assert.equal(printed.length, 600);
  const rows = bodyRows(table);
  assert.deepEqual(rows.map((cells) => [cells[0], cells.at(-1)]), printed);
  assert.match(table, /<thead><tr><th scope="col">Time \(s\)<\/th><th scope="col">Transactions per second \(tx\/s\)<\/th><\/tr><\/thead>/);
});

test('a throughput and CPU chart lists its throughput figures as such, and the mpstat samples of its CPU panel apart, in their own columns', async () => {
  const view = await chartView('cpu-efficiency-by-cores', 'tps-and-cpu-pass-1');
  const page = view.files['charts/tps-and-cpu-pass-1.table.html'];
  const [figures, samples] = [...page.matchAll(/<table[^]*?<\/table>/g)].map(([t]) => t);
  assert.match(figures, /<th scope="col">Transactions per second \(tx\/s\)<\/th><\/tr>/);
  assert.match(samples, /<caption>[^<]*: the mpstat samples of the CPU panel[^<]*<\/caption><thead><tr><th scope="col">Cores the server may use<\/th><th scope="col">Server variant<\/th><th scope="col">CPUs allowed<\/th><th scope="col">CPU<\/th><th scope="col">%idle<\/th><th scope="col">%iowait<\/th>/);
  // Every figure under "Transactions per second" is a rate sysbench printed for a run of this report, never a CPU sample.
  const raw = join(ROOT, 'content/reports/cpu-efficiency-by-cores/raw');
  const rates = new Set(readdirSync(raw).filter((n) => n.startsWith('sysbench-')).flatMap((n) => [...readFileSync(join(raw, n), 'utf8').matchAll(/transactions: +\d+ +\(([\d.]+) per sec\.\)/g)].map((m) => m[1])));
  const tps = bodyRows(figures).map((cells) => cells.at(-1));
  assert.equal(tps.length, 6);
  for (const figure of tps) assert.ok(rates.has(figure), `${figure} is a rate sysbench printed`);
  assert.equal(bodyRows(samples).length, 270);
  assert.match(view.html, /<a href="charts\/tps-and-cpu-pass-1\.table\.html">The 6 figures drawn and the 270 samples behind them, as tables<\/a>/);
  const alt = /alt="([^"]*)"/.exec(view.html)[1];
  const sorted = tps.map(Number).sort((a, b) => a - b);
  assert.match(alt, new RegExp(`\\(6 figures\\); highest: [^;]*, ${sorted.at(-1).toFixed(2)} tx/s; lowest: [^;]*, ${sorted[0].toFixed(2)} tx/s\\.$`));
});

test('the embed page of a chart of mixed runs carries the warning its report page shows', async () => {
  const view = await chartView('chart-gallery', 'tps-mixed-workloads');
  const onPage = /<p class="tps-chart__warning" role="note"><strong>Mixed runs:<\/strong> ([^<]+)\. Declare/.exec(view.html)?.[1];
  assert.ok(onPage, 'the report page warns');
  assert.ok(view.files['charts/tps-mixed-workloads.html'].includes(`<p class="warning" role="note"><strong>Mixed runs:</strong> ${onPage}.</p>`));
  const plain = await chartView('mariadb-sysbench-threads', 'tps-by-threads');
  assert.doesNotMatch(plain.files['charts/tps-by-threads.html'], /Mixed runs/);
});

test('the samples table of a throughput and CPU chart takes the figures\' label columns, not their figure or incomplete mark', async () => {
  const { tableParts } = await import('../../scripts/compile/charts/describe.mjs');
  const options = { x: { field: 'cores', title: 'Cores' }, color: { field: 'variant', title: 'Variant' }, y: { title: 'Transactions per second', unit: 'tx/s' } };
  const rows = [
    { panel: 'throughput', cores: 1, variant: 'a', value: 700, text: '700.10', incomplete: 'raw/cut.txt:40' },
    { panel: 'cpu', cores: 1, variant: 'a', cpus: '0', cpu: '0', value: 1.5, text: '1.50', iowait: 0 },
  ];
  const [figures, samples] = tableParts({ kind: 'cores-cpu', rows, options });
  assert.deepEqual(figures.columns.map((c) => c.title), ['Cores', 'Variant', 'Transactions per second (tx/s)', 'incomplete output']);
  assert.deepEqual(samples.columns.map((c) => c.title), ['Cores', 'Variant', 'CPUs allowed', 'CPU', '%idle', '%iowait']);
  assert.deepEqual(samples.rows, [rows[1]]);
  assert.equal(tableParts({ kind: 'lines', rows: [rows[0]], options }).length, 1);
});

test('an embed page names up to six raw files, each opening out of the frame; more are counted and left to the report\'s list', async () => {
  const { embedPage } = await import('../../scripts/compile/charts/files.mjs');
  const page = (n) => embedPage({ title: 'T', svg: '<svg width="680" height="300"></svg>', alt: 'a', reportTitle: 'R', sources: Array.from({ length: n }, (_, i) => `raw/run-${i + 1}.txt`), width: 680 });
  const six = page(6);
  assert.equal([...six.matchAll(/<a href="\.\.\/raw\/run-\d\.txt" target="_top">run-\d\.txt<\/a>/g)].length, 6);
  assert.match(six, /<canvas class="tps-embed-floor" width="510" height="0" aria-hidden="true"><\/canvas>/, 'three quarters of 680 px hold the box open');
  const many = page(56);
  assert.match(many, /Source: 56 raw files, listed under <a href="\.\.\/#raw-files" target="_top">Raw files<\/a> in the report\. From <a href="\.\.\/" target="_top">R<\/a>/);
  assert.doesNotMatch(many, /run-1\.txt/);
});
