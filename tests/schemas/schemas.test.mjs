// SchemaStore style: each schema has hand-written valid documents that must
// pass and invalid ones, named after their defect, that must fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { schemaValidators } from '../../scripts/validate/schemas.mjs';

const DIR = import.meta.dirname;
const validators = schemaValidators();

for (const kind of readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
  test(`schemas/${kind}.schema.json exists for the fixtures in tests/schemas/${kind}`, () => {
    assert.ok(validators.has(kind), `no schema for kind ${kind}`);
  });
  for (const verdict of ['valid', 'invalid']) {
    const dir = join(DIR, kind, verdict);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      test(`${kind} schema ${verdict === 'valid' ? 'accepts' : 'rejects'} ${verdict}/${name}`, () => {
        const validate = validators.get(kind);
        const ok = validate(JSON.parse(readFileSync(join(dir, name), 'utf8')));
        if (verdict === 'valid') assert.ok(ok, JSON.stringify(validate.errors, null, 1));
        else assert.equal(ok, false, `${name} was accepted`);
      });
    }
  }
}
