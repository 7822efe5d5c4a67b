// Writing a report from a folder of results, as an author meets it: `new report
// --from` copies real raw files into a copy of the site and writes an index.md
// that builds, whose figures are the raw files' own; `labels` prints the runs
// ingest makes; and the reference of shortcodes, chart kinds and formats says
// the same in the CLI and on the built page as the modules that declare them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, cpSync, symlinkSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kinds } from '../../scripts/compile/kinds.mjs';
import { chartKinds } from '../../scripts/compile/charts/index.mjs';
import { formats } from '../../scripts/parse/formats.mjs';
import { newReport } from '../../scripts/author/new-report.mjs';
import { runLabels } from '../../scripts/author/labels.mjs';
import { ingestReports, planSources } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const FROM = join(ROOT, 'content/reports/mariadb-sysbench-threads/raw');
let site;

/** A copy of the site's tool and pages, with no reports: what an author starts a report in. */
function siteCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-author-'));
  for (const name of ['scripts', 'layouts', 'static', 'schemas', 'config.toml', 'package.json']) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of ['node_modules', '.venv']) symlinkSync(join(ROOT, name), join(dir, name));
  for (const path of ['content/_index.md', 'content/reports/_index.md', 'content/docs']) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  return dir;
}

const cli = (...args) => spawnSync(process.execPath, [join(site, 'scripts', 'tpsreport.mjs'), ...args], { cwd: site, encoding: 'utf8' });

before(() => { site = siteCopy(); });
after(() => rmSync(site, { recursive: true, force: true }));

test('new report --from copies every raw file byte for byte and writes front matter with one pattern for the thread sweep', () => {
  const made = cli('new', 'report', 'my-sweep', '--from', FROM);
  assert.equal(made.status, 0, made.stderr);
  const bundle = join(site, 'content/reports/my-sweep');
  assert.deepEqual(readdirSync(join(bundle, 'raw')).sort(), readdirSync(FROM).sort());
  for (const name of readdirSync(FROM)) assert.ok(readFileSync(join(bundle, 'raw', name)).equals(readFileSync(join(FROM, name))), name);
  const index = readFileSync(join(bundle, 'index.md'), 'utf8');
  assert.equal(made.stdout, `${index}\n`);
  assert.equal(made.stderr, 'new report: 17 files copied into content/reports/my-sweep/raw/, 5 sources in content/reports/my-sweep/index.md (3 published but not read); `tpsreport labels my-sweep` shows its runs\n');
  const frontMatter = index.split('\n---\n')[0];
  assert.match(frontMatter, /^ {2}- glob: "raw\/\{workload\}-t\{threads:number\}\.txt"\n {4}format: sysbench\n {4}labels: \{ server_version: "10\.11\.19-MariaDB-0\+deb12u1", buffer_pool: "128M", tool_version: "1\.0\.20", set: "sweep" \}$/m);
  assert.match(frontMatter, /^ {2}- file: raw\/oltp_read_write-t4-interval\.txt\n {4}format: sysbench\n {4}labels: \{ [^}]*threads: 4, set: "interval" \}$/m);
  assert.match(frontMatter, /^unread:\n(?: {2}- .*\n)* {2}- raw\/commands\.txt # no format detected$/m);
});

test('labels prints one aligned line per run with the labels ingest gives it', () => {
  const { status, stdout, stderr } = cli('labels', 'my-sweep');
  assert.equal(status, 0, stderr);
  const lines = stdout.trimEnd().split('\n');
  assert.equal(lines[0], 'file                                 parsed as         workload         threads  server_version              buffer_pool  tool_version  set');
  assert.equal(lines[1], 'raw/oltp_read_only-t1.txt            sysbench          oltp_read_only   1        10.11.19-MariaDB-0+deb12u1  128M         1.0.20        sweep');
  assert.equal(lines[10], 'raw/oltp_read_write-t16.txt          sysbench          oltp_read_write  16       10.11.19-MariaDB-0+deb12u1  128M         1.0.20        sweep');
  assert.equal(lines.length, 1 + 10 + 4, 'the sweep, then the failed, global-variables, interval and prepare files');
  const column = lines[0].indexOf('server_version');
  for (const line of lines.slice(1)) assert.ok(line.length <= column || line[column - 1] === ' ', `columns line up: ${line}`);
});

