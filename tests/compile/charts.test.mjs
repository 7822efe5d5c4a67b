// Chart kinds are pure functions (rows, options) → Vega-Lite spec. These tests
// read the specs as data (encodings, titles with units, formats, palette, the
// transforms that compute a statistic) and draw each kind to SVG with vega in
// Node, compared byte for byte with a reviewed golden file: the rendering is
// deterministic (fixed text metrics, no clock, no randomness).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  buildSpec, chartKinds, PALETTE, SHAPES, DASHES, titleWithUnit, numberFormat, figureFormat,
  log2Axis, expandCpuList, cpusInUseFilter, wrapText, logTicks, COLUMN_WIDTH, WIDE_WIDTH, panelLayout, LAYOUTS, NARROW_WIDTH,
} from '../../scripts/compile/charts/index.mjs';
import { renderSvg, svgSize } from '../../scripts/draw/svg.mjs';
import { assertGolden } from '../helpers/golden.mjs';
import { specValues } from '../helpers/spec-values.mjs';

const GOLDEN = join(import.meta.dirname, 'golden');
const fig = (value, extra = {}) => ({ value, text: value === null ? 'failed' : value.toFixed(2), unit: 'tx/s', source: 'raw/run.txt', line: 17, ...extra });

const threadRows = [1, 2, 4, 8, 16].flatMap((threads, i) => [
  fig(300 + 150 * i, { threads, workload: 'read/write', line: 20 + i }),
  fig(900 + 200 * i, { threads, workload: 'read-only', line: 40 + i }),
]);

/** One chart description per kind, with hand-made rows shaped like scripts/compile/select.mjs's. */
export const EXAMPLES = {
  'grouped-bar': {
    rows: threadRows.slice(0, 4).map((r) => ({ ...r, server: `MariaDB ${r.threads}` })),
    options: { title: 'Throughput by server', x: { field: 'server', title: 'Server' }, color: { field: 'workload', title: 'Workload' }, y: { title: 'Transactions per second', unit: 'tx/s' } },
  },
  lines: {
    rows: threadRows,
    options: { title: 'Transactions per second by client threads', x: { field: 'threads', title: 'Client threads' }, color: { field: 'workload', title: 'Workload' }, y: { title: 'Transactions per second', unit: 'tx/s' } },
  },
  'lines-facet': {
    kind: 'lines',
    rows: threadRows.flatMap((r) => ['128M', '1G'].map((bp, k) => ({ ...r, buffer_pool: bp, value: r.value * (1 + k) }))),
    options: { title: 'Throughput by threads and buffer pool', x: { field: 'threads', title: 'Client threads' }, color: { field: 'workload', title: 'Workload' }, facet: { field: 'buffer_pool', title: 'Buffer pool' }, y: { title: 'Transactions per second', unit: 'tx/s' } },
  },
  'cores-cpu': {
    rows: [
      ...[1, 2].flatMap((cores) => ['OFF', 'ON'].map((ahi) => ({ ...fig(cores * (ahi === 'ON' ? 500 : 400)), panel: 'throughput', cores, ahi, cpus: cores === 1 ? '0' : '0-1' }))),
      // mpstat per-CPU samples: cpu "all" and a CPU outside the pinned set must not count.
      ...[1, 2].flatMap((cores) => ['OFF', 'ON'].flatMap((ahi) => [1, 2].flatMap((second) => ['all', '0', '1'].map((cpu) => ({
        panel: 'cpu', cores, ahi, cpus: cores === 1 ? '0' : '0-1', cpu, value: cpu === '0' ? 10 * second : cpu === '1' ? 50 : 99, iowait: cpu === '0' ? 5 : 0,
        text: '', unit: '', source: `raw/mpstat-${ahi}-c${cores}.txt`, line: 3 + second * 4 + ['all', '0', '1'].indexOf(cpu),
      }))))),
    ],
    options: { title: 'Throughput and CPU busy by cores', x: { field: 'cores', title: 'Cores' }, color: { field: 'ahi', title: 'Adaptive hash index' }, y: { title: 'Transactions per second', unit: 'tx/s' }, cpus: { field: 'cpus' } },
  },
  'over-time': {
    rows: [1, 2, 3, 4, 5, 6].flatMap((t) => [
      { ...fig(t === 4 ? null : 800 + 10 * t, { text: t === 4 ? 'null' : String(800 + 10 * t) }), t, run: 'A', line: 10 + t },
      { ...fig(700 + 20 * t), t, run: 'B', line: 30 + t },
    ]),
    options: { title: 'Transactions per second over time', x: { field: 't', title: 'Time', unit: 's' }, color: { field: 'run', title: 'Run' }, y: { title: 'Transactions per second', unit: 'tx/s' }, interpolate: 'step' },
  },
  'top-waits': {
    rows: ['buf0buf.cc:1457', 'log0log.cc:844', 'trx0sys.cc:120', 'dict0dict.cc:2687', 'fil0fil.cc:1500', 'srv0srv.cc:300', 'buf0buf.cc:1457'].map((name, i) => ({
      name, value: [5000, 120, 34000, 7, 900, 120, 2000][i], text: String([5000, 120, 34000, 7, 900, 120, 2000][i]), unit: 'count', source: 'raw/mutex.txt', line: 5 + i,
    })),
    options: { title: 'Top waits', x: { field: 'name', title: 'Latch' }, y: { title: 'OS waits', unit: 'count' }, top: 4 },
  },
  histogram: {
    rows: [0.218, 0.222, 0.226, 0.23, 1.01, 12.3, 480.33].map((bucket, i) => ({
      x_value: bucket, value: [346, 2072, 735, 510, 3, 1, 1][i], text: String([346, 2072, 735, 510, 3, 1, 1][i]), unit: '', source: 'raw/hist.txt', line: 16 + i, threads: 1,
    })),
    options: { title: 'Event latency', x: { field: 'x_value', title: 'Latency', unit: 'ms' }, y: { title: 'Events', unit: 'count' } },
  },
};

