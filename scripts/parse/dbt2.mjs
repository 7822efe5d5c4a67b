// DBT-2 results reports, every generation the osdldbt/dbt2 history printed
// (see FORMATS.md §5):
//   (a) 2005 perl mix_analyzer: one "Avg Response Time (s)" column;
//   (b) perl post-process / R dbt2-post-process: "Average :    90th %" with a colon;
//   (c)–(e) RST simple tables (v0.48+), "%" columns 5 wide, 6 wide from v0.53,
//       footer as bullets, labelled bullets from v0.48.5.
// A file may hold several reports (articles compare builds side by side), so the
// document is a list of reports, each with its raw line range. The full
// `dbt2-report` RST document around the table (title, Summary bullets, chart and
// link sections) is recognised so its lines are not reported as unknown.
import { Problem, quote, located } from '../problems/problem.mjs';
import { figure } from './shared/figure.mjs';
import { columnOf } from '../lib/text.mjs';
import { parseTextWith } from './driver.mjs';
import { agreed } from './shared/labels.mjs';

const NUM = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
// R prints NaN for a transaction that never ran; perl printed N/A.
const NUM_OR_NA = String.raw`(?:${NUM}|N/A|-?NaN|-?nan|-?Inf|-?inf)`;
const INT = String.raw`\d+`;

const ROW_WITH_P90 = new RegExp(
  String.raw`^(?<name>[A-Za-z][\w .-]*?)\s+(?<mix>${NUM_OR_NA})\s+(?<avg>${NUM_OR_NA})(?:\s*:\s*|\s+)(?<p90>${NUM_OR_NA})` +
    String.raw`\s+(?<total>${INT})\s+(?<rollbacks>${INT})\s+(?<rbpct>${NUM_OR_NA})$`,
);
// Generation (a) rows, and perl's zero-count rows where one "N/A" fills the column.
const ROW_ONE_TIME = new RegExp(
  String.raw`^(?<name>[A-Za-z][\w .-]*?)\s+(?<mix>${NUM_OR_NA})\s+(?<avg>${NUM_OR_NA})` +
    String.raw`\s+(?<total>${INT})\s+(?<rollbacks>${INT})\s+(?<rbpct>${NUM_OR_NA})$`,
);

const HEADER = /^Transaction\s+%\s+(?:Average(?:\s*:)?\s+90th\s+%|Avg Response Time \(s\))\s+Total\s+Rollbacks\s+%$/;
const PRE_HEADER = /^(?:\.\.\s+)*Response Time \(s\)(?:\s+\.\.)*$/;
const RST_RULE = /^=+(?:\s+=+)+$/;
const DASH_RULE = /^-+(?:\s+-+)+$/;

const FOOTER = [
  { key: 'notpm', unit: 'tx/min', style: 'plain', re: new RegExp(`^(${NUM_OR_NA}) new-order transactions per minute \\(NOTPM\\)$`) },
  { key: 'notpm', unit: 'tx/min', style: 'labelled', re: new RegExp(`^Throughput:\\s*(${NUM_OR_NA}) new-order transactions per minute \\(NOTPM\\)$`) },
  { key: 'duration', unit: 'min', style: 'plain', re: new RegExp(`^(${NUM_OR_NA}) minute duration$`) },
  { key: 'duration', unit: 'min', style: 'labelled', re: new RegExp(`^Duration:\\s*(${NUM_OR_NA}) minutes?\\(s\\)$`) },
  { key: 'unknown_errors', unit: 'count', style: 'plain', re: new RegExp(`^(${NUM_OR_NA}) total unknown errors$`) },
  { key: 'unknown_errors', unit: 'count', style: 'labelled', re: new RegExp(`^Unknown Errors:\\s*(${NUM_OR_NA})$`) },
  { key: 'rollback_transactions', unit: 'count', style: 'plain', re: new RegExp(`^(${NUM_OR_NA}) rollback transactions$`) },
  { key: 'ramp_up', style: 'plain', re: new RegExp(`^(${NUM_OR_NA}) ((?:second|seconds|minute|minutes)\\(s\\)) ramping up$`) },
  { key: 'ramp_up', style: 'labelled', re: new RegExp(`^Ramp Up Time:\\s*(${NUM_OR_NA}) ((?:second|seconds|minute|minutes)\\(s\\))$`) },
];
const FOOTER_KEYS = ['notpm', 'duration', 'unknown_errors', 'ramp_up'];

const SUMMARY = [
  { key: 'date', re: /^Date:\s*(.+)$/ },
  { key: 'scale_factor', re: /^Scale Factor:\s*(\d+) warehouses?$/ },
  { key: 'dbms', re: /^DBMS:\s*(.+)$/ },
];

