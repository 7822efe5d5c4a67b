// The innodb-mutex parser's contract: every row in order (names repeat), the
// Status k=v list read generically into counters, the older one-column-per-
// counter layouts, and an empty set as a result with zero rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse } from '../../scripts/parse/innodb-mutex.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'innodb-mutex');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });

test('parse() keeps rows whose names repeat, each with its index, and reads spins/waits/calls', () => {
  const [result] = parseFixture('hand-8.0-batch-duplicate-names-mutex-row.txt').results;
  assert.equal(result.form, 'batch');
  assert.deepEqual(result.rows.map((r) => r.index), [0, 1, 2, 3, 4]);
  assert.equal(result.rows.filter((r) => r.name === 'rwlock: sync0sharded_rw.h:72').length, 2);
  const mutex = result.rows[3];
  assert.equal(mutex.status, 'spins=0,waits=2,calls=9');
  assert.deepEqual(Object.keys(mutex.counters), ['spins', 'waits', 'calls']);
  assert.deepEqual(mutex.counters.calls, { value: 9, text: '9', unit: 'count', line: 5 });
  assert.equal(result.rows[4].counters.waits.value, 2436);
});

test('parse() reads the 5.1 `count=…, spin_waits=…` list, os_wait_times in ms (implied) with a note', () => {
  const [result] = parseFixture('hand-5.1.12-count-spin-list.txt').results;
  const kernel = result.rows[1];
  assert.equal(kernel.name, '&kernel_mutex:srv0srv.c');
  assert.equal(kernel.counters.count.value, 183774);
  assert.equal(kernel.counters.os_waits.value, 412);
  assert.deepEqual(kernel.counters.os_wait_times, { value: 12, text: '12', unit: 'ms', line: 6, implied: true });
  assert.equal(result.unit_notes.length, 1);
});

test('parse() reads SHOW MUTEX STATUS with one column per counter into the same counters', () => {
  const [result] = parseFixture('hand-5.0-show-mutex-status-columns.txt').results;
  assert.equal(result.layout, 'mutex-status-columns');
  const logSys = result.rows[2];
  assert.deepEqual([logSys.name, logSys.module, logSys.counters.count.value, logSys.counters.os_waits.value], ['log_sys', 'log0log.c', 41926, 23]);
  assert.equal(result.rows[1].module, 'dict0dict.c');
});

test('parse() reads MariaDB INNODB_MUTEXES, keeping `combined buf0buf.cc` and an empty NAME (MDEV-21636)', () => {
  const [result] = parseFixture('hand-mariadb-10.4-innodb-mutexes-combined-empty-name.txt').results;
  assert.equal(result.layout, 'innodb-mutexes');
  assert.deepEqual([result.rows[1].create_file, result.rows[1].create_line, result.rows[1].counters.os_waits.value], ['combined buf0buf.cc', 1120, 1]);
  assert.equal(result.rows[2].name, '');
});

test('parse() turns `Empty set` into a result with zero rows, not an error', () => {
  const doc = parseFixture('mariadb-10.11-empty-set.txt');
  assert.equal(doc.results.length, 1);
  assert.deepEqual(doc.results[0].rows, []);
  assert.equal(doc.results[0].footer.rows, 0);
  assert.equal(doc.results[0].statement.text, 'show engine innodb mutex');
});

test('parse() reads the \\G form with the same counters', () => {
  const [result] = parseFixture('hand-5.7-vertical.txt').results;
  assert.deepEqual(result.rows.map((r) => [r.name, r.counters.waits.value]), [['rwlock: dict0dict.cc:1183', 3], ['sum rwlock: buf0buf.cc:1460', 1386]]);
});

test('parse() refuses a Status that is not name=number pairs, at the pair', () => {
  assert.throws(() => parseFixture('errors/status-not-key-value.txt'), (e) => e instanceof Problem && e.line === 6 && e.column === 31);
});

test('detect() picks innodb-mutex for batch output that only has the Type/Name/Status header', () => {
  assert.equal(detectFormat(read('hand-8.0-batch-duplicate-names-mutex-row.txt').split('\n')).name, 'innodb-mutex');
});

test('a \\G record\'s counters cite the Status line they were read from, not the row marker', () => {
  const [result] = parseFixture('hand-5.7-vertical.txt').results;
  assert.deepEqual(result.rows.map((r) => r.counters.waits.line), [5, 9]);
});
