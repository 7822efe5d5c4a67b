// Contract of the tpcc-mysql parser. No tpcc-mysql build exists on this
// machine, so every fixture under tests/fixtures/tpcc-mysql (and the inline
// texts here) is a hand-made layout variant written from the printf formats in
// FORMATS.md §6: old and new interval layouts, wrapped lines, markdown escapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse, format, unescapeCopy } from '../../scripts/parse/tpcc-mysql.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'tpcc-mysql');
const fixture = (name) => readFileSync(join(FIXTURES, name), 'utf8');

test('parse() never lets the password into the document and records that it was redacted', () => {
  for (const [name, secret] of [['new-layout-full-run-ms.txt', 'S3cret!pw'], ['markdown-escaped-double-spaced-old.txt', 'hunter2'], ['connection-refused-no-result.txt', 'Pa55word']]) {
    const doc = parse(fixture(name));
    assert.ok(!JSON.stringify(doc).includes(secret), `${name} leaks the password`);
    assert.equal(doc.password_redacted, true);
    assert.deepEqual(doc.redactions.map((r) => r.field), ['option p', '[pass]']);
    assert.deepEqual(doc.options.find((o) => o.name === 'p'), { name: 'p', value: null, line: doc.redactions[0].line, redacted: true });
  }
});

test('parse() redacts a password repeated in a warning or an error', () => {
  const text = `${fixture('new-layout-full-run-ms.txt')}\nlogin as bench/S3cret!pw failed over\n`;
  const doc = parse(text);
  assert.ok(!JSON.stringify(doc).includes('S3cret!pw'));
  const broken = fixture('new-layout-full-run-ms.txt').replace('[0] sc:2107', '[0] S3cret!pw sc:2107');
  assert.throws(() => parse(broken), (e) => e instanceof Problem && !e.toString().includes('S3cret!pw') && e.toString().includes('[redacted]'));
});

test('parse() says an empty password hid nothing', () => {
  const doc = parse(fixture('old-layout-seconds.txt'));
  assert.equal(doc.password_redacted, false);
  assert.deepEqual(doc.redactions.map((r) => r.empty), [true, true]);
});

test('parse() keeps TpmC per minute and the measured seconds it was computed over', () => {
  const doc = parse(fixture('new-layout-full-run-ms.txt'));
  assert.deepEqual(doc.tpmc, { value: 28264.6, text: '28264.600', unit: 'tx/min', line: 66 });
  assert.equal(doc.raw_results.measured.value, 300);
  assert.equal(doc.raw_results.measured.unit, 's');
  const [newOrder] = doc.raw_results.rows;
  assert.equal((newOrder.sc.value + newOrder.lt.value) * 60 / doc.raw_results.measured.value, doc.tpmc.value);
  assert.equal(doc.status, 'complete');
});

test('parse() records the new interval layout in milliseconds and the old one in seconds', () => {
  const fresh = parse(fixture('new-layout-full-run-ms.txt')).intervals;
  assert.equal(fresh.layout, 'new');
  assert.deepEqual(fresh.units, { time: 's', count: 'count', p95: 'ms', p99: 'ms', max: 'ms' });
  assert.deepEqual(fresh.samples[0].new_order, { count: 4711, p95: 21.84, p99: 33.102, max: 88.412 });
  assert.deepEqual(fresh.samples[0].stock_level, { count: 472, max: 95.003 });
  assert.equal(fresh.samples[3].time, 300);
  const old = parse(fixture('old-layout-seconds.txt')).intervals;
  assert.equal(old.layout, 'old');
  assert.equal(old.units.p90, 's');
  assert.deepEqual(old.samples[1].new_order, { count: 1811, late: 2, p90: 0.433, max: 5.118 });
});

test('parse() reads avg_rt and its limit as milliseconds the tool did not name', () => {
  const row = parse(fixture('new-layout-full-run-ms.txt')).raw_results.rows[3];
  assert.equal(row.transaction, 'delivery');
  assert.deepEqual(row.avg_rt, { value: 72.5, text: '72.5', unit: 'ms', line: 41, implied: true });
  assert.equal(row.limit.value, 80);
  const old = parse(fixture('old-layout-seconds.txt')).raw_results.rows[0];
  assert.equal(old.avg_rt, undefined);
  assert.equal(old.lt.value, 2);
});