const DOCUMENT_TITLE = 'Database Test 2 Report';
const ADORNMENT = /^([=\-~^"'`#*+])\1{2,}$/;
const SHELL_PROMPT = /^\$\s+\S|^\S+@\S+:[^$#]*[$#]\s+\S/;

export const format = {
  name: 'dbt2',
  role: 'benchmark',
  items: 'reports',
  headline: [{ metric: 'notpm', title: 'New-order transactions per minute (NOTPM)' }],
  overTime: null,
  timeField: null,
  describedByServer: true,
  // `tpsreport new report` tables each report's transactions, response times and NOTPM; the table tells reports apart by a label.
  newReport: { allFiles: { kind: 'dbt2-table', by: 'report', caption: 'DBT-2 results by transaction' } },
  runLabels: null,
  // The report states the server ("PostgreSQL 16.2 on x86_64-pc-linux-gnu, …": up to " on ") and its warehouses.
  labels: (doc) => ({
    server_version: agreed((doc.reports ?? []).map((r) => r.summary?.dbms?.text?.split(' on ')[0])),
    warehouses: agreed((doc.reports ?? []).map((r) => r.summary?.scale_factor?.value)),
  }),
  version: '1.0.0',
  title: 'DBT-2 results report (mix_analyzer 2005, post-process v0.3x–v0.47, RST v0.48–v0.61)',
  produces: 'Each DBT-2 report in the file: per-transaction mix, response times and rollbacks, NOTPM, duration, errors and ramp-up.',
  detect,
  mentions: /Transaction|NOTPM|Database Test 2 Report/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

function detect(lines) {
  let score = 0;
  for (const raw of lines) {
    const text = raw.trim();
    if (HEADER.test(text)) score += 10;
    else if (/new-order transactions per minute \(NOTPM\)/.test(text)) score += 5;
    else if (text === DOCUMENT_TITLE) score += 5;
  }
  return score;
}

/** The part of a line the parser reads: no indentation, author notes after a TAB or " #" cut off. */
function split(line) {
  const body = line.replace(/^\s+/, '');
  const cut = annotationStart(body);
  if (cut <= 0) return { text: body, annotation: null };
  return { text: body.slice(0, cut).trimEnd(), annotation: body.slice(cut).trim() };
}

/**
 * Where `/\s*\t\s*\S|\s+#\s/` would first match (-1 for nowhere): the start of
 * the first run of blanks that holds a TAB and has text after it, or is
 * followed by `# `. Found run by run, since that regex retries at every blank
 * of a long run and takes time quadratic in its length.
 */
function annotationStart(body) {
  const isSpace = (c) => /\s/.test(c);
  for (let a = 0; a < body.length; a += 1) {
    if (!isSpace(body[a])) continue;
    let b = a;
    let tab = false;
    while (b < body.length && isSpace(body[b])) {
      if (body[b] === '\t') tab = true;
      b += 1;
    }
    if ((tab && b < body.length) || (body[b] === '#' && isSpace(body[b + 1] ?? ''))) return a;
    a = b;
  }
  return -1;
}

function createParser({ source } = {}) {
  const notes = [];
  const warnings = [];
  const reports = [];
  let document = null; // the dbt2-report RST document, when the file is one
  let summary = null; // Summary bullets wait for the report they describe
  let report = null;
  let state = 'idle'; // idle | header | rows | footer
  let pending = []; // header lines seen before we know a table starts
  let previousText = null; // candidate RST section title
  let lastLine = { no: 0, text: '' };
  let lastRaw = '';

  const warn = (no, text, message) => warnings.push({ line: no, message, text });

  function startReport(no) {
    report = {
      lines: { first: no, last: no },
      layout: { table: null, percent_width: null, footer: null },
      versions: null,
      summary,
      transactions: [],
      notpm: null,
      duration: null,
      unknown_errors: null,
      rollback_transactions: null,
      ramp_up: null,
      ramp_up_seconds: null,
      missing: [],
    };
    summary = null;
  }

  function finishReport() {
    if (!report) return;
    const cut = footerCut(report);
    if (cut) throw cut;
    report.missing = FOOTER_KEYS.filter((k) => report[k] === null);
    report.versions = versionsOf(report.layout);
    reports.push(report);
    report = null;
    state = 'idle';
  }

  /** Rules or a "Response Time (s)" line with no table header after them. */
  function abandonHeader() {
    for (const [no, text] of pending) warn(no, text, 'looks like the top of a DBT-2 table, but no " Transaction … %" header follows');
    pending = [];
    report = null;
    state = 'idle';
  }

  function header(no, text) {
    if (text === '') return;
    if (!report.header_seen) {
      if (PRE_HEADER.test(text) || DASH_RULE.test(text) || RST_RULE.test(text)) {
        pending.push([no, text]);
        report.lines.last = no;
        return;
      }
      if (!HEADER.test(text)) {
        abandonHeader();
        return idle(no, text);
      }
      const oneTime = text.includes('Avg Response Time');
      report.layout.table = oneTime ? 'mix_analyzer' : pending.some(([, t]) => RST_RULE.test(t)) ? 'rst' : 'colon';
      report.has_p90 = !oneTime;
      report.header_seen = true;
      report.lines.last = no;
      return;
    }
    if (!RST_RULE.test(text) && !DASH_RULE.test(text)) {
      throw new Problem({ line: no, column: columnOf(lastRaw, text), expected: 'the rule under the DBT-2 table header', found: quote(text), rule: 'dbt2-header' });
    }
    if (RST_RULE.test(text)) report.layout.percent_width = text.split(/\s+/)[1].length;
    pending = [];
    state = 'rows';
    report.lines.last = no;
  }

  function rows(no, text, line) {
    if (text === '') return;
    if (RST_RULE.test(text) || DASH_RULE.test(text)) {
      if (report.transactions.length === 0) {
        throw new Problem({ line: no, column: 1, expected: 'a transaction row', found: quote(text), rule: 'dbt2-row' });
      }
      report.lines.last = no;
      state = 'footer';
      return;
    }
    // Some forks print no closing rule: the footer starts right after the rows.
    if (footerMatch(text) && report.transactions.length > 0) {
      state = 'footer';
      return footer(no, text);
    }
    report.transactions.push(row(no, text, line, report.has_p90));
    report.lines.last = no;
  }

  function footer(no, text) {
    if (text === '') return;
    const found = footerMatch(text);
    if (!found) {
      finishReport();
      return idle(no, text);
    }
    const { spec, match, bullet } = found;
    report.layout.footer ??= spec.style === 'labelled' ? 'labelled-bullets' : bullet ? 'bullets' : 'plain';
    if (spec.key === 'ramp_up') {
      const unit = match[2].startsWith('minute') ? 'min' : 's';
      report.ramp_up = figure(match[1], unit, no);
      report.ramp_up_seconds = unit === 's'
        ? figure(match[1], 's', no)
        : { ...figure(match[1], 's', no, { derived: true }), value: minutesToSeconds(match[1]), text: match[1] };
    } else {
      report[spec.key] = figure(match[1], spec.unit, no);
    }
    report.lines.last = no;
  }

  function idle(no, text) {
    if (text === '') return;
    const titleCandidate = previousText;
    previousText = null;
    if (HEADER.test(text) || PRE_HEADER.test(text) || RST_RULE.test(text)) {
      startReport(no);
      state = 'header';
      return header(no, text);
    }
    const bulletText = text.replace(/^\*\s+/, '');
    const item = text.startsWith('*') && SUMMARY.map((s) => [s, bulletText.match(s.re)]).find(([, m]) => m);
    if (item) {
      summary ??= { date: null, scale_factor: null, dbms: null };
      const [spec, m] = item;
      summary[spec.key] = spec.key === 'scale_factor' ? figure(m[1], 'count', no) : { text: m[1], line: no };
      return;
    }
    if (text === DOCUMENT_TITLE) {
      document = { title: text, line: no, sections: [] };
      return;
    }
    if (ADORNMENT.test(text)) {
      if (document && titleCandidate && titleCandidate.text !== DOCUMENT_TITLE && text.length >= titleCandidate.text.length) {
        document.sections.push({ title: titleCandidate.text, line: titleCandidate.no });
      }
      return;
    }
    if (SHELL_PROMPT.test(text)) return notes.push({ line: no, text, kind: 'command' });
    if (document) {
      // Inside dbt2-report's own RST document: chart links, system lists, section titles.
      previousText = { no, text };
      return;
    }
    if (footerMatch(text)) return warn(no, text, 'a DBT-2 footer line outside any report (no transaction table above it)');
    warn(no, text, 'line is not part of a DBT-2 report');
  }

  return located(source, {
    push(line, no) {
      const { text, annotation } = split(line);
      lastRaw = line;
      if (annotation) notes.push({ line: no, text: annotation, kind: 'annotation' });
      if (text !== '') lastLine = { no, text: line };
      switch (state) {
        case 'header': return header(no, text);
        case 'rows': return rows(no, text, line);
        case 'footer': return footer(no, text);
        default: return idle(no, text);
      }
    },
    end() {
      if (state === 'header' && report?.header_seen) {
        throw endOfInput(lastLine, 'the rule and transaction rows under the DBT-2 table header');
      }
      if (state === 'header') abandonHeader();
      if (state === 'rows') {
        throw endOfInput(lastLine, report.transactions.length ? 'the closing rule or the NOTPM line after the transaction rows' : 'a transaction row');
      }
      finishReport();
      if (reports.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'a DBT-2 results table (" Transaction      %    Average …")', found: 'none in the file', rule: 'dbt2-missing' });
      }
      if (summary) warn(summary.date?.line ?? summary.dbms?.line ?? summary.scale_factor.line, '', 'DBT-2 Summary bullets without a results table after them');
      for (const r of reports) {
        delete r.has_p90;
        delete r.header_seen;
      }
      return {
        tool: { name: 'DBT-2', version: null, line: reports[0].lines.first },
        notes,
        warnings,
        document,
        reports,
      };
    },
  });
}

function footerMatch(text) {
  const bullet = /^\*\s+/.test(text);
  const body = text.replace(/^\*\s+/, '');
  for (const spec of FOOTER) {
    const match = body.match(spec.re);
    if (match) return { spec, match, bullet };
  }
  return null;
}

function row(no, text, line, hasP90) {
  const full = text.match(ROW_WITH_P90);
  const one = full ? null : text.match(ROW_ONE_TIME);
  const m = full ?? one;
  if (!m || (full && !hasP90)) throw rowError(no, text, line, hasP90);
  const g = m.groups;
  // A single "N/A" under "Average : 90th %" stands for both columns (perl, zero-count row).
  const p90Text = full ? g.p90 : hasP90 ? g.avg : null;
  if (one && hasP90 && !/^N\/A$|nan/i.test(g.avg)) throw rowError(no, text, line, hasP90);
  return {
    name: g.name.trim(),
    line: no,
    mix: figure(g.mix, 'percent', no),
    response_time_average: figure(g.avg, 's', no),
    response_time_p90: p90Text === null ? null : figure(p90Text, 's', no),
    total: figure(g.total, 'count', no),
    rollbacks: figure(g.rollbacks, 'count', no),
    rollback_percent: figure(g.rbpct, 'percent', no),
  };
}

/** Points at the first cell that is not what the layout prints. */
function rowError(no, text, line, hasP90) {
  const expected = hasP90
    ? 'a transaction row (name, %, average, 90th %, total, rollbacks, %)'
    : 'a transaction row (name, %, average, total, rollbacks, %)';
  const cells = [...text.matchAll(/\S+/g)];
  let i = 0;
  while (i < cells.length && /^[A-Za-z]/.test(cells[i][0]) && !/^(N\/A|NaN|nan)$/.test(cells[i][0])) i += 1;
  const want = hasP90 ? 6 : 5;
  const values = cells.slice(i).filter((c) => c[0] !== ':');
  const bad = values.find((c) => !new RegExp(`^${NUM_OR_NA}$`).test(c[0]));
  if (bad) {
    return new Problem({ line: no, column: columnOf(line, bad[0]), expected, found: quote(bad[0]), rule: 'dbt2-row' });
  }
  if (i === 0 || values.length < want) {
    return new Problem({ line: no, column: i === 0 ? columnOf(line, text) : line.length + 1, expected, found: i === 0 ? quote(text) : `end of line after ${values.length} values`, rule: 'dbt2-row' });
  }
  return new Problem({ line: no, column: columnOf(line, text), expected, found: quote(text), rule: 'dbt2-row' });
}

/**
 * Every DBT-2 version prints the NOTPM line after its table, and those that
 * print the duration line print the unknown-errors line right after it (the
 * lines after that vary by version): a report short of either was cut.
 */
function footerCut(report) {
  const owed = report.notpm === null
    ? `the NOTPM line after the DBT-2 table that starts at line ${report.lines.first}`
    : report.duration !== null && report.unknown_errors === null
      ? `the "total unknown errors" line after the duration line of the report that starts at line ${report.lines.first}`
      : null;
  if (!owed) return null;
  return new Problem({ line: report.lines.last + 1, column: 1, expected: owed, found: 'no such line', rule: 'dbt2-truncated' });
}

function endOfInput(last, expected) {
  return new Problem({ line: last.no, column: last.text.length + 1, expected, found: 'end of input', rule: 'dbt2-truncated' });
}

function minutesToSeconds(text) {
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  // printf "%0.1f" minutes: round away binary noise (0.1 × 60 = 6.000000000000001).
  return Math.round(value * 60 * 1e6) / 1e6;
}

/** Which dbt2 releases print this layout (FORMATS.md §5 generations). */
function versionsOf({ table, percent_width: width, footer }) {
  if (table === 'mix_analyzer') return 'v0.2x (mix_analyzer.pl)';
  if (table === 'colon') return 'v0.3x–v0.47 (post-process)';
  if (footer === 'bullets') return 'v0.48.0–v0.48.4';
  if (width === 6) return 'v0.53+';
  if (footer === 'labelled-bullets') return 'v0.48.5–v0.52';
  return 'v0.48–v0.52';
}
