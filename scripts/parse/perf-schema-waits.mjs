// Wait summaries from performance_schema as the mysql / mariadb client prints
// them (bordered, batch or `\G`) → every snapshot in order and, when there are
// two or more, each event's change from the first snapshot to the last.
//
// Three sources, any subset of their columns, filtered or not:
// - performance_schema.events_waits_summary_global_by_event_name: EVENT_NAME,
//   COUNT_STAR and SUM / MIN / AVG / MAX_TIMER_WAIT in picoseconds, printed
//   as bare integers (the unit is the manual's, so it is marked implied);
// - sys.x$waits_global_by_latency: events, total, total_latency, avg_latency,
//   max_latency, the same picoseconds;
// - sys.waits_global_by_latency: the same columns formatted by sys.format_time
//   (`43 ps`, `4.32 ns`, `43.21 us`, `432.11 ms`, `43.21 s`, `7.20 m`, `1.20 h`,
//   `5.00 d`, `71.45 w`), by FORMAT_PICO_TIME in MySQL 8.0.16+ and MariaDB 11
//   (`3.15 min`), or by the first mysql-sys releases (`342.34 µs`, and
//   SEC_TO_TIME's `00:05:42` from a minute up).
// Every time keeps its text, its number(s) in the printed unit and the seconds
// derived from them.
//
// Snapshots: each waits result is one, in file order. Lines before it that
// mark it (`-- snapshot t=10`, `# after run`, a `SELECT NOW()` result) are kept
// as its markers; a `t=` in seconds or a date and time in them gives the time
// between the first and the last snapshot.
//
// The change between the first and the last snapshot is ranked by total wait
// time, never by count: COUNT_STAR counts every acquisition, contended or not,
// so a busy latch that never waits tops a count ranking while costing nothing.
// MIN and MAX are high-water marks since the server started (or the table was
// truncated) and have no change; the interval's average is the sum's change
// over the count's. Picosecond integers are subtracted exactly (they pass 2^53
// after about 2.5 hours of summed waits); times formatted by the sys schema
// are rounded to two decimals in their unit, so their changes are approximate
// and say so.
//
// The same change between every two consecutive snapshots is kept too, one
// sample per event and interval (`intervals.samples`, with `t` the seconds
// from the first snapshot and `rank` the event's place in the first-to-last
// ranking): what a chart draws over time. Both come from one comparison of
// two snapshots (compareSnapshots).
import { Problem, quote } from '../problems/problem.mjs';
import {
  createClientParser, rowObjects, scanHeaders, cellFigure, cellText, extraCells, resultInfo, lowerKeys, isNull, UNPLACED,
} from './shared/mysql-output.mjs';
import { parseTextWith } from './driver.mjs';

const PS_TABLE = 'performance_schema.events_waits_summary_global_by_event_name';
const SYS_VIEW = 'sys.waits_global_by_latency';
const SYS_RAW_VIEW = 'sys.x$waits_global_by_latency';
const STATEMENT = /\b(events_waits_summary_global_by_event_name|x\$waits_global_by_latency|waits_global_by_latency)\b/i;
// Other wait summaries have one row per thread, account, host, user or object: an
// event name repeats in them, so they are not a global summary.
const OTHER_SUMMARY = /\bevents_waits_summary_by_\w+|\bwaits_by_(?:host|user)_by_latency\b/i;
const PER_SOMETHING = ['thread_id', 'object_instance_begin', 'user', 'host', 'account', 'object_schema', 'object_name'];

// Document field → the column names the three sources give it (compared lower-case).
const FIELDS = {
  name: ['event_name', 'events', 'event'],
  count: ['count_star', 'total', 'total_events'],
  sum: ['sum_timer_wait', 'total_latency'],
  min: ['min_timer_wait', 'min_latency'],
  avg: ['avg_timer_wait', 'avg_latency'],
  max: ['max_timer_wait', 'max_latency'],
};
const TIMES = ['sum', 'min', 'avg', 'max'];
const COLUMNS = new Set(Object.values(FIELDS).flat());
const LABELS = [
  'EVENT_NAME', 'COUNT_STAR', 'SUM_TIMER_WAIT', 'MIN_TIMER_WAIT', 'AVG_TIMER_WAIT', 'MAX_TIMER_WAIT',
  'events', 'event', 'total', 'total_events', 'total_latency', 'min_latency', 'avg_latency', 'max_latency',
];

