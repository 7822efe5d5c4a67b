// The CSV writer every table and chart download goes through: a cell a
// spreadsheet would run as a formula reaches it as text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, toCsv } from '../../scripts/compile/html.mjs';
import { csvRows } from '../helpers/hostile-site.mjs';

test('a cell that opens like a formula (=, @, +, -, tab, carriage return) gets a leading apostrophe', () => {
  assert.equal(csvCell("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0");
  assert.equal(csvCell('@SUM(A1:A9)'), "'@SUM(A1:A9)");
  assert.equal(csvCell('+1'), "'+1");
  assert.equal(csvCell('-x'), "'-x");
  assert.equal(csvCell('+50.2 % (single runs; noise unknown)'), "'+50.2 % (single runs; noise unknown)");
  assert.equal(csvCell('\t=1'), "'\t=1");
  assert.equal(csvCell('\r=1'), `"'\r=1"`);
});

test('a negative number stays a number, written or computed', () => {
  for (const v of ['-3.5', '-1', '-.5', '-1e-7', -3.5, -12]) assert.equal(csvCell(v), String(v));
});

test('a formula sign inside a cell, or a cell that needs quoting, is left as written', () => {
  assert.equal(csvCell('a=b'), 'a=b');
  assert.equal(csvCell('read/write'), 'read/write');
  assert.equal(csvCell('=a,b'), `"'=a,b"`);
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
});

test('a whole CSV reads back with every hostile cell as text and every number as written', () => {
  const csv = toCsv(['=name', 'value'], [['@x', -2.5], ['-y', '+3']]);
  assert.deepEqual(csvRows(csv), [["'=name", 'value'], ["'@x", '-2.5'], ["'-y", "'+3"]]);
});
