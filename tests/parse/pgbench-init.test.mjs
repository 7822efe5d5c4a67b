// The pgbench -i parser's contract: the steps in order, row-generation
// progress as samples, the total and each step's time from the closing line
// as printed; an output without that line is incomplete, or failed when
// pgbench printed an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse } from '../../scripts/parse/pgbench-init.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { splitLines } from '../../scripts/lib/text.mjs';
import { rowsOf } from '../../scripts/lib/columns.mjs';

const NAME = 'real-15.20-init.txt';
const text = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'pgbench-init', NAME), 'utf8');
const lines = splitLines(text);

test('the golden init fixture is the capture\'s init.txt, byte for byte', () => {
  assert.equal(text, readFileSync(join(import.meta.dirname, '..', 'fixtures', 'pgbench', 'capture-15.20', 'init.txt'), 'utf8'));
});

test('parse() lists the steps pgbench -i announced, in order, each on its line', () => {
  const doc = parse(text, { source: NAME });
  const announced = lines.map((l, i) => [l, i + 1]).filter(([l]) => /^[a-z].*\.\.\.$/.test(l));
  assert.deepEqual(doc.steps.map((s) => [`${s.name.text}...`, s.name.line]), announced);
  assert.equal(doc.status, 'ok');
  assert.equal(doc.incomplete, undefined);
});

test('with --partitions, "creating N partitions..." is one of the steps, on its line', () => {
  const partitioned = text.replace('creating tables...\n', 'creating tables...\ncreating 4 partitions...\n');
  const doc = parse(partitioned, { source: NAME });
  const step = doc.steps.find((s) => s.name.text === 'creating 4 partitions');
  assert.equal(step?.name.line, splitLines(partitioned).indexOf('creating 4 partitions...') + 1);
  assert.equal(doc.notes?.some((n) => /partitions/.test(n.text)) ?? false, false);
});

test('parse() reads the total and each step\'s time from the closing "done in" line, as printed', () => {
  const doc = parse(text, { source: NAME });
  const closing = lines.findIndex((l) => l.startsWith('done in ')) + 1;
  const m = /^done in (\S+) s \((.*)\)\.$/.exec(lines[closing - 1]);
  assert.deepEqual(doc.total, { value: Number(m[1]), text: m[1], unit: 's', line: closing });
  const printed = m[2].split(', ').map((p) => /^(.*) (\S+) s$/.exec(p).slice(1));
  assert.deepEqual(doc.timings.map((t) => [t.step.text, t.seconds.text]), printed);
  assert.ok(doc.timings.every((t) => t.seconds.line === closing && t.seconds.value === Number(t.seconds.text)));
});

test('parse() keeps row generation progress as samples with the line each came from', () => {
  const doc = parse(text, { source: NAME });
  const progress = lines.map((l, i) => [l, i + 1]).filter(([l]) => / tuples \(\d+%\) done /.test(l));
  assert.equal(doc.rows.samples.count, progress.length);
  rowsOf(doc.rows.samples).forEach((row, i) => {
    const [raw, n] = progress[i];
    const m = /^(\d+) of (\d+) tuples \((\d+)%\) done \(elapsed (\S+) s, remaining (\S+) s\)$/.exec(raw);
    assert.deepEqual([row.line, row.done, row.total, row.percent, row.elapsed, row.remaining], [n, ...m.slice(1).map(Number)]);
  });
});

test('an output cut before its closing line is kept and marked incomplete at its last line', () => {
  const doc = parse(lines.slice(0, 12).join('\n') + '\n', { source: 'cut.txt' });
  assert.deepEqual(doc.incomplete, { reason: 'the output stops before pgbench -i\'s closing "done" line', line: 12 });
  assert.equal(doc.total, undefined);
});

test('an output that stops at a pgbench error is failed, not incomplete', () => {
  const error = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'pgbench', 'real-15.20-failed-unknown-database.txt'), 'utf8');
  const doc = parse(lines.slice(0, 6).join('\n') + '\n' + error, { source: 'x.txt' });
  assert.equal(doc.status, 'failed');
  assert.equal(doc.incomplete, undefined);
  assert.deepEqual(doc.messages.filter((m) => m.level === 'error').map((m) => m.line), [7, 8]);
});

test('output after the closing line is refused at its line', () => {
  assert.throws(() => parse(`${text}vacuuming...\n`, { source: 'x.txt' }), (e) => e instanceof Problem && e.file === 'x.txt' && e.line === lines.length + 1);
});

test('detection tells pgbench -i output from a pgbench run', () => {
  assert.equal(detectFormat(lines).name, 'pgbench-init');
});
