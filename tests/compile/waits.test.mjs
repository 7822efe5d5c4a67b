// perf-schema-waits in the compile step: the first-to-last change as top-waits
// bars and the changes between consecutive snapshots as over-time lines, one
// per event, for the events ranked first by total wait time. Every figure is
// checked by hand against the fixture's raw lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../scripts/parse/perf-schema-waits.mjs';
import { viewContext } from '../../scripts/compile/report.mjs';
import { describeChart } from '../../scripts/compile/charts/chart.mjs';
import chart from '../../scripts/compile/charts/chart.mjs';
import { checkParams } from '../../scripts/compile/index.mjs';
import { defaultItems } from '../../scripts/compile/select.mjs';
import { buildSpec, instrumentLabels } from '../../scripts/compile/charts/index.mjs';
import { altText } from '../../scripts/compile/charts/describe.mjs';
import { renderSvg } from '../../scripts/draw/svg.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE = 'tests/fixtures/perf-schema-waits/mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt';
const SYS_FIXTURE = 'tests/fixtures/perf-schema-waits/mariadb-10.11-sys-table-verbose-snapshots-sysbench-t0-t10-t20.txt';
const rawLines = (source) => readFileSync(join(ROOT, source), 'utf8').split('\n');
const lines = rawLines(FIXTURE);

function docOf(source, labels, order) {
  return { ...parse(rawLines(source).join('\n'), { source }), labels, order };
}
const ctx = viewContext({ slug: 'waits', meta: {}, docs: [docOf(FIXTURE, { setting: 'batch' }, 0), docOf(SYS_FIXTURE, { setting: 'sys' }, 1)] });
const params = (extra) => checkParams(chart, { name: 'chart', params: { name: 'w', data: 'perf-schema-waits', title: 'T', 'y-title': 'Wait time', ...extra }, positional: [], inner: null });
const short = (name) => name.replace('wait/synch/', '');

test('a perf-schema-waits file is one item: its change and intervals are lists inside it', () => {
  assert.equal(defaultItems('perf-schema-waits'), '.');
  const [elapsed] = ctx.select({ data: 'perf-schema-waits', metric: 'change.elapsed', where: 'setting=batch' });
  // `-- snapshot t=0` (line 1) to `-- snapshot t=20` (line 83)
  assert.deepEqual([elapsed.value, elapsed.unit, elapsed.line], [20, 's', 83]);
});

test('top-waits draws each event\'s change from the first snapshot to the last in seconds of wait, largest first', () => {
  // The rows are those drawn: with top="3" the three largest, with a top above the 37 events every one.
  const three = describeChart(ctx, params({ kind: 'top-waits', each: 'change.events', metric: 'sum', x: 'name', top: '3', where: 'setting=batch' }));
  assert.deepEqual(three.rows.map((r) => short(r.name)).sort(), ['rwlock/innodb/lock_latch', 'rwlock/innodb/trx_rseg_latch', 'sxlock/innodb/index_tree_rw_lock']);
  assert.match(altText(three), /\(3 figures\); highest: wait\/synch\/sxlock\/innodb\/index_tree_rw_lock, .*; lowest: wait\/synch\/rwlock\/innodb\/lock_latch, /);
  const c = describeChart(ctx, params({ kind: 'top-waits', each: 'change.events', metric: 'sum', x: 'name', top: '40', where: 'setting=batch' }));
  assert.equal(c.rows.length, 37);
  assert.deepEqual(c.options.y, { title: 'Wait time', unit: 's' });
  const of = (name) => c.rows.find((r) => r.name === `wait/synch/${name}`);
  // index_tree_rw_lock: SUM_TIMER_WAIT 433821154 ps on line 41, 44387547356 ps on line 123.
  assert.match(lines[41 - 1], /^wait\/synch\/sxlock\/innodb\/index_tree_rw_lock\t41299\t433821154\t/);
  assert.match(lines[123 - 1], /^wait\/synch\/sxlock\/innodb\/index_tree_rw_lock\t580651\t44387547356\t/);
  assert.deepEqual([of('sxlock/innodb/index_tree_rw_lock').value, of('sxlock/innodb/index_tree_rw_lock').line], [0.043953726202, 123]);
  // trx_rseg_latch: 16407316 → 15911051240 ps (lines 39, 121); lock_latch: 465043150 → 8590950328 ps (lines 40, 122).
  assert.equal(of('rwlock/innodb/trx_rseg_latch').value, 0.015894643924);
  assert.equal(of('rwlock/innodb/lock_latch').value, 0.008125907178);
  // buf_pool_mutex was taken 4400 → 116026 times (lines 6, 88), fil_space_latch 791 → 31228 (lines 36, 118),
  // but fil_space_latch waited longer: 14668772 → 5032438716 ps against 76284022 → 4548504726 ps.
  assert.equal(of('mutex/innodb/buf_pool_mutex').value, 0.004472220704);
  assert.equal(of('rwlock/innodb/fil_space_latch').value, 0.005017769944);
  const spec = buildSpec(c);
  const topThree = [...c.rows].sort((a, b) => b.value - a.value).slice(0, 3).map((r) => short(r.name));
  assert.deepEqual(topThree, ['sxlock/innodb/index_tree_rw_lock', 'rwlock/innodb/trx_rseg_latch', 'rwlock/innodb/lock_latch']);
  assert.deepEqual(spec.transform[2].sort[0], { field: 'value', order: 'descending' });
  assert.ok(spec.transform.slice(-2).every((t) => t.calculate.includes("format(datum.value, ',.3~r')")), 'seconds to three significant digits, not rounded to whole seconds');
  for (const row of c.rows) assert.ok(lines[row.line - 1].startsWith(`${row.name}\t`), `line ${row.line} is ${row.name}`);
});

