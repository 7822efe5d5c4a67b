// A format's facts live in its own module (scripts/parse/<name>.mjs) and the
// registry (scripts/parse/formats.mjs) lists it: no other code names it. The
// rest of the tool asks the registry (by kind, role or declared field), so a
// format is added or changed in one place. The authoring commands
// (scripts/author/) are held to it for every format.
//
// The rule, for the formats held to it: outside those two files, no
// JavaScript under scripts/ names the format in code as
//   - a quoted string of exactly its name: 'mpstat', "innodb-cmp" (so also a
//     shortcode value in a template, data="table-status"), `vmstat`;
//   - an object key: mpstat: …;
//   - its module: …/hammerdb-job.mjs;
//   - its camel-cased identifier: perfSchemaWaits, tableStatus.
// Comments are not code: a whole-line comment and a trailing ` // ` comment may
// name the tool (mpstat samples…) or show a shortcode example. Prose inside a
// string that mentions the tool ("an mpstat column") is not the format's name.
// The shell capture scripts run the tools and name their output files
// (mpstat-<run>.txt); they never name a format and are not scanned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formats, formatNamed } from '../../scripts/parse/formats.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = join(ROOT, 'scripts');
const REGISTRY = 'scripts/parse/formats.mjs';

/** The formats no code but their own module and the registry names. */
const HELD = ['mpstat', 'vmstat', 'innodb-cmp', 'perf-schema-waits', 'hammerdb-job', 'table-status'];

const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The patterns by which code names a format (see the rule above). */
function namings(name) {
  const n = escape(name);
  const patterns = [
    new RegExp(`(['"\`])${n}\\1`),
    new RegExp(`(?:^|[{,\\s])${n}\\s*:`),
    new RegExp(`/${n}\\.mjs\\b`),
  ];
  if (camel(name) !== name) patterns.push(new RegExp(`\\b${escape(camel(name))}\\b`));
  return patterns;
}

/** A source text without its comments: whole-line ones, block comment lines and trailing ` // ` ones. */
function code(text) {
  return text.split('\n').map((line) => {
    const t = line.trim();
    if (t.startsWith('//') || t.startsWith('/*') || t.startsWith('*')) return '';
    const trailing = line.indexOf(' // ');
    return trailing >= 0 ? line.slice(0, trailing) : line;
  });
}

/** Each place `text` names `name` in code, as "line: text". */
export function namesIn(text, name) {
  const patterns = namings(name);
  return code(text).flatMap((line, i) => (patterns.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(?:mjs|js|cjs)$/.test(entry.name) ? [path] : [];
  });
}

test('the rule finds a format named in code and passes over comments and prose', () => {
  const text = [
    "const CPU = { data: 'mpstat', each: 'samples' };",
    'const TIME = { mpstat: "time" };',
    "import { format as innodbCmp } from './innodb-cmp.mjs';",
    'const shortcode = `{{< sizes-table data="table-status" >}}`;',
    '// mpstat samples every second; data="table-status" in an example',
    " * 'mpstat' in a block comment",
    "const unit = 'unit=\"%\" for an mpstat column'; // 'mpstat' here is a comment",
    "const file = 'mpstat-1.txt';",
  ].join('\n');
  assert.deepEqual(namesIn(text, 'mpstat'), ["1: const CPU = { data: 'mpstat', each: 'samples' };", '2: const TIME = { mpstat: "time" };']);
  assert.deepEqual(namesIn(text, 'innodb-cmp'), ["3: import { format as innodbCmp } from './innodb-cmp.mjs';"]);
  assert.deepEqual(namesIn(text, 'table-status'), ['4: const shortcode = `{{< sizes-table data="table-status" >}}`;']);
});

test('each format held to the rule is a format of the registry, and its own module names it', () => {
  for (const name of HELD) {
    assert.equal(formatNamed(name)?.name, name, `${name} is in the registry`);
    const own = readFileSync(join(SCRIPTS, 'parse', `${name}.mjs`), 'utf8');
    assert.ok(namesIn(own, name).length > 0, `scripts/parse/${name}.mjs names its format`);
    assert.ok(namesIn(readFileSync(join(ROOT, REGISTRY), 'utf8'), name).length > 0, `the registry lists ${name}`);
  }
});

test('no code under scripts/ but a format\'s own module and the registry names it', () => {
  const found = [];
  for (const path of sources(SCRIPTS)) {
    const file = relative(ROOT, path).split('\\').join('/');
    const text = readFileSync(path, 'utf8');
    for (const name of HELD) {
      if (file === REGISTRY || file === `scripts/parse/${name}.mjs`) continue;
      for (const place of namesIn(text, name)) found.push(`${file}:${place} (names ${name})`);
    }
  }
  assert.deepEqual(found, [], `format names outside their module and the registry:\n${found.join('\n')}`);
});

test('the authoring commands (scripts/author/) name no format: what they write for one, its format declares', () => {
  const found = [];
  for (const path of sources(join(SCRIPTS, 'author'))) {
    const text = readFileSync(path, 'utf8');
    for (const { name } of formats) for (const place of namesIn(text, name)) found.push(`${relative(ROOT, path)}:${place} (names ${name})`);
  }
  assert.deepEqual(found, [], `format names in scripts/author/:\n${found.join('\n')}`);
});
