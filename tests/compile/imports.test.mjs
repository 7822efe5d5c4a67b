// Compile reads what ingest wrote (data/reports/<key>/report.json and the
// documents beside it), never ingest's code: a module under scripts/compile
// that imports scripts/ingest, directly or through a module it imports,
// would let compile read the front matter or a raw file a second way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPTS = resolve(dirname(fileURLToPath(import.meta.url)), '../../scripts');
const COMPILE = join(SCRIPTS, 'compile');
const INGEST = join(SCRIPTS, 'ingest');

// Static imports and re-exports (`from '…'`, bare `import '…'`) and dynamic import('…').
const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The project modules one module imports, as absolute paths (packages and node: modules left out). */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]).filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s));
}

/** Every module reachable from `start`, each with the chain of imports that reaches it. */
function reachable(start) {
  const chains = new Map(start.map((f) => [f, [f]]));
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (chains.has(next) || !next.endsWith('.mjs')) continue;
      chains.set(next, [...chains.get(file), next]);
      queue.push(next);
    }
  }
  return chains;
}

test('the import scan finds an import of ingest where there is one', () => {
  // The command line loads ingest with a dynamic import(), the build's steps with static ones.
  assert.ok(importsOf(join(SCRIPTS, 'tpsreport.mjs')).includes(join(INGEST, 'index.mjs')));
  assert.ok(importsOf(join(SCRIPTS, 'site', 'serve.mjs')).includes(join(INGEST, 'index.mjs')));
});

test('no module under scripts/compile imports scripts/ingest, directly or through another module', () => {
  const compileModules = readdirSync(COMPILE, { recursive: true }).filter((n) => String(n).endsWith('.mjs')).map((n) => join(COMPILE, String(n)));
  assert.ok(compileModules.length > 10, `compile's modules found (${compileModules.length})`);
  const found = [...reachable(compileModules)].filter(([file]) => file.startsWith(INGEST + '/'));
  assert.deepEqual(found.map(([, chain]) => chain.map((f) => relative(SCRIPTS, f)).join(' → ')), []);
});
