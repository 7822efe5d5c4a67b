// INFORMATION_SCHEMA.INNODB_CMP / INNODB_CMPMEM / INNODB_CMP_PER_INDEX (and
// their _RESET twins) as the mysql client prints them → one document with
// every table the capture holds. See ../shared/corpus/FORMATS.md §10.
//
// A capture often holds two tables with different columns (CMP then CMPMEM).
// Each result is named from the echoed statement when there is one, else from
// its column set; the document says which.
//
// Units: the tables print bare integers. compress_time / uncompress_time are
// whole seconds (manuals of both servers agree); page_size is bytes. For
// relocation_time the manuals disagree: the MySQL manual (5.5–8.0) says
// microseconds, the MariaDB KB says seconds. The InnoDB source of both trees
// (i_s.cc) stores `relocated_usec / 1000000`, i.e. whole seconds, so the
// figure is recorded in s with `implied: true` and the table carries a note
// naming the conflict, so a reader can see where the unit came from.
import { Problem } from '../problems/problem.mjs';
import { figure } from './shared/figure.mjs';
import {
  createClientParser, rowObjects, scanHeaders, cellFigure, cellText, extraCells, resultInfo, lowerKeys,
} from './shared/mysql-output.mjs';
import { parseTextWith } from './driver.mjs';

const TABLE_NAME = /\b(innodb_cmp(?:mem)?(?:_per_index)?(?:_reset)?)\b/i;

const COLUMNS = {
  INNODB_CMP: ['page_size', 'compress_ops', 'compress_ops_ok', 'compress_time', 'uncompress_ops', 'uncompress_time'],
  INNODB_CMPMEM: ['page_size', 'buffer_pool_instance', 'pages_used', 'pages_free', 'relocation_ops', 'relocation_time'],
  INNODB_CMP_PER_INDEX: ['database_name', 'table_name', 'index_name', 'compress_ops', 'compress_ops_ok', 'compress_time', 'uncompress_ops', 'uncompress_time'],
};
const ALL_COLUMNS = [...new Set(Object.values(COLUMNS).flat())];

// Which unit each numeric column is in, and whether the tool printed it (never: all implied but counts).
const UNITS = {
  page_size: ['bytes', true],
  compress_ops: ['count', false],
  compress_ops_ok: ['count', false],
  compress_time: ['s', true],
  uncompress_ops: ['count', false],
  uncompress_time: ['s', true],
  pages_used: ['pages', true],
  pages_free: ['pages', true],
  relocation_ops: ['count', false],
  relocation_time: ['s', true],
};
const TEXT_COLUMNS = ['database_name', 'table_name', 'index_name'];

const RELOCATION_NOTE = 'relocation_time is printed without a unit. The MySQL manual (5.5–8.0) documents it in microseconds, '
  + 'the MariaDB KB in seconds; InnoDB\'s i_s.cc in both trees stores relocated_usec / 1000000, so it is recorded as whole seconds (implied).';

function detect(lines) {
  const { headers, statements, client } = scanHeaders(lines);
  if (!client) return 0; // a bare pipe table is an article's own (published-table)
  let score = 0;
  if (statements.some((s) => TABLE_NAME.test(s))) score += 60;
  if (headers.some((c) => c.includes('compress_ops') || c.includes('uncompress_ops'))) score += 40;
  if (headers.some((c) => c.includes('pages_used') && c.includes('relocation_ops'))) score += 40;
  return Math.min(score, 100);
}

/** Which table a result is: from the echoed statement, else from its columns. */
function identify(result, columns) {
  const named = result.statement && TABLE_NAME.exec(result.statement.text);
  const byColumns = columns.includes('index_name') || columns.includes('database_name') ? 'INNODB_CMP_PER_INDEX'
    : columns.includes('pages_used') || columns.includes('relocation_ops') ? 'INNODB_CMPMEM'
      : columns.includes('compress_ops') || columns.includes('uncompress_ops') ? 'INNODB_CMP' : null;
  if (named) {
    const table = named[1].toUpperCase();
    if (!byColumns || table.replace(/_RESET$/, '') === byColumns) return { table, identified_by: 'statement' };
  }
  return byColumns ? { table: byColumns, identified_by: 'columns' } : null;
}

function convertRow(raw, index, reader) {
  const row = lowerKeys(raw);
  const out = { index, line: row.line };
  for (const col of TEXT_COLUMNS) {
    const text = cellText(row, col);
    if (text !== undefined) out[col] = text;
  }
  if (row.values.buffer_pool_instance !== undefined) {
    const f = cellFigure(row, 'buffer_pool_instance', 'count', reader);
    out.buffer_pool_instance = f.value;
  }
  for (const [col, [unit, implied]] of Object.entries(UNITS)) {
    const f = cellFigure(row, col, unit, reader, implied ? { implied: true } : {});
    if (f !== undefined) out[col] = f;
  }
  const ratio = okRatio(out);
  if (ratio) out.compress_ok_ratio = ratio;
  const extra = extraCells(row, new Set([...ALL_COLUMNS]));
  if (extra) out.extra = extra;
  return out;
}

/** compress_ops_ok / compress_ops, the figure articles compare; absent when nothing was compressed. */
function okRatio({ compress_ops: ops, compress_ops_ok: ok, line }) {
  if (!ops || !ok || !ops.value || ok.value === null) return null;
  const value = ok.value / ops.value;
  return { ...figure(value.toFixed(6), 'ratio', line, { derived: true }), value };
}

function createParser() {
  const tables = [];
  const onResult = (result, reader) => {
    if (result.form === 'empty') {
      const id = identify(result, []);
      if (id) tables.push({ ...id, ...resultInfo(result), rows: [] });
      return;
    }
    const columns = result.columns.map((c) => c.toLowerCase());
    const id = identify(result, columns);
    if (!id) {
      reader.warnings.push({ line: result.lines.first, message: `a result with columns ${result.columns.join(', ')} is not an INNODB_CMP table; not read`, text: result.columns.join(' | ') });
      return;
    }
    const rows = rowObjects(result).map((row, i) => convertRow(row, i, reader));
    const table = { ...id, ...resultInfo(result), columns: result.columns, rows };
    if (columns.includes('relocation_time')) table.unit_notes = [RELOCATION_NOTE];
    tables.push(table);
  };
  const client = createClientParser({ labels: ALL_COLUMNS, recordEnds: ['uncompress_time', 'relocation_time'], onResult });
  return {
    push: (line, n) => client.push(line, n),
    end() {
      const envelope = client.end();
      if (tables.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'an INNODB_CMP, INNODB_CMPMEM or INNODB_CMP_PER_INDEX result', found: 'none in the input', rule: 'innodb-cmp/empty' });
      }
      return { ...envelope, tables };
    },
  };
}

export const format = {
  name: 'innodb-cmp',
  role: 'compression',
  items: 'tables',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: true,
  runLabels: null,
  labels: null,
  version: '1.1.0',
  title: 'INFORMATION_SCHEMA.INNODB_CMP, INNODB_CMPMEM, INNODB_CMP_PER_INDEX (+ _RESET), MySQL 5.1 plugin – 8.0, MariaDB',
  produces: 'every compression table in the capture, named from its statement or columns, each row with page size (bytes), operation counts and times (s) as printed',
  detect,
  mentions: /innodb_cmp|compress_ops|relocation_ops/i,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}
