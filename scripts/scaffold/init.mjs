// `tpsreport init`: wires tpsreport into a Hugo site that exists already (a
// blog with a theme of its own), leaving the theme as it is:
//   - the site's config (hugo.toml, hugo.yaml, config.toml…) imports tpsreport from
//     node_modules/ as a Hugo module, taking only its shortcodes named tps-*,
//     the partials they use and its static files (the stylesheet of its
//     tables and charts, which the first of them on a page links itself);
//   - package.json gets the scripts build, start and test, calling tpsreport;
//   - .github/workflows/tpsreport.yml builds the site and checks its figures
//     on every push and pull request;
//   - .gitignore leaves out tpsreport's work folder and the installed tools.
// Every file is planned and checked first; then each is written beside its
// place and renamed over it, so a refusal leaves the site as it was. A file
// that is there already is merged into (the config keeps every line it had,
// package.json every key), never replaced; where a merge would change what
// the author wrote (a `build` script of their own), init refuses and says so.
import { existsSync, readFileSync, writeFileSync, renameSync, rmSync, mkdirSync, statSync } from 'node:fs';
import { join, relative, dirname, basename, posix, sep } from 'node:path';
import { Problem } from '../problems/problem.mjs';
import { tmpBeside, toJson } from '../lib/files.mjs';
import { CONFIG_NAMES, configName, TOOL_ROOT } from '../lib/site.mjs';
import YAML from 'yaml';
import { parseConfig, parseYaml, isYaml, tpsreportImport, takesPrefixedShortcodes, SHORTCODE_PREFIX } from '../lib/site-config.mjs';
import { installSpec } from './index.mjs';

/** Hugo config files tpsreport does not edit: init names them when it finds one. */
const OTHER_CONFIGS = ['hugo.json', 'config.json', 'config/_default'];

/** The scripts `npm init` writes, which say only that there is none yet: init takes their place. */
const NPM_PLACEHOLDERS = { test: 'echo "Error: no test specified" && exit 1' };

/** What a blog takes of tpsreport (README: "Import into a Hugo blog"): its prefixed shortcodes, the partials they use, its static files. */
const MOUNTS = [
  { source: 'layouts/_shortcodes', target: 'layouts/_shortcodes', files: [`${SHORTCODE_PREFIX}*.html`] },
  { source: 'layouts/_partials/tps', target: 'layouts/_partials/tps' },
  { source: 'static', target: 'static' },
];

const IMPORT_NOTE = [
  `tpsreport (written by \`tpsreport init\`): its shortcodes named ${SHORTCODE_PREFIX}* (${SHORTCODE_PREFIX}table,`,
  `${SHORTCODE_PREFIX}chart, …), the partials they use and its static files, from node_modules/,`,
  'so that none of its page layouts meets this site\'s theme. `npx tpsreport kinds`',
  'lists the shortcodes; `npx tpsreport build` builds the site.',
];

/** The scripts init adds to package.json. */
export const SCRIPTS = {
  build: 'tpsreport build',
  start: 'tpsreport serve',
  test: 'tpsreport build --frozen && tpsreport check',
};

const WORKFLOW = '.github/workflows/tpsreport.yml';

/** What .gitignore must leave out: tpsreport's caches and compiled views, and the tools `tpsreport setup` installs. */
const IGNORED = ['.tpsreport/', 'node_modules/', '.venv/'];

/**
 * Wires tpsreport into the Hugo site in `root`.
 * @returns {{ files: { path, action: 'created'|'updated'|'unchanged' }[] }}
 * @throws {Problem} when `root` is no Hugo site, or a file cannot be merged: nothing is written then
 */
export function initSite(root, { tool = TOOL_ROOT } = {}) {
  const plan = planInit(root, tool);
  writeAll(root, plan.filter((f) => f.action !== 'unchanged'));
  return { files: plan.map(({ path, action }) => ({ path, action })) };
}

/** Every file init would write, with its new text and whether it is created, updated or unchanged. */
export function planInit(root, tool = TOOL_ROOT) {
  const config = siteConfig(root);
  return [
    { path: config.name, ...change(config.text, configText(config, root, tool)) },
    { path: 'package.json', ...packageChange(root, tool) },
    { path: WORKFLOW, ...wholeFile(root, WORKFLOW, workflowText()) },
    { path: '.gitignore', ...gitignoreChange(root) },
  ];
}

const change = (before, after) => ({ text: after, action: before === null ? 'created' : before === after ? 'unchanged' : 'updated' });