const spec = (name, layout) => {
  const { kind = name, rows, options } = EXAMPLES[name];
  return buildSpec({ kind, rows, options }, layout);
};

/** Every unit-level view of a spec (inside layers, facets and concatenations). */
function views(node) {
  const inner = [...(node.layer ?? []), ...(node.vconcat ?? []), ...(node.spec ? [node.spec] : [])];
  return [node, ...inner.flatMap(views)];
}
const encodings = (s) => views(s).filter((v) => v.encoding).map((v) => v.encoding);

test('every registered kind has an example, and buildSpec names the known kinds when asked for another', () => {
  const covered = new Set(Object.entries(EXAMPLES).map(([name, e]) => e.kind ?? name));
  assert.deepEqual([...covered].sort(), Object.keys(chartKinds).sort());
  assert.throws(() => buildSpec({ kind: 'pie', rows: [], options: {} }), /unknown chart kind "pie"; known: grouped-bar, lines/);
});

test('the rows a kind says its spec carries (its data, which the chart\'s CSV lists) are the spec\'s inline data, panel after panel', () => {
  for (const [name, { kind = name, rows, options }] of Object.entries(EXAMPLES)) {
    assert.deepEqual(specValues(spec(name)), chartKinds[kind].data?.(rows, options) ?? rows, name);
  }
});

test('titleWithUnit adds the unit in parentheses, % for percent, nothing for counts', () => {
  assert.equal(titleWithUnit('Transactions per second', 'tx/s'), 'Transactions per second (tx/s)');
  assert.equal(titleWithUnit('CPU busy', 'percent'), 'CPU busy (%)');
  assert.equal(titleWithUnit('Events', 'count'), 'Events');
  assert.equal(titleWithUnit('Threads', ''), 'Threads');
});

test('numberFormat: counts whole, percent one decimal, rates and times two', () => {
  assert.equal(numberFormat('count'), ',.0f');
  assert.equal(numberFormat('percent'), '.1f');
  assert.equal(numberFormat('ms'), ',.2f');
});

