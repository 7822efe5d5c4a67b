// The innodb-cmp parser's contract: every compression table of a capture,
// named from its statement or columns, page sizes in bytes and times in
// seconds with the unit marked implied, and the relocation_time conflict noted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/innodb-cmp.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'innodb-cmp');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const bySize = (table) => Object.fromEntries(table.rows.map((r) => [r.page_size.value, r]));

test('parse() represents seed 002\'s figures: 8K 446198/445598/73/300/0 and 4K 1091421/1012917/463/38801/13', () => {
  const [run8k, run4k] = parseFixture('seed002-plugin-1.0-8k-then-4k-runs.txt').tables;
  const k8 = bySize(run8k)[8192];
  assert.deepEqual([k8.compress_ops, k8.compress_ops_ok, k8.compress_time, k8.uncompress_ops, k8.uncompress_time].map((f) => f.value), [446198, 445598, 73, 300, 0]);
  const k4 = bySize(run4k)[4096];
  assert.deepEqual([k4.compress_ops, k4.compress_ops_ok, k4.compress_time, k4.uncompress_ops, k4.uncompress_time].map((f) => f.value), [1091421, 1012917, 463, 38801, 13]);
  assert.deepEqual(k4.compress_time, { value: 463, text: '463', unit: 's', line: 19, implied: true });
  assert.deepEqual(k4.page_size, { value: 4096, text: '4096', unit: 'bytes', line: 19, implied: true });
  assert.equal(run8k.table, 'INNODB_CMP');
  assert.equal(run8k.identified_by, 'statement');
});

test('parse() derives compress_ops_ok / compress_ops beside the printed counts, and none where nothing was compressed', () => {
  const [, run4k] = parseFixture('seed002-plugin-1.0-8k-then-4k-runs.txt').tables;
  const ratio = bySize(run4k)[4096].compress_ok_ratio;
  assert.equal(ratio.derived, true);
  assert.ok(Math.abs(ratio.value - 1012917 / 1091421) < 1e-12);
  assert.equal(bySize(run4k)[1024].compress_ok_ratio, undefined);
});

test('parse() keeps CMP, CMP_PER_INDEX and CMPMEM from one capture as separate tables, with the -vvv statements', () => {
  const doc = parseFixture('mariadb-10.11-verbose-cmp-per-index-cmpmem.txt');
  assert.deepEqual(doc.tables.map((t) => t.table), ['INNODB_CMP_PER_INDEX', 'INNODB_CMP', 'INNODB_CMPMEM']);
  const perIndex = doc.tables[0].rows[2];
  assert.deepEqual([perIndex.table_name, perIndex.index_name, perIndex.compress_ops.value, perIndex.compress_ops_ok.value], ['c4', 'PRIMARY', 1165, 1147]);
  const mem = bySize(doc.tables[2])[4096];
  assert.equal(mem.buffer_pool_instance, 0);
  assert.deepEqual(mem.pages_used, { value: 646, text: '646', unit: 'pages', line: 45, implied: true });
});

test('parse() records relocation_time as printed with an implied unit and a note naming both manuals', () => {
  const doc = parseFixture('hand-mariadb-5.5-cmpmem-no-instance-reset-vertical.txt');
  const [mem, perIndex] = doc.tables;
  assert.equal(mem.table, 'INNODB_CMPMEM_RESET');
  assert.deepEqual(bySize(mem)[8192].relocation_time, { value: 5, text: '5', unit: 's', line: 13, implied: true });
  assert.equal(bySize(mem)[8192].buffer_pool_instance, undefined);
  assert.match(mem.unit_notes[0], /MySQL manual .*microseconds.*MariaDB KB in seconds/);
  assert.equal(perIndex.table, 'INNODB_CMP_PER_INDEX_RESET');
  assert.equal(perIndex.form, 'empty');
  assert.deepEqual(perIndex.rows, []);
});

test('parse() names a result from its columns when no statement was echoed, and says so', () => {
  const doc = parseFixture('mariadb-10.11-batch-by-columns.txt');
  assert.deepEqual(doc.tables.map((t) => [t.table, t.identified_by, t.form]), [['INNODB_CMP', 'columns', 'batch'], ['INNODB_CMPMEM', 'columns', 'batch']]);
  assert.equal(bySize(doc.tables[0])[4096].compress_ops.value, 8568);
});

test('parse() keeps a computed column and its NULLs as printed under extra', () => {
  const rows = bySize(parseFixture('hand-5.6-ratio-column-null-division.txt').tables[0]);
  assert.deepEqual(rows[1024].extra, { ok_ratio: 'NULL' });
  assert.deepEqual(rows[4096].extra, { ok_ratio: '0.7926' });
});

test('parse() refuses a count printed with a thousands separator, pointing at the cell', () => {
  assert.throws(() => parseFixture('errors/thousands-separator.txt'), (e) => e instanceof Problem && e.line === 6 && e.column === 19);
});

test('detect() picks innodb-cmp for client output and leaves seed 002\'s article table alone', () => {
  assert.equal(detectFormat(read('mariadb-10.11-per-index-vertical.txt').split('\n')).name, 'innodb-cmp');
  assert.equal(format.detect(['| Page_size | Compress_ops | Compress_ops_ok | Compress_time | Uncompress_ops | Uncompress_time | |', '| 8K | 8192 | 446198 | 445598 | 73 | 300 | 0 |']), 0);
});
