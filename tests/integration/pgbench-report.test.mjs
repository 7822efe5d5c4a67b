// A report over a pgbench client sweep goes through every step: `new report`
// names its files' labels, and a table and an over-time chart of the parsed
// runs compile, each cell the tps its raw file printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, cpSync, readFileSync, readdirSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newReport } from '../../scripts/author/new-report.mjs';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';

const CAPTURE = join(import.meta.dirname, '..', 'fixtures', 'pgbench', 'capture-15.20');
const SWEEP = /^(tpcb-like|simple-update|select-only)-c(\d+)-r(\d+)\.txt$/;

test('a pgbench sweep becomes a report whose tps table and progress chart compile from the raw runs', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-pgbench-'));
  try {
    const from = join(root, 'from');
    mkdirSync(from);
    const runs = readdirSync(CAPTURE).filter((f) => SWEEP.test(f));
    for (const name of runs) cpSync(join(CAPTURE, name), join(from, name));
    const made = await newReport({ root, slug: 'pg', from, pattern: 'raw/{workload}-c{clients:number}-r{repeat:number}.txt', date: '2026-12-02' });
    assert.match(made.text, /format: pgbench/);
    appendFileSync(join(root, made.dir, 'index.md'), [
      '',
      '{{< table data="pgbench" metric="tps" rows="clients" columns="workload" where="repeat=1" caption="Transactions per second, first pass" >}}',
      '',
      '{{< chart kind="over-time" name="select-only-progress" data="pgbench" metric="tps" color="clients" where="workload=select-only;repeat=1" title="select-only, tps each second" y-title="Transactions per second" >}}',
      '',
    ].join('\n'));
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const views = Object.values(JSON.parse(readFileSync(join(root, '.tpsreport', 'views', 'pg.json'), 'utf8')).views).map((v) => v.html);
    const table = views.find((html) => html.includes('Transactions per second, first pass'));
    for (const name of runs.filter((f) => f.endsWith('-r1.txt'))) {
      const tps = /^tps = (\S+) /m.exec(readFileSync(join(CAPTURE, name), 'utf8'))[1];
      assert.ok(table.includes(`data-value="${Number(tps)}"`), `${name}: tps ${tps} not in the table`);
    }
    const chart = views.find((html) => html.includes('data-kind="over-time"'));
    assert.ok(chart, 'no over-time chart');
    // The chart's data table: one row per progress line of the four select-only runs, each the tps printed on the line it cites.
    const [header, ...rows] = readFileSync(join(root, '.tpsreport/site/reports/pg/charts/select-only-progress.csv'), 'utf8').trim().split(/\r?\n/).map((l) => l.split(','));
    const col = (name) => header.indexOf(name);
    const progress = runs.filter((f) => /^select-only-.*-r1\.txt$/.test(f))
      .reduce((n, f) => n + readFileSync(join(CAPTURE, f), 'utf8').split('\n').filter((l) => l.startsWith('progress: ')).length, 0);
    assert.equal(rows.length, progress);
    for (const row of rows) {
      const raw = readFileSync(join(CAPTURE, row[col('source')].replace('raw/', '')), 'utf8').split('\n')[Number(row[col('line')]) - 1];
      const m = /^progress: (\S+) s, (\S+) tps,/.exec(raw);
      assert.deepEqual([Number(m[1]), m[2]], [Number(row[col('t')]), row[col('text')]]);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
