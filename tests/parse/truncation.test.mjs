// A file cut short must never read as a complete output. Every golden fixture
// is cut at each line end (for long fixtures: each of the last 60 lines and
// every 10th line before) and inside its last number; each cut is refused
// with a located error or kept with `incomplete` (reason and last line read),
// unless it lost nothing the whole file's document cites.
//
// Some outputs cannot be told from a shorter complete one: they have no
// closing line at all (an option file, `ls -l`, mysql -B batch rows), or hold
// several complete outputs one after another with nothing that says how many.
// For those, listed in OPEN_ENDED with why, the test asks that every figure
// the cut document holds is read exactly as from the whole file (derived
// figures, such as a change between the first and last snapshot, may differ).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseText } from '../../scripts/parse/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { schemaValidators } from '../../scripts/validate/schemas.mjs';
import { goldenFixtures, citedLines, citedItems } from '../helpers/fixtures.mjs';

const validators = schemaValidators();

/** Fixtures whose cuts cannot be told from a shorter complete output, by path, with why. */
const OPEN_ENDED = [
  [/^tests\/fixtures\/my-cnf\//, 'an option file has no last line'],
  [/^tests\/fixtures\/file-sizes\//, 'ls -l (its total line is a header) and du without -c list files until done, with no closing line: a cut between two entries reads as a shorter listing (a du -c or --total listing without its total line is refused)'],
  [/^tests\/fixtures\/vmstat\//, 'vmstat prints samples until it is stopped, with no closing line'],
  [/^tests\/fixtures\/published-table\//, 'a table an article printed has no closing row'],
  [/-batch|-csv-|batch-/, 'mysql -B batch output ends with its last row, with no footer'],
  [/^tests\/fixtures\/benchbase-results\//, 'BenchBase writes one row per time window and no closing line'],
  [/^tests\/fixtures\/pgbench\/real-[\d.]+-(?!failed-)/, 'pgbench prints per-statement latencies after the tps line (and after each script\'s latency lines) only with -r, and nothing before says whether it was given: a cut just before them reads as a run without -r'],
  [/^tests\/fixtures\/dbt2\//, 'DBT-2\'s report ends at NOTPM in some versions (notpm-only-footer), after the unknown-errors line in others (mix_analyzer 2005) and after ramp-up in the rest, and nothing before NOTPM says which; a file of several reports, or dbt2-report\'s RST document after its summary, can stop after any of them (a report cut before NOTPM, or between duration and unknown errors, is refused)'],
  ...[
    ['several complete outputs follow one another and nothing in the file says how many (no command line announces the next): a cut between two reads as a file with fewer', [
      'elapsed-time/bash-time-seed002-load-times.txt', 'sysbench/hand-0.4.12-prepare-plus-run-wrapper.txt',
      'sysbench/hand-1.1.0-cpu-throughput-2runs-histogram.txt', 'hammerdb/cli-v4.2-sequence-mysql-two-runs.txt',
      'mysqlslap/mariadb-10.11-engines-concurrency.txt',
      'mysqlslap/mariadb-10.11-error-then-block.txt',
    ]],
    ['some mysqlslap 5.x builds end a block with "Average Time took to generate schema and initial data" and others do not, so a block cut before it reads as complete', [
      'mysqlslap/hand-5.6-comment-prefix-crlf-no-header-fork-lines.txt',
    ]],
    ['an interactive mysql session (or a tee of one) can stop after any statement, and prints no closing line unless the author quits', [
      'elapsed-time/mariadb-interactive-tee.txt', 'elapsed-time/mysql-client-long-load.txt',
    ]],
    ['mysql -e, -v and \\G output prints no count of its results, and -v no footer after a \\G record: a cut between two results or records, or before a \\G footer, reads as fewer of them', [
      'global-variables/mariadb-10.11-verbose-scopes-empty.txt', 'global-variables/mariadb-10.11-vertical.txt',
      'innodb-cmp/hand-mariadb-5.5-cmpmem-no-instance-reset-vertical.txt', 'innodb-cmp/mariadb-10.11-per-index-vertical.txt',
      'innodb-cmp/mariadb-10.11-verbose-cmp-per-index-cmpmem.txt', 'innodb-cmp/seed002-plugin-1.0-8k-then-4k-runs.txt',
      'perf-schema-waits/mariadb-10.11-sys-table-verbose-snapshots-cut-in-third-table.txt',
      'perf-schema-waits/mariadb-10.11-sys-table-verbose-snapshots-sysbench-t0-t10-t20.txt',
      'perf-schema-waits/mariadb-10.11-sys-x-vertical-snapshots-now-top3.txt', 'perf-schema-waits/mariadb-10.11-vertical-innodb-top5.txt',
      'table-status/mariadb-10.11-verbose-echo-vertical.txt',
    ]],
    ['the first \\G record of a column list that has no fixed last column (any SELECT of a waits summary) can end after any field', [
      'perf-schema-waits/mariadb-10.11-sys-vertical-top4.txt',
    ]],
    ['the only \\G record of SHOW TABLE STATUS may end at Comment (MySQL, and MariaDB before 10.3), so one cut after Comment reads as complete', [
      'table-status/mariadb-10.11-vertical-compressed.txt',
    ]],
  ].flatMap(([reason, names]) => names.map((name) => [new RegExp(`^tests/fixtures/${name.replace(/[.\\]/g, '\\$&')}$`), reason])),
];

const reasonFor = (list, source) => list.find(([re]) => re.test(source))?.[1];

// Outputs whose end is a footer or closing line (a row count, a total, NOTPM):
// each is cut at every line end, not sampled, so a cut just before that line
// is always among them.
const EVERY_LINE = new Set(['perf-schema-waits', 'file-sizes', 'dbt2']);

/** Offsets just after each line end (LF, CRLF or CR alone), sampled for long files unless `every`. */
function lineEndCuts(text, every = false) {
  const ends = [...text.matchAll(/\r\n|\r|\n/g)].map((m, k) => ({ at: m.index + m[0].length, lines: k + 1 }));
  const tail = Math.max(0, ends.length - 60);
  return ends.filter((cut, k) => every || k >= tail || k % 10 === 0).filter((cut) => text.slice(cut.at).trim() !== '');
}

/** Offsets inside the last number of the text: after each of its digits but the last. */
function lastNumberCuts(text) {
  const match = [...text.matchAll(/\d+(?:[.,]\d+)*/g)].pop();
  if (!match || match[0].length < 2) return [];
  return Array.from({ length: match[0].length - 1 }, (_, i) => ({ at: match.index + i + 1 }))
    .filter(({ at }) => /\d/.test(text[at - 1]));
}

function parseCut(text, source, kind) {
  try {
    return { doc: parseText(text, { source, format: kind }) };
  } catch (error) {
    return { error };
  }
}

function assertRefusedOrIncomplete({ doc, error }, what, source) {
  if (error) {
    assert.ok(error instanceof Problem, `${what}: ${error.stack}`);
    assert.ok(error.file === source && error.line >= 1, `${what}: refusal without a place: ${error}`);
    return;
  }
  assert.ok(doc.incomplete, `${what}: read as a complete output`);
  assert.ok(doc.incomplete.reason && doc.incomplete.line >= 1, `${what}: incomplete without reason or line`);
  const validate = validators.get(doc.kind);
  assert.ok(validate(doc), `${what}: fails its schema: ${JSON.stringify(validate.errors)}`);
}

for (const { kind, source, text } of goldenFixtures()) {
  const openEnded = reasonFor(OPEN_ENDED, source);
  test(`${source} cut at a line end is refused, marked incomplete${openEnded ? ', or read exactly as far as it goes' : ', or loses nothing'}`, () => {
    const whole = parseText(text, { source, format: kind });
    const wholeItems = new Set(citedItems(whole));
    const wholeLines = citedLines(whole);
    for (const cut of lineEndCuts(text, EVERY_LINE.has(kind))) {
      const what = `cut after line ${cut.lines}`;
      const result = parseCut(text.slice(0, cut.at), source, kind);
      if (result.error || result.doc.incomplete) {
        assertRefusedOrIncomplete(result, what, source);
      } else if (openEnded) {
        const changed = citedItems(result.doc, { printedFigures: true }).filter((item) => !wholeItems.has(item));
        assert.deepEqual(changed, [], `${what}: read differently from the whole file`);
      } else {
        const lost = wholeLines.filter((line) => line > cut.lines);
        assert.deepEqual(lost, [], `${what}: status ok, but the lines the whole file's document cites after the cut are gone`);
      }
    }
  });
  test(`${source} cut inside its last number is refused or marked incomplete`, () => {
    for (const cut of lastNumberCuts(text)) {
      const result = parseCut(text.slice(0, cut.at), source, kind);
      assertRefusedOrIncomplete(result, `cut at offset ${cut.at} (${JSON.stringify(text.slice(cut.at - 8, cut.at))})`, source);
      if (result.error) assert.match(result.error.toString(), /found (the )?end of (the )?(file|input)$|found none/);
    }
  });
}
