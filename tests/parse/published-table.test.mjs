// The published-table parser's contract: every cell keeps its text, the row
// label layout of seed 002 is read as the article meant it, and units come
// from the author or are marked implied.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse } from '../../scripts/parse/published-table.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'published-table');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const cellAt = (doc, row, column) => doc.cells.find((c) => c.row === row && c.column === column);

test('a header ending in a blank cell makes each body row\'s first cell its label (seed 002 INNODB_CMP)', () => {
  const doc = parse(read('seed002-innodb-cmp-shifted-header.txt'), { options: { units: { Page_size: 'bytes', Compress_time: 's', Uncompress_time: 's' } } });
  const [table] = doc.tables;
  assert.equal(table.row_labels, true);
  assert.deepEqual(table.columns, ['Page_size', 'Compress_ops', 'Compress_ops_ok', 'Compress_time', 'Uncompress_ops', 'Uncompress_time']);
  assert.deepEqual(table.rows.map((r) => r.label), ['8K', '4K']);
  assert.deepEqual(cellAt(doc, '8K', 'Page_size').figure, { value: 8192, text: '8192', unit: 'bytes', line: 4 });
  assert.equal(cellAt(doc, '4K', 'Compress_ops_ok').figure.value, 1012917);
  assert.deepEqual(cellAt(doc, '4K', 'Compress_ops').figure, { value: 1091421, text: '1091421', unit: 'count', line: 5, implied: true });
  assert.equal(cellAt(doc, '4K', 'Uncompress_time').figure.unit, 's');
});

test('row labels may carry the unit: Data and Index sizes from SHOW TABLE STATUS are bytes when the author says so', () => {
  const doc = parse(read('seed002-table-status-row-labels.txt'), { options: { units: { Data: 'bytes', Index: 'bytes' } } });
  assert.deepEqual(cellAt(doc, 'Data', 'Compressed (4K)').figure, { value: 2249195520, text: '2249195520', unit: 'bytes', line: 4 });
  assert.equal(cellAt(doc, 'Index', 'Dynamic').figure.value, 137019392);
  assert.deepEqual(doc.tables[0].caption[0], 'Data and Index Size from Table Status:');
});

test('human sizes keep their text and add bytes in powers of 1024; durations add parts and seconds', () => {
  const sizes = parse(read('seed002-ibd-human-sizes.txt'));
  assert.deepEqual(cellAt(sizes, null, 'Compressed (4K)').figure, { value: 592, text: '592M', unit: 'MiB', line: 4 });
  assert.equal(cellAt(sizes, null, 'Compressed (4K)').bytes.value, 592 * 1024 ** 2);
  assert.equal(cellAt(sizes, null, 'Compact').bytes.value, Math.round(2.3 * 1024 ** 3));
  const times = parse(read('seed002-load-time-durations.txt'));
  const compact = cellAt(times, null, 'Compact');
  assert.deepEqual(compact.figure, { value: null, text: '28m 18s', unit: 'text', line: 4 });
  assert.deepEqual(compact.seconds, { value: 1698, text: '1698', unit: 's', line: 4, derived: true });
  assert.equal(cellAt(times, null, 'Compressed (4K)').seconds.value, 36 * 60 + 43);
});

test('text cells stay text, thousands separators are read, and a Markdown rule line is noise', () => {
  const doc = parse(read('markdown-rule-text-cells.txt'));
  assert.deepEqual(cellAt(doc, null, 'TPS').figure.value, 1204.5);
  assert.equal(doc.cells.filter((c) => c.column === 'Server').every((c) => c.figure.unit === 'text'), true);
  assert.equal(doc.notes.find((n) => n.kind === 'rule').line, 4);
});

test('detection: pipe tables are published-table; mysql client tables with +---+ borders are not', () => {
  assert.equal(detectFormat(read('seed002-ibd-human-sizes.txt').split('\n')).name, 'published-table');
  const mysql = ['+------+------+', '| Name | Rows |', '+------+------+', '| t    | 10   |', '+------+------+'];
  let name = null;
  try { name = detectFormat(mysql).name; } catch (e) { assert.ok(e instanceof Problem); }
  assert.notEqual(name, 'published-table');
});

test('an unknown unit in the options is refused at line 1 with the units it accepts', () => {
  assert.throws(() => parse(read('seed002-table-status-row-labels.txt'), { options: { units: { Data: 'bits' } } }),
    (e) => e instanceof Problem && /a unit for Data, one of count, ms/.test(e.message) && /"bits"/.test(e.message));
});
