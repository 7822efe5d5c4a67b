// A raw file holding a byte the parsers refuse (a NUL, a control character)
// is published for download only: no line view, as for a picture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, readFileSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

test('a raw file with a control byte anywhere gets no line view, like one with a NUL; a text file gets one', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-binary-'));
  try {
    const raw = join(root, 'content', 'reports', 'x', 'raw');
    mkdirSync(raw, { recursive: true });
    copyFileSync(join(ROOT, 'content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t1.txt'), join(raw, 'run.txt'));
    writeFileSync(join(raw, 'ctl.txt'), `${'text\n'.repeat(3000)}abc\x01def\n`);
    writeFileSync(join(raw, 'nul.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    writeFileSync(join(root, 'content', 'reports', 'x', 'index.md'), '---\ntitle: X\ndate: 2026-11-28\nsources:\n  - file: raw/run.txt\nunread:\n  - raw/ctl.txt\n  - raw/nul.bin\n---\n\n{{< runs data="sysbench" >}}\n');
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const site = join(root, '.tpsreport', 'site', 'reports', 'x', 'raw');
    assert.ok(existsSync(join(site, 'run.txt.html')));
    for (const name of ['ctl.txt', 'nul.bin']) {
      assert.ok(existsSync(join(site, name)), `${name} is published`);
      assert.ok(!existsSync(join(site, `${name}.html`)), `${name} has no line view`);
    }
    const { rawHtml } = JSON.parse(readFileSync(join(root, '.tpsreport', 'views', 'x.json'), 'utf8')).page;
    assert.match(rawHtml, /href="\.\/raw\/ctl\.txt" download>raw\/ctl\.txt<\/a>/);
    assert.doesNotMatch(rawHtml, /ctl\.txt\.html/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