test('over-time draws the change over every interval, one line per event, for the events ranked first in total', () => {
  const c = describeChart(ctx, params({ kind: 'over-time', metric: 'sum', series: 'name', top: '3', interpolate: 'step', where: 'setting=batch' }));
  assert.deepEqual([...new Set(c.rows.map((r) => short(r.name)))], ['sxlock/innodb/index_tree_rw_lock', 'rwlock/innodb/trx_rseg_latch', 'rwlock/innodb/lock_latch']);
  assert.deepEqual(c.options.color, { field: 'name', title: 'Name' });
  assert.deepEqual(c.options.x, { field: 't', title: 'Time', unit: 's' });
  assert.equal(c.options.y.unit, 's');
  const at = (name, t) => c.rows.find((r) => r.name === `wait/synch/${name}` && r.t === t);
  // index_tree_rw_lock lines 41 / 82 / 123: 433821154 → 22706517936 → 44387547356 ps.
  assert.deepEqual([at('sxlock/innodb/index_tree_rw_lock', 10).value, at('sxlock/innodb/index_tree_rw_lock', 10).line], [0.022272696782, 82]);
  assert.deepEqual([at('sxlock/innodb/index_tree_rw_lock', 20).value, at('sxlock/innodb/index_tree_rw_lock', 20).line], [0.02168102942, 123]);
  // lock_latch lines 40 / 81 / 122: 465043150 → 5026642926 → 8590950328 ps.
  assert.equal(at('rwlock/innodb/lock_latch', 10).value, 0.004561599776);
  assert.equal(at('rwlock/innodb/lock_latch', 20).value, 0.003564307402);
  // trx_rseg_latch lines 39 / 80 / 121: 16407316 → 8350165458 → 15911051240 ps.
  assert.equal(at('rwlock/innodb/trx_rseg_latch', 10).value, 0.008333758142);
  assert.equal(at('rwlock/innodb/trx_rseg_latch', 20).value, 0.007560885782);
  assert.deepEqual(c.mixed, []);
  const spec = buildSpec(c);
  assert.deepEqual(spec.layer[0].encoding.color.scale.domain, c.rows.filter((r) => r.t === 10).map((r) => r.name), 'legend in rank order');
});

test('over-time facets the settings with the top events of each file', () => {
  const c = describeChart(ctx, params({ kind: 'over-time', metric: 'sum', series: 'name', top: '2', facet: 'setting' }));
  const tops = (setting) => [...new Set(c.rows.filter((r) => r.setting === setting).map((r) => short(r.name)))].sort();
  assert.deepEqual(tops('batch'), ['rwlock/innodb/trx_rseg_latch', 'sxlock/innodb/index_tree_rw_lock']);
  assert.equal(tops('sys').length, 2);
  // The sys view rounds to two decimals in its unit: 22.71 ms − 433.82 us on its second snapshot.
  const sys = c.rows.find((r) => r.setting === 'sys' && r.t === 10 && r.name.endsWith('index_tree_rw_lock'));
  assert.equal(sys.value, 0.02227618);
  assert.match(rawLines(SYS_FIXTURE)[sys.line - 1], /index_tree_rw_lock .*22\.71 ms/);
});

