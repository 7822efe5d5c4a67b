// A 1 MB line of blanks and a bordered table with a 100,000-character value
// are handled by every format, and by detection: refused with a place, or
// read into a document that passes its schema. How the time grows with the
// line's length is measured by `npm run bench` (tests/bench/long-lines.mjs),
// not here: a timed test on a shared machine fails for reasons of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formats } from '../../scripts/parse/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { schemaValidators } from '../../scripts/validate/schemas.mjs';
import { LONG_LINE_INPUTS, parseOrRefuse } from '../bench/long-lines.mjs';

const validators = schemaValidators();

for (const [name, { make, sizes }] of Object.entries(LONG_LINE_INPUTS)) {
  const text = make(sizes.at(-1));
  test(`a ${name} input of ${(text.length / 1e6).toFixed(1)} MB is refused with a place or read into a valid document, by every format`, () => {
    for (const format of [null, ...formats.map((f) => f.name)]) {
      const as = format ?? 'detected format';
      const { doc, error } = parseOrRefuse(text, format);
      if (error) {
        assert.ok(error instanceof Problem, `${as}: ${error.stack}`);
        assert.ok(error.line >= 1, `${as}: a refusal without a line: ${error}`);
      } else {
        const validate = validators.get(doc.kind);
        assert.ok(validate(doc), `${as}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      }
    }
  });
}
