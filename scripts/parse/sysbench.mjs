// sysbench 0.4, 0.5, 1.0 and 1.1 text output → one document with a list of
// runs. See ../shared/corpus/FORMATS.md §1–§4 for the grammar of each version.
//
// The parser is a line-driven state machine: the driver pushes one normalised
// line at a time, so a long `--report-interval` log never sits in memory.
// Outputs reach us pasted into blogs, so matching is on labels (split on the
// first ':') and never on column positions: values moved from column 51 to 53
// in 1.0.13, and `%-6d` counts overflow their padding.
//
// Every line ends up in exactly one place: a figure, a known noise line, a
// note (wrapper lines, author annotations, elisions) or a warning naming it.
//
// Lua report hooks (sysbench.report_json / report_csv, ./sysbench-hooks.mjs)
// print their samples instead of `[ 1s ]` lines; they land in the same
// `intervals.samples`, and a cumulative hook's report stands in for the summary.
//
import { Problem, quote, quoteRest } from '../problems/problem.mjs';
import { figure, requireFigure, beyondDoubleError } from './shared/figure.mjs';
import { columnOf, toNumber } from '../lib/text.mjs';
import { TableBuilder } from '../lib/columns.mjs';
import { PrintedDecimals } from '../lib/numbers.mjs';
import { parseTextWith } from './driver.mjs';
import { matchPrompt } from './shared/sql-prompt.mjs';
import { JsonReports, csvReport, hookFigures } from './sysbench-hooks.mjs';
import { agreedOfRuns } from './shared/labels.mjs';

// ─── detection ──────────────────────────────────────────────────────────────

const BANNER = /^sysbench\s+v?(\d[\w.-]*?):?\s+(?:multi-threaded system evaluation benchmark|\(using .*\))$/;

// Each marker counts once: a long interval log must not outscore a banner.
const MARKERS = [
  [BANNER, 10],
  [/^OLTP test statistics:$/, 5],
  [/^SQL statistics:$/, 5],
  [/^General statistics:$/, 3],
  [/^Test execution summary:$/, 3],
  [/^Threads fairness:$/, 3],
  [/^Latency \(ms\):$/, 2],
  [/^\[ \d+s \] thds: \d+ (tps|eps):/, 4],
  [/^\[\s*\d+s\] Intermediate results: \d+ threads,/, 4],
  [/^\[\s*\d+s\] threads: \d+, tps:/, 4],
  [/^Number of threads:\s*\d+$/, 1],
  [/^Threads started!$/, 1],
];

function detect(lines) {
  const found = new Set();
  for (const raw of lines) {
    const line = raw.trim();
    MARKERS.forEach(([re], i) => { if (re.test(line)) found.add(i); });
  }
  return [...found].reduce((sum, i) => sum + MARKERS[i][1], 0);
}

// ─── small value helpers ────────────────────────────────────────────────────

// Clones of sysbench print `N/A`; 1.0 can print `-nan`. Both mean "no value",
// which is different from a number we could not read.
const NO_VALUE = /^(?:N\/A|[-+]?nan|[-+]?inf)$/i;

/** A figure that must be a number (or an explicit no-value marker). */
function num(text, unit, at, label, extra = {}) {
  if (NO_VALUE.test(text)) return { ...figure(text, unit, at.n), value: null, ...extra };
  return { ...requireFigure(text, unit, at.n, at.line, label), ...extra };
}

const POWERS_OF_TEN = [1, 10, 100, 1000, 10000, 100000, 1000000, 1e7, 1e8];

/**
 * A number already matched by a strict pattern (interval samples are plain
 * numbers, not figures), `name` saying which field of the line `at` it is.
 * What sysbench prints (`1234.56`) is read digit by digit: a whole number k
 * of at most 15 digits divided by 10^d is the double nearest the decimal,
 * exactly what Number(text) gives, in a fraction of its time, and a long log
 * is mostly these. Anything else goes to Number().
 */
function plain(text, at, name) {
  const length = text.length;
  let k = 0;
  let decimals = -1;
  if (length > 0 && length <= 15) {
    for (let i = 0; i < length; i += 1) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        k = k * 10 + (c - 48);
        if (decimals >= 0) decimals += 1;
      } else if (c === 46 && decimals < 0 && i > 0) decimals = 0;
      else return numberOrNull(text, at, name);
    }
    if (decimals < 0) return k;
    if (decimals > 0 && decimals < POWERS_OF_TEN.length) return k / POWERS_OF_TEN[decimals];
  }
  return numberOrNull(text, at, name);
}

function numberOrNull(text, at, name) {
  const n = Number(text);
  if (Number.isNaN(n)) return null; // nan, inf, N/A
  // A null would show as a failed interval; the summary refuses such a number, and so does a sample.
  if (!Number.isFinite(n)) throw beyondDoubleError(text, at.n, columnOf(at.line, text), `a number for interval ${name}`);
  return n;
}

/** `12345  (112.32 per sec.)` → {count, rate}. */
function rate(value, unit, at, label) {
  const m = /^(\S+)\s*\(\s*(\S+)\s+per sec\.\)$/.exec(value);
  if (!m) {
    throw new Problem({
      line: at.n,
      column: columnOf(at.line, value),
      expected: `a count and "(N per sec.)" for ${label}`,
      found: quoteRest(value),
      rule: 'sysbench/rate',
    });
  }
  return { count: num(m[1], 'count', at, label), rate: num(m[2], unit, at, `${label} per second`) };
}

/** A value printed with an optional unit suffix (`60.0065s`, `3.77ms`, `0.62`). */
function withSuffix(value, suffix, unit, at, label) {
  if (value.endsWith(suffix) && value.length > suffix.length) {
    return num(value.slice(0, -suffix.length), unit, at, label);
  }
  return num(value, unit, at, label, { implied: true });
}

/** `3922.2500/6.02` → {avg, stddev}. */
function avgStddev(value, unit, at, label) {
  const [avg, stddev, extra] = value.split('/');
  if (stddev === undefined || extra !== undefined) {
    throw new Problem({
      line: at.n,
      column: columnOf(at.line, value),
      expected: `"avg/stddev" for ${label}`,
      found: quoteRest(value),
      rule: 'sysbench/avg-stddev',
    });
  }
  return { avg: num(avg.trim(), unit, at, `${label} avg`), stddev: num(stddev.trim(), unit, at, `${label} stddev`) };
}

/**
 * Blog copies append notes after a TAB (`read:   440076<TAB>读总数`). The tool
 * itself never prints a TAB inside a line, so everything after the TAB that
 * follows the value is the author's, not sysbench's.
 */
