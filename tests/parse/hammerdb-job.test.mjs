// Contract of the HammerDB job report parser (hammerdb-job-report-v1). One
// fixture is a real v6.0 result from the HammerDB results repository; the others
// are one-line reconstructions of jobs_report_json with synthetic values (see
// tests/fixtures/hammerdb-job/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse } from '../../scripts/parse/hammerdb-job.mjs';
import { parse as parseConsole } from '../../scripts/parse/hammerdb.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'hammerdb-job');
const fixture = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const REAL = 'real-v6.0-mariadb-tproc-c-hammerdb-results-repository-6A1F3800DC4703E203530393.json';
const ONE_LINE = 'reconstructed-from-jobs-tm-one-line-tproc-c-postgresql-response-times-synthetic-values.json';

test('a job report is detected as hammerdb-job, on one line or indented', () => {
  assert.equal(detectFormat(fixture(REAL).split('\n')).name, 'hammerdb-job');
  assert.equal(detectFormat(fixture(ONE_LINE).split('\n')).name, 'hammerdb-job');
});

test('parse() reads NOPM and TPM into results with the same figures as the console document', () => {
  const doc = parse(fixture(REAL));
  assert.equal(doc.status, 'complete');
  assert.deepEqual(doc.provenance.tool, { name: 'HammerDB', version: 'v6.0', line: 105 });
  const [result] = doc.results;
  assert.deepEqual(result.nopm, { value: 637377, text: '637377', unit: 'tx/min', line: 134 });
  assert.deepEqual(result.tpm, { value: 1480790, text: '1480790', unit: 'tx/min', line: 135 });
  assert.deepEqual([result.active_virtual_users.value, result.rampup.value, result.duration.value], [48, 2, 5]);
  const console = parseConsole('Vuser 1:48 Active Virtual Users configured\nVuser 1:TEST RESULT : System achieved 637377 NOPM from 1480790 MariaDB TPM\n').results[0];
  for (const key of ['nopm', 'tpm', 'active_virtual_users']) assert.deepEqual([result[key].value, result[key].unit], [console[key].value, console[key].unit], key);
});

test('parse() turns the transaction counter and CPU samples into samples with t since the job started, each citing its value line', () => {
  const [result] = parse(fixture(REAL)).results;
  assert.deepEqual(result.intervals.units, { t: 's', tpm: 'tx/min' });
  assert.equal(result.intervals.samples.length, 63);
  assert.deepEqual(result.intervals.samples[0], { line: 158, t: 3, timestamp: '2026-06-02 22:07:31', tpm: 81162 });
  assert.deepEqual(result.cpu.samples[0], { line: 422, t: 9, timestamp: '2026-06-02 22:07:37', usr: 6.51, sys: 0.48, irq: 0, idle: 84.22 });
  assert.deepEqual([result.iops.samples.length, result.mbps.samples.at(-1).mbps], [62, 0.46]);
  assert.deepEqual(result.response_times, []);
});

test('parse() reads every response-time figure of each stored procedure in milliseconds', () => {
  const [result] = parse(fixture(ONE_LINE)).results;
  assert.deepEqual(result.response_times.map((r) => r.name), ['NEWORD', 'PAYMENT']);
  const [neword] = result.response_times;
  assert.deepEqual(Object.keys(neword), ['name', 'line', 'calls', 'min', 'avg', 'max', 'total', 'p99', 'p95', 'p75', 'p50', 'p25', 'sd', 'ratio', 'elapsed']);
  assert.deepEqual(neword.p95, { value: 9, text: '9', unit: 'ms', line: 1 });
  assert.equal(neword.ratio.unit, 'percent');
});

test('parse() keeps a job without a TEST RESULT as a document with status "no result"', () => {
  const doc = parse(fixture('reconstructed-from-jobs-tm-one-line-no-test-result-synthetic-values.json'));
  assert.equal(doc.status, 'no result');
  assert.deepEqual(doc.results, []);
  assert.deepEqual(doc.system, { available: false, message: { value: 'Jobid has no system data', line: 1 } });
});

test('parse() reads a TPROC-H job\'s geometric mean and query times in seconds and milliseconds', () => {
  const [result] = parse(fixture('reconstructed-from-jobs-tm-one-line-tproc-h-synthetic-values.json')).results;
  assert.deepEqual([result.geomean.value, result.geomean.unit, result.queries.value], [1.5, 's', 22]);
  assert.deepEqual(result.query_times[0].total, { value: 2000, text: '2000.0', unit: 'ms', line: 1 });
});

test('parse() refuses a report of another schema', () => {
  assert.throws(() => parse(fixture(ONE_LINE).replace('"schema":"hammerdb-job-report-v1"', '"schema":"hammerdb-job-report-v2"')), { rule: 'hammerdb-job-schema' });
});

test('parse() warns about a top-level key it does not know instead of dropping it silently', () => {
  const doc = parse(fixture(ONE_LINE).replace('"system":', '"power_watts":350,"system":'));
  assert.deepEqual(doc.warnings, [{ line: 1, message: 'job report key not recognised; its value is not read', text: 'power_watts' }]);
});
