// `tpsreport new report` proposes one `glob:` source per set of same-shaped
// file names, and only a pattern that ingest would expand to exactly those
// files: a proposal never takes a file of another run or format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { proposePatterns } from '../../scripts/author/patterns.mjs';
import { matchGlob } from '../../scripts/ingest/front-matter.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const rawOf = (slug) => readdirSync(join(ROOT, 'content/reports', slug, 'raw')).sort().map((n) => `raw/${n}`);

/** Files as new report sees them: sysbench runs with the thread count their output printed, other files of their own kinds. */
function sysbenchRuns(names, threadsOf = (n) => Number(/-t(\d+)\.txt$/.exec(n)?.[1])) {
  return names.filter((n) => /sysbench-|^raw\/oltp_/.test(n)).map((file) => ({ file, format: 'sysbench', labels: Number.isFinite(threadsOf(file)) ? { tool_version: '1.0.20', threads: threadsOf(file) } : { tool_version: '1.0.20' } }));
}

test('a thread sweep of two workloads becomes one pattern, the thread count a number, and the interval run stays out', () => {
  const names = rawOf('mariadb-sysbench-threads');
  const [proposal, ...rest] = proposePatterns(sysbenchRuns(names), names);
  assert.deepEqual(rest, []);
  assert.equal(proposal.glob, 'raw/{workload}-t{threads:number}.txt');
  assert.deepEqual(proposal.captures, ['workload', 'threads']);
  assert.equal(proposal.files.length, 10);
  assert.ok(!proposal.files.includes('raw/oltp_read_write-t4-interval.txt'));
});

test('row formats: a capture that would also match the compressed runs takes only the texts of its own files', () => {
  const names = rawOf('row-formats-and-compression');
  const proposals = proposePatterns(sysbenchRuns(names), names);
  assert.deepEqual(proposals.map((p) => [p.glob, p.files.length, p.values ?? null]), [
    ['raw/sysbench-{variant}-bp{buffer_pool}-t{threads:number}.txt', 40, { variant: { compact: 'compact', dynamic: 'dynamic' }, buffer_pool: { '32M': '32M', '512M': '512M' } }],
    ['raw/sysbench-compressed-kbs{variant:number}-bp{buffer_pool}-t{threads:number}.txt', 40, null],
  ]);
  for (const p of proposals) {
    const matched = matchGlob({ glob: p.glob, values: p.values }, names, () => new Error('no match')).map((m) => m.file);
    assert.deepEqual(matched.sort(), [...p.files].sort(), p.glob);
  }
});

test('neighbouring words that vary together are one capture; two files get a pattern only when their names differ in numbers', () => {
  const names = ['raw/published-load-time.txt', 'raw/published-file-sizes.txt', 'raw/published-table-status.txt', 'raw/a-1.txt', 'raw/a-2.txt', 'raw/b-x.txt', 'raw/b-y.txt'];
  const files = names.map((file) => ({ file, format: file.includes('published') ? 'published-table' : file.startsWith('raw/a') ? 'sysbench' : 'mysqlslap', labels: {} }));
  assert.deepEqual(proposePatterns(files, names).map((p) => [p.glob, p.captures]), [['raw/published-{variant}.txt', ['variant']], ['raw/a-{variant:number}.txt', ['variant']]]);
});

test('an A/B pair named by a setting (trx-commit-1, trx-commit-2) becomes one pattern, and one of a thread count takes its label', () => {
  const names = rawOf('read-write-stress-over-time').filter((n) => /^raw\/sysbench-/.test(n));
  assert.deepEqual(names, ['raw/sysbench-trx-commit-1.txt', 'raw/sysbench-trx-commit-2.txt']);
  assert.deepEqual(proposePatterns(sysbenchRuns(names, () => 8), names).map((p) => [p.glob, p.files.length]), [['raw/sysbench-trx-commit-{variant:number}.txt', 2]]);
  const pair = ['raw/sysbench-t8.txt', 'raw/sysbench-t16.txt'];
  assert.deepEqual(proposePatterns(sysbenchRuns(pair, (n) => Number(/t(\d+)/.exec(n)[1])), pair).map((p) => p.glob), ['raw/sysbench-t{threads:number}.txt']);
});

test('no pattern is proposed over files whose outputs state a label differently that it would not capture: each keeps its own', () => {
  const names = ['raw/notes-a.txt', 'raw/notes-b.txt', 'raw/notes-c.txt'];
  const files = names.map((file, i) => ({ file, format: 'mysqlslap', labels: { clients: [50, 400, 1000][i] } }));
  assert.deepEqual(proposePatterns(files, names), []);
  const agreeing = names.map((file) => ({ file, format: 'mysqlslap', labels: { clients: 50 } }));
  assert.deepEqual(proposePatterns(agreeing, names).map((p) => p.glob), ['raw/notes-{variant}.txt']);
});
