// SHOW ENGINE INNODB MUTEX (MySQL 5.1–8.0, MariaDB), the older SHOW MUTEX
// STATUS with one numeric column per counter (5.0), and MariaDB's
// INFORMATION_SCHEMA.INNODB_MUTEXES → every row of every result, in order.
// See ../shared/corpus/FORMATS.md §8.
//
// Names are not unique (8.0 lists `rwlock: sync0sharded_rw.h:72` once per
// shard), so rows are kept with their index and never keyed by name. The
// Status column is a `k=v` list (`count=…, spin_waits=…` in 5.1, a single
// `os_waits=N` or `waits=N` later, `spins=…,waits=…,calls=…` for 8.0
// mutexes); it is read generically into counters. The server lists only
// latches that waited, so `Empty set` is a valid result with zero rows.
import { Problem, quote } from '../problems/problem.mjs';
import {
  createClientParser, rowObjects, scanHeaders, cellFigure, cellText, extraCells, resultInfo, lowerKeys,
} from './shared/mysql-output.mjs';
import { parseTextWith } from './driver.mjs';

const LAYOUTS = {
  'type-name-status': ['type', 'name', 'status'],
  'mutex-status-columns': ['mutex', 'module', 'count', 'spin_waits', 'spin_rounds', 'os_waits', 'os_yields', 'os_waits_time'],
  'innodb-mutexes': ['name', 'create_file', 'create_line', 'os_waits'],
};
const LABELS = ['Type', 'Name', 'Status', 'Mutex', 'Module', 'Count', 'Spin_waits', 'Spin_rounds', 'OS_waits', 'OS_yields', 'OS_waits_time', 'NAME', 'CREATE_FILE', 'CREATE_LINE', 'OS_WAITS'];
const STATEMENT = /\b(show\s+engine\s+innodb\s+mutex|show\s+mutex\s+status|innodb_mutexes)\b/i;
// 5.0/5.1 wait times: the 5.1 manual gives os_wait_times in ms (non-zero only with timed_mutexes).
const TIME_COUNTER = /^(os_wait_times|os_waits_time)$/;
const TIME_NOTE = 'os_wait_times / OS_waits_time are printed without a unit; recorded in ms as the MySQL 5.0/5.1 manuals describe them (implied).';

function detect(lines) {
  const { headers, statements, client } = scanHeaders(lines);
  if (!client) return 0; // a bare pipe table is an article's own (published-table)
  let score = statements.some((s) => STATEMENT.test(s)) ? 60 : 0;
  if (headers.some((c) => c.join() === 'type,name,status')) score += 40;
  if (headers.some((c) => c.includes('spin_waits') && c.includes('os_waits'))) score += 40;
  if (headers.some((c) => c.includes('create_file') && c.includes('os_waits'))) score += 40;
  if (lines.some((l) => /^\s*(?:\/\/\s*)?\|\s*InnoDB\s*\|.*\|\s*(?:os_waits|waits|count|spins)=\d/.test(l))) score += 20;
  return Math.min(score, 100);
}

function layoutOf(columns) {
  const have = columns.map((c) => c.toLowerCase());
  for (const [name, wanted] of Object.entries(LAYOUTS)) {
    if (wanted.filter((c) => have.includes(c)).length >= Math.min(3, wanted.length)) return name;
  }
  return null;
}

/**
 * `[, name, value]` of one `name = value` pair, as
 * `/^\s*([A-Za-z_][\w ]*?)\s*=\s*(\S+)\s*$/` would read it, or null: split at
 * the `=` and trimmed, since that lazy pattern backtracks over long blanks.
 */
function keyValue(part) {
  const eq = part.indexOf('=');
  if (eq < 0) return null;
  const name = part.slice(0, eq).trim();
  const value = part.slice(eq + 1).trim();
  if (!/^[A-Za-z_][\w ]*$/.test(name) || !/^\S+$/.test(value)) return null;
  return [part, name, value];
}

/** `count=3, spin_waits=0, os_wait_times=0` / `os_waits=12` / `spins=0,waits=2,calls=9` → counters. */
function statusCounters(row, reader) {
  const text = row.values.status ?? '';
  const counters = {};
  if (text === '' || text === 'NULL') return counters;
  for (const part of text.split(',')) {
    const m = keyValue(part);
    if (!m) {
      throw new Problem({
        line: row.line,
        column: (row.at.status ?? 1) + text.indexOf(part.trim()),
        expected: 'a Status of name=number pairs separated by commas',
        found: quote(part),
        rule: 'innodb-mutex/status',
      });
    }
    const key = m[1].replace(/ /g, '_');
    const cell = { ...row, values: { [key]: m[2] }, at: { [key]: (row.at.status ?? 1) + text.indexOf(m[2]) }, lineOf: { [key]: row.lineOf.status } };
    counters[key] = counter(cell, key, reader);
  }
  return counters;
}

