// BenchBase's `<benchmark>_<time>.results.csv` (and `.results.<Transaction>.csv`,
// `.samples.csv`), written by ResultWriter.writeResults / writeSamples: a header
// whose columns carry their units ("Average Latency (millisecond)", "Minimum
// Latency (microseconds)") and one row per time window. The windows become
// `intervals.samples` with `t` (the window's start in seconds), like sysbench's
// --report-interval lines, so over-time charts read them the same way. The file
// has no closing line: a cut between rows reads as a shorter run.
import { Problem, quote, located } from '../problems/problem.mjs';
import { columnOf, toNumber } from '../lib/text.mjs';
import { unitOfKey } from './shared/json-input.mjs';
import { parseTextWith } from './driver.mjs';

export const format = {
  name: 'benchbase-results',
  role: 'benchmark',
  items: 'runs',
  headline: null,
  overTime: null,
  timeField: 't',
  describedByServer: true,
  runLabels: null,
  labels: null,
  version: '1.0.0',
  // The windows before a cut are worth charting; the document says where it stops.
  keepsPartial: true,
  title: 'BenchBase results.csv / samples.csv (per-window throughput and latency)',
  produces: 'One sample per time window: throughput in requests/second and the latency percentiles, each in the unit its column head names.',
  detect,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

const HEADER = /^Time \(seconds\),.*Latency \((?:millisecond|milliseconds|microseconds)\)/;
const LOOKS_LIKE_HEADER = /Throughput \(requests\/second\),.*Latency \((?:millisecond|milliseconds|microseconds)\)/;

function detect(lines) {
  const first = lines.find((l) => l.trim() !== '');
  if (first === undefined) return 0;
  if (HEADER.test(first.trim())) return 40;
  return LOOKS_LIKE_HEADER.test(first) ? 20 : 0;
}

// Column heads by the name before their unit; the field names are the sample's keys.
const COLUMNS = {
  Time: 't', Requests: 'requests', Throughput: 'throughput',
  'Average Latency': 'latency_avg', 'Minimum Latency': 'latency_min', '25th Percentile Latency': 'latency_p25',
  'Median Latency': 'latency_p50', '75th Percentile Latency': 'latency_p75', '90th Percentile Latency': 'latency_p90',
  '95th Percentile Latency': 'latency_p95', '99th Percentile Latency': 'latency_p99', 'Maximum Latency': 'latency_max',
  // writeResults prints 1000 / average latency in microseconds under this head; the unit is the head's own.
  'tp scaled': 'tp_scaled',
};
const UNITLESS = { Requests: 'count' };

function createParser({ source } = {}) {
  let header = null;
  const samples = [];
  let lastLine = 1;

  function readHeader(no, text) {
    if (!HEADER.test(text)) {
      throw new Problem({ line: no, column: 1, expected: 'the BenchBase results header ("Time (seconds),Throughput (requests/second),…")', found: quote(text), rule: 'benchbase-header' });
    }
    const fields = [];
    const units = {};
    for (const head of text.split(',')) {
      const { name, unit } = unitOfKey(head.trim());
      const field = COLUMNS[name];
      const u = unit ?? UNITLESS[name];
      if (!field || !u || units[field]) {
        throw new Problem({ line: no, column: columnOf(text, head), expected: `a known column head with its unit (${Object.keys(COLUMNS).join(', ')})`, found: quote(head), rule: 'benchbase-column' });
      }
      fields.push(field);
      units[field] = u;
    }
    header = { line: no, fields, units };
  }

  function readRow(no, text) {
    const cells = text.split(',');
    if (cells.length !== header.fields.length) {
      throw new Problem({ line: no, column: 1, expected: `${header.fields.length} comma-separated values as in the header at line ${header.line}`, found: `${cells.length}`, rule: 'benchbase-row' });
    }
    const sample = { line: no };
    cells.forEach((cell, i) => {
      const value = toNumber(cell);
      if (value === null || cell.trim() !== cell) {
        throw new Problem({ line: no, column: columnOf(text, cell), expected: `a number for ${header.fields[i]}`, found: quote(cell), rule: 'number' });
      }
      sample[header.fields[i]] = value;
    });
    // A window without requests prints BenchBase's "no value" (-1 µs) as its latencies: a gap, not a figure.
    if (sample.throughput === 0 || sample.requests === 0) {
      for (const field of header.fields) if (/^latency_|^tp_scaled$/.test(field) && sample[field] < 0) sample[field] = null;
    }
    const negative = header.fields.findIndex((field) => sample[field] < 0);
    if (negative >= 0) {
      throw new Problem({ line: no, column: columnOf(text, cells[negative]), expected: `a number ≥ 0 for ${header.fields[negative]} (only a window without requests has negative latencies)`, found: quote(cells[negative]), rule: 'benchbase-negative' });
    }
    const previous = samples[samples.length - 1];
    if (previous && !(sample.t > previous.t)) {
      throw new Problem({ line: no, column: 1, expected: `a window after the one at line ${previous.line} (t > ${previous.t})`, found: `t = ${sample.t}`, rule: 'benchbase-time' });
    }
    samples.push(sample);
  }

  function line(no, raw) {
    const text = raw.trim();
    if (text === '') return;
    lastLine = no;
    if (header === null) readHeader(no, text);
    else readRow(no, text);
  }

  function finish() {
    if (header === null) {
      throw new Problem({ line: lastLine, column: 1, expected: 'the BenchBase results header', found: 'none', rule: 'benchbase-header' });
    }
    const window = samples.length > 1 ? samples[1].t - samples[0].t : null;
    return {
      tool: { name: 'BenchBase', version: null },
      status: samples.length > 0 ? 'complete' : 'no samples',
      runs: [{
        line: header.line,
        window: window === null ? null : { value: window, unit: 's', line: samples[1].line, derived: true },
        intervals: { units: header.units, samples },
      }],
    };
  }

  return located(source, { push: (raw, no) => line(no, raw), end: finish });
}
