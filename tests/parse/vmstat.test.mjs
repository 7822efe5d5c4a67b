// The vmstat parser's contract: every sample kept, the since-boot first line
// flagged, units said once and taken from -S only when the command shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// index.mjs first: it loads formats.mjs, which loads vmstat.mjs.
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/vmstat.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'vmstat');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });

test('parse() keeps all five samples of vmstat 1 5 and flags only the first as since boot', () => {
  const [run] = parseFixture('vmstat-1-5.txt').runs;
  assert.equal(run.samples.length, 5);
  assert.deepEqual(run.samples.map((s) => s.since_boot ?? false), [true, false, false, false, false]);
  assert.deepEqual(run.samples[1], {
    line: 5,
    values: { r: 4, b: 0, swpd: 0, free: 23710532, buff: 4184, cache: 506652, si: 0, so: 0, bi: 24, bo: 12, in: 11066, cs: 25462, us: 21, sy: 21, id: 47, wa: 0, st: 11 },
  });
  assert.equal(run.units.free, 'KiB');
  assert.equal(run.units.cs, 'context-switches/s');
  assert.equal(run.units.us, 'percent');
  assert.deepEqual(run.memory_unit, { unit: 'KiB', implied: true });
});

test('parse() keeps one run across the header vmstat repeats every screenful', () => {
  const doc = parseFixture('vmstat-long-repeated-headers.txt');
  assert.equal(doc.runs.length, 1);
  assert.equal(doc.runs[0].samples.length, 50);
  assert.equal(doc.runs[0].samples.filter((s) => s.since_boot).length, 1);
  assert.equal(doc.runs[0].samples[21].line, 26); // first sample after the repeat at lines 24-25
});

test('parse() splits runs at a new command and takes MiB from vmstat -S M', () => {
  const mib = parseFixture('vmstat-units-mib.txt').runs[0];
  assert.deepEqual(mib.memory_unit, { unit: 'MiB', implied: false });
  assert.equal(mib.units.free, 'MiB');
  assert.equal(mib.units.si, 'MiB/s');
  assert.equal(mib.samples[0].values.free, 23316);
  const two = parseFixture('vmstat-procps-3.2-two-runs.txt');
  assert.deepEqual(two.runs.map((r) => r.command), ['vmstat 5 3', 'vmstat -n 5 2']);
  assert.deepEqual(two.runs[0].columns.slice(-4), ['us', 'sy', 'id', 'wa']);
  assert.equal(two.runs[1].samples[0].since_boot, true);
});

test('parse() keeps vmstat -t timestamps, the zone and the -w gu column', () => {
  const [run] = parseFixture('vmstat-timestamps-wide.txt').runs;
  assert.equal(run.timezone, 'UTC');
  assert.equal(run.samples[2].timestamp, '2026-11-22 01:51:18');
  assert.equal(run.samples[2].values.bi, 8220);
  assert.equal(run.columns.at(-1), 'gu');
});

test('detect picks vmstat output and scores mpstat and sysbench at zero', () => {
  assert.equal(detectFormat(read('vmstat-active-inactive.txt').split('\n')).name, 'vmstat');
  assert.equal(format.detect(['01:51:22     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle']), 0);
  assert.equal(format.detect(['SQL statistics:', '    queries performed:']), 0);
});

test('parse() refuses a sample line cut short, naming the columns it expected', () => {
  let error = null;
  try { parse(read('errors/vmstat-row-cut.txt')); } catch (e) { error = e; }
  assert.ok(error instanceof Problem);
  assert.equal(error.line, 5);
  assert.match(error.message, /expected 17 values/);
});
