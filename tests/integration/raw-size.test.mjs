// A raw file over MAX_RAW_MIB is refused by name, never parsed or published:
// compile holds a file's line view and chart data in memory. The test needs
// files over 128 MiB (sparse, but each is hashed whole into report.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, existsSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';
import { rawSite } from '../helpers/raw-site.mjs';

test('a raw file over 128 MiB is refused by name at ingest, without being parsed, and at compile; the other runs are ingested', async () => {
  const root = rawSite(['raw/run.txt', 'raw/big.txt'], { 'run.txt': null, 'big.txt': '', 'notes.txt': '' });
  // Sparse, all NUL bytes: were it parsed, it would be refused as binary instead.
  truncateSync(join(root, 'content/reports/x/raw/big.txt'), 129 * 2 ** 20 + 1);
  truncateSync(join(root, 'content/reports/x/raw/notes.txt'), 200 * 2 ** 20);
  const expected = (name, mib) => `content/reports/x/raw/${name}: expected a raw file of at most 128 MiB (a report's raw views and chart data are built in memory), found ${mib} MiB; keep the run's output in several files, or sample it less often (a longer --report-interval)`;
  try {
    const ingested = await ingestReports({ root });
    assert.deepEqual(ingested.errors.map(String), [expected('notes.txt', 200), expected('big.txt', 129)]);
    assert.equal(ingested.parsed, 1);
    assert.ok(existsSync(join(root, 'data/reports/x/run.json')));
    const compiled = await compileReports({ root });
    assert.deepEqual(compiled.errors.map(String).sort(), [expected('big.txt', 129), expected('notes.txt', 200)]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