test('figureFormat keeps as many decimals as the tool printed', () => {
  assert.equal(figureFormat([{ text: '0.218' }, { text: '12.3' }], 'ms'), ',.3f');
  assert.equal(figureFormat([{ text: '1236' }, { text: '630.42' }], 'tx/s'), ',.2f');
  assert.equal(figureFormat([{ text: '5000' }], 'count'), ',.0f');
  assert.equal(figureFormat([{ text: 'failed' }], 'ms'), ',.2f');
});

test('a chart of two day-long runs at one sample a second (172,800 rows) builds: no step takes every row as a function argument', () => {
  const rows = ['A', 'B'].flatMap((run) => Array.from({ length: 86400 }, (_, i) => ({ ...fig(800 + (i % 50)), t: i + 1, run, line: 10 + i })));
  assert.equal(figureFormat(rows, 'tx/s'), ',.2f');
  const s = buildSpec({ kind: 'over-time', rows, options: EXAMPLES['over-time'].options });
  assert.equal(views(s).flatMap((v) => v.data?.values ?? []).length, rows.length);
  const buckets = Array.from({ length: 200000 }, (_, i) => ({ x_value: 0.1 + i / 1000, value: 1 + (i % 7), text: String(1 + (i % 7)), unit: '', source: 'raw/hist.txt', line: 16 + i, threads: 1 }));
  assert.ok(buildSpec({ kind: 'histogram', rows: buckets, options: EXAMPLES.histogram.options }));
});

test('wrapText breaks a long title at spaces into lines of at most 64 characters, or as many as asked', () => {
  assert.equal(wrapText('Short title'), 'Short title');
  const title = 'Transactions per second, one-second intervals, 4 threads, read/write and read-only';
  assert.deepEqual(wrapText(title), ['Transactions per second, one-second intervals, 4 threads,', 'read/write and read-only']);
  assert.deepEqual(wrapText(title, 40), ['Transactions per second, one-second', 'intervals, 4 threads, read/write and', 'read-only']);
});

test('a single view fills the text column: vega fits plot and axes into COLUMN_WIDTH', () => {
  for (const name of ['grouped-bar', 'lines', 'over-time', 'top-waits']) {
    const s = spec(name);
    assert.equal(s.width, COLUMN_WIDTH, name);
    assert.deepEqual(s.autosize, { type: 'fit-x', contains: 'padding' }, name);
  }
});

test('panelLayout puts two panels side by side in the column and three or more in rows of three, wider', () => {
  assert.deepEqual(panelLayout(2), { columns: 2, width: Math.floor((COLUMN_WIDTH - 56 - 18) / 2) });
  assert.deepEqual(panelLayout(3), { columns: 3, width: Math.floor((WIDE_WIDTH - 56 - 36) / 3) });
  assert.equal(panelLayout(7).columns, 3);
  assert.equal(panelLayout(1).columns, 1);
  assert.equal(panelLayout(3, { labelRoom: 150 }).width, Math.floor((WIDE_WIDTH - 56 - 36 - 450) / 3));
});

test('log2Axis puts a tick at every value that occurs, on a base-2 log scale', () => {
  const axis = log2Axis([1, 2, 4, 16, 512, 4].map((threads) => ({ threads })), 'threads');
  assert.deepEqual(axis.axis.values, [1, 2, 4, 16, 512]);
  assert.deepEqual(axis.scale, { type: 'log', base: 2, domain: [1, 512], nice: false, padding: 14 });
  assert.deepEqual(log2Axis([{ cores: 4 }], 'cores').scale.domain, [2, 8]);
});

test('logTicks lists 1-2-5 steps across the decades a histogram spans', () => {
  assert.deepEqual(logTicks(0.18, 600), [0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500]);
});