// ─── times ──────────────────────────────────────────────────────────────────

const PICOSECONDS = /^\d+$/;
// `µs` arrives as `μs` (Greek mu) once the line is NFKC-normalised.
const FORMATTED = /^(\d+(?:\.\d+)?) ?(ps|ns|us|µs|μs|ms|s|m|min|h|d|w)$/;
const CLOCK = /^(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/;
const UNIT = { ps: 'ps', ns: 'ns', us: 'us', 'µs': 'us', 'μs': 'us', ms: 'ms', s: 's', m: 'min', min: 'min', h: 'h', d: 'd', w: 'w' };
const EXPONENT = { ps: -12, ns: -9, us: -6, ms: -3, s: 0 };
const SECONDS_PER = { min: 60, h: 3600, d: 86400, w: 604800 };

const seconds = (value, line) => ({ value, text: String(value), unit: 's', line, derived: true });
const round6 = (x) => Math.round(x * 1e6) / 1e6;

/** A number printed in `unit` as seconds, without binary noise (`43.21` us → 0.00004321). */
function toSeconds(text, unit) {
  return unit in EXPONENT ? Number(`${text}e${EXPONENT[unit]}`) : round6(Number(text) * SECONDS_PER[unit]);
}

/**
 * A time as printed, read by the sys schema's rules: `{parts, seconds}` with
 * each number in its printed unit and the seconds derived (the part itself
 * when printed in seconds); picoseconds are bare digits. Null when `text` is
 * none of these. `line` goes into every figure.
 */
export function readTime(text, line) {
  if (PICOSECONDS.test(text)) {
    const part = { value: Number(text), text, unit: 'ps', line, implied: true };
    return { parts: [part], seconds: seconds(Number(`${text}e-12`), line) };
  }
  const formatted = FORMATTED.exec(text);
  if (formatted) {
    const unit = UNIT[formatted[2]];
    const part = { value: Number(formatted[1]), text: formatted[1], unit, line };
    return { parts: [part], seconds: unit === 's' ? part : seconds(toSeconds(formatted[1], unit), line) };
  }
  const clock = CLOCK.exec(text);
  if (clock) {
    const parts = [[clock[1], 'h'], [clock[2], 'min'], [clock[3], 's']].map(([t, unit]) => ({ value: Number(t), text: t, unit, line }));
    return { parts, seconds: seconds(round6(parts[0].value * 3600 + parts[1].value * 60 + parts[2].value), line) };
  }
  return null;
}

/** One time cell: `{text, parts, seconds}`, the shape elapsed-time gives durations; NULL has no parts. */
function timeCell(row, key, column, reader) {
  const text = row.values[key];
  if (text === undefined) return undefined;
  const line = row.lineOf[key] ?? row.line;
  if (isNull(text)) return { text, parts: [], seconds: { value: null, text, unit: 's', line } };
  const time = readTime(text, line);
  if (!time) {
    throw new Problem({
      line,
      column: row.at[key] ?? 1,
      expected: `a time in column ${column}: picoseconds (digits only) or as the sys schema formats it ("43.21 us", "7.20 m", "3.15 min")`,
      found: quote(text),
      rule: 'perf-schema-waits/time',
    });
  }
  // Picoseconds past 2^53 are not exact as a number: the warning says so, the text stays exact.
  if (time.parts[0].unit === 'ps') time.parts[0] = cellFigure(row, key, 'ps', reader, { implied: true });
  return { text, ...time };
}

// ─── detection ──────────────────────────────────────────────────────────────

function detect(lines) {
  const { headers, statements, client } = scanHeaders(lines);
  if (!client) return 0; // a bare pipe table is an article's own (published-table)
  let score = statements.some((s) => STATEMENT.test(s)) ? 60 : 0;
  const seen = new Set(headers.flat());
  const psTimes = ['count_star', 'sum_timer_wait', 'min_timer_wait', 'avg_timer_wait', 'max_timer_wait'];
  if (seen.has('event_name') && psTimes.some((c) => seen.has(c))) score += 50;
  if ((seen.has('events') || seen.has('event')) && ['total_latency', 'avg_latency', 'max_latency'].some((c) => seen.has(c))) score += 50;
  return Math.min(score, 100);
}

// ─── results ────────────────────────────────────────────────────────────────

/** Field → the column (lower-case) that holds it in this result. */
function fieldColumns(columns) {
  const have = new Set(columns.map((c) => c.toLowerCase()));
  const out = {};
  for (const [field, names] of Object.entries(FIELDS)) {
    const found = names.find((n) => have.has(n));
    if (found) out[field] = found;
  }
  return out;
}

/** Which source printed the result: the echoed statement says, or else its columns and times. */
function viewOf(result, fields, events) {
  const m = result.statement && STATEMENT.exec(result.statement.text);
  if (m) {
    const name = m[1].toLowerCase();
    const view = name.startsWith('events_') ? PS_TABLE : name.startsWith('x$') ? SYS_RAW_VIEW : SYS_VIEW;
    return { view, view_from: 'statement' };
  }
  if (!fields.name) return { view: null, view_from: null };
  if (fields.name === 'event_name') return { view: PS_TABLE, view_from: 'columns' };
  const formatted = events.some((e) => TIMES.some((t) => e[t] && e[t].parts.length && e[t].parts[0].unit !== 'ps'));
  return { view: formatted ? SYS_VIEW : SYS_RAW_VIEW, view_from: 'columns' };
}

/** A result from another wait summary (per thread, user, host, object) is refused, not misread. */
function refuseOtherSummary(result) {
  const statement = result.statement?.text ?? '';
  const column = result.columns.find((c) => PER_SOMETHING.includes(c.toLowerCase()));
  if (!OTHER_SUMMARY.test(statement) && !column) return;
  const [row] = rowObjects(result);
  const at = column && row ? { line: row.lineOf[column] ?? row.line, column: row.at[column] ?? 1 } : { line: column ? result.lines.first : result.statement.line, column: 1 };
  throw new Problem({
    ...at,
    expected: 'a global wait summary with one row per event (events_waits_summary_global_by_event_name or sys.waits_global_by_latency)',
    found: column ? `a ${column} column: one row per ${column.toLowerCase().replace(/_id$|_begin$/, '')} and event` : quote(statement),
    rule: 'perf-schema-waits/not-global',
  });
}

function convertEvent(raw, index, fields, reader) {
  const row = lowerKeys(raw);
  const printed = (field) => Object.keys(raw.values).find((c) => c.toLowerCase() === fields[field]);
  const name = cellText(row, fields.name);
  if (!name) {
    throw new Problem({
      line: row.lineOf[fields.name] ?? row.line,
      column: row.at[fields.name] ?? 1,
      expected: `an event name in column ${printed('name')}`,
      found: name === null ? 'NULL' : 'an empty cell',
      rule: 'perf-schema-waits/event-name',
    });
  }
  const event = { index, line: row.line };
  if (row.lines) event.lines = row.lines;
  event.name = name;
  if (fields.count) event.count = cellFigure(row, fields.count, 'count', reader);
  for (const field of TIMES) if (fields[field]) event[field] = timeCell(row, fields[field], printed(field), reader);
  const extra = extraCells(raw, COLUMNS);
  if (extra) event.extra = extra;
  return event;
}

function refuseRepeatedEvent(events) {
  const first = new Map();
  for (const event of events) {
    const earlier = first.get(event.name);
    if (earlier) {
      throw new Problem({
        line: event.line,
        column: 1,
        expected: `each event once per snapshot (a global summary); ${event.name} is already at line ${earlier.line}`,
        found: quote(event.name),
        rule: 'perf-schema-waits/repeated-event',
      });
    }
    first.set(event.name, event);
  }
}

// ─── markers ────────────────────────────────────────────────────────────────

const COMMENT = /^(?:--(?:\s|$)|#)/;
const DATETIME = /\b(\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,6})?)\b/;
const DATETIME_ONLY = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,6})?$/;
// `NOW(): 2026-11-23 13:55:01` in a `\G` record: the label is not an identifier, so the reader hands it over.
const VERTICAL_TIME = /^(\S.*?):\s+(\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,6})?)$/;
const ELAPSED = /\bt\s*=\s*(\d+(?:\.\d+)?)(s?)\b/;

