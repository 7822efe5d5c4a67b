// The mysqlslap parser's contract: every Benchmark block with seconds as
// printed (ms resolution), engines and clients per block, rusage, and a
// failed run kept as a document rather than thrown away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/mysqlslap.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mysqlslap');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });

test('parse() keeps one run per engine × concurrency block, in order, with seconds as printed', () => {
  const doc = parseFixture('mariadb-10.11-engines-concurrency.txt');
  assert.equal(doc.status, 'ok');
  assert.deepEqual(doc.runs.map((r) => [r.engine.name, r.clients.value]), [['innodb', 1], ['innodb', 4], ['myisam', 1], ['myisam', 4]]);
  assert.deepEqual(doc.runs[1].average, { value: 0.009, text: '0.009', unit: 's', line: 11 });
  assert.deepEqual(doc.runs[1].maximum, { value: 0.013, text: '0.013', unit: 's', line: 13 });
  assert.equal(doc.runs[1].queries_per_client.value, 0);
});

test('parse() reads blocks without the Benchmark line, without indentation, with `//` prefixes, CRLF and no space after the colon', () => {
  const doc = parseFixture('hand-5.6-comment-prefix-crlf-no-header-fork-lines.txt');
  assert.equal(doc.runs.length, 2);
  assert.equal(doc.runs[0].header_missing, true);
  assert.equal(doc.runs[0].average.text, '0.527');
  assert.equal(doc.runs[1].header_missing, undefined);
  assert.deepEqual(doc.runs[1].load, { text: 'mixed', line: 14 });
  assert.equal(doc.runs[1].schema_seconds.value, 0.15);
  assert.deepEqual(doc.notes.map((n) => n.kind), ['command', 'wrapper']);
});

test('parse() makes full-width colons, translation lines and elisions notes, and warns about prose it cannot place', () => {
  const doc = parseFixture('hand-5.x-translated-fullwidth-unknown-line.txt');
  assert.equal(doc.runs[0].minimum.value, 0.963);
  assert.equal(doc.runs[0].clients.value, 400);
  assert.deepEqual(doc.notes.map((n) => [n.line, n.kind]), [[1, 'command'], [4, 'annotation'], [9, 'elision']]);
  assert.deepEqual(doc.warnings.map((w) => w.line), [10]);
});

test('parse() keeps --debug-info rusage figures even when they come before the block', () => {
  const doc = parseFixture('mariadb-10.11-debug-info-rusage-first.txt');
  assert.equal(doc.rusage.length, 5);
  assert.deepEqual(doc.rusage[0].user_time, { value: 0.02, text: '0.02', unit: 's', line: 2, implied: true });
  assert.equal(doc.rusage[1].max_rss.unit, 'KiB');
  assert.equal(doc.rusage[4].involuntary_switches.value, 166);
  assert.equal(doc.runs[0].queries_per_client.value, 25);
});

test('parse() reads --csv lines as runs whose seconds are implied (the CSV prints no unit)', () => {
  const doc = parseFixture('mariadb-10.11-csv-stdout.txt');
  assert.equal(doc.runs.length, 4);
  assert.equal(doc.runs[2].form, 'csv');
  assert.equal(doc.runs[2].engine.name, 'myisam');
  assert.deepEqual(doc.runs[2].load_type, { text: 'mixed', line: 3 });
  assert.deepEqual(doc.runs[2].maximum, { value: 0.071, text: '0.071', unit: 's', line: 3, implied: true });
});

test('parse() turns an error with no block into a failed document with the message, the password warning a note', () => {
  const doc = parseFixture('mysql-5.7-password-warning-1040-failed.txt');
  assert.equal(doc.status, 'failed');
  assert.deepEqual(doc.runs, []);
  assert.deepEqual(doc.messages, [{ level: 'error', text: 'Error when connecting to server: 1040 Too many connections', line: 2 }]);
  assert.deepEqual(doc.notes.map((n) => n.kind), ['wrapper']);
  assert.equal(doc.provenance.tool.name, 'mysqlslap');
});

test('parse() says status errors when the tool printed an error and still a block (mariadb-slap names itself)', () => {
  const doc = parseFixture('mariadb-10.11-error-then-block.txt');
  assert.equal(doc.status, 'errors');
  assert.equal(doc.runs[0].average.value, 1.013);
  assert.equal(doc.provenance.tool.name, 'mariadb-slap');
});

test('parse() refuses a block cut off before its last line, naming the missing line', () => {
  const text = 'Benchmark\n\tAverage number of seconds to run all queries: 0.080 seconds\n';
  assert.throws(() => parse(text), (e) => e instanceof Problem && e.line === 3 && /Minimum number of seconds/.test(e.message));
});

test('parse() refuses text with nothing of mysqlslap in it', () => {
  assert.throws(() => parse('hello\n'), (e) => e instanceof Problem && e.rule === 'mysqlslap/empty');
});

test('detect() scores mysqlslap blocks and lone error lines, and nothing for a client table', () => {
  assert.ok(format.detect(['Benchmark', '\tAverage number of seconds to run all queries: 0.014 seconds']) >= 70);
  assert.ok(format.detect(['  mysqlslap: Error when connecting to server: 1040 Too many connections']) > 0);
  assert.equal(format.detect(['+---+', '| a |', '+---+']), 0);
  assert.equal(detectFormat(read('mariadb-10.11-csv-stdout.txt').split('\n')).name, 'mysqlslap');
});
