// Names as a reader is shown them: a bidirectional control in a raw file's
// name is written out wherever the name is displayed, so the name cannot
// pass for another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { visibleControls } from '../../scripts/lib/text.mjs';
import { esc, attrs, csvCell } from '../../scripts/compile/html.mjs';
import { printable } from '../../scripts/problems/problem.mjs';

const SPOOF = 'raw/rw-\u202Etxt.exe';

test('every bidirectional control (marks, embeddings, overrides, isolates) is written out as \\uXXXX', () => {
  const written = ['061C', '200E', '200F', '202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'];
  const name = written.map((hex) => String.fromCharCode(parseInt(hex, 16))).join('-');
  assert.equal(visibleControls(name), '\\u061C-\\u200E-\\u200F-\\u202A-\\u202B-\\u202C-\\u202D-\\u202E-\\u2066-\\u2067-\\u2068-\\u2069');
  assert.equal(visibleControls('read/write ünïcode 東京'), 'read/write ünïcode 東京');
});

test('page markup, a title attribute, a CSV cell and a terminal message show the control; a data- attribute keeps the name for programs', () => {
  assert.equal(esc(SPOOF), 'raw/rw-\\u202Etxt.exe');
  assert.equal(attrs({ title: SPOOF, 'data-source': SPOOF }), ` title="raw/rw-\\u202Etxt.exe" data-source="${SPOOF}"`);
  assert.equal(csvCell(SPOOF), 'raw/rw-\\u202Etxt.exe');
  assert.equal(printable(`${SPOOF}\n`), 'raw/rw-\\u202Etxt.exe\\n');
});

test('tpsreport labels prints a raw file name with its bidirectional control written out, its columns still lined up', async () => {
  const { labelsTable } = await import('../../scripts/author/labels.mjs');
  const table = labelsTable({ labels: ['server'], rows: [{ file: 'raw/rw-\u202Etxt.exe', format: 'sysbench', labels: { server: 'a' } }, { file: 'raw/b.txt', format: 'sysbench', labels: { server: 'b' } }] });
  assert.equal(table, [
    'file                  parsed as  server',
    'raw/rw-\\u202Etxt.exe  sysbench   a',
    'raw/b.txt             sysbench   b',
  ].join('\n'));
});
