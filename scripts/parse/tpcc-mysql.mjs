// tpcc-mysql (Percona-Lab `tpcc_start`) output, both generations (FORMATS.md §6):
//   old (≤ 105742f1): interval lines `10, 686(0):2.044|3.593, …` in seconds;
//   new (38ea6eca+): `10, trx: 11204, 95%: 5.681, 99%: 6.864, max_rt: …` in
//   milliseconds, plus `avg_rt: 3.9 (5)` in <Raw Results>.
// Copies from blogs are common, so markdown escapes (`\*`, `\[`, `&lt;`) are
// undone before matching and interval lines hard-wrapped by a terminal are
// joined again. The tool echoes the password (`option p`, `[pass]`): it never
// reaches the document, not even inside a note or a warning.
import { Problem, quote } from '../problems/problem.mjs';
import { figure, requireFigure } from './shared/figure.mjs';
import { columnOf, toNumber } from '../lib/text.mjs';
import { parseTextWith } from './driver.mjs';

const TX = ['new_order', 'payment', 'order_status', 'delivery', 'stock_level'];
const TX_LABEL = { 'New-Order': 'new_order', Payment: 'payment', 'Order-Status': 'order_status', Delivery: 'delivery', 'Stock-Level': 'stock_level' };
const NUM = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
// avg_rt is total/(sc+lt): glibc prints -nan for a transaction that never ran.
const NUM_OR_NAN = String.raw`(?:${NUM}|-?nan|-?NaN|-?inf)`;

