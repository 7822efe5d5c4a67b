// The table-status parser's contract: every row of every SHOW TABLE STATUS
// result, byte columns as figures in bytes, NULL kept as printed, Rows marked
// as an estimate for InnoDB, Row_format and Create_options both kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/table-status.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'table-status');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const byName = (doc) => Object.fromEntries(doc.tables.map((t) => [t.name, t]));

test('parse() keeps Max_data_length 281474976710655 exact, in bytes, and MariaDB\'s Max_index_length and Temporary', () => {
  const tables = byName(parseFixture('mariadb-10.11-tabular-engines-view.txt'));
  assert.deepEqual(tables.my.max_data_length, { value: 281474976710655, text: '281474976710655', unit: 'bytes', line: 8, implied: true });
  assert.equal(tables.my.max_index_length.value, 288230376151710720);
  assert.equal(tables.my.temporary, 'N');
  assert.equal(tables.ar.engine, 'Aria');
  assert.equal(tables.ar.max_data_length.value, 17592186011648);
});

test('parse() marks Rows as an estimate for InnoDB only, and keeps Row_format beside Create_options', () => {
  const tables = byName(parseFixture('mariadb-10.11-tabular-engines-view.txt'));
  assert.equal(tables.c4.rows.value, 29604);
  assert.equal(tables.c4.rows_estimated, true);
  assert.equal(tables.my.rows_estimated, false);
  assert.equal(tables.c4.row_format, 'Compressed');
  assert.equal(tables.c4.create_options, 'row_format=COMPRESSED key_block_size=4');
  assert.equal(tables.c4.data_length.value, 2240512);
});

test('parse() turns NULL into a null value with the text kept, and a view row into nulls with Comment VIEW', () => {
  const v1 = byName(parseFixture('mariadb-10.11-batch.txt')).v1;
  assert.deepEqual(v1.data_length, { value: null, text: 'NULL', unit: 'bytes', line: 7, implied: true });
  assert.equal(v1.engine, null);
  assert.equal(v1.version, null);
  assert.equal(v1.comment, 'VIEW');
  assert.equal(v1.check_time, null);
});

test('parse() reads the three client forms of the same tables to the same figures', () => {
  const forms = ['mariadb-10.11-tabular-engines-view.txt', 'mariadb-10.11-batch.txt']
    .map((name) => byName(parseFixture(name)).c8);
  const vertical = byName(parseFixture('mariadb-10.11-vertical-compressed.txt')).c8;
  for (const c8 of [...forms, vertical]) {
    assert.equal(c8.rows.value, 30001);
    assert.equal(c8.data_free.value, 2621440);
    assert.equal(c8.create_options, 'row_format=COMPRESSED key_block_size=8');
    assert.equal(c8.comment, '');
  }
  assert.equal(vertical.data_free.line, 32);
});

test('parse() splits PDF-joined `\\G` lines, finds records without the row line, and warns about a value a double cannot hold', () => {
  const doc = parseFixture('hand-5.7-vertical-joined-no-row-line-blank-lines.txt');
  const tables = byName(doc);
  assert.equal(doc.tables.length, 2);
  assert.equal(tables.sbtest1.data_length.value, 2247098368);
  assert.equal(tables.sbtest1.index_length.value, 137035776);
  assert.equal(tables.sbtest2.create_options, '');
  assert.equal(tables.sbtest2.comment, 'bulk loaded');
  assert.equal(tables.sbtest2.max_data_length.text, '53198770610159615');
  assert.deepEqual(doc.warnings.map((w) => w.line), [25]);
  assert.deepEqual(doc.notes.filter((n) => n.kind === 'client-error').map((n) => n.text), ['ERROR:', 'No query specified']);
});

test('parse() joins a statement continued over `->` lines and reads a footer that counts warnings', () => {
  const doc = parseFixture('hand-5.1-prompt-continuation-footer-warning.txt');
  assert.equal(doc.results[0].statement.text, "show table status from sbtest where name like 'sb%';");
  assert.equal(doc.results[0].footer.rows, 2);
  assert.equal(byName(doc).sbtest.comment, 'InnoDB free: 4096 kB');
  assert.equal(byName(doc).sbtest2.engine, 'MEMORY');
});

test('parse() refuses a human size in a byte column with its line and column', () => {
  const text = '*************************** 1. row ***************************\n           Name: t1\n    Data_length: 16K\n';
  assert.throws(() => parse(text), (e) => e instanceof Problem && e.line === 3 && e.column === 18 && e.found === '"16K"');
});

test('detect() wants client output: a bordered or \\G SHOW TABLE STATUS, not an article\'s own pipe table', () => {
  assert.equal(detectFormat(read('mariadb-10.11-vertical-compressed.txt').split('\n')).name, 'table-status');
  assert.equal(format.detect(['| Compact | Compressed (8K) |', '| Data | 2247098368 |', '| Index | 137019392 |']), 0);
});