function counter(row, key, reader) {
  return TIME_COUNTER.test(key) ? cellFigure(row, key, 'ms', reader, { implied: true }) : cellFigure(row, key, 'count', reader);
}

function convertRow(raw, index, layout, reader) {
  const row = lowerKeys(raw);
  const out = { index, line: row.line };
  if (layout === 'type-name-status') {
    out.type = cellText(row, 'type');
    out.name = cellText(required(row, 'name'), 'name');
    out.status = required(row, 'status').values.status;
    out.counters = statusCounters(row, reader);
  } else if (layout === 'mutex-status-columns') {
    out.name = cellText(required(row, 'mutex'), 'mutex');
    if (row.values.module !== undefined) out.module = cellText(row, 'module');
    out.counters = columnCounters(row, LAYOUTS[layout].slice(2), reader);
  } else {
    out.name = cellText(required(row, 'name'), 'name');
    if (row.values.create_file !== undefined) out.create_file = cellText(row, 'create_file');
    if (row.values.create_line !== undefined) out.create_line = cellFigure(row, 'create_line', 'count', reader).value;
    out.counters = columnCounters(row, ['os_waits'], reader);
  }
  const extra = extraCells(row, new Set(LAYOUTS[layout]));
  if (extra) out.extra = extra;
  return out;
}

/**
 * A \\G record whose lines were moved or lost can lack a field every row has;
 * such a row is refused rather than kept without its name.
 */
function required(row, column) {
  if (row.values[column] !== undefined) return row;
  throw new Problem({
    line: row.line,
    column: 1,
    expected: `a ${column} field in the row that starts here`,
    found: `only ${Object.keys(row.values).join(', ') || 'no fields'}`,
    rule: 'innodb-mutex/row',
  });
}

function columnCounters(row, keys, reader) {
  const counters = {};
  for (const key of keys) if (row.values[key] !== undefined) counters[key] = counter(row, key, reader);
  return counters;
}

function createParser() {
  const results = [];
  const onResult = (result, reader) => {
    if (result.form === 'empty') {
      if (!result.statement || STATEMENT.test(result.statement.text)) results.push({ layout: null, ...resultInfo(result), rows: [] });
      return;
    }
    const layout = layoutOf(result.columns);
    if (!layout) {
      reader.warnings.push({ line: result.lines.first, message: `a result with columns ${result.columns.join(', ')} is not InnoDB mutex output; not read`, text: result.columns.join(' | ') });
      return;
    }
    const rows = rowObjects(result).map((row, i) => convertRow(row, i, layout, reader));
    const entry = { layout, ...resultInfo(result), columns: result.columns, rows };
    if (rows.some((r) => Object.keys(r.counters).some((k) => TIME_COUNTER.test(k)))) entry.unit_notes = [TIME_NOTE];
    results.push(entry);
  };
  const client = createClientParser({ labels: LABELS, onResult });
  return {
    push: (line, n) => client.push(line, n),
    end() {
      const envelope = client.end();
      if (results.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'SHOW ENGINE INNODB MUTEX, SHOW MUTEX STATUS or INNODB_MUTEXES output', found: 'none in the input', rule: 'innodb-mutex/empty' });
      }
      return { ...envelope, results };
    },
  };
}

export const format = {
  name: 'innodb-mutex',
  role: 'server-status',
  items: 'results',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: true,
  // `tpsreport new report` charts a lone capture's rows, most waited on first, by the first of these counters every row of
  // its one result prints (waits in 5.7 and later, os_waits before), as readers call it.
  newReport: { topWaits: { each: 'rows', x: 'name', counters: { 'counters.waits': 'waits', 'counters.os_waits': 'OS waits' }, title: 'InnoDB mutexes and rw-locks' } },
  runLabels: null,
  labels: null,
  version: '1.1.0',
  title: 'SHOW ENGINE INNODB MUTEX (MySQL 5.1–8.0, MariaDB), SHOW MUTEX STATUS (5.0), INFORMATION_SCHEMA.INNODB_MUTEXES (MariaDB)',
  produces: 'every result with every latch row in order (names repeat), its Status parsed into counters, empty results as zero rows',
  detect,
  mentions: /mutex|type|os_waits|innodb/i,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}
