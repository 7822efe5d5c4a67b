// Contract of the DBT-2 parser. The seed-000 fixtures are the three reports of
// the reference article; the other fixtures under tests/fixtures/dbt2 (and the
// inline texts here) are hand-made layout variants of the generations in
// FORMATS.md §5, written from the printf formats, not captured output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse, format } from '../../scripts/parse/dbt2.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'dbt2');
const fixture = (name) => readFileSync(join(FIXTURES, name), 'utf8');

test('parse() keeps every report of a file, each with its own raw line range', () => {
  const doc = parse(fixture('seed000-three-reports.txt'));
  assert.equal(doc.reports.length, 3);
  assert.deepEqual(doc.reports.map((r) => r.lines), [
    { first: 3, last: 15 },
    { first: 19, last: 31 },
    { first: 35, last: 47 },
  ]);
  assert.deepEqual(doc.reports.map((r) => r.notpm.value), [1107.89, 886.96, 1118.46]);
});

test('parse() keeps NOTPM per minute and the ramp-up unit as printed (seconds in post-process reports)', () => {
  const [report] = parse(fixture('seed000-mysql-5.1-innodb-plugin.txt')).reports;
  assert.deepEqual(report.notpm, { value: 1107.89, text: '1107.89', unit: 'tx/min', line: 12 });
  assert.deepEqual(report.duration, { value: 5, text: '5.0', unit: 'min', line: 13 });
  assert.deepEqual(report.ramp_up, { value: 1, text: '1', unit: 's', line: 15 });
  assert.equal(report.ramp_up_seconds.value, 1);
  assert.equal(report.ramp_up_seconds.derived, undefined);
});

test('parse() keeps a ramp-up printed in minutes and derives seconds beside it', () => {
  const [report] = parse(fixture('rst-0.52-labelled-bullets-double-spaced.txt')).reports;
  assert.equal(report.ramp_up.unit, 'min');
  assert.equal(report.ramp_up.value, 2.5);
  assert.deepEqual(report.ramp_up_seconds, { value: 150, text: '2.5', unit: 's', line: 29, derived: true });
  assert.equal(report.duration.value, 30, 'full-width colon and trailing blank after "minute(s)"');
  assert.equal(report.unknown_errors.value, 2);
});

test('parse() reads name, mix, average and 90th percentile in seconds, total and rollbacks per transaction', () => {
  const [report] = parse(fixture('seed000-mysql-5.1-innodb-plugin.txt')).reports;
  const stock = report.transactions.find((t) => t.name === 'Stock Level');
  assert.equal(stock.mix.value, 5.69);
  assert.equal(stock.response_time_average.value, 2.143);
  assert.equal(stock.response_time_average.unit, 's');
  assert.equal(stock.response_time_p90.value, 2.691);
  assert.equal(stock.total.value, 717);
  assert.equal(stock.rollbacks.value, 237);
  assert.equal(stock.rollback_percent.value, 49.38);
  assert.deepEqual(report.transactions.map((t) => t.name), ['Delivery', 'New Order', 'Order Status', 'Payment', 'Stock Level']);
});

test('parse() turns N/A and NaN into null values and keeps the printed text', () => {
  const perl = parse(fixture('post-process-perl-na-row-drizzle-no-closing-rule.txt')).reports[0].transactions[0];
  assert.deepEqual([perl.response_time_average.value, perl.response_time_average.text], [null, 'N/A']);
  assert.deepEqual([perl.response_time_p90.value, perl.response_time_p90.text], [null, 'N/A']);
  const r = parse(fixture('rst-0.48.0-old-bullets-nan-row.txt')).reports[0].transactions[0];
  assert.deepEqual([r.response_time_p90.value, r.response_time_p90.text], [null, 'NaN']);
  assert.deepEqual([r.rollback_percent.value, r.rollback_percent.text], [null, 'NaN']);
  assert.equal(r.total.value, 0);
});

test('parse() does not "correct" a 90th percentile below the average', () => {
  const text = fixture('rst-0.61-report-document-abridged.txt').replace('43.05      0.012      0.019', '43.05      0.004      0.001');
  const payment = parse(text).reports[0].transactions.find((t) => t.name === 'Payment');
  assert.equal(payment.response_time_average.value, 0.004);
  assert.equal(payment.response_time_p90.value, 0.001);
});

test('parse() leaves footer items the report does not print null and lists them as missing', () => {
  const [report] = parse(fixture('notpm-only-footer.txt')).reports;
  assert.equal(report.notpm.value, 838.2);
  assert.equal(report.duration, null);
  assert.equal(report.unknown_errors, null);
  assert.equal(report.ramp_up, null);
  assert.deepEqual(report.missing, ['duration', 'unknown_errors', 'ramp_up']);
});

test('parse() reads the 2005 mix_analyzer layout with one average column and no 90th percentile', () => {
  const [report] = parse(fixture('mix-analyzer-2005-one-average-column.txt')).reports;
  assert.equal(report.layout.table, 'mix_analyzer');
  assert.equal(report.transactions[1].response_time_average.value, 2.764);
  assert.equal(report.transactions[1].response_time_p90, null);
  assert.deepEqual(report.missing, ['ramp_up']);
});

