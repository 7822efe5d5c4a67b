// tpsreport setup installs only what is missing: in a checkout that has its
// packages and Hugo already, it installs nothing and returns at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = join(import.meta.dirname, '..', '..');

test('setup run again installs nothing, and says nothing', () => {
  const started = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'site', 'setup.mjs')], { cwd: ROOT, encoding: 'utf8' });
  const took = performance.now() - started;
  assert.equal(r.status, 0, r.stderr);
  // Each install step says what it installs ("setup: installing …").
  assert.equal(r.stderr, '');
  // About 0.3 s on an idle two-core machine; npm ci alone takes far longer than this bound, which leaves room for a busy one.
  assert.ok(took < 10_000, `took ${Math.round(took)} ms`);
});

test("setup takes only --browser, and runs without any of the packages it installs (the repository's npm start runs it first)", () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'site', 'setup.mjs'), '--brwoser'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'setup: unknown option "--brwoser"; setup takes only --browser\n');
  const importsOf = (file) => [...readFileSync(file, 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
  const setupFile = join(ROOT, 'scripts', 'site', 'setup.mjs');
  const own = importsOf(setupFile).filter((m) => m.startsWith('.'));
  assert.ok(own.length > 0);
  const all = [setupFile, ...own.map((m) => join(setupFile, '..', m))].flatMap(importsOf);
  assert.deepEqual(all.filter((m) => !m.startsWith('node:') && !m.startsWith('.')), [], 'an installed package');
  assert.deepEqual(own.flatMap((m) => importsOf(join(setupFile, '..', m))).filter((m) => m.startsWith('.')), [], 'a module of its own that imports others');
});