test('every series gets an Okabe–Ito colour, a point shape and a dash pattern in the same order', () => {
  const s = spec('lines');
  const [line, points] = s.layer;
  assert.deepEqual(points.encoding.color.scale, { domain: ['read/write', 'read-only'], range: PALETTE.slice(0, 2) });
  assert.deepEqual(points.encoding.shape.scale, { domain: ['read/write', 'read-only'], range: SHAPES.slice(0, 2) });
  assert.deepEqual(line.encoding.strokeDash.scale, { domain: ['read/write', 'read-only'], range: DASHES.slice(0, 2) });
  assert.deepEqual(line.encoding.strokeDash.legend, points.encoding.color.legend, 'one legend shows colour, shape and dash together');
  assert.equal(PALETTE[0], '#0072B2');
});

test('lines: x a numeric label on a log-2 axis, y the figure from zero with its unit in the title', () => {
  const s = spec('lines');
  assert.deepEqual(s.encoding.x.scale.type, 'log');
  assert.deepEqual(s.encoding.x.axis.values, [1, 2, 4, 8, 16]);
  assert.equal(s.encoding.x.title, 'Client threads');
  assert.equal(s.encoding.y.title, 'Transactions per second (tx/s)');
  assert.equal(s.encoding.y.scale.zero, true);
  assert.deepEqual(s.transform, [{ calculate: 'toNumber(datum["threads"])', as: 'threads' }]);
});

test('every tooltip names the figure with its unit and format, its labels, raw file and line', () => {
  for (const name of Object.keys(EXAMPLES)) {
    const tips = encodings(spec(name)).map((e) => e.tooltip).filter(Boolean);
    assert.ok(tips.length, `${name} has a tooltip`);
    for (const tip of tips) {
      const fields = tip.map((t) => t.field);
      assert.ok(fields.includes('value') && fields.includes('source') && fields.includes('line'), `${name}: ${fields}`);
      assert.equal(tip.find((t) => t.field === 'source').title, 'raw file');
      assert.ok(tip.find((t) => t.field === 'value').format, `${name}: the figure has a number format`);
    }
  }
  const lineTip = spec('lines').layer[1].encoding.tooltip;
  assert.deepEqual(lineTip.map((t) => t.title), ['Client threads', 'Workload', 'Transactions per second (tx/s)', 'raw file', 'line']);
  assert.equal(lineTip[2].format, ',.2f');
});

test('lines with a facet: one panel per value side by side, headed "Title: value", in the authors\' order', () => {
  const s = spec('lines-facet');
  assert.equal(s.columns, 2);
  assert.equal(s.spec.width, panelLayout(2).width);
  assert.equal(s.facet.field, 'panel');
  assert.deepEqual(s.facet.sort, ['Buffer pool: 128M', 'Buffer pool: 1G']);
  assert.deepEqual(s.transform[0], { calculate: '"Buffer pool: " + datum["buffer_pool"]', as: 'panel' });
  assert.ok(s.spec.layer, 'the panel keeps points and lines');
});

test('expandCpuList reads taskset lists and refuses anything else', () => {
  assert.deepEqual(expandCpuList('0'), ['0']);
  assert.deepEqual(expandCpuList('0-1'), ['0', '1']);
  assert.deepEqual(expandCpuList('0,2-3'), ['0', '2', '3']);
  assert.throws(() => expandCpuList('0-1x'), /CPU list "0-1x": "0-1x" is not a CPU number or range/);
});

