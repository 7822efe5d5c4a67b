// The sysbench parser's contract, checked on figures a wrong parser would get
// wrong. Golden files (golden.test.mjs) catch any change; these tests say
// which values matter and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// index.mjs first: it loads formats.mjs, which loads sysbench.mjs (see the note there).
import { parseFile, parseText, detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/sysbench.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { rowsOf } from '../../scripts/lib/columns.mjs';
import { refusal } from '../helpers/refusal.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'sysbench');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const lines = (text) => text.split('\n');

test('detect scores each sysbench generation above zero and other tools at zero', () => {
  for (const name of [
    'seed000-0.4-mysql5149-plugin-read-write.txt', // headless 0.4 summary
    'hand-0.4.12.10-intermediate-results-annotated.txt',
    'hand-0.5-intervals-nocomma-p99.txt',
    'hand-1.0.12-summary-only-headless-col51.txt',
    'hand-1.0.9-intervals-elided.txt',
    'hand-1.1.0-cpu-throughput-2runs-histogram.txt',
  ]) {
    assert.ok(format.detect(lines(read(name))) > 0, name);
  }
  const pgbench = ['transaction type: <builtin: TPC-B (sort of)>', 'number of threads: 2', 'latency average = 1.534 ms', 'tps = 5213.806421 (without initial connection time)'];
  const lsLong = ['total 24', '-rw-r----- 1 mysql mysql 9437184 Jan  3 10:01 sbtest1.ibd'];
  const dbt2 = ['1107.89 new-order transactions per minute (NOTPM)', '5.0 minute duration'];
  for (const other of [pgbench, lsLong, dbt2]) assert.equal(format.detect(other), 0, other[0]);
});

test('a banner outscores a long run of interval lines, so the format is chosen by its markers', () => {
  const banner = format.detect(['sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)']);
  const intervals = format.detect(Array.from({ length: 300 }, (_, i) => `[ ${i + 1}s ] thds: 4 eps: 2500.00 lat (ms,95%): 0.65`));
  assert.ok(banner > intervals, `${banner} > ${intervals}`);
  assert.equal(detectFormat(lines(read('hand-1.0.9-intervals-elided.txt'))).name, 'sysbench');
});

test('0.4 summary: transactions keep count, rate, unit and raw line (seed "plugin read/write")', () => {
  const [run] = parseFixture('seed000-0.4-mysql5149-plugin-read-write.txt').runs;
  assert.deepEqual(run.transactions.rate, { value: 112.32, text: '112.32', unit: 'tx/s', line: 7 });
  assert.deepEqual(run.transactions.count, { value: 33698, text: '33698', unit: 'count', line: 7 });
  assert.equal(run.read_write_requests.rate.value, 2134.05);
  assert.equal(run.queries.total.value, 707658);
  assert.equal(run.general.total_time.value, 300.0225);
});

test('0.4 "total time taken by event execution" has no unit in the output, so seconds are marked implied', () => {
  const [run] = parseFixture('seed000-0.4-mysql5149-plugin-read-write.txt').runs;
  assert.deepEqual(run.general.event_time_total, { value: 1199.0227, text: '1199.0227', unit: 's', line: 14, implied: true });
  const [run05] = parseFixture('hand-0.5-intervals-nocomma-p99.txt').runs;
  assert.equal(run05.general.event_time_total.implied, undefined, '0.5 prints the "s"');
});

test('latency percentile keeps the rank the tool printed (approx. 95/99 percentile, 99th percentile)', () => {
  const seed = parseFixture('seed000-0.4-mysql5149-plugin-read-write.txt').runs[0].latency;
  assert.equal(seed.percentile.rank, 95);
  assert.deepEqual(seed.percentile.value, { value: 69.2, text: '69.20', unit: 'ms', line: 19 });
  assert.equal(seed.max.value, 820.2);
  const v04 = parseFixture('hand-0.4.12.10-intermediate-results-annotated.txt').runs[0];
  assert.equal(v04.latency.percentile.rank, 99);
  assert.equal(v04.latency.percentile.value.value, 22.87);
  const v11 = parseFixture('hand-1.1.0-cpu-throughput-2runs-histogram.txt').runs[0];
  assert.equal(v11.latency.percentile.rank, 99);
  assert.equal(v11.options.percentile, 99);
});

test('1.0 "Latency (ms)" values carry no suffix, so their unit is ms and implied', () => {
  const [run] = parseFixture('real-1.0.20-mariadb-oltp_read_write-t1.txt').runs;
  assert.deepEqual(run.latency.avg, { value: 3.35, text: '3.35', unit: 'ms', line: 29, implied: true });
  assert.equal(run.latency.sum.value, 14980.98);
  assert.deepEqual(run.queries_rate.rate, { value: 5960.47, text: '5960.47', unit: 'queries/s', line: 19 });
});

test('values ending at column 51 (≤1.0.12) and 53 (≥1.0.13) both parse: labels are matched, not columns', () => {
  const old = parseFixture('hand-1.0.12-summary-only-headless-col51.txt').runs[0];
  const now = parseFixture('real-1.0.20-cpu.txt').runs[0];
  assert.equal(old.latency.max.value, 27.36);
  assert.equal(old.latency.sum.value, 79581.3);
  assert.equal(now.latency.max.value, 15.18);
  assert.equal(now.cpu_speed.events_per_s.value, 2484.28);
});

test('interval lines: every sample is kept with its line and the values the layout printed', () => {
  const { intervals } = parseFixture('real-1.0.20-mariadb-oltp_read_write-t4-interval.txt').runs[0];
  assert.equal(intervals.samples.count, 30);
  assert.equal(intervals.percentile, 95);
  assert.deepEqual(rowsOf(intervals.samples)[0], {
    line: 13, t: 1, threads: 4, tps: 630.42, qps: 12647.29, reads: 8860.8, writes: 2521.67, other: 1264.83,
    latency: 12.75, errors: 0, reconnects: 0,
  });
  assert.equal(intervals.samples.t[29], 30);
  assert.equal(intervals.units.tps, 'tx/s');
});

test('0.4.12.10 "Intermediate results: 8 threads" and 0.5 "threads: 8," samples read the same fields', () => {
  const v04 = parseFixture('hand-0.4.12.10-intermediate-results-annotated.txt').runs[0].intervals;
  assert.equal(v04.samples.count, 3);
  assert.deepEqual(rowsOf(v04.samples)[0], { line: 16, t: 5, threads: 4, tps: 301.204817, reads: 4216.867438, writes: 1204.819268, latency: 19.07211 });
  const v05 = parseFixture('hand-0.5-intervals-errors-reconnects-forced-shutdown.txt').runs[0].intervals;
  assert.deepEqual(rowsOf(v05.samples)[1], { line: 17, t: 20, threads: 4, tps: 876.9, reads: 12276.6, writes: 0, latency: 5.08, errors: 0.1, reconnects: 0 });
  assert.deepEqual(Object.keys(v05.units), ['t', 'tps', 'reads', 'writes', 'latency', 'errors', 'reconnects']);
});

test('--rate queue lines join the sample of the same second', () => {
  const samples = rowsOf(parseFixture('real-1.0.20-cpu-rate-queue-p99.txt').runs[0].intervals.samples);
  assert.equal(samples.length, 2);
  assert.deepEqual(samples[1], { line: 18, t: 2, threads: 2, latency: 104.84, eps: 1786.25, queue_length: 197, concurrency: 1 });
});

test('an interval with no completed event reports latency null, not 0 ms', () => {
  const [first, second] = rowsOf(parseFixture('hand-1.0.9-intervals-elided.txt').runs[0].intervals.samples);
  assert.equal(first.tps, 0);
  assert.equal(first.latency, null);
  assert.equal(second.latency, 99.33);
});

test('FATAL lines fail the run; identical repeats fold into one message with a count and every line', () => {
  const doc = parseFixture('hand-1.0.9-deprecated-options-fatal-folded.txt');
  const [run] = doc.runs;
  assert.equal(run.status, 'failed');
  assert.deepEqual(run.missing, ['summary']);
  const lost = run.messages.find((m) => m.text.includes('error 2013'));
  assert.equal(lost.level, 'FATAL');
  assert.equal(lost.count, 3);
  assert.deepEqual(lost.lines, [18, 20, 22]);
  assert.equal(rowsOf(run.intervals.samples).length, 2, 'samples printed before the failure are kept');
  assert.deepEqual(run.messages.filter((m) => m.level === 'WARNING').map((m) => m.line), [2, 3], 'deprecation warnings before the banner belong to the run');
  assert.deepEqual(doc.notes, [{ line: 1, text: 'Running in 4 threads', kind: 'wrapper' }]);
});

test('a non-fatal ALERT mid-run leaves the run ok with its summary', () => {
  const [run] = parseFixture('hand-0.5-alert-mid-run-comma.txt').runs;
  assert.equal(run.status, 'ok');
  assert.deepEqual(run.messages.map((m) => [m.level, m.count]), [['ALERT', 3]]);
  assert.equal(run.transactions.rate.value, 1194.31);
});

test('prepare followed by run in one file yields two runs', () => {
  const doc = parseFixture('hand-0.4.12-prepare-plus-run-wrapper.txt');
  assert.deepEqual(doc.runs.map((r) => [r.command, r.status, r.lines.first]), [['prepare', 'ok', 2], ['run', 'ok', 6]]);
  assert.equal(doc.runs[1].transactions.count.value, 1832488, 'a count wider than %-6d leaves one space before "("');
  assert.equal(doc.runs[1].test.read_only, true);
  assert.equal(doc.notes[0].kind, 'wrapper');
  assert.equal(doc.provenance.tool.version, '0.4.12');
});

test('two concatenated 1.1 runs, each after its shell command line, yield two runs with command and test name', () => {
  const doc = parseFixture('hand-1.1.0-cpu-throughput-2runs-histogram.txt');
  assert.equal(doc.runs.length, 2);
  assert.deepEqual(doc.runs.map((r) => [r.command, r.test.name]), [['run', 'cpu'], ['run', 'cpu']]);
  assert.equal(doc.runs[0].throughput.events.value, 31205);
  assert.equal(doc.runs[1].histogram.buckets.length, 5);
  assert.deepEqual(doc.runs[1].histogram.buckets[3], { value: 49.213, count: 290, line: 54 });
  assert.equal(doc.runs[0].histogram, undefined);
});

test('summaries pasted one after another without banners become separate headless runs', () => {
  const seed = ['plugin-read-write', 'plugin-read-only'].map((s) => read(`seed000-0.4-mysql5149-${s}.txt`)).join('\n');
  const doc = parse(seed);
  assert.deepEqual(doc.runs.map((r) => [r.transactions.rate.value, r.missing]), [[112.32, ['header']], [214.87, ['header']]]);
  assert.equal(doc.runs[1].transactions.rate.line, 22 + 1 + 7);
});

test('interval lines after a finished summary start the next run instead of joining the finished one', () => {
  const text = `${read('hand-1.0.12-summary-only-headless-col51.txt')}[ 1s ] thds: 2 eps: 2025.39 lat (ms,95%): 16.41\n`;
  const doc = parse(text);
  assert.equal(doc.runs.length, 2);
  assert.equal(doc.runs[0].intervals, undefined);
  assert.deepEqual([doc.runs[1].status, rowsOf(doc.runs[1].intervals.samples)[0].eps], ['incomplete', 2025.39]);
});

test('a full-width-colon copy parses like the original', () => {
  const [run] = parseFixture('hand-0.4.12-myisam-fullwidth-colons.txt').runs;
  assert.equal(run.options.threads.value, 4);
  assert.equal(run.general.event_time_total.value, 98.3021);
  assert.equal(run.latency.percentile.value.value, 9.14);
  assert.equal(run.transactions.rate.value, 812.4);
});

test('CRLF input parses the same as LF input', () => {
  for (const name of ['hand-0.4.12.10-intermediate-results-annotated.txt', 'real-1.0.20-cpu-histogram-interval.txt']) {
    const lf = read(name);
    const crlf = lf.replace(/\n/g, '\r\n');
    const strip = ({ provenance, ...rest }) => rest;
    assert.deepEqual(strip(parse(crlf)), strip(parse(lf)), name);
    assert.ok(parse(crlf).runs[0].latency.max.value > 0);
  }
});

test('re-indented copies (four leading TABs, trailing blanks) keep every figure and line', () => {
  const original = read('seed000-0.4-mysql559-read-write.txt');
  const mangled = original.split('\n').map((l) => (l ? `\t\t\t\t${l.trim()} \t` : l)).join('\n');
  const strip = ({ provenance, ...rest }) => rest;
  assert.deepEqual(strip(parse(mangled)), strip(parse(original)));
});

test('author annotations after a TAB become notes and do not spoil the value', () => {
  const doc = parseFixture('hand-0.4.12.10-intermediate-results-annotated.txt');
  const [run] = doc.runs;
  assert.equal(run.queries.read.value, 61782);
  assert.equal(run.general.total_time.value, 15.0017);
  assert.deepEqual(doc.notes.find((n) => n.line === 35), { line: 35, text: 'wall clock', kind: 'annotation' });
  assert.deepEqual(doc.warnings, []);
});

test('a fragment without a summary is incomplete, not an error', () => {
  const [run] = parseFixture('hand-1.0.15-rate-queue-snipped.txt').runs;
  assert.equal(run.status, 'incomplete');
  assert.deepEqual(run.missing, ['summary']);
  assert.equal(rowsOf(run.intervals.samples).length, 2);
  const headless = parseFixture('hand-1.0.20-headless-fatal.txt').runs[0];
  assert.deepEqual([headless.status, headless.missing], ['failed', ['header', 'summary']]);
});

test('a summary cut off where the file ends keeps what it printed and is marked incomplete, as a run cut in its intervals is', () => {
  const whole = read('seed000-0.4-mysql5149-plugin-read-write.txt').split('\n');
  const doc = parse(whole.slice(0, 12).join('\n'), { source: 'cut.txt' });
  const [run] = doc.runs;
  assert.equal(run.status, 'incomplete');
  assert.deepEqual(run.missing, ['header', 'summary']); // this seed paste starts at its statistics
  assert.deepEqual(doc.incomplete, { reason: 'the last run (lines 1–12) stops before the end of its summary ("total number of events:" is not there)', line: 12 });
  // The figures it did print are the ones on their lines.
  const printed = whole.findIndex((l) => /^\s+transactions:/.test(l)) + 1;
  assert.ok(printed <= 12);
  assert.equal(run.transactions.rate.line, printed);
  assert.ok(whole[printed - 1].includes(`(${run.transactions.rate.text} per sec.)`));
});

test('a file cut inside the count on its transactions line says the output stops on that line, not on the line before', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const whole = read('real-1.0.20-mariadb-oltp_read_write-t1.txt');
  const at = whole.indexOf('4471   (298.02');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-cut-'));
  try {
    writeFileSync(join(dir, 'cut.txt'), whole.slice(0, at + 2)); // "    transactions:   44"
    const doc = await parseFile(join(dir, 'cut.txt'), { source: 'cut.txt' });
    const line = whole.slice(0, at).split('\n').length;
    assert.equal(doc.runs[0].status, 'incomplete');
    assert.equal(doc.incomplete.line, line);
    assert.match(doc.incomplete.reason, /^the file ends inside a number, without a line end; that last line is left out, so the last run \(lines 1–\d+\) stops before the end of its summary/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file cut after a number but inside its line (or inside a word) keeps what it read, incomplete from that line, on disk and in memory alike', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-cut-'));
  try {
    for (const [file, marker] of [['real-1.0.20-mariadb-oltp_read_write-t1.txt', '(298.02 '], ['real-1.0.20-mariadb-oltp_read_write-t1.txt', '(298.02 per'], [OLTP_INTERVALS, 'transactions:']]) {
      const whole = read(file);
      const cutText = whole.slice(0, whole.indexOf(marker) + marker.length);
      writeFileSync(join(dir, 'cut.txt'), cutText);
      const line = cutText.split('\n').length;
      for (const doc of [await parseFile(join(dir, 'cut.txt'), { source: 'cut.txt' }), parseText(cutText, { source: 'cut.txt' })]) {
        assert.equal(doc.runs[0].status, 'incomplete', marker);
        assert.equal(doc.incomplete.line, line, marker);
        assert.match(doc.incomplete.reason, /^the file ends without a line end, in a line that does not read whole \(expected .*\); that last line is left out, so the last run/, marker);
      }
    }
    // Cut after a key, with or without blanks after it: nothing of its value is there, and the line was not empty.
    for (const rest of ['', '      ']) {
      const cutText = read(OLTP_INTERVALS).slice(0, read(OLTP_INTERVALS).indexOf('transactions:') + 13) + rest;
      assert.match(parseText(cutText, { source: 'cut.txt' }).incomplete.reason, /\(expected a count and "\(N per sec\.\)" for transactions, found the end of the line\)/);
    }
    // The interval lines before the cut are all kept.
    const intervals = read(OLTP_INTERVALS).slice(0, read(OLTP_INTERVALS).indexOf('transactions:')).split('\n').filter((l) => /^\[ \d+s \] /.test(l)).length;
    assert.ok(intervals >= 30);
    assert.equal(parseText(read(OLTP_INTERVALS).slice(0, read(OLTP_INTERVALS).indexOf('transactions:') + 13), { source: 'cut.txt' }).runs[0].intervals.samples.count, intervals);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a figure that is not a number is refused with its line and column', () => {
  const text = read('real-1.0.20-mariadb-oltp_read_write-t1.txt').replace('4471   (298.02', '44x1   (298.02');
  const error = refusal(() => parse(text, { source: 'bad.txt' }));
  assert.ok(error instanceof Problem);
  assert.equal(error.toString(), 'bad.txt:18:42: expected a number for transactions, found "44x1"');
});

/** `text` with its line `n` (1-based) replaced by what `change` makes of it. */
const withLine = (text, n, change) => text.split('\n').map((line, i) => (i === n - 1 ? change(line) : line)).join('\n');
const OLTP_INTERVALS = 'real-1.0.20-mariadb-oltp_read_write-t4-interval.txt';
const OLTP_SHAPE = '"[ Ns ] thds: N tps: N qps: N (r/w/o: N/N/N) lat (ms,P%): N err/s: N reconn/s: N"';

test('an interval line broken in the middle of a log is refused where it stops reading as one, not dropped with a warning', () => {
  const log = read(OLTP_INTERVALS);
  const cut = withLine(log, 16, (line) => line.slice(0, line.indexOf('(r/w/o') + 3));
  const cutError = refusal(() => parse(cut, { source: 'bad.txt' }));
  assert.ok(cutError instanceof Problem);
  assert.deepEqual([cutError.line, cutError.column, cutError.rule], [16, 42, 'sysbench/interval']);
  assert.equal(cutError.toString(), `bad.txt:16:42: expected a whole interval line, ${OLTP_SHAPE}, found "(r/"`);
  const twice = withLine(log, 16, (line) => line.replace(' qps:', ' tps: 9999.99 qps:'));
  const twiceError = refusal(() => parse(twice, { source: 'bad.txt' }));
  assert.equal(twiceError.rule, 'sysbench/interval');
  assert.equal(twiceError.toString(), `bad.txt:16:28: expected a whole interval line, ${OLTP_SHAPE}, found "tps: 9999.99 qps: 17814.63 (r/w/o: 12469.04/3563.73/1781.86…"`);
});

test('the same broken interval line as the last line of a file is where the file was cut: the run is kept, incomplete', () => {
  const head = read(OLTP_INTERVALS).split('\n').slice(0, 15).join('\n');
  const cut = withLine(head, 15, (line) => line.slice(0, line.indexOf('(r/w/o') + 3));
  for (const text of [cut, `${cut}\n`, `${cut}\n\n`]) {
    const doc = parse(text);
    assert.equal(doc.runs[0].status, 'incomplete');
    assert.deepEqual(doc.runs[0].intervals.samples.t, [1, 2]);
    assert.deepEqual(doc.warnings.map((w) => [w.line, w.message]), [[15, 'the file ends on this interval line, which is not whole; left out']]);
    assert.equal(doc.incomplete.reason, 'the last run (lines 1–14) stops before its summary');
  }
});

test('an interval value past the largest double is refused as the summary refuses it, not read as a failed interval', () => {
  const log = read(OLTP_INTERVALS);
  const sample = refusal(() => parse(withLine(log, 16, (line) => line.replace('tps: 890.93', 'tps: 890.93e99999')), { source: 'bad.txt' }));
  assert.ok(sample instanceof Problem);
  assert.deepEqual([sample.line, sample.column, sample.rule], [16, 21, 'number-range']);
  assert.equal(sample.toString(), 'bad.txt:16:21: expected a number for interval tps within what a double holds (at most about 1.8e308), found "890.93e99999"');
  const summary = refusal(() => parse(withLine(log, 49, (line) => line.replace('1036.51', '1036.51e99999')), { source: 'bad.txt' }));
  assert.deepEqual([summary.line, summary.rule], [49, 'number-range']);
});

test('an interval value printed as inf is no value, like nan, and keeps its sample', () => {
  const log = withLine(read('real-1.0.20-cpu-rate-queue-p99.txt'), 16, (line) => line.replace('eps: 2025.39', 'eps: inf'));
  const doc = parse(log);
  assert.deepEqual(doc.runs[0].intervals.samples.eps, [null, 1786.25]);
  assert.deepEqual(doc.warnings, []);
});

test('a line the parser does not know becomes a warning that names it', () => {
  const doc = parseFixture('hand-1.0.20-pasted-with-prose-line.txt');
  assert.deepEqual(doc.warnings, [{ line: 12, message: 'unrecognised line', text: 'Results for MariaDB 10.11 with the 8G buffer pool:' }]);
  assert.equal(doc.runs[0].status, 'ok');
});

test('checkpoint reports keep their own summary; the final report stays on the run', () => {
  const [run] = parseFixture('hand-1.1.0-checkpoints.txt').runs;
  assert.equal(run.checkpoints.length, 1);
  assert.equal(run.checkpoints[0].t.value, 5);
  assert.equal(run.checkpoints[0].throughput.events.value, 7901);
  assert.equal(run.throughput.events.value, 15780);
  assert.equal(run.status, 'ok');
});

test('streaming a file gives the same document as parsing its text', async () => {
  const name = 'real-1.0.20-mariadb-oltp_read_write-t4-interval.txt';
  const streamed = await parseFile(join(FIXTURES, name), { source: name });
  assert.deepEqual(streamed, parse(read(name), { source: name }));
});

test('the format describes itself for the registry', () => {
  assert.equal(format.name, 'sysbench');
  assert.match(format.version, /^\d+\.\d+\.\d+$/);
  assert.equal(format.title, 'sysbench 0.4, 0.5, 1.0, 1.1');
  assert.equal(typeof format.produces, 'string');
  assert.ok(!format.produces.includes('\n'));
});

test('parse() takes the database driver from a "$ sysbench … --db-driver=NAME" line, which the output never names', () => {
  const name = 'real-1.0.20-pgsql-transcript-oltp_read_only-t2.txt';
  const text = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'sysbench', name), 'utf8');
  const doc = parse(text, { source: name });
  assert.equal(doc.runs[0].options.db_driver, /--db-driver=(\S+)/.exec(text.split('\n')[0])[1]);
  assert.equal(doc.runs[0].options.db_driver, 'pgsql');
  const bare = parse(text.split('\n').slice(1).join('\n'), { source: name });
  assert.equal(bare.runs[0].options.db_driver, undefined);
});
