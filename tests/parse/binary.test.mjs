// Binary content anywhere in a raw file is refused at its line and column:
// a NUL, or a control byte a tool's text output does not hold (a backspace
// inside a figure shows on a terminal as another number), read whole or
// streamed (chunks.test.mjs places such a byte on the stream's chunk boundaries).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseText, parseFile } from '../../scripts/parse/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
// 233 KB of real mpstat output.
const LONG = readFileSync(join(ROOT, 'content/reports/noise-and-stability/raw/mpstat-baseline-long-600s.txt'), 'latin1');

/** The text with `byte` put before column `column` of line `line`, and the message expected for it. */
function withByte(byte, line, column) {
  const lines = LONG.split('\n');
  lines[line - 1] = lines[line - 1].slice(0, column - 1) + byte + lines[line - 1].slice(column - 1);
  const text = lines.join('\n');
  const offset = lines.slice(0, line - 1).join('\n').length + 1 + column - 1;
  const what = byte === '\0' ? 'a NUL byte' : `control byte 0x${byte.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return { text, message: `x.txt:${line}:${column}: expected text output of a benchmark tool, found binary data (${what} at offset ${offset})` };
}

test('a NUL or a control byte deep in a long file is refused at its line and column, read whole or streamed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-binary-'));
  try {
    for (const [byte, line, column] of [['\0', 2500, 12], ['\x01', 1800, 1], ['\x08', 3000, 30], ['\x1f', 40, 5]]) {
      const { text, message } = withByte(byte, line, column);
      assert.ok(text.length > 8192 * 8);
      const read = (() => { try { parseText(text, { source: 'x.txt' }); } catch (e) { return String(e); } return 'accepted'; })();
      assert.equal(read, message);
      writeFileSync(join(dir, 'x.txt'), Buffer.from(text, 'latin1'));
      const streamed = await parseFile(join(dir, 'x.txt'), { source: 'x.txt' }).then(() => 'accepted', String);
      assert.equal(streamed, message);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('TAB, form feed and ESC (terminal colours) are text, not binary', () => {
  const text = LONG.replace('Average:', '\f\x1b[1mAverage:\x1b[0m');
  assert.equal(parseText(text, { source: 'x.txt' }).kind, 'mpstat');
});
