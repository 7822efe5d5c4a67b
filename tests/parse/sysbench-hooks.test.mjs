// sysbench's Lua report hooks (sysbench.report_json, sysbench.report_csv):
// their reports become the same interval samples as `[ 1s ]` lines, and a
// cumulative hook's report stands in for the text summary it replaces.
// Golden files (golden.test.mjs) catch any change; these tests say which
// values matter and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// index.mjs first: it loads formats.mjs, which loads sysbench.mjs.
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse } from '../../scripts/parse/sysbench.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { rowsOf } from '../../scripts/lib/columns.mjs';
import { refusal } from '../helpers/refusal.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'sysbench');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseText = (text, source = 'hooks.txt') => parse(text, { source });

const JSON_RUN = 'real-1.0.20-hooks-cpu-json.txt';
const CSV_RUN = 'real-1.0.20-hooks-cpu-csv.txt';
const JSON_CUMULATIVE = 'real-1.0.20-hooks-cpu-json-cumulative.txt';
const CSV_CUMULATIVE = 'real-1.0.20-hooks-cpu-csv-cumulative.txt';
const FIELDS = ['line', 't', 'threads', 'tps', 'qps', 'reads', 'writes', 'other', 'latency', 'errors', 'reconnects'];

test('outputs with report hooks are detected as sysbench', () => {
  for (const name of [JSON_RUN, CSV_RUN, JSON_CUMULATIVE, CSV_CUMULATIVE]) {
    assert.equal(detectFormat(read(name).split('\n')).name, 'sysbench', name);
  }
});

test('report_json objects become interval samples with the fields of a DB `[ 1s ]` line; line is the "time" line and every field keeps its own', () => {
  const [run] = parseText(read(JSON_RUN)).runs;
  const { units, hook } = run.intervals;
  const samples = rowsOf(run.intervals.samples);
  assert.equal(hook, 'report_json');
  assert.equal(samples.length, 4); // sysbench 1.0.20 printed no report for the fifth second
  assert.deepEqual(Object.keys(samples[0]), [...FIELDS, 'field_lines']);
  assert.deepEqual({ t: samples[0].t, threads: samples[0].threads, tps: samples[0].tps, latency: samples[0].latency, line: samples[0].line },
    { t: 1, threads: 1, tps: 1211.92, latency: 0.8, line: 15 });
  assert.deepEqual(samples[0].field_lines, { t: 15, threads: 16, tps: 17, qps: 19, reads: 20, writes: 21, other: 22, latency: 24, errors: 25, reconnects: 26 });
  const lines = read(JSON_RUN).split('\n');
  assert.match(lines[samples[0].field_lines.tps - 1], /"tps": 1211\.92,$/);
  assert.deepEqual(units, { t: 's', tps: 'tx/s', qps: 'queries/s', reads: 'queries/s', writes: 'queries/s', other: 'queries/s', latency: 'ms', errors: 'errors/s', reconnects: 'reconnects/s' });
});

test('hook samples take the latency percentile the text summary names (--percentile), since the hooks print none', () => {
  const [run] = parseText(read(CSV_RUN)).runs;
  assert.equal(run.latency.percentile.rank, 95);
  assert.equal(run.intervals.percentile, 95);
  const [cumulative] = parseText(read(CSV_CUMULATIVE)).runs;
  assert.equal(cumulative.intervals.percentile, null);
});

test('report_csv lines (no header) become samples on their own lines; with the text summary after them the run is ok', () => {
  const [run] = parseText(read(CSV_RUN)).runs;
  assert.equal(run.status, 'ok');
  assert.equal(run.intervals.hook, 'report_csv');
  assert.deepEqual(rowsOf(run.intervals.samples).map((s) => [s.line, s.t, s.tps, s.latency]),
    [[13, 1, 2235.13, 1.04], [14, 2, 2119.31, 1.03], [15, 3, 1143.52, 2.14], [16, 4, 1423.47, 1.21], [17, 5, 1579.05, 0.99]]);
  assert.equal(run.general.events.value, 8540);
});

test('a cumulative hook report replaces the text summary: the run is ok and the report keeps each figure as printed', () => {
  for (const [name, line, tps] of [[CSV_CUMULATIVE, 18, '984.56'], [JSON_CUMULATIVE, 87, '1173.39']]) {
    const doc = parseText(read(name));
    const [run] = doc.runs;
    assert.equal(run.status, 'ok', name);
    assert.equal(doc.incomplete, undefined, name);
    assert.equal(run.general, undefined, name);
    assert.equal(rowsOf(run.intervals.samples).length, 5, name);
    assert.ok(rowsOf(run.intervals.samples).every((s) => s.threads === 1), `${name}: the cumulative report is not a sample`);
    assert.equal(run.cumulative.line, line, name);
    assert.deepEqual(run.cumulative.tps, { value: Number(tps), text: tps, unit: 'tx/s', line: name === CSV_CUMULATIVE ? line : line + 2 });
    assert.equal(run.cumulative.threads.value, 0, name);
    assert.equal(run.cumulative.t.unit, 's', name);
  }
});

