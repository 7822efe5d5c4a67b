// The whole-build stamp must change with any file's size, mtime, addition or
// removal, and stay the same when nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeIndex } from '../../scripts/lib/files.mjs';

/** What a build does first: one listing of its inputs, stamped whole. */
const buildStamp = async (paths) => (await treeIndex(paths)).stamp(paths);

test('a fresh listing\'s stamp sees every change to a tree and none when there is none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tps-stamp-'));
  try {
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'a', 'b', 'x.txt'), 'one');
    writeFileSync(join(dir, 'top.md'), 'top');
    const paths = [join(dir, 'a'), join(dir, 'top.md'), join(dir, 'missing')];
    const first = await buildStamp(paths);
    assert.equal(await buildStamp(paths), first, 'nothing changed');
    const seen = new Set([first]);
    const step = async (what, fn) => {
      fn();
      const now = await buildStamp(paths);
      assert.ok(!seen.has(now), `${what} changes the stamp`);
      seen.add(now);
    };
    await step('a longer file', () => writeFileSync(join(dir, 'a', 'b', 'x.txt'), 'three'));
    await step('a new mtime', () => utimesSync(join(dir, 'a', 'b', 'x.txt'), 1000, 1000));
    await step('a new file', () => writeFileSync(join(dir, 'a', 'y.txt'), ''));
    await step('a removed file', () => rmSync(join(dir, 'top.md')));
    await step('a path that appears', () => writeFileSync(join(dir, 'missing'), 'now here'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('treeIndex stamps exactly as treeStamp does, from one listing, also for relative paths', async () => {
  const { treeIndex, treeStamp } = await import('../../scripts/lib/files.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tps-index-'));
  try {
    // Neighbours that sort right before and after a folder's own files: raw-b/, raw0/, raw.txt.
    for (const d of ['r/raw/sub', 'r/raw-b', 'r/raw0']) mkdirSync(join(dir, d), { recursive: true });
    for (const f of ['r/index.md', 'r/raw/a.txt', 'r/raw/a.txt.html', 'r/raw/a-b.txt', 'r/raw/sub/x.txt', 'r/raw-b/y.txt', 'r/raw0/z.txt', 'r/raw.txt']) writeFileSync(join(dir, f), f);
    const index = await treeIndex([join(dir, 'r'), join(dir, 'missing')]);
    for (const paths of [[join(dir, 'r', 'index.md')], [join(dir, 'r', 'raw')], [join(dir, 'r', 'raw', 'sub')], [join(dir, 'r', 'raw'), join(dir, 'missing')], [join(dir, 'r')]]) {
      assert.equal(index.stamp(paths), treeStamp(paths), paths.join(' '));
    }
    const relative = await treeIndex([join(dir, 'r')].map((p) => p.replace(`${process.cwd()}/`, '')));
    assert.equal(relative.stamp([join(dir, 'r', 'raw')]), treeStamp([join(dir, 'r', 'raw')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('treeIndex stamps as treeStamp does for file names with a newline or a tab, and for more folders than one find is given', async () => {
  const { treeIndex, treeStamp } = await import('../../scripts/lib/files.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tps-index-many-'));
  try {
    mkdirSync(join(dir, 'reports', 'odd'), { recursive: true });
    for (const f of ['a\nb.txt', 'a\tb.txt', 'a', 'a b.txt']) writeFileSync(join(dir, 'reports', 'odd', f), f);
    // About 300 KB of start points two levels down: several lists of arguments for each find.
    const long = 'r'.repeat(200);
    for (let i = 0; i < 1500; i += 1) {
      mkdirSync(join(dir, 'reports', `${long}-${i}`));
      if (i % 7 === 0) writeFileSync(join(dir, 'reports', `${long}-${i}`, 'index.md'), String(i));
    }
    const index = await treeIndex([join(dir, 'reports')]);
    for (const paths of [[join(dir, 'reports')], [join(dir, 'reports', 'odd')], [join(dir, 'reports', 'odd', 'a')], [join(dir, 'reports', 'odd', 'a\nb.txt')], [join(dir, 'reports', `${long}-1491`)]]) {
      assert.equal(index.stamp(paths), treeStamp(paths), JSON.stringify(paths.map((p) => p.slice(dir.length))));
    }
    assert.notEqual(index.stamp([join(dir, 'reports', 'odd', 'a')]), treeStamp([join(dir, 'reports', 'odd', 'a b.txt')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('treeIndex.refresh sees what was written under the refreshed folders, and only there', async () => {
  const { treeIndex, treeStamp } = await import('../../scripts/lib/files.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tps-refresh-'));
  try {
    for (const d of ['data/a', 'data/ab', 'data/b']) mkdirSync(join(dir, d), { recursive: true });
    for (const f of ['data/a/1.json', 'data/a/2.json', 'data/ab/1.json', 'data/b/1.json']) writeFileSync(join(dir, f), f);
    const index = await treeIndex([join(dir, 'data')]);
    const all = [join(dir, 'data')];
    writeFileSync(join(dir, 'data/a/1.json'), 'changed, and longer');
    writeFileSync(join(dir, 'data/a/3.json'), 'new');
    rmSync(join(dir, 'data/a/2.json'));
    writeFileSync(join(dir, 'data/b/1.json'), 'changed too, not refreshed');
    assert.notEqual(index.stamp(all), treeStamp(all), 'a listing does not see later writes by itself');
    await index.refresh([join(dir, 'data/a')]);
    assert.equal(index.stamp([join(dir, 'data/a')]), treeStamp([join(dir, 'data/a')]), 'the refreshed folder is current');
    assert.equal(index.stamp([join(dir, 'data/ab')]), treeStamp([join(dir, 'data/ab')]), 'a sibling sharing its name as a prefix is kept');
    assert.notEqual(index.stamp([join(dir, 'data/b')]), treeStamp([join(dir, 'data/b')]), 'a folder not refreshed keeps its old listing');
    rmSync(join(dir, 'data/ab'), { recursive: true });
    await index.refresh([join(dir, 'data/ab')]);
    assert.equal(index.stamp([join(dir, 'data/ab')]), treeStamp([join(dir, 'data/ab')]), 'a refreshed folder that is gone stamps as missing');
    assert.equal(index.stamp([join(dir, 'data/a')]), treeStamp([join(dir, 'data/a')]), 'its neighbour keeps its entries');
    for (let i = 0; i < 20; i += 1) mkdirSync(join(dir, `data/c${i}`));
    writeFileSync(join(dir, 'data/c7/1.json'), 'many at once');
    await index.refresh([join(dir, 'data/b'), join(dir, 'data/ab'), ...Array.from({ length: 20 }, (_, i) => join(dir, `data/c${i}`))]);
    assert.equal(index.stamp(all), treeStamp(all), 'after refreshing everything written, the whole tree is current');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
