import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, mkdirSync, statSync, existsSync, utimesSync, readdirSync, rmSync, readlinkSync, lstatSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hugoPlan } from '../../scripts/site/build.mjs';
import { publish } from '../../scripts/site/publish.mjs';

/** A temporary folder that is removed when test `t` ends, passed or failed. */
function tempDir(t, prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const state = (articles, inputs = 'i') => ({ inputs, articles, published: true });

test('hugoPlan runs Hugo not at all when nothing Hugo reads changed', () => {
  assert.deepEqual(hugoPlan(state({ a: { front: '1', body: '1' } }), state({ a: { front: '1', body: '1' } })), { mode: 'none' });
});

test('hugoPlan renders only the reports whose article text changed', () => {
  const before = state({ a: { front: '1', body: '1', summary: true }, b: { front: '2', body: '2', summary: true } });
  assert.deepEqual(hugoPlan(before, state({ a: { front: '1', body: 'x', summary: true }, b: { front: '2', body: '2', summary: true } })), { mode: 'segment', slugs: ['a'] });
  // without a summary in its front matter, the lists take it from the body: every page
  assert.equal(hugoPlan(before, state({ a: { front: '1', body: 'x', summary: false }, b: { front: '2', body: '2', summary: true } })).mode, 'full');
});

test('hugoPlan renders everything when front matter, layouts, views or the set of reports changed, or after a failed build', () => {
  const before = state({ a: { front: '1', body: '1' } });
  assert.equal(hugoPlan(before, state({ a: { front: 'x', body: '1' } })).mode, 'full');
  assert.equal(hugoPlan(before, state({ a: { front: '1', body: '1' } }, 'other')).mode, 'full');
  assert.equal(hugoPlan(before, state({ a: { front: '1', body: '1' }, b: { front: '1', body: '1' } })).mode, 'full');
  assert.equal(hugoPlan(null, state({})).mode, 'full');
  assert.equal(hugoPlan({ ...before, published: false }, state({ a: { front: '1', body: '1' } })).mode, 'full');
});

test('publish copies only changed files, keeps the mtime of unchanged ones and removes files the build no longer has', (t) => {
  const dir = tempDir(t, 'tps-publish-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'dest')];
  mkdirSync(join(src, 'a'), { recursive: true });
  mkdirSync(join(dest, 'a'), { recursive: true });
  writeFileSync(join(src, 'a', 'same.html'), 'same');
  writeFileSync(join(src, 'a', 'new.html'), 'new');
  writeFileSync(join(dest, 'a', 'same.html'), 'same');
  writeFileSync(join(dest, 'a', 'gone.html'), 'gone');
  utimesSync(join(dest, 'a', 'same.html'), 1000, 1000);
  const counts = publish([src], dest);
  return counts.then((c) => {
    assert.deepEqual(c, { copied: 1, kept: 1, removed: 1 });
    assert.equal(statSync(join(dest, 'a', 'same.html')).mtimeMs, 1000 * 1000);
    assert.equal(readFileSync(join(dest, 'a', 'new.html'), 'utf8'), 'new');
    assert.equal(existsSync(join(dest, 'a', 'gone.html')), false);
  });
});

test('publish with a list of folders removes stale files there and nowhere else', async (t) => {
  const dir = tempDir(t, 'tps-publish-scope-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'dest')];
  mkdirSync(join(src, 'reports', 'a'), { recursive: true });
  mkdirSync(join(dest, 'reports', 'a'), { recursive: true });
  mkdirSync(join(dest, 'reports', 'b'), { recursive: true });
  writeFileSync(join(src, 'reports', 'a', 'index.html'), 'new page');
  writeFileSync(join(dest, 'reports', 'a', 'stale.csv'), 'stale');
  writeFileSync(join(dest, 'reports', 'b', 'index.html'), 'other report');
  writeFileSync(join(dest, 'index.html'), 'home');
  const counts = await publish([{ dir: src, only: ['reports/a'] }], dest, { scope: ['reports/a'] });
  assert.deepEqual(counts, { copied: 1, kept: 0, removed: 1 });
  assert.equal(readFileSync(join(dest, 'reports', 'a', 'index.html'), 'utf8'), 'new page');
  assert.ok(!existsSync(join(dest, 'reports', 'a', 'stale.csv')));
  assert.ok(existsSync(join(dest, 'reports', 'b', 'index.html')) && existsSync(join(dest, 'index.html')), 'other folders are left alone');
});

test('publish removes the folders a removed report leaves empty, and no folder that still holds a file', async (t) => {
  const dir = tempDir(t, 'tps-publish-folders-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'dest')];
  mkdirSync(join(src, 'reports', 'kept'), { recursive: true });
  writeFileSync(join(src, 'reports', 'kept', 'index.html'), 'kept');
  mkdirSync(join(dest, 'reports', 'gone', 'raw', 'waits'), { recursive: true });
  mkdirSync(join(dest, 'reports', 'gone', 'charts'), { recursive: true });
  writeFileSync(join(dest, 'reports', 'gone', 'raw', 'waits', 'w.txt'), 'w');
  writeFileSync(join(dest, 'reports', 'gone', 'charts', 'c.svg'), 'c');
  writeFileSync(join(dest, 'reports', 'gone', 'index.html'), 'gone');
  const counts = await publish([src], dest);
  assert.deepEqual(counts, { copied: 1, kept: 0, removed: 3 });
  assert.ok(!existsSync(join(dest, 'reports', 'gone')), 'the removed report leaves no folder');
  assert.ok(existsSync(join(dest, 'reports', 'kept', 'index.html')));
});

test('the first publish, into no public/ yet, places every file at once: linkable sources as hard links, the rest as copies, and no temporary folder left (nor one a killed build left)', async (t) => {
  const dir = tempDir(t, 'tps-publish-first-');
  const [pages, site, dest] = [join(dir, 'pages'), join(dir, 'site'), join(dir, 'public')];
  mkdirSync(join(pages, 'reports', 'a'), { recursive: true });
  mkdirSync(join(site, 'reports', 'a', 'charts'), { recursive: true });
  writeFileSync(join(pages, 'index.html'), 'home');
  writeFileSync(join(pages, 'reports', 'a', 'index.html'), 'page');
  writeFileSync(join(pages, 'reports', 'a', 'shared.txt'), 'from the pages');
  writeFileSync(join(site, 'reports', 'a', 'shared.txt'), 'from the site');
  writeFileSync(join(site, 'reports', 'a', 'charts', 'c.svg'), '<svg/>');
  // What a first publish killed part way left beside public/.
  mkdirSync(join(dir, '.public.4194400-0.tmp', 'reports'), { recursive: true });
  const counts = await publish([pages, { dir: site, linkable: true }], dest);
  assert.deepEqual(counts, { copied: 4, kept: 0, removed: 0 });
  assert.equal(readFileSync(join(dest, 'reports', 'a', 'shared.txt'), 'utf8'), 'from the site', 'a later source wins on the same path');
  assert.equal(statSync(join(dest, 'reports', 'a', 'charts', 'c.svg')).ino, statSync(join(site, 'reports', 'a', 'charts', 'c.svg')).ino, 'a linkable file is a hard link');
  assert.notEqual(statSync(join(dest, 'index.html')).ino, statSync(join(pages, 'index.html')).ino, 'a page Hugo may rewrite in place is a copy');
  assert.equal(readFileSync(join(dest, 'reports', 'a', 'index.html'), 'utf8'), 'page');
  assert.deepEqual(readdirSync(dir).sort(), ['.public-1', 'pages', 'public', 'site']);
  assert.equal(readlinkSync(dest), '.public-1', 'public/ is a link to the one whole site');
});

test('a first publish that fails leaves no public/ and no temporary folder', async (t) => {
  const dir = tempDir(t, 'tps-publish-first-fails-');
  const [one, two, dest] = [join(dir, 'one'), join(dir, 'two'), join(dir, 'public')];
  // "x" a file in one source and a folder in the other: the second cannot be placed.
  mkdirSync(one);
  mkdirSync(join(two, 'x'), { recursive: true });
  writeFileSync(join(one, 'x'), 'a file');
  writeFileSync(join(two, 'x', 'y.html'), 'under a folder');
  await assert.rejects(publish([one, two], dest), /EEXIST|ENOTDIR/);
  assert.deepEqual(readdirSync(dir).sort(), ['one', 'two']);
});

test('publish leaves out a source file under a temporary name and removes one from public/', async (t) => {
  const dir = tempDir(t, 'tps-publish-temporary-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'public')];
  mkdirSync(join(src, 'reports', 'a', 'charts'), { recursive: true });
  mkdirSync(join(dest, 'reports', 'a'), { recursive: true });
  writeFileSync(join(src, 'reports', 'a', 'index.html'), 'page');
  // What a build killed while writing a chart leaves in the site it publishes from, and in public/.
  writeFileSync(join(src, 'reports', 'a', 'charts', '.c.svg.4194400-1.tmp'), '<svg');
  writeFileSync(join(dest, 'reports', 'a', '.index.html.4194400-0.tmp'), 'pa');
  const counts = await publish([src], dest);
  assert.deepEqual(counts, { copied: 1, kept: 0, removed: 1 });
  assert.deepEqual(readdirSync(join(dest, 'reports', 'a')), ['index.html']);
});

test('each publish makes a whole new site beside the one public/ shows and switches the link to it; the site before stays until the next publish', async (t) => {
  const dir = tempDir(t, 'tps-publish-switch-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'public')];
  mkdirSync(join(src, 'reports', 'a'), { recursive: true });
  writeFileSync(join(src, 'index.html'), 'home');
  writeFileSync(join(src, 'reports', 'a', 'index.html'), 'page 1');
  await publish([src], dest);
  const home = statSync(join(dest, 'index.html'));
  writeFileSync(join(src, 'reports', 'a', 'index.html'), 'page 2, longer');
  assert.deepEqual(await publish([src], dest), { copied: 1, kept: 1, removed: 0 });
  assert.equal(readlinkSync(dest), '.public-2');
  assert.equal(readFileSync(join(dest, 'reports', 'a', 'index.html'), 'utf8'), 'page 2, longer');
  assert.equal(readFileSync(join(dir, '.public-1', 'reports', 'a', 'index.html'), 'utf8'), 'page 1', 'the site before is left whole for a deploy still reading it');
  assert.equal(statSync(join(dest, 'index.html')).ino, home.ino, 'an unchanged file is the published one, linked');
  await publish([src], dest);
  assert.deepEqual(readdirSync(dir).sort(), ['.public-2', '.public-3', '.public-changes.json', 'public', 'src']);
});

test('a public/ folder from before is replaced by a link to a new site, its unchanged files linked, and goes with the next publish', async (t) => {
  const dir = tempDir(t, 'tps-publish-folder-before-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'public')];
  mkdirSync(src);
  mkdirSync(dest);
  writeFileSync(join(src, 'index.html'), 'home');
  writeFileSync(join(dest, 'index.html'), 'home');
  utimesSync(join(dest, 'index.html'), 1000, 1000);
  const inode = statSync(join(dest, 'index.html')).ino;
  assert.deepEqual(await publish([src], dest), { copied: 0, kept: 1, removed: 0 });
  assert.ok(lstatSync(dest).isSymbolicLink());
  assert.equal(statSync(join(dest, 'index.html')).ino, inode);
  assert.ok(existsSync(join(dir, '.public-0', 'index.html')), 'the folder is kept as the site before');
  await publish([src], dest);
  assert.deepEqual(readdirSync(dir).sort(), ['.public-1', '.public-2', '.public-changes.json', 'public', 'src']);
});

test('what a publish killed part way left beside public/ goes, and public/ showed the old site whole all along', async (t) => {
  const dir = tempDir(t, 'tps-publish-killed-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'public')];
  mkdirSync(src);
  writeFileSync(join(src, 'index.html'), 'old');
  await publish([src], dest);
  // A half-made next site, and its link not yet switched, of a process no longer running.
  mkdirSync(join(dir, '..public-2.4194400-0.tmp'));
  writeFileSync(join(dir, '..public-2.4194400-0.tmp', 'index.html'), 'ne');
  symlinkSync('.public-2', join(dir, '.public.4194400-0.tmp'));
  assert.equal(readFileSync(join(dest, 'index.html'), 'utf8'), 'old');
  writeFileSync(join(src, 'index.html'), 'the new one');
  await publish([src], dest);
  assert.equal(readFileSync(join(dest, 'index.html'), 'utf8'), 'the new one');
  assert.deepEqual(readdirSync(dir).sort(), ['.public-1', '.public-2', '.public-changes.json', 'public', 'src']);
});

test('a publish of some reports makes the site before the shown one into the new site, changing only what the last two publishes changed', async (t) => {
  const dir = tempDir(t, 'tps-publish-reuse-');
  const [src, dest] = [join(dir, 'src'), join(dir, 'public')];
  for (const r of ['a', 'b']) mkdirSync(join(src, 'reports', r), { recursive: true });
  writeFileSync(join(src, 'index.html'), 'home');
  writeFileSync(join(src, 'reports', 'a', 'index.html'), 'a, first');
  writeFileSync(join(src, 'reports', 'a', 'old.svg'), 'a chart that goes');
  writeFileSync(join(src, 'reports', 'b', 'index.html'), 'b, first');
  await publish([src], dest);
  const home = statSync(join(dest, 'index.html')).ino;
  const only = (r) => [[{ dir: src, only: [`reports/${r}`] }], dest, { scope: [`reports/${r}`] }];
  writeFileSync(join(src, 'reports', 'a', 'index.html'), 'a, second edit');
  rmSync(join(src, 'reports', 'a', 'old.svg'));
  await publish(...only('a'));
  writeFileSync(join(src, 'reports', 'b', 'index.html'), 'b, second edit');
  writeFileSync(join(src, 'reports', 'b', 'new.svg'), 'a new chart');
  const inode = statSync(join(dir, '.public-1', 'reports', 'b', 'index.html')).ino;
  assert.deepEqual(await publish(...only('b')), { copied: 2, kept: 0, removed: 0 });
  assert.deepEqual(readdirSync(dir).sort(), ['.public-2', '.public-3', '.public-changes.json', 'public', 'src'], 'the first site became the third');
  const site = Object.fromEntries(readdirSync(dest, { recursive: true }).filter((f) => statSync(join(dest, f)).isFile()).map((f) => [f, readFileSync(join(dest, f), 'utf8')]));
  assert.deepEqual(site, { 'index.html': 'home', 'reports/a/index.html': 'a, second edit', 'reports/b/index.html': 'b, second edit', 'reports/b/new.svg': 'a new chart' });
  assert.equal(statSync(join(dest, 'index.html')).ino, home, 'an unchanged file is the one first published');
  assert.notEqual(statSync(join(dest, 'reports', 'b', 'index.html')).ino, inode, 'a changed file is a new one: the site before is not written');
  assert.equal(readFileSync(join(dir, '.public-2', 'reports', 'b', 'index.html'), 'utf8'), 'b, first', 'the site before stays as it was');
});
