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
// and last snapshot, may differ). Formats that have a closing line the parser does not check
// yet are listed in KNOWN and reported as todo.
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
];

/** Formats with a closing line that the parser does not check yet, by fixture path, with why. */
const KNOWN = [
  [/^tests\/fixtures\/elapsed-time\//, 'a lone `real` line stands as a quoted load time; a GNU time -v block is not checked for its last field; mysql client timings have no closing line'],
  [/^tests\/fixtures\/dbt2\//, 'the lines after NOTPM (duration, unknown errors, ramp-up) differ between DBT-2 versions and are not required'],
  [/^tests\/fixtures\/(sysbench|hammerdb|mysqlslap)\//, 'a cut between two complete runs (or before the closing FATAL/DEBUG lines) reads as a file with fewer runs'],
  [/^tests\/fixtures\/innodb-status\//, 'the END OF INNODB MONITOR OUTPUT line is not required'],
  [/^tests\/fixtures\/perf-schema-waits\//, 'a \\G or verbose snapshot is not checked for its footer'],
  [/^tests\/fixtures\/(table-status|innodb-cmp|innodb-mutex|global-variables)\//, 'a \\G record cut between fields, or a verbose result cut before `N rows in set`, is not refused'],
];

const reasonFor = (list, source) => list.find(([re]) => re.test(source))?.[1];

/** Byte offsets just after each line end, sampled for long files. */
function lineEndCuts(text) {
  const ends = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) ends.push({ at: i + 1, lines: ends.length + 1 });
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
  const todo = openEnded ? undefined : reasonFor(KNOWN, source);
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
