// Interval samples kept in columns read back exactly as printed: every
// `[ Ns ]` line of every real capture beside the reports, and of a generated
// log long enough to fill several storage chunks, is checked against the
// numbers on the raw line, read here by a plain split rather than by the
// parser's patterns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseFile } from '../../scripts/parse/index.mjs';
import { writeIntervalLog } from '../bench/interval-log.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const REPORTS = join(ROOT, 'content', 'reports');
const INTERVAL = /^\[ \d+s \] thds: /;
const DB_FIELDS = ['t', 'threads', 'tps', 'qps', 'reads', 'writes', 'other', 'percentile', 'latency', 'errors', 'reconnects'];
const EPS_FIELDS = ['t', 'threads', 'eps', 'percentile', 'latency'];

/** The numbers a 1.0/1.1 interval line prints, by field, read with a split on everything that is not a number. */
function printed(line) {
  const numbers = line.split(/[^0-9.]+/).filter((w) => /\d/.test(w)).map(Number);
  const fields = line.includes(' tps: ') ? DB_FIELDS : EPS_FIELDS;
  assert.equal(numbers.length, fields.length, line);
  const values = Object.fromEntries(fields.map((f, i) => [f, numbers[i]]));
  // sysbench prints a latency of 0.00 for an interval without events: the document holds no latency then.
  if (values.latency === 0 && (values.tps ?? values.eps) === 0) values.latency = null;
  return values;
}

/** Checks every interval line of `text` against the document's columns; returns how many were checked. */
function checkEverySample(doc, text, what) {
  const rows = new Map();
  for (const run of doc.runs) {
    const s = run.intervals?.samples;
    if (s) for (let i = 0; i < s.count; i += 1) rows.set(s.line[i], { s, i, percentile: run.intervals.percentile });
  }
  let checked = 0;
  text.split('\n').forEach((line, n) => {
    if (!INTERVAL.test(line)) return;
    const at = rows.get(n + 1);
    assert.ok(at, `${what}:${n + 1}: no sample for the interval line`);
    const { percentile, ...values } = printed(line.trimEnd());
    assert.equal(at.percentile, percentile, `${what}:${n + 1} percentile`);
    for (const [field, value] of Object.entries(values)) assert.equal(at.s[field][at.i], value, `${what}:${n + 1} ${field}`);
    checked += 1;
  });
  assert.equal(checked, rows.size, `${what}: as many samples as interval lines`);
  return checked;
}

/** Raw files beside the reports with `[ Ns ]` interval lines. */
function intervalCaptures() {
  return readdirSync(REPORTS).flatMap((slug) => {
    const raw = join(REPORTS, slug, 'raw');
    if (!existsSync(raw)) return [];
    return readdirSync(raw, { recursive: true }).map((f) => join(raw, f)).filter((f) => f.endsWith('.txt') && readFileSync(f, 'utf8').split('\n', 40).some((l) => INTERVAL.test(l)));
  });
}

test('every sample of every real --report-interval capture equals the numbers on its raw line', async () => {
  const files = intervalCaptures();
  assert.ok(files.length >= 10, `found ${files.length} captures`);
  let samples = 0;
  for (const path of files) {
    const source = relative(ROOT, path);
    samples += checkEverySample(await parseFile(path, { source }), readFileSync(path, 'utf8'), source);
  }
  assert.ok(samples >= 3000, `${samples} samples checked`);
});

test('a generated log of a few MB keeps every sample across storage chunks, equal to its raw line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-intervals-'));
  try {
    const path = join(dir, 'long.txt');
    const written = writeIntervalLog(path, 3e6);
    const doc = await parseFile(path, { source: 'long.txt' });
    const [run] = doc.runs;
    assert.equal(run.status, 'ok');
    assert.equal(run.intervals.samples.count, written);
    assert.ok(written > 3 * 4096, `${written} samples span several chunks of 4,096`);
    assert.equal(checkEverySample(doc, readFileSync(path, 'utf8'), 'long.txt'), written);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