/** A line or cell that marks the next snapshot, with the time it names, if any. */
function marker(kind, line, text, label) {
  const out = { kind, line, text };
  if (label !== undefined) out.label = label;
  const at = DATETIME.exec(text);
  if (at && Number.isNaN(Date.parse(`${at[1].replace(' ', 'T')}Z`))) {
    // A time that is not one (13:56:97) would give the snapshots no elapsed time, or a wrong one.
    throw new Problem({ line, expected: 'a date and time (YYYY-MM-DD hh:mm:ss)', found: quote(at[1]), rule: 'perf-schema-waits/time' });
  }
  if (at) out.at = at[1];
  const t = ELAPSED.exec(text);
  if (t && kind === 'comment') out.t = { value: Number(t[1]), text: t[1], unit: 's', line, ...(t[2] ? {} : { implied: true }) };
  return out;
}

/** Seconds between two snapshots from their markers: `t=` when both have one, else their dates and times. */
function elapsedBetween(first, last) {
  const find = (markers, key) => [...markers].reverse().find((m) => m[key]);
  const [ta, tb] = [find(first.markers, 't'), find(last.markers, 't')];
  if (ta && tb) return seconds(round6(tb.t.value - ta.t.value), tb.line);
  const [a, b] = [find(first.markers, 'at'), find(last.markers, 'at')];
  if (a && b) {
    const ms = Date.parse(`${b.at.replace(' ', 'T')}Z`) - Date.parse(`${a.at.replace(' ', 'T')}Z`);
    return seconds(round6(ms / 1000), b.line);
  }
  return undefined;
}

