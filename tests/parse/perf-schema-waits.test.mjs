// The perf-schema-waits parser's contract: performance_schema's wait summary
// and the sys views over it in every client form, times as printed and in
// seconds, snapshots in order with their markers, and the change from the
// first snapshot to the last ranked by total wait time, and over every
// interval between two consecutive snapshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse, readTime } from '../../scripts/parse/perf-schema-waits.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'perf-schema-waits');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const byName = (events, name) => events.find((e) => e.name === name);

test('readTime() reads every unit sys.format_time prints, with seconds derived', () => {
  // The examples of the MariaDB sys.format_time reference page.
  const cases = [
    ['43 ps', 'ps', 43e-12], ['4.32 ns', 'ns', 4.32e-9], ['43.21 us', 'us', 43.21e-6], ['432.11 ms', 'ms', 0.43211],
    ['7.20 m', 'min', 432], ['1.20 h', 'h', 4320], ['5.00 d', 'd', 432000], ['71.45 w', 'w', 43212960],
  ];
  for (const [text, unit, seconds] of cases) {
    const time = readTime(text, 7);
    assert.equal(time.parts[0].unit, unit, text);
    assert.equal(time.seconds.value, seconds, text);
    assert.deepEqual([time.seconds.unit, time.seconds.derived, time.seconds.line], ['s', true, 7], text);
  }
});

test('readTime() keeps a time printed in seconds as its own seconds figure, not a derived one', () => {
  assert.deepEqual(readTime('43.21 s', 3).seconds, { value: 43.21, text: '43.21', unit: 's', line: 3 });
});

test('readTime() reads FORMAT_PICO_TIME minutes, the first mysql-sys µs and SEC_TO_TIME, and bare picoseconds (implied)', () => {
  assert.equal(readTime('3.15 min', 1).seconds.value, 189);
  assert.deepEqual([readTime('342.34 µs', 1).parts[0].unit, readTime('342.34 µs', 1).seconds.value], ['us', 0.00034234]);
  assert.deepEqual([readTime('342.34 μs', 1).parts[0].unit], ['us']);
  const clock = readTime('00:05:42', 1);
  assert.deepEqual(clock.parts.map((p) => p.unit), ['h', 'min', 's']);
  assert.equal(clock.seconds.value, 342);
  assert.deepEqual(readTime('44387547356', 2).parts[0], { value: 44387547356, text: '44387547356', unit: 'ps', line: 2, implied: true });
  assert.equal(readTime('44387547356', 2).seconds.value, 0.044387547356);
  assert.equal(readTime('1.2 fortnights', 1), null);
});

test('parse() reads every column of the performance_schema table, picoseconds as implied ps and seconds', () => {
  const [snapshot] = parseFixture('mariadb-10.11-table-verbose-all-columns-top10.txt').snapshots;
  assert.deepEqual([snapshot.view, snapshot.view_from, snapshot.form], ['performance_schema.events_waits_summary_global_by_event_name', 'statement', 'table']);
  assert.equal(snapshot.events.length, 10);
  const tree = byName(snapshot.events, 'wait/synch/sxlock/innodb/index_tree_rw_lock');
  assert.deepEqual(tree.count, { value: 580651, text: '580651', unit: 'count', line: 11 });
  assert.equal(tree.sum.text, '44387547356');
  assert.deepEqual(tree.sum.parts[0], { value: 44387547356, text: '44387547356', unit: 'ps', line: 11, implied: true });
  assert.equal(tree.sum.seconds.value, 0.044387547356);
  assert.equal(tree.min.seconds.value, 386e-12);
  assert.equal(byName(snapshot.events, 'idle').min.seconds.value, 0);
});

test('parse() reads a column subset in batch form and leaves absent columns out', () => {
  const [snapshot] = parseFixture('mariadb-10.11-batch-innodb-column-subset.txt').snapshots;
  assert.deepEqual(snapshot.columns, ['EVENT_NAME', 'COUNT_STAR', 'SUM_TIMER_WAIT', 'AVG_TIMER_WAIT']);
  const mutex = byName(snapshot.events, 'wait/synch/mutex/innodb/buf_pool_mutex');
  assert.deepEqual(Object.keys(mutex), ['index', 'line', 'name', 'count', 'sum', 'avg']);
  assert.equal(mutex.sum.seconds.value, 0.004548504726);
});

test('parse() reads \\G records with each figure on its own line', () => {
  const [snapshot] = parseFixture('mariadb-10.11-vertical-innodb-top5.txt').snapshots;
  assert.equal(snapshot.form, 'vertical');
  const latch = snapshot.events[1];
  assert.equal(latch.name, 'wait/synch/rwlock/innodb/trx_rseg_latch');
  assert.deepEqual(latch.lines, { first: 8, last: 14 });
  assert.equal(latch.max.parts[0].line, 14);
});

