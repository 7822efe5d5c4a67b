// The parts of "tpsreport in a site of its own" that need no registry: which
// folder is the site, what a new site's package.json asks for, the prefixed
// shortcode names a blog uses, and the check of built figures against their
// raw lines. tests/scaffold/package.test.mjs runs the whole thing from a
// packed tarball.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { siteRoot, TOOL_ROOT } from '../../scripts/lib/site.mjs';
import { installSpec, newSite } from '../../scripts/scaffold/index.mjs';
import { kinds, pageKinds } from '../../scripts/compile/kinds.mjs';
import { figureProblems, numbersOn } from '../../scripts/site/check.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');
const SHORTCODES = join(ROOT, 'layouts', '_shortcodes');
const temp = () => mkdtempSync(join(tmpdir(), 'tpsreport-site-'));

test('the site is the nearest folder with a Hugo config at or above the current one, else the current one', () => {
  const dir = temp();
  try {
    mkdirSync(join(dir, 'content', 'reports', 'x'), { recursive: true });
    assert.equal(siteRoot(join(dir, 'content', 'reports', 'x')), join(dir, 'content', 'reports', 'x'));
    writeFileSync(join(dir, 'hugo.toml'), 'title = "blog"\n');
    assert.equal(siteRoot(join(dir, 'content', 'reports', 'x')), dir);
    assert.equal(siteRoot(ROOT), ROOT);
    assert.equal(TOOL_ROOT, ROOT);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test("a new site asks for tpsreport as the project that installed it did, a local path made absolute so a clone elsewhere finds it", () => {
  const dir = temp();
  try {
    const tool = join(dir, 'proj', 'node_modules', 'tpsreport');
    mkdirSync(tool, { recursive: true });
    writeFileSync(join(tool, 'package.json'), '{ "version": "1.2.3" }');
    assert.equal(installSpec(tool), '^1.2.3', 'no package.json above node_modules');
    writeFileSync(join(dir, 'proj', 'package.json'), '{ "dependencies": { "tpsreport": "file:../tpsreport-1.2.3.tgz" } }');
    assert.equal(installSpec(tool), `file:${join(dir, 'tpsreport-1.2.3.tgz')}`);
    writeFileSync(join(dir, 'proj', 'package.json'), '{ "devDependencies": { "tpsreport": "git+https://git.example.org/tpsreport.git#v1.2.3" } }');
    assert.equal(installSpec(tool), 'git+https://git.example.org/tpsreport.git#v1.2.3');
    assert.equal(installSpec(), `file:${ROOT}`, 'run from a checkout');
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('new site writes the site whole with its sample report ingested, and copies none of the tool into it', async () => {
  const dir = temp();
  try {
    const site = join(dir, 'results');
    assert.equal(await newSite(site, { install: false }), 0);
    assert.deepEqual(readdirSync(site).sort(), ['.github', '.gitignore', 'README.md', 'config.toml', 'content', 'data', 'package.json']);
    assert.deepEqual(readdirSync(dir), ['results'], 'nothing is left beside the site');
    const pkg = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8'));
    assert.equal(pkg.dependencies.tpsreport, installSpec());
    // npm installs tpsreport before anything of tpsreport's runs: a fresh clone has no node_modules/.
    assert.equal(pkg.scripts.setup, 'npm install --no-audit --no-fund && tpsreport setup');
    for (const name of ['start', 'build', 'test']) assert.match(pkg.scripts[name], /^npm run setup && tpsreport /, name);
    assert.equal(pkg.scripts.test, 'npm run setup && tpsreport build --frozen && tpsreport check');
    const report = JSON.parse(readFileSync(join(site, 'data', 'reports', 'sysbench-threads', 'report.json'), 'utf8'));
    assert.deepEqual(report.sources.map((s) => s.file), [1, 2, 4, 8, 16].map((t) => `content/reports/sysbench-threads/raw/oltp_read_write-t${t}.txt`));
    const messages = [];
    assert.equal(await newSite(site, { install: false, log: (line) => messages.push(line) }), 1);
    assert.deepEqual(messages, [`tpsreport new site: ${site} already exists and is not empty; give a new folder`]);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('tpsreport new takes `site DIR` or `report SLUG --from DIR`', () => {
  const run = (...args) => spawnSync(process.execPath, [CLI, 'new', ...args], { cwd: ROOT, encoding: 'utf8' });
  const other = run('blog', 'x');
  assert.equal(other.status, 2);
  assert.equal(other.stderr, 'tpsreport: new takes what to create: `new site DIR` or `new report PATH --from DIR`, not "blog" (`tpsreport help` lists the commands and their options)\n');
  const twoDirs = run('site', 'a', 'b');
  assert.equal(twoDirs.status, 2);
  assert.equal(twoDirs.stderr, 'tpsreport: expected `new site DIR` (`tpsreport help` lists the commands and their options)\n');
  const wrongOption = run('site', 'a', '--from', 'b');
  assert.equal(wrongOption.status, 2);
});

test('every data shortcode has its tps- name, placing the same view', () => {
  const body = (name) => readFileSync(join(SHORTCODES, `${name}.html`), 'utf8').split('\n').filter((l) => l && !l.startsWith('{{- /*')).join('\n');
  for (const name of Object.keys(kinds)) {
    assert.ok(existsSync(join(SHORTCODES, `tps-${name}.html`)), `layouts/_shortcodes/tps-${name}.html is missing`);
    assert.equal(body(`tps-${name}`), body(name), `tps-${name}.html places its view differently from ${name}.html`);
  }
  const prefixed = readdirSync(SHORTCODES).filter((f) => f.startsWith('tps-')).map((f) => f.slice(4, -5));
  assert.deepEqual(prefixed.sort(), Object.keys(kinds).sort(), 'a tps- shortcode without a kind');
});

test("a page that uses tps- names leaves its unprefixed shortcodes to the blog; other pages use tpsreport's plain names", () => {
  const blogPage = pageKinds(['chart', 'tps-chart', 'tps-table', 'figure']);
  assert.equal(blogPage('tps-chart'), kinds.chart);
  assert.equal(blogPage('tps-table'), kinds.table);
  assert.equal(blogPage('chart'), undefined);
  assert.equal(blogPage('figure'), undefined);
  const sitePage = pageKinds(['chart', 'table', 'tps-nothing']);
  assert.equal(sitePage('chart'), kinds.chart);
  assert.equal(sitePage('tps-nothing'), undefined);
  assert.equal(sitePage('toString'), undefined);
});

test('tpsreport check holds a claim\'s words to its ratio, and every report to its page', async () => {
  const dir = temp();
  try {
    const bundle = join(dir, 'public', 'reports', 'r');
    mkdirSync(bundle, { recursive: true });
    for (const slug of ['r', 'gone']) {
      mkdirSync(join(dir, 'content', 'reports', slug), { recursive: true });
      writeFileSync(join(dir, 'content', 'reports', slug, 'index.md'), '---\ntitle: T\n---\n');
    }
    // The ratio of the cpu-efficiency-by-cores claim: 853.545 / 654.74.
    const claim = (words, ratio = 1.3036396126706784) => `<span class="tps-claim" data-relation="higher" data-verdict="different" data-ratio="${ratio}" title="checked"><span class="claim-figure">${words}</span></span>`;
    writeFileSync(join(bundle, 'index.html'), `<p>${claim('30.4\u00a0% higher')}</p>\n<p>${claim('80.4\u00a0% higher')}</p>\n<p>${claim('30.4\u00a0% lower')}</p>\n<p>${claim('about the same', 1.004)}</p>\n<p>${claim('0.4\u00a0%', 1.004)}</p>\n`);
    const result = await figureProblems({ root: dir });
    assert.equal(result.claims, 5);
    assert.deepEqual(result.problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: expected ${p.expected}, found ${p.found}`), [
      'public/reports/gone/index.html: expected the page of content/reports/gone/index.md, found no such file',
      'public/reports/r/index.html:2: expected the difference its data-ratio (1.3036396126706784) gives, "30.4 % higher", found "80.4 % higher"',
      'public/reports/r/index.html:3: expected the difference its data-ratio (1.3036396126706784) gives, "30.4 % higher", found "30.4 % lower"',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the numbers a raw line prints, durations in parts included', () => {
  assert.deepEqual(numbersOn('    transactions:                        15898  (1058.80 per sec.)'), [15898, 1058.8]);
  assert.deepEqual(numbersOn('| 28m 18s | 1,234.5 |'), [28, 18, 1234.5, 1698]);
  assert.deepEqual(numbersOn('Elapsed (wall clock) time (h:mm:ss or m:ss): 0:01.50'), [0, 1.5]);
});

test('tpsreport check passes figures printed on their raw line and names each one that is not', async () => {
  const dir = temp();
  try {
    const bundle = join(dir, 'public', 'reports', 'r');
    mkdirSync(join(bundle, 'raw'), { recursive: true });
    writeFileSync(join(bundle, 'raw', 'run.txt'), 'sysbench\n    transactions:                        15898  (1058.80 per sec.)\n');
    const fig = (value, line) => `<a class="fig" href="./raw/run.txt.html#L${line}" data-value="${value}" data-source="raw/run.txt" data-line="${line}">${value}</a>`;
    writeFileSync(join(bundle, 'index.html'), `<p>${fig('1058.8', 2)}</p>\n<p>${fig('15898', 2)}</p>\n`);
    assert.deepEqual(await figureProblems({ root: dir }), { pages: 1, figures: 2, claims: 0, problems: [] });

    writeFileSync(join(bundle, 'index.html'), `<p>${fig('1058.8', 2)}</p>\n<p>${fig('1085.8', 2)}</p>\n<p>${fig('1', 9)}</p>\n`);
    const result = await figureProblems({ root: dir });
    assert.deepEqual(result.problems.map((p) => `${p.file}:${p.line}: expected ${p.expected}, found ${p.found}`), [
      'public/reports/r/index.html:2: expected 1085.8 as printed on raw/run.txt:2, found line 2 reads "transactions:                        15898  (1058.80 per sec.)"',
      'public/reports/r/index.html:3: expected 1 as printed on raw/run.txt:9, found raw/run.txt has 3 lines',
    ]);

    const cli = spawnSync(process.execPath, [CLI, 'check'], { cwd: dir, encoding: 'utf8' });
    assert.equal(cli.status, 1);
    assert.equal(cli.stderr, 'check: 3 linked figures on 1 page, 2 problems\n');

    // The text a reader sees must read as the number too: a figure rounded, grouped, in binary units or a duration does.
    const shown = (value, text) => `<a class="fig" href="./raw/run.txt.html#L2" data-value="${value}" data-source="raw/run.txt" data-line="2">${text}</a>`;
    writeFileSync(join(bundle, 'index.html'), [shown('15898', '15,898'), shown('1058.8', '1,058.8 <span class="unit">tx/s</span>'), shown('15898', '15.5 KiB'), shown('1058.8', '17 min 38.8 s'), shown('1058.8', '1058.81'), shown('15898', '15.6 KiB')].join('\n'));
    assert.deepEqual((await figureProblems({ root: dir })).problems.map((p) => `${p.line}: ${p.found}`), ['5: the page shows it as "1058.81"', '6: the page shows it as "15.6 KiB"']);
    // Halfway between two six-decimal figures (a median of two runs), rounding up reads as the figure too.
    writeFileSync(join(bundle, 'raw', 'run.txt'), 'pgbench\ntps = 522.3489255\n');
    writeFileSync(join(bundle, 'index.html'), [shown('522.3489255', '522.348926'), shown('522.3489255', '522.348927')].join('\n'));
    assert.deepEqual((await figureProblems({ root: dir })).problems.map((p) => `${p.line}: ${p.found}`), ['2: the page shows it as "522.348927"']);
    writeFileSync(join(bundle, 'raw', 'run.txt'), 'sysbench\n    transactions:                        15898  (1058.80 per sec.)\n');
    // du prints KiB: the figure is that number, data-bytes what a size on the page is read against.
    writeFileSync(join(bundle, 'raw', 'run.txt'), '4116\t./data\n');
    const du = (text) => `<a class="fig" href="./raw/run.txt.html#L1" data-value="4116" data-source="raw/run.txt" data-line="1" data-bytes="4214784">${text}</a>`;
    writeFileSync(join(bundle, 'index.html'), [du('4.02 MiB'), du('4,116 KiB'), du('4.2 MiB')].join('\n'));
    assert.deepEqual((await figureProblems({ root: dir })).problems.map((p) => `${p.line}: ${p.found}`), ['3: the page shows it as "4.2 MiB"']);
    // A figure that is a word (a setting's ON or OFF) stands whole on its line, and the page shows that word.
    writeFileSync(join(bundle, 'raw', 'run.txt'), 'innodb_log_file_buffering\tON\n| innodb_file_per_table | OFF |\n');
    const word = (value, line, text = value) => `<a class="fig" href="./raw/run.txt.html#L${line}" data-value="${value}" data-source="raw/run.txt" data-line="${line}">${text}</a>`;
    writeFileSync(join(bundle, 'index.html'), [word('ON', 1), word('OFF', 2), word('OFF', 1), word('buffering', 1), word('ON', 1, 'OFF')].join('\n'));
    assert.deepEqual((await figureProblems({ root: dir })).problems.map((p) => `${p.line}: expected ${p.expected}, found ${p.found}`), [
      '3: expected "OFF" as printed on raw/run.txt:1, found line 1 reads "innodb_log_file_buffering\tON"',
      '4: expected "buffering" as printed on raw/run.txt:1, found line 1 reads "innodb_log_file_buffering\tON"',
      '5: expected "ON" as printed on raw/run.txt:1, found the page shows it as "OFF"',
    ]);
    assert.match(cli.stdout, /^public\/reports\/r\/index\.html:2: expected 1085\.8 as printed on raw\/run\.txt:2, found line 2 reads/m);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('tpsreport check finds a figure of the compiled views that the page shows without its link', async () => {
  const dir = temp();
  try {
    const bundle = join(dir, 'public', 'reports', 'r');
    mkdirSync(join(bundle, 'raw'), { recursive: true });
    writeFileSync(join(bundle, 'raw', 'run.txt'), 'sysbench\n    transactions:                        15898  (1058.80 per sec.)\n');
    const fig = (value) => `<a class="fig" href="./raw/run.txt.html#L2" data-value="${value}" data-source="raw/run.txt" data-line="2">${value}</a>`;
    mkdirSync(join(dir, '.tpsreport', 'views'), { recursive: true });
    const views = { views: { a: { html: `<td>${fig('1058.8')}</td><td>${fig('15898')}</td>` }, b: { html: `<p>${fig('1058.8')}</p>` } } };
    writeFileSync(join(dir, '.tpsreport', 'views', 'r.json'), JSON.stringify(views));
    writeFileSync(join(bundle, 'index.html'), `<td>${fig('1058.8')}</td><td>${fig('15898')}</td>\n<p>${fig('1058.8')}</p>\n`);
    assert.deepEqual(await figureProblems({ root: dir }), { pages: 1, figures: 3, claims: 0, problems: [] });
    // A layout that drops a figure's link leaves its number on the page, where nothing checks it.
    writeFileSync(join(bundle, 'index.html'), `<td>${fig('1058.8')}</td><td>15898</td>\n<p>1058.8</p>\n`);
    assert.deepEqual((await figureProblems({ root: dir })).problems.map((p) => `${p.file}: ${p.rule}: found ${p.found}`), [
      'public/reports/r/index.html: figure-on-page: found 2 not there, the first 15898 as printed on raw/run.txt:2 (if the page predates its views, build again)',
    ]);
    // A figure no link carries (a chart's table of figures) edited on the page: the view is not there as compile wrote it.
    views.views.c = { html: '<table><caption>Figures of: tps</caption><tr><td>1</td><td>1058.80</td></tr></table>' };
    writeFileSync(join(dir, '.tpsreport', 'views', 'r.json'), JSON.stringify(views));
    const page = `<td>${fig('1058.8')}</td><td>${fig('15898')}</td>\n<p>${fig('1058.8')}</p>\n${views.views.c.html.replace('1058.80', '1158.80')}\n`;
    writeFileSync(join(bundle, 'index.html'), page);
    assert.deepEqual((await figureProblems({ root: dir })).problems.map((p) => `${p.file}:${p.line}: ${p.rule}: found ${p.found}`), [
      'public/reports/r/index.html:3: view-on-page: found 1 changed; line 3 reads ">1</td><td>1158.80</td><" where compile wrote ">1</td><td>1058.80</td><" (a cell of a chart\'s figures table edited after the build? if the page predates its views, build again)',
    ]);
    writeFileSync(join(bundle, 'index.html'), page.replace('1158.80', '1058.80'));
    assert.deepEqual((await figureProblems({ root: dir })).problems, []);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('tpsreport check recomputes a figure combined from repeats from the runs it lists, each read on its raw line', async () => {
  const dir = temp();
  try {
    const bundle = join(dir, 'public', 'reports', 'r');
    mkdirSync(join(bundle, 'raw'), { recursive: true });
    const tps = { r1: '1058.80', r2: '1120.45', r3: '990.10' };
    for (const [name, rate] of Object.entries(tps)) writeFileSync(join(bundle, 'raw', `${name}.txt`), `sysbench\n    transactions:                        15898  (${rate} per sec.)\n`);
    const member = (name, text = tps[name], status = 'ok') => ({ source: `raw/${name}.txt`, line: 2, text, status });
    const stat = (stat, value, shown, members) => `<a class="stat" href="./raw/r1.txt.html#L2" data-stat="${stat}" data-value="${value}" data-members="${JSON.stringify(members).replace(/"/g, '&#34;')}">${shown}</a>`;
    const all = ['r1', 'r2', 'r3'].map((n) => member(n));
    writeFileSync(join(bundle, 'index.html'), [
      stat('median', 1058.8, '1058.80', all),
      stat('mean', 1056.45, '1,056.45', all),
      stat('best (max)', 1120.45, '1120.45', all),
      stat('median', 1024.45, '1024.45', [member('r1'), member('r3'), member('r2', 'failed', 'failed')]),
    ].join('\n'));
    assert.deepEqual(await figureProblems({ root: dir }), { pages: 1, figures: 4, claims: 0, problems: [] });
    writeFileSync(join(bundle, 'index.html'), [
      stat('median', 1120.45, '1120.45', all),
      stat('median', 1058.8, '1058.80', [member('r1'), member('r2', '1102.45'), member('r3')]),
      stat('median', 1058.8, '1058.8', all),
      stat('median', 1058.8, '1085.80', all),
    ].join('\n'));
    assert.deepEqual((await figureProblems({ root: dir })).problems.map((p) => `${p.line}: expected ${p.expected}, found ${p.found}`), [
      "1: expected the median of the 3 runs it lists, each as printed on its raw line, found the page's median is 1120.45, the runs' is 1058.8",
      '2: expected the median of the 3 runs it lists, each as printed on its raw line, found raw/r2.txt:2 reads "transactions:                        15898  (1120.45 per sec.)", not 1102.45',
      '4: expected the median of the 3 runs it lists, each as printed on its raw line, found the page shows it as "1085.80"',
    ]);
  } finally {
    rmSync(dir, { recursive: true });
  }
});
