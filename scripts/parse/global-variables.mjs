// SHOW [GLOBAL | SESSION] VARIABLES as the mysql client prints it (bordered,
// batch or `\G`; also `mysqladmin variables`) → every variable in order.
//
// Values stay text exactly as printed (`ON`, `10.000000`, `+ -><()~*:""&|`,
// empty): a report quotes the server's configuration, it does not reinterpret
// it. A value that is a plain integer also gets the number; a variable the
// manuals document in bytes also gets a bytes figure (unit implied, the server
// prints bare integers). The list is explicit because names do not say it:
// `thread_cache_size` counts threads, `innodb_purge_batch_size` pages.
import { Problem } from '../problems/problem.mjs';
import { beyondDouble, roundedInDouble, exactTextWarning } from './shared/figure.mjs';
import { createClientParser, rowObjects, scanHeaders, resultInfo, lowerKeys } from './shared/mysql-output.mjs';
import { parseTextWith } from './driver.mjs';
import { agreed, sizeText } from './shared/labels.mjs';

const STATEMENT = /\bshow\s+(?:(global|session|local)\s+)?variables\b|\bmysqladmin\b.*\bvariables\b/i;
const WRONG_STATEMENT = /\bshow\s+(?:global\s+|session\s+|local\s+)?status\b/i;

const BYTE_VARIABLES = new Set([
  'aria_pagecache_buffer_size', 'binlog_cache_size', 'binlog_stmt_cache_size', 'bulk_insert_buffer_size',
  'innodb_buffer_pool_chunk_size', 'innodb_buffer_pool_size', 'innodb_buffer_pool_size_auto_min', 'innodb_buffer_pool_size_max', 'innodb_ft_cache_size',
  'innodb_ft_total_cache_size', 'innodb_log_buffer_size', 'innodb_log_file_size', 'innodb_log_write_ahead_size',
  'innodb_max_undo_log_size', 'innodb_online_alter_log_max_size', 'innodb_page_size', 'innodb_sort_buffer_size',
  'join_buffer_size', 'key_buffer_size', 'key_cache_block_size', 'max_allowed_packet', 'max_binlog_cache_size',
  'max_binlog_size', 'max_binlog_stmt_cache_size', 'max_heap_table_size', 'myisam_max_sort_file_size',
  'myisam_sort_buffer_size', 'net_buffer_length', 'preload_buffer_size', 'query_alloc_block_size',
  'query_cache_limit', 'query_cache_size', 'query_prealloc_size', 'range_alloc_block_size', 'read_buffer_size',
  'read_rnd_buffer_size', 'sort_buffer_size', 'thread_stack', 'tmp_table_size', 'transaction_alloc_block_size',
  'transaction_prealloc_size', 'innodb_doublewrite_batch_size', 'slave_max_allowed_packet', 'replica_max_allowed_packet',
  'innodb_log_file_buffer_size', 'innodb_redo_log_capacity', 'temptable_max_ram', 'temptable_max_mmap',
]);
const PLAIN_INTEGER = /^-?\d+$/;

function detect(lines) {
  const { headers, statements, client } = scanHeaders(lines);
  if (!client) return 0; // a bare pipe table is an article's own (published-table)
  if (statements.some((s) => WRONG_STATEMENT.test(s)) && !statements.some((s) => STATEMENT.test(s))) return 0;
  const header = headers.some((c) => c.length === 2 && c[0] === 'variable_name' && c[1] === 'value');
  const field = headers.some((c) => c[0] === 'variable_name');
  let score = statements.some((s) => STATEMENT.test(s)) ? 50 : 0;
  if (header || field) score += 40;
  return score >= 40 ? Math.min(score, 90) : 0;
}

function scopeOf(statement) {
  if (!statement) return null;
  const m = STATEMENT.exec(statement.text);
  if (!m) return null;
  if (!m[1]) return /mysqladmin/i.test(statement.text) ? 'global' : 'session';
  return m[1].toLowerCase() === 'global' ? 'global' : 'session';
}