test('parse() tells the RST generations apart by % column width and footer wording', () => {
  const versions = (name) => parse(fixture(name)).reports[0];
  assert.deepEqual(versions('rst-0.48.0-old-bullets-nan-row.txt').layout, { table: 'rst', percent_width: 5, footer: 'bullets' });
  assert.equal(versions('rst-0.48.0-old-bullets-nan-row.txt').ramp_up.unit, 'min', '"minutes(s)" is minutes');
  assert.equal(versions('rst-0.52-labelled-bullets-double-spaced.txt').versions, 'v0.48.5–v0.52');
  assert.equal(versions('rst-0.61-report-document-abridged.txt').versions, 'v0.53+');
  assert.equal(versions('post-process-r-crlf-annotated.txt').versions, 'v0.3x–v0.47 (post-process)');
});

test('parse() keeps the Summary bullets of an RST report and its section titles without warnings', () => {
  const doc = parse(fixture('rst-0.61-report-document-abridged.txt'));
  const { summary } = doc.reports[0];
  assert.equal(summary.date.text, 'Fri Mar  8 10:42:11 AM UTC 2024');
  assert.deepEqual(summary.scale_factor, { value: 100, text: '100', unit: 'count', line: 11 });
  assert.match(summary.dbms.text, /^PostgreSQL 16\.2/);
  assert.deepEqual(doc.document.sections.map((s) => s.title), ['Summary', 'Transaction Charts', 'System Summary']);
  assert.deepEqual(doc.warnings, []);
});

test('parse() reads the rollback transactions line of the MySQL fork and a table with no closing rule', () => {
  const [report] = parse(fixture('post-process-perl-na-row-drizzle-no-closing-rule.txt')).reports;
  assert.equal(report.rollback_transactions.value, 3);
  assert.equal(report.transactions.length, 5);
});

test('parse() keeps shell lines and author annotations as notes and tolerates CRLF', () => {
  const doc = parse(fixture('post-process-r-crlf-annotated.txt'));
  assert.deepEqual(doc.notes.map((n) => [n.line, n.kind]), [[1, 'command'], [6, 'annotation'], [15, 'annotation']]);
  const report = doc.reports[0];
  assert.equal(report.transactions[1].rollbacks.value, 203);
  assert.equal(report.ramp_up.value, 120);
  assert.equal(report.ramp_up.unit, 's', '"seconds(s)" is seconds');
});

test('parse() names a caption line it cannot place in a warning instead of dropping it', () => {
  const doc = parse(fixture('seed000-mysql-5.5.9.txt'));
  assert.deepEqual(doc.warnings, [{ line: 1, message: 'line is not part of a DBT-2 report', text: 'MySQL 5.5.9' }]);
});

test('parse() refuses a table cut off after its rows with a located error', () => {
  const text = `${fixture('seed000-mysql-5.5.9.txt').split('\n').slice(0, 8).join('\n')}\n`;
  assert.throws(() => parse(text, { source: 'cut.txt' }), (e) => e instanceof Problem
    && e.toString() === 'cut.txt:8:80: expected the closing rule or the NOTPM line after the transaction rows, found end of input');
});

test('parse() points at the cell that is not a number', () => {
  const text = fixture('seed000-mysql-5.5.9.txt').replace('2.386 :', '2.3x6 :');
  assert.throws(() => parse(text), (e) => e instanceof Problem && e.line === 7 && e.column === 26 && e.found === '"2.3x6"');
});

test('detect() scores DBT-2 reports and ignores other tools', () => {
  assert.ok(format.detect(fixture('seed000-three-reports.txt').split('\n')) > 0);
  assert.equal(format.detect(['sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)', 'transactions:  1000 (100.00 per sec.)']), 0);
  assert.equal(format.detect(['Vuser 1:TEST RESULT : System achieved 35576 NOPM from 81705 SQL Server TPM']), 0);
  assert.equal(detectFormat(fixture('rst-0.61-report-document-abridged.txt').split('\n')).name, 'dbt2');
});

/** The raw file's lines up to `last` (1-based), as a cut copy would hold them. */
const cutAfter = (name, last) => fixture(name).split('\n').slice(0, last).join('\n');

test('parse() refuses a report cut after its table, before the NOTPM line every version prints', () => {
  const raw = fixture('seed000-mysql-5.5.9.txt').split('\n');
  const rule = raw.findLastIndex((l) => /^-{12} /.test(l)) + 1;
  assert.match(raw[rule], /NOTPM/, 'the NOTPM line follows the closing rule in the whole file');
  assert.throws(() => parse(cutAfter('seed000-mysql-5.5.9.txt', rule), { source: 'r.txt' }), (e) => e instanceof Problem
    && e.line === rule + 1 && /NOTPM line after the DBT-2 table that starts at line/.test(e.message));
});

test('parse() refuses a report cut between its duration and unknown-errors lines', () => {
  const raw = fixture('mix-analyzer-2005-one-average-column.txt').split('\n');
  const duration = raw.findIndex((l) => /minute duration$/.test(l)) + 1;
  assert.match(raw[duration], /total unknown errors$/);
  assert.throws(() => parse(cutAfter('mix-analyzer-2005-one-average-column.txt', duration), { source: 'r.txt' }), (e) => e instanceof Problem
    && e.line === duration + 1 && /total unknown errors/.test(e.message));
});
