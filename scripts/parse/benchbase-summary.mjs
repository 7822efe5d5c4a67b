// BenchBase's `<benchmark>_<time>.summary.json`, written by ResultWriter.writeSummary:
// one JSON object whose keys carry their units ("Throughput (requests/second)",
// "Elapsed Time (nanoseconds)") and a "Latency Distribution" object in
// microseconds. Before BenchBase #394 (2023) the keys came in alphabetical
// order and had no start time, elapsed time or measured requests; "Goodput"
// came with #102 (2021), "Final State" later. Units are read from each key's
// text, never assumed from its position.
import { Problem, quote } from '../problems/problem.mjs';
import { jsonParser, unitOfKey, expectKind, numberFigure, stringValue, missingKey } from './shared/json-input.mjs';
import { parseTextWith } from './driver.mjs';
import { agreedOfRuns, wholeNumber } from './shared/labels.mjs';

export const format = {
  name: 'benchbase-summary',
  role: 'benchmark',
  items: 'runs',
  headline: [{ metric: 'throughput', title: 'Requests per second' }],
  overTime: null,
  timeField: null,
  describedByServer: true,
  runLabels: ownLabels,
  labels: agreedOfRuns('runs', ownLabels),
  version: '1.0.0',
  title: 'BenchBase summary.json (ResultWriter.writeSummary; key order of any version)',
  produces: 'Throughput and goodput in requests/second, the latency distribution in the unit its keys name, measured requests, elapsed time, the DBMS, benchmark and final state.',
  detect,
  mentions: /"(?:Throughput \(requests\/second\)|Latency Distribution|DBMS Type|Benchmark Type|Goodput \(requests\/second\))"/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

const MARKERS = [/^\s*\{?\s*"Throughput \(requests\/second\)"\s*:/, /^\s*\{?\s*"Latency Distribution"\s*:/, /^\s*\{?\s*"DBMS Type"\s*:/, /^\s*\{?\s*"Benchmark Type"\s*:/, /"Goodput \(requests\/second\)"\s*:/];

function detect(lines) {
  let score = 0;
  for (const line of lines) if (MARKERS.some((re) => re.test(line))) score += 12;
  return score;
}

// Latency keys inside "Latency Distribution", by the name before the unit.
const LATENCY = {
  'Minimum Latency': 'min', '25th Percentile Latency': 'p25', 'Median Latency': 'p50', 'Average Latency': 'avg',
  '75th Percentile Latency': 'p75', '90th Percentile Latency': 'p90', '95th Percentile Latency': 'p95',
  '99th Percentile Latency': 'p99', 'Maximum Latency': 'max',
};
const STRINGS = { 'DBMS Type': 'dbms_type', 'DBMS Version': 'dbms_version', 'Benchmark Type': 'benchmark', 'Final State': 'final_state' };
const SETTINGS = ['isolation', 'scalefactor', 'terminals'];
// BenchBase's State enum: a run that ended in ERROR measured nothing trustworthy.
const FAILED_STATES = new Set(['ERROR']);

function createParser({ source } = {}) {
  return jsonParser({ source }, readSummary);
}

function readSummary(root, { lastLine }) {
  expectKind(root, 'object', 'a BenchBase summary');
  const warnings = [];
  const run = { line: root.line, benchmark: null, dbms_type: null, dbms_version: null, final_state: null, settings: {}, timestamps: {} };
  for (const [key, node] of root.entries) {
    const { name, unit, printed } = unitOfKey(key);
    if (Object.hasOwn(STRINGS, key)) run[STRINGS[key]] = node.kind === 'null' ? null : stringValue(node, quote(key));
    else if (SETTINGS.includes(key)) run.settings[key] = node.kind === 'null' ? null : stringValue(node, quote(key));
    else if (key === 'Latency Distribution') run.latency = readLatency(node);
    else if (key === 'Measured Requests') run.measured_requests = numberFigure(node, 'count', quote(key));
    else if (/^(?:Throughput|Goodput)$/.test(name) && unit === 'req/s') run[name.toLowerCase()] = numberFigure(node, unit, quote(key));
    else if (name === 'Elapsed Time' && unit) run.elapsed = numberFigure(node, unit, quote(key));
    else if (/^(?:Start timestamp|Current Timestamp)$/i.test(name) && unit === 'ms') {
      run.timestamps[name.split(' ')[0].toLowerCase()] = numberFigure(node, unit, quote(key));
    } else {
      warnings.push({ line: node.keyLine, message: `BenchBase summary key not recognised${printed && !unit ? ` (unit "${printed}" unknown)` : ''}; its value is not read`, text: key });
    }
  }
  if (!run.throughput) throw missingKey(root, 'Throughput (requests/second)', lastLine);
  if (!run.latency) throw missingKey(root, 'Latency Distribution', lastLine);
  if (run.elapsed && run.elapsed.unit === 'ns') {
    run.elapsed_seconds = { value: run.elapsed.value / 1e9, unit: 's', line: run.elapsed.line, derived: true };
  }
  const failed = run.final_state && FAILED_STATES.has(run.final_state.value);
  return {
    tool: { name: 'BenchBase', version: null },
    warnings,
    status: failed ? 'failed' : 'complete',
    runs: [run],
  };
}

function readLatency(node) {
  expectKind(node, 'object', '"Latency Distribution"');
  const latency = {};
  for (const [key, value] of node.entries) {
    const { name, unit } = unitOfKey(key);
    if (!Object.hasOwn(LATENCY, name) || !unit) {
      throw new Problem({ line: value.keyLine, column: 1, expected: `a latency key such as "95th Percentile Latency (microseconds)"`, found: quote(key), rule: 'benchbase-latency-key' });
    }
    const figure = numberFigure(value, unit, quote(key));
    // With no request measured BenchBase prints -1 µs for every latency: no figure, kept as printed.
    latency[LATENCY[name]] = figure.value < 0 ? { ...figure, value: null } : figure;
  }
  return latency;
}

/** What one run states. BenchBase writes its settings as text ("terminals": "8"); a count is offered as the number it is. */
function ownLabels(r) {
  return { terminals: wholeNumber(r.settings?.terminals?.value), benchmark: r.benchmark?.value, server_version: r.dbms_version?.value };
}
