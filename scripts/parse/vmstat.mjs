// `vmstat N [count]` from procps / procps-ng (3.2 – 4.0): plain, `-w` wide,
// `-t` timestamps, `-a` active/inactive memory, `-S k|K|m|M` units, and the
// header that long runs repeat every screenful. Benchmark write-ups use it to
// show CPU, run queue and I/O while a test ran.
//
// The output never prints its units: memory columns are KiB unless `-S` says
// otherwise, which only the command line shows. So a `$ vmstat -S M 1` line
// above the output decides; without one KiB is assumed and marked implied.
import { Problem, quote } from '../problems/problem.mjs';
import { columnOf, withoutAnnotation } from '../lib/text.mjs';
import { parseTextWith } from './driver.mjs';

const GROUPS = /^-*procs-*\s+-+memory-+\s+-+swap-+\s+-+io-+\s+-+system-+\s+-+cpu-+(?:\s+-+timestamp-+)?$/;
const COLUMNS = /^r\s+b\s+(?:swpd|free)\b/;
const ROW = /^\d+\s+\d+\s+\d/;
const TIMESTAMP = /\s(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$/;
const PROMPT = /^(?:\[[^\]]*\]|[\w.-]+@[\w.-]+(?::\S*)?|[\w.~/-]+)?\s?[$#]\s+(\S.*)$/;

const MEMORY = new Set(['swpd', 'free', 'buff', 'cache', 'inact', 'active']);
const FIXED_UNITS = {
  r: 'count', b: 'count', bi: 'blocks/s', bo: 'blocks/s', in: 'interrupts/s', cs: 'context-switches/s',
  us: 'percent', sy: 'percent', id: 'percent', wa: 'percent', st: 'percent', gu: 'percent',
};
// -S k and m are powers of 1000, K and M of 1024 (procps vmstat.8).
const MEMORY_UNITS = { k: 'kB', K: 'KiB', m: 'MB', M: 'MiB' };

export const format = {
  name: 'vmstat',
  role: 'host-metrics',
  items: 'runs',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: false,
  runLabels: null,
  labels: null,
  version: '1.0.0',
  // A run that died mid-way still shows what it measured: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'vmstat (procps 3.2 – procps-ng 4.0): plain, -w, -t, -a, -S units, repeated headers',
  produces: 'Each vmstat run: its columns and units, and every sample (first flagged as the since-boot average)',
  detect,
  mentions: /procs|\bcs\b/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

function detect(lines) {
  let score = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (GROUPS.test(line)) score += 50;
    else if (COLUMNS.test(line) && /\bcs\b/.test(line) && /\bus\b/.test(line)) score += 30;
  }
  return Math.min(score, 200);
}

function createParser() {
  const runs = [];
  const notes = [];
  const warnings = [];
  let command = null;
  let run = null;
  let previous = 'none'; // what the previous non-blank line was: none | groups | columns | row | other

  const start = (lineNo, t) => {
    if (run && run.columns.length === 0) {
      throw new Problem({ line: lineNo, column: 1, expected: `the vmstat column header ( r  b   swpd   free …) after the group line at ${run.lines.first}`, found: quote(t), rule: 'vmstat/header' });
    }
    const options = vmstatOptions(command?.text);
    run = {
      command: command?.text ?? null,
      lines: { first: lineNo, last: lineNo },
      memory_unit: { unit: options.unit ?? 'KiB', implied: options.unit === null },
      columns: [],
      units: {},
      timezone: null,
      samples: [],
      first_sample_since_boot: !options.noFirst,
    };
    runs.push(run);
    command = null;
  };

  const readColumns = (t, lineNo) => {
    const names = t.split(/\s+/);
    const hasTimestamp = run.groups_timestamp || /^[A-Z]{2,5}$|^[+-]\d\d/.test(names.at(-1));
    if (hasTimestamp && !FIXED_UNITS[names.at(-1)]) run.timezone = names.pop();
    const odd = names.find((name) => !/^[a-z]+$/.test(name));
    if (odd !== undefined) {
      throw new Problem({ line: lineNo, column: columnOf(t, odd), expected: 'vmstat column names (lower-case letters)', found: quote(odd), rule: 'vmstat/columns' });
    }
    if (run.columns.length > 0 && run.columns.join(' ') !== names.join(' ')) {
      throw new Problem({ line: lineNo, column: 1, expected: `the same vmstat columns as the run above (${run.columns.join(' ')})`, found: quote(t), rule: 'vmstat/columns' });
    }
    run.columns = names;
    run.units = Object.fromEntries(names.map((name) => [name, unitOf(name, run.memory_unit.unit)]));
    for (const name of names.filter((n) => !(n in FIXED_UNITS) && !MEMORY.has(n) && n !== 'si' && n !== 'so')) {
      warnings.push({ line: lineNo, message: `vmstat column "${name}" is not one tpsreport knows; its values are kept with unit count`, text: t });
    }
  };

  const readRow = (line, t, lineNo) => {
    if (run.columns.length === 0) {
      throw new Problem({ line: lineNo, column: 1, expected: 'the vmstat column header ( r  b   swpd   free …) before the samples', found: quote(t), rule: 'vmstat/header' });
    }
    const stamp = TIMESTAMP.exec(t);
    const fields = (stamp ? t.slice(0, stamp.index) : t).trim().split(/\s+/);
    if (fields.length !== run.columns.length) {
      throw new Problem({
        line: lineNo,
        column: 1,
        expected: `${run.columns.length} values (${run.columns.join(' ')})`,
        found: `${fields.length} values in ${quote(t)}`,
        rule: 'vmstat/row',
      });
    }
    const values = {};
    fields.forEach((text, i) => {
      if (!/^\d+$/.test(text)) {
        throw new Problem({ line: lineNo, column: columnOf(line, text), expected: `a whole number for ${run.columns[i]}`, found: quote(text), rule: 'number' });
      }
      values[run.columns[i]] = Number(text);
    });
    const sample = { line: lineNo };
    if (run.samples.length === 0 && run.first_sample_since_boot) sample.since_boot = true;
    if (stamp) sample.timestamp = stamp[1];
    sample.values = values;
    run.samples.push(sample);
  };

  return {
    push(line, lineNo) {
      const t = withoutAnnotation(line, lineNo, notes);
      if (t === '') {
        if (previous !== 'none') previous = 'blank';
        return;
      }
      if (GROUPS.test(t)) {
        // A header straight after a sample is the screenful repeat of the same run.
        if (!run || previous !== 'row') start(lineNo, t);
        run.groups_timestamp = /timestamp/.test(t);
        run.lines.last = lineNo;
        previous = 'groups';
        return;
      }
      if (COLUMNS.test(t)) {
        if (!run || (previous !== 'groups' && previous !== 'row')) start(lineNo, t);
        readColumns(t, lineNo);
        run.lines.last = lineNo;
        previous = 'columns';
        return;
      }
      if (ROW.test(t) && run) {
        readRow(line, t, lineNo);
        run.lines.last = lineNo;
        previous = 'row';
        return;
      }
      const prompt = PROMPT.exec(t);
      if (prompt) {
        notes.push({ line: lineNo, text: t, kind: 'command' });
        command = { text: prompt[1], line: lineNo };
        run = null;
        previous = 'other';
        return;
      }
      if (/^\^C$/.test(t)) {
        notes.push({ line: lineNo, text: t, kind: 'interrupt' });
        return;
      }
      previous = 'other';
      warnings.push({ line: lineNo, message: 'not a line of vmstat output', text: line });
    },
    end() {
      if (runs.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'vmstat headers (procs ---memory--- …)', found: 'none', rule: 'vmstat' });
      }
      const headless = runs.find((r) => r.columns.length === 0);
      if (headless) {
        throw new Problem({ line: headless.lines.first, column: 1, expected: 'the vmstat column header ( r  b   swpd   free …) after this group line', found: 'none', rule: 'vmstat/header' });
      }
      for (const r of runs) delete r.groups_timestamp;
      return { tool: { name: 'vmstat', version: null, line: runs[0].lines.first }, notes, warnings, runs };
    },
  };
}

function unitOf(name, memoryUnit) {
  if (MEMORY.has(name)) return memoryUnit;
  if (name === 'si' || name === 'so') return `${memoryUnit}/s`;
  return FIXED_UNITS[name] ?? 'count';
}

/** The options of a `vmstat …` command line that change what the output means. */
function vmstatOptions(cmd) {
  const out = { unit: null, noFirst: false };
  if (!cmd || !/\bvmstat\b/.test(cmd)) return out;
  const unit = /(?:-S\s*|--unit[= ])([kKmM])\b/.exec(cmd);
  if (unit) out.unit = MEMORY_UNITS[unit[1]];
  out.noFirst = /(?:^|\s)-[a-zA-Z]*y|--no-first/.test(cmd);
  return out;
}