// ─── change between the first and the last snapshot ─────────────────────────

/** Exact decimal seconds of a picosecond count (a BigInt). */
function picosecondsAsSeconds(ps) {
  const negative = ps < 0n;
  const digits = (negative ? -ps : ps).toString().padStart(13, '0');
  const text = `${digits.slice(0, -12)}.${digits.slice(-12)}`.replace(/\.?0+$/, '');
  return `${negative ? '-' : ''}${text}`;
}

/** The change of one time between two snapshots: exact from picoseconds, else from seconds. */
function timeChange(a, b, line) {
  const pa = a?.parts.length === 1 && a.parts[0].unit === 'ps' ? a.parts[0].text : null;
  const pb = b.parts.length === 1 && b.parts[0].unit === 'ps' ? b.parts[0].text : null;
  if (pb !== null && (pa !== null || a === undefined)) {
    const text = picosecondsAsSeconds(BigInt(pb) - BigInt(pa ?? 0));
    return { figure: { value: Number(text), text, unit: 's', line, derived: true }, exact: true };
  }
  const value = Number((b.seconds.value - (a?.seconds.value ?? 0)).toPrecision(12));
  return { figure: seconds(value, line), exact: false };
}

const isNullFigure = (f) => f !== undefined && f.value === null;

function countChange(a, b, line) {
  const exact = /^\d+$/.test(b.text) && (a === undefined || /^\d+$/.test(a.text));
  const diff = exact ? BigInt(b.text) - BigInt(a?.text ?? 0) : b.value - (a?.value ?? 0);
  return { value: Number(diff), text: String(diff), unit: 'count', line, derived: true };
}

/**
 * One event's change between two snapshots: `{item}` with the count, sum and
 * average over the interval (and whether the sum is exact), or `{reason}`
 * when the two cannot be compared. `a` undefined: the event had not waited yet
 * (the sys view lists only events that waited), so it counts from zero.
 */
