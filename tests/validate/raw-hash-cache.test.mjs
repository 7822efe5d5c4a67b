// Validation may run many times in one process (tpsreport serve validates
// again after every save): a raw file edited in between is hashed again, so
// a document re-ingested from the new bytes passes and the old one does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { domainProblems } from '../../scripts/validate/domain.mjs';

const RAW = join(import.meta.dirname, '..', '..', 'content', 'reports', 'mariadb-sysbench-threads', 'raw');
const sha = (text) => createHash('sha256').update(text).digest('hex');
const docOf = (text) => ({ kind: 'sysbench', provenance: { source: 'raw/run.txt', sha256: sha(text), lines: text.split('\n').length } });

test('a raw file changed between two validations in one process is hashed again', () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-rawhash-'));
  try {
    const raw = join(root, 'raw', 'run.txt');
    const before = readFileSync(join(RAW, 'oltp_read_write-t1.txt'), 'utf8');
    const after = readFileSync(join(RAW, 'oltp_read_write-t2.txt'), 'utf8');
    mkdirSync(join(root, 'raw'));
    writeFileSync(raw, before);
    assert.deepEqual(domainProblems(docOf(before), 'data/run.json', { root }), []);
    writeFileSync(raw, after);
    assert.deepEqual(domainProblems(docOf(after), 'data/run.json', { root }), []);
    assert.deepEqual(domainProblems(docOf(before), 'data/run.json', { root }).map((p) => p.rule), ['raw-file-sha256']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
