// The pgbench parser's contract: every figure of a run's summary, its
// progress samples and its per-statement latencies, each read from the line it
// cites, as printed; several scripts with their weights; a failed connection
// kept as a document; a cut output marked incomplete at the line it stops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/pgbench.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { splitLines } from '../../scripts/lib/text.mjs';
import { rowsOf } from '../../scripts/lib/columns.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'pgbench');
const CAPTURE = join(FIXTURES, 'capture-15.20');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });

/** The raw line a figure cites, and the figure's text on it. */
function assertOnItsLine(lines, fig, pattern) {
  const line = lines[fig.line - 1];
  assert.ok(line.includes(fig.text), `${JSON.stringify(fig)} not on line ${fig.line}: ${line}`);
  if (pattern) assert.match(line, pattern);
}

/** The number after `label` on the first raw line that starts with it. */
function printedAfter(lines, label) {
  const n = lines.findIndex((l) => l.trimStart().startsWith(label));
  assert.ok(n >= 0, `no line starts with ${label}`);
  return { line: n + 1, text: /[-\d.]+/.exec(lines[n].slice(lines[n].indexOf(label) + label.length))[0] };
}

test('the golden real-15.20 fixtures are the capture\'s own files, byte for byte', () => {
  const copies = readdirSync(FIXTURES).filter((f) => /^real-15\.20-.*\.txt$/.test(f));
  assert.ok(copies.length >= 10);
  for (const name of copies) {
    assert.equal(read(name), readFileSync(join(CAPTURE, name.replace('real-15.20-', '')), 'utf8'), name);
  }
});