const INTERVAL_START = /^(\d+),\s*(?:(rampup|measure),\s*)?/;
const INTERVAL_LINE = /^\d+,\s*(?:(?:rampup|measure),\s*)?(?:trx:|\d+\()/;
const NEW_FIELDS = [
  ['trx', new RegExp(`^trx:\\s*(\\d+)$`)],
  ['p95', new RegExp(`^95%?:\\s*(${NUM_OR_NAN})$`)],
  ['p99', new RegExp(`^99%?:\\s*(${NUM_OR_NAN})$`)],
  ['max', new RegExp(`^max_rt:\\s*(${NUM_OR_NAN})$`)],
];
const COUNT_MAX = new RegExp(`^(\\d+)\\|(${NUM_OR_NAN})$`);
const OLD_FIELD = new RegExp(`^(\\d+)\\((\\d+)\\):(${NUM_OR_NAN})(?:\\|(${NUM_OR_NAN}))?$`);

const RAW_ROW = new RegExp(
  String.raw`^\[(\d)(?::[\w-]+)?\]\s*sc:\s*(\d+)\s+lt:\s*(\d+)\s+rt:\s*(\d+)\s+fl:\s*(\d+)(?:\s+avg_rt:\s*(${NUM_OR_NAN})\s*\((\d+)\))?$`,
);
const PERCENT_CHECK = new RegExp(String.raw`^([A-Za-z-]+):\s*(${NUM_OR_NAN})%\s*\(>=\s*(${NUM})%\)\s*\[(OK|NG)\](?:\s*\*)?$`);
const RESPONSE_CHECK = new RegExp(String.raw`^([A-Za-z-]+):\s*(${NUM_OR_NAN})%\s*\[(OK|NG)\](?:\s*\*)?$`);
const OPTION = /^option (\w)(?: \(([\w ]+)\))? with value '(.*)'$/;
const PARAMETER = /^\[\s*([\w ]+?)\s*\]:\s*(.*)$/;
const ELISION = /^(?:\.{3,}|…|~~\s*snip\s*~~|\[\.\.\.\])$/i;
const TOOL_ERROR = /^(?:\d{4}, [A-Z0-9]{5}, |error\b|.*\b(?:fail(?:ed)? to|Can't connect|Access denied)\b)/i;
const SHELL_COMMAND = /^(?:\$\s+|\S+@\S+:[^$#]*[$#]\s+)?(?:\S*\/)?tpcc_start\b/;

const SECTIONS = [
  [/^<Parameters>$/, 'parameters'],
  [/^<Raw Results>$/, 'raw_results'],
  [/^<Raw Results2\(sum ver\.\)>$/, 'raw_results2'],
  [/^<Raw Results2\(sum from per-thread stats\)>$/, 'raw_results2'],
  [/^<Constraint Check> \(all must be \[OK\]\)$/, 'constraint_check'],
  [/^<TpmC>$/, 'tpmc'],
];
const PARTS = ['banner', 'parameters', 'intervals', 'raw_results', 'raw_results2', 'constraint_check', 'tpmc'];

export const format = {
  name: 'tpcc-mysql',
  role: 'benchmark',
  items: '.',
  headline: [{ metric: 'tpmc', title: 'New-order transactions per minute (tpmC)' }],
  overTime: null,
  // Its interval samples name their second `time`.
  timeField: 'time',
  describedByServer: true,
  runLabels: null,
  // tpcc_start echoes its options: -w warehouses, -c connections.
  labels: (doc) => ({ warehouses: doc.parameters?.warehouse?.value, connections: doc.parameters?.connection?.value }),
  version: '1.0.0',
  // A run that died mid-way still shows what it measured: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'tpcc-mysql tpcc_start (Percona-Lab; old seconds and new millisecond interval layouts)',
  produces: 'Options and parameters (password redacted), interval samples, raw results, constraint checks and TpmC of one tpcc_start run.',
  detect,
  mentions: /TpmC|TPC-C|Raw Results|Constraint Check|\] sc:|, trx:|\d\):/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/** Markdown and HTML escapes that blog copies add to the tool's own characters. */
export function unescapeCopy(line) {
  if (!/[\\&]/.test(line)) return line;
  return line
    .replace(/\\([*[\]_#<>`])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function detect(lines) {
  let score = 0;
  let intervals = 0;
  for (const raw of lines) {
    const text = unescapeCopy(raw).trim();
    if (/TPC-C Load Generator/.test(text)) score += 10;
    else if (text === '<TpmC>' || /^\d+(?:\.\d+)? TpmC\b/.test(text)) score += 10;
    else if (/^<Raw Results2?/.test(text) || text.startsWith('<Constraint Check>')) score += 10;
    else if (/^\[\d\] sc:\d+\s+lt:\d+/.test(text)) score += 2;
    else if (intervals < 3 && /^\d+, (?:trx: \d+, 95%?:|\d+\(\d+\):)/.test(text)) {
      intervals += 1;
      score += 3;
    }
  }
  return score;
}

function createParser({ source } = {}) {
  const doc = {
    status: 'no result',
    missing: [],
    options: [],
    parameters: null,
    password_redacted: false,
    redactions: [],
    ramp_up: null,
    measuring_start_line: null,
    intervals: null,
    stopping_threads: null,
    raw_results: null,
    raw_results2: null,
    constraint_check: null,
    tpmc: null,
    messages: [],
  };
  const notes = [];
  const warnings = [];
  const secrets = new Set();
  let tool = null;
  let section = null; // parameters | raw_results | raw_results2 | constraint_check | tpmc | null
  let checkGroup = null;
  let held = null; // the last interval line, until we know the terminal did not wrap it
  let last = { no: 0, raw: '' };

  const warn = (no, text, message) => warnings.push({ line: no, message, text });

  /** An empty password is recorded too: the reader learns the run used none. */
  function redact(no, field, value) {
    doc.redactions.push({ line: no, field, empty: value === '' });
    if (value === '') return;
    secrets.add(value);
    doc.password_redacted = true;
  }

  function option(no, m) {
    const [, name, label, value] = m;
    const entry = { name, ...(label ? { label } : {}), value, line: no };
    if (name === 'p') {
      redact(no, 'option p', value);
      entry.value = null;
      entry.redacted = true;
    }
    doc.options.push(entry);
  }

  function parameter(no, text, raw) {
    if (/^Using schema:/.test(text)) {
      doc.parameters.schemas.push({ text: text.replace(/^Using schema:\s*/, ''), line: no });
      return true;
    }
    const m = text.match(PARAMETER);
    if (!m) return false;
    const [, name, value] = m;
    const p = doc.parameters;
    switch (name) {
      case 'pass':
        redact(no, '[pass]', value);
        p.pass = { redacted: true, line: no };
        return true;
      case 'warehouse':
      case 'connection':
        p[name] = requireFigure(value, 'count', no, raw, `[${name}]`);
        return true;
      case 'rampup':
      case 'measure': {
        const sec = value.match(/^(\S+) \(sec\.\)$/);
        p[name] = requireFigure(sec ? sec[1] : value, 's', no, raw, `[${name}] seconds`);
        return true;
      }
      case 'server':
      case 'port':
      case 'DBname':
      case 'user':
      case 'ratio':
        p[name.toLowerCase()] = { text: value, line: no };
        return true;
      default:
        p.other.push({ name, text: value, line: no });
        return true;
    }
  }

  /**
   * An interval line is held until the next line: a terminal may have wrapped
   * it, and the tail ("178.482") can only be recognised from the line after.
   */
  function intervalLine(no, text, raw) {
    const sample = readInterval(text, raw, no);
    if (!sample.complete && !sample.short) throw intervalError(no, raw, sample);
    held = { no, text, raw, sample };
  }

  function continueHeld(no, text, raw) {
    const h = held;
    const fragment = /^(?:\d|\.\d|\|)/.test(text) && !INTERVAL_LINE.test(text);
    if (!h.sample.short && !fragment) {
      flushHeld();
      return false;
    }
    held = null;
    const joined = readInterval(h.text + text, h.raw + text, h.no);
    if (joined.complete) {
      addSample(joined, { first: h.no, last: no });
      return true;
    }
    if (joined.column > h.raw.length) throw intervalError(no, raw, { ...joined, column: columnOf(raw, joined.bad ?? text) });
    throw intervalError(h.no, h.raw, joined);
  }

  function flushHeld() {
    if (!held) return;
    const h = held;
    held = null;
    if (!h.sample.complete) throw intervalError(h.no, h.raw, { short: true });
    addSample(h.sample, null);
  }

  function addSample(sample, lines) {
    doc.intervals ??= { layout: sample.layout, units: UNITS[sample.layout], samples: [] };
    if (doc.intervals.layout !== sample.layout) {
      throw new Problem({ line: sample.line, column: 1, expected: `an interval line in the ${doc.intervals.layout} layout of the lines above`, found: `the ${sample.layout} layout`, rule: 'tpcc-interval' });
    }
    const { complete, short, layout, ...values } = sample;
    doc.intervals.samples.push(lines ? { ...values, lines } : values);
  }

  function rawRow(no, text, raw, key) {
    const m = text.match(RAW_ROW);
    if (!m) {
      throw new Problem({ line: no, column: columnOf(raw, text), expected: `a ${key === 'raw_results' ? '<Raw Results>' : '<Raw Results2>'} row ("[0] sc:… lt:… rt:… fl:…")`, found: quote(text), rule: 'tpcc-raw' });
    }
    const [, index, sc, lt, rt, fl, avg, limit] = m;
    const row = {
      index: Number(index),
      transaction: TX[Number(index)] ?? null,
      line: no,
      sc: figure(sc, 'count', no),
      lt: figure(lt, 'count', no),
      rt: figure(rt, 'count', no),
      fl: figure(fl, 'count', no),
    };
    if (avg !== undefined) {
      // Printed without a unit; the millisecond builds are the only ones that print avg_rt,
      // and they compare it with limits meant as seconds (FORMATS.md §6).
      row.avg_rt = figure(avg, 'ms', no, { implied: true });
      row.limit = figure(limit, 'ms', no, { implied: true });
    }
    doc[key].rows.push(row);
    doc[key].lines.last = no;
  }

  function constraint(no, text, raw) {
    if (text === '[transaction percentage]') return (checkGroup = 'transaction_percentage');
    if (text === '[response time (at least 90% passed)]') return (checkGroup = 'response_time');
    const pct = text.match(PERCENT_CHECK);
    const rt = pct ? null : text.match(RESPONSE_CHECK);
    if (!pct && !rt) {
      throw new Problem({ line: no, column: columnOf(raw, text), expected: 'a constraint check line ("Payment: 43.48% (>=43.0%) [OK]")', found: quote(text), rule: 'tpcc-constraint' });
    }
    const group = pct ? 'transaction_percentage' : 'response_time';
    if (checkGroup && checkGroup !== group) {
      throw new Problem({ line: no, column: columnOf(raw, text), expected: `a ${checkGroup.replace('_', ' ')} check`, found: quote(text), rule: 'tpcc-constraint' });
    }
    const m = pct ?? rt;
    const entry = {
      name: m[1],
      transaction: TX_LABEL[m[1]] ?? null,
      line: no,
      percent: figure(m[2], 'percent', no),
      ...(pct ? { minimum: figure(pct[3], 'percent', no) } : {}),
      flag: pct ? pct[4] : rt[3],
    };
    doc.constraint_check[group].push(entry);
    doc.constraint_check.lines.last = no;
    return undefined;
  }

  function open(name, no) {
    closeSection(no);
    section = name;
    checkGroup = null;
    if (name === 'parameters') doc.parameters = { lines: { first: no, last: no }, server: null, port: null, dbname: null, user: null, pass: null, warehouse: null, connection: null, rampup: null, measure: null, schemas: [], other: [] };
    if (name === 'raw_results' || name === 'raw_results2') doc[name] = { lines: { first: no, last: no }, rows: [], ...(name === 'raw_results' ? { measured: null } : {}) };
    if (name === 'constraint_check') doc.constraint_check = { lines: { first: no, last: no }, transaction_percentage: [], response_time: [] };
  }

  /** A block followed by something else was cut short in the copy: say so, keep what is there. */
  function closeSection(no) {
    const incomplete = sectionProblem();
    if (incomplete) warn(no, '', `${incomplete} before this line`);
    section = null;
  }

  function sectionProblem() {
    if ((section === 'raw_results' || section === 'raw_results2') && doc[section].rows.length < 5) {
      return `<${section === 'raw_results' ? 'Raw Results' : 'Raw Results2'}> has ${doc[section].rows.length} of 5 transaction rows`;
    }
    if (section === 'raw_results' && !doc.raw_results.measured) return '<Raw Results> has no " in N sec." line';
    if (section === 'constraint_check') {
      const { transaction_percentage: a, response_time: b } = doc.constraint_check;
      if (a.length < 4 || b.length < 5) return `<Constraint Check> has ${a.length} of 4 percentage and ${b.length} of 5 response-time checks`;
    }
    if (section === 'tpmc' && !doc.tpmc) return '<TpmC> has no "N TpmC" line';
    return null;
  }

  function line(no, text, raw) {
    for (const [re, name] of SECTIONS) {
      if (re.test(text)) {
        flushHeld();
        return open(name, no);
      }
    }

    if (held && continueHeld(no, text, raw)) return undefined;
    if (INTERVAL_LINE.test(text)) {
      closeSection(no);
      return intervalLine(no, text, raw);
    }

    if (section === 'parameters' && parameter(no, text, raw)) return (doc.parameters.lines.last = no);
    if (section === 'raw_results' || section === 'raw_results2') {
      const sec = text.match(/^in (\S+) sec\.$/);
      if (sec && section === 'raw_results') {
        doc.raw_results.measured = requireFigure(sec[1], 's', no, raw, 'the measured seconds');
        doc.raw_results.lines.last = no;
        return undefined;
      }
      if (text.startsWith('[')) return rawRow(no, text, raw, section);
    }
    if (section === 'constraint_check' && (text.startsWith('[') || /^[A-Za-z-]+:/.test(text))) return constraint(no, text, raw);
    if (section === 'tpmc') {
      const m = text.match(/^(\S+) TpmC(?:\s+(.*))?$/);
      if (m) {
        doc.tpmc = requireFigure(m[1], 'tx/min', no, raw, 'TpmC');
        if (m[2]) notes.push({ line: no, text: m[2], kind: 'annotation' });
        section = null;
        return undefined;
      }
    }
    return outside(no, text, raw);
  }

  function outside(no, text, raw) {
    const opt = text.match(OPTION);
    if (opt) return option(no, opt);
    if (/TPC-C Load Generator/.test(text)) {
      tool ??= { name: 'tpcc-mysql', version: null, line: no };
      return undefined;
    }
    if (/^\*+$/.test(text)) return undefined; // banner rule
    const ramp = text.match(/^RAMP-UP TIME\.\((\S+) sec\.\)$/);
    if (ramp) return (doc.ramp_up = requireFigure(ramp[1], 's', no, raw, 'the ramp-up seconds'));
    if (text === 'MEASURING START.') return (doc.measuring_start_line = no);
    const stop = text.match(/^STOPPING THREADS(\.*)$/);
    if (stop) return (doc.stopping_threads = { line: no, dots: stop[1].length });
    if (ELISION.test(text)) return notes.push({ line: no, text, kind: 'elision' });
    if (SHELL_COMMAND.test(text) || /^\$\s+\S/.test(text)) return notes.push({ line: no, text: redactCommand(text), kind: 'command' });
    if (TOOL_ERROR.test(text)) return doc.messages.push({ level: 'error', text, line: no });
    return warn(no, text, 'line is not tpcc-mysql output');
  }

  function finish() {
    flushHeld();
    const problem = sectionProblem();
    if (problem) {
      throw new Problem({ line: last.no, column: last.raw.length + 1, expected: `the rest of the block (${problem})`, found: 'end of input', rule: 'tpcc-truncated' });
    }
    if (!tool && !doc.parameters && !doc.intervals && !doc.raw_results && !doc.tpmc && !doc.constraint_check) {
      throw new Problem({ line: 1, column: 1, expected: 'tpcc-mysql output (<Parameters>, interval lines, <Raw Results> or <TpmC>)', found: 'none in the file', rule: 'tpcc-missing' });
    }
    doc.missing = PARTS.filter((part) => (part === 'banner' ? !tool : part === 'intervals' ? !doc.intervals : !doc[part]));
    doc.status = doc.tpmc ? 'complete' : doc.messages.length ? 'failed' : 'no result';
    // Without an error from the tool, a missing <TpmC> means the output stops early.
    const incomplete = doc.status === 'no result'
      ? { reason: 'the output stops before the <TpmC> result, with no error from the tool (the run did not finish, or the file was cut)', line: last.no }
      : undefined;
    return {
      tool,
      ...(incomplete ? { incomplete } : {}),
      notes: notes.map((n) => ({ ...n, text: scrub(n.text, secrets) })),
      warnings: warnings.map((w) => ({ ...w, text: scrub(w.text, secrets) })),
      ...doc,
      messages: doc.messages.map((m) => ({ ...m, text: scrub(m.text, secrets) })),
    };
  }

  const guard = (fn) => (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      if (error instanceof Problem && !error.file && source) error.file = source;
      if (error instanceof Problem && error.found) error.found = scrub(error.found, secrets);
      if (error instanceof Problem) error.message = `expected ${error.expected}${error.found === undefined ? '' : `, found ${error.found}`}`;
      throw error;
    }
  };

  return {
    push: guard((raw, no) => {
      const unescaped = unescapeCopy(raw);
      const text = unescaped.trim();
      if (text !== '') last = { no, raw: unescaped };
      if (text === '') return undefined;
      return line(no, text, unescaped);
    }),
    end: guard(finish),
  };
}

const UNITS = {
  new: { time: 's', count: 'count', p95: 'ms', p99: 'ms', max: 'ms' },
  old: { time: 's', count: 'count', late: 'count', p90: 's', max: 's' },
  'old-sleep-only': { time: 's', count: 'count', late: 'count', p90: 's' },
};

/**
 * Reads one interval line field by field, so an error can point at the field.
 * `short` means the line ended early (a terminal wrap); `bad` is the field that is wrong.
 */
function readInterval(text, raw, no) {
  const start = text.match(INTERVAL_START);
  const fields = text.slice(start[0].length).split(/,\s*/).filter((f, i, all) => f !== '' || i < all.length - 1);
  const sample = { line: no, time: Number(start[1]), ...(start[2] ? { phase: start[2] } : {}) };
  const column = (field) => columnOf(raw, field);
  const isNew = fields[0]?.startsWith('trx');
  const want = isNew ? 8 : 5;
  const values = {};
  let layout = isNew ? 'new' : 'old';
  for (let i = 0; i < fields.length; i += 1) {
    const f = fields[i];
    const lastField = i === fields.length - 1;
    let m;
    if (i >= want) return { bad: f, column: column(f), want };
    if (isNew && i < 4) {
      m = f.match(NEW_FIELDS[i][1]);
      if (!m) return lastField && NEW_FIELDS[i][0].length ? { short: true, bad: f, column: column(f), want } : { bad: f, column: column(f), want };
      if (i === 0) values.new_order = { count: Number(m[1]) };
      else values.new_order[NEW_FIELDS[i][0]] = toNumber(m[1]);
    } else if (isNew) {
      m = f.match(COUNT_MAX);
      if (!m) return lastField ? { short: true, bad: f, column: column(f), want } : { bad: f, column: column(f), want };
      values[TX[i - 3]] = { count: Number(m[1]), max: toNumber(m[2]) };
    } else {
      m = f.match(OLD_FIELD);
      if (!m) return lastField ? { short: true, bad: f, column: column(f), want } : { bad: f, column: column(f), want };
      if (m[4] === undefined) layout = 'old-sleep-only';
      values[TX[i]] = { count: Number(m[1]), late: Number(m[2]), p90: toNumber(m[3]), ...(m[4] === undefined ? {} : { max: toNumber(m[4]) }) };
    }
  }
  if (fields.length < want) return { short: true, column: raw.length + 1, want };
  return { complete: true, layout, ...sample, ...values };
}

function intervalError(no, raw, sample) {
  const expected = 'an interval line ("10, trx: N, 95%: …, 99%: …, max_rt: …, N|…" or "10, N(N):…|…")';
  if (sample.bad !== undefined && !sample.short) {
    return new Problem({ line: no, column: sample.column, expected, found: quote(sample.bad), rule: 'tpcc-interval' });
  }
  return new Problem({ line: no, column: (raw ?? '').length + 1, expected, found: 'the line ending early, and no continuation on the next line', rule: 'tpcc-interval' });
}

/** The command line that started the run may carry the password too. */
function redactCommand(text) {
  return text.replace(/(\s-p\s*)('[^']*'|"[^"]*"|\S+)/g, '$1[redacted]').replace(/(--password=)\S+/g, '$1[redacted]');
}

function scrub(text, secrets) {
  if (text === undefined) return text;
  let out = text;
  for (const secret of secrets) {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(^|[^\\w])${escaped}(?=[^\\w]|$)`, 'g'), '$1[redacted]');
  }
  return out;
}
