// A starter report that covers its folder: `new report --from` a folder of
// real raw files from the sample reports writes a table and a chart for every
// sweep in it and a block for each kind of capture it can table (sizes, load
// times, INNODB_CMP, histograms, intervals over time, option files), and what
// it writes builds with the figures the raw files print.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, cpSync, symlinkSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newReport } from '../../scripts/author/new-report.mjs';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const REPORTS = join(ROOT, 'content/reports');
const THREADS = join(REPORTS, 'mariadb-sysbench-threads/raw');
const FORMATS = join(REPORTS, 'row-formats-and-compression/raw');
const SWEEP = [1, 2, 4, 8, 16];

/** Each file's transactions per second, as its `transactions: N (R per sec.)` line prints it, with that line's number. */
function printedTps(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const at = lines.findIndex((l) => /^\s*transactions:/.test(l));
  return { line: at + 1, value: Number(/\(([\d.]+) per sec\.\)/.exec(lines[at])[1]) };
}

/** A copy of the site's tool and pages, with no reports: what an author starts a report in. */
function siteCopy(dir) {
  for (const name of ['scripts', 'layouts', 'static', 'schemas', 'config.toml', 'package.json']) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of ['node_modules', '.venv']) symlinkSync(join(ROOT, name), join(dir, name));
  for (const path of ['content/_index.md', 'content/reports/_index.md', 'content/docs']) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
}

/** The fields of one CSV line, a quoted one ("a, b") as one. */
const csvFields = (line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, f]) => (f.startsWith('"') ? f.slice(1, -1).replace(/""/g, '"') : f));

