// A series longer than the plot has pixel columns is drawn as buckets of
// consecutive samples (median sample, lowest to highest), while the CSV keeps
// every sample. Expected values are worked out by hand from the raw lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { parseFile } from '../../scripts/parse/index.mjs';
import { rowsOf } from '../../scripts/lib/columns.mjs';
import { reduceSeries, reduceChart, PIXEL_COLUMNS } from '../../scripts/compile/charts/reduce.mjs';
import { chartFigure } from '../../scripts/compile/charts/files.mjs';
import { buildSpec, PLOT_WIDTH } from '../../scripts/compile/charts/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const LONG_RUN = 'content/reports/noise-and-stability/raw/sysbench-baseline-long-600s.txt';

/** The 600 tps samples of the long baseline run as chart rows. */
async function tpsRows() {
  const doc = await parseFile(join(ROOT, LONG_RUN), { source: LONG_RUN });
  return rowsOf(doc.runs[0].intervals.samples).map((s) => ({ t: s.t, value: s.tps, text: String(s.tps), line: s.line, source: 'raw/sysbench-baseline-long-600s.txt', doc: 0, item: 0 }));
}

test('a series that fits the plot is drawn as it is', async () => {
  const rows = await tpsRows();
  assert.equal(PIXEL_COLUMNS, 2 * PLOT_WIDTH);
  const same = reduceSeries(rows, 600);
  assert.equal(same.size, 1);
  assert.equal(same.rows, rows);
});

test('600 samples on 200 pixel columns: buckets of 3, each its median sample with the lowest and highest', async () => {
  const { rows, size } = reduceSeries(await tpsRows(), 200);
  assert.equal(size, 3);
  assert.equal(rows.length, 200);
  // Lines 13–15: [ 1s ] tps 1384.87, [ 2s ] 1484.93, [ 3s ] 1335.20 → sorted 1335.20, 1384.87, 1484.93:
  // the median is the 1 s sample (line 13), the range 1335.20–1484.93.
  assert.deepEqual([rows[0].t, rows[0].value, rows[0].line, rows[0].value_min, rows[0].value_max, rows[0].samples], [1, 1384.87, 13, 1335.2, 1484.93, 3]);
  // Lines 16–18: 1192.15, 1317.05, 1489.08 → the 5 s sample (line 17), 1192.15–1489.08.
  assert.deepEqual([rows[1].t, rows[1].value, rows[1].line, rows[1].value_min, rows[1].value_max], [5, 1317.05, 17, 1192.15, 1489.08]);
  // Lines 610–612: [ 598s ] 1392.91, [ 599s ] 1440.00, [ 600s ] 1467.08 → the 599 s sample (line 611).
  assert.deepEqual([rows[199].t, rows[199].value, rows[199].line, rows[199].value_min, rows[199].value_max], [599, 1440, 611, 1392.91, 1467.08]);
});

test('an even bucket is drawn at the lower of its two middle samples, a sample the tool printed', async () => {
  const { rows, size } = reduceSeries(await tpsRows(), 400);
  // ceil(600 / 400) = 2: lines 13–14, 1384.87 and 1484.93 → 1384.87 (line 13), range 1384.87–1484.93.
  assert.equal(size, 2);
  assert.equal(rows.length, 300);
  assert.deepEqual([rows[0].value, rows[0].line, rows[0].value_min, rows[0].value_max], [1384.87, 13, 1384.87, 1484.93]);
});

test('a gap (no value printed) is left out of its bucket, and a bucket of gaps stays a gap', () => {
  // tests/fixtures/sysbench/hand-1.0.9-intervals-elided.txt: the first interval has no latency (0 events), the second 99.33 ms.
  const rows = [{ t: 1, value: null, line: 20 }, { t: 2, value: 99.33, line: 21 }, { t: 3, value: null, line: 22 }, { t: 4, value: null, line: 23 }];
  const { rows: out } = reduceSeries(rows, 2);
  assert.deepEqual(out.map((r) => [r.t, r.value, r.value_min, r.value_max, r.samples]), [[2, 99.33, 99.33, 99.33, 2], [3, null, null, null, 2]]);
});

test('a stall anywhere in a bucket marks the bucket', () => {
  const rows = [{ t: 1, value: 900, stall: false }, { t: 2, value: 20, stall: true }, { t: 3, value: 950, stall: false }];
  assert.equal(reduceSeries(rows, 1).rows[0].stall, true);
});

test('an over-time chart is reduced per run, says so, and its CSV keeps every sample', async () => {
  const rows = await tpsRows();
  const chart = { kind: 'over-time', name: 'long', rows, mixed: [], options: { title: 'Long run', x: { field: 't', unit: 's' }, y: { title: 'tps', unit: 'tx/s' } } };
  const reduced = reduceChart(chart, 200);
  assert.equal(reduced.rows.length, 200);
  assert.equal(reduced.note, 'Drawn from 200 points for 600 samples: each point is the median of 3 consecutive samples, with a line from their lowest to their highest; the CSV holds every sample.');
  assert.equal(reduceChart({ ...chart, kind: 'lines' }, 200).note, null);
  const layers = JSON.stringify(buildSpec({ ...chart, rows: reduced.rows }));
  assert.match(layers, /"y":\{"field":"value_min","type":"quantitative"\},"y2":\{"field":"value_max"\}/);

  // Within the page's pixel columns (2 per pixel of plot): runs of 600, 600 and 100 samples each fit, so 1,300 points are drawn.
  assert.ok(PIXEL_COLUMNS >= 600);
  const long = [...rows, ...rows.map((r) => ({ ...r, item: 1 }))];
  const drawer = { draw: async () => ({ drawn: '<svg width="10" height="10"></svg>', standalone: '<svg width="10" height="10"></svg>', png: Buffer.from('png'), width: 10, height: 10 }), drawSvg: async () => ({ drawn: '<svg width="10" height="10"></svg>', width: 10, height: 10 }) };
  const twice = { ...chart, rows: [...long, ...rows.slice(0, 100).map((r) => ({ ...r, item: 2 }))] };
  const view = await chartFigure({ drawer, report: { slug: 'x', meta: { title: 'x' } } }, twice);
  const csv = view.files['charts/long.csv'].trim().split('\r\n');
  assert.equal(csv.length, 1 + 1300, 'a header and every sample');
  assert.equal(view.spec.data.values.length, 600 + 600 + 100, 'two runs of 600 fit; nothing reduced');
  // One sample more than the columns hold: buckets of 2 (the run's samples again, counted on).
  const over = PIXEL_COLUMNS + 1;
  const points = Math.ceil(over / 2);
  const three = { ...chart, rows: Array.from({ length: over }, (_, i) => ({ ...rows[i % rows.length], t: i + 1 })) };
  const reducedView = await chartFigure({ drawer, report: { slug: 'x', meta: { title: 'x' } } }, three);
  assert.equal(reducedView.files['charts/long.csv'].trim().split('\r\n').length, 1 + over);
  assert.equal(reducedView.spec.data.values.length, points, `${over} samples in buckets of 2`);
  assert.match(reducedView.html, new RegExp(`Drawn from ${points.toLocaleString('en-US')} points for ${over.toLocaleString('en-US')} samples: each point is the median of 2 consecutive samples`));
  assert.equal(reducedView.files['charts/long.table.html'].match(/<tr>/g).length, 1 + points, 'the table of figures holds the points drawn');
  assert.match(reducedView.html, new RegExp(`Long run \\(${over.toLocaleString('en-US')} figures\\)`), 'counts read with thousands separators');
});