function eventChange(a, b) {
  if (isNullFigure(b.count) || isNullFigure(a?.count) || isNullFigure(b.sum?.seconds) || isNullFigure(a?.sum?.seconds)) {
    return { reason: 'a count or total wait time is NULL' };
  }
  const item = {};
  let exact = true;
  if (b.count && (!a || a.count)) item.count = countChange(a?.count, b.count, b.line);
  if (b.sum && (!a || a.sum)) ({ figure: item.sum, exact } = timeChange(a?.sum, b.sum, b.line));
  if ((item.count?.value ?? 0) < 0 || (item.sum?.value ?? 0) < 0) {
    return { reason: 'its figures went down (the table was truncated or the server restarted in between)' };
  }
  if (item.sum && item.count?.value > 0) item.avg = seconds(Number((item.sum.value / item.count.value).toPrecision(12)), b.line);
  return { item, exact };
}

/**
 * Every event of snapshot `b` against snapshot `a`: the changes, in `b`'s
 * order, and the events that cannot be compared (one `b` lacks is one of them).
 */
function compareSnapshots(a, b) {
  const before = new Map(a.events.map((e) => [e.name, e]));
  const changes = [];
  const leftOut = [];
  let exact = true;
  for (const event of b.events) {
    const earlier = before.get(event.name);
    before.delete(event.name);
    const result = eventChange(earlier, event);
    if (result.reason) leftOut.push({ name: event.name, line: event.line, reason: result.reason });
    else {
      changes.push({ name: event.name, from: earlier, to: event, ...result.item });
      exact &&= result.exact;
    }
  }
  for (const event of before.values()) leftOut.push({ name: event.name, line: event.line, reason: `it is not in the last snapshot (lines ${b.lines.first}–${b.lines.last})` });
  return { changes, leftOut, exact };
}

const defined = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const leaveWarning = (left, a, b) => ({
  line: left.line,
  message: `${left.name} is left out of the change from snapshot ${a.index + 1} to ${b.index + 1}: ${left.reason}`,
  text: left.name,
});

/**
 * Whether every snapshot holds as many events as the others, largest total
 * wait first: what `ORDER BY SUM_TIMER_WAIT DESC LIMIT N` prints. An event
 * missing from the first snapshot of such a capture had waited, just not
 * among the top N, so counting it from zero (right for a capture that leaves
 * out only events that never waited) makes its change its whole total.
 */
function topRowsOnly(snapshots) {
  const size = snapshots[0].events.length;
  const largestFirst = (events) => events.every((e, i) => i === 0 || (e.sum?.seconds?.value ?? -1) <= (events[i - 1].sum?.seconds?.value ?? -1));
  return snapshots.length > 1 && size > 1 && snapshots.every((s) => s.events.length === size && largestFirst(s.events));
}

const fromZeroWarning = (name, to, a, b) => ({
  line: to.line,
  message: `${name} is not in snapshot ${a.index + 1} (lines ${a.lines.first}–${a.lines.last}), whose ${a.events.length} events, largest first, look like the top rows of a LIMIT: its change to snapshot ${b.index + 1} counts from zero, which makes it everything it waited since the server started`,
  text: name,
});

/**
 * Each event's change from the first snapshot to the last, ranked by the
 * change in total wait time (count, then name, break ties). An event the
 * first snapshot lacks started from zero (the sys view lists only events that
 * waited); one the last snapshot lacks, or whose figures went down (the table
 * was truncated or the server restarted), cannot be compared and is listed
 * under `left_out` with a warning.
 */
