// The global-variables parser's contract: every variable in order with its
// value as printed, a number for plain integers, bytes where the manuals say
// so, and SHOW STATUS refused rather than read as settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/global-variables.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'global-variables');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const byName = (doc) => Object.fromEntries(doc.variables.map((v) => [v.name, v]));

test('parse() keeps values as text exactly as printed, including a | inside a bordered cell and empty values', () => {
  const vars = byName(parseFixture('mariadb-10.11-tabular-pipe-in-value.txt'));
  assert.equal(vars.ft_boolean_syntax.value, '+ -><()~*:""&|');
  assert.equal(vars.innodb_ft_server_stopword_table.value, '');
  assert.equal(vars.long_query_time.value, '10.000000');
  assert.equal(vars.long_query_time.number, undefined);
  assert.equal(vars.version_comment.value, 'Debian 12');
});

test('parse() adds the number for plain integers and a bytes figure only for size variables', () => {
  const vars = byName(parseFixture('mariadb-10.11-tabular-pipe-in-value.txt'));
  assert.equal(vars.innodb_io_capacity.number, 200);
  assert.equal(vars.innodb_io_capacity.bytes, undefined);
  assert.deepEqual(vars.innodb_buffer_pool_size.bytes, { value: 134217728, text: '134217728', unit: 'bytes', line: 7, implied: true });
  assert.equal(vars.table_open_cache.bytes, undefined);
});

test('parse() reads batch and \\G output to the same values', () => {
  for (const name of ['mariadb-10.11-batch.txt', 'mariadb-10.11-vertical.txt']) {
    const vars = byName(parseFixture(name));
    assert.equal(vars.ft_boolean_syntax.value, '+ -><()~*:""&|');
    assert.equal(vars.innodb_ft_server_stopword_table.value, '');
  }
  assert.equal(byName(parseFixture('mariadb-10.11-vertical.txt')).long_query_time.line, 9);
});

test('parse() records each result\'s scope from its statement and keeps an empty result', () => {
  const doc = parseFixture('mariadb-10.11-verbose-scopes-empty.txt');
  assert.deepEqual(doc.results.map((r) => [r.scope, r.form, r.count]), [['global', 'table', 12], ['session', 'table', 1], ['session', 'empty', 0]]);
  assert.equal(doc.variables.at(-1).name, 'max_allowed_packet');
  assert.equal(doc.variables.at(-1).result, 1);
});

test('parse() keeps negative and 64-bit values: the number where a double holds it, the text always', () => {
  const vars = byName(parseFixture('hand-mysqladmin-variables-negative-and-float.txt'));
  assert.equal(vars.open_files_limit.number, -1);
  assert.equal(vars.max_binlog_cache_size.value, '18446744073709547520');
  assert.equal(vars.max_binlog_cache_size.number, 18446744073709547520);
});

test('parse() reads a capture with a `// ` prefix on every line', () => {
  const doc = parseFixture('hand-5.1-comment-prefix-innodb-subset.txt');
  assert.equal(doc.results[0].scope, 'global');
  assert.equal(byName(doc).innodb_buffer_pool_size.number, 6442450944);
  assert.equal(byName(doc).innodb_version.value, '1.0.0');
});

test('parse() refuses SHOW STATUS output given as variables: counters are not settings', () => {
  assert.throws(() => parse(read('errors/show-status-not-variables.txt')), (e) => e instanceof Problem && e.rule === 'global-variables/status' && e.line === 1);
});

test('detect() finds SHOW VARIABLES output and gives nothing to SHOW STATUS', () => {
  assert.equal(detectFormat(read('mariadb-10.11-batch.txt').split('\n')).name, 'global-variables');
  assert.equal(format.detect(read('errors/show-status-not-variables.txt').split('\n')), 0);
});
