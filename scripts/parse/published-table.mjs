// Small result tables as an article printed them: `| a | b |` pipe rows, the
// first row of a block naming the columns. Some articles publish only these
// (seed 002: load times, .ibd sizes, SHOW TABLE STATUS sizes, INNODB_CMP), so
// the table itself is the raw file. Text lines before a block are its caption.
//
// Row labels: when the header ends in an empty cell and the body rows have as
// many cells as the header, the header's blank is a placeholder that pushed the
// real names one place right, so each body row's first cell is its label and
// the rest line up with the header's non-blank names. (Seed 002 prints
// `| Page_size | … | |` over `| 8K | 8192 | …`: 8192 is the page size of row 8K.)
//
// Every cell keeps its text. A number becomes a figure whose unit the author
// declares (`options.units`, keyed by column name or row label) or "count",
// marked implied. Human sizes (2.3G, 592M; powers of 1024, as ls -h prints)
// add derived bytes; durations (28m 18s) add their parts and derived seconds.
import { Problem, quote } from '../problems/problem.mjs';
import { parseTextWith } from './driver.mjs';

const PIPE_ROW = /^\s*\|.*\|\s*$/;
const RULE_ROW = /^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$/; // Markdown's |---|---| line
const NUMBER = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
const SIZE = /^(\d+(?:\.\d+)?)\s?([KMGTP])(?:i?B)?$/i;
const SIZE_UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
const DURATION = /^(?:(\d+)\s?h\s*)?(?:(\d+)\s?m(?:in)?\s*)?(?:(\d+(?:\.\d+)?)\s?s(?:ec)?)?$/;
const MILLISECONDS = /^(\d+(?:\.\d+)?)\s?ms$/;
const UNITS = new Set(['count', 'ms', 's', 'min', 'us', 'bytes', 'percent', 'ratio', 'tx/s', 'tx/min', 'queries/s', 'req/s', 'pages', 'KiB', 'MiB', 'GiB', 'rows', 'text']);

export const format = {
  name: 'published-table',
  role: 'article-table',
  items: '.',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: false,
  runLabels: null,
  labels: null,
  loadTimes: { each: 'cells', metric: 'seconds', fields: { row: 'row', column: 'column', printed: 'figure.text' }, rows: 'column' },
  // `rounded`: the parser's own word that the bytes were worked out from a size printed rounded (2.3G).
  sizes: { each: 'cells', metric: 'figure', fields: { row: 'row', column: 'column', bytes: 'bytes', rounded: 'bytes.derived' }, rows: 'column', columns: 'row' },
  version: '1.0.0',
  title: 'Result tables as an article printed them (| a | b | pipe rows, optional row labels)',
  produces: 'Each table with its caption lines, columns, row labels and every cell: text as printed, numbers as figures in the unit the author declares, sizes with bytes and durations with seconds derived',
  detect,
  mentions: /\|/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/**
 * Pipe rows must make up the table part of the text, and there must be a
 * header and a body. mysql client tables (`+----+` borders) belong to the
 * SHOW TABLE STATUS / INNODB_CMP parsers, so any border line rules this out.
 */
function detect(lines) {
  let pipes = 0;
  let other = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (/^\s*\+-/.test(line)) return 0;
    if (PIPE_ROW.test(line)) pipes += 1;
    else other += 1;
  }
  return pipes >= 2 && other <= 4 ? 10 + pipes : 0;
}