test('the written report builds, and its table shows the figure its raw file printed, linked to that line', () => {
  const built = cli('build');
  assert.equal(built.status, 0, built.stderr);
  const raw = readFileSync(join(FROM, 'oltp_read_write-t4.txt'), 'utf8').split('\n');
  const line = raw.findIndex((l) => /^\s+transactions:/.test(l)) + 1;
  const printed = /\(([\d.]+) per sec\.\)/.exec(raw[line - 1])[1];
  assert.equal(printed, '976.24');
  const page = readFileSync(join(site, 'public/reports/my-sweep/index.html'), 'utf8');
  const figure = new RegExp(`<a class="fig" href="\\./raw/oltp_read_write-t4\\.txt\\.html#L${line}" data-value="${printed}" data-source="raw/oltp_read_write-t4\\.txt" data-line="${line}"[^>]*>${printed.replace('.', '\\.')}</a>`);
  assert.match(page, figure);
  assert.match(page, /<figure class="tps-chart/);
  assert.ok(readdirSync(join(site, 'public/reports/my-sweep/charts')).includes('transactions-rate.svg'));
});

test('new report refuses a report that exists, and leaves it as it was', () => {
  const before = readFileSync(join(site, 'content/reports/my-sweep/index.md'), 'utf8');
  const again = cli('new', 'report', 'my-sweep', '--from', FROM);
  assert.equal(again.status, 1);
  assert.equal(again.stdout, '');
  assert.equal(again.stderr, 'content/reports/my-sweep: expected a new report name (a report is never overwritten), found a folder of that name\n');
  assert.equal(readFileSync(join(site, 'content/reports/my-sweep/index.md'), 'utf8'), before);
});

test('new report --pattern takes the author\'s pattern, and refuses one that matches files of two formats', () => {
  const from = join(ROOT, 'content/reports/scalability-by-users/raw');
  const made = cli('new', 'report', 'by-users', '--from', from, '--pattern', 'raw/sysbench-{thread_handling}-{workload}-t{threads:number}.txt');
  assert.equal(made.status, 0, made.stderr);
  const { stdout } = cli('labels', 'by-users');
  // Its two SHOW VARIABLES captures (one per thread_handling) agree on the server's version and buffer pool.
  assert.match(stdout, /^raw\/sysbench-one-thread-per-connection-oltp_point_select-t1\.txt +sysbench +.*one-thread-per-connection +oltp_point_select +1 +10\.11\.19-MariaDB-0\+deb12u1 +256M +1\.0\.20 /m);
  assert.equal(stdout.split('\n').filter((l) => l.startsWith('raw/sysbench-')).length, 56);
  const mixed = cli('new', 'report', 'mixed', '--from', join(ROOT, 'content/reports/cpu-efficiency-by-cores/raw'), '--pattern', 'raw/{kind}-ahi-off-c1-t1-r1.txt');
  assert.equal(mixed.status, 1);
  assert.equal(mixed.stderr, '--pattern: expected files of one format under the pattern, found mpstat, sysbench and vmstat\n');
  assert.equal(readdirSync(join(site, 'content/reports')).includes('mixed'), false);
});

test('new report and labels take no unknown option and no bad name (exit 2)', () => {
  for (const args of [['new', 'report', 'x', '--from', FROM, '--force'], ['new', 'report', 'Bad_Name', '--from', FROM], ['new', 'report', 'x'], ['new', 'page', 'x'], ['labels', 'no-such-report'], ['labels', '--all'], ['help', 'nothing']]) {
    const run = cli(...args);
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, /^tpsreport: .+ \(`tpsreport help` lists the commands and their options\)\n$/, args.join(' '));
  }
});

test('a pattern that matches no file stops labels with the line in index.md', () => {
  const bundle = join(site, 'content/reports/my-sweep');
  const index = readFileSync(join(bundle, 'index.md'), 'utf8');
  try {
    writeFileSync(join(bundle, 'index.md'), index.replace('"raw/{workload}-t{threads:number}.txt"', '"raw/{workload}-threads{threads:number}.txt"'));
    const run = cli('labels', 'my-sweep');
    assert.equal(run.status, 1);
    assert.equal(run.stderr, 'content/reports/my-sweep/index.md:6:1: expected raw files matching raw/{workload}-threads{threads:number}.txt, found none among the 17 files in raw/\n');
  } finally {
    writeFileSync(join(bundle, 'index.md'), index);
  }
});

/** Every shortcode, chart kind and format name with its parameters, straight from the modules that declare them. */
function registry() {
  return {
    shortcodes: Object.values(kinds).map((k) => [k.name, Object.keys(k.params)]),
    charts: Object.values(chartKinds).map((c) => [c.name, Object.keys(c.params)]),
    formats: formats.map((f) => f.name),
  };
}

test('help shortcodes and help formats list every shortcode, chart kind and format with exactly the parameters their modules declare', () => {
  const text = cli('help', 'shortcodes').stdout;
  const { shortcodes, charts, formats: names } = registry();
  const sections = text.split(/\n(?=  \S)/).slice(1).map((s) => s.split('\n').filter(Boolean));
  const listed = sections.map(([headLine, ...params]) => [headLine.trim().split(':')[0], params.filter((p) => p.startsWith('    ')).map((p) => p.trim().split(/[ :]/)[0])]);
  assert.deepEqual(listed, [...shortcodes, ...charts]);
  const formatText = cli('help', 'formats').stdout;
  assert.deepEqual(formatText.split('\n').filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim().split(/\s/)[0]), names);
});

test('the /docs/shortcodes/ page of the build lists the same shortcodes, chart kinds, parameters and formats, and the menu links to it', () => {
  const page = readFileSync(join(site, 'public/docs/shortcodes/index.html'), 'utf8');
  const { shortcodes, charts, formats: names } = registry();
  const sections = [...page.matchAll(/<section class="reference-item" id="(shortcode|chart)-([a-z0-9-]+)">([^]*?)<\/section>/g)];
  const listed = sections.map(([, , name, body]) => [name, [...body.matchAll(/<th scope="row"><code>([^<]+)<\/code><\/th>/g)].map((m) => m[1])]);
  assert.deepEqual(listed, [...shortcodes, ...charts]);
  assert.deepEqual([...page.matchAll(/<tr id="format-([a-z0-9-]+)">/g)].map((m) => m[1]), names);
  assert.match(readFileSync(join(site, 'public/index.html'), 'utf8'), /<nav>.*<a href="\/docs\/shortcodes\/">Shortcodes<\/a>.*<\/nav>/);
});