test('cores-cpu keeps the pinned CPUs, takes 100 − %idle − %iowait per sample and averages per run in the spec', () => {
  const s = spec('cores-cpu');
  const [top, bottom] = s.vconcat;
  assert.equal(top.data.values.length, 4);
  assert.equal(bottom.data.values.length, 24, 'every mpstat row travels in the spec; the spec filters');
  assert.equal(cpusInUseFilter(bottom.data.values, 'cpus'),
    '(datum["cpus"] === "0" && indexof(["0"], datum.cpu) >= 0) || (datum["cpus"] === "0-1" && indexof(["0","1"], datum.cpu) >= 0)');
  const [, filter, busy, aggregate] = bottom.transform;
  assert.equal(filter.filter, cpusInUseFilter(bottom.data.values, 'cpus'));
  assert.match(busy.calculate, /100 - datum\.value - /);
  assert.deepEqual(aggregate.aggregate[0], { op: 'mean', field: 'busy', as: 'value' });
  assert.deepEqual(aggregate.groupby, ['cores', 'ahi', 'cpus', 'source']);
  assert.deepEqual(bottom.encoding.y.scale.domain, [0, 100]);
  assert.equal(bottom.encoding.y.title, 'CPU busy, share of the cores in use (%)');
});

test('cores-cpu averages to the figures a reader computes by hand', async () => {
  const svg = await renderSvg(spec('cores-cpu'));
  const busy = [...svg.matchAll(/aria-label="(Cores: [^"]*CPU busy[^"]*)"/g)].map(([, label]) => label);
  const byRun = Object.fromEntries(busy.map((label) => [
    `${/Adaptive hash index: (\w+)/.exec(label)[1]} c${/Cores: (\d+)/.exec(label)[1]}`,
    Number(/CPU busy, share of the cores in use \(%\): ([\d.]+)/.exec(label)[1]),
  ]));
  // 1 core, CPU 0 only: seconds 1 and 2 → 100−10−5 = 85 and 100−20−5 = 75 → 80.
  // 2 cores, CPUs 0 and 1: 85, 75, 50, 50 → 65. The "all" rows never count.
  assert.deepEqual(byRun, { 'OFF c1': 80, 'ON c1': 80, 'OFF c2': 65, 'ON c2': 65 });
});

test('over-time: step lines over t in seconds, a null sample breaks the line and has no point', () => {
  const s = spec('over-time');
  const [line, points] = s.layer;
  assert.equal(line.mark.interpolate, 'step-before');
  assert.equal(line.mark.invalid, 'break-paths-show-domains');
  assert.deepEqual(points.transform, [{ filter: 'isValid(datum.value)' }]);
  assert.equal(s.encoding.x.title, 'Time (s)');
  assert.equal(points.encoding.tooltip[0].type, 'quantitative');
});

test('top-waits: the N largest by a row_number window in the spec, ties broken by name; a bar past 70 % of the longest has its figure inside its end', () => {
  const s = spec('top-waits');
  assert.deepEqual(s.transform.slice(2, 4), [
    { window: [{ op: 'row_number', as: 'rank' }], sort: [{ field: 'value', order: 'descending' }, { field: 'name', order: 'ascending' }], groupby: [] },
    { filter: 'datum.rank <= 4' },
  ]);
  const longest = Math.max(...s.data.values.map((r) => r.value));
  assert.deepEqual(s.transform.slice(4), [
    { calculate: `datum.value > ${0.7 * longest} ? '' : format(datum.value, ',d')`, as: 'label_after' },
    { calculate: `datum.value > ${0.7 * longest} ? format(datum.value, ',d') : ''`, as: 'label_inside' },
  ]);
  assert.deepEqual(s.layer.slice(1).map((l) => [l.name, l.mark.align, l.mark.color, l.encoding.text.field]), [[undefined, 'left', '#57606a', 'label_after'], ['on-mark', 'right', '#ffffff', 'label_inside']]);
  assert.deepEqual(s.transform[0].aggregate[0], { op: 'sum', field: 'value', as: 'value' }, 'a repeated name counts once, with its waits summed');
  assert.deepEqual(s.encoding.y.sort, { field: 'value', op: 'sum', order: 'descending' });
  assert.equal(s.encoding.x.title, 'OS waits');
});

