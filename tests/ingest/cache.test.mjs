// Ingest's cache decides what is parsed again; it is never trusted over the files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync, readFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';

const RAW = join(import.meta.dirname, '..', '..', 'content/reports/mariadb-sysbench-threads/raw');

function siteWithOneReport() {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-ingest-cache-'));
  mkdirSync(join(root, 'content/reports/r/raw'), { recursive: true });
  for (const t of ['t1', 't8']) cpSync(join(RAW, `oltp_read_write-${t}.txt`), join(root, `content/reports/r/raw/${t}.txt`));
  writeFileSync(join(root, 'content/reports/r/index.md'), '---\ntitle: T\nsources:\n  - file: raw/t1.txt\n  - file: raw/t8.txt\n---\nText.\n');
  return root;
}

test('an unchanged report is not parsed again, and a damaged cache costs a parse, not the build', async (t) => {
  const root = siteWithOneReport();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const first = await ingestReports({ root });
  assert.deepEqual([first.errors, first.parsed, first.documents], [[], 2, 2]);
  const document = readFileSync(join(root, 'data/reports/r/t8.json'), 'utf8');
  const again = await ingestReports({ root });
  assert.deepEqual([again.errors, again.parsed, again.documents], [[], 0, 2]);
  for (const name of ['r.stamp.json', 'r.json']) writeFileSync(join(root, '.tpsreport/cache/ingest', name), '{"report": "cut sho');
  const damaged = await ingestReports({ root });
  assert.deepEqual([damaged.errors, damaged.parsed, damaged.documents], [[], 2, 2]);
  assert.equal(readFileSync(join(root, 'data/reports/r/t8.json'), 'utf8'), document);
  for (const name of ['r.stamp.json', 'r.json']) writeFileSync(join(root, '.tpsreport/cache/ingest', name), 'null');
  assert.deepEqual((await ingestReports({ root })).errors, [], 'a cache file that holds no object');
});

test('a report whose source failed is looked at again by the next ingest', async (t) => {
  const root = siteWithOneReport();
  t.after(() => rmSync(root, { recursive: true, force: true }));
  await ingestReports({ root });
  writeFileSync(join(root, 'content/reports/r/raw/t8.txt'), 'not sysbench output\n');
  const failed = await ingestReports({ root });
  assert.equal(failed.errors.length, 1);
  assert.match(String(failed.errors[0]), /t8\.txt/);
  assert.equal((await ingestReports({ root })).errors.length, 1, 'the same error, not a silent pass');
  cpSync(join(RAW, 'oltp_read_write-t8.txt'), join(root, 'content/reports/r/raw/t8.txt'));
  appendFileSync(join(root, 'content/reports/r/index.md'), '\n');
  const fixed = await ingestReports({ root });
  assert.deepEqual([fixed.errors, fixed.parsed, fixed.documents], [[], 1, 2]);
});
