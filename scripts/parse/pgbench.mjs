// pgbench (PostgreSQL) run output → one document with every run the file
// holds: its settings (transaction type, scaling factor, query mode, clients,
// threads, duration or transactions per client), transactions processed and
// failed (serialization and deadlock failures, retries), latency, connection
// time, tps, the `-P` progress lines as samples over time, the `-r`
// per-statement latencies, rate-limit lag, late and skipped transactions, and
// with several `-b`/`-f` scripts each script's weight and figures.
//
// pgbench writes its summary to stdout and progress and errors to stderr; a
// capture with both (2>&1) interleaves them by time, which puts the progress
// lines before the summary. A run ends at its tps line, or after the
// per-statement latencies `-r` adds. Nothing before the tps line says whether
// `-r` was given, so a copy cut right after it reads as a run without it. A
// builtin script's statement list is complete only when it reaches the
// script's last command (LAST_COMMAND); a `-f` script's list can end after
// any command, so a cut between two of its lines is not seen. A list of
// scripts is complete when their weights' shares of the total reach 100%.
import { Problem, quote } from '../problems/problem.mjs';
import { figure, requireFigure } from './shared/figure.mjs';
import { TableBuilder } from '../lib/columns.mjs';
import { PrintedDecimals } from '../lib/numbers.mjs';
import { pgbenchMessage } from './shared/pgbench-messages.mjs';
import { parseTextWith } from './driver.mjs';
import { agreedOfRuns } from './shared/labels.mjs';

// `pgbench (15.20 (Debian 15.20-0+deb12u1))`, `pgbench (16.1, server 15.5)`: the first line of a run.
const BANNER = /^pgbench \((\d+(?:\.\d+)*\w*)(.*)\)$/;
const VACUUM = /^starting vacuum\.\.\.(?:end\.)?$/;
const NUM = String.raw`([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|-?nan|-?inf)`;
const COUNT = String.raw`(\d+)`;
const PERCENT = String.raw`\(${NUM} ?%\)`;

// `progress: 1.0 s, 720.9 tps, lat 1.379 ms stddev 1.975, 0 failed[, lag 0.1 ms[, 3 skipped]][, 2 retried, 3 retries]`
// (before PostgreSQL 15 without `failed`; with --progress-timestamp the time is Unix epoch seconds).
const PROGRESS = new RegExp(String.raw`^progress: ${NUM} s, ${NUM} tps, lat ${NUM} ms stddev ${NUM}(?:, ${COUNT} failed)?(?:, lag ${NUM} ms)?(?:, ${COUNT} skipped)?(?:, ${COUNT} retried, ${COUNT} retries)?$`);
const PROGRESS_FIELDS = ['t', 'tps', 'lat', 'stddev', 'failed', 'lag', 'skipped', 'retried', 'retries'];
const PROGRESS_UNITS = { t: 's', tps: 'tx/s', lat: 'ms', stddev: 'ms', failed: 'count', lag: 'ms', skipped: 'count', retried: 'count', retries: 'count' };

// The settings pgbench prints before its results, once per run.
const SETTINGS = [
  ['transaction_type', /^transaction type: (.+)$/, 'text'],
  ['scaling_factor', new RegExp(`^scaling factor: ${COUNT}$`), 'count'],
  ['partition_method', /^partition method: (\S+)$/, 'text'],
  ['partitions', new RegExp(`^partitions: ${COUNT}$`), 'count'],
  ['query_mode', /^query mode: (\S+)$/, 'text'],
  ['clients', new RegExp(`^number of clients: ${COUNT}$`), 'count'],
  ['threads', new RegExp(`^number of threads: ${COUNT}$`), 'count'],
  ['max_tries', new RegExp(`^maximum number of tries: ${COUNT}$`), 'count'],
  ['duration', new RegExp(`^duration: ${COUNT} s$`), 's'],
  ['transactions_per_client', new RegExp(`^number of transactions per client: ${COUNT}$`), 'count'],
];