test('parse() joins interval lines a terminal wrapped, even when the cut falls inside a number', () => {
  const { samples } = parse(fixture('terminal-wrapped-intervals.txt')).intervals;
  assert.equal(samples.length, 4);
  assert.deepEqual(samples[0].lines, { first: 3, last: 4 });
  assert.equal(samples[0].stock_level.max, 3301.776);
  assert.equal(samples[1].stock_level.max, 3108.441, '"…81|3" + "108.441" is one number');
  assert.equal(samples[3].lines, undefined);
});

test('parse() reads markdown-escaped, double-spaced copies like the original', () => {
  const doc = parse(fixture('markdown-escaped-double-spaced-old.txt'));
  assert.equal(doc.provenance.tool.name, 'tpcc-mysql');
  assert.equal(doc.parameters.warehouse.value, 2);
  assert.equal(doc.raw_results2.rows.length, 5);
  assert.equal(doc.constraint_check.response_time[0].flag, 'OK');
  assert.equal(doc.tpmc.value, 1850);
  assert.deepEqual(doc.notes, [{ line: 107, text: '# 2 warehouses only', kind: 'annotation' }]);
  assert.equal(unescapeCopy('&lt;Raw Results2(sum ver.)>'), '<Raw Results2(sum ver.)>');
});

test('parse() keeps constraint flags as data: NG is not a parse failure', () => {
  const { constraint_check: check } = parse(fixture('new-layout-full-run-ms.txt'));
  assert.deepEqual(check.transaction_percentage[0], {
    name: 'Payment', transaction: 'payment', line: 54,
    percent: { value: 43.48, text: '43.48', unit: 'percent', line: 54 },
    minimum: { value: 43, text: '43.0', unit: 'percent', line: 54 },
    flag: 'OK',
  });
  assert.deepEqual(check.response_time.map((c) => c.flag), ['NG', 'NG', 'OK', 'NG', 'NG']);
});

test('parse() accepts a headless tail, "95:" without "%", and lists what is missing', () => {
  const doc = parse(fixture('headless-tail-95-without-percent.txt'));
  assert.deepEqual(doc.missing, ['banner', 'parameters']);
  assert.equal(doc.intervals.samples[1].time, 1000);
  assert.equal(doc.intervals.samples[1].new_order.p95, 99.015);
  assert.equal(doc.tpmc.value, 8992.38);
});

test('parse() turns a run that could not connect into a failed document with the error line', () => {
  const doc = parse(fixture('connection-refused-no-result.txt'));
  assert.equal(doc.status, 'failed');
  assert.equal(doc.tpmc, null);
  assert.deepEqual(doc.messages, [{ level: 'error', text: "2003, HY000, Can't connect to MySQL server on '10.0.0.99:3306' (111)", line: 23 }]);
});

test('parse() refuses a number that does not parse and points at its field', () => {
  const text = fixture('old-layout-seconds.txt').replace('1843(0):0.421|1.207', '1843(0):0.4x1|1.207');
  assert.throws(() => parse(text), (e) => e instanceof Problem && e.line === 27 && e.column === 7 && /found "1843\(0\):0\.4x1\|1\.207"/.test(e.message));
});

test('parse() refuses a <Raw Results> block cut off at the end of the file', () => {
  const text = fixture('old-layout-seconds.txt').split('\n').slice(0, 37).join('\n');
  assert.throws(() => parse(text), (e) => e instanceof Problem && e.rule === 'tpcc-truncated' && /3 of 5 transaction rows/.test(e.message));
});

test('detect() recognises tpcc-mysql from its blocks, not the banner alone, and ignores other tools', () => {
  assert.ok(format.detect(fixture('headless-tail-95-without-percent.txt').split('\n')) > 0);
  assert.equal(format.detect(['Vuser 1:TEST RESULT : System achieved 35576 NOPM from 81705 SQL Server TPM']), 0);
  assert.equal(format.detect(['1107.89 new-order transactions per minute (NOTPM)']), 0);
  assert.equal(detectFormat(fixture('markdown-escaped-double-spaced-old.txt').split('\n')).name, 'tpcc-mysql');
});