/** The site's TOML config: its name, text and data; a Problem where `root` is no Hugo site tpsreport can wire in. */
function siteConfig(root) {
  const name = configName(root);
  if (!name) {
    const other = OTHER_CONFIGS.find((n) => existsSync(join(root, n)));
    if (other) throw new Problem({ file: other, rule: 'init', expected: `a Hugo config in TOML or YAML (${CONFIG_NAMES.join(', ')}), which tpsreport reads and extends`, found: `${other}; convert it to hugo.toml (\`hugo config --format toml\` prints it) and run init again` });
    throw new Problem({ file: relative(process.cwd(), root) || '.', rule: 'init', expected: `a Hugo site (a folder with ${CONFIG_NAMES.join(', ')}); run init in the blog's folder, or make a site with \`tpsreport new site DIR\``, found: 'no Hugo config' });
  }
  const text = readFileSync(join(root, name), 'utf8');
  return { name, text, data: parseConfig(text, name) };
}

/**
 * The config with tpsreport's import added, every value of the author's
 * kept; unchanged when it imports tpsreport already. The result is read back
 * before anything is written: it must hold the author's settings as they
 * were, and the import.
 */
function configText({ name, text, data }, root, tool) {
  const existing = tpsreportImport(data);
  if (existing) {
    if (!takesPrefixedShortcodes(existing)) throw new Problem({ file: name, rule: 'init', expected: `an import of tpsreport that takes only its ${SHORTCODE_PREFIX}* shortcodes, or none (init then writes it)`, found: `one that takes ${JSON.stringify(existing.mounts?.map((m) => m.source) ?? 'all of its folders')}` });
    return text;
  }
  const entry = { path: modulePath(data, root, tool), mounts: MOUNTS };
  const after = isYaml(name) ? withYamlImport(text, name, entry) : `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${tomlImport(entry)}`;
  let read;
  try {
    read = parseConfig(after, name);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    throw new Problem({ file: name, rule: 'init', expected: 'a config that can take one more module import (module imports written as tables, not as an inline array)', found: `one where adding it fails: ${error.message}` });
  }
  const imports = read.module?.imports;
  const kept = Array.isArray(imports) && sameData({ ...read, module: { ...read.module, imports: imports.filter((i) => i !== tpsreportImport(read)) } }, data);
  if (tpsreportImport(read)?.path !== entry.path || !kept) throw new Problem({ file: name, rule: 'init', expected: 'the config as it was with the import of tpsreport added', found: 'other settings changed by adding it (module imports written as an inline array?); add the import by hand (README: "Import into a Hugo blog")' });
  return after;
}

/** Two configs' data alike, an empty list of module imports as none. */
function sameData(a, b) {
  const plain = (data) => {
    const copy = JSON.parse(JSON.stringify(data));
    if (copy.module?.imports?.length === 0) delete copy.module.imports;
    if (copy.module && !Object.keys(copy.module).length) delete copy.module;
    return JSON.stringify(copy);
  };
  return plain(a) === plain(b);
}

/** tpsreport's [[module.imports]] table, appended after everything the author wrote. */
function tomlImport({ path, mounts }) {
  const value = (v) => (Array.isArray(v) ? `[${v.map((x) => JSON.stringify(x)).join(', ')}]` : JSON.stringify(v));
  const mountLines = mounts.flatMap((m) => ['  [[module.imports.mounts]]', ...Object.entries(m).map(([k, v]) => `    ${k} = ${value(v)}`)]);
  return `\n${IMPORT_NOTE.map((l) => `# ${l}`).join('\n')}\n[[module.imports]]\n  path = ${JSON.stringify(path)}\n${mountLines.join('\n')}\n`;
}

/**
 * A YAML config with tpsreport's import: appended as text where the config
 * has no `module` yet (every line of the author's stays as written), added
 * to its module imports otherwise (the yaml library keeps comments; spacing
 * inside a line may change).
 */
