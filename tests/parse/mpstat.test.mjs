// The mpstat parser's contract: banner, every per-CPU row under the header it
// belongs to, and the Average block kept apart from the samples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// index.mjs first: it loads formats.mjs, which loads mpstat.mjs.
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/mpstat.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mpstat');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });

test('parse() reads the banner into kernel, host, date, arch and a CPU count figure', () => {
  const [run] = parseFixture('mpstat-P-ALL.txt').runs;
  assert.deepEqual(run.banner, {
    os: 'Linux', kernel: '6.18.44-fc-v669', host: 'vm', date: '11/22/26', arch: 'x86_64',
    cpus: { value: 2, text: '2', unit: 'count', line: 2 }, line: 2,
  });
});

test('parse() keeps each CPU of mpstat -P ALL per interval and the Average rows separately', () => {
  const [run] = parseFixture('mpstat-P-ALL.txt').runs;
  assert.equal(run.samples.length, 6);
  assert.deepEqual(run.samples.map((s) => `${s.time}/${s.cpu}`), ['01:51:23/all', '01:51:23/0', '01:51:23/1', '01:51:24/all', '01:51:24/0', '01:51:24/1']);
  assert.equal(run.samples[4].values['%usr'], 70.71);
  assert.equal(run.samples[4].values['%steal'], 3.03);
  assert.deepEqual(run.averages.map((a) => a.cpu), ['all', '0', '1']);
  assert.equal(run.averages[0].values['%usr'], 73.55);
  assert.equal(run.units['%idle'], 'percent');
});

test('parse() reads 12 h time stamps and older column sets (no %gnice; %user and intr/s)', () => {
  const [twelve] = parseFixture('mpstat-sysstat9-12h.txt').runs;
  assert.equal(twelve.samples[0].time, '02:15:02 PM');
  assert.equal(twelve.banner.cpus.value, 4);
  assert.ok(!twelve.columns.includes('%gnice'));
  const [old] = parseFixture('mpstat-sysstat7-intr.txt').runs;
  assert.equal(old.banner.cpus, null);
  assert.equal(old.units['intr/s'], 'interrupts/s');
  assert.equal(old.samples[1].values['intr/s'], 5340.8);
  assert.equal(old.averages[0].values['%user'], 46.53);
});

test('detect picks mpstat output and scores vmstat at zero', () => {
  assert.equal(detectFormat(read('mpstat-1-3.txt').split('\n')).name, 'mpstat');
  assert.equal(format.detect(['procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----']), 0);
});

test('parse() refuses a row with fewer values than its header, at that row', () => {
  let error = null;
  try { parse(read('errors/mpstat-row-cut.txt')); } catch (e) { error = e; }
  assert.ok(error instanceof Problem);
  assert.equal(error.line, 6);
  assert.match(error.message, /expected 10 values/);
});
