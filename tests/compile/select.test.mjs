import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectRows, uniqueBy, parseWhere, lineOnPath } from '../../scripts/compile/select.mjs';
import { nearest } from '../../scripts/lib/nearest.mjs';
import { rowsOf } from '../../scripts/lib/columns.mjs';
import { loadDocuments } from '../../scripts/compile/report.mjs';
import { parseText } from '../../scripts/parse/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const slug = 'mariadb-sysbench-threads';
const report = { slug, docs: await loadDocuments(join(ROOT, 'data', 'reports', slug)) };
const rawLine = (source, line) => readFileSync(join(ROOT, 'content', 'reports', slug, source), 'utf8').split('\n')[line - 1];

test('selectRows returns one row per run with its labels, figure and raw line', () => {
  const rows = selectRows(report, { data: 'sysbench', metric: 'transactions.rate', labels: ['threads'], where: 'workload=read/write;set=sweep' });
  assert.ok(rows.length >= 4);
  for (const row of rows) {
    assert.equal(row.workload, 'read/write');
    assert.equal(row.unit, 'tx/s');
    assert.ok(rawLine(row.source, row.line).includes(row.text), `${row.source}:${row.line} holds ${row.text}`);
    assert.equal(row.value, Number(row.text));
  }
});

test('selectRows with each gives one row per element, plain numbers taking the element line', () => {
  const rows = selectRows(report, { data: 'sysbench', each: 'intervals.samples', metric: 'tps', fields: { t: 't' }, where: 'set=interval' });
  assert.ok(rows.length > 10);
  const row = rows[3];
  assert.ok(rawLine(row.source, row.line).includes(`tps: ${row.text}`), rawLine(row.source, row.line));
  assert.equal(typeof row.t, 'number');
});

test('selectRows with each gives a sample printed over several lines (sysbench.report_json) the line of the field it reads', () => {
  const name = 'tests/fixtures/sysbench/real-1.0.20-hooks-cpu-json.txt';
  const text = readFileSync(join(ROOT, name), 'utf8');
  const doc = parseText(text, { source: name });
  const rows = selectRows({ slug: 'hooks', docs: [doc] }, { data: 'sysbench', each: 'intervals.samples', metric: 'latency', fields: { t: 't' } });
  assert.equal(rows.length, 4);
  for (const row of rows) assert.match(text.split('\n')[row.line - 1], new RegExp(`"latency": ${row.text.replace('.', '\\.')}0?,$`));
  assert.deepEqual(rows.map((r) => r.line), rowsOf(doc.runs[0].intervals.samples).map((s) => s.field_lines.latency));
});

test('a mistyped metric names the path that was meant and the paths the document has', () => {
  assert.throws(() => selectRows(report, { data: 'sysbench', metric: 'transactions.rat' }), (e) => e instanceof Problem
    && /metric "transactions.rat" is not in item 0 of content\/reports\/mariadb-sysbench-threads\/raw\/.*; did you mean "transactions.rate"\? figure paths here: /.test(e.message));
});

test('a missing label names the run and the labels it has', () => {
  assert.throws(() => selectRows(report, { data: 'sysbench', metric: 'transactions.rate', labels: ['server_version'] }), (e) => /run 1 of .* has no label "server_version" \(its labels: .*\)/.test(e.message));
  assert.throws(() => selectRows(report, { data: 'sysbench', metric: 'transactions.rate', labels: ['thread'] }), (e) => /run 1 of .* has no label "thread" \(did you mean "threads"\?\) \(its labels: .*threads.*\)/.test(e.message));
});

test('a filter that matches nothing lists the values the label takes and the nearest one', () => {
  assert.throws(() => selectRows(report, { data: 'sysbench', metric: 'transactions.rate', where: 'workload=read/wrote' }), (e) => /no "sysbench" runs match where="workload=read\/wrote": workload takes .*"read\/write".* \(did you mean "read\/write"\?\)/.test(e.message));
  assert.throws(() => selectRows(report, { data: 'sysbnech', metric: 'x' }), (e) => /no "sysbnech" documents in this report; did you mean "sysbench"\?/.test(e.message));
});

