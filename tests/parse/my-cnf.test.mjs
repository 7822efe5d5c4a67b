// The my-cnf parser's contract: every option kept in file order with its
// group, its name as written and canonical, sizes in bytes, and which repeat wins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// index.mjs first: it loads formats.mjs, which loads my-cnf.mjs.
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/my-cnf.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'my-cnf');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const option = (doc, canonical) => doc.options.filter((o) => o.canonical === canonical);

test('parse() reads the seed-000 InnoDB block with no group: 100M buffer pool is 104857600 bytes, derived', () => {
  const doc = parseFixture('seed000-innodb-block.cnf');
  assert.equal(doc.options.length, 8);
  const [pool] = option(doc, 'innodb_buffer_pool_size');
  assert.equal(pool.section, null);
  assert.deepEqual(pool.size, { value: 100, text: '100M', unit: 'MiB', line: 5 });
  assert.deepEqual(pool.bytes, { value: 104857600, text: '104857600', unit: 'bytes', line: 5, derived: true });
  const [path] = option(doc, 'innodb_data_file_path');
  assert.equal(path.value, 'ibdata1:10M:autoextend:max:1G');
  assert.equal(path.bytes, undefined);
  assert.equal(option(doc, 'innodb_autoextend_increment')[0].number, 10);
});

test('parse() keeps both buffer pool lines and marks the later one effective', () => {
  const doc = parseFixture('benchmark-my.cnf');
  const pools = option(doc, 'innodb_buffer_pool_size');
  assert.deepEqual(pools.map((o) => [o.value, o.effective]), [['100M', false], ['6G', true]]);
  assert.equal(pools[0].overridden_by, 24);
  assert.equal(pools[1].bytes.value, 6 * 1024 ** 3);
});

test('parse() treats - and _ alike, strips loose-, and keeps the name as written', () => {
  const doc = parseFixture('benchmark-my.cnf');
  const [log] = option(doc, 'innodb_log_file_size');
  assert.equal(log.name, 'innodb-log-file-size');
  assert.equal(log.bytes.value, 25 * 1024 ** 2);
  const [fmt] = option(doc, 'innodb_file_format');
  assert.equal(fmt.name, 'loose-innodb_file_format');
  assert.equal(fmt.loose, true);
  assert.equal(option(doc, 'skip_name_resolve')[0].value, null);
});

test('parse() keeps groups apart: max_allowed_packet in [mysqld] (set-variable) and [mysqldump] both stay effective', () => {
  const doc = parseFixture('benchmark-my.cnf');
  const packets = option(doc, 'max_allowed_packet');
  assert.deepEqual(packets.map((o) => [o.section, o.name, o.effective]), [['mysqld', 'set-variable', true], ['mysqldump', 'max_allowed_packet', true]]);
  assert.deepEqual(doc.sections.map((s) => s.name), ['client', 'mysqld', 'mysqld_safe', 'mysqldump']);
});

test('parse() unquotes values, keeps # inside quotes, and moves trailing comments and !includedir to notes', () => {
  const doc = parseFixture('benchmark-my.cnf');
  assert.equal(option(doc, 'init_connect')[0].value, 'SET NAMES utf8 # not a comment');
  assert.equal(option(doc, 'log_error')[0].value, '/var/log/mysql/error.log');
  assert.equal(option(doc, 'innodb_flush_log_at_trx_commit')[0].value, '2');
  assert.ok(doc.notes.some((n) => n.line === 20 && n.text === '# not durable, benchmark only'));
  assert.ok(doc.notes.some((n) => n.kind === 'includedir' && n.line === 36));
});

test('detect picks option files and pasted blocks, and scores sysbench and mysqlslap at zero', () => {
  assert.equal(detectFormat(read('debian-mariadb-my.cnf').split('\n')).name, 'my-cnf');
  assert.equal(detectFormat(read('seed000-innodb-block.cnf').split('\n')).name, 'my-cnf');
  assert.equal(format.detect(['Number of threads: 8', 'Random number generator seed is 0 and will be ignored', 'Threads started!']), 0);
  assert.equal(format.detect(['Benchmark', '\tRunning for engine innodb', '\tAverage number of seconds to run all queries: 0.123 seconds']), 0);
  assert.equal(format.detect(['max_connections = 100']), 0);
});

test('parse() refuses an unclosed [group] and an unclosed quote at their columns', () => {
  const refusal = (name) => { try { parse(read(name)); } catch (e) { return e; } return null; };
  const section = refusal('errors/section-not-closed.cnf');
  assert.ok(section instanceof Problem);
  assert.deepEqual([section.line, section.column], [3, 2]);
  const quoteError = refusal('errors/quote-not-closed.cnf');
  assert.deepEqual([quoteError.line, quoteError.column], [2, 16]);
});