test('parse() reads sys.waits_global_by_latency: events / total / *_latency, times as format_time printed them', () => {
  const [snapshot] = parseFixture('mariadb-10.11-sys-table-verbose-innodb.txt').snapshots;
  assert.equal(snapshot.view, 'sys.waits_global_by_latency');
  const latch = byName(snapshot.events, 'wait/synch/rwlock/innodb/trx_rseg_latch');
  assert.equal(latch.count.value, 195533);
  assert.deepEqual([latch.sum.text, latch.sum.parts[0].unit, latch.sum.seconds.value], ['15.91 ms', 'ms', 0.01591]);
  assert.deepEqual([latch.max.text, latch.max.seconds.value], ['292.43 us', 0.00029243]);
  assert.equal(latch.min, undefined);
});

test('parse() tells the sys view from its x$ twin by the times when no statement names it', () => {
  assert.equal(parseFixture('mariadb-10.11-sys-x-batch-innodb.txt').snapshots[0].view, 'sys.x$waits_global_by_latency');
  const sys = parseFixture('mariadb-10.11-sys-vertical-top4.txt').snapshots[0];
  assert.deepEqual([sys.view, sys.view_from], ['sys.waits_global_by_latency', 'columns']);
  assert.deepEqual([sys.events[0].sum.text, sys.events[0].sum.seconds.value], ['5.00 s', 5]);
});

test('parse() keeps snapshots in order with their `-- snapshot t=` and one-column NOW() markers', () => {
  const doc = parseFixture('mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt');
  assert.equal(doc.snapshots.length, 3);
  assert.deepEqual(doc.snapshots.map((s) => s.events.length), [37, 37, 37]);
  assert.deepEqual(doc.snapshots[1].markers, [
    { kind: 'comment', line: 42, text: '-- snapshot t=10', t: { value: 10, text: '10', unit: 's', line: 42, implied: true } },
    { kind: 'result', line: 44, text: '2026-11-23 13:55:47', label: 'NOW()', at: '2026-11-23 13:55:47' },
  ]);
  assert.deepEqual(doc.warnings, []);
});

test('the change from the first snapshot to the last is exact from picoseconds and ranked by total wait time, not count', () => {
  const { change } = parseFixture('mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt');
  assert.deepEqual([change.from, change.to, change.ranked_by, change.exact, change.elapsed.value], [0, 2, 'sum', true, 20]);
  const [top] = change.events;
  // index_tree_rw_lock: 41299 → 580651 waits, 433821154 → 44387547356 ps.
  assert.equal(top.name, 'wait/synch/sxlock/innodb/index_tree_rw_lock');
  assert.deepEqual([top.rank, top.from_line, top.to_line], [1, 41, 123]);
  assert.deepEqual(top.count, { value: 539352, text: '539352', unit: 'count', line: 123, derived: true });
  assert.deepEqual(top.sum, { value: 0.043953726202, text: '0.043953726202', unit: 's', line: 123, derived: true });
  const sums = change.events.map((e) => e.sum.value);
  assert.deepEqual(sums, [...sums].sort((a, b) => b - a));
  // buf_pool_mutex waited more often than lock_latch but for less time, so it ranks below it.
  const rank = (name) => change.events.find((e) => e.name === name).rank;
  assert.ok(rank('wait/synch/mutex/innodb/buf_pool_mutex') > rank('wait/synch/rwlock/innodb/fil_space_latch'));
  assert.deepEqual(change.left_out, []);
});

test('every interval between consecutive snapshots is one sample per event, with t from the markers and the event\'s rank in total', () => {
  const { intervals, change } = parseFixture('mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt');
  assert.deepEqual([intervals.exact, intervals.units, intervals.left_out], [true, { t: 's' }, []]);
  assert.equal(intervals.samples.length, 2 * 37);
  const of = (name, to) => intervals.samples.find((s) => s.name === `wait/synch/${name}` && s.to === to);
  // index_tree_rw_lock, lines 41 / 82 / 123: 41299 → 313148 → 580651 waits, 433821154 → 22706517936 → 44387547356 ps.
  const first = of('sxlock/innodb/index_tree_rw_lock', 1);
  assert.deepEqual([first.from, first.to, first.t, first.rank, first.from_line, first.line], [0, 1, 10, 1, 41, 82]);
  assert.deepEqual(first.count, { value: 271849, text: '271849', unit: 'count', line: 82, derived: true });
  assert.deepEqual(first.sum, { value: 0.022272696782, text: '0.022272696782', unit: 's', line: 82, derived: true });
  const second = of('sxlock/innodb/index_tree_rw_lock', 2);
  assert.deepEqual([second.t, second.count.value, second.sum.text], [20, 267503, '0.02168102942']);
  // lock_latch, lines 40 / 81 / 122: 465043150 → 5026642926 → 8590950328 ps.
  assert.deepEqual([of('rwlock/innodb/lock_latch', 1).sum.text, of('rwlock/innodb/lock_latch', 2).sum.text], ['0.004561599776', '0.003564307402']);
  assert.equal(of('rwlock/innodb/lock_latch', 2).rank, change.events.find((e) => e.name === 'wait/synch/rwlock/innodb/lock_latch').rank);
  // The intervals add up to the first-to-last change, to the picosecond.
  const ps = (text) => BigInt(text.replace('.', '').replace(/^0+/, '') || '0') * 10n ** BigInt(12 - (text.split('.')[1] ?? '').length);
  for (const event of change.events) {
    const parts = intervals.samples.filter((s) => s.name === event.name).map((s) => ps(s.sum.text));
    assert.equal(parts.reduce((a, b) => a + b, 0n), ps(event.sum.text), event.name);
  }
});