function splitAnnotation(line) {
  const text = line.trim();
  if (!text.includes('\t')) return { content: text, annotation: '' };
  const parts = text.split(/\t+/);
  let take = 1;
  if (parts[0].endsWith(':') && parts.length > 1) take = 2; // `label:<TAB>value`
  return { content: parts.slice(0, take).join(' '), annotation: parts.slice(take).join(' ').trim() };
}

/** `label: value` split on the first colon, label whitespace collapsed. */
function labelled(content) {
  const i = content.indexOf(':');
  if (i <= 0) return null;
  return { label: content.slice(0, i).replace(/\s+/g, ' ').trim(), value: content.slice(i + 1).trim() };
}

// ─── the summary block: sections, their order and their labelled lines ───────

// Print order of the summary parts. A part whose rank is not above the last
// one seen starts a new summary (a second run, or a checkpoint report).
const RANK = { histogram: 0, stats: 1, cpu_speed: 2, general: 3, throughput: 3, latency: 4, fairness: 5 };

const SECTION_HEADERS = new Map([
  ['Latency histogram (values are in milliseconds)', { section: 'histogram' }],
  ['OLTP test statistics:', { section: 'stats', style: 'old' }],
  ['SQL statistics:', { section: 'stats', style: 'new' }],
  ['CPU speed:', { section: 'cpu_speed' }],
  ['General statistics:', { section: 'general' }],
  ['Test execution summary:', { section: 'general', style: 'old', generalHeader: 'Test execution summary:' }],
  ['Throughput:', { section: 'throughput' }],
  ['Latency (ms):', { section: 'latency', style: 'new' }],
  ['per-request statistics:', { section: 'latency', style: 'old' }],
  ['response time:', { section: 'latency', style: 'old' }],
  ['Threads fairness:', { section: 'fairness' }],
]);

const STATS_RATES = {
  transactions: ['transactions', 'tx/s'],
  queries: ['queries_rate', 'queries/s'],
  deadlocks: ['deadlocks', 'deadlocks/s'],
  'read/write requests': ['read_write_requests', 'req/s'],
  'other operations': ['other_operations', 'req/s'],
  'ignored errors': ['ignored_errors', 'errors/s'],
  reconnects: ['reconnects', 'reconnects/s'],
};

const GENERAL_KEYS = {
  'total time': 'total_time',
  'total number of events': 'events',
  'total time taken by event execution': 'event_time_total',
};
const THROUGHPUT_KEYS = {
  'events/s (eps)': 'events_per_s',
  'time elapsed': 'time_elapsed',
  'total number of events': 'events',
};

/** Handlers for `label: value` lines, by section. Each returns the `seen` key it filled. */
const SECTION_LINES = {
  stats(part, label, value, at) {
    if (label === 'queries performed' && value === '') return 'queries';
    const r = STATS_RATES[label];
    if (!r) return null;
    part.obj[r[0]] = rate(value, r[1], at, label);
    return r[0];
  },
  queries(part, label, value, at) {
    if (!['read', 'write', 'other', 'total'].includes(label)) return SECTION_LINES.stats(part, label, value, at);
    part.obj.queries ??= {};
    part.obj.queries[label] = num(value, 'count', at, `queries ${label}`);
    return `queries.${label}`;
  },
  general(part, label, value, at) {
    const key = GENERAL_KEYS[label];
    if (!key) return null;
    const g = (part.obj.general ??= {});
    // 0.4 prints the event-time sum without its unit (seconds); 0.5 adds the "s".
    g[key] = key === 'events' ? num(value, 'count', at, label) : withSuffix(value, 's', 's', at, label);
    return `general.${key}`;
  },
  throughput(part, label, value, at) {
    const key = THROUGHPUT_KEYS[label];
    if (!key) return null;
    const t = (part.obj.throughput ??= {});
    if (key === 'events_per_s') t[key] = num(value, 'events/s', at, label);
    else if (key === 'time_elapsed') t[key] = withSuffix(value, 's', 's', at, label);
    else t[key] = num(value, 'count', at, label);
    return `throughput.${key}`;
  },
  cpu_speed(part, label, value, at) {
    if (label !== 'events per second') return null;
    part.obj.cpu_speed = { events_per_s: num(value, 'events/s', at, label) };
    return 'cpu_speed.events_per_s';
  },
  latency(part, label, value, at, run) {
    const l = (part.obj.latency ??= {});
    // 0.4/0.5 print `3.77ms`; 1.0 prints bare numbers under "Latency (ms):".
    const ms = (v, name) => withSuffix(v, 'ms', 'ms', at, name);
    if (['min', 'avg', 'max', 'sum'].includes(label)) {
      l[label] = ms(value, `latency ${label}`);
      return `latency.${label}`;
    }
    const rank = /^(?:approx\. (\d+) percentile|(\d+)th percentile)$/.exec(label);
    if (rank) {
      const r = Number(rank[1] ?? rank[2]);
      l.percentile = { rank: r, value: ms(value, `latency ${label}`) };
      run.doc.options.percentile = r;
      return 'latency.percentile';
    }
    if (label === 'percentile stats' && value === 'disabled') {
      run.doc.options.percentile = 0; // --percentile=0
      return 'latency.percentile';
    }
    return null;
  },
  // `  block size: 1KiB` under "Running memory speed test with the following options:".
  test_settings(part, label, value, at, run) {
    if (!/^ {2}\S/.test(at.line)) return null;
    (run.doc.test.settings ??= {})[label.replace(/\s+/g, '_')] = value;
    return `test_settings.${label}`;
  },
  fairness(part, label, value, at) {
    const f = (part.obj.fairness ??= {});
    if (label === 'events (avg/stddev)') f.events = avgStddev(value, 'count', at, 'events');
    else if (label === 'execution time (avg/stddev)') f.execution_time = avgStddev(value, 's', at, 'execution time');
    else return null;
    return label.startsWith('events') ? 'fairness.events' : 'fairness.execution_time';
  },
};

