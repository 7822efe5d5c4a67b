// File helpers with one promise: an output file is either the old one or the
// complete new one, never half written (write to a temp file, then rename).
import { mkdir, rename, writeFile, rm, readFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { statSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';

export async function writeFileAtomic(path, contents) {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, contents);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

export function toJson(value) {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Writes only when the contents differ from what is there, so an unchanged
 * output keeps its mtime and an incremental build touches nothing it need not.
 * @returns {Promise<boolean>} whether the file was written
 */
export async function writeIfChanged(path, contents) {
  const next = Buffer.isBuffer(contents) ? contents : Buffer.from(contents);
  const old = await readFile(path).catch(() => null);
  if (old && old.equals(next)) return false;
  await writeFileAtomic(path, next);
  return true;
}

/**
 * A short hash of the names, sizes and mtimes of files (folders are walked),
 * so a step can tell "nothing here changed" from stat calls alone. Sync on
 * purpose: thousands of small stats are several times faster this way.
 */
export function treeStamp(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info) {
      hash.update(`${path}\0-\n`);
      continue;
    }
    const files = info.isDirectory() ? readdirSync(path, { recursive: true }).sort().map((n) => join(path, n)) : [path];
    for (const file of files) {
      const s = statSync(file);
      if (s.isFile()) hash.update(`${file}\0${s.size}\0${s.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * treeStamp for large trees: one `find` lists every file with its size and
 * mtime in C, which is many times faster than a stat call per file from
 * JavaScript once a site has tens of thousands of files. Where `find` is
 * missing or lacks -printf (BSD), it falls back to treeStamp; the two stamps
 * differ in form, which costs at most one rebuild, never a missed change.
 */
export function bigTreeStamp(paths) {
  const present = paths.filter((p) => statSync(p, { throwIfNoEntry: false }));
  const missing = paths.filter((p) => !present.includes(p));
  const r = present.length ? spawnSync('find', [...present, '-type', 'f', '-printf', '%p\t%s\t%T@\n'], { encoding: 'utf8', maxBuffer: 1 << 30 }) : { status: 0, stdout: '' };
  if (r.status !== 0 || r.error) return treeStamp(paths);
  const hash = createHash('sha256').update(`find\n${missing.map((p) => `${p}\0-\n`).join('')}`);
  for (const line of r.stdout.split('\n').sort()) hash.update(line).update('\n');
  return hash.digest('hex').slice(0, 24);
}
