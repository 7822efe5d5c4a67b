// `tpsreport init` in a blog of each of two popular public Hugo themes
// (tests/fixtures/themes/, with their licences): a blog with one ordinary
// post, wired in by init, given a report with `new report posts/x --from`,
// built with `tpsreport build`. The post shows its table and chart with the
// raw file's own figures and links tpsreport's stylesheet itself (the theme
// knows nothing of it); the theme's home page and ordinary post render as
// before; the chart's table for screen readers is hidden by that stylesheet.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, cpSync, symlinkSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';

const ROOT = join(import.meta.dirname, '..', '..');
const FROM = join(ROOT, 'tests/fixtures/sweeps/repeats-mariadb-10.11');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');

/** Each theme, and a mark of its own markup on an ordinary post's page. */
const THEMES = {
  PaperMod: { mark: /class="post-single"/ },
  ananke: { mark: /class="[^"]*\bpage-hello\b/ },
};

const CONFIG = (theme) => `baseURL = "http://localhost:1313/"
title = "A benchmark blog"
theme = "${theme}"

[params]
  # the author's own setting, kept as written
  description = "Notes and numbers"
`;

/** A Hugo blog with the theme and one ordinary post, tpsreport installed in node_modules/ as npm would. */
function blogWith(theme) {
  const dir = mkdtempSync(join(tmpdir(), `tpsreport-blog-${theme}-`));
  cpSync(join(ROOT, 'tests/fixtures/themes', theme), join(dir, 'themes', theme), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'tpsreport'));
  writeFileSync(join(dir, 'hugo.toml'), CONFIG(theme));
  mkdirSync(join(dir, 'content/posts'), { recursive: true });
  writeFileSync(join(dir, 'content/posts/hello.md'), '---\ntitle: "Hello"\ndate: 2026-01-02\ntags: [notes]\n---\n\nAn ordinary post, with no benchmark in it.\n');
  return dir;
}

