// A file cut short must never read as a complete output. Every golden fixture
// is cut at each line end (for long fixtures: each of the last 60 lines and
// every 10th line before) and inside its last number; each cut is refused
// with a located error or kept with `incomplete` (reason and last line read),
// unless it lost nothing the whole file's document cites.
//
// Some outputs have no closing line at all (an option file, `ls -l`, mysql -B
// batch rows): a cut of those cannot be told from a shorter file, so for them
// the test asks only that every figure the cut document holds is read exactly
// as from the whole file (derived figures, such as a change between the first
// and last snapshot, may differ). Fixtures whose cuts still pass as complete
// are listed in KNOWN, with why, and reported as todo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseText } from '../../scripts/parse/index.mjs';
import { InputError } from '../../scripts/lib/errors.mjs';
import { schemaValidators } from '../../scripts/validate/schemas.mjs';
import { goldenFixtures, citedLines, citedItems } from '../helpers/fixtures.mjs';

const validators = schemaValidators();

/** Outputs without a closing line, by fixture path, with why. */
const OPEN_ENDED = [
  [/^tests\/fixtures\/my-cnf\//, 'an option file has no last line'],
  [/^tests\/fixtures\/file-sizes\//, 'ls -l and du list files until done, with no closing line (du -c prints a total, not a count)'],
  [/^tests\/fixtures\/vmstat\//, 'vmstat prints samples until it is stopped, with no closing line'],
  [/^tests\/fixtures\/published-table\//, 'a table an article printed has no closing row'],
  [/-batch|-csv-|batch-/, 'mysql -B batch output ends with its last row, with no footer'],
  [/^tests\/fixtures\/benchbase-results\//, 'BenchBase writes one row per time window and no closing line'],
];

/**
 * Fixtures whose cuts still read as complete, with why; each entry is a
 * todo, reported until the parser can tell (a passing todo is a hint to
 * remove its entry).
 */
const KNOWN = [
  ['the lines after NOTPM (duration, unknown errors, ramp-up) differ between DBT-2 versions and are not required', [
    'dbt2/mix-analyzer-2005-one-average-column.txt', 'dbt2/notpm-only-footer.txt',
    'dbt2/post-process-perl-na-row-drizzle-no-closing-rule.txt', 'dbt2/post-process-r-crlf-annotated.txt',
    'dbt2/rst-0.48.0-old-bullets-nan-row.txt', 'dbt2/rst-0.52-labelled-bullets-double-spaced.txt',
    'dbt2/rst-0.61-report-document-abridged.txt', 'dbt2/seed000-mysql-5.1-builtin-innodb.txt',
    'dbt2/seed000-mysql-5.1-innodb-plugin.txt', 'dbt2/seed000-mysql-5.5.9.txt', 'dbt2/seed000-three-reports.txt',
  ]],
  ['a cut between two complete `time` outputs reads as fewer timings', [
    'elapsed-time/bash-time-seed002-load-times.txt',
  ]],
  ['the second line of GNU time\'s default summary (inputs+outputs …) is not required, as a quoted summary may leave it out', [
    'elapsed-time/gnu-time-default-exit-status.txt',
  ]],
  ['mysql client timings have no closing line: a cut between statements reads as fewer statements', [
    'elapsed-time/mariadb-interactive-tee.txt', 'elapsed-time/mysql-client-long-load.txt', 'elapsed-time/mysql-vvv-load.txt',
  ]],
  ['a cut between two complete runs (for HammerDB: after ALL VIRTUAL USERS COMPLETE, before the job id and runtimer lines) reads as a file with fewer runs', [
    'sysbench/hand-0.4.12-prepare-plus-run-wrapper.txt', 'sysbench/hand-1.1.0-cpu-throughput-2runs-histogram.txt',
    'hammerdb/cli-v4.2-sequence-mysql-two-runs.txt', 'mysqlslap/hand-5.6-comment-prefix-crlf-no-header-fork-lines.txt',
    'mysqlslap/mariadb-10.11-engines-concurrency.txt', 'mysqlslap/mariadb-10.11-error-then-block.txt',
  ]],
  ['a cut between two complete results or \\G records, or before a footer that output without a prompt need not have, reads as fewer of them', [
    'global-variables/mariadb-10.11-verbose-scopes-empty.txt', 'global-variables/mariadb-10.11-vertical.txt',
    'innodb-cmp/hand-mariadb-5.5-cmpmem-no-instance-reset-vertical.txt', 'innodb-cmp/mariadb-10.11-per-index-vertical.txt',
    'innodb-cmp/mariadb-10.11-verbose-cmp-per-index-cmpmem.txt', 'innodb-cmp/seed002-plugin-1.0-8k-then-4k-runs.txt',
    'perf-schema-waits/mariadb-10.11-sys-table-verbose-innodb.txt',
    'perf-schema-waits/mariadb-10.11-sys-table-verbose-snapshots-sysbench-t0-t10-t20.txt',
    'perf-schema-waits/mariadb-10.11-sys-vertical-top4.txt', 'perf-schema-waits/mariadb-10.11-sys-x-vertical-snapshots-now-top3.txt',
    'perf-schema-waits/mariadb-10.11-table-verbose-all-columns-top10.txt', 'perf-schema-waits/mariadb-10.11-vertical-innodb-top5.txt',
    'table-status/mariadb-10.11-verbose-echo-vertical.txt',
  ]],
  ['a \\G record cut after Comment reads as complete, since Comment ends the record in MySQL and in MariaDB before 10.3', [
    'table-status/mariadb-10.11-vertical-compressed.txt',
  ]],
].flatMap(([reason, names]) => names.map((name) => [`tests/fixtures/${name}`, reason]));

const reasonFor = (list, source) => list.find(([re]) => re.test(source))?.[1];
const knownReason = (source) => KNOWN.find(([name]) => name === source)?.[1];

/** Offsets just after each line end (LF, CRLF or CR alone), sampled for long files. */
function lineEndCuts(text) {
  const ends = [...text.matchAll(/\r\n|\r|\n/g)].map((m, k) => ({ at: m.index + m[0].length, lines: k + 1 }));
  const tail = Math.max(0, ends.length - 60);
  return ends.filter((cut, k) => k >= tail || k % 10 === 0).filter((cut) => text.slice(cut.at).trim() !== '');
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
    assert.ok(error instanceof InputError, `${what}: ${error.stack}`);
    assert.ok(error.source === source && error.line >= 1, `${what}: refusal without a place: ${error}`);
    return;
  }
  assert.ok(doc.incomplete, `${what}: read as a complete output`);
  assert.ok(doc.incomplete.reason && doc.incomplete.line >= 1, `${what}: incomplete without reason or line`);
  const validate = validators.get(doc.kind);
  assert.ok(validate(doc), `${what}: fails its schema: ${JSON.stringify(validate.errors)}`);
}

for (const { kind, source, text } of goldenFixtures()) {
  const openEnded = reasonFor(OPEN_ENDED, source);
  const todo = openEnded ? undefined : knownReason(source);
  test(`${source} cut at a line end is refused, marked incomplete${openEnded ? ', or read exactly as far as it goes' : ', or loses nothing'}`, { todo }, () => {
    const whole = parseText(text, { source, format: kind });
    const wholeItems = new Set(citedItems(whole));
    for (const cut of lineEndCuts(text)) {
      const what = `cut after line ${cut.lines}`;
      const result = parseCut(text.slice(0, cut.at), source, kind);
      if (result.error || result.doc.incomplete) {
        assertRefusedOrIncomplete(result, what, source);
      } else if (openEnded) {
        const changed = citedItems(result.doc, { printedFigures: true }).filter((item) => !wholeItems.has(item));
        assert.deepEqual(changed, [], `${what}: read differently from the whole file`);
      } else {
        const lost = citedLines(whole).filter((line) => line > cut.lines);
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
