// A starter report that covers its folder: `new report --from` a folder of
// real raw files from the sample reports writes a table and a chart for every
// sweep in it, and what it writes builds with the figures the raw files print.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, cpSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newReport } from '../../scripts/author/new-report.mjs';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const THREADS = join(ROOT, 'content/reports/mariadb-sysbench-threads/raw');
const SWEEP = [1, 2, 4, 8, 16];

/** Each file's transactions per second, as its `transactions: N (R per sec.)` line prints it, with that line's number. */
function printedTps(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const at = lines.findIndex((l) => /^\s*transactions:/.test(l));
  return { line: at + 1, value: Number(/\(([\d.]+) per sec\.\)/.exec(lines[at])[1]) };
}

/** A chart's data as written beside it: one object per row. */
function chartRows(root, slug, name) {
  const [head, ...rows] = readFileSync(join(root, `.tpsreport/site/reports/${slug}/charts/${name}.csv`), 'utf8').trim().split('\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

test('new report tables and charts each sweep of the folder on its own (read/write and read-only files named apart), and every block builds with the raw files\' figures', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-starter-'));
  const from = join(root, 'results');
  try {
    mkdirSync(from);
    // Read/write runs as t1.txt …, read-only runs as ro-t1.txt …: two patterns, as a folder of two sweeps is often named.
    for (const t of SWEEP) {
      cpSync(join(THREADS, `oltp_read_write-t${t}.txt`), join(from, `t${t}.txt`));
      cpSync(join(THREADS, `oltp_read_only-t${t}.txt`), join(from, `ro-t${t}.txt`));
    }
    const made = await newReport({ root, slug: 'two-sweeps', from, date: '2026-12-02' });
    const sweeps = [['t', 'oltp_read_write'], ['ro-t', 'oltp_read_only']];
    for (const [set] of sweeps) {
      assert.match(made.text, new RegExp(`^ {2}- glob: "raw/${set}\\{threads:number\\}\\.txt"\\n {4}format: sysbench\\n {4}labels: \\{ [^}]*set: "${set}" \\}$`, 'm'));
      assert.match(made.text, new RegExp(`^\\{\\{< table data="sysbench" metric="transactions\\.rate" rows="threads" where="set=${set}" caption="Transactions per second, ${set}" >\\}\\}$`, 'm'));
      assert.match(made.text, new RegExp(`^\\{\\{< chart kind="lines" name="transactions-rate-${set}" data="sysbench" metric="transactions\\.rate" x="threads" where="set=${set}" `, 'm'));
    }
    assert.equal(made.text.match(/\{\{< table /g).length, 2);
    assert.equal(made.text.match(/\{\{< chart kind="lines" /g).length, 2);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    // Each chart draws its own sweep's runs, each point the figure its file printed on that line.
    for (const [set, workload] of sweeps) {
      const rows = chartRows(root, 'two-sweeps', `transactions-rate-${set}`);
      assert.deepEqual(rows.map((r) => Number(r.threads)).sort((a, b) => a - b), SWEEP);
      for (const r of rows) {
        assert.equal(r.set, set);
        assert.equal(r.source, `raw/${set}${r.threads}.txt`);
        const printed = printedTps(join(THREADS, `${workload}-t${r.threads}.txt`));
        assert.deepEqual([Number(r.line), Number(r.value)], [printed.line, printed.value]);
      }
    }
    // Each table shows its own sweep's figures: the read-only and read/write figures never share one.
    const html = Object.values(JSON.parse(readFileSync(join(root, '.tpsreport/views/two-sweeps.json'), 'utf8')).views).map((v) => v.html);
    for (const [set, workload] of sweeps) {
      const table = html.find((h) => h.includes(`<caption>Transactions per second, ${set} `));
      assert.ok(table, `a table captioned for ${set}`);
      for (const t of SWEEP) assert.ok(table.includes(String(printedTps(join(THREADS, `${workload}-t${t}.txt`)).value)), `${workload} t${t} in the ${set} table`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