test('two runs in one cell are an error naming both, never silently one of them', () => {
  const rows = selectRows(report, { data: 'sysbench', metric: 'transactions.rate', labels: ['workload'], where: 'set=sweep' });
  assert.throws(() => uniqueBy(rows, ['workload'], 'table'), (e) => e instanceof Problem && /^table: two runs match workload="[^"]+" \(raw\/[^:]+:\d+ and raw\/[^:]+:\d+\); narrow with where/.test(e.message));
});

test('parseWhere and nearest: label filters and typo suggestions', () => {
  assert.deepEqual(parseWhere('a=1; b = x '), { a: '1', b: 'x' });
  assert.throws(() => parseWhere('a'), /expected label=value pairs/);
  assert.equal(nearest('thraeds', ['threads', 'workload']), 'threads');
  assert.equal(nearest('zzz', ['threads', 'workload']), null);
  // Two letters swapped are one slip: plain edit distance puts "table" as near as "value".
  assert.equal(nearest('vaule', ['table', 'value']), 'value');
  assert.equal(nearest('tabel', ['value', 'table']), 'table');
});

test('a plain number reached through a list element cites that element\'s line, not its run\'s first line', () => {
  const run = { lines: { first: 1, last: 20 }, averages: [{ line: 17, cpu: 'all', values: { '%idle': 0.61 } }, { line: 18, cpu: '0', values: { '%idle': 0.5 } }] };
  assert.equal(lineOnPath(run, 'averages.0.values.%idle'), 17);
  assert.equal(lineOnPath(run, 'averages.1.values.%idle'), 18);
  assert.equal(lineOnPath(run, 'lines.first'), undefined);
  assert.equal(lineOnPath({ t: { line: 4, value: 1 } }, 't'), undefined, 'a figure carries its own line');
  // A sample of a table in columns cites its own row's line (or its field's, where the table keeps one), not the run's.
  const intervals = { line: 3, samples: { count: 3, line: [13, 14, 15], tps: [630.42, 858.13, 808.87], field_lines: { lat: [20, 21, 22] }, lat: [1, 2, 3] } };
  assert.equal(lineOnPath({ line: 1, intervals }, 'intervals.samples.tps.0'), 13);
  assert.equal(lineOnPath({ line: 1, intervals }, 'intervals.samples.tps.2'), 15);
  assert.equal(lineOnPath({ line: 1, intervals }, 'intervals.samples.lat.1'), 21);
  assert.equal(lineOnPath({ line: 1, intervals }, 'intervals.samples.tps.3'), 3, 'no such row: the nearest object\'s line');
  const rows = selectRows({ slug: 'x', docs: [{ kind: 'mpstat', provenance: { source: 'raw/m.txt' }, runs: [run] }] }, { data: 'mpstat', metric: 'averages.0.values.%idle' });
  assert.deepEqual([rows[0].value, rows[0].line], [0.61, 17]);
});

