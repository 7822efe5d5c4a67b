// Every fixture damaged a few hundred ways (tests/helpers/mutants.mjs: cut
// short, a digit turned into a letter, inf or nan in place of a number or
// beside one, a line deleted). Each mutant ends in a located refusal or in a
// document that passes its schema as JSON writes it, never in a crash; and
// `tpsreport parse` prints either a document its schema takes, with exit 0,
// or nothing but the refusal, with exit 1. About 35,000 parses: too long for
// the unit tier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, basename } from 'node:path';
import { parseText } from '../../scripts/parse/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { toJson } from '../../scripts/lib/files.mjs';
import { schemaValidators } from '../../scripts/validate/schemas.mjs';
import { goldenFixtures } from '../helpers/fixtures.mjs';
import { mutantsOf } from '../helpers/mutants.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');
// FUZZ_SEED and FUZZ_MUTANTS run another or a longer search by hand.
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed);
const MUTANTS = Number(process.env.FUZZ_MUTANTS ?? 200);
const validators = schemaValidators();

/** What one mutant came to in process: 'document' or the Problem's rule, after the checks every outcome must pass. */
function outcome(text, source, what) {
  let doc;
  try {
    doc = parseText(text, { source });
  } catch (error) {
    assert.ok(error instanceof Problem, `${what}: a crash, not a refusal: ${error?.stack ?? error}`);
    assert.ok(error.file === source && error.line >= 1, `${what}: a refusal without a place: ${error}`);
    return error.rule;
  }
  const written = JSON.parse(toJson(doc));
  const validate = validators.get(written.kind);
  assert.ok(validate(written), `${what}: written as a ${written.kind} document its schema refuses: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
  return 'document';
}

/** `tpsreport parse` on the mutant: a document its schema takes with exit 0, or a located refusal alone with exit 1. */
function checkCli(text, source, what, dir) {
  const path = join(dir, basename(source));
  writeFileSync(path, text);
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, 'parse', path], { cwd: ROOT, encoding: 'utf8' });
  assert.doesNotMatch(stderr, /\n\s+at /, `${what}: a stack trace`);
  if (status === 0) {
    const written = JSON.parse(stdout);
    assert.ok(validators.get(written.kind)(written), `${what}: exit 0 with a document its schema refuses`);
  } else {
    assert.equal(status, 1, `${what}: exit ${status}: ${stderr}`);
    assert.equal(stdout, '', `${what}: a refusal that printed a document too`);
    assert.ok(stderr.startsWith(`${path}:`), `${what}: a refusal without its file: ${stderr}`);
  }
}

test(`every fixture, damaged ${MUTANTS} ways, is refused with a place or read as a document its schema takes`, (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-mutants-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const refusedBySchema = new Map();
  const seen = { document: 0, refusal: 0 };
  for (const { kind, source, text } of goldenFixtures()) {
    for (const mutant of mutantsOf(text, source, { seed: SEED, count: MUTANTS })) {
      const what = `${source}, ${mutant.name}`;
      const rule = outcome(mutant.text, source, what);
      seen[rule === 'document' ? 'document' : 'refusal'] += 1;
      if (rule.startsWith('schema/') && !refusedBySchema.has(kind)) refusedBySchema.set(kind, { ...mutant, source, what });
    }
  }
  // Both outcomes occur, so neither check above passes for want of cases.
  assert.ok(seen.document > 1000 && seen.refusal > 1000, JSON.stringify(seen));
  // The mutants only the schema check caught go through the command too, one per format.
  assert.ok(refusedBySchema.size >= 2, `schema refusals in ${[...refusedBySchema.keys()]}`);
  for (const { text, source, what } of refusedBySchema.values()) checkCli(text, source, what, dir);
});
