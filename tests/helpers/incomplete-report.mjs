// A report made of real raw files from the sample reports, two of them cut
// short the way a run that died leaves its log: an mpstat capture that stops
// inside its Average block and a sysbench --report-interval log that stops
// before its summary. Beside each, a whole capture of the same kind, so a test
// can tell the figures that must say "incomplete" from those that must not.
// The raw files of the sample reports are only read, never changed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
export const SLUG = 'incomplete-output';

const raw = (report, file) => readFileSync(join(ROOT, 'content', 'reports', report, 'raw', file), 'utf8');
const firstLines = (text, n) => `${text.split('\n').slice(0, n).join('\n')}\n`;

/** The cut files: where each is cut, and the reason its parser gives for the line it stops at. */
export const CUTS = {
  'raw/mpstat-cut.txt': {
    from: ['cpu-efficiency-by-cores', 'mpstat-ahi-off-c1-t1-r1.txt'],
    lines: 80,
    reason: 'the run that starts at line 1 stops before its Average row for CPU 1 (the file was cut?)',
  },
  'raw/sysbench-cut.txt': {
    from: ['read-write-stress-over-time', 'sysbench-trx-commit-1.txt'],
    lines: 50,
    reason: 'the last run (lines 1–50) stops before its summary',
  },
};

const WHOLE = {
  'raw/mpstat-whole.txt': ['cpu-efficiency-by-cores', 'mpstat-ahi-off-c1-t1-r2.txt'],
  'raw/sysbench-whole.txt': ['read-write-stress-over-time', 'sysbench-trx-commit-2.txt'],
};

const INDEX = `---
title: "Output cut short"
date: 2026-11-23
author: tpsreport tests
summary: Two captures that stop early beside two whole ones.
sources:
  - file: raw/mpstat-cut.txt
    labels: { run: cut }
  - file: raw/mpstat-whole.txt
    labels: { run: whole }
  - file: raw/sysbench-cut.txt
    labels: { run: cut }
  - file: raw/sysbench-whole.txt
    labels: { run: whole }
---
The cut capture's CPUs were {{< value data="mpstat" metric="averages.0.values.%usr" where="run=cut" >}} % busy in user mode.

The whole one's were {{< value data="mpstat" metric="averages.0.values.%usr" where="run=whole" >}} %.

{{< table data="mpstat" metric="averages.0.values.%usr" rows="run" caption="User time, all CPUs" >}}

The cut capture idled {{< claim data="mpstat" metric="averages.0.values.%idle" a="run=cut" b="run=whole" relation="higher" show="both" >}}.

{{< chart kind="over-time" name="tps" data="sysbench" metric="tps" color="run" title="Transactions per second" y-title="Transactions per second" >}}

{{< stability-table by="run" caption="Steadiness of each run" >}}

{{< runs data="mpstat" >}}
`;

/** Writes the report into `dir` (a project folder): index.md and its raw files. */
export function writeIncompleteReport(dir) {
  const bundle = join(dir, 'content', 'reports', SLUG);
  mkdirSync(join(bundle, 'raw'), { recursive: true });
  writeFileSync(join(bundle, 'index.md'), INDEX);
  for (const [file, cut] of Object.entries(CUTS)) writeFileSync(join(bundle, file), firstLines(raw(...cut.from), cut.lines));
  for (const [file, from] of Object.entries(WHOLE)) writeFileSync(join(bundle, file), raw(...from));
  return bundle;
}
