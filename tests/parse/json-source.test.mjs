// Contract of the JSON reader that JSON outputs (HammerDB job reports, BenchBase
// summaries) are parsed with: every value with its line and column, numbers as
// written, and a refusal placed where the JSON goes wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonSource } from '../../scripts/parse/shared/json-source.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const refusal = (text) => {
  try {
    parseJsonSource(text);
  } catch (error) {
    assert.ok(error instanceof Problem, String(error));
    return error;
  }
  return assert.fail('accepted');
};

test('parseJsonSource() gives each value its line and column and keeps a number as written', () => {
  const root = parseJsonSource('{\n "a": 1.50,\n "b": [true, null, "x"],\n "c": -2E3\n}');
  assert.equal(root.kind, 'object');
  assert.deepEqual([...root.entries.keys()], ['a', 'b', 'c']);
  const a = root.entries.get('a');
  assert.deepEqual([a.value, a.text, a.line, a.column, a.keyLine], [1.5, '1.50', 2, 7, 2]);
  assert.deepEqual(root.entries.get('b').items.map((n) => [n.kind, n.value]), [['boolean', true], ['null', null], ['string', 'x']]);
  assert.deepEqual([root.entries.get('c').value, root.entries.get('c').text], [-2000, '-2E3']);
});

test('parseJsonSource() reads escapes in strings', () => {
  assert.equal(parseJsonSource('"a\\"b\\\\c\\n\\u00e9"').value, 'a"b\\c\né');
});

test('parseJsonSource() refuses a key written twice in one object, at the second', () => {
  const error = refusal('{\n "Final State": "EXIT",\n "Final State": "DONE"\n}');
  assert.equal(error.rule, 'json-duplicate-key');
  assert.equal(error.line, 3);
});

test('parseJsonSource() refuses a cut document with "found end of file" at its last line', () => {
  const error = refusal('{\n "a": [1,\n  2');
  assert.equal(error.found, 'end of file');
  assert.equal(error.line, 3);
});

test('parseJsonSource() refuses what JSON does not allow: NaN, a trailing comma, text after the value', () => {
  assert.equal(refusal('{"a": NaN}').column, 7);
  assert.equal(refusal('[1, 2,]').column, 7);
  assert.equal(refusal('{} x').column, 4);
});

test('parseJsonSource() refuses nesting deeper than it reads, instead of overflowing the stack', () => {
  assert.match(refusal('['.repeat(100000)).expected, /nested at most/);
});