/** What a complete summary has, in print order, as [seen key, what to tell the user]. */
function requiredSteps(part, run) {
  const old = part.style === 'old';
  const steps = [];
  if (part.seen.has('stats')) {
    const q = '"queries performed:"';
    steps.push(['queries', q], ['queries.read', `"read:" under ${q}`], ['queries.write', `"write:" under ${q}`],
      ['queries.other', `"other:" under ${q}`], ['queries.total', `"total:" under ${q}`], ['transactions', '"transactions:"']);
  }
  if (part.seen.has('cpu_speed')) steps.push(['cpu_speed.events_per_s', '"events per second:"']);
  if (part.seen.has('throughput')) {
    steps.push(['throughput.events_per_s', '"events/s (eps):"'], ['throughput.time_elapsed', '"time elapsed:"'],
      ['throughput.events', '"total number of events:"']);
  } else {
    // 1.1 builds after feb0346 print "Throughput:" where earlier ones print "General statistics:".
    let header = '"General statistics:"';
    if (part.generalHeader) header = part.generalHeader;
    else if (old) header = '"General statistics:" or "Test execution summary:"';
    else if (/^1\.1/.test(run.version ?? '')) header = '"Throughput:" or "General statistics:"';
    steps.push(['general', header], ['general.total_time', '"total time:"'], ['general.events', '"total number of events:"']);
  }
  let latencyHeader = '"Latency (ms):"';
  if (old) latencyHeader = part.generalHeader ? '"per-request statistics:"' : '"response time:" or "per-request statistics:"';
  steps.push(['latency', latencyHeader], ['latency.min', '"min:" latency'], ['latency.avg', '"avg:" latency'],
    ['latency.max', '"max:" latency'], ['fairness', '"Threads fairness:"'],
    ['fairness.events', '"events (avg/stddev):"'], ['fairness.execution_time', '"execution time (avg/stddev):"']);
  return steps;
}

// ─── interval lines ─────────────────────────────────────────────────────────

// Interval lines are most of a long log, so they are matched with strict
// number patterns and converted with Number() directly. Only when no strict
// pattern matches is the lax twin tried, to point at the value that is not a
// number (instead of calling a malformed sample an unknown line).
// `%4.2f` prints `inf` and `-nan` for what it cannot divide: no value, as in the summary.
const STRICT = String.raw`([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?nan|[-+]?inf|N/A)`;
const LAX = String.raw`([^\s,()/]+)`;
const COUNT = String.raw`(\d+)`;

/**
 * A layout is kept as its fields in print order (regex sources, V standing
 * for a value) so that a line that starts like it but does not match can be
 * read field by field up to where it goes wrong. The first field is how the
 * layout starts; `shape` is how it reads, for error messages.
 */
function intervalLayout(shape, names, fields) {
  const source = (V) => fields(V).join('');
  return {
    strict: new RegExp(`^${source(STRICT)}$`), lax: new RegExp(`^${source(LAX)}$`), names, shape,
    fields: fields(STRICT), start: new RegExp(`^${fields(STRICT)[0]}`),
  };
}
const INTERVALS = [
  // 1.0/1.1 DB tests (db_driver.c); the bundled Lua hook drops the colon after err/s.
  intervalLayout('[ Ns ] thds: N tps: N qps: N (r/w/o: N/N/N) lat (ms,P%): N err/s: N reconn/s: N',
    ['t', 'threads', 'tps', 'qps', 'reads', 'writes', 'other', '%', 'latency', 'errors', 'reconnects'],
    (V) => [String.raw`\[ ${V}s \] thds:`, ` ${COUNT}`, ` tps: ${V}`, ` qps: ${V}`, String.raw` \(r/w/o: ${V}/${V}/${V}\)`,
      String.raw` lat \(ms,${COUNT}%\): ${V}`, ` err/s:? ${V}`, ` reconn/s: ${V}`]),
  // 1.0/1.1 non-DB tests (cpu, mutex, memory, …).
  intervalLayout('[ Ns ] thds: N eps: N lat (ms,P%): N', ['t', 'threads', 'eps', '%', 'latency'],
    (V) => [String.raw`\[ ${V}s \] thds:`, ` ${COUNT}`, ` eps: ${V}`, String.raw` lat \(ms,${COUNT}%\): ${V}`]),
  // 0.4 branch and 0.5: `[  10s] threads: N, tps: …` with or without the comma
  // before "response time", reads/s or reads, and the 2014 errors/reconnects tail.
  intervalLayout('[ Ns] threads: N, tps: N, reads: N, writes: N, response time: Nms (P%), errors: N, reconnects: N',
    ['t', 'threads', 'tps', 'reads', 'writes', 'latency', '%', 'errors', 'reconnects'],
    (V) => [String.raw`\[\s*${V}s\] threads:`, ` ${COUNT},`, ` tps: ${V},`, ` reads(?:/s)?: ${V},`, ` writes(?:/s)?: ${V}`,
      String.raw`,? response time: ${V}ms \(${COUNT}%\)`, String.raw`(?:, errors: ${V}, reconnects:\s+${V})?`]),
  // 0.4.12.10 (Percona build): "Intermediate results: 8 threads, …".
  intervalLayout('[ Ns] Intermediate results: N threads, tps: N, reads/s: N, writes/s: N, response time: Nms (P%)',
    ['t', 'threads', 'tps', 'reads', 'writes', 'latency', '%'],
    (V) => [String.raw`\[\s*${V}s\] Intermediate results:`, ` ${COUNT} threads,`, ` tps: ${V},`, ` reads/s: ${V},`, ` writes/s: ${V}`,
      String.raw`,? response time: ${V}ms \(${COUNT}%\)`]),
];
const QUEUE = new RegExp(String.raw`^\[\s*${STRICT}s\s*\] queue length: (\d+),? concurrency: (\d+)$`);
const CHECKPOINT = /^\[\s*(\d+(?:\.\d+)?)(s|ms)\s*\] Checkpoint report:$/;

/**
 * The error for a line that starts like an interval report and is not one
 * whole (null for a line that starts like none): placed where the line stops
 * reading as the layout it gets furthest into, or as any of those that tie.
 */
function brokenIntervalError(at) {
  const { content } = at;
  const reach = INTERVALS.map((layout) => (layout.start.test(content) ? readsUpTo(layout, content) : -1));
  const furthest = Math.max(...reach);
  if (furthest < 0) return null;
  const shapes = INTERVALS.filter((layout, i) => reach[i] === furthest).map((layout) => `"${layout.shape}"`);
  const rest = content.slice(furthest).trimStart();
  const indent = at.line.length - at.line.trimStart().length;
  return new Problem({
    line: at.n,
    column: indent + content.length - rest.length + 1,
    expected: `a whole interval line, ${shapes.join(' or ')}`,
    found: quoteRest(rest),
    rule: 'sysbench/interval',
  });
}

/** How many characters of `content` read as the first fields of `layout`. */
function readsUpTo(layout, content) {
  for (let k = layout.fields.length; k > 0; k -= 1) {
    const m = new RegExp(`^${layout.fields.slice(0, k).join('')}`).exec(content);
    if (m) return m[0].length;
  }
  return -1;
}

