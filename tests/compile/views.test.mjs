// Every view the sample reports use, built from the real documents: each
// figure a view links must be printed on the raw line it cites, and the CSV
// and spec files beside a page must equal the view they were written from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDocuments, loadReport, viewContext } from '../../scripts/compile/report.mjs';
import { compileReports, checkParams } from '../../scripts/compile/index.mjs';
import { scanShortcodes } from '../../scripts/compile/shortcodes.mjs';
import { kinds } from '../../scripts/compile/kinds.mjs';
import { tableCsv } from '../../scripts/compile/html.mjs';
import { figuresCsv } from '../../scripts/compile/charts/files.mjs';
import { specValues } from '../helpers/spec-values.mjs';
import { specHash } from '../../scripts/draw/svg.mjs';
import { undrawn } from '../helpers/undrawn.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';


const ROOT = join(import.meta.dirname, '..', '..');
const SLUGS = readdirSync(join(ROOT, 'content', 'reports')).filter((d) => existsSync(join(ROOT, 'content', 'reports', d, 'index.md')));

async function contextOf(slug) {
  const text = readFileSync(join(ROOT, 'content', 'reports', slug, 'index.md'), 'utf8');
  const report = await loadReport({ root: ROOT, slug, text, docs: await loadDocuments(join(ROOT, 'data', 'reports', slug)) });
  return { text, ctx: viewContext(report) };
}

