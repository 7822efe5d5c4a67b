import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadDocuments, loadReport, viewContext } from '../../scripts/compile/report.mjs';
import { describeChart, mixedRuns } from '../../scripts/compile/charts/chart.mjs';
import chart from '../../scripts/compile/charts/chart.mjs';
import { checkParams } from '../../scripts/compile/index.mjs';
import { scanShortcodes } from '../../scripts/compile/shortcodes.mjs';
import { figureValues } from '../helpers/spec-values.mjs';
import { toolOf } from '../../scripts/compile/select.mjs';
import { buildSpec } from '../../scripts/compile/charts/index.mjs';
import { SHAPES } from '../../scripts/compile/charts/common.mjs';
import { STALL_ARROW } from '../../scripts/compile/charts/over-time.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const slug = 'mariadb-sysbench-threads';
const text = readFileSync(join(ROOT, 'content', 'reports', slug, 'index.md'), 'utf8');
const report = await loadReport({ root: ROOT, slug, text, docs: await loadDocuments(join(ROOT, 'data', 'reports', slug)) });
const ctx = viewContext(report);
const rawLine = (source, line) => readFileSync(join(ROOT, 'content', 'reports', slug, source), 'utf8').split('\n')[line - 1];
const params = (extra) => checkParams(chart, { name: 'chart', params: { kind: 'lines', name: 'x', data: 'sysbench', title: 'T', 'y-title': 'Y', ...extra }, positional: [], inner: null });

test('a lines chart of the thread sweep has one point per run, each figure as printed on its raw line', () => {
  const c = describeChart(ctx, params({ metric: 'transactions.rate', x: 'threads', color: 'workload', where: 'set=sweep' }));
  assert.equal(c.rows.length, 10);
  assert.deepEqual(c.options.y, { title: 'Y', unit: 'tx/s' });
  assert.deepEqual(c.options.color, { field: 'workload', title: 'Workload' });
  for (const row of c.rows) assert.ok(rawLine(row.source, row.line).includes(`(${row.text} per sec.)`), rawLine(row.source, row.line));
  assert.deepEqual(c.mixed, []);
});

test('the chart view built from the real shortcode carries the spec its .vl.json and CSV are written from', async () => {
  const sc = scanShortcodes(text, 'index.md').find((s) => s.name === 'chart' && s.params.name === 'tps-by-threads');
  const drawer = { draw: async () => ({ drawn: '<svg width="10" height="10"></svg>', standalone: '<svg width="10" height="10"></svg>', png: Buffer.from('png'), width: 10, height: 10 }), drawSvg: async () => ({ drawn: '<svg width="10" height="10"></svg>', width: 10, height: 10 }) };
  const view = await chart.build({ ...ctx, drawer }, checkParams(chart, sc));
  assert.deepEqual(JSON.parse(view.files['charts/tps-by-threads.vl.json']), view.spec);
  const [header, ...lines] = view.files['charts/tps-by-threads.csv'].trimEnd().split('\r\n');
  const values = figureValues(view.spec);
  assert.deepEqual(header.split(','), [...new Set(values.flatMap((v) => Object.keys(v)))]);
  // A reader's columns: the labels, the figure and where it was read; no index that means something only inside one build.
  assert.deepEqual(header.split(','), ['set', 'workload', 'threads', 'value', 'text', 'unit', 'line', 'source', 'tool', 'status']);
  assert.equal(lines.length, values.length);
  assert.match(view.html, /<figure class="tps-chart" id="chart-tps-by-threads" data-chart="tps-by-threads" data-kind="lines" data-spec="charts\/tps-by-threads.vl.json" data-spec-narrow="charts\/tps-by-threads.narrow.vl.json">/);
  // A phone's spec draws the same rows, only narrower.
  const narrow = JSON.parse(view.files['charts/tps-by-threads.narrow.vl.json']);
  assert.deepEqual(figureValues(narrow), values);
  assert.ok(narrow.width < view.spec.width, `${narrow.width} < ${view.spec.width}`);
});

test('two runs on one point of a chart are an error naming both raw lines', () => {
  assert.throws(() => describeChart(ctx, params({ metric: 'transactions.rate', x: 'threads', where: 'set=sweep' })),
    (e) => e instanceof Problem && /^chart "x": two runs match threads="1" \(raw\/oltp_read_write-t1\.txt:\d+ and raw\/oltp_read_only-t1\.txt:\d+\) but differ in "workload"; narrow with where="…"/.test(e.message));
});

test('a figure path the runs do not have, and a label they do not carry, are errors saying what is there', () => {
  assert.throws(() => describeChart(ctx, params({ metric: 'transactions.rates', x: 'threads', color: 'workload', where: 'set=sweep' })),
    (e) => /metric "transactions.rates" is not in item 0 of .*; did you mean "transactions.rate"\?/.test(e.message));
  assert.throws(() => describeChart(ctx, params({ metric: 'transactions.rate', x: 'threads', color: 'wrkload', where: 'set=sweep' })),
    (e) => /has no label "wrkload" \(did you mean "workload"\?\) \(its labels: set, workload, threads\)/.test(e.message));
});

