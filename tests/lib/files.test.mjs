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

test('readCache gives a cache file\'s object, and the fallback for a missing, damaged or non-object file', async (t) => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { readCache } = await import('../../scripts/lib/files.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-cache-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name, text) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  assert.deepEqual(readCache(file('good.json', '{"stamp":"a"}')), { stamp: 'a' });
  assert.equal(readCache(join(dir, 'missing.json')), null);
  assert.deepEqual(readCache(file('cut.json', '{"stamp": "a'), {}), {});
  assert.equal(readCache(file('null.json', 'null')), null);
  assert.deepEqual(readCache(file('number.json', '7'), {}), {});
});

test('removeDeadTemporaries removes what dead processes left, keeps a running one\'s, and with a path only that path\'s', async (t) => {
  const { mkdtempSync, writeFileSync, rmSync, readdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { removeDeadTemporaries } = await import('../../scripts/lib/files.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-temporaries-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const names = ['a.json', '.a.json.4194400-0.tmp', `.a.json.${process.pid}-0.tmp`, '.b.json.4194400-1.tmp', '.a.json.tmp'];
  for (const name of names) writeFileSync(join(dir, name), 'x');
  removeDeadTemporaries(dir, join(dir, 'b.json'));
  assert.deepEqual(readdirSync(dir).sort(), ['.a.json.4194400-0.tmp', `.a.json.${process.pid}-0.tmp`, '.a.json.tmp', 'a.json'].sort());
  removeDeadTemporaries(dir);
  assert.deepEqual(readdirSync(dir).sort(), [`.a.json.${process.pid}-0.tmp`, '.a.json.tmp', 'a.json'].sort());
});

test('writeIfChanged writes text and bytes as they are, and leaves a file with the same bytes alone', async (t) => {
  const { mkdtempSync, readFileSync, statSync, utimesSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { writeIfChanged } = await import('../../scripts/lib/files.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-write-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'sub', 'page.html');
  const text = 'Übersicht: 1 234 tx/s ≥ 5 %\n';
  assert.equal(await writeIfChanged(file, text), true, 'a new file, in a folder made for it');
  assert.equal(readFileSync(file, 'utf8'), text);
  const old = new Date('2026-01-01T00:00:00Z');
  utimesSync(file, old, old);
  assert.equal(await writeIfChanged(file, text), false, 'the same text');
  assert.equal(await writeIfChanged(file, Buffer.from(text)), false, 'the same bytes');
  assert.equal(statSync(file).mtimeMs, old.getTime(), 'and the file was not touched');
  // As many bytes as before, one of them different: the bytes decide, not the size.
  const same = text.replace('5', '6');
  assert.equal(Buffer.byteLength(same), Buffer.byteLength(text));
  assert.equal(await writeIfChanged(file, same), true);
  assert.equal(readFileSync(file, 'utf8'), same);
  const bytes = Buffer.from([0, 255, 1, 2]);
  assert.equal(await writeIfChanged(file, bytes), true);
  assert.deepEqual(readFileSync(file), bytes);
});
