// `pgbench -i` (initialization) output → one document with the steps it ran,
// its row-generation progress and the time of each step from its closing
// line: `done in 1.94 s (drop tables 0.00 s, create tables 0.01 s,
// client-side generate 1.20 s, vacuum 0.11 s, primary keys 0.62 s).`
// (PostgreSQL 13 and later; earlier versions print a bare `done.`). An output
// without that line stopped early: it is kept, marked incomplete, unless
// pgbench said why it stopped (an error line), which makes it a failed one.
import { Problem, quote } from '../problems/problem.mjs';
import { figure, requireFigure } from './shared/figure.mjs';
import { TableBuilder } from '../lib/columns.mjs';
import { pgbenchMessage } from './shared/pgbench-messages.mjs';
import { parseTextWith } from './driver.mjs';

// The step announcements, each `…...` on a line of its own (init-steps d, t, g or G, v, p, f);
// --partitions N adds `creating N partitions...` after `creating tables...`.
const STEP = /^(dropping old tables|creating tables|creating \d+ partitions|generating data \((?:client|server)-side\)|vacuuming|creating primary keys|creating foreign keys)\.\.\.$/;
const NUM = String.raw`(\d+(?:\.\d+)?)`;
// Client-side generation reports its progress (every 100,000 rows, or every 5 s with -q).
const ROWS = new RegExp(String.raw`^(\d+) of (\d+) tuples \((\d+)%\) (?:done|of pgbench_accounts done) \(elapsed ${NUM} s, remaining ${NUM} s\)$`);
const DONE = new RegExp(String.raw`^done in ${NUM} s \((.*)\)\.$`);
const DONE_OLD = /^done\.$/;
const TIMING = new RegExp(String.raw`^(.+?) ${NUM} s$`);
const ROW_UNITS = { done: 'rows', total: 'rows', percent: 'percent', elapsed: 's', remaining: 's' };

function detect(lines) {
  let score = 0;
  for (const raw of lines) {
    const text = raw.trim();
    if (DONE.test(text)) score += 60;
    else if (ROWS.test(text)) score += 40;
    else if (STEP.test(text)) score += 30;
  }
  return Math.min(score, 100);
}

class PgbenchInitParser {
  constructor() {
    this.steps = [];
    this.rows = new TableBuilder();
    this.notes = [];
    this.warnings = [];
    this.messages = [];
    this.done = null;
    this.first = null;
    this.last = null;
  }

  push(line, n) {
    const text = line.trim();
    if (text === '') return;
    const step = STEP.exec(text);
    if (step) return this.take(n, () => this.steps.push({ name: { text: step[1], line: n } }));
    const rows = ROWS.exec(text);
    if (rows) return this.take(n, () => this.row(rows, n));
    const done = DONE.exec(text);
    if (done) return this.take(n, () => this.finish(done, text, n, line));
    if (DONE_OLD.test(text)) return this.take(n, () => { this.done = { line: n }; });
    const message = pgbenchMessage(text, n, this.messages);
    if (message) return this.take(n, () => this.messages.push(message));
    this.warnings.push({ line: n, message: 'line is not part of pgbench -i output', text });
    return undefined;
  }

  /** Reads one line of the output; after the closing `done` line, nothing more belongs to it. */
  take(n, read) {
    if (this.done) {
      throw new Problem({
        line: n,
        column: 1,
        expected: `nothing after the closing "done" line (line ${this.done.line}) of a pgbench -i output`,
        found: 'more output',
        rule: 'pgbench-init/after-done',
      });
    }
    this.first ??= n;
    this.last = n;
    read();
  }

  row(m, n) {
    this.rows.push({ line: n, done: Number(m[1]), total: Number(m[2]), percent: Number(m[3]), elapsed: Number(m[4]), remaining: Number(m[5]) });
  }

  /** `done in X s (step X s, …).`: the total and each step's time, in the order printed. */
  finish(m, text, n, line) {
    const timings = m[2].split(', ').map((part) => {
      const t = TIMING.exec(part);
      if (!t) {
        throw new Problem({
          line: n,
          column: line.indexOf(part) + 1,
          expected: 'a step and its time ("vacuum 0.11 s") in the list after "done in"',
          found: quote(part),
          rule: 'pgbench-init/timing',
        });
      }
      return { step: { text: t[1], line: n }, seconds: requireFigure(t[2], 's', n, line, `the time of ${t[1]}`) };
    });
    this.done = { line: n, total: figure(m[1], 's', n), timings };
  }

  end() {
    if (this.first === null) {
      throw new Problem({
        line: 1,
        column: 1,
        expected: 'pgbench -i output (a step such as "creating tables..." or the closing "done in" line)',
        found: 'none in the input',
        rule: 'pgbench-init/empty',
      });
    }
    const errors = this.messages.filter((m) => m.level === 'error' || m.level === 'fatal');
    const status = this.done ? 'ok' : errors.length ? 'failed' : 'ok';
    const incomplete = !this.done && !errors.length
      ? { reason: 'the output stops before pgbench -i\'s closing "done" line', line: this.last }
      : null;
    const out = {
      tool: { name: 'pgbench', version: null, line: this.first },
      notes: this.notes,
      warnings: this.warnings,
      status,
      ...(incomplete ? { incomplete } : {}),
      lines: { first: this.first, last: this.last },
      steps: this.steps,
    };
    if (this.rows.count) out.rows = { units: ROW_UNITS, samples: this.rows.table() };
    if (this.done?.total) {
      out.total = this.done.total;
      out.timings = this.done.timings;
    }
    out.messages = this.messages;
    return out;
  }
}

export const format = {
  name: 'pgbench-init',
  role: 'timing',
  // One file is one initialization: a shortcode's data="pgbench-init" reads the document itself.
  items: '.',
  headline: [{ metric: 'total', title: 'Time to initialize' }],
  overTime: null,
  timeField: null,
  describedByServer: true,
  labels: null,
  runLabels: null,
  version: '1.0.0',
  // Rows generated and steps finished before a stop are still what happened: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'pgbench -i (PostgreSQL 13 and later): steps, row generation progress, the time of each step',
  produces: 'the steps pgbench -i ran, its row-generation progress lines as samples, the total time and each step\'s time from its closing "done in" line, the server\'s notices and pgbench\'s error lines, and a status (ok, failed)',
  detect,
  mentions: /done in [\d.]+ s \(|tuples \(\d+%\)|dropping old tables\.\.\.|creating tables\.\.\.|generating data \(|vacuuming\.\.\.|creating (?:primary|foreign) keys\.\.\./,
  createParser: () => new PgbenchInitParser(),
};


export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}