test('top on over-time needs series and a rank in the samples; series and color, or series and steady, are refused', () => {
  assert.throws(() => describeChart(ctx, params({ kind: 'over-time', metric: 'sum', top: '3', where: 'setting=batch' })), /top="3" on over-time keeps the first-ranked series; name them with series="…"/);
  assert.throws(() => describeChart(ctx, params({ kind: 'over-time', each: 'snapshots.0.events', metric: 'count', x: 'index', series: 'name', top: '3', where: 'setting=batch' })),
    (e) => e instanceof Problem && /these samples have none/.test(e.message));
  assert.throws(() => describeChart(ctx, params({ kind: 'over-time', metric: 'sum', series: 'name', color: 'setting' })), /give one of them/);
  assert.throws(() => describeChart(ctx, params({ kind: 'over-time', metric: 'sum', series: 'name', steady: 'yes' })), /a run has several lines/);
  assert.throws(() => describeChart(ctx, params({ kind: 'lines', metric: 'sum', x: 'name', series: 'name' })), /kind="lines" takes no "series"/);
});

test('top-waits faceted by setting keeps each panel\'s heading through its per-name sum, and ranks within each panel', () => {
  const c = describeChart(ctx, params({ kind: 'top-waits', each: 'change.events', metric: 'sum', x: 'name', top: '5', facet: 'setting' }));
  const spec = buildSpec(c);
  assert.deepEqual(spec.transform[0], { calculate: '"Setting: " + datum["setting"]', as: 'panel' });
  assert.deepEqual(spec.transform[1].groupby, ['name', 'source', 'setting', 'panel']);
  assert.deepEqual(spec.transform[3].groupby, ['setting']);
});

test('instrument names read by their last part on axes and legends; other labels, with a slash or not, stay whole beside them', async () => {
  const expr = instrumentLabels([{ name: 'wait/synch/sxlock/innodb/index_tree_rw_lock' }, { name: 'wait/synch/mutex/innodb/buf_pool_mutex' }], 'name');
  assert.match(expr.labelExpr, /peek\(split\(datum\.label, '\/'\)\)/);
  assert.deepEqual(instrumentLabels([{ workload: 'read/write' }], 'workload'), {});
  assert.deepEqual(instrumentLabels([{ name: 'idle' }, { name: 'wait/synch/mutex/innodb/buf_pool_mutex' }], 'name'), expr);
  // What an axis prints, drawn by vega: `idle` is an event of events_waits_summary_global_by_event_name but no instrument path.
  const names = ['wait/synch/mutex/innodb/buf_pool_mutex', 'idle', 'read/write', 'wait/io', 'buf0buf.cc:1457'];
  const svg = await renderSvg({ data: { values: names.map((name, i) => ({ name, n: i + 1 })) }, mark: 'bar', encoding: { y: { field: 'name', type: 'nominal', sort: null, axis: expr }, x: { field: 'n', type: 'quantitative' } } });
  const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  assert.deepEqual(names.map((name) => labels.includes(name)), [false, true, true, true, true]);
  assert.ok(labels.includes('buf_pool_mutex'));
  const bars = buildSpec(describeChart(ctx, params({ kind: 'top-waits', each: 'change.events', metric: 'sum', x: 'name', where: 'setting=batch' })));
  assert.equal(bars.encoding.y.axis.labelExpr, expr.labelExpr);
  const lines = buildSpec(describeChart(ctx, params({ kind: 'over-time', metric: 'sum', series: 'name', top: '3', where: 'setting=batch' })));
  assert.equal(lines.layer[0].encoding.color.legend.labelExpr, expr.labelExpr);
});

test('over-time on snapshots that carry no time says so and how to give them one, not that two runs match', () => {
  // Without its t= markers and the NOW() beside each snapshot.
  const text = rawLines(FIXTURE).filter((line) => !/^NOW\(\)$|^\d{4}-\d\d-\d\d /.test(line)).map((line) => (line.startsWith('-- snapshot') ? '-- snapshot' : line)).join('\n');
  const untimed = viewContext({ slug: 'waits', meta: {}, docs: [{ ...parse(text, { source: FIXTURE }), labels: { setting: 'batch' }, order: 0 }] });
  assert.throws(() => describeChart(untimed, params({ kind: 'over-time', metric: 'sum', series: 'name', top: '3' })), (e) => e instanceof Problem
    && /^x="t" \(the default of kind="over-time"\): none of the \d+ points of "perf-schema-waits" has it, so none has a place on the x axis; a capture gives each snapshot its time on a "-- snapshot N t=12\.5s" comment line or a SELECT NOW\(6\) beside it; name a field the points do have with x="…"$/.test(e.message));
  assert.ok(describeChart(ctx, params({ kind: 'over-time', metric: 'sum', series: 'name', top: '3', where: 'setting=batch' })).rows.length > 0, 'timed snapshots draw');
});

