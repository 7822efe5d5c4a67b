import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportPath, slugOfPath, reportKey, bundleDir, isReportText, contentParts } from '../../scripts/lib/site.mjs';
import { reportAt } from '../../scripts/author/new-report.mjs';
import { hugoPlan } from '../../scripts/site/build.mjs';

test('a bare slug is a bundle in content/reports/, a slug with "/" the bundle at that path, and slugOfPath undoes it', () => {
  assert.equal(reportPath('sysbench-threads'), 'reports/sysbench-threads');
  assert.equal(reportPath('posts/2026/x'), 'posts/2026/x');
  assert.equal(bundleDir('/site', 'posts/2026/x'), '/site/content/posts/2026/x');
  for (const slug of ['sysbench-threads', 'posts/2026/x', 'reports/2026/x']) assert.equal(slugOfPath(reportPath(slug)), slug);
});

test('each report has one flat key, and two reports never share it', () => {
  assert.equal(reportKey('sysbench-threads'), 'sysbench-threads');
  assert.equal(reportKey('posts/2026/x'), 'posts+2026+x');
  assert.notEqual(reportKey('posts/x-y'), reportKey('posts-x/y'));
});

test('new report takes a name or a path of safe parts, and nothing that leaves content/', () => {
  assert.deepEqual(reportAt('sysbench-threads'), { slug: 'sysbench-threads', path: 'reports/sysbench-threads' });
  assert.deepEqual(reportAt('posts/2026/sysbench-threads'), { slug: 'posts/2026/sysbench-threads', path: 'posts/2026/sysbench-threads' });
  assert.deepEqual(reportAt('reports/x'), { slug: 'x', path: 'reports/x' });
  for (const bad of ['', '..', '../x', 'posts/../x', '/abs/x', 'posts/', 'posts//x', 'Posts/x', 'posts\\x', '.hidden', 'posts/x+y']) assert.equal(reportAt(bad), null, bad);
});

test('a page is a report when its YAML front matter lists sources, wherever the word appears otherwise', () => {
  assert.equal(isReportText('---\ntitle: x\nsources:\n  - file: raw/a.txt\n---\nbody\n'), true);
  assert.equal(isReportText('---\ntitle: x\n---\nsources: in the body\n'), false);
  assert.equal(isReportText('---\ntitle: x\nnotes: "sources: none"\n---\n'), false);
  assert.equal(isReportText('title: x\nsources: []\n'), false, 'no front matter');
});

test('contentParts finds reports in any section by their front matter, and leaves every other page to Hugo', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-parts-'));
  try {
    const write = (path, text) => {
      mkdirSync(join(root, 'content', path, '..'), { recursive: true });
      writeFileSync(join(root, 'content', path), text);
    };
    const report = '---\ntitle: r\nsources:\n  - file: raw/a.txt\n---\n';
    write('_index.md', '---\ntitle: home\n---\n');
    write('reports/plain/index.md', '---\ntitle: no sources yet\n---\n');
    write('posts/2026/bench/index.md', report);
    write('posts/2026/bench/raw/a.txt', 'x');
    write('posts/photos/index.md', '---\ntitle: a bundle of pictures\n---\n');
    write('posts/photos/raw/a.txt', 'x');
    write('posts/hello.md', report);
    const { slugs, others } = await contentParts(root);
    assert.deepEqual(slugs, ['plain', 'posts/2026/bench']);
    assert.deepEqual(others.map((p) => p.slice(join(root, 'content').length + 1)), ['_index.md', 'posts/hello.md', 'posts/photos']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a changed report outside content/reports/ renders the whole site: its theme may list the pages beside it', () => {
  const articles = { a: { front: '1', body: '1' }, 'posts/x': { front: '1', body: '1' } };
  const before = { inputs: 'i', published: 'p', articles };
  assert.deepEqual(hugoPlan(before, { inputs: 'i', articles }, ['a']), { mode: 'segment', slugs: ['a'] });
  assert.deepEqual(hugoPlan(before, { inputs: 'i', articles }, ['posts/x']), { mode: 'full' });
});