function createParser({ options = {} } = {}) {
  const units = checkUnits(options.units ?? {});
  const tables = [];
  const cells = [];
  const notes = [];
  let caption = [];
  let table = null;

  const startTable = (line, lineNo) => {
    const names = splitRow(line);
    const rowLabels = names.length > 1 && names[names.length - 1] === '';
    table = {
      lines: { first: lineNo, last: lineNo },
      caption: caption.map((c) => c.text),
      header: { line: lineNo, cells: names },
      columns: rowLabels ? names.slice(0, -1) : names,
      row_labels: rowLabels,
      rows: [],
    };
    caption = [];
    tables.push(table);
  };

  const addRow = (line, lineNo) => {
    const values = splitRow(line);
    if (values.length !== table.header.cells.length) {
      throw new Problem({
        line: lineNo,
        column: 1,
        expected: `${table.header.cells.length} cells like the header on line ${table.header.line}`,
        found: `${values.length} in ${quote(line)}`,
        rule: 'published-table/cells',
      });
    }
    const label = table.row_labels ? values.shift() : null;
    table.rows.push({ label, line: lineNo });
    values.forEach((text, i) => {
      const column = table.columns[i];
      cells.push({ table: tables.length - 1, row: label, column, line: lineNo, ...cellOf(text, units[column] ?? units[label], lineNo) });
    });
    table.lines.last = lineNo;
  };

  return {
    push(line, lineNo) {
      if (line.trim() === '') {
        table = null;
        return;
      }
      if (RULE_ROW.test(line)) {
        notes.push({ line: lineNo, text: line.trim(), kind: 'rule' });
        return;
      }
      if (PIPE_ROW.test(line)) {
        if (table) addRow(line, lineNo);
        else startTable(line, lineNo);
        return;
      }
      table = null;
      const note = { line: lineNo, text: line.trim(), kind: 'caption' };
      notes.push(note);
      caption.push(note);
    },
    end() {
      const empty = tables.find((t) => t.rows.length === 0);
      if (tables.length === 0 || empty) {
        throw new Problem({
          line: empty ? empty.header.line : 1,
          column: 1,
          expected: 'a pipe table: a header row | a | b | and at least one body row',
          found: empty ? 'a header row alone' : 'no | a | b | rows',
          rule: 'published-table',
        });
      }
      return { tool: null, notes, warnings: [], tables, cells };
    },
  };
}

/** Cells between the outer pipes, trimmed; an empty cell stays as "". */
function splitRow(line) {
  return line.trim().slice(1, -1).split('|').map((c) => c.trim());
}

function checkUnits(units) {
  if (typeof units !== 'object' || Array.isArray(units)) {
    throw new Problem({ line: 1, column: 1, expected: 'options.units as a map of column or row name: unit', found: JSON.stringify(units), rule: 'published-table/options' });
  }
  for (const [name, unit] of Object.entries(units)) {
    if (!UNITS.has(unit)) {
      throw new Problem({ line: 1, column: 1, expected: `a unit for ${name}, one of ${[...UNITS].join(', ')}`, found: JSON.stringify(unit), rule: 'published-table/options' });
    }
  }
  return units;
}

/** What one cell holds: its figure as printed, plus bytes or seconds derived from a human size or duration. */
function cellOf(text, unit, line) {
  if (NUMBER.test(text)) {
    const figure = { value: Number(text.replace(/,/g, '')), text, unit: unit ?? 'count', line };
    if (!unit) figure.implied = true;
    return { figure };
  }
  const size = SIZE.exec(text);
  if (size) {
    const power = 'KMGTP'.indexOf(size[2].toUpperCase()) + 1;
    const bytes = Math.round(Number(size[1]) * 1024 ** power);
    return {
      figure: { value: Number(size[1]), text, unit: SIZE_UNITS[power - 1], line },
      bytes: { value: bytes, text: String(bytes), unit: 'bytes', line, derived: true },
    };
  }
  const ms = MILLISECONDS.exec(text);
  if (ms) {
    const seconds = Number(ms[1]) / 1000;
    return {
      figure: { value: null, text, unit: 'text', line },
      parts: [{ value: Number(ms[1]), text: ms[1], unit: 'ms', line }],
      seconds: { value: seconds, text: String(seconds), unit: 's', line, derived: true },
    };
  }
  const duration = DURATION.exec(text);
  if (duration && text !== '') {
    const [, h, m, s] = duration;
    const parts = [[h, 'h'], [m, 'min'], [s, 's']].filter(([v]) => v !== undefined).map(([v, u]) => ({ value: Number(v), text: v, unit: u, line }));
    const seconds = Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
    const rounded = Math.round(seconds * 1000) / 1000;
    return {
      figure: { value: null, text, unit: 'text', line },
      parts,
      seconds: { value: rounded, text: String(rounded), unit: 's', line, derived: true },
    };
  }
  return { figure: { value: null, text, unit: 'text', line } };
}