function withYamlImport(text, name, entry) {
  const doc = parseYaml(text, name);
  if (!doc.has('module')) {
    const block = YAML.stringify({ module: { imports: [entry] } });
    return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}\n${IMPORT_NOTE.map((l) => `# ${l}`).join('\n')}\n${block}`;
  }
  const imports = doc.getIn(['module', 'imports'], true);
  if (imports === undefined) doc.setIn(['module', 'imports'], doc.createNode([entry]));
  else if (YAML.isSeq(imports)) imports.add(doc.createNode(entry));
  else throw new Problem({ file: name, rule: 'init', expected: 'module imports written as a list', found: 'another value' });
  return String(doc);
}

/** Where Hugo finds tpsreport: a path relative to the themes folder (node_modules/tpsreport, where npm installs it). */
function modulePath(data, root, tool) {
  const themes = join(root, typeof data.themesDir === 'string' ? data.themesDir : 'themes');
  const installed = tool.split(sep).includes('node_modules') ? tool : join(root, 'node_modules', 'tpsreport');
  return relative(themes, installed).split(sep).join(posix.sep);
}

/** package.json with tpsreport's scripts and the dependency on it added; a Problem where a script of that name does something else. */
function packageChange(root, tool) {
  const path = join(root, 'package.json');
  const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
  let pkg;
  try {
    pkg = before === null ? { name: packageName(root), version: '0.1.0', private: true } : JSON.parse(before);
  } catch (error) {
    throw new Problem({ file: 'package.json', rule: 'init', expected: 'a package.json that is JSON', found: error.message });
  }
  if (pkg === null || typeof pkg !== 'object' || Array.isArray(pkg)) throw new Problem({ file: 'package.json', rule: 'init', expected: 'a package.json holding an object', found: JSON.stringify(pkg).slice(0, 40) });
  const scripts = { ...(pkg.scripts ?? {}) };
  const taken = Object.entries(SCRIPTS).filter(([name, command]) => name in scripts && scripts[name] !== command && scripts[name] !== NPM_PLACEHOLDERS[name]);
  if (taken.length) {
    const list = taken.map(([name]) => `"${name}": ${JSON.stringify(scripts[name])}`).join(', ');
    throw new Problem({ file: 'package.json', rule: 'init', expected: `scripts ${Object.keys(SCRIPTS).join(', ')} free for tpsreport (${Object.entries(SCRIPTS).map(([n, c]) => `"${n}": "${c}"`).join(', ')})`, found: `${list}; rename ${taken.length === 1 ? 'it' : 'them'} and run init again` });
  }
  const next = { ...pkg, scripts: { ...scripts, ...SCRIPTS } };
  if (!pkg.dependencies?.tpsreport && !pkg.devDependencies?.tpsreport) next.dependencies = { ...(pkg.dependencies ?? {}), tpsreport: installSpec(tool) };
  const after = toJson(next);
  // Unchanged in meaning, unchanged on disk: a file laid out by hand keeps its layout.
  if (before !== null && JSON.stringify(JSON.parse(before)) === JSON.stringify(next)) return { text: before, action: 'unchanged' };
  return change(before, after);
}

function packageName(root) {
  return basename(root).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '') || 'blog';
}

/** A file init writes whole: created, or left as it is when it holds the same; a Problem when it holds something else. */
function wholeFile(root, path, text) {
  const full = join(root, path);
  if (!existsSync(full)) return { text, action: 'created' };
  if (!statSync(full).isFile()) throw new Problem({ file: path, rule: 'init', expected: 'a file init can write', found: 'a folder of that name' });
  const before = readFileSync(full, 'utf8');
  if (before === text) return { text, action: 'unchanged' };
  throw new Problem({ file: path, rule: 'init', expected: 'no such file, or the one init writes', found: 'a file of that name with other content; move it away (or merge it by hand) and run init again' });
}

function workflowText() {
  return `# Written by \`tpsreport init\`: builds the site from the committed data/
# and checks every figure on its pages against the raw line it came from.
name: tpsreport
on:
  push:
  pull_request:
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      # tpsreport's pinned Hugo extended, into .venv/
      - run: npx tpsreport setup
      - run: npx tpsreport validate --reporter github
      - run: npm test
`;
}

/** .gitignore with the lines it lacks of IGNORED added at its end. */
function gitignoreChange(root) {
  const path = join(root, '.gitignore');
  const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
  const have = new Set((before ?? '').split('\n').map((l) => l.trim()));
  const missing = IGNORED.filter((line) => !have.has(line) && !have.has(line.replace(/\/$/, '')) && !have.has(`/${line}`));
  if (!missing.length) return { text: before, action: 'unchanged' };
  const head = before === null || before === '' ? '' : `${before}${before.endsWith('\n') ? '' : '\n'}`;
  return change(before, `${head}# tpsreport's work folder and the tools \`tpsreport setup\` installs\n${missing.join('\n')}\n`);
}

/**
 * Writes each file beside its place, then renames them all into place: a
 * failure while writing leaves every file as it was.
 */
function writeAll(root, files) {
  const written = [];
  try {
    for (const file of files) {
      const full = join(root, file.path);
      mkdirSync(dirname(full), { recursive: true });
      const tmp = tmpBeside(full);
      writeFileSync(tmp, file.text);
      written.push({ tmp, full });
    }
  } catch (error) {
    for (const { tmp } of written) rmSync(tmp, { force: true });
    throw error;
  }
  for (const { tmp, full } of written) renameSync(tmp, full);
}