test('without a cumulative report or a summary the run is incomplete', () => {
  const csv = read(CSV_CUMULATIVE).split('\n');
  const doc = parseText(csv.slice(0, 17).join('\n') + '\n'); // up to the last intermediate report
  assert.equal(doc.runs[0].status, 'incomplete');
  assert.deepEqual(doc.runs[0].missing, ['summary']);
  assert.ok(doc.incomplete);
});

test('a report_json cumulative report counts only once its array is closed, and never from inside the intermediate array', () => {
  const json = read(JSON_CUMULATIVE).split('\n');
  const withoutClose = parseText(json.slice(0, 99).join('\n') + '\n'); // line 100 is the `]`
  assert.equal(withoutClose.runs[0].status, 'incomplete');
  assert.equal(withoutClose.runs[0].cumulative, undefined);
  // The same report inside the intermediate array (`},` for the `}`, `]` and `[` of lines 83–85) is an intermediate report.
  const oneArray = [...json.slice(0, 82), '  },', ...json.slice(85)].join('\n');
  const [run] = parseText(oneArray).runs;
  assert.equal(run.status, 'incomplete');
  assert.equal(rowsOf(run.intervals.samples).length, 6);
});

test('a report_json object cut at the end of the file leaves the document incomplete, naming where the object began', () => {
  const json = read(JSON_RUN).split('\n');
  const doc = parseText(json.slice(0, 20).join('\n') + '\n');
  assert.match(doc.incomplete.reason, /report_json object opened on line 14 stops before its closing brace/);
  assert.equal(doc.runs[0].intervals, undefined);
});

test('the JSON layouts of 1.0.0–1.0.7 ("other": x, and "}," after each object) and 1.0.8–1.0.13 (no brackets) read as 1.0.14 on', () => {
  const lines = read(CSV_CUMULATIVE).split('\n');
  const csv = lines.filter((l) => /^\d+,/.test(l)).map((l) => l.split(','));
  const object = (f, { otherComma }) => [
    '{', `  "time": ${f[0].padStart(4)},`, `  "threads": ${f[1]},`, `  "tps": ${f[2]},`, '  "qps": {',
    `    "total": ${f[3]},`, `    "reads": ${f[4]},`, `    "writes": ${f[5]},`, `    "other": ${f[6]}${otherComma ? ',' : ''}`, '  },',
    `  "latency": ${f[7]},`, `  "errors": ${f[8]},`, `  "reconnects": ${f[9]}`, '},'];
  const head = lines.slice(0, 12);
  const expected = parseText(read(CSV_CUMULATIVE)).runs[0];
  const strip = (samples) => samples.map(({ line, field_lines: _l, ...rest }) => rest);
  for (const otherComma of [true, false]) {
    const text = [...head, ...csv.flatMap((f) => object(f, { otherComma }))].join('\n') + '\n';
    const [run] = parseText(text).runs;
    assert.equal(run.status, 'ok');
    assert.deepEqual(strip(rowsOf(run.intervals.samples)), strip(rowsOf(expected.intervals.samples)));
    assert.equal(run.cumulative.tps.text, '984.56');
  }
});

test('damaged hook output is refused at the line, never read as another number', () => {
  const csv = read(CSV_RUN).split('\n');
  const withText = [...csv];
  withText[14] = '3,1,1143.52,0.00,0.00,0.00,0.00,x2.14,0.00,0.00';
  const error = refusal(() => parseText(withText.join('\n')));
  assert.ok(error instanceof Problem);
  assert.equal(error.toString(), 'hooks.txt:15:33: expected a number for latency in a sysbench.report_csv line, found "x2.14"');
  withText[14] = '3,1,1143.52,0.00,0.00,0.00,0.00,2.14,0.00,0.0.0';
  assert.equal(String(refusal(() => parseText(withText.join('\n')))), 'hooks.txt:15:43: expected a number for reconnects in a sysbench.report_csv line, found "0.0.0"');
  withText[14] = '3,1,1143.52e99999,0.00,0.00,0.00,0.00,2.14,0.00,0.00';
  const beyond = refusal(() => parseText(withText.join('\n')));
  assert.equal(String(beyond), 'hooks.txt:15:5: expected a number for tps in a sysbench.report_csv line within what a double holds (at most about 1.8e308), found "1143.52e99999"');
  assert.equal(beyond.rule, 'number-range');
  const json = read(JSON_RUN).split('\n');
  json.splice(17, 0, json[16]); // "tps" twice
  assert.match(String(refusal(() => parseText(json.join('\n')))), /^hooks\.txt:18:\d+: expected one "tps" in a sysbench\.report_json object \(the first is on line 17\)/);
});