test('top-waits: the axis makes room for the longest name it shows, so a mutex keeps the line that tells it from another of its file', async () => {
  const { rows, options } = EXAMPLES['top-waits'];
  assert.equal(buildSpec({ kind: 'top-waits', rows, options }).encoding.y.axis.labelLimit, 150, 'short names keep the least room');
  const named = (names) => names.map((name, i) => ({ ...rows[0], name, line: 5 + i }));
  const names = ['rwlock: dict0dict.cc:2455', 'rwlock: dict0dict.cc:2687', 'sum rwlock: buf0buf.cc:778', 'mutex: WWWWWWWWWWWW.cc:1'];
  const mutexes = buildSpec({ kind: 'top-waits', rows: named(names), options });
  // The room its glyphs take at the axis's 12 px (DejaVu Sans, which draws it), not a guess per character:
  // wide capitals get more, narrow letters less.
  assert.equal(mutexes.encoding.y.axis.labelLimit, 218);
  const drawn = [...(await renderSvg(mutexes)).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  for (const name of names) assert.ok(drawn.includes(name), `${name} is drawn whole`);
  assert.equal(buildSpec({ kind: 'top-waits', rows: named(['x'.repeat(80)]), options }).encoding.y.axis.labelLimit, 260, 'at most 260 px');
  // An instrument shows its last part only, and that is what needs the room.
  assert.equal(buildSpec({ kind: 'top-waits', rows: named(['wait/synch/mutex/innodb/buf_pool_mutex']), options }).encoding.y.axis.labelLimit, 150);
});

test('a legend of numbers lists them ascending whatever order the runs came in; words keep the runs\' order; a count axis has no half ticks', () => {
  const rows = [64, 8, 16].flatMap((threads, i) => [fig(100 + i, { threads, t: 1, line: 10 + i }), fig(110 + i, { threads, t: 2, line: 20 + i })]);
  const over = buildSpec({ kind: 'over-time', rows, options: { title: 'T', x: { field: 't', title: 'Time', unit: 's' }, color: { field: 'threads', title: 'Threads' }, y: { title: 'tps', unit: 'tx/s' } } });
  assert.deepEqual(views(over).find((v) => v.encoding?.color)?.encoding.color.scale.domain, [8, 16, 64]);
  const words = rows.map((r) => ({ ...r, threads: `t${r.threads}` }));
  const overWords = buildSpec({ kind: 'over-time', rows: words, options: { title: 'T', x: { field: 't', title: 'Time', unit: 's' }, color: { field: 'threads', title: 'Threads' }, y: { title: 'tps', unit: 'tx/s' } } });
  assert.deepEqual(views(overWords).find((v) => v.encoding?.color)?.encoding.color.scale.domain, ['t64', 't8', 't16']);
  assert.equal(spec('top-waits').encoding.x.axis.tickMinStep, 1);
});

test('histogram: one bar per bucket at its latency on a log axis, counts on a symlog axis', () => {
  const s = spec('histogram');
  assert.equal(s.encoding.x.field, 'x_value');
  assert.equal(s.encoding.x.scale.type, 'log');
  assert.equal(s.encoding.x.title, 'Latency (ms)');
  assert.equal(s.encoding.y.scale.type, 'symlog');
  assert.deepEqual(s.encoding.y.axis.values, [1, 10, 100, 1000]);
  assert.equal(s.encoding.tooltip[0].format, ',.3f', 'bucket latencies as sysbench printed them');
});

for (const name of Object.keys(EXAMPLES)) {
  test(`${name} draws the same SVG as the reviewed golden file, twice in a row`, async () => {
    const first = await renderSvg(spec(name));
    const second = await renderSvg(spec(name));
    assert.equal(first, second);
    await assertGolden(`${first}\n`, join(GOLDEN, `${name}.svg`));
  });
}

/** The font sizes of every text a drawing has, in its own pixels. */
const fontSizes = (svg) => [...svg.matchAll(/<text[^>]*font-size="([\d.]+)px"/g)].map((m) => Number(m[1]));

for (const name of Object.keys(EXAMPLES)) {
  test(`${name} for a phone: the same rows drawn at most ${NARROW_WIDTH} px wide, no type under 11 px, the same SVG as its golden file`, async () => {
    const narrow = spec(name, LAYOUTS.narrow);
    assert.deepEqual(specValues(narrow), specValues(spec(name)));
    const svg = await renderSvg(narrow);
    const { width } = svgSize(svg);
    assert.ok(width <= NARROW_WIDTH, `${width} px`);
    const sizes = fontSizes(svg);
    assert.ok(sizes.length > 0);
    assert.ok(Math.min(...sizes) >= 11, `smallest type ${Math.min(...sizes)} px`);
    await assertGolden(`${svg}\n`, join(GOLDEN, `${name}.narrow.svg`));
  });
}

test('on a phone, panels stack in one column as wide as the drawing, and titles wrap shorter', () => {
  const s = spec('lines-facet', LAYOUTS.narrow);
  assert.equal(s.columns, 1);
  assert.equal(s.spec.width, panelLayout(2, {}, LAYOUTS.narrow).width);
  assert.ok(s.spec.width < NARROW_WIDTH);
  assert.deepEqual(panelLayout(5, {}, LAYOUTS.narrow).columns, 1);
  const long = wrapText('Transactions per second by client threads and buffer pool size', LAYOUTS.narrow.titleChars);
  assert.ok(long.length > 1 && long.every((line) => line.length <= LAYOUTS.narrow.titleChars), long.join('|'));
});

test('grouped bars whose groups share few colour values are listed one to a line beside their own label, not in empty colour slots', async () => {
  const held = [['AlloyDB', 64], ['Oracle', 2], ['SQL Server', 1], ['SQL Server', 2], ['SQL Server', 3], ['MariaDB', 1], ['PostgreSQL', 8]];
  const rows = held.map(([server, users], i) => fig(1000 * (i + 1), { server, users, line: 10 + i }));
  const options = { title: 'TPM', x: { field: 'server', title: 'Server' }, color: { field: 'users', title: 'Users' }, y: { title: 'TPM', unit: 'tx/min' } };
  const sparse = buildSpec({ kind: 'grouped-bar', rows, options });
  assert.equal(sparse.encoding.yOffset, undefined);
  // Inside a group, bars keep the legend's order (the colour values in the order the runs came).
  assert.deepEqual(sparse.encoding.y.sort, ['AlloyDB · Users 64', 'Oracle · Users 2', 'SQL Server · Users 2', 'SQL Server · Users 1', 'SQL Server · Users 3', 'MariaDB · Users 1', 'PostgreSQL · Users 8']);
  assert.ok(sparse.data.values.every((v) => !('group_and_colour' in v)), 'the data keeps only the labels themselves');
  const labels = [...(await renderSvg(sparse)).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  for (const name of sparse.encoding.y.sort) assert.ok(labels.includes(name), name);
  // The scale ends past the longest bar by about its printed figure's width, so that figure is not cut.
  assert.ok(sparse.encoding.x.scale.domainMax > 7000 * 1.05, String(sparse.encoding.x.scale.domainMax));
  // Groups that hold every colour stay grouped.
  assert.equal(buildSpec({ kind: 'grouped-bar', ...EXAMPLES['grouped-bar'] }).encoding.yOffset.field, 'workload');
});

test('a legend label as long as "one-thread-per-connection" is drawn whole, not cut with an ellipsis', async () => {
  const rows = [['one-thread-per-connection', 1], ['pool-of-threads', 1], ['one-thread-per-connection', 2], ['pool-of-threads', 2]].map(([handling, users], i) => fig(100 * (i + 1), { handling, users, line: 10 + i }));
  const options = { title: 'TPS', x: { field: 'users', title: 'Users' }, color: { field: 'handling', title: 'Thread handling' }, y: { title: 'TPS', unit: 'tx/s' } };
  const labels = [...(await renderSvg(buildSpec({ kind: 'grouped-bar', rows, options }))).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  assert.ok(labels.includes('one-thread-per-connection'), labels.filter((l) => l.startsWith('one')).join(' | '));
  assert.ok(!labels.some((l) => l.includes('…')));
});