for (const [theme, { mark }] of Object.entries(THEMES)) describe(theme, () => {
  let blog;
  const cli = (...args) => spawnSync(process.execPath, [CLI, ...args], { cwd: blog, encoding: 'utf8' });
  const read = (path) => readFileSync(join(blog, path), 'utf8');

  before(() => { blog = blogWith(theme); });
  after(() => rmSync(blog, { recursive: true, force: true }));

  test(`${theme}: init imports tpsreport's tps- shortcodes, adds the scripts and the workflow, and keeps every line of the config`, () => {
    const made = cli('init');
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stderr, /^init: hugo\.toml updated\ninit: package\.json created\ninit: \.github\/workflows\/tpsreport\.yml created\ninit: \.gitignore created\n/);
    const config = read('hugo.toml');
    assert.ok(config.startsWith(CONFIG(theme)), 'the author\'s config comes first, as written');
    const data = parse(config);
    assert.equal(data.theme, theme);
    assert.equal(data.params.description, 'Notes and numbers');
    assert.deepEqual(data.module.imports.map((i) => i.path), ['../node_modules/tpsreport']);
    assert.deepEqual(data.module.imports[0].mounts.find((m) => m.source === 'layouts/_shortcodes').files, ['tps-*.html']);
    assert.deepEqual(JSON.parse(read('package.json')).scripts, { build: 'tpsreport build', start: 'tpsreport serve', test: 'tpsreport build --frozen && tpsreport check' });
    assert.match(read('.github/workflows/tpsreport.yml'), /run: npm test/);
    assert.equal(readdirSync(join(blog, 'themes', theme)).sort().join(), readdirSync(join(ROOT, 'tests/fixtures/themes', theme)).sort().join(), 'the theme is left as it was');
    const again = cli('init');
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stderr, /^init: hugo\.toml unchanged\ninit: package\.json unchanged\n/);
    assert.equal(read('hugo.toml'), config);
  });

  test(`${theme}: new report in posts/ writes the tps- names, and the build shows its table and chart with the raw file's figures`, () => {
    const made = cli('new', 'report', 'posts/sysbench-repeats', '--from', FROM);
    assert.equal(made.status, 0, made.stderr);
    const index = read('content/posts/sysbench-repeats/index.md');
    const names = [...index.matchAll(/\{\{< ([a-z-]+) /g)].map((m) => m[1]);
    assert.ok(names.length >= 3 && names.every((n) => n.startsWith('tps-')), names.join());
    const built = cli('build');
    assert.equal(built.status, 0, built.stderr);
    const page = read('public/posts/sysbench-repeats/index.html');
    assert.match(page, /<table class="tps-table">/);
    const img = /<figure class="tps-chart[^"]*" id="chart-transactions-rate"[\s\S]*?<img src="(charts\/transactions-rate\.page\.svg)\?v=/.exec(page);
    assert.ok(img, 'the chart is on the page');
    assert.match(read(`public/posts/sysbench-repeats/${img[1]}`), /^<\?xml[^>]*>\n<svg /);
    // Each figure of the median is read on its raw file's line.
    const name = 'oltp_read_write-t2-r1.txt';
    const raw = readFileSync(join(FROM, name), 'utf8').split('\n');
    const line = raw.findIndex((l) => /^\s+transactions:/.test(l)) + 1;
    const printed = /\(([\d.]+) per sec\.\)/.exec(raw[line - 1])[1];
    const q = '&#34;';
    assert.ok(page.includes(`${q}source${q}:${q}raw/${name}${q},${q}line${q}:${line},${q}text${q}:${q}${printed}${q}`), `${name}:${line} ${printed} on the page`);
    const check = cli('check');
    assert.equal(check.status, 0, check.stderr);
  });

  test(`${theme}: the post links tpsreport's stylesheet once, which hides the chart's table for screen readers`, () => {
    const page = read('public/posts/sysbench-repeats/index.html');
    const links = page.match(/<link rel="stylesheet" href="\/css\/tps-blocks\.css">/g) ?? [];
    assert.equal(links.length, 1);
    assert.ok(page.indexOf(links[0]) < page.indexOf('<table class="tps-table">'), 'before the first block');
    // What tpsreport puts on the page keeps to a strict policy (no inline style), whatever the theme does.
    const { views } = JSON.parse(read('.tpsreport/views/posts+sysbench-repeats.json'));
    for (const view of Object.values(views)) assert.doesNotMatch(view.html, /<style|\sstyle="/);
    assert.match(page, /<div class="visually-hidden">[\s\S]*?<table/);
    const css = read('public/css/tps-blocks.css');
    const rule = /\.visually-hidden \{([^}]*)\}/.exec(css)?.[1] ?? '';
    assert.match(rule, /position: absolute !important/);
    assert.match(rule, /width: 1px/);
    assert.match(rule, /overflow: hidden/);
    assert.match(rule, /clip: rect\(0 0 0 0\)/);
  });

  test(`${theme}: the theme's home page and ordinary post render as its own`, () => {
    const hello = read('public/posts/hello/index.html');
    assert.match(hello, /An ordinary post, with no benchmark in it\./);
    assert.match(hello, mark);
    assert.doesNotMatch(hello, /tps-blocks\.css/, 'a post without tpsreport blocks loads nothing of it');
    const home = read('public/index.html');
    assert.match(home, /A benchmark blog/);
    assert.match(home, /posts\/hello\/"/);
    assert.ok(existsSync(join(blog, 'public/tags/notes/index.html')));
  });
});

// A blog whose config is YAML gets the same: Hugo reads the import init adds to it.
describe('PaperMod with hugo.yaml', () => {
  let blog;
  const cli = (...args) => spawnSync(process.execPath, [CLI, ...args], { cwd: blog, encoding: 'utf8' });
  const YAML_CONFIG = 'baseURL: http://localhost:1313/\ntitle: A benchmark blog   # in the header\ntheme: PaperMod\n';

  before(() => {
    blog = blogWith('PaperMod');
    rmSync(join(blog, 'hugo.toml'));
    writeFileSync(join(blog, 'hugo.yaml'), YAML_CONFIG);
  });
  after(() => rmSync(blog, { recursive: true, force: true }));

  test('init, new report and build give the post its table, chart and stylesheet, the config\'s lines as written', () => {
    for (const args of [['init'], ['new', 'report', 'posts/sysbench-repeats', '--from', FROM], ['build']]) {
      const r = cli(...args);
      assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    }
    assert.ok(readFileSync(join(blog, 'hugo.yaml'), 'utf8').startsWith(YAML_CONFIG));
    const page = readFileSync(join(blog, 'public/posts/sysbench-repeats/index.html'), 'utf8');
    assert.match(page, /<link rel="stylesheet" href="\/css\/tps-blocks\.css">/);
    assert.match(page, /<table class="tps-table">/);
    assert.match(page, /<figure class="tps-chart[^"]*" id="chart-transactions-rate"/);
    assert.match(readFileSync(join(blog, 'public/posts/hello/index.html'), 'utf8'), /class="post-single"/);
  });
});