/** A chart's data as written beside it: one object per row. */
function chartRows(root, slug, name) {
  const [head, ...rows] = readFileSync(join(root, `.tpsreport/site/reports/${slug}/charts/${name}.csv`), 'utf8').trim().split(/\r?\n/).map(csvFields);
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

/** Every figure a built block links to its raw line, as { source, line, shown }: what the tool printed there. */
function linkedFigures(html) {
  return [...html.matchAll(/<a class="fig" href="[^"]*" data-value="([^"]*)" data-source="([^"]*)" data-line="(\d+)"(?: data-text="([^"]*)")?/g)]
    .map(([, value, source, line, text]) => ({ source, line: Number(line), shown: text ?? value }));
}

test('new report writes a block for each kind of capture in the folder (sizes, load times, INNODB_CMP, histograms, intervals, options), and each builds with figures equal to the raw lines they link to', async () => {
  const work = mkdtempSync(join(tmpdir(), 'tpsreport-starter-captures-'));
  const [root, from] = [join(work, 'site'), join(work, 'results')];
  const copy = (dir, name) => cpSync(join(dir, name), join(from, name));
  const cli = (...args) => spawnSync(process.execPath, [join(root, 'scripts', 'tpsreport.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  try {
    siteCopy(root);
    mkdirSync(from);
    for (const t of SWEEP) cpSync(join(THREADS, `oltp_read_write-t${t}.txt`), join(from, `t${t}.txt`));
    copy(THREADS, 'oltp_read_write-t4-interval.txt');
    for (const t of [1, 2]) copy(join(REPORTS, 'chart-gallery/raw'), `sysbench-cpu-histogram-t${t}.txt`);
    for (const variant of ['compact', 'dynamic', 'compressed-kbs8', 'compressed-kbs4']) {
      copy(FORMATS, `ibd-size-${variant}.txt`);
      copy(FORMATS, `load-time-${variant}.txt`);
      copy(FORMATS, `table-status-${variant}.txt`);
    }
    copy(FORMATS, 'innodb-cmp-compressed-kbs8.txt');
    copy(join(REPORTS, 'read-write-stress-over-time/raw'), 'my-trx-commit-1.cnf');
    copy(join(REPORTS, 'read-write-stress-over-time/raw/waits'), 'waits-trx-commit-1.txt');
    const wrote = cli('new', 'report', 'captures', '--from', from);
    assert.equal(wrote.status, 0, wrote.stderr);
    const made = { text: readFileSync(join(root, 'content/reports/captures/index.md'), 'utf8') };
    const blocks = [
      /^\{\{< sizes-table data="file-sizes" rows="capture" columns="file" where="listing=1" caption="File sizes" >\}\}$/m,
      /^\{\{< load-time-table data="elapsed-time" rows="capture" where="timing=1" caption="Load times" >\}\}$/m,
      /^\{\{< sizes-table data="table-status" rows="capture" caption="Table sizes from SHOW TABLE STATUS" >\}\}$/m,
      /^\{\{< compression-table data="innodb-cmp" hide-unused="true" caption="INNODB_CMP" >\}\}$/m,
      /^\{\{< histogram-percentiles data="sysbench" by="threads" where="set=cpu" caption="Latency percentiles from the histogram" >\}\}$/m,
      /^\{\{< chart kind="over-time" name="tps-over-time" data="sysbench" metric="tps" interpolate="step" where="set=interval" /m,
      /^\{\{< config file="raw\/my-trx-commit-1\.cnf" /m,
      /^\{\{< chart kind="top-waits" name="perf-schema-waits-sum" data="perf-schema-waits" items="." each="change\.events" metric="sum" x="name" /m,
    ];
    for (const block of blocks) assert.match(made.text, block);
    // Both sweeps, the read/write one and the cpu one (sysbench names that test), are tabled and charted.
    for (const set of ['t', 'cpu']) assert.match(made.text, new RegExp(`^\\{\\{< table data="sysbench" metric="[^"]+" rows="threads" where="set=${set}" `, 'm'));
    assert.equal(made.text.match(/\{\{< chart kind="lines" /g).length, 2);
    // Each capture is a source of its own, named after its file; a file of two listings numbers them.
    assert.match(made.text, /^ {2}- file: raw\/ibd-size-compact\.txt\n {4}format: file-sizes\n {4}labels: \{ capture: "ibd-size-compact" \}\n {4}run_labels: \[\{ listing: 1 \}, \{ listing: 2 \}\]$/m);
    // The site builds as a whole, and every block is on the report's page.
    const built = cli('build');
    assert.equal(built.status, 0, built.stderr);
    const page = readFileSync(join(root, 'public/reports/captures/index.html'), 'utf8');
    const views = Object.values(JSON.parse(readFileSync(join(root, '.tpsreport/views/captures.json'), 'utf8')).views).map((v) => v.html);
    for (const html of views) for (const { source, line } of linkedFigures(html)) assert.ok(page.includes(`data-source="${source}" data-line="${line}"`), `${source}:${line} on the page`);
    const block = (caption) => views.find((h) => h.includes(`<caption>${caption}`) || h.includes(`<figcaption>${caption}`));
    for (const caption of ['File sizes<', 'Load times<', 'Table sizes from SHOW TABLE STATUS<', 'INNODB_CMP<', 'Latency percentiles from the histogram', 'Server options (my-trx-commit-1.cnf)']) assert.ok(block(caption), `a block captioned ${caption}`);
    // Every figure a block shows is on the raw line it links to, as the tool printed it.
    const tables = ['File sizes<', 'Load times<', 'Table sizes from SHOW TABLE STATUS<', 'INNODB_CMP<', 'Latency percentiles from the histogram'].map(block);
    for (const html of tables) {
      const figures = linkedFigures(html);
      assert.ok(figures.length > 0);
      for (const { source, line, shown } of figures) {
        const raw = readFileSync(join(from, source.replace(/^raw\//, '')), 'utf8').split('\n')[line - 1];
        assert.ok(raw.includes(shown), `${source}:${line} prints ${shown}: ${raw}`);
      }
    }
    // One line per capture: each file's first listing (ls -l) and first timing (GNU time).
    assert.equal(linkedFigures(block('File sizes<')).length, 4);
    assert.equal(linkedFigures(block('Table sizes from SHOW TABLE STATUS<')).length, 8); // Data_length and Index_length of each
    assert.deepEqual(linkedFigures(block('Load times<')).map((f) => f.source).sort(), ['compact', 'compressed-kbs4', 'compressed-kbs8', 'dynamic'].map((v) => `raw/load-time-${v}.txt`));
    // The option file is shown as written.
    assert.ok(block('Server options (my-trx-commit-1.cnf)').includes('innodb_flush_log_at_trx_commit = 1'));
    // The ten events most waited on, each bar linked to the line of the last snapshot that names it.
    const waits = chartRows(root, 'captures', 'perf-schema-waits-sum');
    assert.equal(waits.length, 10);
    const capture = readFileSync(join(from, 'waits-trx-commit-1.txt'), 'utf8').split('\n');
    for (const w of waits) assert.ok(capture[Number(w.line) - 1].includes(w.name), `${w.name} on line ${w.line}`);
    // One point per interval line the run printed, each the tps that line shows.
    const printed = readFileSync(join(THREADS, 'oltp_read_write-t4-interval.txt'), 'utf8').split('\n').flatMap((l, i) => (/^\[ \d+s \]/.test(l) ? [[i + 1, Number(/tps: ([\d.]+)/.exec(l)[1])]] : []));
    assert.ok(printed.length > 0);
    assert.deepEqual(chartRows(root, 'captures', 'tps-over-time').map((r) => [Number(r.line), Number(r.value)]), printed);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
