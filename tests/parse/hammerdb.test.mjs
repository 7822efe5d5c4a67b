// Contract of the HammerDB parser. HammerDB is not installed on this machine,
// so every fixture under tests/fixtures/hammerdb (and the inline texts here) is
// a hand-made layout variant written from the strings in FORMATS.md §7:
// both TEST RESULT orders, CLI sequences, hammerdb.log with timestamps, glued
// prompts, runs with no result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse, format } from '../../scripts/parse/hammerdb.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'hammerdb');
const fixture = (name) => readFileSync(join(FIXTURES, name), 'utf8');

test('parse() keeps every TEST RESULT of a CLI sequence, each paired with its configured virtual users', () => {
  const doc = parse(fixture('cli-v4.2-sequence-mysql-two-runs.txt'));
  assert.equal(doc.status, 'complete');
  assert.deepEqual(doc.provenance.tool, { name: 'HammerDB', version: '4.2', line: 1 });
  assert.deepEqual(doc.results.map((r) => [r.active_virtual_users.value, r.nopm.value, r.tpm.value]), [[8, 41873, 97188], [16, 0, 0]]);
  assert.deepEqual(doc.results.map((r) => r.heading.text), ['8 VU TEST', '16 VU TEST']);
  assert.deepEqual(doc.results[0].rampup, { value: 1, text: '1', unit: 'min', line: 28 });
  assert.deepEqual(doc.results[0].duration, { value: 3, text: '3', unit: 'min', line: 33 });
  assert.deepEqual(doc.jobs, [{ id: '61A5F1B25A7303E273334393', line: 44 }]);
});

test('parse() keeps a zero NOPM as a result, not as a missing one', () => {
  const [, zero] = parse(fixture('cli-v4.2-sequence-mysql-two-runs.txt')).results;
  assert.deepEqual(zero.nopm, { value: 0, text: '0', unit: 'tx/min', line: 59 });
});

test('parse() reads the pre-v4 "TPM at NOPM" order and puts each number in its place', () => {
  const [result] = parse(fixture('log-v3.3-old-order-timestamps.txt')).results;
  assert.equal(result.order, 'tpm-first');
  assert.equal(result.nopm.value, 70312);
  assert.equal(result.tpm.value, 215480);
  assert.equal(result.database, 'MySQL');
  assert.equal(result.active_virtual_users.value, 4);
});

test('parse() keeps a database name with a space', () => {
  const doc = parse('Vuser 1:2 Active Virtual Users configured\nVuser 1:TEST RESULT : System achieved 60364 NOPM from 138633 SQL Server TPM\n');
  assert.equal(doc.results[0].database, 'SQL Server');
  assert.equal(doc.results[0].tpm.value, 138633);
  const old = parse('Vuser 1:TEST RESULT : System achieved 138633 SQL Server TPM at 60364 NOPM\n');
  assert.deepEqual([old.results[0].database, old.results[0].nopm.value], ['SQL Server', 60364]);
});

test('parse() finds a result behind a glued hammerdb> prompt and keeps the prompt as a note', () => {
  const doc = parse(fixture('prompt-glued-oracle-crlf.txt'));
  assert.equal(doc.results[0].line, 9);
  assert.equal(doc.results[0].nopm.value, 120344);
  assert.equal(doc.results[0].database, 'Oracle');
  assert.deepEqual(doc.notes.filter((n) => n.kind === 'prompt').map((n) => n.line), [6, 9]);
  assert.deepEqual(doc.warnings, []);
});

test('parse() does not take the GUI "N MySQL tpm" counter for a result', () => {
  const doc = parse('Vuser 1:RUNNING\n12345 MySQL tpm\n23456 MySQL tpm\n');
  assert.deepEqual(doc.results, []);
  assert.equal(doc.status, 'no result');
  assert.deepEqual(doc.warnings, []);
});

test('parse() turns a run without TEST RESULT into a failed document with the tool\'s error lines', () => {
  const doc = parse(fixture('monitor-error-no-result.txt'));
  assert.equal(doc.status, 'failed');
  assert.deepEqual(doc.results, []);
  assert.deepEqual(doc.messages.map((m) => m.line), [6, 7, 8, 9]);
  assert.match(doc.messages[0].text, /Table 'tpcc.warehouse' doesn't exist/);
});

test('parse() reports "no result" for a log that stops before the result without errors', () => {
  const doc = parse(fixture('rampup-only-tail-no-result.txt'));
  assert.equal(doc.status, 'no result');
  assert.deepEqual(doc.messages, []);
});

test('parse() keeps a Tcl error and its stack trace when the CLI crashes at start-up', () => {
  const text = 'HammerDB CLI v6.0\nerror writing "stdout": invalid or incomplete multibyte or wide character\n    while executing\n"puts "Copyright \\u00A9 HammerDB Ltd""\n    (file "//zipfs:/app/main.tcl" line 33)\nCopyright\n';
  const doc = parse(text);
  assert.equal(doc.status, 'failed');
  assert.deepEqual(doc.messages.map((m) => m.level), ['error', 'trace', 'trace', 'trace']);
  assert.equal(doc.provenance.tool.version, '6.0');
});

test('parse() refuses text that is not HammerDB output at all', () => {
  assert.throws(() => parse('hello world\n'), (e) => e instanceof Problem && e.rule === 'hammerdb-missing');
});

test('parse() points at a TEST RESULT number that does not parse', () => {
  assert.throws(() => parse('Vuser 1:TEST RESULT : System achieved 12,345 NOPM from 28001 PostgreSQL TPM\n', { source: 'x.log' }),
    (e) => e instanceof Problem && e.toString() === 'x.log:1:39: expected a whole number for NOPM, found "12,345"');
});

test('detect() scores HammerDB output and ignores other tools', () => {
  assert.ok(format.detect(['Vuser 1:TEST RESULT : System achieved 3370315 PostgreSQL TPM at 1465149 NOPM']) > 0);
  assert.equal(format.detect(['1107.89 new-order transactions per minute (NOTPM)']), 0);
  assert.equal(format.detect(['<TpmC>', '                 67461.500 TpmC']), 0);
  assert.equal(detectFormat(fixture('log-v3.3-old-order-timestamps.txt').split('\n')).name, 'hammerdb');
});
