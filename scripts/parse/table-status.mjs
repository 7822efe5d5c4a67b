// SHOW TABLE STATUS as the mysql client prints it (bordered, batch or `\G`)
// → every table row of every result in the capture. See
// ../shared/corpus/FORMATS.md §9.
//
// All 18 columns of MySQL 5.0–8.0 plus MariaDB's Max_index_length and
// Temporary are kept; byte columns become figures in bytes (unit implied: the
// client prints bare integers), `NULL` keeps its text with a null value.
// Rows is an estimate for InnoDB (the manual says so) and is marked as such.
// Row_format and Create_options are both kept because they can disagree
// (Antelope ignores ROW_FORMAT=COMPRESSED and reports Compact).
import { Problem } from '../problems/problem.mjs';
import {
  createClientParser, rowObjects, scanHeaders, cellFigure, cellText, extraCells, resultInfo,
} from './shared/mysql-output.mjs';
import { parseTextWith } from './driver.mjs';
import { agreed } from './shared/labels.mjs';

const COLUMNS = [
  'Name', 'Engine', 'Version', 'Row_format', 'Rows', 'Avg_row_length', 'Data_length', 'Max_data_length',
  'Index_length', 'Data_free', 'Auto_increment', 'Create_time', 'Update_time', 'Check_time', 'Collation',
  'Checksum', 'Create_options', 'Comment', 'Max_index_length', 'Temporary',
];
const BYTES = ['Avg_row_length', 'Data_length', 'Max_data_length', 'Index_length', 'Data_free', 'Max_index_length'];
const TEXTS = ['Engine', 'Row_format', 'Create_time', 'Update_time', 'Check_time', 'Collation', 'Checksum', 'Create_options', 'Comment', 'Temporary'];
// Engines whose Rows is the optimizer's estimate rather than an exact count.
const ESTIMATED_ROWS = /^(InnoDB|XtraDB|TokuDB|RocksDB)$/i;
const STATEMENT = /\bshow\s+table\s+status\b/i;

function detect(lines) {
  const { headers, statements, client } = scanHeaders(lines);
  if (!client) return 0; // a bare pipe table is an article's own (published-table)
  let score = statements.some((s) => STATEMENT.test(s)) ? 50 : 0;
  const seen = new Set(headers.flat());
  const markers = ['avg_row_length', 'max_data_length', 'index_length', 'row_format', 'data_free'];
  score += markers.filter((m) => seen.has(m)).length * 10;
  return seen.has('name') || score >= 50 ? Math.min(score, 100) : 0;
}

/** Column names compared case-insensitively, reported as the server spells them. */
function canonical(values) {
  const out = {};
  const byLower = new Map(COLUMNS.map((c) => [c.toLowerCase(), c]));
  for (const [k, v] of Object.entries(values)) out[byLower.get(k.toLowerCase()) ?? k] = v;
  return out;
}

function convertRow(raw, index, resultIndex, reader) {
  const row = { ...raw, values: canonical(raw.values), at: canonical(raw.at), lineOf: canonical(raw.lineOf) };
  if (row.values.Name === undefined) {
    throw new Problem({ line: row.line, column: 1, expected: 'a Name column in SHOW TABLE STATUS output', found: `columns ${Object.keys(raw.values).join(', ')}`, rule: 'table-status/columns' });
  }
  const out = { result: resultIndex, index, line: row.line };
  if (row.lines) out.lines = row.lines;
  out.name = row.values.Name;
  for (const col of TEXTS.slice(0, 2)) set(out, col, cellText(row, col));
  set(out, 'Version', cellFigure(row, 'Version', 'count', reader)?.value);
  const rows = cellFigure(row, 'Rows', 'rows', reader, { implied: true });
  if (rows) {
    out.rows = rows;
    out.rows_estimated = Boolean(out.engine && ESTIMATED_ROWS.test(out.engine));
  }
  for (const col of BYTES) set(out, col, cellFigure(row, col, 'bytes', reader, { implied: true }));
  set(out, 'Auto_increment', cellFigure(row, 'Auto_increment', 'count', reader));
  for (const col of TEXTS.slice(2)) set(out, col, cellText(row, col));
  const extra = extraCells(row, new Set(COLUMNS.map((c) => c.toLowerCase())));
  if (extra) out.extra = extra;
  return out;
}

function set(out, column, value) {
  if (value !== undefined) out[column.toLowerCase()] = value;
}

function createParser() {
  const results = [];
  const tables = [];
  const onResult = (result) => {
    const index = results.length;
    results.push({ ...resultInfo(result), columns: result.columns, count: 0 });
    if (result.form === 'empty') return;
    const rows = rowObjects(result);
    for (const row of rows) tables.push(convertRow(row, tables.length, index, client.reader));
    results[index].count = rows.length;
  };
  const client = createClientParser({ labels: COLUMNS, recordEnds: ['Comment', 'Temporary', 'Max_index_length'], onResult });
  return {
    push: (line, n) => client.push(line, n),
    end() {
      const envelope = client.end();
      if (results.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'SHOW TABLE STATUS output (a table, batch or \\G result with a Name column)', found: 'none in the input', rule: 'table-status/empty' });
      }
      return { ...envelope, results, tables };
    },
  };
}

export const format = {
  name: 'table-status',
  role: 'sizes',
  items: 'tables',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: true,
  runLabels: null,
  labels: (doc) => ({
    table: agreed((doc.tables ?? []).map((t) => t.name)),
    row_format: agreed((doc.tables ?? []).map((t) => t.row_format)),
  }),
  // Data_length and Index_length are columns of a table's row: sizes-table reads each on its own, in this order.
  sizes: { each: '', metric: '', fields: { name: 'name' }, rows: 'name', columns: 'column', sizeColumns: [['data_length', 'Data_length'], ['index_length', 'Index_length']] },
  // What `tpsreport new report` shows of a lone capture (of several, a table would be named twice: left to the author).
  // Of several captures, one line each when each lists one table (the same table in each variant).
  newReport: { loneCapture: { kind: 'sizes-table', caption: 'Table sizes from SHOW TABLE STATUS' }, allCaptures: { kind: 'sizes-table', part: 'result', columns: '', one: 'tables', caption: 'Table sizes from SHOW TABLE STATUS' } },
  version: '1.1.0',
  title: 'SHOW TABLE STATUS (MySQL 5.0–8.0, MariaDB 10.x): bordered, batch and \\G',
  produces: 'every table row of every result: engine, row format, rows (estimate for InnoDB), byte sizes as figures, auto_increment, times, collation, create options and comment as printed',
  detect,
  mentions: /name|status|avg_row_length/i,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}