test('a table\'s samples read a field at a time give what whole samples give: nested columns, their lines, gaps and typos', () => {
  const samples = { count: 3, line: [10, 11, 12], t: [1, 2, 3], tps: [5.5, null, 7], latency: { count: 3, value: [1, 2, 3], line: [20, 21, 22] } };
  const doc = { kind: 'sysbench', provenance: { source: 'raw/s.txt' }, runs: [{ line: 1, intervals: { samples } }] };
  const one = { slug: 'x', docs: [doc] };
  const q = { data: 'sysbench', each: 'intervals.samples' };
  const rows = selectRows(one, { ...q, metric: 'latency.value', fields: { t: 't', lat: 'latency', none: 'nothing' } });
  assert.deepEqual(rows.map((r) => [r.value, r.line, r.t, r.lat, r.none]), [[1, 20, 1, 1, null], [2, 21, 2, 2, null], [3, 22, 3, 3, null]]);
  assert.deepEqual(selectRows(one, { ...q, metric: 'tps' }).map((r) => [r.value, r.text, r.line]), [[5.5, '5.5', 10], [null, 'ok', 11], [7, '7', 12]]);
  assert.deepEqual(selectRows(one, { ...q, metric: 'tps', optional: true }).map((r) => r.t === undefined && r.element), [0, 2]);
  assert.throws(() => selectRows(one, { ...q, metric: 'tpss' }), (e) => e instanceof Problem
    && e.message === 'metric "tpss" is not in item 0, intervals.samples 0 of raw/s.txt; did you mean "tps"? figure paths here: t, tps, latency.value (`tpsreport parse FILE` shows the document)');
  assert.throws(() => selectRows(one, { ...q, metric: 'count' }), /metric "count" is not in item 0, intervals.samples 0/);
});

test('a number asked for is never offered another number as a typo', () => {
  assert.equal(nearest('4', ['1', '16', '2', '8']), null);
  assert.equal(nearest('thread', ['threads', '4']), 'threads');
  assert.throws(() => selectRows(report, { data: 'sysbench', metric: 'transactions.rate', where: 'threads=3;set=sweep' }), (e) => /: threads takes "1", "2", "4", "8", "16"$/.test(e.message) && !/did you mean/.test(e.message));
  // Only the clause no run satisfies is named; clauses each satisfied but never together say so.
  assert.throws(() => selectRows(report, { data: 'sysbench', metric: 'transactions.rate', where: 'threads=4;set=interval;workload=read-only' }), (e) => e.message === 'no "sysbench" runs match where="threads=4;set=interval;workload=read-only": some run has each of these, but no run has them all');
});

test('a list of named elements is indexed by name as well as by position, and a misspelt name gets the names it could be', async () => {
  const rwsot = 'read-write-stress-over-time';
  const variables = { slug: rwsot, docs: (await loadDocuments(join(ROOT, 'data', 'reports', rwsot))).filter((d) => d.kind === 'global-variables') };
  const raw = (row) => readFileSync(join(ROOT, 'content', 'reports', rwsot, row.source), 'utf8').split('\n')[row.line - 1];
  const [byName] = selectRows(variables, { data: 'global-variables', metric: 'variables.innodb_flush_log_at_trx_commit.value', where: 'trx_commit=2' });
  assert.deepEqual([byName.value, byName.source, raw(byName)], ['2', 'raw/global-variables-trx-commit-2.txt', 'innodb_flush_log_at_trx_commit\t2']);
  const [number] = selectRows(variables, { data: 'global-variables', metric: 'variables.innodb_buffer_pool_size.number', where: 'trx_commit=1' });
  assert.deepEqual([number.value, raw(number)], [268435456, 'innodb_buffer_pool_size\t268435456']);
  const [byPosition] = selectRows(variables, { data: 'global-variables', metric: 'variables.0.value', where: 'trx_commit=1' });
  assert.equal(raw(byPosition), `${variables.docs[0].variables[0].name}\t${byPosition.value}`);
  assert.throws(() => selectRows(variables, { data: 'global-variables', metric: 'variables.innodb_bufer_pool_size.value', where: 'trx_commit=1' }), (e) => e instanceof Problem
    && e.message === 'metric "variables.innodb_bufer_pool_size.value" is not in item 0 of content/reports/read-write-stress-over-time/raw/global-variables-trx-commit-1.txt; "variables" has no element named "innodb_bufer_pool_size" (did you mean "innodb_buffer_pool_size"?); its 656 names include "allow_suspicious_udfs", "alter_algorithm", "analyze_max_length", "analyze_sample_percentage", "aria_block_size", "aria_checkpoint_interval", …');
});