test('an event whose figures went down in one interval is left out of that interval only, with a warning', () => {
  const text = read('mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt').split('\n');
  // lock_latch at t=20 (line 122) below its t=10 figures but above its t=0 ones.
  text[121] = 'wait/synch/rwlock/innodb/lock_latch\t100000\t1000000000\t386\t10000\t825561360';
  const doc = parse(text.join('\n'), { source: 'down.txt' });
  assert.deepEqual(doc.intervals.left_out, [{ from: 1, to: 2, name: 'wait/synch/rwlock/innodb/lock_latch', line: 122, reason: 'its figures went down (the table was truncated or the server restarted in between)' }]);
  assert.deepEqual(doc.warnings.map((w) => [w.line, w.message]), [[122, 'wait/synch/rwlock/innodb/lock_latch is left out of the change from snapshot 2 to 3: its figures went down (the table was truncated or the server restarted in between)']]);
  assert.ok(doc.intervals.samples.some((s) => s.name === 'wait/synch/rwlock/innodb/lock_latch' && s.to === 1));
  assert.equal(doc.change.events.find((e) => e.name === 'wait/synch/rwlock/innodb/lock_latch').count.value, 100000 - 41260);
});

test('two snapshots give one interval; intervals whose markers name no time have t null', () => {
  const doc = parseFixture('mariadb-10.11-sys-x-vertical-snapshots-now-top3.txt');
  assert.deepEqual(doc.intervals.samples.map((s) => [s.from, s.to, s.t]), [[0, 1, 5], [0, 1, 5], [0, 1, 5]]);
  const bare = parse(read('mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt').split('\n').filter((l) => !/^(--|NOW\(\)|2026-)/.test(l)).join('\n'), { source: 'bare.txt' });
  assert.deepEqual([...new Set(bare.intervals.samples.map((s) => s.t))], [null]);
});

test('the change from formatted sys times is approximate and says so', () => {
  const { change } = parseFixture('mariadb-10.11-sys-table-verbose-snapshots-sysbench-t0-t10-t20.txt');
  assert.equal(change.exact, false);
  assert.equal(change.elapsed.value, 20);
  // 44.39 ms − 433.82 us
  assert.deepEqual([change.events[0].name, change.events[0].sum.value], ['wait/synch/sxlock/innodb/index_tree_rw_lock', 0.04395618]);
});

test('\\G snapshots split at each result\'s `1. row`; `NOW(): …` inside a record marks the next snapshot', () => {
  const doc = parseFixture('mariadb-10.11-sys-x-vertical-snapshots-now-top3.txt');
  assert.deepEqual(doc.snapshots.map((s) => [s.events.length, s.markers[0].at]), [[3, '2026-11-23 13:56:07'], [3, '2026-11-23 13:56:12']]);
  assert.deepEqual([doc.change.elapsed.value, doc.change.exact], [5, true]);
  assert.equal(doc.change.events[0].sum.text, '0.00262691528');
});

test('a capture cut inside a later snapshot keeps the snapshots before it, marked incomplete', () => {
  const doc = parseFixture('mariadb-10.11-sys-table-verbose-snapshots-cut-in-third-table.txt');
  assert.equal(doc.snapshots.length, 2);
  assert.match(doc.incomplete.reason, /closing border .* the snapshot cut there is left out/);
  assert.equal(doc.change.to, 1);
});

test('a capture that stops after a snapshot marker, before its result, is marked incomplete when every snapshot had a marker', () => {
  const doc = parseFixture('mariadb-10.11-batch-snapshots-cut-after-second-marker.txt');
  assert.equal(doc.snapshots.length, 1);
  assert.deepEqual(doc.incomplete, { reason: 'the file ends after the marker of snapshot 2 at line 44, before its wait summary', line: 44 });
  assert.equal(doc.change, undefined);
});

