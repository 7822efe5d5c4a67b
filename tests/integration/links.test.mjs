// Every link a built site holds to itself resolves: the sample site of this
// repository and a new site made by `tpsreport new site` (whose header links
// to the documentation pages tpsreport ships), built under a base URL with a
// path as it would be published. The checker itself is tried first on a
// small published folder whose broken links are known.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, cpSync, symlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { brokenLinks, brokenLines } from '../helpers/links.mjs';
import { newSite } from '../../scripts/scaffold/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'tpsreport-links-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function build(dir, args = []) {
  const r = spawnSync(process.execPath, [CLI, 'build', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, `tpsreport build ${args.join(' ')} in ${dir} failed:\n${r.stderr}`);
}

function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

test('the link checker resolves links as a browser does under the base URL and finds each missing file and id', () => {
  const dir = join(tmp, 'known');
  write(dir, {
    'index.html': `<link rel="canonical" href="https://example.org/sub/">
<a href="/sub/docs/">docs</a> <a href="docs/#intro">intro</a> <a href="https://example.org/sub/docs/#gone">gone</a>
<a href="/docs/">root</a> <a href="https://other.example/x">other</a> <a href="mailto:a@example.org">mail</a>
<img src="charts/a.svg?v=1" alt=""> <img src="charts/b.svg" alt=""> <a href="#top" id="top">top</a> <a href="#nope">nope</a>
<a href="raw/run%201.txt.html#L2">figure</a> <a href="raw/run%201.txt.html#L9">figure</a> <a href="docs/?a=1&amp;b=2">query</a>`,
    'docs/index.html': '<h2 id="intro">Intro</h2><a href="../">home</a> <a href="../docs">no slash</a>',
    'charts/a.svg': '<svg/>',
    'raw/run 1.txt.html': '<pre><span id="L1">a</span><span id="L2">b</span></pre><a href="#L1">first</a>',
  });
  const { pages, broken, targets } = brokenLinks(dir, { base: 'https://example.org/sub/' });
  assert.equal(pages, 3);
  assert.deepEqual(broken, [
    { page: 'docs/index.html', link: '../docs', reason: 'no file docs' },
    { page: 'index.html', link: 'https://example.org/sub/docs/#gone', reason: 'no id "gone" on docs/index.html' },
    { page: 'index.html', link: '/docs/', reason: "leaves the site's base /sub/" },
    { page: 'index.html', link: 'charts/b.svg', reason: 'no file charts/b.svg' },
    { page: 'index.html', link: '#nope', reason: 'no id "nope" on index.html' },
    { page: 'index.html', link: 'raw/run%201.txt.html#L9', reason: 'no id "L9" on raw/run 1.txt.html' },
  ]);
  assert.deepEqual([...targets].sort(), ['charts/a.svg', 'charts/b.svg', 'docs', 'docs/index.html', 'index.html', 'raw/run 1.txt.html']);
});

test('every link of the sample site to itself resolves, fragments included', { timeout: 300_000 }, () => {
  const dir = join(tmp, 'sample');
  mkdirSync(dir);
  for (const name of ['content', 'data', 'scripts', 'layouts', 'static', 'schemas', 'config.toml', 'package.json']) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of ['node_modules', '.venv']) symlinkSync(join(ROOT, name), join(dir, name));
  build(dir, ['--frozen']);
  const public_ = join(dir, 'public');
  const { pages, links, targets, broken } = brokenLinks(public_, { base: 'http://localhost:1313/' });
  assert.deepEqual(brokenLines(broken), []);
  assert.ok(pages > 100 && links > 1000, `only ${pages} pages and ${links} links checked`);
  for (const page of ['docs/index.html', 'docs/shortcodes/index.html', 'reports/index.html']) assert.ok(targets.has(page), `no link to ${page}`);
});

test('every link of a new site to itself resolves, the documentation its header links to included', { timeout: 300_000 }, async () => {
  const site = join(tmp, 'results');
  assert.equal(await newSite(site, { install: false }), 0);
  mkdirSync(join(site, 'node_modules'));
  symlinkSync(ROOT, join(site, 'node_modules', 'tpsreport'));
  const base = 'https://bench.example.org/results/';
  build(site, ['--base-url', base]);
  const public_ = join(site, 'public');
  const { pages, targets, broken } = brokenLinks(public_, { base });
  assert.deepEqual(brokenLines(broken), []);
  assert.ok(pages > 10, `only ${pages} pages checked`);
  for (const page of ['docs/index.html', 'docs/shortcodes/index.html', 'reports/sysbench-threads/index.html']) assert.ok(targets.has(page), `no link to ${page}`);
});
