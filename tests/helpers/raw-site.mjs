// A site of one report `x` for the tests of raw/ folders: what ingest and
// compile take, hash, refuse and publish.
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** A real sysbench run, copied where a test gives a file no text of its own. */
export const RUN = join(ROOT, 'content/reports/innodb-plugin-vs-builtin/raw/sysbench-5.1-plugin-rw.txt');

/** A site root with one report `x` whose raw/ holds `files` (name → text, or null for a copy of a real sysbench run). */
export function rawSite(sources, files) {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-raw-'));
  const bundle = join(root, 'content', 'reports', 'x');
  mkdirSync(join(bundle, 'raw'), { recursive: true });
  const list = sources.map((file) => `  - file: ${JSON.stringify(file)}\n    format: sysbench\n    labels: { server: a }\n`).join('');
  writeFileSync(join(bundle, 'index.md'), `---\ntitle: Raw files\nsources:\n${list}---\n\n{{< runs data="sysbench" >}}\n`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(bundle, 'raw', name, '..'), { recursive: true });
    if (text === null) copyFileSync(RUN, join(bundle, 'raw', name));
    else writeFileSync(join(bundle, 'raw', name), text);
  }
  return root;
}
