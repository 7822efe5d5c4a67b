// A figure read from output that stops early (a run that died, a file cut
// short, kept by its parser marked incomplete) says so wherever it is shown:
// a mark after the figure linked to the raw line the output stops at, a note
// under the view with the reason, the chart's subtitle, tooltip, alt text and
// CSV, the table's CSV, the runs table and the raw view. Figures from whole
// output say nothing of the kind. Built from real raw files cut short.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports, checkParams } from '../../scripts/compile/index.mjs';
import { viewContext } from '../../scripts/compile/report.mjs';
import { parseText } from '../../scripts/parse/index.mjs';
import { kinds } from '../../scripts/compile/kinds.mjs';
import { writeIncompleteReport, CUTS, SLUG } from '../helpers/incomplete-report.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const esc = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&#34;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const reMeta = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each figure link of a view's markup with what follows it up to the next figure. */
function figures(html) {
  return [...html.matchAll(/<a class="fig[^"]*" href="[^"]*"(?: data-value="([^"]*)")? data-source="([^"]+)" data-line="(\d+)"[^>]*>([^<]*)<\/a>((?:(?!<a class="fig)[\s\S])*)/g)]
    .map(([, value, source, line, text, after]) => ({ value, source, line: Number(line), text, after }));
}

const mark = (file) => {
  const { lines, reason } = CUTS[file];
  return ` <a class="incomplete-mark" href="./${file}.html#L${lines}" data-source="${file}" data-line="${lines}" title="${esc(`incomplete output: ${file} stops at line ${lines}: ${reason}`)}">incomplete</a>`;
};
const noteLink = (file) => `<a class="incomplete-at" href="./${file}.html#L${CUTS[file].lines}" data-source="${file}" data-line="${CUTS[file].lines}">${file} stops at line ${CUTS[file].lines}</a>: ${esc(CUTS[file].reason)}`;

test('the parsers keep the cut files marked incomplete at their last line, with the reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tps-incomplete-'));
  try {
    const bundle = writeIncompleteReport(dir);
    for (const [file, cut] of Object.entries(CUTS)) {
      const text = readFileSync(join(bundle, file), 'utf8');
      assert.equal(text.split('\n').length - 1, cut.lines);
      const doc = parseText(text, { source: file });
      assert.deepEqual(doc.incomplete, { reason: cut.reason, line: cut.lines });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every figure, table row, chart point and claim from a cut file says incomplete, links the line it stops at and gives the reason; whole files say nothing', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tps-incomplete-'));
  try {
    const bundle = writeIncompleteReport(dir);
    const ingested = await ingestReports({ root: dir });
    assert.deepEqual(ingested.errors, []);
    const compiled = await compileReports({ root: dir });
    assert.deepEqual(compiled.errors, []);
    const { views } = JSON.parse(readFileSync(join(dir, '.tpsreport', 'views', `${SLUG}.json`), 'utf8'));
    const html = Object.values(views).map((v) => v.html);
    const site = (path) => readFileSync(join(dir, '.tpsreport', 'site', 'reports', SLUG, path), 'utf8');
    const rawLine = (file, line) => readFileSync(join(bundle, file), 'utf8').split('\n')[line - 1];

    // Figures: each one from a cut file is followed by the mark, each one from a whole file is not.
    let marked = 0;
    let plain = 0;
    for (const f of html.flatMap(figures)) {
      assert.ok(rawLine(f.source, f.line).includes(f.text), `${f.text} is printed on ${f.source}:${f.line}`);
      if (CUTS[f.source]) {
        assert.ok(f.after.startsWith(mark(f.source)), `${f.text} from ${f.source} is followed by its mark: ${f.after.slice(0, 200)}`);
        marked += 1;
      } else {
        assert.doesNotMatch(f.after, /^[^<]*(<span class="(unit|spread)">[^<]*<\/span>)?[^<]*<a class="incomplete-mark"/, `${f.text} from ${f.source} is whole`);
        plain += 1;
      }
    }
    // The cut capture's value, its table cell and its side of the claim; the whole one's value, cell and side.
    assert.equal(marked, 3);
    assert.equal(plain, 3);

    const value = (where) => html.find((h) => h.includes('inline-fig') && !h.includes('tps-claim') && figures(h)[0].source === `raw/mpstat-${where}.txt`);
    const cutValue = value('cut');
    assert.equal(cutValue.slice(cutValue.indexOf('</a>') + 4), `${mark('raw/mpstat-cut.txt')} <span class="tps-incomplete" role="note">(incomplete output: ${noteLink('raw/mpstat-cut.txt')})</span>`);
    assert.doesNotMatch(value('whole'), /incomplete/);
    const claim = html.find((h) => h.includes('tps-claim'));
    assert.ok(claim.endsWith(`</span> <span class="tps-incomplete" role="note">(incomplete output: ${noteLink('raw/mpstat-cut.txt')})</span>`), claim);

    // Block views: one note under the view, naming the file, the line and the reason.
    const note = (file) => `<p class="tps-incomplete" role="note"><strong>Incomplete output:</strong> ${noteLink(file)}. Figures from this file are what it held up to there.</p>`;
    const table = html.find((h) => h.includes('User time, all CPUs'));
    assert.ok(table.endsWith(`\n${note('raw/mpstat-cut.txt')}`), table.slice(-600));
    const runs = html.find((h) => h.includes('tps-runs'));
    assert.match(runs, new RegExp(`<td>ok${reMeta(mark('raw/mpstat-cut.txt'))}</td>`));
    assert.match(runs, /<tr class="status-ok"><td><a href="\.\/raw\/mpstat-whole\.txt">mpstat-whole\.txt<\/a><\/td><td><span class="label">run=whole<\/span> <\/td><td>ok<\/td>/);
    assert.ok(runs.endsWith(`\n${note('raw/mpstat-cut.txt')}`));

    // The stability table: the cut run's row says so, the whole run's does not.
    const stability = html.find((h) => h.includes('stability-table'));
    assert.ok(stability.includes(`<th scope="row">cut${mark('raw/sysbench-cut.txt')}</th>`), stability);
    assert.ok(stability.includes('<th scope="row" class="word">whole</th>'));
    assert.ok(stability.endsWith(`\n${note('raw/sysbench-cut.txt')}`));

    // The table's CSV says which figure is incomplete, where and why.
    const [cutCell] = figures(table).filter((f) => f.source === 'raw/mpstat-cut.txt');
    const csv = site('tables/1-user-time-all-cpus.csv');
    assert.match(csv, new RegExp(`^cut,${reMeta(`${cutCell.text} (incomplete: raw/mpstat-cut.txt stops at line 80: ${CUTS['raw/mpstat-cut.txt'].reason})`)}\r$`, 'm'));
    assert.match(csv, /^whole,\d+\.\d+\r$/m);

    // The chart: every sample the cut log printed is a point saying where the log stops, in the
    // spec (tooltip), the CSV, the alt text and the subtitle drawn into the SVG; the note gives the reason.
    const chart = html.find((h) => h.includes('tps-chart'));
    const intervals = readFileSync(join(bundle, 'raw/sysbench-cut.txt'), 'utf8').split('\n').filter((l) => /^\[ \d+s \] /.test(l)).length;
    assert.ok(intervals > 30);
    const spec = JSON.parse(site('charts/tps.vl.json'));
    assert.equal(spec.title.subtitle, 'Incomplete output: raw/sysbench-cut.txt stops at line 50 (hollow marks).');
    const points = spec.data.values;
    assert.equal(points.filter((p) => p.incomplete === 'raw/sysbench-cut.txt stops at line 50').length, intervals);
    assert.deepEqual([...new Set(points.filter((p) => p.run === 'whole').map((p) => p.incomplete))], ['no']);
    assert.ok(JSON.stringify(spec).includes('{"field":"incomplete","type":"nominal","title":"incomplete output"}'));
    const chartCsv = site('charts/tps.csv').split('\r\n');
    const column = chartCsv[0].split(',').indexOf('incomplete');
    assert.ok(column > 0);
    assert.equal(chartCsv.filter((l) => l.startsWith('cut,') && l.split(',')[column] === 'raw/sysbench-cut.txt stops at line 50').length, intervals);
    assert.match(chart, new RegExp(`<img [^>]*alt="[^"]*; ${intervals} figures from incomplete output \\(raw/sysbench-cut\\.txt stops at line 50\\)\\."`));
    assert.match(site('charts/tps.svg'), /Incomplete output: raw\/sysbench-cut\.txt stops at line 50 \(hollow marks\)\./);
    assert.ok(chart.endsWith(`</figure>\n${note('raw/sysbench-cut.txt')}`));

    // The raw view of a cut file says where it stops and why, linked to that line.
    assert.ok(site('raw/mpstat-cut.txt.html').includes(`<p class="tps-incomplete" role="note"><strong>Incomplete output:</strong> <a href="#L80">it stops at line 80</a>: ${esc(CUTS['raw/mpstat-cut.txt'].reason)}</p>`));
    assert.doesNotMatch(site('raw/mpstat-whole.txt.html'), /Incomplete output/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a statistic over repeats is marked incomplete when any repeat is, naming that repeat\'s file', async () => {
  const text = (report, file) => readFileSync(join(ROOT, 'content', 'reports', report, 'raw', file), 'utf8');
  const cut = `${text('cpu-efficiency-by-cores', 'mpstat-ahi-off-c1-t1-r1.txt').split('\n').slice(0, 80).join('\n')}\n`;
  const docs = [
    { ...parseText(cut, { source: 'content/reports/r/raw/a.txt' }), labels: { run: 'x', repeat: 1 }, order: 0 },
    { ...parseText(text('cpu-efficiency-by-cores', 'mpstat-ahi-off-c1-t1-r2.txt'), { source: 'content/reports/r/raw/b.txt' }), labels: { run: 'x', repeat: 2 }, order: 1 },
  ];
  const ctx = viewContext({ slug: 'r', meta: {}, docs, bundleDir: '/nonexistent' });
  const view = kinds.table.build(ctx, checkParams(kinds.table, { name: 'table', params: { data: 'mpstat', metric: 'averages.0.values.%usr', rows: 'run' }, positional: [], inner: null }));
  const [cell] = view.tables[0].body[0].cells.slice(1);
  assert.match(cell.html, /^<a class="stat" [^>]*>[\d.]+<\/a> <span class="spread">[^<]*<\/span> <a class="incomplete-mark" href="\.\/raw\/a\.txt\.html#L80" data-source="raw\/a\.txt" data-line="80" title="incomplete output: raw\/a\.txt stops at line 80: [^"]+">incomplete<\/a>$/);
  assert.match(cell.text, / \(incomplete: raw\/a\.txt stops at line 80: the run that starts at line 1 stops before its Average row for CPU 1 \(the file was cut\?\)\)$/);
  assert.deepEqual(ctx.incomplete(), [{ source: 'raw/a.txt', line: 80, reason: CUTS['raw/mpstat-cut.txt'].reason }]);
});

test('a run whose summary is cut after its figure shows the figure with the mark in the table and its CSV, and a hollow point in the chart', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tps-incomplete-'));
  try {
    const from = join(ROOT, 'content', 'reports', 'mariadb-sysbench-threads', 'raw');
    const bundle = join(dir, 'content', 'reports', 'cut-summary');
    mkdirSync(join(bundle, 'raw'), { recursive: true });
    const whole = readFileSync(join(from, 'oltp_read_only-t1.txt'), 'utf8').split('\n');
    // Cut where the summary has printed its transactions line, before "General statistics:".
    const at = whole.findIndex((l) => l.startsWith('General statistics:'));
    writeFileSync(join(bundle, 'raw', 't1.txt'), `${whole.slice(0, at - 1).join('\n')}\n`);
    writeFileSync(join(bundle, 'raw', 't2.txt'), readFileSync(join(from, 'oltp_read_only-t2.txt'), 'utf8'));
    writeFileSync(join(bundle, 'index.md'), `---
title: "Cut summary"
date: 2026-11-23
sources:
  - file: raw/t1.txt
    labels: { threads: 1 }
  - file: raw/t2.txt
    labels: { threads: 2 }
---
{{< table data="sysbench" metric="transactions.rate" rows="threads" caption="Throughput" >}}

{{< chart kind="lines" name="tps" data="sysbench" metric="transactions.rate" x="threads" title="Throughput" y-title="Transactions per second" >}}
`);
    assert.deepEqual((await ingestReports({ root: dir })).errors, []);
    assert.deepEqual((await compileReports({ root: dir })).errors, []);
    const { views } = JSON.parse(readFileSync(join(dir, '.tpsreport', 'views', 'cut-summary.json'), 'utf8'));
    const html = Object.values(views).map((v) => v.html);
    const site = (path) => readFileSync(join(dir, '.tpsreport', 'site', 'reports', 'cut-summary', path), 'utf8');
    const rawLines = readFileSync(join(bundle, 'raw', 't1.txt'), 'utf8').split('\n');
    const printed = rawLines.find((l) => l.trim().startsWith('transactions:')).match(/\(([\d.]+) per sec\.\)/)[1];

    const [cut] = figures(html.find((h) => h.includes('Throughput') && h.includes('<table'))).filter((f) => f.source === 'raw/t1.txt');
    assert.equal(cut.text, printed);
    assert.equal(cut.value, printed);
    assert.ok(cut.after.startsWith(` <a class="incomplete-mark" href="./raw/t1.txt.html#L${rawLines.length - 1}"`), cut.after);
    assert.doesNotMatch(html.join('\n'), /<td class="num status-incomplete">/);
    assert.match(site('tables/1-throughput-tx-s.csv'), new RegExp(`^1,"${reMeta(printed)} \\(incomplete: raw/t1\\.txt stops at line ${rawLines.length - 1}: `, 'm'));

    const spec = JSON.parse(site('charts/tps.vl.json'));
    const point = spec.data.values.find((p) => p.source === 'raw/t1.txt');
    assert.equal(point.value, Number(printed));
    assert.equal(point.incomplete, `raw/t1.txt stops at line ${rawLines.length - 1}`);
    assert.match(spec.title.subtitle, /\(hollow marks\)\.$/);
    // The point layer draws such points with a fill of low opacity: the hollow mark the subtitle names.
    assert.match(JSON.stringify(spec), /"fillOpacity":\{"condition":\{"test":"datum.incomplete !== 'no'","value":0.15\},"value":1\}/);
    const chart = html.find((h) => h.includes('tps-chart'));
    assert.match(chart, /alt="[^"]*1 figure[s]? from incomplete output \(raw\/t1\.txt stops at line \d+\)\."/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
