// The elapsed-time parser's contract: each duration keeps what the tool
// printed, number by number with its unit, and the seconds derived beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// index.mjs first: it loads formats.mjs, which loads elapsed-time.mjs.
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/elapsed-time.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'elapsed-time');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });

test('parse() keeps the seed-002 load times 28m18s … 27m55s as printed by bash, minutes and seconds apart, seconds derived', () => {
  const { timings } = parseFixture('bash-time-seed002-load-times.txt');
  assert.deepEqual(timings.map((t) => t.real.text), ['28m18.000s', '29m46.000s', '36m43.000s', '27m55.000s']);
  assert.deepEqual(timings.map((t) => t.real.seconds.value), [1698, 1786, 2203, 1675]);
  const [compact] = timings;
  assert.deepEqual(compact.real.parts, [
    { value: 28, text: '28', unit: 'min', line: 3 },
    { value: 18, text: '18.000', unit: 's', line: 3 },
  ]);
  assert.equal(compact.real.seconds.derived, true);
  assert.equal(compact.user.seconds.value, 161.312);
  assert.equal(compact.command, 'time mysql test < sbtest-compact.sql');
  assert.deepEqual(compact.lines, { first: 3, last: 5 });
});

test('parse() reads time -p seconds as printed, unit implied and nothing derived', () => {
  const [t] = parseFixture('time-p-sleep.txt').timings;
  assert.equal(t.layout, 'posix');
  assert.deepEqual(t.real.seconds, { value: 0.2, text: '0.20', unit: 's', line: 2, implied: true });
});

test('parse() reads the GNU time default summary with its resources and the exit status printed above it', () => {
  const [t] = parseFixture('gnu-time-default-exit-status.txt').timings;
  assert.equal(t.layout, 'gnu-time');
  assert.equal(t.exit_status.value, 1);
  assert.deepEqual(t.lines, { first: 2, last: 4 });
  const resources = Object.fromEntries(t.resources.map((r) => [r.name, r.value]));
  assert.deepEqual(resources.maxresident, { value: 1076, text: '1076', unit: 'KiB', line: 3 });
  assert.equal(resources.cpu.value, 50);
  assert.equal(resources.minor.value, 70);
});

test('parse() reads GNU time -v: the wall clock m:ss, the command and every resource line', () => {
  const [t] = parseFixture('gnu-time-verbose.txt').timings;
  assert.equal(t.command, 'sleep 0.3');
  assert.equal(t.real.text, '0:00.30');
  assert.equal(t.real.seconds.value, 0.3);
  const max = t.resources.find((r) => r.name === 'Maximum resident set size (kbytes)');
  assert.deepEqual(max.value, { value: 1668, text: '1668', unit: 'KiB', line: 11 });
  assert.equal(t.resources.find((r) => r.name === 'Page size (bytes)').value.unit, 'bytes');
  assert.equal(t.exit_status.value, 0);
  assert.equal(t.resources.length, 18); // every -v line but command, times, exit status
});

test('parse() reads mysql client times with minutes and hours, the rows, and the Records line', () => {
  const { timings } = parseFixture('mysql-client-long-load.txt');
  const load = timings[1];
  assert.equal(load.real.text, '28 min 18.34 sec');
  assert.equal(load.real.seconds.value, 1698.34);
  assert.equal(load.rows.value, 10000000);
  assert.deepEqual(load.info.map((i) => [i.label, i.value.value]), [['Records', 10000000], ['Duplicates', 0], ['Warnings', 0]]);
  const alter = timings[2];
  assert.deepEqual(alter.real.parts.map((p) => [p.value, p.unit]), [[1, 'h'], [2, 'min'], [3.45, 's']]);
  assert.equal(alter.real.seconds.value, 3723.45);
  assert.equal(alter.warnings.value, 1);
  assert.equal(timings[3].result, 'Empty set');
  assert.equal(timings[4].command, 'UPDATE sbtest SET k = k + 1 WHERE id < 1000;');
});

test('parse() ties each mysql -vvv timing to the statement framed above it and keeps result rows as notes', () => {
  const doc = parseFixture('mysql-vvv-load.txt');
  const insert = doc.timings.find((t) => /^INSERT/.test(t.command));
  assert.equal(insert.real.seconds.value, 0.152);
  assert.equal(insert.rows.value, 10000);
  assert.equal(doc.warnings.length, 0);
  assert.ok(doc.notes.some((n) => n.kind === 'result-set' && /10000/.test(n.text)));
});

test('parse() reads zsh time on one line: user, system, cpu and the m:ss total', () => {
  const [t] = parseFixture('zsh-time-pasted.txt').timings;
  assert.equal(t.real.seconds.value, 1675.12);
  assert.equal(t.user.seconds.value, 161.01);
  assert.equal(t.command, 'mysql test < sbtest-dynamic.sql');
});

test('detect scores shell timings high and a bare SHOW TABLE STATUS footer at zero', () => {
  assert.equal(detectFormat(read('bash-time-sleep.txt').split('\n')).name, 'elapsed-time');
  const tableStatus = ['+--------+--------+', '| Name   | Engine |', '+--------+--------+', '| sbtest | InnoDB |', '+--------+--------+', '1 row in set (0.01 sec)'];
  assert.equal(format.detect(tableStatus), 0);
  assert.equal(format.detect(['Number of threads: 8', 'Threads started!']), 0);
});

test('parse() refuses a bash time block cut after user, at the user line', () => {
  let error = null;
  try { parse(read('errors/bash-time-cut.txt')); } catch (e) { error = e; }
  assert.ok(error instanceof Problem);
  assert.equal(error.line, 2);
  assert.match(error.message, /expected a "sys" line/);
});

test('a session that ends on a statement with no result is cut there; one that ends on a bare prompt, after `use`, or on exit is not', () => {
  const refusal = (text) => { try { parse(text, { source: 's.txt' }); } catch (e) { return String(e); } return null; };
  const timed = 'mysql> SELECT SLEEP(1);\n+----------+\n| SLEEP(1) |\n+----------+\n|        0 |\n+----------+\n1 row in set (1.00 sec)\n\n';
  assert.equal(refusal(`${timed}mysql> UPDATE t SET k = k + 1\n    -> WHERE id < 10;\n`), 's.txt:11:1: expected the result of the command on line 9, found end of file');
  assert.equal(refusal(`${timed}mysql> use test\nDatabase changed\nmysql>\n`), null);
  assert.equal(refusal(`${timed}mysql> exit\n`), null);
  assert.equal(refusal(`${timed}$ time mysql test < load.sql\n`), 's.txt:10:1: expected the timing of the command on line 9, found end of file');
  assert.equal(refusal(`${timed}$ ls -l\n`), null);
});
