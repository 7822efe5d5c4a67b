// oneBigAtATime lets small work through at once and takes big work one piece
// at a time, in the order it came, whether or not the piece before it failed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { oneBigAtATime, writeFileAtomic, tmpBeside } from '../../scripts/lib/files.mjs';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

test('work at or over the limit runs one at a time, in order, past a failure; smaller work does not wait', async () => {
  const gate = oneBigAtATime(100);
  let running = 0;
  let most = 0;
  const log = [];
  const work = (name, fail = false) => async () => {
    running += 1;
    most = Math.max(most, running);
    log.push(`${name} start`);
    await tick();
    log.push(`${name} end`);
    running -= 1;
    if (fail) throw new Error(name);
    return name;
  };
  const results = await Promise.allSettled([gate(500, work('a', true)), gate(100, work('b')), gate(5, work('small')), gate(200, work('c'))]);
  assert.deepEqual(results.map((r) => r.value ?? r.reason.message), ['a', 'b', 'small', 'c']);
  assert.deepEqual(log.filter((l) => !l.startsWith('small')), ['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  assert.ok(log.indexOf('small start') < log.indexOf('a end'), 'the small one ran beside the first big one');
  assert.equal(most, 2);
});

test('a file whose name leaves no room for the temporary suffix is written through a hashed temporary name', async () => {
  const { mkdtempSync, readFileSync, readdirSync, rmSync } = await import('node:fs');
  const { join, basename } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-files-'));
  try {
    const name = `${'n'.repeat(250)}.json`;
    assert.ok(Buffer.byteLength(basename(tmpBeside(join(dir, name)))) < 100);
    assert.equal(basename(tmpBeside(join(dir, 'short.json'))).startsWith('.short.json.'), true, 'a short name stays readable');
    writeFileAtomic(join(dir, name), 'whole\n');
    assert.equal(readFileSync(join(dir, name), 'utf8'), 'whole\n');
    assert.deepEqual(readdirSync(dir), [name], 'no temporary file is left');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