// Results, printed for the whole run and (after ` - `) for each of several scripts.
// Each entry: key, pattern, and the names and units of its captured figures.
const RESULTS = [
  ['transactions', new RegExp(`^number of transactions actually processed: ${COUNT}(?:/${COUNT})?$`), [['count', 'count'], ['expected', 'count']]],
  ['failed', new RegExp(`^number of failed transactions: ${COUNT} ${PERCENT}$`), [['count', 'count'], ['percent', 'percent']]],
  ['serialization_failures', new RegExp(`^number of serialization failures: ${COUNT} ${PERCENT}$`), [['count', 'count'], ['percent', 'percent']]],
  ['deadlock_failures', new RegExp(`^number of deadlock failures: ${COUNT} ${PERCENT}$`), [['count', 'count'], ['percent', 'percent']]],
  ['retried', new RegExp(`^number of transactions retried: ${COUNT} ${PERCENT}$`), [['count', 'count'], ['percent', 'percent']]],
  ['retries', new RegExp(`^total number of retries: ${COUNT}$`), [['count', 'count']]],
  ['skipped', new RegExp(`^number of transactions skipped: ${COUNT} ${PERCENT}$`), [['count', 'count'], ['percent', 'percent']]],
  ['late', new RegExp(`^number of transactions above the ${NUM} ms latency limit: ${COUNT}(?:/${COUNT})? ${PERCENT}$`), [['limit', 'ms'], ['count', 'count'], ['of', 'count'], ['percent', 'percent']]],
  ['latency_average', new RegExp(`^latency average ?[=:] ${NUM} ms$`), [['value', 'ms']]],
  ['latency_stddev', new RegExp(`^latency stddev ?[=:] ${NUM} ms$`), [['value', 'ms']]],
  ['lag', new RegExp(`^rate limit schedule lag: avg ${NUM} \\(max ${NUM}\\) ms$`), [['average', 'ms'], ['max', 'ms']]],
  ['initial_connection_time', new RegExp(`^initial connection time = ${NUM} ms$`), [['value', 'ms']]],
  ['average_connection_time', new RegExp(`^average connection time = ${NUM} ms$`), [['value', 'ms']]],
];

// `tps = 767.658675 (without initial connection time)`; before PostgreSQL 14 two lines,
// "(including connections establishing)" and "(excluding connections establishing)".
const TPS = new RegExp(`^tps = ${NUM} \\(([^)]+)\\)$`);
const TPS_INCLUDING = /^including connections establishing$/;

// With several scripts: `SQL script 1: <builtin: TPC-B (sort of)>`, then ` - ` lines.
const SCRIPT = /^SQL script (\d+): (.+)$/;
const WEIGHT = new RegExp(`^weight: ${COUNT} \\(targets ${NUM}% of total\\)$`);
const SCRIPT_SHARE = new RegExp(`^${COUNT} transactions \\(${NUM}% of total, tps = ${NUM}\\)$`);

// The transaction type of a run of several scripts, whose figures follow its tps line.
const MULTIPLE = 'multiple scripts';

// `-r`: the header says which columns follow the latency (and so how many numbers each line starts with).
const STATEMENTS = /^statement latencies in milliseconds(?:(, failures and retries)| and (failures))?:$/;

// The last command of each builtin script (`pgbench --show-script=NAME`), by the name
// `transaction type` prints: a statement list that has begun is whole when it reaches it.
const LAST_COMMAND = new Map([
  ['<builtin: TPC-B (sort of)>', 'END;'],
  ['<builtin: simple update>', 'END;'],
  ['<builtin: select only>', 'SELECT abalance FROM pgbench_accounts WHERE aid = :aid;'],
]);

// What pgbench says after the summary when a client lost its connection or hit an error it does not retry.
const ABORTED = /^Run was aborted(?:; the above results are incomplete\.)?$/;

function detect(lines) {
  let score = 0;
  const seen = new Set();
  for (const raw of lines) {
    const text = raw.trim();
    if (BANNER.test(text)) seen.add('banner');
    else if (PROGRESS.test(text)) seen.add('progress');
    else if (/^transaction type: /.test(text)) seen.add('type');
    else if (/^number of transactions actually processed: /.test(text)) seen.add('processed');
    else if (TPS.test(text)) seen.add('tps');
    else if (VACUUM.test(text)) seen.add('vacuum');
    else if (/^pgbench: /.test(text)) seen.add('message');
  }
  if (seen.has('type')) score += 40;
  if (seen.has('processed')) score += 30;
  if (seen.has('tps')) score += 20;
  if (seen.has('banner')) score += 40;
  if (seen.has('progress')) score += 40;
  if (seen.has('vacuum')) score += 20;
  if (seen.has('message')) score += 30;
  return Math.min(score, 100);
}

