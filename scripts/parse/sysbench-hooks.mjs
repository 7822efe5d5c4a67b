// sysbench 1.0's machine-readable report hooks: a Lua script that sets
// `sysbench.hooks.report_intermediate` (and `report_cumulative`) to
// `sysbench.report_json` or `sysbench.report_csv` gets, in place of the
// `[ 1s ]` lines (and of the text summary), what those functions print
// (src/lua/internal/sysbench.lua):
//
//   CSV, no header:  time,threads,tps,qps,reads,writes,other,latency,errors,reconnects
//   JSON, one object over 13 lines, key per line:
//     {
//       "time":    1,
//       "threads": 1,
//       "tps": 1461.48,
//       "qps": { "total": …, "reads": …, "writes": …, "other": … },  (one key a line)
//       "latency": 0.89,
//       "errors": 0.00,
//       "reconnects": 0.00
//     }
//
// The JSON layout changed twice: 1.0.0–1.0.7 print `"other": x,` and `},`
// after every object; 1.0.8–1.0.13 drop the comma after "other"; 1.0.14 on
// wrap each Lua state's reports in `[` … `]` (the intermediate ones in one
// array, each cumulative one in another) and write the comma between two
// objects just before the second, so the last `}` of the intermediate array
// has no line end until the next report: another thread's output lands on
// its line (`  }[ 2s ] Checkpoint report:`) and the comma on a line of its own.
// All of them read alike here: objects are read a line at a time, commas
// after values and braces are optional, and arrays nest (a checkpoint's
// array opens and closes inside the intermediate one).
//
// Neither form names the latency percentile (it is --percentile, printed by
// the text summary as "95th percentile:"), and values are per second over the
// interval (%4.2f, so `nan` when the interval was zero seconds long).
import { Problem, quote } from '../problems/problem.mjs';
import { figure, beyondDoubleError } from './shared/figure.mjs';
import { columnOf } from '../lib/text.mjs';

/** Sample fields in print order (the CSV columns), with their units. */
const HOOK_FIELDS = ['t', 'threads', 'tps', 'qps', 'reads', 'writes', 'other', 'latency', 'errors', 'reconnects'];
const UNITS = {
  t: 's', threads: 'count', tps: 'tx/s', qps: 'queries/s', reads: 'queries/s', writes: 'queries/s',
  other: 'queries/s', latency: 'ms', errors: 'errors/s', reconnects: 'reconnects/s',
};
// The columns as the sysbench.report_json keys name them (the CSV has no header).
const CSV_HEADER = ['time', ...HOOK_FIELDS.slice(1)].join(',');

// What %4.2f prints, nan and inf included (hookNumber reads those as no value).
const NUMBER_TEXT = String.raw`[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?nan|[-+]?inf`;
const NUMBER = new RegExp(`^(?:${NUMBER_TEXT})$`, 'i');
const INTEGER = /^\d+$/;
// A line of comma-separated words beginning with a digit: a CSV report, or a damaged one.
const CSV_LIKE = /^\d[\w.+-]*(?:,[\w.+-]*)+$/;
const JSON_KEYS = { time: 't', threads: 'threads', tps: 'tps', latency: 'latency', errors: 'errors', reconnects: 'reconnects' };
const QPS_KEYS = { total: 'qps', reads: 'reads', writes: 'writes', other: 'other' };
const JSON_FIELD = /^"(\w+)":\s*(\S+?),?$/;

// nan and inf are what sysbench prints for no value; a number past the largest double is damaged, not a gap.
const NO_VALUE_TEXT = /nan|inf/i;

