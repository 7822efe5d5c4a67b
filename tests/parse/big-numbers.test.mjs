// Counters reach 20 digits (a 64-bit byte, event or picosecond count), more
// than a double keeps. Such a figure keeps its printed text exactly, its value
// is the nearest double, and changes between snapshots are worked out from
// the text, so nothing is rounded twice. A number past the largest double is
// refused at its place, and a variable's value, which is text first, stays text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile } from '../../scripts/parse/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const fixture = (name) => join(ROOT, 'tests/fixtures', name);
const rawLine = (name, line) => readFileSync(fixture(name), 'utf8').split('\n')[line - 1];

/** The figure's text is the token on its raw line, and its value that text as a double. */
function assertExact(name, fig, printed) {
  assert.equal(fig.text, printed);
  assert.equal(fig.value, Number(printed));
  assert.ok(rawLine(name, fig.line).split(/\s+/).includes(printed), `${printed} is not on line ${fig.line} of ${name}`);
}

test('a 20-digit INNODB_CMP counter keeps its printed digits, with a warning that its value is rounded', async () => {
  const name = 'innodb-cmp/hand-batch-compress-ops-20-digit-counter.txt';
  const doc = await parseFile(fixture(name));
  const row = doc.tables[0].rows.find((r) => r.page_size.text === '4096');
  assertExact(name, row.compress_ops, '18446744073709551615');
  assertExact(name, row.compress_ops_ok, '18446744073709551000');
  assert.deepEqual(doc.warnings.map((w) => w.text), ['18446744073709551615', '18446744073709551000']);
});

test('a 20-digit sysbench event total keeps its printed digits', async () => {
  const name = 'sysbench/hand-1.0.20-total-events-20-digit-counter.txt';
  const doc = await parseFile(fixture(name));
  assertExact(name, doc.runs[0].general.events, '18446744073709551615');
});

test('a du -b size past 2^53 (a sparse file) keeps its printed digits as size and bytes', async () => {
  const name = 'file-sizes/du-b-sparse-size-past-2-53.txt';
  const doc = await parseFile(fixture(name));
  const file = doc.listings[0].files.find((f) => f.name.endsWith('transaction_registry.ibd'));
  assertExact(name, file.size, '9223372036854775807');
  assertExact(name, file.bytes, '9223372036854775807');
});

test('picosecond sums past 2^53 give exactly the changes and intervals of the same waits without the offset', async () => {
  const big = await parseFile(fixture('perf-schema-waits/hand-batch-snapshots-sum-timer-wait-past-2-53.txt'));
  const small = await parseFile(fixture('perf-schema-waits/mariadb-10.11-batch-snapshots-sysbench-t0-t10-t20.txt'));
  assert.deepEqual(big.change, small.change);
  assert.deepEqual(big.intervals, small.intervals);
  const sums = big.snapshots.map((s) => s.events.find((e) => e.name === 'wait/synch/mutex/innodb/buf_pool_mutex').sum);
  assert.deepEqual(sums.map((s) => s.text), ['12345678901310851022', '12345678903241056760', '12345678905783071726']);
});

test('a variable whose value is past the largest double stays exact text, with no number and a warning', async () => {
  const doc = await parseFile(fixture('global-variables/hand-batch-value-past-the-largest-double.txt'));
  const v = doc.variables.find((x) => x.name === 'innodb_buffer_pool_size');
  assert.equal(v.value, `1${'0'.repeat(310)}`);
  assert.equal(v.number, undefined);
  assert.equal(v.bytes, undefined);
  assert.deepEqual(doc.warnings.map((w) => `${w.line}: ${w.message}`), ['3: innodb_buffer_pool_size has 311 digits, beyond what a double holds; value is exact, no number']);
});
