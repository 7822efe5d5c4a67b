// `tpsreport init` plans every file before it writes one: these tests give
// it sites it must refuse and check that nothing changed, and sites it must
// merge into and check that nothing of the author's was lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { initSite, SCRIPTS } from '../../scripts/scaffold/init.mjs';
import { shortcodePrefix } from '../../scripts/lib/site-config.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');
/** Where tpsreport sits in a blog npm installed it into. */
const TOOL = (blog) => join(blog, 'node_modules', 'tpsreport');

function blog(files) {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-init-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  // A package that is tpsreport as far as init looks: installSpec reads its version.
  mkdirSync(TOOL(dir), { recursive: true });
  writeFileSync(join(TOOL(dir), 'package.json'), '{ "name": "tpsreport", "version": "0.1.0" }\n');
  return dir;
}

/** Every file of `dir` but tpsreport's package, with its text. */
function snapshot(dir) {
  const out = {};
  for (const name of readdirSync(dir, { recursive: true })) {
    if (name.startsWith('node_modules')) continue;
    const path = join(dir, name);
    try {
      out[name] = readFileSync(path, 'utf8');
    } catch {
      out[name] = '(folder)';
    }
  }
  return out;
}

/** The Problem init throws in `dir`, the site left as it was. */
function refusal(dir) {
  const before = snapshot(dir);
  let thrown;
  try {
    initSite(dir, { tool: TOOL(dir) });
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown instanceof Problem, `a Problem, not ${thrown}`);
  assert.deepEqual(snapshot(dir), before, 'nothing written');
  return thrown;
}

const CONFIG = `# my blog
baseURL = "https://blog.example.org/"
title = "Blog"
theme = "PaperMod"

[params]
  author = "Me"   # shown under each post

[[menu.main]]
  name = "Posts"
  url = "/posts/"
`;

