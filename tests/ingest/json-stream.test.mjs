// Documents are written to data/ in pieces (lib/files.mjs jsonChunks), never
// as one string: the pieces must add up to exactly toJson(doc) (JSON.stringify
// with two-space indents, arrays of numbers ten to a line), for every golden
// fixture's document (whose interval samples are column views over compact
// storage) and for JSON's corner cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseText } from '../../scripts/parse/index.mjs';
import { jsonChunks, writeJsonIfChanged, toJson } from '../../scripts/lib/files.mjs';
import { TableBuilder } from '../../scripts/lib/columns.mjs';
import { goldenFixtures } from '../helpers/fixtures.mjs';

const reference = toJson;

test('the streamed JSON of every golden fixture\'s document equals toJson of it, which reads back as the document', () => {
  let withColumns = 0;
  for (const { kind, source, text } of goldenFixtures()) {
    const doc = parseText(text, { source, format: kind });
    assert.equal([...jsonChunks(doc)].join(''), reference(doc), source);
    assert.deepEqual(JSON.parse(reference(doc)), JSON.parse(JSON.stringify(doc)), source);
    if (doc.runs?.some((r) => r.intervals?.samples?.count)) withColumns += 1;
  }
  assert.ok(withColumns >= 15, `${withColumns} documents with interval columns`);
});

test('streamed JSON follows JSON.stringify on toJSON, undefined, functions, non-finite numbers and escapes', () => {
  const value = { a: [1, 'x', null, undefined, () => 1, { b: [] }, {}], c: undefined, d: { e: NaN, f: -0, g: 1e21, h: 'é"\n\u2028' }, i: new Date(0), j: [[]], k: Infinity };
  assert.equal([...jsonChunks(value)].join(''), reference(value));
});

test('toJson writes an array of numbers and nulls ten to a line, and every other array one element to a line', () => {
  const value = { tps: [630.42, 858.13, null, 1e21, -0.5, 6, 7, 8, 9, 10, 11], names: ['a', 'b'], mixed: [1, 'x'], nested: [[1, 2], [3]], none: [], flags: [true, false] };
  assert.equal(toJson(value), `{
  "tps": [
    630.42, 858.13, null, 1e+21, -0.5, 6, 7, 8, 9, 10,
    11
  ],
  "names": [
    "a",
    "b"
  ],
  "mixed": [
    1,
    "x"
  ],
  "nested": [
    [
      1, 2
    ],
    [
      3
    ]
  ],
  "none": [],
  "flags": [
    true,
    false
  ]
}
`);
  assert.equal([...jsonChunks(value)].join(''), toJson(value));
  const long = { values: Array.from({ length: 4321 }, (_, i) => (i % 13 ? i / 4 : null)) };
  assert.equal([...jsonChunks(long)].join(''), toJson(long));
  assert.deepEqual(JSON.parse(toJson(long)), long);
});

test('a long document comes in pieces of about 64 KB', () => {
  const value = { samples: Array.from({ length: 50000 }, (_, i) => ({ t: i, tps: i / 100 })) };
  const pieces = [...jsonChunks(value)];
  assert.ok(pieces.length > 10);
  assert.ok(pieces.every((p) => p.length < 70000));
  assert.equal(pieces.join(''), reference(value));
});

test('a long sample column is written in blocks that add up to JSON.stringify of it', () => {
  const table = new TableBuilder();
  for (let i = 0; i < 10000; i += 1) table.push({ line: i + 13, t: i + 1, tps: i % 7 === 0 ? null : 600 + (i % 900) / 100 });
  const doc = { runs: [{ intervals: { samples: table.table() } }] };
  const pieces = [...jsonChunks(doc)];
  assert.ok(pieces.length > 3);
  assert.equal(pieces.join(''), reference(doc));
});

test('writeJsonIfChanged writes a changed document whole and leaves an unchanged one (and its mtime) alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-json-'));
  try {
    const path = join(dir, 'doc.json');
    assert.equal(await writeJsonIfChanged(path, { a: 1 }), true);
    assert.equal(readFileSync(path, 'utf8'), '{\n  "a": 1\n}\n');
    const before = statSync(path).mtimeMs;
    assert.equal(await writeJsonIfChanged(path, { a: 1 }), false);
    assert.equal(statSync(path).mtimeMs, before);
    assert.equal(await writeJsonIfChanged(path, { a: 2 }), true);
    assert.equal(readFileSync(path, 'utf8'), '{\n  "a": 2\n}\n');
    assert.deepEqual(readdirSync(dir), ['doc.json'], 'no temporary file left behind');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