const FIG = /<a class="fig[^"]*" href="[^"]*"(?: data-value="[^"]*")? data-source="([^"]+)" data-line="(\d+)"(?: data-text="([^"]*)")?[^>]*>([^<]*)<\/a>/g;
const unescape = (s) => s.replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

for (const slug of SLUGS) {
  test(`every figure in the tables and values of ${slug} is printed on the raw line it links to`, async () => {
    const { text, ctx } = await contextOf(slug);
    let checked = 0;
    for (const sc of scanShortcodes(text, 'index.md')) {
      const kind = kinds[sc.name];
      if (!kind || sc.name === 'chart') continue;
      const view = await kind.build(ctx, checkParams(kind, sc));
      const html = view.html ?? view.tables.map((t) => JSON.stringify(t.body)).join('');
      for (const m of (view.html ?? view.tables.flatMap((t) => [...t.body, ...(t.foot ?? [])].flatMap((r) => r.cells.map((c) => c.html ?? ''))).join('')).matchAll(FIG)) {
        const [, source, line, printed, shown] = m;
        const raw = readFileSync(join(ROOT, 'content', 'reports', slug, source), 'utf8').split('\n')[Number(line) - 1];
        assert.ok(raw.includes(unescape(printed ?? shown)), `${sc.name} at index.md:${sc.line}: "${printed ?? shown}" is not on ${source}:${line}: ${raw}`);
        checked += 1;
      }
      assert.ok(html.length > 0);
    }
    if (['mariadb-sysbench-threads', 'innodb-plugin-vs-builtin', 'row-formats-and-compression', 'scalability-by-users', 'read-write-stress-over-time'].includes(slug)) assert.ok(checked > 10, `${checked} figures checked`);
  });
}

const build = async (slug, name, params, inner = null) => {
  const { ctx } = await contextOf(slug);
  return kinds[name].build(ctx, checkParams(kinds[name], { name, params, positional: [], inner }));
};
const authorError = (pattern) => (e) => e instanceof Problem && pattern.test(e.message);

test('table kinds refuse two runs in one cell, naming both raw lines', async () => {
  await assert.rejects(build('mariadb-sysbench-threads', 'table', { data: 'sysbench', metric: 'transactions.rate', rows: 'workload', where: 'set=sweep' }),
    authorError(/^table: two runs match workload="read\/write" \(raw\/oltp_read_write-t1\.txt:\d+ and raw\/oltp_read_write-t2\.txt:\d+\)/));
  await assert.rejects(build('mariadb-sysbench-threads', 'latency-table', { rows: 'workload', where: 'set=sweep' }), authorError(/^latency-table: two runs match workload="read\/write"/));
  await assert.rejects(build('mariadb-sysbench-threads', 'sysbench-summary', { by: 'workload', where: 'set=sweep' }), authorError(/^sysbench-summary: two runs match workload="read\/write"/));
  await assert.rejects(build('mariadb-sysbench-threads', 'compare', { by: 'workload', baseline: 'read-only', data: 'sysbench', metric: 'transactions.rate', where: 'set=sweep' }), authorError(/^column 1 \("transactions.rate"\): two runs match workload="read\/write"/));
  // Two load times of one line (each file timed by bash time and by GNU time) name the label that tells them apart.
  await assert.rejects(build('row-formats-and-compression', 'load-time-table', { data: 'elapsed-time', rows: 'format' }),
    authorError(/^load-time-table: two runs match format="Compact" \(raw\/load-time-compact\.txt:5 and raw\/load-time-compact\.txt:25\) but differ in "timer"/));
  await assert.rejects(build('mariadb-sysbench-threads', 'value', { data: 'sysbench', metric: 'transactions.rate', where: 'set=sweep;threads=1' }), authorError(/^where="set=sweep;threads=1" matches 2 figures \(raw\/oltp_read_write-t1\.txt:\d+, raw\/oltp_read_only-t1\.txt:\d+\) that differ in "workload"; it must match exactly one, or repeats of one configuration$/));
});

test('table kinds name a missing figure path and a label the runs lack', async () => {
  await assert.rejects(build('mariadb-sysbench-threads', 'table', { data: 'sysbench', metric: 'latency.p95', rows: 'threads', columns: 'workload', where: 'set=sweep' }), authorError(/metric "latency.p95" is not in item 0 of content\/reports\/mariadb-sysbench-threads\/raw\/oltp_read_write-t1\.txt; .*figure paths here: /));
  await assert.rejects(build('mariadb-sysbench-threads', 'latency-table', { rows: 'server', where: 'set=sweep' }), authorError(/has no label "server" \(its labels: set, workload, threads\)/));
  // A field misspelt is offered, and the fields the table takes besides labels are listed.
  await assert.rejects(build('row-formats-and-compression', 'sizes-table', { data: 'file-sizes', rows: 'format', columns: 'fiel', where: 'listing=ls -l' }),
    authorError(/has no label "fiel" \(did you mean "file"\?\) \(its labels: format, listing\); .*, or one of the fields of each row: file$/));
  await assert.rejects(build('row-formats-and-compression', 'sizes-table', { data: 'table-status', rows: 'nme' }),
    authorError(/has no label "nme" \(did you mean "name"\?\) .*, or one of the fields of each row: name, column$/));
  await assert.rejects(build('innodb-plugin-vs-builtin', 'compare', { baseline: 'MySQL 5.5', data: 'sysbench', metric: 'transactions.rate', where: 'workload=read/write' }), authorError(/^baseline="MySQL 5.5" is not one of the server values: MySQL 5.1.49sp1 built-in InnoDB, MySQL 5.1.49sp1 InnoDB plugin, MySQL 5.5.9$/));
  await assert.rejects(build('innodb-plugin-vs-builtin', 'compare', { baseline: 'MySQL 5.5.9' }, '- { title: x, data: sysbench, metric: transactions.rate, colour: red }\n'), authorError(/^column 1 has no key "colour"/));
  await assert.rejects(build('read-write-stress-over-time', 'config-diff', { a: 'raw/my-trx-commit-1.cnf', b: 'raw/sysbench-trx-commit-1.txt' }), authorError(/reads my-cnf and global-variables documents; .*sysbench-trx-commit-1\.txt is sysbench/));
  await assert.rejects(build('read-write-stress-over-time', 'config', { file: 'raw/nope.cnf' }), authorError(/^raw\/nope\.cnf is not a file in the report's raw\/ folder/));
  // Only raw/ files are hashed at ingest, so a config block shows nothing else.
  for (const [file, found] of [['index.md', 'which is not a path under raw/'], ['raw', 'which is not a path under raw/'], ['raw/../index.md', 'which leads out of the folder with ..'], ['raw/..', 'which leads out of the folder with ..'], ['/etc/passwd', 'an absolute path']]) {
    const message = `expected a file in the report's raw/ folder, named relative to the report folder (raw/<name>), found ${JSON.stringify(file)}, ${found}`;
    await assert.rejects(build('read-write-stress-over-time', 'config', { file }), (error) => error instanceof Problem && error.message === message, file);
  }
  await assert.rejects(build('read-write-stress-over-time', 'config-diff', { a: 'raw/my-trx-commit-1.cnf', b: 'raw/../../other-report/raw/my.cnf' }),
    authorError(/^expected a file in the report's raw\/ folder, named relative to the report folder \(raw\/<name>\), found "raw\/\.\.\/\.\.\/other-report\/raw\/my\.cnf", which leads out of the folder with \.\.$/));
});

test('compare works out each difference the way a reader would, against every baseline', async () => {
  const view = await build('innodb-plugin-vs-builtin', 'compare', { baseline: 'MySQL 5.5.9', data: 'sysbench', metric: 'transactions.rate', where: 'workload=read/write' });
  const rows = view.tables[0].body;
  const cell = (variant) => rows.find((r) => r.attrs['data-variant'] === variant).cells;
  const value = (variant) => Number(/data-value="([^"]+)"/.exec(cell(variant)[1].html)[1]);
  const deltas = JSON.parse(cell('MySQL 5.1.49sp1 InnoDB plugin')[2].attrs['data-deltas']);
  const expected = Math.round((value('MySQL 5.1.49sp1 InnoDB plugin') / value('MySQL 5.5.9') - 1) * 1000) / 10;
  assert.equal(deltas['MySQL 5.5.9'].number, expected);
  assert.equal(cell('MySQL 5.5.9')[2].text, 'baseline');
});

test('the CSV of every table and the spec and CSV of every chart equal the view they were written from', { timeout: 120_000 }, async () => {
  const out = mkdtempSync(join(tmpdir(), 'tps-views-'));
  try {
    const result = await compileReports({ root: ROOT, out, drawer: undrawn });
    assert.deepEqual(result.errors, []);
    let tables = 0;
    let charts = 0;
    for (const slug of SLUGS) {
      const { views } = JSON.parse(readFileSync(join(out, 'cache', 'compile', `${slug}.json`), 'utf8'));
      const site = join(out, 'site', 'reports', slug);
      const written = existsSync(join(site, 'tables')) ? readdirSync(join(site, 'tables')).map((f) => readFileSync(join(site, 'tables', f), 'utf8')) : [];
      for (const view of Object.values(views)) {
        for (const t of view.tables ?? []) {
          const csv = tableCsv(t);
          assert.ok(written.includes(csv), `${slug}: a table's CSV (${t.caption || t.label}) was not written as its model says`);
          const [header, ...lines] = csv.trimEnd().split('\r\n');
          assert.equal(lines.length, t.body.length + (t.foot?.length ?? 0));
          assert.ok(header.split(',').length >= Math.max(...t.body.map((r) => r.cells.length)));
          tables += 1;
        }
        if (view.kind === 'chart') {
          const name = view.image.replace(/^charts\/|\.png$/g, '');
          // The manifest keeps a chart's spec by its hash: the .vl.json must be that spec, and the CSV its data.
          const spec = JSON.parse(readFileSync(join(site, 'charts', `${name}.vl.json`), 'utf8'));
          assert.equal(specHash(spec), view.specHash);
          assert.equal(readFileSync(join(site, 'charts', `${name}.csv`), 'utf8'), figuresCsv(specValues(spec)));
          charts += 1;
        }
      }
    }
    assert.ok(tables > 30 && charts > 15, `${tables} tables, ${charts} charts`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('config-diff of an option file against SHOW GLOBAL VARIABLES sets the options the file sets against what the server reports', async () => {
  const slug = 'read-write-stress-over-time';
  const took = await build(slug, 'config-diff', { a: 'raw/my-trx-commit-1.cnf', b: 'raw/global-variables-trx-commit-1.txt' });
  assert.equal(took.tables[0].caption, 'Options that differ (0 of 5)', 'the server took all five options, 256M as 268435456 bytes included');
  const other = await build(slug, 'config-diff', { a: 'raw/global-variables-trx-commit-1.txt', b: 'raw/my-trx-commit-2.cnf' });
  assert.equal(other.tables[0].caption, 'Options that differ (1 of 5)');
  assert.deepEqual(other.tables[0].body.map((r) => r.cells.map((c) => c.text)), [['innodb_flush_log_at_trx_commit', '1', '2']]);
});

test('a sizes-table CSV keeps each size as the page shows it and its exact bytes, as the page keeps them on hover', async () => {
  const view = await build('row-formats-and-compression', 'sizes-table', { data: 'table-status', rows: 'format' });
  const csv = tableCsv(view.tables[0]).split('\r\n');
  const cells = csv.slice(1).filter(Boolean).flatMap((line) => line.split(',').slice(1));
  assert.ok(cells.length >= 4);
  for (const cell of cells) assert.match(cell, /^[\d.]+ (B|KiB|MiB|GiB) \(\d+ bytes\)$/, cell);
  const links = view.tables[0].body.flatMap((r) => r.cells.filter((c) => !c.th).map((c) => /data-bytes="(\d+)"/.exec(c.html)?.[1]));
  assert.deepEqual(cells.map((c) => /\((\d+) bytes\)/.exec(c)[1]), links);
});

test('a sizes-table CSV keeps a size the tool printed rounded (2.3G) as printed, with no count to the byte it never printed', async () => {
  const view = await build('row-formats-and-compression', 'sizes-table', { where: 'table=file-sizes' });
  const csv = tableCsv(view.tables[0]).split('\r\n');
  assert.deepEqual(csv.slice(1).filter(Boolean).map((line) => line.split(',')[1]), ['2.3 GiB', '1.2 GiB', '592 MiB', '2.3 GiB']);
});

test('a sizes-table of du -h keeps each rounded size as du printed it, and the bytes du printed as a count exact', async () => {
  const { parseFile } = await import('../../scripts/parse/index.mjs');
  const fixture = 'tests/fixtures/file-sizes/ls-lh-datadir.txt';
  const doc = await parseFile(join(ROOT, fixture), { source: 'content/reports/t/raw/ls.txt' });
  Object.assign(doc, { order: 0, labels: {} });
  const ctx = viewContext({ slug: 't', meta: {}, docs: [doc], text: '' });
  const view = await kinds['sizes-table'].build(ctx, checkParams(kinds['sizes-table'], { name: 'sizes-table', params: { data: 'file-sizes' }, positional: [], inner: null }));
  const links = view.tables[0].body.flatMap((r) => r.cells.filter((c) => !c.th).map((c) => c.html));
  const printed = doc.listings[0].files.map((f) => f.size.text);
  const rounded = links.filter((html) => /a rounded size/.test(html));
  assert.ok(rounded.length > 0 && rounded.length < links.length, 'both kinds of size are in the listing');
  for (const html of rounded) {
    const [, text, shown] = /data-text="([^"]+)".*>([^<]+)<\/a>/.exec(html);
    assert.ok(printed.includes(text));
    assert.equal(shown.replace(/\u00a0/g, ' '), `${text.slice(0, -1)} ${text.slice(-1)}iB`, 'the digits ls printed, in binary units');
    assert.doesNotMatch(html, /\d{1,3}(,\d{3})+ bytes/, 'no count to the byte ls never printed');
  }
});

test('a size past 2^53 keeps the digits the tool printed on hover, in data-bytes and in the CSV, never a rounded double', async () => {
  const { parseFile } = await import('../../scripts/parse/index.mjs');
  const fixture = 'tests/fixtures/file-sizes/du-b-sparse-size-past-2-53.txt';
  const doc = await parseFile(join(ROOT, fixture), { source: 'content/reports/t/raw/du.txt' });
  Object.assign(doc, { order: 0, labels: {} });
  const ctx = viewContext({ slug: 't', meta: {}, docs: [doc], text: '' });
  const view = await kinds['sizes-table'].build(ctx, checkParams(kinds['sizes-table'], { name: 'sizes-table', params: { data: 'file-sizes' }, positional: [], inner: null }));
  const printed = readFileSync(join(ROOT, fixture), 'utf8').split('\n').map((l) => l.split('\t')[0]).filter((w) => /^\d{17,}$/.test(w));
  assert.equal(printed.length, 1);
  assert.ok(!Number.isSafeInteger(Number(printed[0])), 'the fixture holds a size a double cannot hold exactly');
  const [cell] = view.tables[0].body.flatMap((r) => r.cells.filter((c) => !c.th)).filter((c) => c.html.includes('transaction_registry') || /data-bytes="\d{17,}"/.test(c.html) || c.text.includes('PiB') || c.text.includes('EiB'));
  assert.ok(cell, 'the big size has a cell');
  assert.match(cell.html, new RegExp(`data-bytes="${printed[0]}"`));
  const grouped = BigInt(printed[0]).toLocaleString('en-US');
  assert.match(cell.html, new RegExp(`title="${grouped} bytes`));
  assert.ok(cell.text.endsWith(`(${printed[0]} bytes)`), cell.text);
  const csv = tableCsv(view.tables[0]);
  assert.ok(csv.includes(`(${printed[0]} bytes)`));
  assert.doesNotMatch(csv + cell.html, /9223372036854775808|e\+\d/);
});

test('the runs table says which of its files is a prepare step, measuring nothing, beside the runs', async () => {
  const { parseFile } = await import('../../scripts/parse/index.mjs');
  const raw = (name) => join('content/reports/mariadb-sysbench-threads/raw', name);
  const docs = await Promise.all(['prepare.txt', 'oltp_read_write-t1.txt'].map(async (name, order) => ({ ...(await parseFile(join(ROOT, raw(name)), { source: raw(name) })), order, labels: {} })));
  const view = kinds.runs.build(viewContext({ slug: 'mariadb-sysbench-threads', meta: {}, docs }), checkParams(kinds.runs, { name: 'runs', params: { data: 'sysbench' }, positional: [], inner: null }));
  assert.deepEqual(view.tables[0].body.map((line) => line.cells[0].text), ['prepare.txt prepare', 'oltp_read_write-t1.txt']);
  assert.match(view.tables[0].body[0].cells[0].html, /<\/a> <span class="meta">prepare<\/span>$/);
});

test('the runs table lists the runs of every kind (DBT-2 reports, HammerDB results, a tpcc-mysql file), and a file in which no run started', async () => {
  const fixture = (path, order) => ({ ...JSON.parse(readFileSync(join(ROOT, 'tests/fixtures', path), 'utf8')), order, labels: {} });
  const runs = (data, docs) => kinds.runs.build(viewContext({ slug: 'x', meta: {}, docs }), checkParams(kinds.runs, { name: 'runs', params: { data }, positional: [], inner: null })).tables[0].body;
  const slap = runs('mysqlslap', [fixture('mysqlslap/mysql-5.7-password-warning-1040-failed.json', 0)]);
  assert.deepEqual(slap.map((line) => [line.cells[2].text, line.cells[4].text]), [['failed', 'error: Error when connecting to server: 1040 Too many connections']]);
  const tpcc = fixture('tpcc-mysql/connection-refused-no-result.json', 0);
  assert.deepEqual(runs('tpcc-mysql', [tpcc]).map((line) => line.cells[2].text), [tpcc.status]);
  for (const [kind, path, list] of [['dbt2', 'dbt2/notpm-only-footer.json', 'reports'], ['hammerdb', 'hammerdb/cli-v4.2-sequence-mysql-two-runs.json', 'results']]) {
    const doc = fixture(path, 0);
    assert.ok(doc[list].length >= 1, path);
    assert.equal(runs(kind, [doc]).length, doc[list].length, path);
  }
});

test('a CSV keeps a heading spread over the columns it spans, and a body cell that spans columns (a section title, a footer) once, in its first', () => {
  const table = {
    head: [{ cells: [{ th: true, text: 'Server' }, { th: true, text: 'tps', colspan: 2 }] }, { cells: [{ th: true, text: '' }, { th: true, text: 'a' }, { th: true, text: 'b' }] }],
    body: [{ cells: [{ text: 'Queries performed', colspan: 3 }] }, { cells: [{ text: 'read' }, { text: '1' }, { text: '2' }] }],
    foot: [{ cells: [{ text: 'NOTPM 886.96 tx/min; duration 5.0 min', colspan: 3 }] }],
  };
  assert.equal(tableCsv(table), 'Server,tps a,tps b\r\nQueries performed,,\r\nread,1,2\r\nNOTPM 886.96 tx/min; duration 5.0 min,,\r\n');
});

test('compression-table heads the column naming its lines, and refuses captures whose lines would read alike', async () => {
  const where = 'table=innodb-cmp';
  const [capture, published] = [
    await build('row-formats-and-compression', 'compression-table', { data: 'innodb-cmp', rows: 'format,after', 'hide-unused': 'true' }),
    await build('row-formats-and-compression', 'compression-table', { where }),
  ];
  assert.equal(capture.tables[0].head[0].cells[0].text, 'format · after');
  assert.equal(published.tables[0].head[0].cells[0].text, 'row');
  assert.equal(published.tables[0].head[0].cells[0].html, '<span class="visually-hidden">row</span>');
  await assert.rejects(build('row-formats-and-compression', 'compression-table', { data: 'innodb-cmp' }),
    authorError(/^selects 6 captures \(innodb-cmp-compressed-kbs4-bp32M-after-runs\.txt, .*\), whose lines would read alike; name the labels that tell them apart with rows=/));
});

test('the runs table has a Message column only when a run printed a message, the first of its gravest, which it links to its line', async () => {
  const { parseFile } = await import('../../scripts/parse/index.mjs');
  const raw = (name) => join('content/reports/mariadb-sysbench-threads/raw', name);
  const table = async (names) => {
    const docs = await Promise.all(names.map(async (name, order) => ({ ...(await parseFile(join(ROOT, raw(name)), { source: raw(name) })), order, labels: {} })));
    return kinds.runs.build(viewContext({ slug: 'mariadb-sysbench-threads', meta: {}, docs }), checkParams(kinds.runs, { name: 'runs', params: { data: 'sysbench' }, positional: [], inner: null })).tables[0];
  };
  const quiet = await table(['oltp_read_write-t1.txt', 'oltp_read_write-t2.txt']);
  assert.deepEqual(quiet.head[0].cells.map((c) => c.text), ['Raw file', 'Labels', 'Status', 'Tool']);
  assert.ok(quiet.body.every((line) => line.cells.length === 4));
  const failed = await table(['oltp_read_write-t1.txt', 'failed-unknown-database.txt']);
  assert.deepEqual(failed.head[0].cells.map((c) => c.text), ['Raw file', 'Labels', 'Status', 'Tool', 'Message']);
  const printed = readFileSync(join(ROOT, raw('failed-unknown-database.txt')), 'utf8').split('\n');
  const message = failed.body[1].cells[4];
  const line = Number(/#L(\d+)"/.exec(message.html)[1]);
  assert.ok(printed[line - 1].includes(message.text.replace(/ \(×\d+\)$/, '')), `${message.text} is on line ${line}: ${printed[line - 1]}`);
  assert.equal(failed.body[0].cells[4].text, '');
  // Warnings printed before the FATAL that stopped the run (deprecated options) do not hide it.
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-messages-'));
  try {
    const lines = readFileSync(join(ROOT, raw('failed-unknown-database.txt')), 'utf8').split('\n');
    lines.splice(1, 0, 'WARNING: --num-threads is deprecated, use --threads instead');
    writeFileSync(join(dir, 'warned.txt'), lines.join('\n'));
    const doc = { ...(await parseFile(join(dir, 'warned.txt'), { source: 'raw/warned.txt' })), order: 0, labels: {} };
    assert.equal(doc.runs[0].messages[0].level, 'WARNING');
    const warned = kinds.runs.build(viewContext({ slug: 'x', meta: {}, docs: [doc] }), checkParams(kinds.runs, { name: 'runs', params: { data: 'sysbench' }, positional: [], inner: null })).tables[0];
    assert.match(warned.body[0].cells[4].text, /^FATAL: unable to connect to MySQL server/);
    assert.match(warned.body[0].cells[4].html, /#L11"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a published table\'s line column is headed by row-title, or by a name for screen readers only, never left empty', async () => {
  for (const name of ['sizes-table', 'load-time-table', 'compression-table']) {
    const table = (extra) => build('row-formats-and-compression', name, { where: `table=${name === 'sizes-table' ? 'file-sizes' : name === 'load-time-table' ? 'load-time' : 'innodb-cmp'}`, ...extra }).then((v) => v.tables[0].head[0].cells[0]);
    assert.deepEqual(await table({}), { th: true, text: 'row', html: '<span class="visually-hidden">row</span>' }, name);
    assert.deepEqual(await table({ 'row-title': 'Format' }), { th: true, text: 'Format' }, name);
  }
});

test('a figure a parser keeps as a bare number shows as its raw line printed it, trailing zeros and all', async () => {
  const { ctx } = await contextOf('cpu-efficiency-by-cores');
  const rows = ctx.select({ data: 'mpstat', metric: 'averages.1.values.%nice', labels: [] });
  let zeros = 0;
  for (const row of rows) {
    const line = readFileSync(join(ROOT, 'content/reports/cpu-efficiency-by-cores', row.source), 'utf8').split('\n')[row.line - 1];
    assert.ok(line.split(/\s+/).includes(row.text), `${row.text} stands on ${row.source}:${row.line}: ${line}`);
    assert.equal(Number(row.text), row.value);
    if (row.text !== String(row.value)) zeros += 1;
  }
  assert.ok(zeros > 0, 'some figures print trailing zeros a number drops (0.80)');
});

test('value and claim print the unit before the spread of repeats: the figure\'s own, or the author\'s for a figure its parser gave none', async () => {
  const where = 'variant=AHI off;cores=1;threads=8';
  const value = await build('cpu-efficiency-by-cores', 'value', { data: 'mpstat', metric: 'averages.1.values.%nice', where, unit: '%' });
  assert.match(value.html, /<\/a><span class="unit">&nbsp;%<\/span> <span class="spread">/);
  const claim = await build('cpu-efficiency-by-cores', 'claim', { data: 'mpstat', metric: 'averages.1.values.%nice', where: 'variant=AHI off;cores=1', a: 'threads=1', b: 'threads=8', relation: 'higher', show: 'a', unit: '%' });
  assert.match(claim.html, /<\/a><span class="unit">&nbsp;%<\/span> <span class="spread">/);
  // A figure with a unit of its own keeps it; "yes" adds none where the parser gave none.
  const total = await build('row-formats-and-compression', 'value', { data: 'sysbench', metric: 'general.total_time', where: 'format=Compact;buffer_pool=32M;threads=128', unit: 'ms' });
  assert.match(total.html, /<span class="unit">&nbsp;s<\/span>$/);
  const yes = await build('cpu-efficiency-by-cores', 'value', { data: 'mpstat', metric: 'averages.1.values.%nice', where, unit: 'yes' });
  assert.doesNotMatch(yes.html, /class="unit"/);
});

test('a table heading of one short word never breaks at its hyphens; a heading of several words still wraps', async () => {
  const { tableHtml } = await import('../../scripts/compile/html.mjs');
  const html = tableHtml({ caption: 'c', head: [{ cells: [{ th: true, text: 'read-only' }, { th: true, text: 'Steady window' }] }], body: [{ cells: [{ th: true, text: 'trx-commit-1' }, { text: '4' }] }] }, null);
  assert.match(html, /<th scope="col" class="word">read-only<\/th><th scope="col">Steady window<\/th>/);
  assert.match(html, /<th scope="row" class="word">trx-commit-1<\/th><td>4<\/td>/);
  assert.match(readFileSync(join(ROOT, 'static/css/tps-blocks.css'), 'utf8'), /\.tps-table th\.word, \.tps-table tbody th\.word\[scope\] \{ white-space: nowrap; \}/);
});

test('a stability table names the unit of every figure in the run\'s unit: median, p5 and the untrimmed median', async () => {
  const view = await build('read-write-stress-over-time', 'stability-table', { by: 'setting', where: 'length=600s' });
  assert.deepEqual(view.tables[0].head[0].cells.map((c) => c.text), ['Run', 'Steady window', 'Median (tx/s)', 'p5 (tx/s)', 'CV', 'Stalls', 'Longest stall', 'Untrimmed: median (tx/s), CV']);
});
