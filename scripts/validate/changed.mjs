// Validation inside a build: every report folder of data/ whose documents
// changed since its last clean validation (or whose validator or schemas
// changed) is validated again, whole, so report-level checks still see all
// of a report's documents. `tpsreport validate` always checks everything.
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { validateFolders } from './index.mjs';
import { treeIndex, readCache } from '../lib/files.mjs';
import { TOOL_ROOT } from '../lib/site.mjs';

let validatorHash = null;
/** A hash of the validator's code and the schemas: a change to either validates everything again (taken once per process, like the parsers' and the compiler's). */
async function validatorStamp() {
  if (validatorHash) return validatorHash;
  const hash = createHash('sha256');
  for (const dir of ['scripts/validate', 'schemas']) {
    for (const n of (await readdir(join(TOOL_ROOT, dir))).sort()) hash.update(n).update(await readFile(join(TOOL_ROOT, dir, n)));
  }
  validatorHash = hash.digest('hex').slice(0, 16);
  return validatorHash;
}

/**
 * @param {object} o  listed: the build's listing of data/ (treeIndex), when it has one
 * @returns {{ files, problems, checked, skipped }} like validatePaths, over the changed report folders only.
 */
export async function validateChanged({ root, listed = null }) {
  const dataDir = join(root, 'data', 'reports');
  const cachePath = join(root, '.tpsreport', 'cache', 'validate.json');
  const before = readCache(cachePath, {});
  const validator = await validatorStamp();
  const slugs = existsSync(dataDir) ? (await readdir(dataDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];
  const stamps = {};
  const changed = [];
  listed ??= await treeIndex([dataDir]);
  for (const slug of slugs) {
    stamps[slug] = `${validator}:${listed.stamp([join(dataDir, slug)])}`;
    if (before[slug] !== stamps[slug]) changed.push(slug);
  }
  const result = changed.length ? await validateFolders(changed.map((s) => join(dataDir, s)), { root }) : { files: 0, problems: [] };
  const failed = new Set(result.problems.filter((p) => p.severity === 'error').map((p) => p.file.split('/')[2]));
  const after = Object.fromEntries(slugs.filter((s) => !failed.has(s)).map((s) => [s, stamps[s]]));
  await mkdir(dirname(cachePath), { recursive: true });
  await writeFile(cachePath, JSON.stringify(after));
  return { ...result, checked: changed.length, skipped: slugs.length - changed.length };
}
