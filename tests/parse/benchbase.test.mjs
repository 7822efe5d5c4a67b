// Contract of the BenchBase parsers. BenchBase is not installed here and its
// repository holds no result files, so the fixtures are reconstructions from
// ResultWriter with synthetic values (see tests/fixtures/benchbase-*/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse as parseSummary } from '../../scripts/parse/benchbase-summary.mjs';
import { parse as parseResults } from '../../scripts/parse/benchbase-results.mjs';
import { unitOfKey } from '../../scripts/parse/shared/json-input.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const fixture = (kind, name) => readFileSync(join(FIXTURES, kind, name), 'utf8');
const SUMMARY = 'summary-reconstructed-from-resultwriter-synthetic-values.json';
const RESULTS = 'results-reconstructed-from-resultwriter-5s-windows-synthetic-values.csv';

test('unitOfKey() reads the unit from the text of a key, wherever its parenthesis is', () => {
  assert.deepEqual(unitOfKey('95th Percentile Latency (microseconds)'), { name: '95th Percentile Latency', unit: 'us', printed: 'microseconds' });
  assert.deepEqual(unitOfKey('Average Latency (millisecond)'), { name: 'Average Latency', unit: 'ms', printed: 'millisecond' });
  assert.equal(unitOfKey('tp (req/s) scaled').unit, 'req/s');
  assert.equal(unitOfKey('Elapsed Time (fortnights)').unit, null);
});

test('a summary.json and a results.csv are told apart from each other and from the other formats', () => {
  assert.equal(detectFormat(fixture('benchbase-summary', SUMMARY).split('\n')).name, 'benchbase-summary');
  assert.equal(detectFormat(fixture('benchbase-results', RESULTS).split('\n')).name, 'benchbase-results');
});

test('parse() keeps each summary figure in the unit its key names, and derives seconds beside the nanoseconds', () => {
  const [run] = parseSummary(fixture('benchbase-summary', SUMMARY)).runs;
  assert.deepEqual(run.throughput, { value: 100, text: '100', unit: 'req/s', line: 24 });
  assert.deepEqual(run.goodput, { value: 99.5, text: '99.5', unit: 'req/s', line: 25 });
  assert.deepEqual(run.latency.p95, { value: 7000, text: '7000', unit: 'us', line: 20 });
  assert.deepEqual(run.elapsed, { value: 60000000000, text: '60000000000', unit: 'ns', line: 4 });
  assert.deepEqual(run.elapsed_seconds, { value: 60, unit: 's', line: 4, derived: true });
  assert.deepEqual([run.benchmark.value, run.dbms_type.value, run.final_state.value, run.settings.terminals.value], ['tpcc', 'MARIADB', 'EXIT', '1']);
});

test('parse() reads a summary whose keys come in any order, as before BenchBase #394', () => {
  const doc = parseSummary(fixture('benchbase-summary', 'summary-reconstructed-from-resultwriter-2022-alphabetical-keys-synthetic-values.json'));
  assert.equal(doc.status, 'complete');
  assert.equal(doc.runs[0].throughput.value, 10.25);
  assert.equal(doc.runs[0].elapsed, undefined);
  assert.equal(doc.runs[0].final_state, null);
});

test('parse() warns about a summary key it does not know instead of dropping it silently', () => {
  const doc = parseSummary('{\n "Throughput (requests/second)": 1,\n "Latency Distribution": {},\n "Aborts (count)": 3\n}\n');
  assert.deepEqual(doc.warnings, [{ line: 4, message: 'BenchBase summary key not recognised (unit "count" unknown); its value is not read', text: 'Aborts (count)' }]);
});

test('parse() turns results.csv windows into interval samples with t, and an empty window into a gap', () => {
  const [run] = parseResults(fixture('benchbase-results', RESULTS)).runs;
  assert.equal(run.intervals.units.latency_p95, 'ms');
  assert.equal(run.intervals.units.throughput, 'req/s');
  assert.deepEqual(run.intervals.samples.map((s) => [s.t, s.throughput, s.latency_p95]), [[0, 100, 7], [5, 110, 6], [10, 0, null], [15, 90, 8]]);
  assert.deepEqual(run.window, { value: 5, unit: 's', line: 3, derived: true });
});

test('parse() reads samples.csv latencies in microseconds, as its header says', () => {
  const [run] = parseResults(fixture('benchbase-results', 'samples-reconstructed-from-resultwriter-synthetic-values.csv')).runs;
  assert.equal(run.intervals.units.latency_avg, 'us');
  assert.equal(run.intervals.units.requests, 'count');
  assert.deepEqual(run.intervals.samples[1], { line: 3, t: 1, requests: 110, throughput: 110, latency_min: 1000, latency_p25: 2000, latency_p50: 3000, latency_avg: 3500, latency_p75: 4000, latency_p90: 5000, latency_p95: 6000, latency_p99: 7000, latency_max: 8000 });
});

test('parse() refuses windows whose time goes backwards', () => {
  const text = fixture('benchbase-results', RESULTS).split('\n');
  [text[2], text[3]] = [text[3], text[2]];
  assert.throws(() => parseResults(text.join('\n')), { rule: 'benchbase-time', line: 4 });
});