test('an event missing from the last snapshot is left out of the change with a warning; a new one counts from zero, with a warning in this top-3 capture', () => {
  const text = read('mariadb-10.11-sys-x-vertical-snapshots-now-top3.txt').split('\n');
  // Drop the last snapshot's third record (lines 35–40) and the first snapshot's second (lines 9–14).
  const cut = text.filter((_, i) => !(i >= 34 && i <= 39) && !(i >= 8 && i <= 13)).join('\n');
  const doc = parse(cut, { source: 'cut.txt' });
  assert.deepEqual(doc.change.left_out.map((e) => e.name), ['wait/synch/rwlock/innodb/lock_latch']);
  assert.deepEqual(doc.warnings.map((w) => w.text), ['wait/synch/rwlock/innodb/lock_latch', 'wait/synch/rwlock/innodb/trx_rseg_latch']);
  assert.match(doc.warnings[1].message, /is not in snapshot 1 .*, whose 2 events, largest first, look like the top rows of a LIMIT/);
  const fresh = doc.change.events.find((e) => e.name === 'wait/synch/rwlock/innodb/trx_rseg_latch');
  assert.deepEqual([fresh.from_line, fresh.count.value], [null, 306762]);
});

test('parse() refuses a per-thread summary at its THREAD_ID cell', () => {
  assert.throws(() => parseFixture('errors/per-thread-summary-not-global.txt'), (e) => e instanceof Problem && e.rule === 'perf-schema-waits/not-global' && e.line === 8);
});

test('detect() picks perf-schema-waits for each form, with or without the statement', () => {
  for (const name of ['mariadb-10.11-batch-innodb-column-subset.txt', 'mariadb-10.11-sys-vertical-top4.txt', 'mariadb-10.11-sys-table-verbose-innodb.txt', 'mariadb-10.11-sys-x-batch-innodb.txt']) {
    assert.equal(detectFormat(read(name).split('\n')).name, 'perf-schema-waits', name);
  }
});

test('an event missing from the first snapshot of a top-rows capture (ORDER BY SUM_TIMER_WAIT DESC LIMIT N) is counted from zero with a warning; a capture of every event that waited gets none', () => {
  const name = 'mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt';
  const text = readFileSync(join(FIXTURES, name), 'utf8');
  assert.deepEqual(parse(text, { source: name }).warnings.filter((w) => /LIMIT/.test(w.message)), []);
  // The same capture as `… ORDER BY SUM_TIMER_WAIT DESC LIMIT 5` would have printed it.
  const lines = text.split('\n');
  const top = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i].startsWith('wait/')) {
      top.push(lines[i]);
      continue;
    }
    let j = i;
    while (lines[j]?.startsWith('wait/')) j += 1;
    top.push(...lines.slice(i, j).sort((a, b) => Number(b.split('\t')[2]) - Number(a.split('\t')[2])).slice(0, 5));
    i = j - 1;
  }
  const doc = parse(top.join('\n'), { source: name });
  const fromZero = doc.warnings.filter((w) => /look like the top rows of a LIMIT/.test(w.message));
  const first = new Set(doc.snapshots[0].events.map((e) => e.name));
  const missing = doc.snapshots.at(-1).events.map((e) => e.name).filter((n) => !first.has(n));
  assert.ok(missing.length > 0, 'the top five changed between the first snapshot and the last');
  assert.deepEqual(fromZero.map((w) => w.text), missing);
  assert.match(fromZero[0].message, /^wait\/\S+ is not in snapshot 1 \(lines \d+–\d+\), whose 5 events, largest first, look like the top rows of a LIMIT: its change to snapshot 3 counts from zero, which makes it everything it waited since the server started$/);
});

test('a result with fewer rows than its "N rows in set" footer counts is kept, with a note at the footer and the capture incomplete', () => {
  const name = 'mariadb-10.11-sys-table-verbose-innodb.txt';
  const lines = read(name).split('\n');
  const footerAt = lines.findIndex((l) => /^\d+ rows in set/.test(l));
  const counted = Number(lines[footerAt].split(' ')[0]);
  const whole = parseFixture(name);
  assert.equal(whole.snapshots[0].events.length, counted, 'the whole file holds as many rows as its footer counts');
  assert.equal(whole.incomplete, undefined);
  const dropped = lines.findIndex((l) => l.startsWith('| wait/'));
  const copy = [...lines.slice(0, dropped), ...lines.slice(dropped + 1)].join('\n');
  const doc = parse(copy, { source: name });
  assert.equal(doc.snapshots[0].events.length, counted - 1);
  assert.deepEqual(doc.incomplete, {
    line: footerAt, // one line up: the dropped row
    reason: `the footer at line ${footerAt} counts ${counted} rows, but the result that starts at line 5 holds ${counted - 1} (rows missing from the copy)`,
  });
  assert.ok(doc.notes.some((n) => n.kind === 'short-result' && n.line === footerAt));
});