function change(snapshots, warnings) {
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  const { changes, leftOut, exact } = compareSnapshots(first, last);
  for (const left of leftOut) warnings.push(leaveWarning(left, first, last));
  if (topRowsOnly(snapshots)) for (const { name, from, to } of changes) if (!from) warnings.push(fromZeroWarning(name, to, first, last));
  const events = changes.map(({ name, from, to, ...figures }) => ({ name, from_line: from ? from.line : null, to_line: to.line, ...figures }));
  const ranked = events.every((e) => e.sum);
  if (ranked) {
    events.sort((x, y) => y.sum.value - x.sum.value || (y.count?.value ?? 0) - (x.count?.value ?? 0) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  }
  const out = { from: first.index, to: last.index, ranked_by: ranked ? 'sum' : null, exact };
  const elapsed = elapsedBetween(first, last);
  if (elapsed) out.elapsed = elapsed;
  out.events = events.map((e, i) => ({ rank: i + 1, ...e }));
  out.left_out = leftOut;
  return out;
}

/**
 * The same change between every two consecutive snapshots, one sample per
 * event and interval, flat so a chart can draw each event over time: `t` is
 * the seconds from the first snapshot to the interval's end (null when the
 * markers name no time), `rank` the event's place in the first-to-last change
 * (null when it is left out there), so the events a reader sees ranked in
 * total are the ones drawn over time. An event that cannot be compared in one
 * interval is left out of that interval only, with a warning (unless the
 * interval is the first-to-last change, which warned already).
 */
function intervals(snapshots, rankOf, warnings) {
  const samples = [];
  const leftOut = [];
  let exact = true;
  for (let i = 1; i < snapshots.length; i += 1) {
    const [a, b] = [snapshots[i - 1], snapshots[i]];
    const t = elapsedBetween(snapshots[0], b)?.value ?? null;
    const compared = compareSnapshots(a, b);
    exact &&= compared.exact;
    for (const { name, from, to, count, sum, avg } of compared.changes) {
      const sample = { line: to.line, from: a.index, to: b.index, t, name, rank: rankOf.get(name) ?? null, from_line: from ? from.line : null };
      samples.push({ ...sample, ...defined({ count, sum, avg }) });
    }
    for (const left of compared.leftOut) {
      leftOut.push({ from: a.index, to: b.index, ...left });
      if (snapshots.length > 2) warnings.push(leaveWarning(left, a, b));
    }
  }
  return { exact, units: { t: 's' }, samples, left_out: leftOut };
}

// ─── the parser ─────────────────────────────────────────────────────────────

function createParser() {
  const snapshots = [];
  let markers = []; // lines that mark the next snapshot
  let held = null; // a lone line that may be the header of a one-column batch result (`NOW()`)
  let reader = null;

  const releaseHeld = () => {
    if (held) reader.warnings.push({ line: held.line, message: UNPLACED, text: held.text });
    held = null;
  };

  const onText = ({ text }, n) => {
    const comment = COMMENT.exec(text);
    if (comment) {
      releaseHeld();
      markers.push(marker('comment', n, text));
      return true;
    }
    if (DATETIME_ONLY.test(text) && held && held.line === n - 1) {
      markers.push(marker('result', n, text, held.text));
      held = null;
      return true;
    }
    const vertical = VERTICAL_TIME.exec(text);
    if (vertical) {
      releaseHeld();
      markers.push(marker('result', n, vertical[2], vertical[1]));
      return true;
    }
    releaseHeld();
    held = { line: n, text };
    return true;
  };

  const onResult = (result, r) => {
    releaseHeld();
    if (result.form === 'vertical' && result.rows.length === 0) return; // a `\G` whose only cell was a marker
    const fields = fieldColumns(result.columns);
    if (result.form !== 'empty' && !fields.name) {
      asMarkers(result, r);
      return;
    }
    if (result.form !== 'empty') refuseOtherSummary(result);
    if (result.form === 'empty' && result.statement && !STATEMENT.test(result.statement.text)) return;
    const events = result.form === 'empty' ? [] : rowObjects(result).map((row, i) => convertEvent(row, i, fields, r));
    refuseRepeatedEvent(events);
    snapshots.push({
      index: snapshots.length,
      markers,
      ...viewOf(result, fields, events),
      ...resultInfo(result),
      columns: result.columns,
      events,
    });
    markers = [];
  };

  /** A result without an event column: a one-row result marks the next snapshot, anything else is not read. */
  const asMarkers = (result, r) => {
    if (result.rows.length > 1) {
      r.warnings.push({ line: result.lines.first, message: `a result with columns ${result.columns.join(', ')} is not a wait summary; not read`, text: result.columns.join(' | ') });
      return;
    }
    const [row] = rowObjects(result);
    if (!row) return;
    for (const column of result.columns) markers.push(marker('result', row.lineOf[column] ?? row.line, row.values[column], column));
  };

  // A wait summary row always has a figure after the event name, so a line
  // without a TAB ends a batch result: it is a marker (`-- snapshot t=10`,
  // a one-column `NOW()` result), not a row.
  const client = createClientParser({ labels: LABELS, batchRow: (text) => text.includes('\t'), onResult, onText });
  reader = client.reader;

  return {
    push: (line, n) => client.push(line, n),
    end() {
      let cut = null;
      try {
        client.reader.end();
      } catch (error) {
        if (!(error instanceof Problem) || !error.rule.startsWith('mysql/') || snapshots.length === 0) throw error;
        cut = error;
      }
      releaseHeld();
      const incomplete = cut ? keepBeforeCut(snapshots, cut) : trailingMarker(snapshots, markers);
      if (snapshots.length === 0) {
        throw new Problem({
          line: 1,
          column: 1,
          expected: `a wait summary (${PS_TABLE}, ${SYS_VIEW} or ${SYS_RAW_VIEW}) with an EVENT_NAME or events column`,
          found: 'none in the input',
          rule: 'perf-schema-waits/empty',
        });
      }
      const envelope = client.envelope();
      if (!cut && !incomplete) {
        envelope.warnings.push(...markers.map((m) => ({ line: m.line, message: 'a snapshot marker with no wait summary after it', text: m.text })));
      }
      const body = { ...envelope, snapshots };
      // A cut is where the capture stops; a short result before it is in its notes.
      if (incomplete) body.incomplete = incomplete;
      if (snapshots.length >= 2) {
        body.change = change(snapshots, envelope.warnings);
        body.intervals = intervals(snapshots, new Map(body.change.events.map((e) => [e.name, e.rank])), envelope.warnings);
      }
      envelope.warnings.sort((a, b) => a.line - b.line);
      return body;
    },
  };
}

/**
 * The input stops inside a result (or before a result the client owed): the
 * snapshots before it are whole and kept, the cut one is left out, and the
 * document says so. With nothing before the cut, the file is refused.
 */
function keepBeforeCut(snapshots, cut) {
  const last = snapshots[snapshots.length - 1];
  // A `\G` record or a result missing its footer was already handed over; a cut table was not.
  if (cut.rule !== 'mysql/table-cut' && cut.line <= last.lines.last + 1) snapshots.pop();
  if (snapshots.length === 0) throw cut;
  return { reason: `${cut.message} (line ${cut.line}); the snapshot cut there is left out`, line: Math.max(1, cut.line - 1) };
}

/**
 * Markers after the last result: when every snapshot in the file came with a
 * marker, a last marker without its result is a capture that stopped before
 * the client printed it.
 */
function trailingMarker(snapshots, markers) {
  if (markers.length === 0 || snapshots.length === 0 || snapshots.some((s) => s.markers.length === 0)) return null;
  const m = markers[markers.length - 1];
  return { reason: `the file ends after the marker of snapshot ${snapshots.length + 1} at line ${m.line}, before its wait summary`, line: m.line };
}

export const format = {
  name: 'perf-schema-waits',
  role: 'server-status',
  // One file is one capture: its change from the first snapshot to the last is
  // `each="change.events"`, its changes between consecutive snapshots `each="intervals.samples"`.
  items: '.',
  headline: null,
  overTime: null,
  timeField: 't',
  // Where a capture's snapshot times come from, for the error of a chart whose samples have none.
  timeHint: 'a capture gives each snapshot its time on a "-- snapshot N t=12.5s" comment line or a SELECT NOW(6) beside it',
  describedByServer: true,
  runLabels: null,
  labels: null,
  // What `tpsreport new report` charts of a lone capture: the events most waited on from its first snapshot to its last.
  newReport: { topWaits: { each: 'change.events', x: 'name', counters: { sum: 'total wait time' }, title: 'Wait events' } },
  version: '1.2.0',
  title: 'performance_schema.events_waits_summary_global_by_event_name, sys.waits_global_by_latency and sys.x$waits_global_by_latency (MySQL 5.6+, MariaDB 10.x+): bordered, batch and \\G',
  produces: 'every snapshot in order with each event\'s count and times (as printed and in seconds), and with two or more snapshots each event\'s change from the first to the last, ranked by total wait time, and its change over every interval between two consecutive snapshots',
  // A capture stopped mid-way still holds the snapshots before the cut: kept, marked incomplete.
  keepsPartial: true,
  detect,
  mentions: /event_name|_latency/i,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}
