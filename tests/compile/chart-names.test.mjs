// A chart's name is its files (charts/<name>.*) and its anchor (#chart-<name>):
// two charts of one name would leave the first showing the second's drawing.
// What is drawn plays no part here: compile draws nothing (helpers/undrawn.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';
import { undrawn } from '../helpers/undrawn.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const RAW = join(ROOT, 'content/reports/innodb-plugin-vs-builtin/raw');

function site(body, same = false) {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-names-'));
  const bundle = join(root, 'content', 'reports', 'x');
  mkdirSync(join(bundle, 'raw'), { recursive: true });
  for (const name of ['sysbench-5.1-plugin-rw.txt', 'sysbench-5.5.9-rw.txt']) copyFileSync(join(RAW, name), join(bundle, 'raw', name));
  const sources = `  - file: raw/sysbench-5.1-plugin-rw.txt\n    labels: { server: "5.1" }\n  - file: raw/sysbench-5.5.9-rw.txt\n    labels: { server: "${same ? '5.1' : '5.5'}" }\n`;
  writeFileSync(join(bundle, 'index.md'), `---\ntitle: Names\nsources:\n${sources}---\n\n${body}`);
  return root;
}

const chart = (name, metric) => `{{< chart kind="grouped-bar" name="${name}" data="sysbench" metric="${metric}" x="server" title="${metric}" y-title="y" >}}\n`;

test('a second chart of the same name stops the compile at its line, naming the first; another name builds', async () => {
  const twice = site(`${chart('tps', 'transactions.rate')}\nText.\n\n${chart('tps', 'latency.avg')}${chart('tps', 'transactions.count')}`);
  const apart = site(`${chart('tps', 'transactions.rate')}\nText.\n\n${chart('latency', 'latency.avg')}`);
  try {
    for (const root of [twice, apart]) assert.deepEqual((await ingestReports({ root })).errors, []);
    const { errors } = await compileReports({ root: twice, drawer: undrawn });
    assert.deepEqual(errors.map(String), [14, 15].map((line) => `content/reports/x/index.md:${line}:1: chart: name="tps" is already the name of the chart on line 10; a name is unique in the report (it names charts/tps.* and the #chart-tps anchor)`));
    assert.deepEqual((await compileReports({ root: apart, drawer: undrawn })).errors, []);
  } finally {
    for (const root of [twice, apart]) rmSync(root, { recursive: true, force: true });
  }
});

test('a kind\'s message that names the kind is prefixed with the shortcode once, by the name the page used', async () => {
  const roots = ['table', 'tps-table'].map((name) => site(`{{< ${name} data="sysbench" metric="transactions.rate" rows="server" >}}\n`, true));
  try {
    const messages = [];
    for (const root of roots) {
      assert.deepEqual((await ingestReports({ root })).errors, []);
      messages.push(...(await compileReports({ root, drawer: undrawn })).errors.map((e) => String(e).replace(/ \(.*$/, '')));
    }
    assert.deepEqual(messages, ['table', 'tps-table'].map((name) => `content/reports/x/index.md:10:1: ${name}: two runs match server="5.1"`));
  } finally {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  }
});

test('a view written {{% … %}} is refused at its line: Hugo would render it as Markdown and leave its markup out', async () => {
  const root = site('In read/write mode {{% value data="sysbench" metric="transactions.rate" where="server=5.1" %}} per second, and {{< value data="sysbench" metric="transactions.rate" where="server=5.5" >}}.\n');
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root, drawer: undrawn })).errors.map(String), ['content/reports/x/index.md:10:20: value: expected {{< value … >}}: written {{% value … %}}, Hugo renders the view as Markdown, which leaves its markup and links out']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a shortcode name that is a slip of a kind\'s is refused at its line with the kind meant; a template of the site\'s own and Hugo\'s built-ins build', async () => {
  const slips = site(`${chart('tps', 'transactions.rate').replace('{{< chart', '{{< chrat')}\nText {{< vaule data="sysbench" metric="transactions.rate" where="server=5.1" >}}.\n`);
  const own = site(`{{< chrat >}}\n\n{{< param "title" >}}\n\n${chart('tps', 'transactions.rate')}`);
  mkdirSync(join(own, 'layouts', '_shortcodes'), { recursive: true });
  writeFileSync(join(own, 'layouts', '_shortcodes', 'chrat.html'), 'a chart of the site\'s own');
  const names = 'table, value, runs, compare, sysbench-summary, latency-table, dbt2-table, sizes-table, load-time-table, compression-table, config, config-diff, chart, claim, stability-table, histogram-percentiles';
  try {
    for (const root of [slips, own]) assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root: slips, drawer: undrawn })).errors.map(String), [
      `content/reports/x/index.md:10:1: chrat: no such shortcode (did you mean "chart"?); tpsreport's are: ${names}`,
      `content/reports/x/index.md:12:6: vaule: no such shortcode (did you mean "value"?); tpsreport's are: ${names}`,
    ]);
    assert.deepEqual((await compileReports({ root: own, drawer: undrawn })).errors, []);
  } finally {
    for (const root of [slips, own]) rmSync(root, { recursive: true, force: true });
  }
});

test('a mistake in a shortcode written over several lines is placed at the parameter it is about, on that parameter\'s line', async () => {
  const body = '{{< chart kind="grouped-bar" name="tps" data="sysbench"\n    metric="transactions.rat" x="server"\n    title="t" y-title="y" >}}\n\n'
    + '{{< chart kind="grouped-bar" name="lat" data="sysbench" metric="latency.avg"\n    x="server" x-scale="log10"\n  title="t" y-title="y" >}}\n\n'
    + '{{< chart kind="grouped-bar" name="avg" data="sysbench" metric="latency.avg" x="server"\n    title="t" y-title="y"\n       colour="server" >}}\n';
  const root = site(body);
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    const errors = (await compileReports({ root, drawer: undrawn })).errors.map(String);
    assert.equal(errors.length, 3);
    assert.match(errors[0], /^content\/reports\/x\/index\.md:11:5: chart: metric "transactions\.rat" is not in /);
    assert.match(errors[1], /^content\/reports\/x\/index\.md:15:16: chart: kind="grouped-bar" takes no "x-scale"; it takes: /);
    assert.match(errors[2], /^content\/reports\/x\/index\.md:20:8: chart: has no parameter "colour" \(did you mean "color"\?\)/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a chart renamed leaves no file of its old name to publish, and the files of the new name are there', async () => {
  const root = site(`${chart('tps', 'transactions.rate')}`);
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root, drawer: undrawn })).errors, []);
    const charts = join(root, '.tpsreport', 'site', 'reports', 'x', 'charts');
    const named = (name) => readdirSync(charts).filter((f) => f.startsWith(`${name}.`)).sort();
    const files = ['csv', 'html', 'narrow.page.svg', 'narrow.vl.json', 'page.svg', 'png', 'svg', 'vl.json'];
    assert.deepEqual(named('tps'), files.map((ext) => `tps.${ext}`));
    writeFileSync(join(root, 'content/reports/x/index.md'), readFileSync(join(root, 'content/reports/x/index.md'), 'utf8').replace('name="tps"', 'name="throughput"'));
    assert.deepEqual((await compileReports({ root, drawer: undrawn })).errors, []);
    assert.deepEqual(named('tps'), []);
    assert.deepEqual(named('throughput'), files.map((ext) => `throughput.${ext}`));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