test('top-waits over a capture that lists one lock twice: the alt text counts and names the bars, each the sum drawn, not the rows', async () => {
  const { parseText } = await import('../../scripts/parse/index.mjs');
  const source = 'tests/fixtures/innodb-mutex/hand-8.0-batch-duplicate-names-mutex-row.txt';
  const printed = rawLines(source);
  const doc = { ...parseText(printed.join('\n'), { source }), labels: {}, order: 0 };
  const c = describeChart(viewContext({ slug: 'm', meta: {}, docs: [doc] }), checkParams(chart, { name: 'chart', params: { name: 'm', data: 'innodb-mutex', kind: 'top-waits', items: 'results', each: 'rows', metric: 'counters.waits', x: 'name', title: 'Mutexes', 'y-title': 'Waits' }, positional: [], inner: null }));
  // Two rows of rwlock: sync0sharded_rw.h:72 (waits=1 on lines 3 and 4) are one bar of 2.
  assert.deepEqual(c.rows.filter((r) => r.name === 'rwlock: sync0sharded_rw.h:72').map((r) => [r.value, r.line]), [[1, 3], [1, 4]]);
  assert.match(printed[2], /sync0sharded_rw\.h:72\twaits=1$/);
  assert.match(printed[3], /sync0sharded_rw\.h:72\twaits=1$/);
  assert.equal(altText(c), 'Mutexes (4 figures); highest: sum rwlock: buf0buf.cc:778, 2436; lowest: rwlock: sync0sharded_rw.h:72, 2.');
});

test('top-waits over two files without a facet is refused at the first name both list, not one bar stacked from both', () => {
  const both = params({ kind: 'top-waits', each: 'change.events', metric: 'sum', x: 'name' });
  assert.throws(() => describeChart(ctx, both), (e) => e instanceof Problem
    && /^chart "w": two runs match name="wait\/synch\/[^"]+" \(tests\/fixtures\/perf-schema-waits\/mariadb-10\.11-batch-snapshots-sysbench-t0-t10-t20\.txt:\d+ and tests\/fixtures\/perf-schema-waits\/mariadb-10\.11-sys-table-verbose-snapshots-sysbench-t0-t10-t20\.txt:\d+\); narrow with where="…", give the runs a label that tells them apart, or draw a panel each with facet="…"$/.test(e.message), 'the message names both lines');
  // Two rows of one name in one result stay one bar (the duplicate-names test above); one panel per file draws.
  assert.ok(describeChart(ctx, params({ kind: 'top-waits', each: 'change.events', metric: 'sum', x: 'name', facet: 'setting' })).rows.length > 0);
});

test('top-waits over one capture of two results (before and after a run) is refused, not summed into one bar', async () => {
  const { parseText } = await import('../../scripts/parse/index.mjs');
  const source = 'tests/fixtures/innodb-mutex/hand-8.0-batch-duplicate-names-mutex-row.txt';
  const once = rawLines(source).join('\n');
  const doc = { ...parseText(`${once}\n${once}`, { source }), labels: {}, order: 0 };
  assert.equal(doc.results.length, 2);
  const p = checkParams(chart, { name: 'chart', params: { name: 'm', data: 'innodb-mutex', kind: 'top-waits', items: 'results', each: 'rows', metric: 'counters.waits', x: 'name', title: 'Mutexes', 'y-title': 'Waits' }, positional: [], inner: null });
  assert.throws(() => describeChart(viewContext({ slug: 'm', meta: {}, docs: [doc] }), p), /two runs match name="[^"]+" \(tests\/fixtures\/innodb-mutex\/hand-8\.0-batch-duplicate-names-mutex-row\.txt:\d+ and tests\/fixtures\/innodb-mutex\/hand-8\.0-batch-duplicate-names-mutex-row\.txt:\d+\)/);
});

test('top-waits names a row the capture printed without a name by its line, one bar each, instead of one blank bar of their sum', async () => {
  const { parseText } = await import('../../scripts/parse/index.mjs');
  const text = 'Type\tName\tStatus\nInnoDB\trwlock: dict0dict.cc:2455\twaits=748\nInnoDB\t\twaits=12\nInnoDB\t\twaits=3\n';
  const doc = { ...parseText(text, { source: 'raw/mutex.txt' }), labels: {}, order: 0 };
  const c = describeChart(viewContext({ slug: 'm', meta: {}, docs: [doc] }), checkParams(chart, { name: 'chart', params: { name: 'm', data: 'innodb-mutex', kind: 'top-waits', items: 'results', each: 'rows', metric: 'counters.waits', x: 'name', title: 'Mutexes', 'y-title': 'Waits' }, positional: [], inner: null }));
  assert.deepEqual(c.rows.map((r) => [r.name, r.value, r.line]), [['rwlock: dict0dict.cc:2455', 748, 2], ['(no name, line 3)', 12, 3], ['(no name, line 4)', 3, 4]]);
  assert.equal(altText(c), 'Mutexes (3 figures); highest: rwlock: dict0dict.cc:2455, 748; lowest: (no name, line 4), 3.');
});