test('every run the capture logged in commands.txt parses as pgbench with the tps its raw file prints', () => {
  const commands = readFileSync(join(CAPTURE, 'commands.txt'), 'utf8');
  const runs = [...commands.matchAll(/^# (\S+\.txt) {2}started .*\n(.*pgbench .*)$/gm)].map((m) => m[1]).filter((f) => f !== 'init.txt');
  assert.equal(runs.length, 34);
  for (const name of runs) {
    const text = readFileSync(join(CAPTURE, name), 'utf8');
    const doc = parse(text, { source: name });
    assert.deepEqual(doc.warnings, [], name);
    assert.equal(doc.incomplete, undefined, name);
    const tps = /^tps = (\S+) /m.exec(text);
    if (!tps) {
      assert.equal(doc.status, 'failed', name);
      continue;
    }
    assert.equal(doc.status, /^pgbench: error: Run was aborted/m.test(text) ? 'aborted' : 'ok', name);
    assert.equal(doc.runs.length, 1, name);
    assert.equal(doc.runs[0].tps.text, tps[1], name);
    assert.equal(doc.runs[0].tps.value, Number(tps[1]), name);
  }
});

test('parse() reads every summary figure of a run from its own line, as printed', () => {
  const name = 'real-15.20-tpcb-like-c1-r1.txt';
  const lines = splitLines(read(name));
  const run = parseFixture(name).runs[0];
  assert.equal(run.status, 'ok');
  assert.deepEqual(run.transaction_type, { text: '<builtin: TPC-B (sort of)>', line: printedAfter(lines, 'transaction type:').line });
  for (const [fig, label] of [
    [run.scaling_factor, 'scaling factor:'], [run.clients, 'number of clients:'], [run.threads, 'number of threads:'],
    [run.max_tries, 'maximum number of tries:'], [run.duration, 'duration:'],
    [run.transactions.count, 'number of transactions actually processed:'], [run.failed.count, 'number of failed transactions:'],
    [run.latency.average, 'latency average ='], [run.latency.stddev, 'latency stddev ='],
    [run.initial_connection_time, 'initial connection time ='], [run.tps, 'tps ='],
  ]) {
    const raw = printedAfter(lines, label);
    assert.deepEqual([fig.line, fig.text, fig.value], [raw.line, raw.text, Number(raw.text)], label);
  }
  assert.equal(run.query_mode.text, 'simple');
  assert.equal(run.tps.unit, 'tx/s');
  assert.equal(run.latency.average.unit, 'ms');
  assert.equal(run.tps_basis.text, 'without initial connection time');
});

test('parse() keeps each -P progress line as a sample over time, with the line it came from', () => {
  const name = 'real-15.20-rate-over.txt';
  const lines = splitLines(read(name));
  const { intervals } = parseFixture(name).runs[0];
  const progress = lines.map((l, i) => [l, i + 1]).filter(([l]) => l.startsWith('progress: '));
  assert.equal(intervals.samples.count, progress.length);
  assert.deepEqual(intervals.units, { t: 's', tps: 'tx/s', lat: 'ms', stddev: 'ms', failed: 'count', lag: 'ms', skipped: 'count' });
  rowsOf(intervals.samples).forEach((sample, i) => {
    const [raw, n] = progress[i];
    assert.equal(sample.line, n);
    const m = /^progress: (\S+) s, (\S+) tps, lat (\S+) ms stddev (\S+), (\d+) failed, lag (\S+) ms, (\d+) skipped$/.exec(raw);
    assert.deepEqual([sample.t, sample.tps, sample.lat, sample.stddev, sample.failed, sample.lag, sample.skipped], m.slice(1).map(Number));
  });
});

test('parse() reads rate-limit lag, skipped and late transactions of a --rate --latency-limit run', () => {
  const name = 'real-15.20-rate-over.txt';
  const lines = splitLines(read(name));
  const run = parseFixture(name).runs[0];
  assertOnItsLine(lines, run.skipped.count, /^number of transactions skipped: /);
  assertOnItsLine(lines, run.skipped.percent, /^number of transactions skipped: /);
  const late = /^number of transactions above the (\S+) ms latency limit: (\d+)\/(\d+) \((\S+)%\)$/.exec(lines[run.late.count.line - 1]);
  assert.deepEqual([run.late.limit.text, run.late.count.text, run.late.of.text, run.late.percent.text], late.slice(1));
  const lag = /^rate limit schedule lag: avg (\S+) \(max (\S+)\) ms$/.exec(lines[run.lag.average.line - 1]);
  assert.deepEqual([run.lag.average.text, run.lag.max.text], lag.slice(1));
  assert.equal(run.lag.max.unit, 'ms');
});

test('parse() reads -r statement latencies with failures and retries, each command as printed', () => {
  const name = 'real-15.20-retries-c8.txt';
  const lines = splitLines(read(name));
  const run = parseFixture(name).runs[0];
  const header = lines.indexOf('statement latencies in milliseconds, failures and retries:');
  const listed = lines.slice(header + 1).filter((l) => l.trim() !== '');
  assert.equal(run.statements.length, listed.length);
  run.statements.forEach((s, i) => {
    const [, latency, failures, retries, command] = /^\s*(\S+)\s+(\S+)\s+(\S+)\s+(.*)$/.exec(listed[i]);
    assert.equal(s.command.line, header + 2 + i);
    assert.deepEqual([s.latency.text, s.failures.text, s.retries.text, s.command.text], [latency, failures, retries, command]);
  });
  assert.equal(run.statements.at(-1).command.text, 'END;');
  for (const key of ['serialization_failures', 'deadlock_failures', 'retried']) assertOnItsLine(lines, run[key].count);
  assertOnItsLine(lines, run.retries, /^total number of retries: /);
  assert.equal(run.max_tries.value, 3);
});

test('parse() keeps each of several weighted scripts with its weight, share, tps, latency and statements', () => {
  const name = 'real-15.20-weighted-c4.txt';
  const lines = splitLines(read(name));
  const run = parseFixture(name).runs[0];
  assert.equal(run.transaction_type.text, 'multiple scripts');
  assert.deepEqual(run.scripts.map((s) => [s.number, s.name.text, s.weight.value]), [[1, '<builtin: TPC-B (sort of)>', 1], [2, '<builtin: select only>', 9]]);
  for (const s of run.scripts) {
    assert.match(lines[s.name.line - 1], new RegExp(`^SQL script ${s.number}: `));
    for (const fig of [s.weight, s.target_share]) assertOnItsLine(lines, fig, /^ - weight: /);
    for (const fig of [s.transactions.count, s.share, s.tps]) assertOnItsLine(lines, fig, / transactions \(/);
    assertOnItsLine(lines, s.latency.average, /^ - latency average = /);
    assert.ok(s.statements.every((st) => st.command.line > s.name.line));
  }
  assert.equal(run.scripts[1].statements.length, 2);
  assert.equal(run.statements, undefined);
});

test('parse() reads -t runs (processed/expected) and -C runs (average connection time, tps including reconnections)', () => {
  const t = parseFixture('real-15.20-transactions-c2.txt').runs[0];
  assert.equal(t.duration, undefined);
  assert.equal(t.transactions_per_client.value, 500);
  assert.deepEqual([t.transactions.count.text, t.transactions.expected.text], ['1000', '1000']);
  const c = parseFixture('real-15.20-connect-c4.txt').runs[0];
  assert.equal(c.initial_connection_time, undefined);
  assertOnItsLine(splitLines(read('real-15.20-connect-c4.txt')), c.average_connection_time, /^average connection time = /);
  assert.equal(c.tps_basis.text, 'including reconnection times');
});

test('parse() keeps a run that could not connect as a failed document with pgbench\'s error lines', () => {
  const doc = parseFixture('real-15.20-failed-unknown-database.txt');
  assert.equal(doc.status, 'failed');
  assert.deepEqual(doc.runs, []);
  assert.deepEqual(doc.messages.map((m) => [m.level, m.line]), [['error', 1], ['error', 2]]);
  assert.match(doc.messages[0].text, /database "no_such_db" does not exist$/);
});

test('parse() marks a run pgbench says was aborted, and keeps the server\'s and pgbench\'s messages with their levels', () => {
  const name = 'real-15.20-aborted-server-stopped.txt';
  const lines = splitLines(read(name));
  const doc = parseFixture(name);
  assert.equal(doc.status, 'aborted');
  assert.equal(doc.runs[0].status, 'aborted');
  assert.deepEqual(doc.warnings, []);
  const expected = lines.map((l, i) => [/^(?:pgbench: (\w+)|(FATAL|ERROR|DETAIL|HINT|CONTEXT)):/.exec(l), i + 1]).filter(([m]) => m).map(([m, n]) => [(m[1] ?? m[2]).toLowerCase(), n]);
  assert.deepEqual(doc.messages.map((m) => [m.level, m.line]), expected);
  assert.equal(doc.messages.at(-1).text, 'Run was aborted; the above results are incomplete.');
  assert.equal(doc.runs[0].tps.text, /^tps = (\S+)/m.exec(read(name))[1]);
});

test('a copy cut inside the progress lines keeps its samples and is incomplete at its last line', () => {
  const text = read('real-15.20-select-only-c8-r1.txt');
  const cut = splitLines(text).slice(0, 6).join('\n') + '\n';
  const doc = parse(cut, { source: 'cut.txt' });
  assert.equal(doc.runs[0].intervals.samples.count, 4);
  assert.deepEqual(doc.incomplete, { line: 6, reason: 'run 1 (from line 1) stops before its "tps = …" line' });
});

test('a statement list cut before its builtin script\'s last command is incomplete', () => {
  const lines = splitLines(read('real-15.20-tpcb-like-c1-r1.txt'));
  const doc = parse(lines.slice(0, -2).join('\n') + '\n', { source: 'cut.txt' });
  assert.equal(doc.runs[0].statements.length, 9);
  assert.equal(doc.incomplete.line, lines.length - 2);
  assert.match(doc.incomplete.reason, /stop before its last command, "END;"/);
});

test('several scripts whose targets do not reach 100% are incomplete', () => {
  const lines = splitLines(read('real-15.20-weighted-c4.txt'));
  const second = lines.findIndex((l) => l.startsWith('SQL script 2:'));
  const doc = parse(lines.slice(0, second).join('\n') + '\n', { source: 'cut.txt' });
  assert.equal(doc.runs[0].scripts.length, 1);
  assert.match(doc.incomplete.reason, /target 10% of the transactions/);
});

test('a result line before any settings is refused at its line', () => {
  assert.throws(() => parse('latency average = 1.302 ms\n', { source: 'x.txt' }), (e) => e instanceof Problem && e.line === 1 && e.file === 'x.txt' && /transaction type/.test(e.message));
});

test('detection picks pgbench for a run output, and only a pgbench output', () => {
  const head = splitLines(read('real-15.20-weighted-c4.txt')).slice(0, 20);
  assert.equal(detectFormat(head).name, 'pgbench');
  assert.equal(format.detect(['Testing timing overhead for 1 second.']), 0);
});

test('parse() reads a -f script\'s run: its path as transaction type, each command by its first line, epoch progress times', () => {
  const name = 'real-15.20-custom-c4.txt';
  const lines = splitLines(read(name));
  const run = parseFixture(name).runs[0];
  assert.equal(run.transaction_type.text, /^transaction type: (.*)$/m.exec(read(name))[1]);
  assert.match(run.transaction_type.text, /pgbench-custom\.sql$/);
  const header = lines.indexOf('statement latencies in milliseconds and failures:');
  assert.deepEqual(run.statements.map((s) => s.command.text), lines.slice(header + 1).map((l) => /^\s*\S+\s+\S+\s+(.*)$/.exec(l)[1]));
  assert.ok(run.statements.some((s) => s.command.text === 'SELECT abalance'));
  const first = /^progress: (\S+) s,/.exec(lines[run.intervals.samples.line[0] - 1])[1];
  assert.equal(run.intervals.samples.t[0], Number(first));
  assert.ok(run.intervals.samples.t[0] > 1e9, 'a Unix time, not seconds since the start');
});