const SAMPLE_UNITS = {
  t: 's', tps: 'tx/s', qps: 'queries/s', reads: 'queries/s', writes: 'queries/s', other: 'queries/s',
  latency: 'ms', errors: 'errors/s', reconnects: 'reconnects/s', eps: 'events/s',
};

// ─── header, noise and wrapper lines ────────────────────────────────────────

const NOISE = [
  /^Running the test with following options:$/,
  /^Initializing random number generator from (?:timer|current time)\.?$/,
  /^Random number generator seed is 0 and will be ignored$/,
  /^Initializing worker threads\.\.\.$/,
  /^Threads started!$/,
  /^Time limit exceeded, exiting\.\.\.$/,
  /^Done\.$/,
  /^\(last message repeated \d+ times\)$/,
  /^value -+ distribution -+ count$/,
];
// Lines that say a run is starting; they open a new run after a finished one.
const RUN_START_NOISE = /^(?:Running the test with following options:|Initializing worker threads\.\.\.|Threads started!)$/;

const WRAPPERS = [
  [/^\$\s/, 'command'],
  [/^(?:mysql|mariadb): \[Warning\]/, 'wrapper'],
  [/^Running scope as unit/, 'wrapper'],
  [/^Running in \d+ threads$/, 'wrapper'],
  [{ test: (text) => matchPrompt(text) !== null }, 'prompt'],
  [/^(?:\.{3,}|…|~~\s*snip\s*~~|\[\.\.\.\])$/, 'elision'],
];

const PREPARE_LINES = [
  /^Creating table '[^']*'\.\.\.$/,
  /^Creating \d+ records in table '[^']*'\.\.\.$/,
  /^Inserting \d+ records into '[^']*'$/,
  /^Creating a secondary index on '[^']*'\.\.\.$/,
  /^thread prepare\d+$/,
];
const CREATING_TABLE = PREPARE_LINES[0];
const RECORDS_LINE = /^(?:Creating|Inserting) \d+ records/;
const CLEANUP_LINES = [/^Dropping table '[^']*'\.\.\.$/];

/** Header lines: [regex, (run, match, at) → void]. */
const HEADER_LINES = [
  [/^Number of threads:\s*(\S+)$/, (r, m, at) => { r.doc.options.threads = num(m[1], 'count', at, 'number of threads'); }],
  [/^Report intermediate results every (\S+) second\(s\)$/, (r, m, at) => { r.doc.options.report_interval = num(m[1], 's', at, 'report interval'); }],
  [/^Target transaction rate:\s*(\S+)\/sec$/, (r, m, at) => { r.doc.options.rate = num(m[1], 'tx/s', at, 'target transaction rate'); }],
  [/^Report checkpoint\(s\) at (.+?) (seconds|ms)$/, (r, m, at) => {
    r.doc.options.report_checkpoints = m[1].split(/,\s*/).map((t) => num(t, m[2] === 'ms' ? 'ms' : 's', at, 'checkpoint'));
  }],
  [/^Initializing random number generator from seed \((\S+)\)\.?$/, (r, m) => { r.doc.options.seed = m[1]; }],
  [/^Forcing shutdown in (\S+) seconds$/, (r, m, at) => { r.doc.options.forced_shutdown = num(m[1], 's', at, 'forced shutdown'); }],
  [/^Warming up for (\S+) seconds\.\.\.$/, (r, m, at) => { r.doc.options.warmup_time = num(m[1], 's', at, 'warm-up time'); }],
  [/^Debug mode enabled\.$/, (r) => { r.doc.options.debug = true; }],
  [/^No DB drivers specified, using (\S+)$/, (r, m) => { r.doc.options.db_driver = m[1]; }],
  [/^Maximum number of requests for OLTP test is limited to (\S+)$/, (r, m, at) => { r.doc.options.max_requests = num(m[1], 'count', at, 'maximum number of requests'); }],
  [/^Doing OLTP test\.?$/, (r, m, at) => r.setTest('oltp', at.n)],
  [/^Running (\w+) OLTP test$/, (r, m, at) => { r.setTest('oltp', at.n); r.doc.test.mode = m[1]; }],
  [/^Doing read-only test$/, (r) => { r.doc.test.read_only = true; }],
  [/^Using (\w+) distribution(?: \((.*)\))?$/, (r, m) => {
    r.doc.test.distribution = m[1].toLowerCase();
    if (m[2]) r.doc.test.distribution_details = m[2].replace(/\s+/g, ' ');
  }],
  [/^Using "(.+)" for starting transactions$/, (r, m) => { r.doc.test.transaction_start = m[1]; }],
  [/^Skipping BEGIN\/COMMIT$/, (r) => { r.doc.test.transaction_start = null; }],
  [/^(Using|Not using) auto_inc on the id column$/, (r, m) => { r.doc.test.auto_inc = m[1] === 'Using'; }],
  [/^Using (\d+) test tables?$/, (r, m, at) => { r.doc.test.tables = num(m[1], 'count', at, 'test tables'); }],
  [/^Prime numbers limit:\s*(\S+)$/, (r, m, at) => { r.setTest('cpu', at.n); r.doc.test.prime_limit = num(m[1], 'count', at, 'prime numbers limit'); }],
  [/^Running memory speed test with the following options:$/, (r, m, at) => {
    r.setTest('memory', at.n);
    r.section = 'test_settings';
  }],
  [/^Total operations:\s*(\S+) \((\S+) per second\)$/, (r, m, at) => {
    (r.doc.memory ??= {}).operations = { count: num(m[1], 'count', at, 'total operations'), rate: num(m[2], 'ops/s', at, 'operations per second') };
  }],
  [/^(\S+) MiB transferred \((\S+) MiB\/sec\)$/, (r, m, at) => {
    (r.doc.memory ??= {}).transferred = { amount: num(m[1], 'MiB', at, 'MiB transferred'), rate: num(m[2], 'MiB/s', at, 'MiB per second') };
  }],
  [/^Number of unfinished transactions on forced shutdown:\s*(\S+)$/, (r, m, at) => {
    r.doc.unfinished_transactions = num(m[1], 'count', at, 'unfinished transactions');
  }],
];

const MESSAGE = /^(FATAL|ALERT|PANIC|WARNING|ERROR|DEBUG): ?(.*)$/;
// libmysqlclient's teardown complaint, printed after sysbench's own output.
const CLIENT_LIB_ERROR = /^Error in my_thread_global_end\(\): .*$/;

