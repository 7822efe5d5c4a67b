// A report deleted or renamed leaves no data behind: its documents would name
// raw files that are gone, which validate refuses and no ingest could fix.
// Nor does a killed build: what it left half written is swept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync, existsSync, renameSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';
import { drawingVersion } from '../../scripts/draw/pool.mjs';

const RAW = join(import.meta.dirname, '..', '..', 'content/reports/mariadb-sysbench-threads/raw');

/** A report of one sysbench run under content/reports/<slug>/. */
function addReport(root, slug) {
  mkdirSync(join(root, 'content/reports', slug, 'raw'), { recursive: true });
  cpSync(join(RAW, 'oltp_read_write-t8.txt'), join(root, 'content/reports', slug, 'raw/t8.txt'));
  writeFileSync(join(root, 'content/reports', slug, 'index.md'), '---\ntitle: T\nsources:\n  - file: raw/t8.txt\n---\nText.\n');
}

test('ingest removes the data of a report whose folder is gone, and leaves a folder it did not write', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-gone-'));
  try {
    for (const slug of ['kept', 'renamed']) addReport(root, slug);
    mkdirSync(join(root, 'data/reports/hand-made'), { recursive: true });
    writeFileSync(join(root, 'data/reports/hand-made/notes.json'), '{}\n');
    await ingestReports({ root });
    assert.ok(existsSync(join(root, 'data/reports/renamed/t8.json')));
    renameSync(join(root, 'content/reports/renamed'), join(root, 'content/reports/new-name'));
    const result = await ingestReports({ root });
    assert.deepEqual(result.errors, []);
    assert.deepEqual(readdirSync(join(root, 'data/reports')).sort(), ['hand-made', 'kept', 'new-name']);
    assert.ok(existsSync(join(root, '.tpsreport/cache/ingest/new-name.stamp.json')) && existsSync(join(root, '.tpsreport/cache/ingest/new-name.json')));
    assert.ok(!existsSync(join(root, '.tpsreport/cache/ingest/renamed.json')) && !existsSync(join(root, '.tpsreport/cache/ingest/renamed.stamp.json')), 'its ingest cache goes too');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('ingest removes from data/ the temporary files a killed ingest left, and keeps those of a running one', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-leftover-'));
  try {
    addReport(root, 'r');
    await ingestReports({ root });
    // Process ids above Linux's largest (4194304) belong to no process; this one's is running.
    const dead = '.t8.json.4194400-0.tmp';
    const live = `.t8.json.${process.pid}-1.tmp`;
    for (const name of [dead, live]) writeFileSync(join(root, 'data/reports/r', name), '{"kind": "sysb');
    const result = await ingestReports({ root });
    assert.deepEqual(result.errors, []);
    assert.deepEqual(readdirSync(join(root, 'data/reports/r')).sort(), [live, 'report.json', 't8.json']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('ingest and compile remove from their caches the temporary files a killed build left, and keep those of a running one', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-cache-leftover-'));
  try {
    addReport(root, 'r');
    await ingestReports({ root });
    await compileReports({ root });
    const folders = ['cache/ingest', 'cache/compile', 'views', `cache/svg/${drawingVersion()}`, `cache/png/${drawingVersion()}`].map((f) => join(root, '.tpsreport', f));
    for (const dir of folders) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '.r.json.4194400-0.tmp'), '{"sta');
      writeFileSync(join(dir, `.r.json.${process.pid}-1.tmp`), '{"sta');
    }
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    for (const dir of folders) {
      assert.ok(!existsSync(join(dir, '.r.json.4194400-0.tmp')), `${dir}: a dead build's temporary is removed`);
      assert.ok(existsSync(join(dir, `.r.json.${process.pid}-1.tmp`)), `${dir}: a running build's temporary stays`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
