// A report in a blog's own section: `new report posts/x --from DIR` writes the
// bundle under content/posts/, and a build finds it by its front matter (it
// lists its sources), not by its folder: its page gets its tables, charts and
// raw files, while the section's list, the home page, the feed and the tag
// pages keep working with the site's ordinary posts beside it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, cpSync, symlinkSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const FROM = join(ROOT, 'tests/fixtures/sweeps/repeats-mariadb-10.11');
let site;

/** A copy of tpsreport's site with no reports, and a section of ordinary posts. */
function siteCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-section-'));
  for (const name of ['scripts', 'layouts', 'static', 'schemas', 'config.toml', 'package.json']) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of ['node_modules', '.venv']) symlinkSync(join(ROOT, name), join(dir, name));
  for (const path of ['content/_index.md', 'content/reports/_index.md']) cpSync(join(ROOT, path), join(dir, path));
  mkdirSync(join(dir, 'content/posts'), { recursive: true });
  writeFileSync(join(dir, 'content/posts/_index.md'), '---\ntitle: Posts\n---\n');
  writeFileSync(join(dir, 'content/posts/hello.md'), '---\ntitle: "An ordinary post"\ndate: 2026-01-02\ntags: [notes]\n---\n\nNo benchmark here.\n');
  return dir;
}

const cli = (...args) => spawnSync(process.execPath, [join(site, 'scripts', 'tpsreport.mjs'), ...args], { cwd: site, encoding: 'utf8' });
const read = (path) => readFileSync(join(site, path), 'utf8');

before(() => { site = siteCopy(); });
after(() => rmSync(site, { recursive: true, force: true }));

test('new report PATH writes the bundle at that path under content/', () => {
  const made = cli('new', 'report', 'posts/2026/sysbench-repeats', '--from', FROM);
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stderr, /^new report: \d+ files copied into content\/posts\/2026\/sysbench-repeats\/raw\/, .*`tpsreport labels posts\/2026\/sysbench-repeats` shows its runs\n$/);
  assert.deepEqual(readdirSync(join(site, 'content/posts/2026/sysbench-repeats/raw')).sort(), readdirSync(FROM).sort());
  assert.match(read('content/posts/2026/sysbench-repeats/index.md'), /^sources:$/m);
});

test('new report refuses a path that leaves content/ or sits in a bundle, and writes nothing', () => {
  for (const path of ['../escape', '/tmp/escape', 'posts/../escape', 'posts//x', 'Posts/x', 'posts/2026/sysbench-repeats/raw/more', 'posts/hello']) {
    const made = cli('new', 'report', path, '--from', FROM);
    assert.notEqual(made.status, 0, path);
    assert.doesNotMatch(made.stderr, /\n\s+at /, `no stack trace for ${path}`);
  }
  assert.ok(!existsSync(join(site, '..', 'escape')) && !existsSync('/tmp/escape'));
  assert.deepEqual(readdirSync(join(site, 'content/posts/2026/sysbench-repeats')).sort(), ['index.md', 'raw']);
  assert.deepEqual(readdirSync(join(site, 'content/posts')).sort(), ['2026', '_index.md', 'hello.md']);
  assert.match(cli('new', 'report', 'posts/hello', '--from', FROM).stderr, /^content\/posts\/hello\.md: expected a new report name \(a page at that address is there already\), found a page of that name\n$/);
});

test('labels and compile know the report by its path', () => {
  const labels = cli('labels', 'posts/2026/sysbench-repeats');
  assert.equal(labels.status, 0, labels.stderr);
  assert.match(labels.stdout, /^raw\/oltp_read_write-t1-r1\.txt +sysbench /m);
});

test('a build finds the report in posts/ and its page shows the raw file\'s figures, linked to their lines', () => {
  const built = cli('build');
  assert.equal(built.status, 0, built.stderr);
  assert.match(built.stderr, /^ingest: \d+ documents from 1 report /m);
  assert.equal(JSON.parse(read('data/reports/posts+2026+sysbench-repeats/report.json')).report, 'posts/2026/sysbench-repeats');
  const page = read('public/posts/2026/sysbench-repeats/index.html');
  const name = 'oltp_read_write-t2-r1.txt';
  const raw = readFileSync(join(FROM, name), 'utf8').split('\n');
  const line = raw.findIndex((l) => /^\s+transactions:/.test(l)) + 1;
  const printed = /\(([\d.]+) per sec\.\)/.exec(raw[line - 1])[1];
  // The table shows the median of the repeats, each run's figure read on its raw line.
  const q = '&#34;';
  assert.ok(page.includes(`${q}source${q}:${q}raw/${name}${q},${q}line${q}:${line},${q}text${q}:${q}${printed}${q}`), `${name}:${line} ${printed} on the page`);
  assert.match(page, /<figure class="tps-chart/);
  assert.ok(readdirSync(join(site, 'public/posts/2026/sysbench-repeats/charts')).some((f) => f.endsWith('.svg')));
  assert.ok(readFileSync(join(site, 'public/posts/2026/sysbench-repeats/raw', name)).equals(readFileSync(join(FROM, name))));
  assert.ok(!existsSync(join(site, '.tpsreport/hugo-out/posts/2026/sysbench-repeats/raw')), 'Hugo copies none of the raw files: compile publishes them');
  // The raw file's line view and a chart's embed page sit a folder deeper than a report in content/reports/: their styles still load.
  for (const page of [`raw/${name}.html`, 'charts/transactions-rate.html']) {
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(read(`public/posts/2026/sysbench-repeats/${page}`))[1];
    assert.ok(existsSync(join(site, 'public/posts/2026/sysbench-repeats', page, '..', href)), `${page} links ${href}`);
  }
  const check = cli('check');
  assert.equal(check.status, 0, check.stderr);
  assert.match(check.stderr, /on 1 page,/);
});

test('the section list, tag page, home page and feed keep the blog\'s own posts apart from its reports', () => {
  const section = read('public/posts/index.html');
  assert.match(section, /href="\/posts\/hello\/"/);
  assert.match(section, /href="\/posts\/2026\/sysbench-repeats\/"/);
  assert.match(read('public/tags/notes/index.html'), /href="\/posts\/hello\/">An ordinary post</);
  assert.match(read('public/posts/hello/index.html'), /No benchmark here\./);
  const home = read('public/index.html');
  assert.match(home, /href="\/posts\/2026\/sysbench-repeats\/"/, 'the home page lists every report');
  assert.doesNotMatch(home, /href="\/posts\/hello\/"/, 'and no ordinary post');
  const feed = read('public/index.xml');
  // The sample config gives no address (baseURL = "/"): links start at the server's root.
  assert.match(feed, /<link>\/posts\/2026\/sysbench-repeats\/<\/link>/);
  assert.doesNotMatch(feed, /posts\/hello/);
});

test('a second build with nothing changed does nothing, and an edited report is built again', () => {
  assert.match(cli('build').stderr, /nothing changed since the last build/);
  const index = join(site, 'content/posts/2026/sysbench-repeats/index.md');
  writeFileSync(index, read('content/posts/2026/sysbench-repeats/index.md').replace('What was measured', 'What was measured again'));
  const built = cli('build');
  assert.equal(built.status, 0, built.stderr);
  assert.match(read('public/posts/2026/sysbench-repeats/index.html'), /What was measured again/);
});
