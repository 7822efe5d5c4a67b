// `mpstat N`, `mpstat -P ALL N` (sysstat 5 – 12): a banner, then per interval a
// header line and one row per CPU, then the `Average:` block. Time stamps are
// 24 h (`01:51:23`) or 12 h (`01:51:23 PM`) depending on the locale. The
// columns changed over the years (%user/%system → %usr/%sys, %guest, %gnice,
// intr/s), so they are read from each header, never assumed.
import { Problem, quote } from '../problems/problem.mjs';
import { columnOf, toNumber, withoutAnnotation } from '../lib/text.mjs';
import { parseTextWith } from './driver.mjs';
import { PrintedDecimals } from '../lib/numbers.mjs';

const BANNER = /^(\S+) (\S+) \(([^)]*)\)\s+(\S+)(?:\s+_(\S+)_)?(?:\s+\((\d+) CPU\))?$/;
const DATE = /^(?:\d\d\/\d\d\/\d\d(?:\d\d)?|\d{4}-\d\d-\d\d)$/;
const TIME = String.raw`(\d\d:\d\d:\d\d(?: ?[AP]M)?)`;
const HEADER = new RegExp(String.raw`^(?:${TIME}|(Average):)\s+(CPU)\s+(.*%.*|.*/s.*)$`);
const ROW = new RegExp(String.raw`^(?:${TIME}|(Average):)\s+(all|\d+)\s+(.*)$`);
const PROMPT = /^(?:\[[^\]]*\]|[\w.-]+@[\w.-]+(?::\S*)?|[\w.~/-]+)?\s?[$#]\s+(\S.*)$/;

export const format = {
  name: 'mpstat',
  role: 'host-metrics',
  items: 'runs',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: false,
  runLabels: null,
  labels: null,
  // Where the cores-cpu chart reads per-CPU load: a list of samples, each with its CPU and the %idle and %iowait printed for it.
  cpuSamples: { each: 'samples', idle: 'values.%idle', iowait: 'values.%iowait', cpu: 'cpu' },
  version: '1.0.0',
  // A run that died mid-way still shows what it measured: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'mpstat (sysstat 5 – 12): mpstat N, mpstat -P ALL N, 12 h and 24 h time stamps, Average block',
  produces: 'Each mpstat run: banner (kernel, host, CPU count), columns and units, every per-CPU sample and the Average rows kept apart',
  detect,
  mentions: /CPU/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

function detect(lines) {
  let score = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (HEADER.test(line) && /%(usr|user|idle)\b/.test(line)) score += 40;
    else if (BANNER.test(line) && /\(\d+ CPU\)$/.test(line)) score += 20;
  }
  return Math.min(score, 200);
}

function createParser() {
  const runs = [];
  const notes = [];
  const warnings = [];
  let command = null;
  let run = null;
  let columns = null; // the header the next rows belong to
  let lastLine = 0;
  // Per run: how its columns were printed, and the values whose text String(value) would not give back.
  const printed = new Map();

  const start = (lineNo, banner = null) => {
    run = { command: command?.text ?? null, lines: { first: lineNo, last: lineNo }, banner, columns: null, units: null, samples: [], averages: [] };
    runs.push(run);
    command = null;
    columns = null;
  };

  const readHeader = (m, t, lineNo) => {
    const names = m[4].split(/\s+/);
    if (!run) start(lineNo);
    if (run.columns && run.columns.join(' ') !== names.join(' ')) {
      // mpstat -A / -I print other tables; each gets a run of its own.
      const banner = run.banner;
      start(lineNo, banner);
    }
    run.columns = names;
    run.units = Object.fromEntries(names.map((n) => [n, unitOf(n)]));
    columns = names;
  };

  const readRow = (m, line, t, lineNo) => {
    const [, time, average, cpu, rest] = m;
    if (!columns) {
      throw new Problem({ line: lineNo, column: 1, expected: 'the mpstat header (CPU %usr %nice …) before the rows', found: quote(t), rule: 'mpstat/header' });
    }
    const fields = rest.trim().split(/\s+/);
    if (fields.length !== columns.length) {
      throw new Problem({
        line: lineNo,
        column: columnOf(line, rest.trim()),
        expected: `${columns.length} values (${columns.join(' ')})`,
        found: `${fields.length} values in ${quote(t)}`,
        rule: 'mpstat/row',
      });
    }
    const values = {};
    const texts = [];
    const forms = printed.get(run) ?? printed.set(run, { forms: new PrintedDecimals(), texts: [] }).get(run);
    fields.forEach((text, i) => {
      const value = toNumber(text.replace(',', '.'));
      if (value === null) {
        throw new Problem({ line: lineNo, column: columnOf(line, text), expected: `a number for ${columns[i]}`, found: quote(text), rule: 'number' });
      }
      values[columns[i]] = value;
      forms.forms.note(columns[i], text, value);
      if (text !== String(value)) texts.push([columns[i], text]);
    });
    const row = average ? { line: lineNo, cpu, values } : { line: lineNo, cpu, time, values };
    (average ? run.averages : run.samples).push(row);
    if (texts.length) forms.texts.push([row, texts]);
  };

  return {
    push(line, lineNo) {
      lastLine = lineNo;
      const t = withoutAnnotation(line, lineNo, notes);
      if (t === '') return;
      const header = HEADER.exec(t);
      if (header) {
        readHeader(header, t, lineNo);
        run.lines.last = lineNo;
        return;
      }
      const row = ROW.exec(t);
      if (row) {
        readRow(row, line, t, lineNo);
        run.lines.last = lineNo;
        return;
      }
      const banner = BANNER.exec(t);
      if (banner && (banner[5] || banner[6] || DATE.test(banner[4]))) {
        start(lineNo, bannerOf(banner, lineNo));
        return;
      }
      const prompt = PROMPT.exec(t);
      if (prompt) {
        notes.push({ line: lineNo, text: t, kind: 'command' });
        command = { text: prompt[1], line: lineNo };
        run = null;
        columns = null;
        return;
      }
      if (/^\^C$/.test(t)) {
        notes.push({ line: lineNo, text: t, kind: 'interrupt' });
        return;
      }
      warnings.push({ line: lineNo, message: 'not a line of mpstat output', text: line });
    },
    end() {
      if (runs.length === 0 || runs.every((r) => !r.columns)) {
        throw new Problem({ line: 1, column: 1, expected: 'an mpstat header (HH:MM:SS  CPU  %usr …)', found: 'none', rule: 'mpstat' });
      }
      const first = runs[0];
      const kept = runs.filter((r) => r.columns);
      for (const r of kept) keepPrinted(r, printed.get(r));
      const missing = missingAverages(kept[kept.length - 1]);
      return {
        tool: { name: 'mpstat', version: null, line: first.lines.first },
        notes,
        warnings,
        ...(missing ? { incomplete: { reason: missing, line: lastLine } } : {}),
        runs: kept,
      };
    },
  };
}

/**
 * How a run's values were printed ("0.80", not 0.8), for a page to show them
 * as their lines did: `decimals` beside the samples, by the path of a value in
 * a sample, for the columns printed alike (mpstat prints each with %.2f), and
 * a row's `printed` text for a value of any other column that String(value)
 * would not give back (a locale's "0,80").
 */
function keepPrinted(run, seen) {
  if (!seen) return;
  const decimals = Object.entries(seen.forms.decimals(run.columns)).map(([name, d]) => [`values.${name}`, d]);
  if (decimals.length) run.decimals = Object.fromEntries(decimals);
  for (const [row, texts] of seen.texts) {
    const own = texts.filter(([name]) => !seen.forms.kept(name));
    if (own.length) row.printed = Object.fromEntries(own.map(([name, text]) => [`values.${name}`, text]));
  }
}

/**
 * mpstat ends a run, even one stopped with ^C, with an `Average:` row for
 * every CPU it sampled; a run without them was cut off.
 */
function missingAverages(run) {
  const averaged = new Set(run.averages.map((a) => a.cpu));
  const cpus = [...new Set(run.samples.map((s) => s.cpu))].filter((cpu) => !averaged.has(cpu));
  if (run.averages.length > 0 && cpus.length === 0) return null;
  const what = cpus.length === 0 ? 'its Average rows' : `its Average row${cpus.length > 1 ? 's' : ''} for CPU ${cpus.join(', ')}`;
  return `the run that starts at line ${run.lines.first} stops before ${what} (the file was cut?)`;
}

function bannerOf(m, lineNo) {
  const [, os, kernel, host, date, arch, cpus] = m;
  return {
    os,
    kernel,
    host,
    date,
    arch: arch ?? null,
    cpus: cpus === undefined ? null : { value: Number(cpus), text: cpus, unit: 'count', line: lineNo },
    line: lineNo,
  };
}

function unitOf(name) {
  if (name.startsWith('%')) return 'percent';
  if (name.endsWith('/s')) return 'interrupts/s';
  return 'count';
}