test('runs with a mistyped or absent kind says what the report has, as every other shortcode does', async () => {
  const { kinds } = await import('../../scripts/compile/kinds.mjs');
  const documents = (kind) => report.docs.filter((d) => d.kind === kind);
  assert.throws(() => kinds.runs.build({ report, documents }, { data: 'sysbnech' }), (e) => e instanceof Problem && /^no "sysbnech" documents in this report; did you mean "sysbench"\? \(it has: .*sysbench/.test(e.message));
  const empty = { ...report, docs: [] };
  assert.throws(() => kinds.runs.build({ report: empty, documents: () => [] }, { data: 'sysbench' }), (e) => e.message === 'no "sysbench" documents in this report (it has: none; list raw files under `sources`)');
});

test('an interval sample shows as its raw line printed it ("1236.00", not the bare number 1236), in the unit its samples are kept in', async () => {
  const { loadReport } = await import('../../scripts/compile/report.mjs');
  const text = readFileSync(join(ROOT, 'content', 'reports', slug, 'index.md'), 'utf8');
  const full = await loadReport({ root: ROOT, slug, text, docs: report.docs });
  const rows = selectRows(full, { data: 'sysbench', each: 'intervals.samples', metric: 'tps', fields: { t: 't' }, where: 'set=interval' });
  const eight = rows.find((r) => r.t === 8);
  assert.equal(rawLine(eight.source, eight.line).trim().startsWith('[ 8s ] thds: 4 tps: 1236.00 '), true, 'line 20 prints 1236.00');
  assert.deepEqual([eight.value, eight.text, eight.unit], [1236, '1236.00', 'tx/s'], 'the unit from intervals.units');
  // Every sample's text is a word its line prints.
  for (const r of rows) assert.ok(rawLine(r.source, r.line).split(/\s+/).includes(r.text), `${r.source}:${r.line} prints ${r.text}`);
});

test('an interval sample followed by a comma on its line ("tps: 296.600000, reads/s: …") shows as printed, all six decimals', async () => {
  const { parseFile } = await import('../../scripts/parse/index.mjs');
  const path = join(ROOT, 'tests/fixtures/sysbench/hand-0.4.12.10-intermediate-results-annotated.txt');
  const doc = { ...(await parseFile(path, { source: 'content/reports/x/raw/interim.txt' })), order: 0, labels: {} };
  const lines = readFileSync(path, 'utf8').split('\n');
  const rows = selectRows({ slug: 'x', meta: {}, docs: [doc] }, { data: 'sysbench', each: 'intervals.samples', metric: 'tps', fields: { t: 't' } });
  assert.ok(rows.length > 1);
  for (const r of rows) {
    const printed = /tps: ([\d.]+),/.exec(lines[r.line - 1])[1];
    assert.equal(r.text, printed, `line ${r.line}`);
  }
  assert.ok(rows.some((r) => r.text === '296.600000'), 'trailing zeros kept');
});

test('a sysbench prepare step in the log of its run is no row of a figure it does not print; a run that lacks one is still refused', () => {
  const name = 'hand-0.4.12-prepare-plus-run-wrapper';
  const doc = { ...JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/sysbench', `${name}.json`), 'utf8')), labels: { threads: 16 } };
  assert.deepEqual(doc.runs.map((r) => r.command), ['prepare', 'run']);
  const one = { slug: 'x', docs: [doc] };
  const rows = selectRows(one, { data: 'sysbench', metric: 'transactions.rate', labels: ['threads'] });
  assert.deepEqual(rows.map((r) => [r.item, r.value, r.line]), [[1, doc.runs[1].transactions.rate.value, doc.runs[1].transactions.rate.line]]);
  const raw = readFileSync(join(ROOT, 'tests/fixtures/sysbench', `${name}.txt`), 'utf8').split('\n');
  assert.match(raw[rows[0].line - 1], new RegExp(`\\(${rows[0].text} per sec\\.\\)`));
  // The same run without its figure is an error, with what the item holds; an item of no figures says so.
  const cut = { ...doc, runs: [doc.runs[0], { ...doc.runs[1], transactions: undefined }] };
  assert.throws(() => selectRows({ slug: 'x', docs: [cut] }, { data: 'sysbench', metric: 'transactions.rate' }), /metric "transactions\.rate" is not in item 1 of /);
  const bare = { ...doc, runs: [{ command: 'run', status: 'ok', lines: { first: 1, last: 1 } }] };
  assert.throws(() => selectRows({ slug: 'x', docs: [bare] }, { data: 'sysbench', metric: 'transactions.rate' }), (e) => e.message.endsWith('of ' + doc.provenance.source + '; it holds no figure (`tpsreport parse FILE` shows the document)'));
});

test('a metric that names a group of figures (latency) is refused with the figures under it, instead of a cell reading [object Object]', () => {
  const q = { data: 'sysbench', where: 'threads=4;set=sweep;workload=read/write' };
  assert.throws(() => selectRows(report, { ...q, metric: 'latency' }), (e) => e instanceof Problem
    && e.message === 'metric "latency" in item 0 of content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t4.txt is a group of figures, not one figure; name one of them: latency.min, latency.avg, latency.max, latency.percentile.rank, latency.percentile.value, latency.sum');
  assert.throws(() => selectRows(report, { ...q, metric: 'latency.percentile' }), /is a group of figures, not one figure; name one of them: latency\.percentile\.rank, latency\.percentile\.value$/);
  const [row] = selectRows(report, { ...q, metric: 'latency.percentile.value' });
  assert.match(rawLine(row.source, row.line), new RegExp(`95th percentile:\\s+${row.text.replace('.', '\\.')}$`));
});

test('a plain number beside a figure (the rank of sysbench\'s percentile) cites the line both were printed on, not its run\'s first line', () => {
  const rows = selectRows(report, { data: 'sysbench', metric: 'latency.percentile.rank', labels: ['threads'], where: 'workload=read/write;set=sweep' });
  assert.ok(rows.length >= 4);
  for (const row of rows) {
    assert.equal(row.value, 95);
    assert.match(rawLine(row.source, row.line), /^\s+95th percentile:\s+[\d.]+$/, `${row.source}:${row.line}`);
  }
  assert.equal(lineOnPath({ lines: { first: 1 }, latency: { min: { value: 1, line: 7 }, max: { value: 2, line: 8 }, note: 3 } }, 'latency.note'), undefined, 'figures on two lines leave a plain number unplaced');
});

test('an mpstat figure shows as its line printed it even where the CPU column prints the same number ("0" beside %idle "0.00")', async () => {
  const { loadReport } = await import('../../scripts/compile/report.mjs');
  const cores = 'cpu-efficiency-by-cores';
  const text = readFileSync(join(ROOT, 'content', 'reports', cores, 'index.md'), 'utf8');
  const full = await loadReport({ root: ROOT, slug: cores, text, docs: await loadDocuments(join(ROOT, 'data', 'reports', cores)) });
  const rows = selectRows(full, { data: 'mpstat', each: 'samples', metric: 'values.%idle', fields: { cpu: 'cpu' } });
  const line = (r) => readFileSync(join(ROOT, 'content', 'reports', cores, r.source), 'utf8').split('\n')[r.line - 1];
  const cpu0 = rows.filter((r) => r.cpu === '0' && r.value === 0);
  assert.ok(cpu0.length > 10);
  for (const r of cpu0) {
    assert.match(line(r), /^\S+\s+0\s.*\s0\.00$/, `${r.source}:${r.line}`);
    assert.equal(r.text, '0.00', `${r.source}:${r.line}`);
  }
  // The last column of each line is its %idle, as printed.
  for (const r of rows) assert.equal(r.text, line(r).trim().split(/\s+/).at(-1), `${r.source}:${r.line}`);
});
