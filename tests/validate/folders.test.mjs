// validateFolders shares many report folders among the worker threads: what
// it finds must be what one thread finds, problems in the same order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, cpSync, readdirSync, readFileSync, writeFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateFolders, validatePaths } from '../../scripts/validate/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

const folderBytes = (dir) => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);

test('validateFolders over many folders finds what validatePaths finds, in the same order', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-folders-'));
  try {
    // Copies of the reports under 1 MiB: what is shared is folders, so their
    // count matters here, not their bulk (the interval logs of the others).
    const slugs = readdirSync(join(ROOT, 'data', 'reports')).sort().filter((slug) => folderBytes(join(ROOT, 'data', 'reports', slug)) < 2 ** 20);
    const dirs = [];
    for (const copy of [0, 1, 2, 3]) {
      for (const slug of slugs) {
        const dir = join(root, 'data', 'reports', `${slug}-${copy}`);
        cpSync(join(ROOT, 'data', 'reports', slug), dir, { recursive: true });
        dirs.push(dir);
      }
    }
    assert.ok(dirs.length >= 16, `enough folders for the threads (${dirs.length})`);
    // One broken document and one wrong figure, in folders far apart.
    const first = join(dirs[1], readdirSync(dirs[1]).find((n) => n !== 'report.json'));
    writeFileSync(first, readFileSync(first, 'utf8').replace(/"kind": "[^"]+"/, '"kind": "no-such-kind"'));
    const last = join(dirs.at(-2), 'report.json');
    writeFileSync(last, readFileSync(last, 'utf8').replace(/"schema_version": 1/, '"schema_version": "one"'));
    const shared = await validateFolders(dirs, { root });
    const alone = await validatePaths(dirs, { root });
    const where = new Set(alone.problems.map((p) => p.file.split('/')[2]));
    assert.ok(where.has(dirs[1].split('/').pop()) && where.has(dirs.at(-2).split('/').pop()), `both planted problems are found: ${[...where].join(', ')}`);
    assert.equal(shared.files, alone.files);
    assert.deepEqual(shared.problems, alone.problems);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