test('a raw file whose name YAML would misread is written quoted, and ingest plans it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-names-'));
  const from = join(root, 'results');
  try {
    mkdirSync(from);
    cpSync(join(FROM, 'oltp_read_write-t4.txt'), join(from, 'run #1: t4.txt'));
    const made = await newReport({ root, slug: 'names', from, date: '2026-11-23' });
    assert.match(made.text, /^ {2}- file: "raw\/run #1: t4\.txt"$/m);
    const bundle = join(root, 'content/reports/names');
    const plan = planSources(readFileSync(join(bundle, 'index.md'), 'utf8'), 'content/reports/names/index.md', bundle, root);
    assert.deepEqual(plan.map((e) => [e.path, e.labels]), [[join(bundle, 'raw/run #1: t4.txt'), { tool_version: '1.0.20', threads: 4 }]]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report lists files one by one where a pattern would lose the labels their outputs state differently, and tables the file whose runs tell themselves apart, so what it writes builds', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-runs-'));
  const from = join(root, 'results');
  const slap = join(ROOT, 'tests/fixtures/mysqlslap');
  try {
    mkdirSync(from);
    cpSync(join(slap, 'mariadb-10.11-debug-info-rusage-first.txt'), join(from, 'slap-a.txt'));
    cpSync(join(slap, 'mariadb-10.11-error-then-block.txt'), join(from, 'slap-b.txt'));
    cpSync(join(slap, 'mariadb-10.11-engines-concurrency.txt'), join(from, 'slap-c.txt')); // four runs: two engines at two concurrencies
    const made = await newReport({ root, slug: 'slap', from, date: '2026-11-27' });
    assert.doesNotMatch(made.text, /- glob:/);
    // Each file keeps the clients its output printed ("Number of clients running queries: N").
    for (const [name, fixture] of [['slap-a.txt', 'mariadb-10.11-debug-info-rusage-first.txt'], ['slap-b.txt', 'mariadb-10.11-error-then-block.txt']]) {
      const clients = /Number of clients running queries: (\d+)/.exec(readFileSync(join(slap, fixture), 'utf8'))[1];
      assert.match(made.text, new RegExp(`^ {2}- file: raw/${name}\\n {4}format: mysqlslap\\n {4}labels: \\{ clients: ${clients} \\}$`, 'm'));
    }
    assert.match(made.text, /^\{\{< table data="mysqlslap" metric="average" rows="clients" columns="engine" where="set=sweep" /m);
    assert.match(made.text, /\{\{< runs data="mysqlslap" >\}\}/);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report gives the runs the server labels that every settings capture in the folder agrees on, and leaves out one they differ on', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-servers-'));
  const glob = (text) => /^ {2}- glob: "raw\/\{workload\}-t\{threads:number\}\.txt"\n {4}format: sysbench\n {4}labels: \{ (.*) \}$/m.exec(text)?.[1];
  try {
    // SHOW VARIABLES before and after the runs: one server, said twice.
    const twice = join(root, 'twice');
    cpSync(FROM, twice, { recursive: true });
    cpSync(join(FROM, 'global-variables.txt'), join(twice, 'global-variables-after.txt'));
    assert.equal(glob((await newReport({ root, slug: 'twice', from: twice, date: '2026-11-27' })).text), 'server_version: "10.11.19-MariaDB-0+deb12u1", buffer_pool: "128M", tool_version: "1.0.20", set: "sweep"');
    // An option file of another buffer pool (256M): the version still agrees, the buffer pool does not.
    const other = join(root, 'other');
    cpSync(FROM, other, { recursive: true });
    cpSync(join(ROOT, 'content/reports/read-write-stress-over-time/raw/my-trx-commit-1.cnf'), join(other, 'my.cnf'));
    const made = await newReport({ root, slug: 'other', from: other, date: '2026-11-27' });
    assert.equal(glob(made.text), 'server_version: "10.11.19-MariaDB-0+deb12u1", tool_version: "1.0.20", set: "sweep"');
    // The option file is shown as written.
    assert.match(made.text, /^\{\{< config file="raw\/my\.cnf" title="Server options \(my\.cnf\)" >\}\}$/m);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report over repeats combines them: its table and chart show medians with their spread, not the first repeat or a panel per repeat', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-repeats-'));
  try {
    const made = await newReport({ root, slug: 'reps', from: join(ROOT, 'tests/fixtures/sweeps/repeats-mariadb-10.11'), date: '2026-11-27' });
    assert.match(made.text, /^ {2}- glob: "raw\/oltp_read_write-t\{threads:number\}-r\{repeat:number\}\.txt"$/m);
    assert.match(made.text, /^\{\{< table data="sysbench" metric="transactions\.rate" rows="threads" caption="Transactions per second, median of the repeats" >\}\}$/m);
    assert.match(made.text, /^\{\{< chart kind="lines" name="transactions-rate" data="sysbench" metric="transactions\.rate" x="threads" title="Transactions per second by threads, median of the repeats" y-title="Transactions per second" >\}\}$/m);
    assert.doesNotMatch(made.text.replace(/^.*kind="over-time".*$/m, ''), /repeat=|facet="repeat"/);
    // Samples over time are not combined: the chart of them shows the first repeat of each thread count.
    assert.match(made.text, /^\{\{< chart kind="over-time" name="tps-over-time" data="sysbench" metric="tps" interpolate="step" color="threads" where="repeat=1" title="Transactions per second over time by threads, repeat 1" y-title="Transactions per second" >\}\}$/m);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const views = JSON.parse(readFileSync(join(root, '.tpsreport', 'views', 'reps.json'), 'utf8')).views;
    const table = Object.values(views).map((v) => v.html).find((html) => html.includes('<table'));
    // Each cell: the median of the three passes, which sysbench printed at 1 thread as these rates.
    const rates = [1, 2, 3].map((r) => Number(/\(([\d.]+) per sec\.\)/.exec(readFileSync(join(ROOT, `tests/fixtures/sweeps/repeats-mariadb-10.11/oltp_read_write-t1-r${r}.txt`), 'utf8').split('\n').find((l) => /^\s+transactions:/.test(l)))[1]));
    const median = [...rates].sort((x, y) => x - y)[1];
    assert.match(table, new RegExp(`data-stat="median" data-value="${median}"`));
    assert.match(table, /3\u00a0runs/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report charts throughput over time for the run that printed interval lines, and tables the INNODB_CMP captures one pattern names', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-timed-'));
  try {
    const made = await newReport({ root, slug: 'timed', from: FROM, date: '2026-11-27' });
    // The sweep is set=sweep; the one file with --report-interval lines is set apart for its chart.
    assert.match(made.text, /^ {2}- file: raw\/oltp_read_write-t4-interval\.txt\n {4}format: sysbench\n {4}labels: \{ [^}]*threads: 4, set: "interval" \}$/m);
    assert.match(made.text, /^\{\{< chart kind="over-time" name="tps-over-time" data="sysbench" metric="tps" interpolate="step" where="set=interval" title="Transactions per second over time" y-title="Transactions per second" >\}\}$/m);
    const from = join(root, 'cmp');
    mkdirSync(from);
    const cmp = join(ROOT, 'content/reports/row-formats-and-compression/raw');
    for (const name of readdirSync(cmp).filter((n) => n.endsWith('-after-runs.txt'))) cpSync(join(cmp, name), join(from, name));
    const captures = await newReport({ root, slug: 'cmp', from, date: '2026-11-27' });
    assert.match(captures.text, /^\{\{< compression-table data="innodb-cmp" rows="variant,buffer_pool" hide-unused="true" caption="INNODB_CMP" >\}\}$/m);
    // The server's version, from its SHOW VARIABLES, describes what was captured from it as well as its runs.
    cpSync(join(ROOT, 'content/reports/row-formats-and-compression/raw/global-variables-compact.txt'), join(from, 'global-variables.txt'));
    const described = await newReport({ root, slug: 'cmp-server', from, date: '2026-11-27' });
    // bp{buffer_pool} in the pattern: the one SHOW VARIABLES does not fix it for every capture.
    assert.match(described.text, /^ {2}- glob: "raw\/innodb-cmp-[^"]+"\n {4}format: innodb-cmp\n {4}labels: \{ server_version: "10\.11\.19-MariaDB-0\+deb12u1" \}$/m);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    // One point per interval line the run printed, each the tps that line shows.
    const raw = readFileSync(join(FROM, 'oltp_read_write-t4-interval.txt'), 'utf8').split('\n');
    const printed = raw.flatMap((l, i) => (/^\[ \d+s \]/.test(l) ? [[i + 1, Number(/tps: ([\d.]+)/.exec(l)[1])]] : []));
    const csv = readFileSync(join(root, '.tpsreport/site/reports/timed/charts/tps-over-time.csv'), 'utf8').trim().split('\n');
    const [head, ...rows] = csv.map((l) => l.split(','));
    assert.equal(printed.length, 30);
    assert.deepEqual(rows.map((r) => [Number(r[head.indexOf('line')]), Number(r[head.indexOf('value')])]), printed);
    const views = Object.values(JSON.parse(readFileSync(join(root, '.tpsreport/views/cmp.json'), 'utf8')).views).map((v) => v.html).join('');
    assert.match(views, /<th[^>]*>variant · buffer_pool<\/th>/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report refuses a symbolic link and a file ingest could not publish, writing nothing, and names the hidden files it leaves out', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-unsafe-'));
  const from = join(root, 'results');
  const run = join(ROOT, 'tests/fixtures/sweeps/repeats-mariadb-10.11');
  try {
    mkdirSync(from);
    cpSync(join(run, 'oltp_read_write-t1-r1.txt'), join(from, 'oltp_read_write-t1-r1.txt'));
    cpSync(join(run, 'oltp_read_write-t1-r2.txt'), join(from, '.oltp_read_write-t1-r2.txt'));
    symlinkSync('/etc/passwd', join(from, 'passwd.txt'));
    await assert.rejects(newReport({ root, slug: 'linked', from, date: '2026-11-27' }),
      (e) => String(e) === `${join(from, 'passwd.txt')}: expected a raw file, not a symbolic link (a copy would publish what it points to); copy the file itself into the folder, found a symbolic link to /etc/passwd`);
    rmSync(join(from, 'passwd.txt'));
    writeFileSync(join(from, 'back\\slash.txt'), 'notes\n');
    await assert.rejects(newReport({ root, slug: 'slashed', from, date: '2026-11-27' }), (e) => e.rule === 'raw-file-name' && String(e).includes('holds a backslash'));
    rmSync(join(from, 'back\\slash.txt'));
    assert.deepEqual(readdirSync(root), ['results'], 'nothing written for a refused folder');
    const made = await newReport({ root, slug: 'kept', from, date: '2026-11-27' });
    assert.deepEqual(made.hidden, ['.oltp_read_write-t1-r2.txt']);
    assert.match(made.text, /^ {2}# \.oltp_read_write-t1-r2\.txt: not copied \(a hidden file; rename it without the leading dot to publish it\)$/m);
    assert.deepEqual(readdirSync(join(root, 'content/reports/kept/raw')), ['oltp_read_write-t1-r1.txt']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report gives each run of a multi-run file the labels it prints, as run_labels, and tables them', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-run-labels-'));
  const slap = join(ROOT, 'tests/fixtures/mysqlslap/mariadb-10.11-engines-concurrency.txt');
  try {
    const from = join(root, 'results');
    mkdirSync(from);
    cpSync(slap, join(from, 'slap.txt'));
    const made = await newReport({ root, slug: 'slap', from, date: '2026-11-27' });
    // As the file prints them, block by block: "Running for engine …" and "Number of clients running queries: …".
    const printed = readFileSync(slap, 'utf8');
    const engines = [...printed.matchAll(/Running for engine (\w+)/g)].map((m) => m[1]);
    const clients = [...printed.matchAll(/Number of clients running queries: (\d+)/g)].map((m) => m[1]);
    assert.equal(engines.length, 4);
    assert.match(made.text, new RegExp(`^ {4}run_labels: \\[${engines.map((e, i) => `\\{ engine: "${e}", clients: ${clients[i]} \\}`).join(', ')}\\]$`, 'm'));
    assert.match(made.text, /^\{\{< table data="mysqlslap" metric="average" rows="clients" columns="engine" caption="Average time to run all queries" >\}\}$/m);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const views = Object.values(JSON.parse(readFileSync(join(root, '.tpsreport/views/slap.json'), 'utf8')).views).map((v) => v.html).join('');
    const averages = [...printed.matchAll(/Average number of seconds to run all queries: ([\d.]+) seconds/g)].map((m) => m[1]);
    for (const average of averages) assert.match(views, new RegExp(`data-value="${average}"`));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report tables and charts the events per second of sysbench runs that count events, not transactions (a cpu test), so what it writes builds', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-events-'));
  const runs = { 'cpu-t1.txt': 'real-1.0.20-cpu.txt', 'cpu-t2.txt': 'real-1.0.20-cpu-rate-queue-p99.txt' };
  try {
    const from = join(root, 'results');
    mkdirSync(from);
    for (const [name, fixture] of Object.entries(runs)) cpSync(join(ROOT, 'tests/fixtures/sysbench', fixture), join(from, name));
    const made = await newReport({ root, slug: 'cpu', from, date: '2026-11-27' });
    assert.match(made.text, /^\{\{< table data="sysbench" metric="cpu_speed\.events_per_s" rows="threads" caption="Events per second" >\}\}$/m);
    assert.match(made.text, /^\{\{< chart kind="lines" name="cpu-speed-events-per-s" data="sysbench" metric="cpu_speed\.events_per_s" x="threads" /m);
    assert.doesNotMatch(made.text, /transactions\.rate/);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    // Each table cell is the "events per second:" figure its run printed, by thread count.
    const printed = Object.values(runs).map((fixture) => /events per second:\s+([\d.]+)/.exec(readFileSync(join(ROOT, 'tests/fixtures/sysbench', fixture), 'utf8'))[1]);
    const table = Object.values(JSON.parse(readFileSync(join(root, '.tpsreport/views/cpu.json'), 'utf8')).views).map((v) => v.html).find((h) => h.includes('<caption>Events per second'));
    assert.deepEqual([...table.matchAll(/data-value="([\d.]+)"/g)].map((m) => m[1]), printed);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report tables a thread sweep kept in files named by day, and says which files state the same labels instead of writing a table that would refuse them', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-apart-'));
  try {
    const sweep = join(root, 'sweep');
    mkdirSync(sweep);
    const days = { 'monday.txt': 1, 'tuesday-run.txt': 2, 'wed.log': 4, 'thursday_final.out': 8 };
    for (const [name, threads] of Object.entries(days)) cpSync(join(FROM, `oltp_read_only-t${threads}.txt`), join(sweep, name));
    const made = await newReport({ root, slug: 'days', from: sweep, date: '2026-11-27' });
    assert.match(made.text, /^\{\{< table data="sysbench" metric="transactions\.rate" rows="threads" caption="Transactions per second" >\}\}$/m);
    assert.match(made.text, /^\{\{< chart kind="lines" name="transactions-rate" data="sysbench" metric="transactions\.rate" x="threads" /m);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const table = Object.values(JSON.parse(readFileSync(join(root, '.tpsreport/views/days.json'), 'utf8')).views).map((v) => v.html).find((h) => h.includes('<caption>Transactions per second'));
    const rates = [1, 2, 4, 8].map((t) => /\(([\d.]+) per sec\.\)/.exec(readFileSync(join(FROM, `oltp_read_only-t${t}.txt`), 'utf8').split('\n').find((l) => /^\s+transactions:/.test(l)))[1]);
    assert.deepEqual([...table.matchAll(/data-value="([\d.]+)"/g)].map((m) => m[1]), rates);

    const twins = join(root, 'twins');
    mkdirSync(twins);
    cpSync(join(FROM, 'oltp_read_only-t8.txt'), join(twins, 'first.txt'));
    cpSync(join(FROM, 'oltp_read_write-t8.txt'), join(twins, 'second-try.txt'));
    const alike = await newReport({ root, slug: 'twins', from: twins, date: '2026-11-27' });
    assert.match(alike.text, /^ {2}# raw\/first\.txt, raw\/second-try\.txt: their runs state the same labels; give each file a label of its own/m);
    assert.doesNotMatch(alike.text, /\{\{< (table|chart) /);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('new report tables HammerDB NOPM by the virtual users each run states, tpcc-mysql tpmC by the warehouses and connections it echoes, and gives DBT-2 and SHOW TABLE STATUS their own tables', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-tpc-'));
  const fixture = (kind, name) => join(ROOT, 'tests/fixtures', kind, name);
  try {
    const hammer = join(root, 'hammerdb');
    mkdirSync(hammer);
    cpSync(fixture('hammerdb', 'cli-v4.2-sequence-mysql-two-runs.txt'), join(hammer, 'sequence.txt'));
    const h = await newReport({ root, slug: 'hammer', from: hammer, date: '2026-11-27' });
    assert.match(h.text, /^ {4}run_labels: \[\{ users: 8 \}, \{ users: 16 \}\]$/m);
    assert.match(h.text, /^\{\{< table data="hammerdb" metric="nopm" rows="users" caption="New orders per minute \(NOPM\)" >\}\}$/m);

    const tpcc = join(root, 'tpcc');
    mkdirSync(tpcc);
    const tpccFiles = ['new-layout-full-run-ms.txt', 'markdown-escaped-double-spaced-old.txt'];
    for (const name of tpccFiles) cpSync(fixture('tpcc-mysql', name), join(tpcc, name));
    const t = await newReport({ root, slug: 'tpcc', from: tpcc, date: '2026-11-27' });
    for (const name of tpccFiles) {
      const echoed = readFileSync(fixture('tpcc-mysql', name), 'utf8');
      const [w, c] = ['warehouse', 'connection'].map((o) => [...echoed.matchAll(/\[(\w+)\]: (\d+)/g)].find((m) => m[1] === o)[2]);
      assert.match(t.text, new RegExp(`^ {4}labels: \\{ warehouses: ${w}, connections: ${c}`, 'm'), name);
    }
    assert.match(t.text, /^\{\{< table data="tpcc-mysql" metric="tpmc" rows="warehouses" /m);

    const dbt2 = join(root, 'dbt2');
    mkdirSync(dbt2);
    cpSync(fixture('dbt2', 'notpm-only-footer.txt'), join(dbt2, 'report.txt'));
    const d = await newReport({ root, slug: 'dbt', from: dbt2, date: '2026-11-27' });
    assert.match(d.text, /^ {4}labels: \{ report: 1 \}$/m);
    assert.match(d.text, /^\{\{< dbt2-table by="report" caption="DBT-2 results by transaction" >\}\}$/m);

    // Two INNODB_CMP captures listed one by one: a line per capture, named after its file.
    const cmp = join(root, 'cmp');
    mkdirSync(cmp);
    for (const name of ['mariadb-10.11-batch-by-columns.txt', 'hand-batch-compress-ops-20-digit-counter.txt']) cpSync(fixture('innodb-cmp', name), join(cmp, name));
    const c = await newReport({ root, slug: 'cmp', from: cmp, date: '2026-11-27' });
    assert.match(c.text, /^ {4}labels: \{ capture: "?hand-batch-compress-ops-20-digit-counter"? \}$/m);
    assert.match(c.text, /^ {4}labels: \{ capture: "?mariadb-10\.11-batch-by-columns"? \}$/m);
    assert.match(c.text, /^\{\{< compression-table data="innodb-cmp" rows="capture" hide-unused="true" caption="INNODB_CMP" >\}\}$/m);

    // A capture of two INNODB_CMP results (before and after) or of some columns only gets no table that could not build.
    for (const name of ['seed002-plugin-1.0-8k-then-4k-runs.txt', 'hand-5.6-ratio-column-null-division.txt']) {
      const one = join(root, `cmp-${name}`);
      mkdirSync(one);
      cpSync(fixture('innodb-cmp', name), join(one, name));
      const written = await newReport({ root, slug: `cmp-${name.split('-')[0]}`, from: one, date: '2026-11-27' });
      assert.doesNotMatch(written.text, /compression-table/, name);
    }

    // One SHOW ENGINE INNODB MUTEX capture: its mutexes by the counter every row prints.
    const mutex = join(root, 'mutex');
    mkdirSync(mutex);
    cpSync(fixture('innodb-mutex', 'hand-8.0-batch-duplicate-names-mutex-row.txt'), join(mutex, 'mutex.txt'));
    const mx = await newReport({ root, slug: 'mutex', from: mutex, date: '2026-11-27' });
    assert.match(mx.text, /^\{\{< chart kind="top-waits" name="innodb-mutex-waits" data="innodb-mutex" items="results" each="rows" metric="counters\.waits" x="name" title="InnoDB mutexes and rw-locks by waits" y-title="Waits" >\}\}$/m);

    const status = join(root, 'status');
    mkdirSync(status);
    cpSync(fixture('table-status', 'mariadb-10.11-batch.txt'), join(status, 'status.txt'));
    const st = await newReport({ root, slug: 'status', from: status, date: '2026-11-27' });
    assert.match(st.text, /^\{\{< sizes-table data="table-status" caption="Table sizes from SHOW TABLE STATUS" >\}\}$/m);

    // Two kinds in one report: each runs table names its kind.
    const mixed = join(root, 'mixed');
    mkdirSync(mixed);
    cpSync(fixture('hammerdb', 'cli-v4.2-sequence-mysql-two-runs.txt'), join(mixed, 'hammerdb.txt'));
    cpSync(fixture('dbt2', 'notpm-only-footer.txt'), join(mixed, 'dbt2.txt'));
    const m = await newReport({ root, slug: 'mixed', from: mixed, date: '2026-11-27' });
    assert.deepEqual(m.text.match(/^\{\{< runs .*$/gm), ['{{< runs data="dbt2" caption="Every dbt2 run in this report" >}}', '{{< runs data="hammerdb" caption="Every hammerdb run in this report" >}}']);

    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const views = (slug) => Object.values(JSON.parse(readFileSync(join(root, `.tpsreport/views/${slug}.json`), 'utf8')).views).map((v) => v.html).join('');
    const nopm = [...readFileSync(fixture('hammerdb', 'cli-v4.2-sequence-mysql-two-runs.txt'), 'utf8').matchAll(/achieved (\d+) NOPM/g)].map((m) => m[1]);
    for (const value of nopm) assert.match(views('hammer'), new RegExp(`data-value="${value}"`));
    assert.match(views('status'), /<caption>Table sizes from SHOW TABLE STATUS<\/caption>/);
    // DBT-2's table of a report named by a number says what the number is.
    assert.match(views('dbt'), /<caption>report 1<\/caption>/);
    // The chart's data is every row as the server printed it, each with its line.
    const rows = readFileSync(join(root, '.tpsreport/site/reports/mutex/charts/innodb-mutex-waits.csv'), 'utf8').split('\r\n');
    const printed = readFileSync(fixture('innodb-mutex', 'hand-8.0-batch-duplicate-names-mutex-row.txt'), 'utf8').split('\n');
    assert.equal(rows.length - 2, printed.filter((l) => /^InnoDB\t/.test(l)).length);
    for (const row of rows.slice(1, -1)) {
      const [value, , , line] = row.split(',');
      assert.match(printed[line - 1], new RegExp(`waits=${value}\\b`), row);
    }
    for (const name of ['mariadb-10.11-batch-by-columns', 'hand-batch-compress-ops-20-digit-counter']) assert.match(views('cmp'), new RegExp(`>${name.replace(/\./g, '\\.')}<`), name);
    // Line 4 of the capture: page size 4096, 8568 compressions.
    assert.equal(readFileSync(fixture('innodb-cmp', 'mariadb-10.11-batch-by-columns.txt'), 'utf8').split('\n')[3].split('\t')[1], '8568');
    assert.match(views('cmp'), /href="\.\/raw\/mariadb-10\.11-batch-by-columns\.txt\.html#L4"[^>]*data-value="8568"/);
    assert.match(views('cmp'), /href="\.\/raw\/hand-batch-compress-ops-20-digit-counter\.txt\.html#L\d+"/);
    // The view v1 has no sizes: its cells read NULL, as the server printed them on line 7, linked there.
    assert.equal(readFileSync(fixture('table-status', 'mariadb-10.11-batch.txt'), 'utf8').split('\n')[6].split('\t')[0], 'v1');
    assert.equal([...views('status').matchAll(/href="\.\/raw\/status\.txt\.html#L7"[^>]*data-text="NULL"[^>]*>NULL<\/a>/g)].length, 2);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

const sysbenchFixture = (name) => join(ROOT, 'tests/fixtures/sysbench', name);

/**
 * `new report` over a folder of sysbench fixtures ({ name in the folder: fixture }) in a root of
 * its own; `build()` ingests and compiles it and gives the markup of its views. Removed after `fn`.
 */
async function authored(slug, files, fn) {
  const root = mkdtempSync(join(tmpdir(), `tpsreport-author-${slug}-`));
  try {
    const from = join(root, 'results');
    mkdirSync(from);
    for (const [name, fixture] of Object.entries(files)) cpSync(sysbenchFixture(fixture), join(from, name));
    const written = await newReport({ root, slug, from, date: '2026-11-28' });
    const build = async () => {
      assert.deepEqual((await ingestReports({ root })).errors, []);
      assert.deepEqual((await compileReports({ root })).errors, []);
      return Object.values(JSON.parse(readFileSync(join(root, `.tpsreport/views/${slug}.json`), 'utf8')).views).map((v) => v.html).join('');
    };
    await fn({ root, from, written, build });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The transactions per second a sysbench fixture prints, as its figure's data-value reads. */
const printedRate = (fixture) => Number(/transactions:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(readFileSync(sysbenchFixture(fixture), 'utf8'))[1]);
const reEscape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('new report tables sysbench runs whose logs begin with their prepare step, and the table builds without it', async () => {
  const prepared = 'hand-0.4.12-prepare-plus-run-wrapper.txt';
  const annotated = 'hand-0.4.12.10-intermediate-results-annotated.txt';
  await authored('prepared', { [prepared]: prepared, [annotated]: annotated }, async ({ root, written, build }) => {
    assert.match(written.text, /^\{\{< table data="sysbench" metric="transactions\.rate" rows="threads" /m);
    const runs = await runLabels({ root, slug: 'prepared' });
    assert.deepEqual(runs.rows.filter((row) => row.file.includes('prepare')).map((row) => row.run), ['1 (prepare)', '2']);
    assert.match(await build(), new RegExp(`data-value="${printedRate(prepared)}" data-source="raw/${reEscape(prepared)}"`));
  });
});

test('new report proposes no pattern whose capture from the file names contradicts what the outputs print (rw-t8.txt that ran 1 thread), and lists the files with the printed labels', async () => {
  await authored('misnamed', { 'rw-t8.txt': 'real-1.0.20-mariadb-oltp_read_write-t1.txt', 'rw-t16.txt': 'real-1.0.20-mariadb-oltp_read_write-t4-interval.txt' }, async ({ from, written }) => {
    for (const [name, threads] of [['rw-t8.txt', 1], ['rw-t16.txt', 4]]) assert.match(readFileSync(join(from, name), 'utf8'), new RegExp(`^Number of threads: ${threads}$`, 'm'));
    assert.doesNotMatch(written.text, /glob:/);
    assert.match(written.text, /^ {2}- file: raw\/rw-t8\.txt\n {4}format: sysbench\n {4}labels: \{ [^}]*threads: 1\b/m);
    assert.match(written.text, /^ {2}- file: raw\/rw-t16\.txt\n {4}format: sysbench\n {4}labels: \{ [^}]*threads: 4\b/m);
  });
});

test('new report keeps the sweep when two other files state the same labels (they are named in a comment), and charts over time the one run of the sweep that printed interval lines', async () => {
  const [t1, t4] = ['real-1.0.20-mariadb-oltp_read_write-t1.txt', 'real-1.0.20-mariadb-oltp_read_write-t4-interval.txt'];
  const alike = 'hand-0.4.12-myisam-fullwidth-colons.txt';
  await authored('alike', { [t1]: t1, [t4]: t4, 'a.txt': alike, 'b.txt': alike }, async ({ root, written, build }) => {
    assert.match(written.text, /^ {2}# raw\/a\.txt, raw\/b\.txt: their runs state the same labels/m);
    assert.match(written.text, /^\{\{< table data="sysbench" metric="transactions\.rate" rows="threads" where="set=sweep" /m);
    assert.match(written.text, /^\{\{< chart kind="over-time" name="tps-over-time" data="sysbench" metric="tps" interpolate="step" where="set=sweep;threads=4" /m);
    const html = await build();
    for (const name of [t1, t4]) assert.match(html, new RegExp(`data-value="${printedRate(name)}" data-source="raw/${reEscape(name)}"`), name);
    const points = JSON.parse(readFileSync(join(root, '.tpsreport/site/reports/alike/charts/tps-over-time.vl.json'), 'utf8')).data.values;
    assert.equal(points.length, readFileSync(sysbenchFixture(t4), 'utf8').split('\n').filter((l) => /^\[ \d+s \] /.test(l)).length);
  });
});

test('new report quotes the figure of a lone run in a sentence and tables everything sysbench printed at its end, each figure the raw file\'s own', async () => {
  const run = 'real-1.0.20-mariadb-oltp_read_write-t4-interval.txt';
  await authored('lone', { 'run.txt': run }, async ({ written, build }) => {
    assert.match(written.text, /^Transactions per second: \{\{< value data="sysbench" metric="transactions\.rate" where="threads=4" unit="yes" >\}\}\.$/m);
    assert.match(written.text, /^\{\{< sysbench-summary by="threads" caption="What sysbench printed at the end of the run" >\}\}$/m);
    const html = await build();
    const rate = printedRate(run);
    assert.equal(html.match(new RegExp(`data-value="${rate}" data-source="raw/run\\.txt"`, 'g'))?.length, 2, 'the sentence and the summary table');
    const printed = readFileSync(sysbenchFixture(run), 'utf8');
    for (const [, figure] of printed.matchAll(/^\s+(?:read|write|other|total|ignored errors|reconnects):\s+(\d+)/gm)) assert.match(html, new RegExp(`data-value="${figure}" data-source="raw/run\\.txt"`), figure);
  });
});

test('new report --pattern is refused, with the files and what they print, where its captures contradict the outputs or one labels: entry would lose what they state differently', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-own-pattern-'));
  const slap = join(ROOT, 'tests/fixtures/mysqlslap');
  try {
    const misnamed = join(root, 'misnamed');
    mkdirSync(misnamed);
    cpSync(sysbenchFixture('real-1.0.20-mariadb-oltp_read_write-t1.txt'), join(misnamed, 'rw-t8.txt'));
    cpSync(sysbenchFixture('real-1.0.20-mariadb-oltp_read_write-t4-interval.txt'), join(misnamed, 'rw-t16.txt'));
    await assert.rejects(newReport({ root, slug: 'misnamed', from: misnamed, pattern: 'raw/rw-t{threads:number}.txt', date: '2026-11-28' }),
      (e) => String(e) === '--pattern: expected captures that agree with what each file prints, found threads 8 from raw/rw-t8.txt, whose output prints threads 1');
    const slaps = join(root, 'slaps');
    mkdirSync(slaps);
    cpSync(join(slap, 'mariadb-10.11-debug-info-rusage-first.txt'), join(slaps, 'slap-a.txt'));
    cpSync(join(slap, 'mariadb-10.11-error-then-block.txt'), join(slaps, 'slap-b.txt'));
    const clients = ['mariadb-10.11-debug-info-rusage-first.txt', 'mariadb-10.11-error-then-block.txt'].map((f) => /Number of clients running queries: (\d+)/.exec(readFileSync(join(slap, f), 'utf8'))[1]);
    await assert.rejects(newReport({ root, slug: 'slaps', from: slaps, pattern: 'raw/slap-{variant}.txt', date: '2026-11-28' }),
      (e) => String(e) === `--pattern: expected a capture for each label the files print differently (one labels: entry serves every file of a pattern), found clients ${clients[0]} in raw/slap-a.txt and ${clients[1]} in raw/slap-b.txt; capture it in the pattern, or leave --pattern out to list the files one by one`);
    for (const slug of ['misnamed', 'slaps']) assert.throws(() => readdirSync(join(root, 'content/reports', slug)), /ENOENT/, 'nothing written');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('labels lines up its columns by the width a terminal draws, so file names in CJK script keep the next column in place', async () => {
  const { labelsTable } = await import('../../scripts/author/labels.mjs');
  const { displayWidth } = await import('../../scripts/lib/text.mjs');
  const rows = [['raw/测试-t1.txt', 1], ['raw/run-t16.txt', 16], ['raw/e\u0301te\u0301-t4.txt', 4]].map(([file, threads]) => ({ file, format: 'sysbench', run: '', labels: { threads } }));
  const lines = labelsTable({ labels: ['threads'], rows }).split('\n');
  assert.equal(displayWidth('测试'), 4);
  assert.equal(displayWidth('e\u0301'), 1);
  // Every "sysbench" starts in the same terminal column.
  const columns = lines.slice(1).map((l) => displayWidth(l.slice(0, l.indexOf('sysbench'))));
  assert.deepEqual(columns, [columns[0], columns[0], columns[0]]);
  assert.equal(displayWidth(lines[0].slice(0, lines[0].indexOf('parsed as'))), columns[0]);
});

test('new report from a HammerDB job labels it with what the job states and charts its timeline of transactions per minute, every point the raw file\'s', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-author-job-'));
  const fixture = join(ROOT, 'tests/fixtures/hammerdb-job/real-v6.0-mariadb-tproc-c-hammerdb-results-repository-6A1F3800DC4703E203530393.json');
  try {
    const from = join(root, 'results');
    mkdirSync(from);
    cpSync(fixture, join(from, 'job-48vu.json'));
    const made = await newReport({ root, slug: 'job', from, date: '2026-11-28' });
    // "active_virtual_users": 48 on the result; the job's "benchmark": "TPROC-C" and "warehouses": 500.
    assert.match(made.text, /^ {2}- file: raw\/job-48vu\.json\n {4}format: hammerdb-job\n {4}labels: \{ tool_version: "v6\.0", users: 48, database: "MariaDB", benchmark: "TPROC-C", warehouses: 500 \}$/m);
    assert.match(made.text, /^\{\{< chart kind="over-time" name="tpm-over-time" data="hammerdb-job" metric="tpm" interpolate="step" title="Transactions per minute over time" y-title="Transactions per minute" >\}\}$/m);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const raw = readFileSync(fixture, 'utf8').split('\n');
    const points = JSON.parse(readFileSync(join(root, '.tpsreport/site/reports/job/charts/tpm-over-time.vl.json'), 'utf8')).data.values;
    assert.equal(points.length, 63);
    for (const p of points) assert.match(raw[p.line - 1], new RegExp(`^\\s+"value": ${p.value}$`), `line ${p.line}`);
    const first = points.find((p) => p.t === 3);
    assert.equal(first.value, 81162);
    assert.match(raw.slice(first.line - 2, first.line).join('\n'), /"timestamp": "2026-06-02 22:07:31",\n\s+"value": 81162$/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