test('parameters another chart kind takes are refused with the list this kind takes', () => {
  assert.throws(() => describeChart(ctx, params({ kind: 'grouped-bar', metric: 'transactions.rate', x: 'threads', facet: 'workload' })),
    (e) => /^kind="grouped-bar" takes no "facet"; it takes: kind, name, data, where, title, subtitle, y-title, metric, x, color, x-title, color-title, stat, better, baseline$/.test(e.message));
  assert.throws(() => params({ kind: 'pie' }), /^kind="pie": expected grouped-bar or lines or cores-cpu or over-time or top-waits or histogram$/);
  // A slip of one letter names the kind that was meant.
  assert.throws(() => params({ kind: 'line' }), /^kind="line" \(did you mean "lines"\?\): expected grouped-bar or lines or /);
});

test('mixedRuns names a label that differs but is not plotted, unless the report declares it', () => {
  const rows = [{ threads: 1, test: 'a', tool: 'sysbench 1.0.20' }, { threads: 2, test: 'b', tool: 'sysbench 1.0.20' }];
  assert.deepEqual(mixedRuns(rows, ['threads'], []), ['test differs between these runs (a, b) but is not shown in the chart']);
  assert.deepEqual(mixedRuns(rows, ['threads'], ['test']), []);
  assert.deepEqual(mixedRuns([{ tool: 'sysbench 1.0.20' }, { tool: 'sysbench 1.1.0' }], [], []), ['the runs were printed by different sysbench versions (sysbench 1.0.20, sysbench 1.1.0)']);
  // A tool that printed no version is no evidence of another version, and reads without a trailing space.
  const hammerdb = (version) => toolOf({ kind: 'hammerdb', provenance: { tool: { name: 'HammerDB', version } } });
  assert.deepEqual([hammerdb(null), hammerdb('4.0'), toolOf({ kind: 'tpcc-mysql', provenance: { tool: null } })], ['HammerDB, version not printed', 'HammerDB 4.0', 'tpcc-mysql, version not printed']);
  assert.deepEqual(mixedRuns([{ tool: hammerdb(null) }, { tool: hammerdb('4.0') }], [], []), []);
});

async function contextOf(name) {
  const body = readFileSync(join(ROOT, 'content', 'reports', name, 'index.md'), 'utf8');
  return viewContext(await loadReport({ root: ROOT, slug: name, text: body, docs: await loadDocuments(join(ROOT, 'data', 'reports', name)) }));
}

test('lines can plot the best session count per core count as efficiency', async () => {
  const cores = await contextOf('cpu-efficiency-by-cores');
  const c = describeChart(cores, params({ metric: 'transactions.rate', x: 'cores', color: 'variant', 'best-over': 'threads,threads_per_core', show: 'efficiency' }));
  const of = (variant, n) => c.rows.find((r) => r.variant === variant && String(r.cores) === n);
  // raw files, AHI off: the best of each pass at 1 core is 8 threads, 710.53 and 598.95 (median
  // 654.74), at 2 cores 16 threads, 770.60 and 936.49 (median 853.545): 853.545 / 654.74 / 2 = 65.2 %
  assert.equal(of('AHI off', '2').text, '65.2');
  assert.equal(of('AHI off', '2').printed, '853.55');
  assert.equal(of('AHI off', '2').best_of, 'threads=16, threads_per_core=8');
  assert.equal(of('AHI off', '1').text, '100.0');
  // AHI on: 1 core 599.58 (4 threads) and 595.49 (8), 2 cores 857.39 (16) and 945.84 (8):
  // 901.615 / 597.535 / 2 = 75.4 %
  assert.equal(of('AHI on', '2').text, '75.4');
  assert.equal(c.options.y.unit, 'percent');
  assert.throws(() => describeChart(cores, params({ metric: 'transactions.rate', x: 'cores', color: 'variant', 'best-over': 'thread' })), /best-over="thread": no run has the label "thread"/);
});

test('an over-time chart with steady="yes" shades the trimmed stretches and marks every stall', async () => {
  const stress = await contextOf('read-write-stress-over-time');
  const c = describeChart(stress, params({ kind: 'over-time', metric: 'tps', color: 'trx_commit', steady: 'yes', where: 'length=60s' }));
  const stalls = c.rows.filter((r) => r.stall && String(r.trx_commit) === '1').map((r) => r.t);
  // raw/sysbench-trx-commit-1.txt prints below 492.23 tx/s (half its median) at 14, 15, 21, 22, 29, 30 and 36 s
  assert.deepEqual(stalls, [14, 15, 21, 22, 29, 30, 36]);
  assert.ok(c.options.steady.rule.startsWith('warm-up and tail are'));
  // The stall mark is a glyph no series is drawn with, and the subtitle names it.
  const stallLayer = buildSpec(c).layer.find((l) => l.transform?.[0]?.filter === 'datum.stall');
  assert.equal(stallLayer.mark.shape, STALL_ARROW);
  assert.ok(!SHAPES.includes(stallLayer.mark.shape));
  assert.match(c.options.subtitle, /Arrows: stalls/);
  assert.throws(() => describeChart(stress, params({ kind: 'over-time', metric: 'tps', facet: 'trx_commit', steady: 'yes', where: 'length=60s' })), /drop facet/);
});

