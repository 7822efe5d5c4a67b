// The labels `tpsreport new report` offers come from what a tool printed
// about its run, read off the parsed document: a label is offered only when
// every run of the file says the same, and never for what the output leaves out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outputLabels } from '../../scripts/author/output-labels.mjs';
import { sizeText } from '../../scripts/parse/shared/labels.mjs';
import { parseFile } from '../../scripts/parse/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const fixture = (path) => JSON.parse(readFileSync(join(ROOT, 'tests/fixtures', path), 'utf8'));

for (const [path, labels] of [
  ['sysbench/hand-0.4.12-myisam-fullwidth-colons.json', { tool_version: '0.4.12', threads: 4, workload: 'oltp complex' }],
  ['sysbench/hand-0.4.12.10-intermediate-results-annotated.json', { tool_version: '0.4.12.10', threads: 4, workload: `oltp ${/Running (\w+) OLTP test/.exec(readFileSync(join(ROOT, 'tests/fixtures/sysbench/hand-0.4.12.10-intermediate-results-annotated.txt'), 'utf8'))[1]}` }],
  ['sysbench/seed000-0.4-mysql5149-builtin-read-only.json', { workload: 'oltp' }],
  ['sysbench/hand-0.5-connect-failure.json', { tool_version: '0.5' }],
  ['hammerdb/cli-v4.2-cut-after-test-result.json', { tool_version: '4.2', users: 8, database: 'MySQL' }],
  ['dbt2/rst-0.61-report-document-abridged.json', { server_version: 'PostgreSQL 16.2', warehouses: 100 }],
  ['hammerdb/cli-v4.2-sequence-mysql-two-runs.json', { tool_version: '4.2', database: 'MySQL' }],
  // "$ sysbench oltp_read_only --db-driver=pgsql … run" above the output: the driver is on the command line only.
  ['sysbench/real-1.0.20-pgsql-transcript-oltp_read_only-t2.json', { tool_version: '1.0.20', threads: 2, workload: 'oltp_read_only', database: 'PostgreSQL' }],
  ['my-cnf/benchmark-my.json', { buffer_pool: '6G' }],
  ['global-variables/mariadb-10.11-batch.json', { server_version: '10.11.19-MariaDB-0+deb12u1', buffer_pool: '128M' }],
  ['table-status/mariadb-10.11-verbose-echo-vertical.json', { table: 'my', row_format: 'Dynamic' }],
  ['mysqlslap/hand-5.6-comment-prefix-crlf-no-header-fork-lines.json', { engine: 'innodb' }],
  ['mysqlslap/mariadb-10.11-debug-info-rusage-first.json', { clients: 8 }],
  ['mysqlslap/hand-5.6-concurrency-50-100-cut-after-the-first-block.json', { engine: 'innodb', clients: 50 }],
  // "active_virtual_users": 48 on the result, "benchmark": "TPROC-C" and "warehouses": 500 in the job.
  ['hammerdb-job/real-v6.0-mariadb-tproc-c-hammerdb-results-repository-6A1F3800DC4703E203530393.golden.json', { tool_version: 'v6.0', users: 48, database: 'MariaDB', benchmark: 'TPROC-C', warehouses: 500 }],
  // A TPROC-H job states its virtual users in its configuration only, and a scale factor instead of warehouses.
  ['hammerdb-job/reconstructed-from-jobs-tm-one-line-tproc-h-synthetic-values.golden.json', { tool_version: 'v6.0', users: 1, database: 'MariaDB', benchmark: 'TPROC-H', scale_factor: 1 }],
  // "terminals": "1", "Benchmark Type": "tpcc", "DBMS Version": "10.11.0-synthetic".
  ['benchbase-summary/summary-reconstructed-from-resultwriter-synthetic-values.golden.json', { terminals: 1, benchmark: 'tpcc', server_version: '10.11.0-synthetic' }],
]) {
  test(`${path}: offers ${JSON.stringify(labels)}`, () => {
    assert.deepEqual(outputLabels(fixture(path)), labels);
  });
}

test('a sysbench 1.0 run offers the thread count it printed, and its prepare step none', async () => {
  const raw = 'content/reports/mariadb-sysbench-threads/raw';
  const run = await parseFile(join(ROOT, raw, 'oltp_read_write-t16.txt'));
  assert.match(readFileSync(join(ROOT, raw, 'oltp_read_write-t16.txt'), 'utf8'), /^Number of threads: 16$/m);
  assert.deepEqual(outputLabels(run), { tool_version: '1.0.20', threads: 16 });
  assert.deepEqual(outputLabels(await parseFile(join(ROOT, raw, 'prepare.txt'))), { tool_version: '1.0.20' });
});

test('a buffer pool reads as an option file writes it', () => {
  assert.deepEqual([sizeText(134217728), sizeText(6 * 2 ** 30), sizeText(100 * 2 ** 20), sizeText(1000)], ['128M', '6G', '100M', 1000]);
});
