// A file is read in chunks (CHUNK_BYTES), mostly ASCII ones read as latin1;
// whatever falls on a chunk boundary, the streamed file must read exactly as
// its whole text does: a character of two to four bytes split between two
// chunks, a byte order mark at the start or in the middle, a stray or cut
// UTF-8 byte (U+FFFD), a CRLF split in two, a NUL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { parseText, parseFile } from '../../scripts/parse/index.mjs';
import { CHUNK_BYTES } from '../../scripts/parse/driver.mjs';
import { writeIntervalLog } from '../bench/interval-log.mjs';
import { jsonChunks } from '../../scripts/lib/files.mjs';

const INSERTS = {
  'e acute': [0xc3, 0xa9],
  'fullwidth colon': [0xef, 0xbc, 0x9a],
  emoji: [0xf0, 0x9f, 0x98, 0x80],
  'byte order mark': [0xef, 0xbb, 0xbf],
  'lone lead byte': [0xc3],
  'lone continuation byte': [0xa9],
  CR: [0x0d],
  NUL: [0x00],
};

/**
 * The log with `bytes` at offset `at`, inside a line of x of their own, so
 * the interval lines around stay whole: the parser keeps that line's text,
 * as it read it, in a warning (an unrecognised line) instead of refusing the file.
 */
function onLineOfItsOwn(log, bytes, at) {
  const start = log.lastIndexOf(0x0a, at - 1) + 1;
  return Buffer.concat([log.subarray(0, start), Buffer.from('x'.repeat(at - start)), Buffer.from(bytes), Buffer.from('xxxxxxxx\n'), log.subarray(start)]);
}

/**
 * The document, or the refusal, as text; a streamed file's byte count and hash
 * are its own. The text is data/'s JSON, written from the sample columns'
 * storage (JSON.stringify would read every sample through the column views).
 */
const outcome = (fn) => fn().then((doc) => {
  const { sha256, bytes, ...provenance } = doc.provenance;
  return [...jsonChunks({ ...doc, provenance })].join('');
}, (error) => `refused: ${error}`);

test('a file streamed in chunks reads as its whole text, whatever sits on a chunk boundary', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-chunks-'));
  try {
    writeIntervalLog(join(dir, 'log.txt'), 3.5 * CHUNK_BYTES);
    const log = readFileSync(join(dir, 'log.txt'));
    const cases = [['byte order mark at the start', Buffer.concat([Buffer.from(INSERTS['byte order mark']), Buffer.from('x\n'), log])]];
    for (const [name, bytes] of Object.entries(INSERTS)) {
      for (const at of [CHUNK_BYTES - 5, CHUNK_BYTES - 2, CHUNK_BYTES - 1, CHUNK_BYTES, 2 * CHUNK_BYTES + 1, 3 * CHUNK_BYTES - 1]) {
        cases.push([`${name} at byte ${at}`, onLineOfItsOwn(log, bytes, at)]);
      }
    }
    // A line longer than a chunk: its non-ASCII start is still read as such when the chunks after it are ASCII.
    const start = log.lastIndexOf(0x0a, CHUNK_BYTES - 100) + 1;
    cases.push(['fullwidth colon on a line over three chunks', Buffer.concat([log.subarray(0, start), Buffer.from(INSERTS['fullwidth colon']), Buffer.from(`${'x'.repeat(CHUNK_BYTES + 200)}\n`), log.subarray(start)])]);
    // Two of them in one file: an ASCII chunk between two chunks holding non-ASCII text.
    cases.push(['e acute in chunks 1 and 3', onLineOfItsOwn(onLineOfItsOwn(log, INSERTS['e acute'], 200), INSERTS['e acute'], 2 * CHUNK_BYTES + 7)]);
    let refused = 0;
    for (const [name, bytes] of cases) {
      writeFileSync(join(dir, 'x.txt'), bytes);
      const streamed = await outcome(() => parseFile(join(dir, 'x.txt'), { source: 'x.txt' }));
      const whole = await outcome(async () => parseText(new TextDecoder().decode(bytes), { source: 'x.txt' }));
      assert.equal(streamed, whole, name);
      if (streamed.startsWith('refused: ')) refused += 1;
      else assert.equal(JSON.parse(streamed).runs[0].intervals.samples.count > 5000, true, name);
    }
    assert.equal(refused, 6, 'only the NULs are refused');
    const doc = await parseFile(join(dir, 'log.txt'), { source: 'x.txt' });
    assert.equal(doc.provenance.sha256, createHash('sha256').update(log).digest('hex'));
    assert.equal(doc.provenance.bytes, log.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