test('nan in a hook report (an interval of zero seconds) is "no value", not a refusal', () => {
  const csv = read(CSV_RUN).split('\n');
  csv[14] = '3,1,-nan,-nan,-nan,-nan,-nan,2.14,-nan,-nan';
  const [run] = parseText(csv.join('\n')).runs;
  assert.equal(rowsOf(run.intervals.samples)[2].tps, null);
  assert.equal(rowsOf(run.intervals.samples)[2].latency, 2.14);
});

test('a checkpoint answered by the cumulative hook keeps that report; the interval report of the same second stays a sample', () => {
  for (const [name, tps, interval] of [
    ['real-1.0.20-hooks-cpu-csv-cumulative-checkpoint.txt', '1571.99', 1480.62],
    ['real-1.0.20-hooks-cpu-json-cumulative-checkpoint.txt', '1474.11', 1304.31],
  ]) {
    const [run] = parseText(read(name)).runs;
    assert.equal(run.status, 'ok', name);
    assert.equal(run.checkpoints.length, 1, name);
    assert.equal(run.checkpoints[0].t.value, 2, name);
    assert.equal(run.checkpoints[0].cumulative.tps.text, tps, name);
    assert.deepEqual(rowsOf(run.intervals.samples).filter((s) => s.t === 2).map((s) => s.tps), [interval], name);
    assert.equal(run.cumulative.threads.value, 0, name);
  }
});

test('report_json output that another report lands on (`  }[ 2s ] Checkpoint report:`, then a lone comma) reads both', () => {
  const text = read('real-1.0.20-hooks-cpu-json-checkpoint.txt');
  assert.match(text, /\n {2}\}\[ 2s \] Checkpoint report:\n/);
  const doc = parseText(text);
  assert.deepEqual(doc.warnings, []);
  const [run] = doc.runs;
  assert.deepEqual(rowsOf(run.intervals.samples).map((s) => s.t), [1, 2, 3]);
  assert.equal(run.checkpoints[0].general.events.value, 3726);
  assert.equal(run.general.events.value, 2786);
});

test('an oltp_read_write run keeps qps, reads, writes and other apart, in JSON and in CSV (qps is their sum)', () => {
  const [json] = parseText(read('real-1.0.20-hooks-mariadb-oltp-read-write-json-t2.txt')).runs;
  assert.deepEqual(rowsOf(json.intervals.samples)[0], {
    line: 15, t: 1, threads: 2, tps: 363.71, qps: 7275.18, reads: 5091.93, writes: 1454.84, other: 728.42, latency: 11.24, errors: 0, reconnects: 0,
    field_lines: { t: 15, threads: 16, tps: 17, qps: 19, reads: 20, writes: 21, other: 22, latency: 24, errors: 25, reconnects: 26 },
  });
  assert.equal(json.transactions.rate.text, '418.59');
  const [csv] = parseText(read('real-1.0.20-hooks-mariadb-oltp-read-write-csv-cumulative-t2.txt')).runs;
  assert.deepEqual(rowsOf(csv.intervals.samples)[0], { line: 13, t: 1, threads: 2, tps: 292.47, qps: 5887.32, reads: 4122.52, writes: 1177.86, other: 586.93, latency: 12.98, errors: 0, reconnects: 0 });
  assert.deepEqual(['qps', 'reads', 'writes', 'other'].map((k) => csv.cumulative[k].text), ['7120.19', '4984.13', '1424.04', '712.02']);
});

test('a CSV interval report between a checkpoint line and its text summary stays an interval sample', () => {
  const lines = read('real-1.0.20-hooks-cpu-csv-checkpoint.txt').split('\n');
  assert.equal(lines[14], '[ 2s ] Checkpoint report:');
  assert.match(lines[31], /^2,1,1484\.75,/);
  const moved = [...lines.slice(0, 15), lines[31], ...lines.slice(15, 31), ...lines.slice(32)];
  const [run] = parseText(moved.join('\n')).runs;
  assert.equal(run.status, 'ok');
  assert.equal(run.checkpoints[0].cumulative, undefined);
  assert.equal(run.checkpoints[0].general.events.value, 3116);
  assert.deepEqual(rowsOf(run.intervals.samples).map((s) => [s.t, s.line]), [[1, 14], [2, 16], [3, 33]]);
  assert.equal(run.general.events.value, 2822);
});

test('a JSON key sysbench does not print is refused, even one every object has (constructor)', () => {
  const json = read(JSON_RUN).split('\n');
  json[16] = '    "constructor": 1,';
  assert.match(String(refusal(() => parseText(json.join('\n')))), /^hooks\.txt:17:5: expected a "name": number line of a sysbench\.report_json object \(opened on line 14\), found "\\"constructor\\": 1,"$/);
});
