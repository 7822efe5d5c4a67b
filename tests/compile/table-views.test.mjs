// Every table kind (scripts/compile/tables/) builds, from one shortcode of a
// sample report, the view a reviewed golden file holds: the table models the
// page markup and the CSV downloads are both made from (or, for a config file
// shown as written, its markup). A change to what a
// kind shows, or how, shows up as a diff of its golden file.
// UPDATE_GOLDEN=1 rewrites them (see tests/helpers/golden.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadDocuments, loadReport, viewContext } from '../../scripts/compile/report.mjs';
import { checkParams } from '../../scripts/compile/index.mjs';
import { kinds } from '../../scripts/compile/kinds.mjs';
import { assertGolden } from '../helpers/golden.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const GOLDEN = join(import.meta.dirname, 'golden', 'tables');

/** The shortcode each table kind is built from: a use of it in a sample report, as written there. */
const INPUTS = {
  table: { report: 'mariadb-sysbench-threads', params: { data: 'sysbench', metric: 'transactions.rate', rows: 'threads', columns: 'workload', where: 'set=sweep', caption: 'Transactions per second by client threads' } },
  runs: { report: 'chart-gallery', params: { data: 'sysbench' } },
  compare: {
    report: 'innodb-plugin-vs-builtin',
    params: { by: 'server', baseline: 'MySQL 5.1.49sp1 built-in InnoDB', caption: 'Throughput by server' },
    inner: '\n- { title: "sysbench read/write", data: sysbench, metric: transactions.rate, where: "workload=read/write", better: higher }\n- { title: "sysbench read-only", data: sysbench, metric: transactions.rate, where: "workload=read-only", better: higher }\n- { title: "DBT-2 NOTPM", data: dbt2, metric: notpm, better: higher }\n',
  },
  'sysbench-summary': { report: 'innodb-plugin-vs-builtin', params: { by: 'server', where: 'workload=read/write', caption: 'sysbench OLTP read/write summary by server' } },
  'latency-table': { report: 'innodb-plugin-vs-builtin', params: { rows: 'server,workload', caption: 'sysbench per-request latency' } },
  'dbt2-table': { report: 'innodb-plugin-vs-builtin', params: { by: 'server', caption: 'DBT-2 response times by transaction' } },
  'sizes-table': { report: 'row-formats-and-compression', params: { data: 'file-sizes', rows: 'format', where: 'listing=ls -l', caption: '.ibd file after the load (ls -l), MariaDB 10.11' } },
  'load-time-table': { report: 'row-formats-and-compression', params: { data: 'elapsed-time', rows: 'format', where: 'timer=bash time', caption: 'Time to copy 200,000 rows into each format (bash time, real), MariaDB 10.11' } },
  'compression-table': { report: 'row-formats-and-compression', params: { data: 'innodb-cmp', rows: 'format,after', 'hide-unused': 'true', caption: 'INNODB_CMP after the load and after each thread sweep, MariaDB 10.11' } },
  config: { report: 'innodb-plugin-vs-builtin', params: { file: 'raw/innodb.cnf', title: 'InnoDB settings shared by all three servers' } },
  'config-diff': { report: 'cpu-efficiency-by-cores', params: { a: 'raw/global-variables-ahi-off.txt', b: 'raw/global-variables-ahi-on.txt', 'a-title': 'AHI off', 'b-title': 'AHI on', caption: 'Server variables that differ, AHI off and AHI on' } },
  'stability-table': { report: 'noise-and-stability', params: { by: 'config', where: 'length=600s', caption: 'Steadiness of the two ten-minute runs' } },
  'histogram-percentiles': { report: 'chart-gallery', params: { by: 'threads', where: 'test=cpu', caption: 'Event latency percentiles from the histogram' } },
};

/** The kind each module of scripts/compile/tables/ exports. */
const tableKinds = await Promise.all(readdirSync(join(ROOT, 'scripts', 'compile', 'tables')).filter((f) => f.endsWith('.mjs')).sort()
  .map(async (file) => (await import(`../../scripts/compile/tables/${file}`)).default));

async function viewOf(name, { report: slug, params, inner = null }) {
  const text = readFileSync(join(ROOT, 'content', 'reports', slug, 'index.md'), 'utf8');
  const report = await loadReport({ root: ROOT, slug, text, docs: await loadDocuments(join(ROOT, 'data', 'reports', slug)) });
  return kinds[name].build(viewContext(report), checkParams(kinds[name], { name, params, positional: [], inner }));
}

test('every table kind has a shortcode to build its golden view from, and each one listed is a table kind', () => {
  assert.ok(tableKinds.length > 0);
  assert.deepEqual(Object.keys(INPUTS).sort(), tableKinds.map((k) => k.name).sort());
});

for (const kind of tableKinds) {
  test(`${kind.name} builds the view of its golden file`, async () => {
    const input = INPUTS[kind.name];
    assert.ok(input, `no input for ${kind.name} in INPUTS`);
    const view = await viewOf(kind.name, input);
    // Tables of rows, or (config as written) markup of its own.
    assert.ok(view.tables ? view.tables.length > 0 && view.tables.every((table) => table.body.length > 0) : view.html.length > 0, 'a view with something to show');
    // The compile manifest keeps a view as JSON and reuses it from there: what is built must read back the same.
    const text = `${JSON.stringify(view, null, 2)}\n`;
    assert.deepEqual(JSON.parse(text), view);
    await assertGolden(text, join(GOLDEN, `${kind.name}.json`));
  });
}