/** A number as sysbench prints it with %4.2f (nan and inf mean "no value"). */
function hookNumber(text) {
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function refuse(at, text, expected, rule, column = columnOf(at.line, text)) {
  return new Problem({ line: at.n, column, expected, found: quote(text), rule });
}

/** The value of one field, checked: time and threads are whole numbers, the rest may be nan. */
function fieldValue(name, text, at, what, column) {
  const ok = name === 't' || name === 'threads' ? INTEGER.test(text) : NUMBER.test(text);
  const label = `a number for ${name === 't' ? 'time' : name} in ${what}`;
  if (!ok) throw refuse(at, text, label, 'sysbench/hook-number', column);
  const value = hookNumber(text);
  if (value === null && !NO_VALUE_TEXT.test(text)) throw beyondDoubleError(text, at.n, column ?? columnOf(at.line, text), label);
  return value;
}

/**
 * One report: the sample (plain numbers, as interval samples are) and what
 * hookFigures needs should it turn out to be a cumulative report. Long logs
 * are mostly these, so figures are not built for every one.
 */
function report(format, sample, texts, lines) {
  // `latency 0.00` with no event in the interval is "no latency", not zero.
  if (sample.latency === 0 && sample.tps === 0) sample.latency = null;
  if (lines) sample.field_lines = lines;
  return { format, sample, texts };
}

/** A report's figures as printed, each with its unit and line (a cumulative report's shape). */
export function hookFigures({ format, sample, texts }) {
  const figures = { hook: format === 'json' ? 'report_json' : 'report_csv', line: sample.line };
  HOOK_FIELDS.forEach((name, i) => {
    figures[name] = figure(texts[i], UNITS[name], sample.field_lines?.[name] ?? sample.line);
  });
  return figures;
}

// time and threads, then eight numbers: one pattern, as for `[ 1s ]` lines, since long logs are mostly these.
const CSV_STRICT = new RegExp(`^(\\d+),(\\d+),${Array(8).fill(`(${NUMBER_TEXT})`).join(',')}$`, 'i');

/** `1,1,2235.13,0.00,…` → a report, or a Problem naming the field that is wrong. */
export function csvReport(at) {
  const text = at.content;
  const m = CSV_STRICT.exec(text);
  if (!m) return CSV_LIKE.test(text) ? refuseCsv(at, text) : null;
  const sample = { line: at.n };
  for (let i = 0; i < HOOK_FIELDS.length; i += 1) {
    sample[HOOK_FIELDS[i]] = hookNumber(m[i + 1]);
    if (sample[HOOK_FIELDS[i]] === null && !NO_VALUE_TEXT.test(m[i + 1])) return refuseCsv(at, text);
  }
  return report('csv', sample, m.slice(1), null);
}

/** Why a line that looks like a report_csv line is not one: the field count, or the field that is not a number. */
function refuseCsv(at, text) {
  const fields = text.split(',');
  if (fields.length !== HOOK_FIELDS.length) {
    throw new Problem({
      line: at.n, column: 1, rule: 'sysbench/hook-csv-fields',
      expected: `${HOOK_FIELDS.length} comma-separated fields of sysbench.report_csv (${CSV_HEADER})`,
      found: `${fields.length} fields: ${quote(text)}`,
    });
  }
  // Values repeat (0.00 in most columns), so a bad one is placed by its offset, not searched for.
  let column = columnOf(at.line, text);
  HOOK_FIELDS.forEach((name, i) => {
    fieldValue(name, fields[i], at, 'a sysbench.report_csv line', column);
    column += fields[i].length + 1;
  });
  return null; // not reached: the patterns agree, so some field failed above
}

/**
 * Reads sysbench.report_json output a line at a time. `push` returns false
 * for a line that is not JSON punctuation or a field of an open object, a
 * finished report when an object closes, and true otherwise.
 */
export class JsonReports {
  constructor() {
    this.object = null;
    this.arrays = []; // the open `[`s, innermost last, each {line, closed}
  }

  /** True while inside an object: every line up to its `}` must be part of it. */
  get open() { return this.object !== null; }

  push(at) {
    const text = at.content;
    if (this.object) return this.insideObject(at, text);
    const array = this.arrays.at(-1) ?? null;
    if (text === '{') {
      this.object = { start: at.n, qps: null, values: {}, texts: {}, lines: {}, array };
      return true;
    }
    if (text === '[') {
      this.arrays.push({ line: at.n, closed: false });
      return true;
    }
    if (text === ']' && array) {
      this.arrays.pop().closed = true;
      return true;
    }
    return text === ',' && array !== null; // the separator, after another report took the line
  }

  insideObject(at, text) {
    const o = this.object;
    if (/^},?$/.test(text)) {
      if (o.qps) {
        o.qps = null;
        return true;
      }
      return this.close(at, text);
    }
    if (text === '"qps": {' && o.qps === null && !('qps' in o.values)) {
      o.qps = at.n;
      return true;
    }
    const m = JSON_FIELD.exec(text);
    const keys = o.qps ? QPS_KEYS : JSON_KEYS;
    const name = m && Object.hasOwn(keys, m[1]) ? keys[m[1]] : null;
    if (!name) {
      throw refuse(at, text, `a "name": number line of a sysbench.report_json object (opened on line ${o.start})${o.qps ? ' inside "qps"' : ''}`, 'sysbench/hook-json');
    }
    if (name in o.values) throw refuse(at, text, `one "${m[1]}" in a sysbench.report_json object (the first is on line ${o.lines[name]})`, 'sysbench/hook-json');
    o.values[name] = fieldValue(name, m[2], at, 'a sysbench.report_json object');
    o.texts[name] = m[2];
    o.lines[name] = at.n;
    return true;
  }

  close(at, text) {
    const o = this.object;
    const absent = HOOK_FIELDS.find((name) => !(name in o.values));
    if (absent) {
      const key = Object.entries({ ...JSON_KEYS, ...QPS_KEYS }).find(([, v]) => v === absent)[0];
      throw refuse(at, text, `a "${key}": line before the end of the sysbench.report_json object opened on line ${o.start}`, 'sysbench/hook-json-fields');
    }
    this.object = null;
    const sample = { line: o.lines.t };
    for (const name of HOOK_FIELDS) sample[name] = o.values[name];
    return { ...report('json', sample, HOOK_FIELDS.map((name) => o.texts[name]), o.lines), array: o.array };
  }
}