/** A printed number as a figure; `nan` (pgbench prints it for a latency with no transactions) is a figure without a value. */
function printed(text, unit, at, label) {
  if (/^-?(?:nan|inf)$/.test(text)) return { ...figure(text, unit, at.n), value: null };
  return requireFigure(text, unit, at.n, at.line, label);
}

/** The number a progress sample holds; nan is no value. */
function sampleValue(text) {
  if (text === undefined) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

// The order of the parts of a run's output.
const PHASES = { banner: 0, vacuum: 1, progress: 2, settings: 3 };

class Run {
  constructor(index, n) {
    this.index = index;
    this.first = n;
    this.last = n;
    this.out = {};
    this.samples = null;
    this.statements = null; // the `-r` list being read: {columns, items, pattern}
    this.scripts = [];
    this.aborted = null;
    this.phase = null;
  }

  get script() {
    return this.scripts[this.scripts.length - 1] ?? null;
  }

  /** The object results go to: the last script's after `SQL script N:`, else the run's. */
  target(dashed) {
    return dashed && this.script ? this.script : this.out;
  }
}

class PgbenchParser {
  constructor() {
    this.runs = [];
    this.run = null;
    this.notes = [];
    this.warnings = [];
    this.messages = [];
    this.tool = null;
  }

  push(line, n) {
    const text = line.trim();
    if (text === '') return;
    const at = { n, line };
    if (this.readBanner(text, at)) return;
    if (this.readProgress(text, at)) return;
    if (this.readStatement(text, at)) return;
    if (this.readSummary(text, at)) return;
    if (this.readMessage(text, at)) return;
    if (VACUUM.test(text)) {
      this.ensureRun(at, 'vacuum');
      this.notes.push({ line: n, text, kind: 'tool' });
      return;
    }
    this.warnings.push({ line: n, message: 'line is not part of pgbench output', text });
  }

  /**
   * The run a line of `phase` belongs to. A run prints its banner, the vacuum
   * line, progress lines, then its settings and results: a line of an earlier
   * phase than the current run has reached, or a second banner, vacuum or
   * "transaction type:" line, starts the next run.
   */
  ensureRun(at, phase) {
    const run = this.run;
    const next = !run || (phase !== undefined && (PHASES[phase] < PHASES[run.phase] || (phase === run.phase && phase !== 'progress')));
    if (next) this.open(at);
    if (phase !== undefined) this.run.phase = phase;
    this.run.last = at.n;
    return this.run;
  }

  open(at) {
    this.close();
    this.run = new Run(this.runs.length, at.n);
  }

  close() {
    if (this.run) this.runs.push(this.run);
    this.run = null;
  }

  readBanner(text, at) {
    const m = BANNER.exec(text);
    if (!m) return false;
    this.ensureRun(at, 'banner');
    this.tool ??= { name: 'pgbench', version: m[1], line: at.n };
    this.notes.push({ line: at.n, text, kind: 'banner' });
    return true;
  }

  readProgress(text, at) {
    const m = PROGRESS.exec(text);
    if (!m) return false;
    const run = this.ensureRun(at, 'progress');
    run.samples ??= new TableBuilder();
    run.printed ??= new PrintedDecimals();
    const row = { line: at.n };
    PROGRESS_FIELDS.forEach((name, i) => {
      if (m[i + 1] === undefined) return;
      row[name] = sampleValue(m[i + 1]);
      run.printed.note(name, m[i + 1], row[name]);
    });
    run.samples.push(row);
    return true;
  }

  readSummary(text, at) {
    for (const [key, re, unit] of SETTINGS) {
      const m = re.exec(text);
      if (!m) continue;
      const run = this.ensureRun(at, key === 'transaction_type' ? 'settings' : undefined);
      if (key in run.out) this.repeated(key, at, text);
      run.out[key] = unit === 'text' ? { text: m[1], line: at.n } : printed(m[1], unit, at, key.replace(/_/g, ' '));
      return true;
    }
    const dashed = /^- /.test(text);
    const body = dashed ? text.slice(2) : text;
    return this.readResult(body, dashed, at) || this.readScript(body, dashed, at);
  }

  readResult(body, dashed, at) {
    for (const [key, re, fields] of RESULTS) {
      const m = re.exec(body);
      if (!m) continue;
      const target = this.resultTarget(at, dashed);
      const out = {};
      fields.forEach(([name, unit], i) => {
        if (m[i + 1] !== undefined) out[name] = printed(m[i + 1], unit, at, `${key.replace(/_/g, ' ')} ${name}`);
      });
      if (key.startsWith('latency_')) (target.latency ??= {})[key.slice(8)] = out.value;
      else if (fields.length === 1 && fields[0][0] === 'value') target[key] = out.value;
      else if (key === 'retries') target.retries = out.count;
      else target[key] = out;
      return true;
    }
    const tps = TPS.exec(body);
    if (!tps) return false;
    const target = this.resultTarget(at, dashed);
    const value = printed(tps[1], 'tx/s', at, 'tps');
    // Before PostgreSQL 14 the first of two tps lines counts connection time in; the second is the one to compare.
    if (TPS_INCLUDING.test(tps[2])) target.tps_including_connections = value;
    else {
      target.tps = value;
      target.tps_basis = { text: tps[2], line: at.n };
    }
    return true;
  }

  /** The run (or its current script, for ` - ` lines) a result line fills; a run needs its settings first. */
  resultTarget(at, dashed) {
    const run = this.run;
    if (!run || !run.out.transaction_type) {
      throw new Problem({
        line: at.n,
        column: 1,
        expected: 'the run\'s settings ("transaction type: …") before its results',
        found: quote(at.line),
        rule: 'pgbench/results-without-settings',
      });
    }
    run.last = at.n;
    run.statements = null;
    return run.target(dashed);
  }

  /** `SQL script N: …` and the ` - ` lines that give that script's weight and share. */
  readScript(body, dashed, at) {
    const script = !dashed && SCRIPT.exec(body);
    if (script) {
      this.resultTarget(at, false);
      this.run.scripts.push({ number: Number(script[1]), name: { text: script[2], line: at.n } });
      return true;
    }
    const weight = dashed && WEIGHT.exec(body);
    if (weight) {
      const s = this.scriptFor(at);
      s.weight = printed(weight[1], 'count', at, 'weight');
      s.target_share = printed(weight[2], 'percent', at, 'share of the total');
      return true;
    }
    const share = dashed && SCRIPT_SHARE.exec(body);
    if (share) {
      const s = this.scriptFor(at);
      s.transactions = { count: printed(share[1], 'count', at, 'transactions') };
      s.share = printed(share[2], 'percent', at, 'share of the total');
      s.tps = printed(share[3], 'tx/s', at, 'tps');
      return true;
    }
    return this.readStatementHeader(body, dashed, at);
  }

  /** `statement latencies in milliseconds…:` opens the `-r` list of the run, or of its current script. */
  readStatementHeader(body, dashed, at) {
    const header = STATEMENTS.exec(body);
    if (!header) return false;
    if (!this.run?.out.tps) {
      throw new Problem({
        line: at.n,
        column: 1,
        expected: 'statement latencies after the run\'s tps line',
        found: quote(at.line),
        rule: 'pgbench/statements-before-tps',
      });
    }
    const owner = this.resultTarget(at, dashed);
    const columns = ['latency', ...(header[1] ? ['failures', 'retries'] : header[2] ? ['failures'] : [])];
    owner.statements = [];
    owner.statement_header = at.n;
    this.run.statements = { columns, items: owner.statements, pattern: statementPattern(columns.length) };
    return true;
  }

  scriptFor(at) {
    const s = this.run?.script;
    if (!s) {
      throw new Problem({
        line: at.n,
        column: 1,
        expected: 'a "SQL script N: …" line before the script\'s own figures',
        found: quote(at.line),
        rule: 'pgbench/script-figures-without-script',
      });
    }
    this.run.last = at.n;
    return s;
  }

  /** A line of the `-r` list: latency (and failures, retries), then the command's first line. */
  readStatement(text, at) {
    const list = this.run?.statements;
    if (!list) return false;
    const m = list.pattern.exec(text);
    if (!m) return false;
    const item = {};
    list.columns.forEach((name, i) => {
      item[name] = printed(m[i + 1], name === 'latency' ? 'ms' : 'count', at, `statement ${name}`);
    });
    item.command = { text: m[list.columns.length + 1], line: at.n };
    list.items.push(item);
    this.run.last = at.n;
    return true;
  }

  readMessage(text, at) {
    const message = pgbenchMessage(text, at.n, this.messages);
    if (!message) return false;
    this.messages.push(message);
    this.tool ??= { name: 'pgbench', version: null, line: at.n };
    if (this.run && ABORTED.test(message.text)) this.run.aborted = at.n;
    return true;
  }


  repeated(key, at, text) {
    throw new Problem({
      line: at.n,
      column: 1,
      expected: `one "${key.replace(/_/g, ' ')}" line per run (a new run starts with "transaction type:")`,
      found: quote(text),
      rule: 'pgbench/repeated-setting',
    });
  }

  end() {
    this.close();
    if (this.runs.length === 0 && this.messages.length === 0) {
      throw new Problem({
        line: 1,
        column: 1,
        expected: 'pgbench output (a "transaction type:" summary, progress lines or a pgbench: message)',
        found: 'none in the input',
        rule: 'pgbench/empty',
      });
    }
    const runs = this.runs.map(runJSON);
    const cut = this.runs.map(missing).find(Boolean) ?? null;
    const status = documentStatus(runs.map((r) => r.status));
    return {
      tool: this.tool,
      notes: this.notes,
      warnings: this.warnings,
      status,
      ...(cut ? { incomplete: cut } : {}),
      runs,
      messages: this.messages,
    };
  }
}

function statementPattern(numbers) {
  return new RegExp(`^${Array.from({ length: numbers }, () => NUM).join('\\s+')}\\s+(\\S.*)$`);
}

/** A run as the document holds it, in the order pgbench prints its parts. */
/**
 * failed: no run started (pgbench could not connect, so it printed only its
 * errors); aborted: a run pgbench said was aborted; incomplete: a run that
 * stops before its tps line. Once a run has started, pgbench prints its
 * summary even when every client fails, so a run without one was cut short.
 */
function documentStatus(statuses) {
  if (statuses.length === 0) return 'failed';
  return ['aborted', 'incomplete'].find((s) => statuses.includes(s)) ?? 'ok';
}

/**
 * The progress samples in columns, with the decimals each field printed with
 * where every line printed the same count (tps 1: "1830.0", not 1830), for a
 * page to show a sample as its line did.
 */
function intervalsJSON(run) {
  const samples = run.samples.table();
  const decimals = run.printed.decimals(Object.keys(samples));
  return { units: unitsOf(run.samples), ...(Object.keys(decimals).length ? { decimals } : {}), samples };
}

function runJSON(run) {
  const o = run.out;
  const out = { index: run.index, status: 'ok', lines: { first: run.first, last: run.last } };
  for (const [key] of SETTINGS) if (o[key]) out[key] = o[key];
  Object.assign(out, results(o));
  if (run.samples) out.intervals = intervalsJSON(run);
  if (run.scripts.length) out.scripts = run.scripts.map((s) => ({ number: s.number, name: s.name, ...pick(s, ['weight', 'target_share', 'transactions', 'share', 'tps']), ...results(s) }));
  if (run.aborted) out.status = 'aborted';
  else if (!o.tps) out.status = 'incomplete';
  return out;
}

function results(o) {
  const out = {};
  for (const key of ['transactions', 'failed', 'serialization_failures', 'deadlock_failures', 'retried', 'retries', 'skipped', 'late', 'latency', 'lag', 'initial_connection_time', 'average_connection_time', 'tps', 'tps_basis', 'tps_including_connections', 'statements']) {
    if (key === 'transactions' && o.transactions && !o.transactions.count) continue;
    if (o[key] !== undefined) out[key] = o[key];
  }
  return out;
}

function pick(o, keys) {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}

function unitsOf(table) {
  const names = new Set(table.names);
  return Object.fromEntries(PROGRESS_FIELDS.filter((f) => names.has(f)).map((f) => [f, PROGRESS_UNITS[f]]));
}

/**
 * Why a run's output stops before its end, or null: no tps line (unless an
 * error ended the run), a statement list short of its builtin script's last
 * command, or scripts whose shares of the total fall short of 100%.
 */
function missing(run) {
  const where = { line: run.last };
  if (!run.out.tps) return { ...where, reason: `run ${run.index + 1} (from line ${run.first}) stops before its "tps = …" line` };
  const scripts = run.scripts;
  if (run.out.transaction_type?.text === MULTIPLE && !scripts.length) return { ...where, reason: `run ${run.index + 1} ran several scripts ("transaction type: ${MULTIPLE}") and stops before their "SQL script N:" figures` };
  if (scripts.length) {
    const short = scripts.find((s) => !s.tps || !s.latency?.average);
    if (short) return { ...where, reason: `SQL script ${short.number} (line ${short.name.line}) stops before its transactions and latency average` };
    const total = scripts.reduce((sum, s) => sum + (s.target_share?.value ?? 0), 0);
    if (total < 99.5) return { ...where, reason: `the scripts printed target ${+total.toFixed(1)}% of the transactions; the rest are missing` };
  }
  for (const owner of [run.out, ...scripts]) {
    if (!owner.statements) continue;
    const type = owner === run.out ? run.out.transaction_type?.text : owner.name.text;
    const last = LAST_COMMAND.get(type);
    const items = owner.statements;
    if (items.length === 0) return { ...where, reason: `the statement latencies from line ${owner.statement_header} list no statement` };
    if (last && items[items.length - 1].command.text !== last) {
      return { ...where, reason: `the statement latencies of ${type} (from line ${owner.statement_header}) stop before its last command, ${JSON.stringify(last)}` };
    }
  }
  return null;
}

// What the rest of tpsreport needs to know about pgbench documents, in one place.

export const format = {
  name: 'pgbench',
  role: 'benchmark',
  items: 'runs',
  headline: [{ metric: 'tps', title: 'Transactions per second' }],
  // -P prints a progress line a second: tps over the run.
  overTime: { metric: 'tps', title: 'Transactions per second' },
  timeField: 't',
  describedByServer: true,
  runLabels: ownLabels,
  labels: agreedOfRuns('runs', ownLabels),
  version: '1.0.0',
  // A run that died mid-way still shows what it measured: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'pgbench (PostgreSQL 15): runs with -P progress, -r statement latencies, --rate/--latency-limit, several weighted scripts',
  produces: 'every run (transaction type, scaling factor, query mode, clients, threads, duration or transactions per client, transactions processed and failed, retries, latency average and stddev, connection time, tps, rate-limit lag, late and skipped transactions), its progress samples, per-statement latencies and per-script figures, the tool\'s error lines and a status (ok, aborted, failed)',
  detect,
  mentions: /pgbench|transaction type: |progress: [\d.]+ s, [\d.]+ tps|number of transactions actually processed/,
  createParser: () => new PgbenchParser(),
};

/** Parses pgbench output held in memory (the file-streaming entry point is parseFile in ./index.mjs). */
export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/** What one run states about itself: its clients and the script it ran (tpcb-like, select-only, a -f file). */
function ownLabels(r) {
  return { clients: r.clients?.value, workload: workloadOf(r.transaction_type?.text) };
}

/**
 * pgbench prints a built-in script by its title; -b names it as below, and so
 * do captures' file names (tpcb-like-c8-r1.txt), so a pattern's {workload}
 * agrees with what the output states.
 */
const BUILTIN_NAMES = { 'TPC-B (sort of)': 'tpcb-like', 'simple update': 'simple-update', 'select only': 'select-only' };

/**
 * The workload a run's "transaction type" line names: a built-in script by
 * its -b name, a -f script by its file name without folder or extension.
 * "multiple scripts" names none: each script has its own figures.
 */
function workloadOf(text) {
  if (!text || text === 'multiple scripts') return undefined;
  const builtin = /^<builtin: (.+)>$/.exec(text);
  if (builtin) return BUILTIN_NAMES[builtin[1]] ?? builtin[1];
  return text.split('/').pop().replace(/\.[^.]+$/, '');
}