/** What a `$ … sysbench [options] [test] command` line says about the run below it. */
function commandLineFacts(text) {
  const words = text.replace(/^\$\s*/, '').split(/\s+/);
  const at = words.findIndex((w) => /(?:^|\/)sysbench$/.test(w));
  if (at < 0) return null;
  const args = words.slice(at + 1);
  const positional = args.filter((a) => !a.startsWith('-'));
  const testOption = args.find((a) => a.startsWith('--test='));
  const commands = ['prepare', 'run', 'cleanup', 'warmup', 'prewarm', 'help'];
  const command = [...positional].reverse().find((w) => commands.includes(w)) ?? null;
  let test = positional.find((w) => !commands.includes(w)) ?? null;
  if (testOption) test = testOption.slice('--test='.length);
  if (test) test = test.replace(/^.*\//, '').replace(/\.lua$/, '');
  // The output never names the database driver (only a missing --db-driver is announced): the command line does.
  const driver = args.find((a) => a.startsWith('--db-driver='))?.slice('--db-driver='.length) || null;
  return { command, test, driver };
}

// ─── one run ────────────────────────────────────────────────────────────────

/** Summary parts fill `obj` (the run, or one checkpoint report of it). */
function newPart(obj) {
  return { obj, seen: new Set(), maxRank: -1, done: false, style: null, generalHeader: null, hookReport: null };
}

class Run {
  constructor(n, { banner = false, version = null } = {}) {
    this.doc = {
      command: null, status: 'incomplete', missing: [], lines: { first: n, last: n },
      options: {}, test: { name: null },
    };
    this.hasBanner = banner;
    this.version = version;
    this.commandStrength = 0;
    this.failed = false;
    this.main = newPart(this.doc);
    this.part = this.main;
    this.section = null;
    this.messages = new Map();
    this.samples = null; // {percentile, hook, table}: the interval samples, in columns (lib/columns.mjs)
    this.lastHook = null; // the last report-hook report, which may be the cumulative one
    this.previousHook = null;
    this.tableWithoutRows = null; // line of a "Creating table" still waiting for its records line
  }

  touch(n) { this.doc.lines.last = n; }

  /** Explicit evidence (a command line, "Creating table") beats inference ("Threads started!"). */
  setCommand(command, strength) {
    if (command && strength >= this.commandStrength) [this.doc.command, this.commandStrength] = [command, strength];
  }

  setTest(name, n) {
    if (this.doc.test.name !== null) return;
    const { name: _unknown, ...rest } = this.doc.test;
    this.doc.test = { name, line: n, ...rest };
  }

  message(level, text, n) {
    const key = `${level}\u0000${text}`;
    const known = this.messages.get(key);
    if (known) {
      known.count += 1;
      known.lines.push(n);
    } else {
      this.messages.set(key, { level, text, line: n, count: 1, lines: [n] });
    }
    if (level === 'FATAL' || level === 'PANIC') this.failed = true;
    // 0.5 names the Lua function that failed: `failed to execute function `prepare'`.
    const fn = /failed to execute function `(prepare|cleanup|run)'/.exec(text);
    if (fn) this.setCommand(fn[1], 1);
  }

  started() { return this.part.maxRank >= 0; }

  /** The first required summary line not seen yet, or null when the summary is complete. */
  nextMissing() {
    const step = requiredSteps(this.part, this).find(([key]) => !this.part.seen.has(key));
    return step ? step[1] : null;
  }

  expectsSummary() {
    return !['prepare', 'cleanup'].includes(this.doc.command);
  }

  /**
   * The cumulative report of a `sysbench.hooks.report_cumulative` hook, which
   * sysbench prints instead of its text summary once every thread has ended:
   * the run's last report, with 0 threads, after no text summary (and, from
   * 1.0.14, in a JSON array of its own that was closed).
   */
  cumulativeReport() {
    const r = this.lastHook;
    if (!r || this.main.done || this.failed || r.sample.threads !== 0) return null;
    if (r.row !== this.samples.table.count - 1) return null;
    if (r.array && (!r.array.closed || this.previousHook?.array === r.array)) return null;
    return r;
  }

  toJSON() {
    const d = this.doc;
    const cumulative = this.cumulativeReport();
    const summaryDone = this.main.done || cumulative !== null;
    const missing = [];
    if (!this.hasBanner) missing.push('header');
    if (!summaryDone && this.expectsSummary()) missing.push('summary');
    if (this.tableWithoutRows !== null) missing.push('rows');
    let status = 'incomplete';
    if (this.failed) status = 'failed';
    else if (this.tableWithoutRows !== null) status = 'incomplete';
    else if (summaryDone || !this.expectsSummary()) status = 'ok';
    const out = { command: d.command, status, missing, lines: d.lines, options: d.options, test: d.test };
    for (const key of ['queries', 'transactions', 'queries_rate', 'deadlocks', 'read_write_requests',
      'other_operations', 'ignored_errors', 'reconnects', 'general', 'throughput', 'cpu_speed', 'latency',
      'fairness', 'memory', 'unfinished_transactions']) {
      if (d[key] !== undefined) out[key] = d[key];
    }
    if (cumulative) out.cumulative = hookFigures(cumulative);
    const rows = (this.samples?.table.count ?? 0) - (cumulative ? 1 : 0);
    if (rows > 0) out.intervals = intervalsJSON(this.samples, rows, d.options);
    if (d.histogram) out.histogram = d.histogram;
    if (d.checkpoints) out.checkpoints = d.checkpoints;
    out.messages = [...this.messages.values()];
    return out;
  }
}

/**
 * The samples as one column per field (a field a sample did not print is null
 * in it), and the decimals each field printed with where they were alike
 * (tps 2: "1236.00", not 1236), for a page to show a sample as its line did.
 */
function intervalsJSON({ percentile, table, hook, printed }, rows, options) {
  const samples = table.table(rows);
  const units = Object.fromEntries(Object.entries(SAMPLE_UNITS).filter(([k]) => k === 't' || k in samples));
  if (!hook) {
    const decimals = printed?.decimals(Object.keys(samples)) ?? {};
    return { percentile, units, ...(Object.keys(decimals).length ? { decimals } : {}), samples };
  }
  // Hook reports do not name their percentile; it is the one the summary prints (--percentile).
  return { percentile: percentile ?? options.percentile ?? null, units, hook, samples };
}

// ─── the line parser ────────────────────────────────────────────────────────

class SysbenchParser {
  constructor() {
    this.runs = [];
    this.run = null;
    this.tool = null;
    this.notes = [];
    this.warnings = [];
    this.pending = { messages: [], facts: null };
    this.json = new JsonReports();
    this.lastLine = 0;
    this.cutInterval = null; // {at, error} of a broken interval line no other line has followed yet
  }

  push(line, n) {
    this.lastLine = n;
    // Only a line with a TAB can carry an annotation; the others need no object to say so.
    let content = line.trim();
    if (this.cutInterval !== null && content !== '') throw this.cutInterval.error;
    if (content.includes('\t')) {
      const split = splitAnnotation(content);
      content = split.content;
      if (split.annotation) this.notes.push({ line: n, text: split.annotation, kind: 'annotation' });
    }
    if (content === '') return this.blank();
    const at = { n, line, content };
    if (this.json.open) return this.insideJson(at);
    return this.classify(at);
  }

  /** Inside a report_json object every line up to its `}` belongs to it. */
  insideJson(at) {
    // The closing brace with the next report written onto its line (see sysbench-hooks.mjs).
    const glued = /^(},?)([^,\s].*)$/.exec(at.content);
    if (glued) {
      this.hook({ ...at, content: glued[1] });
      return this.classify({ ...at, content: glued[2] });
    }
    if (!this.toolMessage(at)) this.hook(at);
    return undefined;
  }

  classify(at) {
    const { content } = at;
    // Interval lines are nearly every line of a long log: try them first.
    if (content.charCodeAt(0) === 91 /* [ */ && this.bracketed(at)) return undefined;
    const handled = this.banner(at) || this.wrapper(at) || this.toolMessage(at) || this.hook(at) || this.bracketed(at)
      || this.histogramBucket(at) || this.sectionHeader(at) || this.sectionLine(at) || this.headerLine(at)
      || this.noise(at);
    if (!handled) this.warn(at, this.run?.section ? `unrecognised line in the ${this.run.section} section` : 'unrecognised line');
    return undefined;
  }

  end() {
    const eof = { n: this.lastLine + 1, line: '', content: null };
    if (this.cutInterval) this.warn(this.cutInterval.at, 'the file ends on this interval line, which is not whole; left out');
    if (this.run) this.close(eof);
    // A `$ sysbench …` line whose output never came: the file was cut between runs.
    if (this.pending.facts) {
      throw new Problem({
        line: eof.n, column: 1, rule: 'sysbench/run-cut',
        expected: `the output of the sysbench command on line ${this.pending.facts.line}`, found: 'end of file',
      });
    }
    // Only messages and no run (e.g. a lone FATAL line): they still make a run.
    if (this.pending.messages.length) this.startRun({ n: this.pending.messages[0].n });
    if (this.runs.length === 0) {
      throw new Problem({
        line: 1, column: 1, rule: 'sysbench/no-run',
        expected: 'sysbench output (a banner, interval lines or statistics)', found: 'none',
      });
    }
    const runs = this.runs.map((r) => r.toJSON());
    const body = { tool: this.tool, notes: this.notes, warnings: this.warnings, runs };
    const last = runs[runs.length - 1];
    if (this.json.open) {
      body.incomplete = { reason: `the sysbench.report_json object opened on line ${this.json.object.start} stops before its closing brace`, line: this.lastLine };
    } else if (last.status === 'incomplete') {
      const lastRun = this.runs[this.runs.length - 1];
      const cut = lastRun.started() && !lastRun.part.done ? lastRun.nextMissing() : null;
      const what = last.missing.includes('rows') ? 'the rows of the table it creates' : cut ? `the end of its summary (${cut} is not there)` : 'its summary';
      body.incomplete = { reason: `the last run (lines ${last.lines.first}–${last.lines.last}) stops before ${what}`, line: this.lastLine };
    } else if (this.cutInterval) {
      // Whole, the line would have begun a run of its own after the finished one.
      body.incomplete = { reason: `the file ends inside the interval line on line ${this.cutInterval.at.n}`, line: this.lastLine };
    }
    return body;
  }

  warn(at, message) {
    this.warnings.push({ line: at.n, message, text: at.line });
  }

  // A blank line (or the one-space line sysbench prints) ends the histogram.
  blank() {
    if (this.run?.section === 'histogram') this.run.section = null;
  }

  /**
   * Closes the current run. A summary that stops short where the file ends is
   * a cut copy: the run keeps the figures it printed and is marked incomplete,
   * as a run cut inside its interval lines is. One that another run follows
   * is an input error: the file is two outputs run together.
   */
  close(at) {
    const run = this.run;
    if (run.started() && !run.part.done && !run.failed && at.content !== null) {
      const expected = run.nextMissing();
      if (expected) {
        throw new Problem({
          line: at.n, column: 1, rule: 'sysbench/summary-cut',
          expected: `${expected} to complete the summary`,
          found: at.content === null ? 'end of file' : quote(at.content),
        });
      }
    }
    this.run = null;
  }

  startRun(at, options) {
    if (this.run) this.close(at);
    const run = new Run(at.n, options);
    const { facts } = this.pending;
    if (facts) {
      run.setCommand(facts.command, 2);
      if (facts.test) run.doc.test = { name: facts.test, line: facts.line };
      if (facts.driver) run.doc.options.db_driver = facts.driver;
    }
    for (const m of this.pending.messages) run.message(m.level, m.text, m.n);
    if (this.pending.messages.length) run.doc.lines.first = Math.min(at.n, this.pending.messages[0].n);
    this.pending = { messages: [], facts: null };
    this.runs.push(run);
    this.run = run;
    return run;
  }

  /**
   * The run a line belongs to. `fresh` lines (statistics, intervals, header
   * lines) cannot follow a finished summary in the same run: they begin the
   * next, headless, run (e.g. several pasted summaries one after another).
   */
  ensureRun(at, { fresh = true } = {}) {
    if (this.run && !(fresh && this.run.main.done)) {
      this.run.touch(at.n);
      return this.run;
    }
    return this.startRun(at);
  }

  banner(at) {
    const m = BANNER.exec(at.content);
    if (!m) return false;
    this.tool ??= { name: 'sysbench', version: m[1], line: at.n };
    this.startRun(at, { banner: true, version: m[1] });
    return true;
  }

  wrapper(at) {
    const hit = WRAPPERS.find(([re]) => re.test(at.content));
    if (!hit) return false;
    this.notes.push({ line: at.n, text: at.content, kind: hit[1] });
    if (hit[1] === 'command') {
      const facts = commandLineFacts(at.content);
      if (facts) this.pending.facts = { ...facts, line: at.n };
    }
    return true;
  }

  toolMessage(at) {
    let level;
    let text;
    const m = MESSAGE.exec(at.content);
    if (m) [, level, text] = m;
    else if (CLIENT_LIB_ERROR.test(at.content)) [level, text] = ['ERROR', at.content];
    else return false;
    // Deprecation warnings come before the banner; they belong to the run that follows.
    if (!this.run) this.pending.messages.push({ level, text, n: at.n });
    else {
      this.run.touch(at.n);
      this.run.message(level, text, at.n);
    }
    return true;
  }

  /** A line of sysbench.report_csv or sysbench.report_json output (report hooks). */
  hook(at) {
    const found = csvReport(at) ?? this.json.push(at);
    if (found === false) return false;
    if (found === true) {
      this.run?.touch(at.n);
      return true;
    }
    const run = this.ensureRun(at);
    run.setCommand('run', 1);
    if (this.checkpointReport(run, found)) return true;
    this.hookSample(run, found);
    return true;
  }

  hookSample(run, found) {
    // The section stays: another thread's report may land inside a checkpoint's text summary.
    run.samples ??= { percentile: null, table: new TableBuilder() };
    run.samples.hook ??= found.format === 'json' ? 'report_json' : 'report_csv';
    found.row = run.samples.table.count;
    run.samples.table.push(found.sample);
    [run.previousHook, run.lastHook] = [run.lastHook, found];
  }

  /**
   * A `[ Ns ] Checkpoint report:` followed by no text summary is answered by
   * the cumulative hook: the first report after it is the checkpoint's.
   * sysbench prints the two from one thread, one after the other, but the
   * interval report of the same second may come between them. A JSON report
   * in an array opened after the checkpoint line is the checkpoint's for
   * sure; a CSV line stays the checkpoint's only until a text summary follows
   * (then it was an interval report and the hook printed nothing) or another
   * report does (then it was the checkpoint's).
   */
  checkpointReport(run, found) {
    const part = run.part;
    if (part === run.main || part.done || part.maxRank >= 0) return false;
    if (found.array && found.array.line < part.obj.line) return false; // an interval report of the array opened before
    if (part.hookReport) {
      settle(run);
      return false;
    }
    part.obj.cumulative = hookFigures(found);
    part.hookReport = found;
    if (found.format === 'json') settle(run);
    return true;
  }

  /** A text summary after a CSV report taken for the checkpoint's: the report was an interval's. */
  unclaimCheckpointReport(run) {
    const part = run.part;
    if (!part.hookReport || part.done) return;
    delete part.obj.cumulative;
    this.hookSample(run, part.hookReport);
    part.hookReport = null;
  }

  /** Lines that begin with `[ Ns ]`: interval samples, queue lines, checkpoint reports. */
  bracketed(at) {
    if (!at.content.startsWith('[')) return false;
    for (const { strict, names } of INTERVALS) {
      const m = strict.exec(at.content);
      if (m) return this.sample(at, m, names);
    }
    const q = QUEUE.exec(at.content);
    if (q) return this.queueLine(at, q);
    const cp = CHECKPOINT.exec(at.content);
    if (cp) return this.checkpoint(at, cp);
    for (const { lax, names } of INTERVALS) {
      const m = lax.exec(at.content);
      if (m) names.forEach((name, i) => { if (m[i + 1] !== undefined) num(m[i + 1], 'count', at, `interval ${name}`); });
    }
    return this.brokenInterval(at);
  }

  /**
   * A line that starts like an interval report but is not a whole one. In the
   * middle of a log it would silently take a sample out of the series, so it
   * is refused; as the last line it is where a file was cut, which is kept
   * (see `end`). Which of the two it is shows only at the next line.
   */
  brokenInterval(at) {
    const error = brokenIntervalError(at);
    if (!error) return false;
    this.cutInterval = { at, error };
    return true;
  }

  sample(at, m, names) {
    const run = this.ensureRun(at);
    run.setCommand('run', 1);
    run.section = null;
    const first = !run.samples;
    run.samples ??= { percentile: null, table: new TableBuilder() };
    const { table } = run.samples;
    const printed = (run.samples.printed ??= new PrintedDecimals());
    // Most lines of a long log are these: each field goes straight into its
    // column, with no object or array per sample.
    table.startRow();
    table.field(0, 'line', at.n);
    let k = 1;
    let rank = null;
    let latency = null;
    let throughput = null;
    for (let i = 0; i < names.length; i += 1) {
      const text = m[i + 1];
      if (text === undefined) continue; // an optional group this layout did not print
      const name = names[i];
      const value = plain(text, at, name);
      if (name === '%') {
        rank = value; // a whole number (\d+), as Number(text) reads it
        continue;
      }
      if (name === 'latency') latency = value;
      else if (name === 'tps' || name === 'eps') throughput = value;
      printed.note(name, text, value);
      table.field(k, name, value);
      k += 1;
    }
    // `lat (ms,95%): 0.00` with no event in the interval is "no latency", not zero.
    if (latency === 0 && throughput === 0) table.setLast({ latency: null });
    if (first) run.samples.percentile = rank;
    return true;
  }

  /** `--rate` prints queue length and concurrency on a line of its own after each sample. */
  queueLine(at, q) {
    const run = this.ensureRun(at);
    const t = plain(q[1], at, 't');
    const extra = { queue_length: plain(q[2], at, 'queue length'), concurrency: plain(q[3], at, 'concurrency') };
    run.samples ??= { percentile: null, table: new TableBuilder() };
    const { table } = run.samples;
    const last = table.count - 1;
    if (last >= 0 && table.get('t', last) === t && table.get('queue_length', last) === null) table.setLast(extra);
    else table.push({ line: at.n, t, ...extra });
    return true;
  }

  checkpoint(at, m) {
    if (m[2] !== 's') {
      // Only a locally modified sysbench reports checkpoints in ms (FORMATS §3).
      throw new Problem({
        line: at.n, column: columnOf(at.line, m[1]), rule: 'sysbench/checkpoint-unit',
        expected: 'a checkpoint time in seconds ("[ 10s ] Checkpoint report:")', found: quote(at.content),
      });
    }
    let run = this.ensureRun(at);
    if (run.started() && !run.part.done) {
      this.close(at); // throws unless the run failed
      run = this.startRun(at);
    }
    const report = { line: at.n, t: num(m[1], 's', at, 'checkpoint time') };
    (run.doc.checkpoints ??= []).push(report);
    run.part = newPart(report);
    run.section = null;
    return true;
  }

  histogramBucket(at) {
    if (this.run?.section !== 'histogram') return false;
    const m = /^(\S+) \|\**\s*(\S+)$/.exec(at.content);
    if (!m) return false;
    this.run.touch(at.n);
    const value = num(m[1], 'ms', at, 'histogram value').value;
    const count = num(m[2], 'count', at, 'histogram count').value;
    this.run.part.obj.histogram.buckets.push({ value, count, line: at.n });
    return true;
  }

  sectionHeader(at) {
    const header = SECTION_HEADERS.get(at.content.replace(/\s+/g, ' '));
    if (!header) return false;
    const { section } = header;
    let run = this.ensureRun(at);
    this.unclaimCheckpointReport(run);
    if (RANK[section] <= run.part.maxRank) {
      // A part printed before one already seen: a new summary begins while the
      // previous one stopped short. That is an error unless the run failed.
      this.close(at);
      run = this.startRun(at);
    }
    const part = run.part;
    run.setCommand('run', 1);
    if (header.style) part.style ??= header.style;
    if (header.generalHeader) part.generalHeader = `"${header.generalHeader}"`;
    if (header.style === 'old' && section === 'stats') run.setTest('oltp', at.n);
    part.maxRank = RANK[section];
    part.seen.add(section);
    run.section = section;
    if (section === 'histogram') part.obj.histogram = { unit: 'ms', line: at.n, buckets: [] };
    return true;
  }

  sectionLine(at) {
    const run = this.run;
    const handler = run && SECTION_LINES[run.section];
    const kv = handler && labelled(at.content);
    if (!kv) return false;
    const part = run.part;
    if (run.section === 'stats' && kv.label === 'queries performed') run.section = 'queries';
    const key = handler(part, kv.label, kv.value, at, run);
    if (!key) return false;
    if (part.seen.has(key) && key !== 'queries') this.warn(at, `second "${kv.label}:" line in one summary; the later value is kept`);
    part.seen.add(key);
    run.touch(at.n);
    if (key === 'fairness.execution_time') this.finishPart(run);
    return true;
  }

  /** "execution time (avg/stddev)" is the last line sysbench prints in a summary. */
  finishPart(run) {
    const missing = run.nextMissing();
    if (missing && !run.failed) {
      throw new Problem({
        line: run.doc.lines.last, column: 1, rule: 'sysbench/summary-incomplete',
        expected: `${missing} before the end of the summary`, found: '"execution time (avg/stddev):"',
      });
    }
    run.part.done = true;
    run.section = null;
    if (run.part !== run.main) run.part = run.main;
  }

  headerLine(at) {
    for (const [re, apply] of HEADER_LINES) {
      const m = re.exec(at.content);
      if (m) {
        apply(this.ensureRun(at), m, at);
        return true;
      }
    }
    const prepare = PREPARE_LINES.some((re) => re.test(at.content));
    const cleanup = !prepare && CLEANUP_LINES.some((re) => re.test(at.content));
    if (!prepare && !cleanup) return false;
    const run = this.ensureRun(at);
    run.setCommand(prepare ? 'prepare' : 'cleanup', 2);
    // Every sysbench version prints how many rows it loads after creating a table.
    if (CREATING_TABLE.test(at.content)) run.tableWithoutRows = at.n;
    else if (RECORDS_LINE.test(at.content)) run.tableWithoutRows = null;
    return true;
  }

  noise(at) {
    if (!NOISE.some((re) => re.test(at.content.replace(/\s+/g, ' ')))) return false;
    if (RUN_START_NOISE.test(at.content)) {
      const run = this.ensureRun(at);
      if (at.content === 'Threads started!') run.setCommand('run', 1);
    } else if (this.run) this.run.touch(at.n);
    return true;
  }
}

/** A checkpoint's report is settled: what follows belongs to the run again. */
function settle(run) {
  run.part.done = true;
  run.part = run.main;
}

/** Errors name their file even where the driver does not add it (e.g. while it is still detecting). */
function located(fn, source) {
  try {
    return fn();
  } catch (error) {
    throw error instanceof Problem && source ? error.in(source) : error;
  }
}


// ─── the format ─────────────────────────────────────────────────────────────

export const format = {
  name: 'sysbench',
  role: 'benchmark',
  items: 'runs',
  // A cpu or memory test counts events, not transactions; sysbench 1.0 prints a cpu test's rate under "CPU speed:" only.
  headline: [
    { metric: 'transactions.rate', title: 'Transactions per second' },
    { metric: 'throughput.events_per_s', title: 'Events per second' },
    { metric: 'cpu_speed.events_per_s', title: 'Events per second' },
  ],
  overTime: { metric: 'tps', title: 'Transactions per second' },
  timeField: 't',
  describedByServer: true,
  // Beside the sentence quoting a lone run's headline, `tpsreport new report` shows everything it printed at its end.
  newReport: { loneRun: { kind: 'sysbench-summary', caption: 'What sysbench printed at the end of the run' }, histogram: { kind: 'histogram-percentiles', each: 'histogram.buckets', caption: 'Latency percentiles from the histogram' } },
  runLabels: ownLabels,
  labels: agreedOfRuns('runs', ownLabels),
  version: '1.0.0',
  // A run that died mid-way still shows what it measured: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'sysbench 0.4, 0.5, 1.0, 1.1',
  produces: 'one run per banner or summary: options, test, SQL/OLTP statistics, general statistics or throughput, latency (ms), threads fairness, interval samples (text lines or the JSON/CSV report hooks), a cumulative hook report, histogram and the tool\'s FATAL/ALERT messages, each figure with its unit and raw line',
  detect,
  mentions: /sysbench|statistics:|Test execution summary:|Threads fairness:|Latency \(ms\):|\] thds: |\] Intermediate results: |\] threads: |Number of threads:|Threads started!/,
  createParser({ source } = {}) {
    const parser = new SysbenchParser();
    return {
      // Called for every line of a long log: no closure per call.
      push(line, n) {
        try {
          return parser.push(line, n);
        } catch (error) {
          throw error instanceof Problem && source ? error.in(source) : error;
        }
      },
      end: () => located(() => parser.end(), source),
    };
  },
};

/** Parses sysbench output held in memory (the file-streaming entry point is parseFile in ./index.mjs). */
export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/**
 * What one run states about itself. sysbench 0.4 runs its oltp test in a mode
 * it names ("Running mixed OLTP test", "simple"): two modes are two workloads.
 * The pgsql driver speaks only to PostgreSQL; the mysql driver to MySQL and
 * MariaDB alike, so it names no database.
 */
function ownLabels(r) {
  return {
    threads: r.options?.threads?.value,
    workload: r.test?.name ? [r.test.name, r.test.mode].filter(Boolean).join(' ') : undefined,
    database: r.options?.db_driver === 'pgsql' ? 'PostgreSQL' : undefined,
  };
}
