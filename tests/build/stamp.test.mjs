// The whole-build stamp must change with any file's size, mtime, addition or
// removal, and stay the same when nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigTreeStamp } from '../../scripts/lib/files.mjs';

test('bigTreeStamp sees every change to a tree and none when there is none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tps-stamp-'));
  try {
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'a', 'b', 'x.txt'), 'one');
    writeFileSync(join(dir, 'top.md'), 'top');
    const paths = [join(dir, 'a'), join(dir, 'top.md'), join(dir, 'missing')];
    const first = bigTreeStamp(paths);
    assert.equal(bigTreeStamp(paths), first, 'nothing changed');
    const seen = new Set([first]);
    const step = (what, fn) => {
      fn();
      const now = bigTreeStamp(paths);
      assert.ok(!seen.has(now), `${what} changes the stamp`);
      seen.add(now);
    };
    step('a longer file', () => writeFileSync(join(dir, 'a', 'b', 'x.txt'), 'three'));
    step('a new mtime', () => utimesSync(join(dir, 'a', 'b', 'x.txt'), 1000, 1000));
    step('a new file', () => writeFileSync(join(dir, 'a', 'y.txt'), ''));
    step('a removed file', () => rmSync(join(dir, 'top.md')));
    step('a path that appears', () => writeFileSync(join(dir, 'missing'), 'now here'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('treeIndex stamps exactly as treeStamp does, from one listing, also for relative paths', async () => {
  const { treeIndex, treeStamp } = await import('../../scripts/lib/files.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tps-index-'));
  try {
    mkdirSync(join(dir, 'r', 'raw', 'sub'), { recursive: true });
    for (const f of ['r/index.md', 'r/raw/a.txt', 'r/raw/a.txt.html', 'r/raw/a-b.txt', 'r/raw/sub/x.txt']) writeFileSync(join(dir, f), f);
    const index = treeIndex([join(dir, 'r'), join(dir, 'missing')]);
    for (const paths of [[join(dir, 'r', 'index.md')], [join(dir, 'r', 'raw')], [join(dir, 'r', 'raw'), join(dir, 'missing')], [join(dir, 'r')]]) {
      assert.equal(index.stamp(paths), treeStamp(paths), paths.join(' '));
    }
    const relative = treeIndex([join(dir, 'r')].map((p) => p.replace(`${process.cwd()}/`, '')));
    assert.equal(relative.stamp([join(dir, 'r', 'raw')]), treeStamp([join(dir, 'r', 'raw')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
