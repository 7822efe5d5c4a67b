// Every raw fixture under tests/fixtures/<kind>/ is detected as <kind>, parses
// to exactly its golden JSON, and that JSON passes its schema. Every fixture
// under an errors/ folder is refused with exactly the message in its .err file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFile } from '../../scripts/parse/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { toJson } from '../../scripts/lib/files.mjs';
import { documentProblems } from '../../scripts/validate/index.mjs';
import { assertGolden } from '../helpers/golden.mjs';
import { rawFixtureNames, goldenPathOf } from '../helpers/fixtures.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'tests', 'fixtures');

const kinds = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'errors')
  .map((d) => d.name);

for (const kind of kinds) {
  const dir = join(FIXTURES, kind);
  for (const name of rawFixtureNames(dir)) {
    const path = join(dir, name);
    const source = relative(ROOT, path);
    test(`${source} is detected as ${kind}, matches its golden JSON and its schema`, async () => {
      const doc = await parseFile(path, { source });
      assert.equal(doc.kind, kind);
      await assertGolden(toJson(doc), goldenPathOf(path));
      assert.deepEqual(documentProblems(doc, source, { root: ROOT }), []);
    });
  }
}

for (const dir of [join(FIXTURES, 'errors'), ...kinds.map((k) => join(FIXTURES, k, 'errors'))]) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).filter((f) => !f.endsWith('.err'))) {
    const path = join(dir, name);
    const source = relative(ROOT, path);
    const expected = readFileSync(path.replace(/\.[^.]+$/, '.err'), 'utf8').trim();
    test(`${source} is refused with "${expected.slice(source.length + 1, source.length + 60)}…"`, async () => {
      const error = await parseFile(path, { source }).then(() => null, (e) => e);
      assert.ok(error instanceof Problem, `expected a Problem, got ${error}`);
      assert.equal(error.toString(), expected);
    });
  }
}
