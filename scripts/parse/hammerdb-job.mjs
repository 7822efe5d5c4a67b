// HammerDB's job report JSON (`"schema": "hammerdb-job-report-v1"`, new in v6.0:
// it first appears in HammerDB's history in May 2026, so v5 and earlier have no such
// report, only the per-query answers of `jobs?jobid=…&result`, `&timing` …), as the
// web service's `jobs?jobid=…&summaryjson` and the CLI's `jobs <id> save` write it
// (modules/jobs-1.0.tm, jobs_report_json: one line, no blanks) or as the HammerDB
// results repository stores it (indented). NOPM and TPM read as in the console
// `hammerdb` document, into `results` of the same shape; beside them the
// transaction counter, the CPU, IOPS and MB/s samples as interval samples with
// `t` (seconds since the job's timestamp), and the response times per stored
// procedure (`response_times`, milliseconds; HammerDB's xtprof prints SD in ms too).
import { Problem, quote } from '../problems/problem.mjs';
import { jsonParser, expectKind, numberFigure, stringValue, missingKey } from './shared/json-input.mjs';
import { parseTextWith } from './driver.mjs';
import { agreedOfRuns } from './shared/labels.mjs';
import { ownLabels } from './hammerdb.mjs';

export const format = {
  name: 'hammerdb-job',
  role: 'benchmark',
  items: 'results',
  // A TPROC-C job reports new orders; a TPROC-H job the geometric mean of its query times.
  headline: [{ metric: 'nopm', title: 'New orders per minute (NOPM)' }, { metric: 'geomean', title: 'Geometric mean of the query times' }],
  overTime: { metric: 'tpm', title: 'Transactions per minute' },
  timeField: 't',
  describedByServer: true,
  runLabels: ownLabels,
  // A job states its benchmark and warehouses (TPROC-C) or scale factor (TPROC-H) once, and its virtual users in its configuration
  // as well as on its result (a TPROC-H result states none).
  labels: (doc) => {
    const own = agreedOfRuns('results', ownLabels)(doc);
    return { ...own, users: own.users ?? doc.config?.virtual_users?.value, benchmark: doc.job?.benchmark?.value, warehouses: doc.config?.warehouses?.value, scale_factor: doc.config?.scale_factor?.value };
  },
  version: '1.0.0',
  title: 'HammerDB v6 job report JSON (hammerdb-job-report-v1: jobs summaryjson, jobs save)',
  produces: 'NOPM and TPM (TPROC-C) or geometric mean and query times (TPROC-H), the configuration, the transaction counter, response-time percentiles per stored procedure, CPU, IOPS and MB/s samples over time.',
  detect,
  mentions: /hammerdb-job-report-v1/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

const SCHEMA = 'hammerdb-job-report-v1';
const MARKER = /"schema"\s*:\s*"hammerdb-job-report-v1"/;

function detect(lines) {
  return lines.some((line) => MARKER.test(line)) ? 60 : 0;
}

function createParser({ source } = {}) {
  return jsonParser({ source }, readReport);
}

const get = (object, key) => object.entries.get(key);

// Top-level keys jobs_report_json writes. Those not read hold constant text
// (description, artifact, disclaimer, report_hints) or HammerDB's own reading of
// the counter (analysis_hints: its active window and shutdown-tail threshold).
const KNOWN_KEYS = new Set(['schema', 'description', 'artifact', 'disclaimer', 'report_hints', 'analysis_hints', 'job', 'benchmark_config',
  'system', 'result', 'transaction_count', 'response_times', 'query_times', 'metrics']);
// chart_data repeats NOPM and TPM (or the geometric mean and query time) for a bar chart.
const RESULT_KEYS = new Set(['type', 'database_display', 'active_virtual_users', 'nopm', 'tpm', 'chart_data',
  'queries', 'query_sets', 'geomean_seconds', 'total_query_time_seconds']);

function readReport(root, { lastLine }) {
  expectKind(root, 'object', 'a HammerDB job report');
  const schema = get(root, 'schema');
  if (!schema) throw missingKey(root, 'schema', lastLine, 'the job report');
  if (schema.kind !== 'string' || schema.value !== SCHEMA) {
    throw new Problem({ line: schema.line, column: schema.column, expected: `"schema": "${SCHEMA}"`, found: quote(String(schema.value)), rule: 'hammerdb-job-schema' });
  }
  const warnings = [];
  const jobNode = get(root, 'job');
  if (!jobNode) throw missingKey(root, 'job', lastLine, 'the job report');
  const job = readStrings(expectKind(jobNode, 'object', '"job"'), ['jobid', 'hdb_version', 'database', 'database_display', 'release', 'benchmark', 'timestamp']);
  if (!job.benchmark) throw missingKey(jobNode, 'benchmark', lastLine, '"job"');
  const origin = job.timestamp ? seconds(job.timestamp.value) : null;
  const config = readConfig(get(root, 'benchmark_config'));
  const resultNode = get(root, 'result');
  if (!resultNode) throw missingKey(root, 'result', lastLine, 'the job report');
  expectKind(resultNode, 'object', '"result"');

  for (const [key, node] of root.entries) {
    if (!KNOWN_KEYS.has(key)) warnings.push({ line: node.keyLine, message: 'job report key not recognised; its value is not read', text: key });
  }
  const results = [];
  if (resultNode.entries.size > 0) {
    const read = job.benchmark.value === 'TPROC-H' ? readTprocH : readTprocC;
    results.push(read(resultNode, { root, config, origin, warnings, lastLine }));
    for (const [key, node] of resultNode.entries) {
      if (!RESULT_KEYS.has(key)) warnings.push({ line: node.keyLine, message: 'result key not recognised; its value is not read', text: key });
    }
  }
  return {
    tool: { name: 'HammerDB', version: job.hdb_version?.value ?? null, ...(job.hdb_version ? { line: job.hdb_version.line } : {}) },
    warnings,
    status: results.length > 0 ? 'complete' : 'no result',
    job,
    config,
    system: readSystem(get(root, 'system')),
    results,
  };
}

/** The string fields of an object that are there, each `{value, line}`. */
function readStrings(object, keys) {
  const out = {};
  for (const key of keys) {
    const node = get(object, key);
    if (node && node.kind !== 'null') out[key] = stringValue(node, `"${key}"`);
  }
  return out;
}

const CONFIG = { warehouses: ['warehouses', 'count'], virtual_users: ['virtual_users', 'count'], scale_factor: ['scale_factor', 'count'], rampup_minutes: ['rampup', 'min'], duration_minutes: ['duration', 'min'] };

function readConfig(node) {
  const config = {};
  if (!node) return config;
  expectKind(node, 'object', '"benchmark_config"');
  for (const [key, value] of node.entries) {
    if (!Object.hasOwn(CONFIG, key)) continue;
    const [name, unit] = CONFIG[key];
    config[name] = numberFigure(value, unit, `"benchmark_config.${key}"`);
  }
  return config;
}

const SYSTEM = ['hostname', 'cpumodel', 'cpucount', 'system_vendor', 'system_type', 'os_name', 'memory', 'nic', 'storage', 'cloud_instance', 'other_software', 'extra', 'message'];

function readSystem(node) {
  if (!node) return null;
  expectKind(node, 'object', '"system"');
  const available = get(node, 'available');
  return { available: available?.value === true, ...readStrings(node, SYSTEM) };
}

function readTprocC(result, { root, config, origin, warnings, lastLine }) {
  for (const key of ['nopm', 'tpm']) if (!get(result, key)) throw missingKey(result, key, lastLine, '"result"');
  const database = get(result, 'database_display');
  const avu = get(result, 'active_virtual_users');
  return {
    line: result.line,
    database: database ? stringValue(database, '"result.database_display"').value : null,
    nopm: perMinute(get(result, 'nopm'), 'result.nopm'),
    tpm: perMinute(get(result, 'tpm'), 'result.tpm'),
    active_virtual_users: avu ? numberFigure(avu, 'count', '"result.active_virtual_users"') : null,
    rampup: config.rampup ?? null,
    duration: config.duration ?? null,
    intervals: readCounter(get(root, 'transaction_count'), origin, warnings),
    response_times: readResponseTimes(get(root, 'response_times')),
    ...readMetrics(get(root, 'metrics'), origin),
  };
}

function perMinute(node, what) {
  const figure = numberFigure(node, 'tx/min', `"${what}"`);
  if (!Number.isInteger(figure.value) || figure.value < 0) {
    throw new Problem({ line: node.line, column: node.column, expected: `a whole number for ${what}`, found: node.text, rule: 'hammerdb-result' });
  }
  return figure;
}

function readTprocH(result, { root, origin }) {
  const figure = (key, unit) => (get(result, key) ? numberFigure(get(result, key), unit, `"result.${key}"`) : null);
  const database = get(result, 'database_display');
  const rows = [];
  const times = get(root, 'query_times');
  if (times) {
    const list = get(expectKind(times, 'object', '"query_times"'), 'rows');
    for (const row of list ? expectKind(list, 'array', '"query_times.rows"').items : []) {
      expectKind(row, 'object', 'a query time');
      rows.push({
        name: stringValue(get(row, 'name') ?? row, '"name"').value,
        line: row.line,
        total: get(row, 'total_ms') ? numberFigure(get(row, 'total_ms'), 'ms', '"total_ms"') : null,
        seconds: get(row, 'seconds') ? numberFigure(get(row, 'seconds'), 's', '"seconds"') : null,
      });
    }
  }
  return {
    line: result.line,
    database: database ? stringValue(database, '"result.database_display"').value : null,
    queries: figure('queries', 'count'),
    query_sets: figure('query_sets', 'count'),
    geomean: figure('geomean_seconds', 's'),
    total_query_time: figure('total_query_time_seconds', 's'),
    query_times: rows,
    ...readMetrics(get(root, 'metrics'), origin),
  };
}

/** "YYYY-MM-DD HH:MM:SS" (HammerDB's local time) as seconds, for differences only. */
function seconds(timestamp) {
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)$/.exec(timestamp);
  return m ? Date.UTC(+m[1], m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000 : null;
}

/** `t` of a point: seconds since the job's timestamp (or the series' first point). */
function timeOf(point, originRef) {
  const ts = get(point, 'timestamp');
  if (!ts) throw new Problem({ line: point.line, column: point.column, expected: 'a "timestamp" in each sample', found: 'none', rule: 'json-missing-key' });
  const s = seconds(stringValue(ts, '"timestamp"').value);
  if (s === null) throw new Problem({ line: ts.line, column: ts.column, expected: 'a timestamp "YYYY-MM-DD HH:MM:SS"', found: quote(ts.value), rule: 'hammerdb-job-timestamp' });
  originRef.origin ??= s;
  return { t: s - originRef.origin, timestamp: ts.value };
}

function sampleNode(point, key, what) {
  const node = get(point, key);
  if (!node) throw new Problem({ line: point.line, column: point.column, expected: `"${key}" in each ${what}`, found: 'none', rule: 'json-missing-key' });
  return expectKind(node, 'number', `"${key}"`);
}
const sampleNumber = (point, key, what) => sampleNode(point, key, what).value;
// A sample cites the line of its (first) figure: in an indented file the object opens two lines above it.
const lineOf = (point, key, what) => sampleNode(point, key, what).line;

function readCounter(node, origin, warnings) {
  const units = { t: 's', tpm: 'tx/min' };
  const samples = [];
  if (!node) return { units, samples };
  const series = get(expectKind(node, 'object', '"transaction_count"'), 'series');
  const list = series ? expectKind(series, 'array', '"transaction_count.series"').items : [];
  for (const [k, one] of list.entries()) {
    expectKind(one, 'object', 'a transaction count series');
    const metric = get(one, 'metric');
    if (k > 0 || (metric && metric.value !== 'tpm')) {
      warnings.push({ line: one.line, message: `transaction count series ${k + 1} (metric ${quote(String(metric?.value))}) is not read: tpsreport reads one series in transactions per minute` });
      continue;
    }
    const points = get(one, 'points');
    const ref = { origin };
    for (const point of points ? expectKind(points, 'array', '"points"').items : []) {
      expectKind(point, 'object', 'a transaction count point');
      samples.push({ line: lineOf(point, 'value', 'transaction count point'), ...timeOf(point, ref), tpm: sampleNumber(point, 'value', 'transaction count point') });
    }
  }
  return { units, samples };
}

const TIMING = [['calls', 'calls', 'count'], ['min_ms', 'min', 'ms'], ['avg_ms', 'avg', 'ms'], ['max_ms', 'max', 'ms'], ['total_ms', 'total', 'ms'],
  ['p99_ms', 'p99', 'ms'], ['p95_ms', 'p95', 'ms'], ['p75_ms', 'p75', 'ms'], ['p50_ms', 'p50', 'ms'], ['p25_ms', 'p25', 'ms'],
  ['sd', 'sd', 'ms'], ['ratio_pct', 'ratio', 'percent'], ['elapsed_ms', 'elapsed', 'ms']];

function readResponseTimes(node) {
  if (!node) return [];
  expectKind(node, 'object', '"response_times"');
  const unit = get(node, 'unit');
  if (unit && unit.value !== 'milliseconds') {
    throw new Problem({ line: unit.line, column: unit.column, expected: '"unit": "milliseconds"', found: quote(String(unit.value)), rule: 'hammerdb-job-unit' });
  }
  const rows = get(node, 'rows');
  return (rows ? expectKind(rows, 'array', '"response_times.rows"').items : []).map((row) => {
    expectKind(row, 'object', 'a response-time row');
    const name = get(row, 'name');
    if (!name) throw new Problem({ line: row.line, column: row.column, expected: 'a "name" in each response-time row', found: 'none', rule: 'json-missing-key' });
    const out = { name: stringValue(name, '"name"').value, line: row.line };
    for (const [key, field, u] of TIMING) {
      if (get(row, key)) out[field] = numberFigure(get(row, key), u, `"${key}" of ${name.value}`);
    }
    return out;
  });
}

function readMetrics(node, origin) {
  const cpu = { units: { t: 's', usr: 'percent', sys: 'percent', irq: 'percent', idle: 'percent' }, samples: [] };
  const iops = { units: { t: 's', iops: 'ops/s' }, samples: [] };
  const mbps = { units: { t: 's', mbps: 'MB/s' }, samples: [] };
  if (!node) return { cpu, iops, mbps };
  expectKind(node, 'object', '"metrics"');
  const list = (key) => (get(node, key) ? expectKind(get(node, key), 'array', `"metrics.${key}"`).items : []);
  let ref = { origin };
  for (const point of list('cpu_percent')) {
    expectKind(point, 'object', 'a CPU sample');
    const sample = { line: lineOf(point, 'usr_pct', 'CPU sample'), ...timeOf(point, ref) };
    for (const f of ['usr', 'sys', 'irq', 'idle']) sample[f] = sampleNumber(point, `${f}_pct`, 'CPU sample');
    cpu.samples.push(sample);
  }
  for (const [key, series] of [['iops', iops], ['mbps', mbps]]) {
    ref = { origin };
    for (const point of list(key)) {
      expectKind(point, 'object', `a ${key} sample`);
      series.samples.push({ line: lineOf(point, 'value', `${key} sample`), ...timeOf(point, ref), [key]: sampleNumber(point, 'value', `${key} sample`) });
    }
  }
  return { cpu, iops, mbps };
}