test('a bar chart against a baseline judges repeats as the compare table does: the tooltip gives the same interval and verdict', async () => {
  const { kinds } = await import('../../scripts/compile/kinds.mjs');
  const { tableCsv, csvCell } = await import('../../scripts/compile/html.mjs');
  const noise = await contextOf('noise-and-stability');
  const c = describeChart(noise, params({ kind: 'grouped-bar', metric: 'transactions.rate', x: 'config', where: 'length=30s', baseline: 'baseline' }));
  const tooltip = Object.fromEntries(c.rows.map((r) => [r.config, r.vs_baseline.replace(/\u00a0/g, ' ')]));
  const view = await kinds.compare.build(noise, checkParams(kinds.compare, { name: 'compare', params: { by: 'config', baseline: 'baseline', data: 'sysbench', metric: 'transactions.rate', where: 'length=30s' }, positional: [], inner: null }));
  const cells = Object.fromEntries(tableCsv(view.tables[0]).split('\r\n').slice(1).filter(Boolean).map((line) => [line.split(',')[0], line.split(',').at(-1)]));
  assert.deepEqual(Object.keys(tooltip).sort(), Object.keys(cells).sort());
  // The CSV writes a difference that opens with + as text ('+49.2 %), as csvCell writes every such cell.
  for (const config of Object.keys(cells)) assert.equal(csvCell(tooltip[config]), cells[config], config);
  assert.match(tooltip['ahi-on'], /^−0\.5 % \(within noise; 95 % CI /);
});

test('over-time plots tpcc-mysql samples against their time field without an x="…"', async () => {
  const { parseFile } = await import('../../scripts/parse/index.mjs');
  const dir = join(ROOT, 'tests/fixtures/tpcc-mysql');
  const file = readdirSync(dir).filter((f) => f.endsWith('.txt')).find((f) => JSON.parse(readFileSync(join(dir, f.replace(/\.txt$/, '.json')), 'utf8')).intervals?.samples?.length > 2);
  const doc = { ...(await parseFile(join(dir, file), { source: `content/reports/t/raw/${file}` })), labels: {}, order: 0 };
  const c = describeChart(viewContext({ slug: 't', meta: {}, docs: [doc] }), params({ kind: 'over-time', data: 'tpcc-mysql', each: 'intervals.samples', metric: 'new_order.count', items: '.' }));
  assert.deepEqual(c.rows.map((r) => r.time), doc.intervals.samples.map((s) => s.time));
  assert.equal(c.options.x.title, 'Time');
});

test('a steady="yes" chart\'s subtitle names only the marks it draws, and its CSV holds its figures, not the shading', async () => {
  const { chartFigure } = await import('../../scripts/compile/charts/files.mjs');
  const noise = await contextOf('noise-and-stability');
  const whole = describeChart(noise, params({ kind: 'over-time', metric: 'tps', steady: 'yes', where: 'config=baseline;length=600s' }));
  assert.deepEqual([whole.options.steady.regions.length, whole.rows.filter((r) => r.stall).length], [0, 0]);
  assert.equal(whole.options.subtitle, 'Steady from the first interval to the last, with no stall (an interval below half the steady median).');
  const stalls = describeChart(noise, params({ kind: 'over-time', metric: 'tps', steady: 'yes', where: 'config=stalls;length=600s' }));
  assert.ok(stalls.options.steady.regions.length > 0);
  assert.match(stalls.options.subtitle, /^Shaded: warm-up and tail left out\./);
  assert.equal(/Arrows: stalls/.test(stalls.options.subtitle), stalls.rows.some((r) => r.stall));
  const drawer = { draw: async () => ({ drawn: '<svg width="10" height="10"></svg>', standalone: '<svg width="10" height="10"></svg>', png: Buffer.from('png'), width: 10, height: 10 }), drawSvg: async () => ({ drawn: '<svg width="10" height="10"></svg>', width: 10, height: 10 }) };
  const view = await chartFigure({ ...noise, drawer }, { ...stalls, kind: 'over-time', name: 'stalls' });
  const lines = view.files['charts/stalls.csv'].trimEnd().split('\r\n');
  // One line per interval sysbench printed, each with its value; the shaded stretch is in the spec only.
  assert.equal(lines.length - 1, stalls.rows.length);
  assert.ok(lines.slice(1).every((l) => !l.startsWith(',')), 'no row without its figure');
  assert.ok(figureValues(JSON.parse(view.files['charts/stalls.vl.json'])).every((v) => Number.isInteger(v.line)));
});
