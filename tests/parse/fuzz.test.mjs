// Damaged input never lies. Each golden fixture is mutated a few times with a
// fixed seed (a line deleted, duplicated or swapped with another, a digit
// changed, random bytes inserted, the file cut) and each mutant must end in
// either a located refusal (a Problem with file and line) or a document
// that passes its schema and whose every printed figure is on the line it
// cites, as printed (figures marked `derived` are computed, not printed).
// Line ends (LF, CRLF, CR alone) never change what a fixture reads as.
import { test } from 'node:test';
import { seeded } from '../../scripts/compile/stats/stats.mjs';
import assert from 'node:assert/strict';
import { parseText } from '../../scripts/parse/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { splitLines, toNumber } from '../../scripts/lib/text.mjs';
import { schemaValidators } from '../../scripts/validate/schemas.mjs';
import { goldenFixtures } from '../helpers/fixtures.mjs';

// The suite runs a fixed, small set; FUZZ_SEED and FUZZ_MUTANTS run a longer search by hand.
const SEED = Number(process.env.FUZZ_SEED ?? 0x10d);
const MUTANTS_PER_FIXTURE = Number(process.env.FUZZ_MUTANTS ?? 12);
const validators = schemaValidators();

/** A seeded generator (mulberry32), so a failing mutant can be made again from the seed. */
const random = seeded;

const NOISE = ['\t', ' ', '\r', '|', ':', '.', ',', '-', '+', '%', '#', '0', '9', 'e', '\u00a0', '\uff1a', '\u00e9', '\x07', '\x1b', '\ufffd', '\u2028'];

const MUTATIONS = {
  'delete a line': (lines, r) => { lines.splice(pick(r, lines.length), 1); return lines.join('\n'); },
  'duplicate a line': (lines, r) => { const i = pick(r, lines.length); lines.splice(i, 0, lines[i]); return lines.join('\n'); },
  'swap two lines': (lines, r) => {
    const i = pick(r, lines.length);
    const j = pick(r, lines.length);
    [lines[i], lines[j]] = [lines[j], lines[i]];
    return lines.join('\n');
  },
  'change a digit': (lines, r, text) => {
    const digits = [...text.matchAll(/\d/g)];
    if (digits.length === 0) return text;
    const at = digits[pick(r, digits.length)].index;
    return text.slice(0, at) + String(pick(r, 10)) + text.slice(at + 1);
  },
  'insert random bytes': (lines, r, text) => {
    const at = pick(r, text.length + 1);
    const bytes = Array.from({ length: 1 + pick(r, 6) }, () => NOISE[pick(r, NOISE.length)]).join('');
    return text.slice(0, at) + bytes + text.slice(at);
  },
  cut: (lines, r, text) => text.slice(0, 1 + pick(r, text.length)),
};

const pick = (r, n) => Math.floor(r() * n);

/** Every object in the document that carries a printed number: `{value, text, unit, line}` and not derived. */
function printedFigures(doc) {
  const found = [];
  const walk = (value) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      if (typeof value.value === 'number' && typeof value.line === 'number' && 'unit' in value && !value.derived) found.push(value);
      for (const [k, v] of Object.entries(value)) if (k !== 'provenance') walk(v);
    }
  };
  walk(doc);
  return found;
}

function check(text, source, what) {
  let doc;
  try {
    doc = parseText(text, { source });
  } catch (error) {
    assert.ok(error instanceof Problem, `${what}: not a Problem: ${error?.stack ?? error}`);
    assert.ok(error.file === source && error.line >= 1, `${what}: a refusal without a place: ${error}`);
    return;
  }
  const validate = validators.get(doc.kind);
  assert.ok(validate(doc), `${what}: read as ${doc.kind}, which fails its schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  const lines = splitLines(text);
  for (const figure of printedFigures(doc)) {
    const line = lines[figure.line - 1];
    assert.ok(line !== undefined && line.includes(figure.text), `${what}: ${JSON.stringify(figure)} is not on line ${figure.line} (${JSON.stringify(line)})`);
    const printed = toNumber(figure.text);
    if (printed !== null) assert.equal(figure.value, printed, `${what}: ${JSON.stringify(figure)} does not hold the number printed`);
  }
}

for (const { source, text } of goldenFixtures()) {
  test(`${source}, mutated, is refused with a place or read as printed`, () => {
    const r = random(SEED ^ [...source].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
    const names = Object.keys(MUTATIONS);
    for (let i = 0; i < MUTANTS_PER_FIXTURE; i += 1) {
      const name = names[i % names.length];
      const mutant = MUTATIONS[name](text.split('\n'), r, text);
      check(mutant, source, `mutant ${i} (${name})`);
    }
  });
}

test('every golden fixture reads the same with LF, CRLF and CR-only line ends', () => {
  const read = (text, source) => {
    try {
      const { provenance, ...doc } = parseText(text, { source });
      return doc;
    } catch (error) {
      return String(error);
    }
  };
  for (const { source, text } of goldenFixtures()) {
    const lf = text.replace(/\r\n/g, '\n');
    const expected = read(lf, source);
    assert.deepEqual(read(lf.replace(/\n/g, '\r\n'), source), expected, `${source} with CRLF`);
    assert.deepEqual(read(lf.replace(/\n/g, '\r'), source), expected, `${source} with CR only`);
  }
});