function refuseStatus(result) {
  if (result.statement && WRONG_STATEMENT.test(result.statement.text)) {
    throw new Problem({
      line: result.statement.line,
      column: 1,
      expected: 'SHOW VARIABLES output (this is SHOW STATUS: counters, not settings)',
      found: JSON.stringify(result.statement.text),
      rule: 'global-variables/status',
    });
  }
}

function convertRow(raw, resultIndex, reader) {
  const row = lowerKeys(raw);
  if (row.values.variable_name === undefined || row.values.value === undefined) {
    reader.warnings.push({ line: row.line, message: 'a row without Variable_name and Value; not read', text: Object.values(row.values).join(' | ') });
    return null;
  }
  const value = row.values.value;
  const line = row.lineOf.value ?? row.line;
  const out = { result: resultIndex, name: row.values.variable_name, value, line };
  if (PLAIN_INTEGER.test(value)) {
    // Values are text first: one past the largest double stays text, with no number.
    if (beyondDouble(value)) {
      reader.warnings.push(exactTextWarning(line, `${out.name} has ${value.replace(/\D/g, '').length} digits, beyond what a double holds; value is exact, no number`, value.slice(0, 40)));
      return out;
    }
    out.number = Number(value);
    if (roundedInDouble(value, out.number)) {
      reader.warnings.push(exactTextWarning(line, `${out.name} ${value} is beyond what a JSON number holds exactly; number is rounded, value is exact`, value));
    }
    if (BYTE_VARIABLES.has(out.name.toLowerCase())) out.bytes = { value: out.number, text: value, unit: 'bytes', line, implied: true };
  }
  return out;
}

function createParser() {
  const results = [];
  const variables = [];
  const onResult = (result, reader) => {
    refuseStatus(result);
    const index = results.length;
    const entry = { ...resultInfo(result), scope: scopeOf(result.statement), count: 0 };
    if (result.form !== 'empty') {
      const cols = result.columns.map((c) => c.toLowerCase());
      if (!cols.includes('variable_name') || !cols.includes('value')) {
        reader.warnings.push({ line: result.lines.first, message: `a result with columns ${result.columns.join(', ')} is not SHOW VARIABLES output; not read`, text: result.columns.join(' | ') });
        return;
      }
      for (const row of rowObjects(result)) {
        const v = convertRow(row, index, reader);
        if (v) variables.push(v);
        if (v) entry.count += 1;
      }
    }
    results.push(entry);
  };
  const client = createClientParser({ labels: ['Variable_name', 'Value'], recordEnds: ['Value'], onResult });
  return {
    push: (line, n) => client.push(line, n),
    end() {
      const envelope = client.end();
      if (results.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'SHOW VARIABLES output (Variable_name and Value)', found: 'none in the input', rule: 'global-variables/empty' });
      }
      return { ...envelope, results, variables };
    },
  };
}

export const format = {
  name: 'global-variables',
  role: 'server-config',
  items: '.',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: false,
  runLabels: null,
  labels: (doc) => {
    const variable = (name) => agreed((doc.variables ?? []).filter((v) => v.name.toLowerCase() === name).map((v) => v.value));
    const pool = agreed((doc.variables ?? []).filter((v) => v.name.toLowerCase() === 'innodb_buffer_pool_size').map((v) => v.bytes?.value ?? v.number));
    return { server_version: variable('version'), buffer_pool: pool === undefined ? undefined : sizeText(pool) };
  },
  version: '1.1.0',
  title: 'SHOW GLOBAL VARIABLES / SHOW VARIABLES (MySQL, MariaDB): bordered, batch and \\G',
  produces: 'every variable in order with its value as printed, the number for plain integers and a bytes figure for size variables',
  detect,
  mentions: /variable/i,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}