test('init appends the import of tpsreport to the config, keeping every line and value the author wrote', () => {
  const dir = blog({ 'hugo.toml': CONFIG });
  try {
    const { files } = initSite(dir, { tool: TOOL(dir) });
    assert.deepEqual(files.map((f) => `${f.path} ${f.action}`), ['hugo.toml updated', 'package.json created', '.github/workflows/tpsreport.yml created', '.gitignore created']);
    const text = readFileSync(join(dir, 'hugo.toml'), 'utf8');
    assert.ok(text.startsWith(CONFIG));
    const data = parse(text);
    assert.deepEqual(JSON.parse(JSON.stringify({ ...data, module: undefined })), JSON.parse(JSON.stringify(parse(CONFIG))));
    assert.deepEqual(JSON.parse(JSON.stringify(data.module.imports)), [{
      path: '../node_modules/tpsreport',
      mounts: [
        { source: 'layouts/_shortcodes', target: 'layouts/_shortcodes', files: ['tps-*.html'] },
        { source: 'layouts/_partials/tps', target: 'layouts/_partials/tps' },
        { source: 'static', target: 'static' },
      ],
    }]);
    assert.equal(shortcodePrefix(dir), 'tps-', 'new report then writes tps- names');
    assert.equal(shortcodePrefix(ROOT), '', 'tpsreport\'s own site takes its names as they are');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    assert.deepEqual(pkg.scripts, SCRIPTS);
    assert.equal(pkg.dependencies.tpsreport, '^0.1.0');
    assert.equal(readFileSync(join(dir, '.gitignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).join(), '.tpsreport/,node_modules/,.venv/');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('init run twice changes nothing the second time', () => {
  const dir = blog({ 'hugo.toml': CONFIG });
  try {
    initSite(dir, { tool: TOOL(dir) });
    const before = snapshot(dir);
    const { files } = initSite(dir, { tool: TOOL(dir) });
    assert.deepEqual(files.map((f) => f.action), ['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    assert.deepEqual(snapshot(dir), before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('init merges into a package.json and .gitignore of the author\'s, keeping their keys and lines', () => {
  const pkg = { name: 'my-blog', private: true, scripts: { deploy: 'rsync -a public/ host:/www/' }, devDependencies: { prettier: '^3.0.0' } };
  const dir = blog({ 'config.toml': CONFIG, 'package.json': JSON.stringify(pkg), '.gitignore': 'public\n/resources/' });
  try {
    initSite(dir, { tool: TOOL(dir) });
    const after = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    assert.deepEqual(after, { ...pkg, scripts: { deploy: pkg.scripts.deploy, ...SCRIPTS }, dependencies: { tpsreport: '^0.1.0' } });
    assert.equal(readFileSync(join(dir, '.gitignore'), 'utf8'), 'public\n/resources/\n# tpsreport\'s work folder and the tools `tpsreport setup` installs\n.tpsreport/\nnode_modules/\n.venv/\n');
    assert.ok(readFileSync(join(dir, 'config.toml'), 'utf8').startsWith(CONFIG), 'config.toml is the config when there is no hugo.toml');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('init refuses a folder that is no Hugo site, and one whose config is JSON, writing nothing', () => {
  const none = blog({ 'content/posts/a.md': '---\ntitle: a\n---\n' });
  const json = blog({ 'hugo.json': '{ "title": "Blog" }\n' });
  try {
    assert.match(refusal(none).message, /^expected a Hugo site \(a folder with hugo\.toml, hugo\.yaml, .*found no Hugo config$/);
    const problem = refusal(json);
    assert.equal(problem.file, 'hugo.json');
    assert.match(problem.message, /expected a Hugo config in TOML or YAML .*found hugo\.json; convert it to hugo\.toml/);
  } finally {
    rmSync(none, { recursive: true, force: true });
    rmSync(json, { recursive: true, force: true });
  }
});

const YAML_CONFIG = `# my blog
baseURL: https://blog.example.org/
title: Blog   # shown in the header
theme: PaperMod
params:
  author: Me
`;

test('init appends the import to a YAML config with no module settings, every line as written', () => {
  const dir = blog({ 'hugo.yaml': YAML_CONFIG });
  try {
    initSite(dir, { tool: TOOL(dir) });
    const text = readFileSync(join(dir, 'hugo.yaml'), 'utf8');
    assert.ok(text.startsWith(YAML_CONFIG));
    const data = parseYaml(text);
    assert.equal(data.title, 'Blog');
    assert.deepEqual(data.module.imports.map((i) => [i.path, i.mounts.map((m) => m.source).join()]), [['../node_modules/tpsreport', 'layouts/_shortcodes,layouts/_partials/tps,static']]);
    assert.equal(shortcodePrefix(dir), 'tps-');
    assert.equal(initSite(dir, { tool: TOOL(dir) }).files[0].action, 'unchanged');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('init adds the import to the module imports a YAML config has, keeping the theme\'s and the comments', () => {
  const config = `${YAML_CONFIG}module:\n  # the theme as a module\n  imports:\n    - path: github.com/adityatelange/hugo-PaperMod\n`;
  const broken = blog({ 'hugo.yaml': 'title: [Blog\nparams:\n  a: 1\n' });
  const dir = blog({ 'hugo.yaml': config });
  try {
    initSite(dir, { tool: TOOL(dir) });
    const text = readFileSync(join(dir, 'hugo.yaml'), 'utf8');
    assert.match(text, /# the theme as a module\n/);
    assert.deepEqual(parseYaml(text).module.imports.map((i) => i.path), ['github.com/adityatelange/hugo-PaperMod', '../node_modules/tpsreport']);
    const problem = refusal(broken);
    assert.equal(problem.file, 'hugo.yaml');
    assert.ok(problem.line >= 1, 'placed at its line');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(broken, { recursive: true, force: true });
  }
});

test('init refuses a config that is not TOML at its line, and one whose imports cannot take another, writing nothing', () => {
  const broken = blog({ 'hugo.toml': 'title = "Blog"\ntheme = \n' });
  const inline = blog({ 'hugo.toml': 'title = "Blog"\n[module]\n  imports = [{ path = "PaperMod" }]\n' });
  try {
    const problem = refusal(broken);
    assert.equal(`${problem.file}:${problem.line}`, 'hugo.toml:2');
    assert.match(refusal(inline).message, /module imports written as tables, not as an inline array/);
  } finally {
    rmSync(broken, { recursive: true, force: true });
    rmSync(inline, { recursive: true, force: true });
  }
});

test('init refuses to replace a script or workflow of the author\'s, naming it, and writes none of the other files', () => {
  const scripts = blog({ 'hugo.toml': CONFIG, 'package.json': '{ "scripts": { "build": "hugo --minify", "start": "hugo server" } }\n' });
  const workflow = blog({ 'hugo.toml': CONFIG, '.github/workflows/tpsreport.yml': 'name: mine\n' });
  try {
    const problem = refusal(scripts);
    assert.equal(problem.file, 'package.json');
    assert.match(problem.message, /found "build": "hugo --minify", "start": "hugo server"; rename them and run init again$/);
    assert.match(refusal(workflow).message, /found a file of that name with other content/);
    assert.ok(!existsSync(join(scripts, '.github')));
  } finally {
    rmSync(scripts, { recursive: true, force: true });
    rmSync(workflow, { recursive: true, force: true });
  }
});

test("init takes the place of the test script npm init writes, which says there is none", () => {
  const dir = blog({ 'hugo.toml': CONFIG, 'package.json': '{ "name": "blog", "scripts": { "test": "echo \\"Error: no test specified\\" && exit 1" } }\n' });
  try {
    initSite(dir);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    assert.equal(pkg.scripts.test, 'tpsreport build --frozen && tpsreport check');
    assert.equal(pkg.name, 'blog');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('tpsreport init on the command line: one line per file, and a located error with exit 1 where it refuses', () => {
  const dir = blog({ 'hugo.toml': CONFIG, 'package.json': '{ "scripts": { "test": "echo" } }\n' });
  try {
    const refused = spawnSync(process.execPath, [CLI, 'init'], { cwd: dir, encoding: 'utf8' });
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^package\.json: expected scripts build, start, test free for tpsreport/);
    assert.doesNotMatch(refused.stderr, /\n\s+at /);
    writeFileSync(join(dir, 'package.json'), '{}\n');
    const made = spawnSync(process.execPath, [CLI, 'init'], { cwd: dir, encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stderr, /^init: hugo\.toml updated\ninit: package\.json updated\n/);
    assert.equal(spawnSync(process.execPath, [CLI, 'init', 'extra'], { cwd: dir, encoding: 'utf8' }).status, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
