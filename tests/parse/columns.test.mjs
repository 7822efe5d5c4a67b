// Sample columns (scripts/lib/columns.mjs) give back every value exactly as
// pushed, whichever compact form a chunk of 4,096 values was stored in, and
// read as plain arrays everywhere a document is used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TableBuilder, rowAt, rowsOf, elementsOf, sampleField, isTable, columnStore } from '../../scripts/lib/columns.mjs';

/** Pushes `values` as one column over two full chunks and a part of a third, and reads them back. */
function roundTrip(values) {
  const table = new TableBuilder();
  for (const v of values) table.push({ v });
  return [...table.table().v];
}

const CHUNKS = 4096 * 2 + 100;

test('each kind of chunk gives back exactly what was pushed, nulls included', () => {
  const cases = {
    'an arithmetic run (time stamps)': Array.from({ length: CHUNKS }, (_, i) => i + 1),
    'a constant': Array.from({ length: CHUNKS }, () => 4),
    'hundredths in 16 bits, with nulls': Array.from({ length: CHUNKS }, (_, i) => (i % 97 === 0 ? null : (i % 500) / 100)),
    'hundredths in 24 bits': Array.from({ length: CHUNKS }, (_, i) => 600 + ((i * 7919) % 90000) / 100),
    'hundredths in 32 bits, negative ones too': Array.from({ length: CHUNKS }, (_, i) => ((i * 7919) % 9000000) / 100 - 20000),
    'millionths': Array.from({ length: CHUNKS }, (_, i) => 301.204817 + i / 1e6),
    'doubles no decimal scale holds': Array.from({ length: CHUNKS }, (_, i) => (i % 3 === 0 ? 0.1 + 0.2 : i * Math.PI)),
    'numbers past 32 bits': Array.from({ length: CHUNKS }, (_, i) => 2 ** 40 + i * 3),
    'only nulls': Array.from({ length: CHUNKS }, () => null),
  };
  for (const [what, values] of Object.entries(cases)) assert.deepEqual(roundTrip(values), values, what);
});

test('a field a row does not print is null in that row; setLast completes the last row', () => {
  const table = new TableBuilder();
  table.push({ line: 10, t: 1, tps: 5.5 });
  table.push({ line: 11, t: 2 });
  table.setLast({ queue_length: 3 });
  table.push({ line: 12, t: 3, tps: 6, field_lines: { t: 12, tps: 13 } });
  const doc = table.table();
  assert.equal(doc.count, 3);
  assert.deepEqual(JSON.parse(JSON.stringify(doc)), {
    count: 3, line: [10, 11, 12], t: [1, 2, 3], tps: [5.5, null, 6], queue_length: [null, 3, null],
    field_lines: { count: 3, t: [null, null, 12], tps: [null, null, 13] },
  });
  assert.deepEqual(rowAt(doc, 2), { line: 12, t: 3, tps: 6, queue_length: null, field_lines: { t: 12, tps: 13 } });
  assert.equal(rowsOf(doc).length, 3);
  assert.ok(isTable(doc) && !isTable([1]) && !isTable({ count: 1 }));
  const elements = elementsOf(doc);
  assert.equal(elements.length, 3);
  assert.equal(sampleField(elements.at(1), 'queue_length'), 3);
  assert.equal(sampleField(elements.at(1), 'tps'), null, 'a field the row did not print');
  assert.equal(sampleField(elements.at(1), 'count'), undefined, 'count is the table\'s, not a field');
  assert.equal(sampleField(sampleField(elements.at(2), 'field_lines'), 'tps'), 13);
  assert.equal(table.table(2).tps.length, 2, 'a table of the first rows only');
});

test('a column reads as a plain, read-only array', () => {
  const table = new TableBuilder();
  for (let i = 0; i < 5; i += 1) table.push({ v: i * 1.5 });
  const { v } = table.table();
  assert.ok(Array.isArray(v));
  assert.deepEqual(v, [0, 1.5, 3, 4.5, 6]);
  assert.deepEqual(v.map((x) => x * 2), [0, 3, 6, 9, 12]);
  assert.deepEqual(Object.keys(v), ['0', '1', '2', '3', '4']);
  assert.equal(columnStore(v).get(3), 4.5);
  assert.equal(columnStore([1, 2]), undefined);
  assert.throws(() => { 'use strict'; v[0] = 9; }, TypeError);
  assert.equal(v[0], 0);
});

test("a column's telling rows are its first null, fraction and infinite value, its least and greatest, wherever they lie", () => {
  const values = Array.from({ length: CHUNKS }, (_, i) => 1000 + (i % 50));
  values[5000] = null; // a sealed chunk of small integers
  values[9] = 0.5; // the first fraction, and the least
  values[8192 + 40] = Infinity; // the open chunk
  values[8192 + 60] = 2000; // the greatest
  values[8192 + 70] = null;
  const table = new TableBuilder();
  for (const v of values) table.push({ v });
  const { telling } = columnStore(table.table().v);
  assert.deepEqual(telling(), [9, 5000, 8192 + 40, 8192 + 60]);
  // A view shorter than its column ends inside a sealed chunk: only its own values count.
  assert.deepEqual(columnStore(table.table(4000).v).telling(), [9, 49]);
});
