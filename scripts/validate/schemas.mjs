// One Ajv instance for the whole run, each schema compiled once, when a
// document of its kind is first checked: validating thousands of result
// files costs milliseconds, not a process per file, and `tpsreport parse`,
// which checks one document, compiles one schema (about a tenth of them all).
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');

let validators = null;

/**
 * Document kind → compiled validate function (kind = schema file stem):
 * `get(kind)` compiles the kind's schema the first time it is asked for.
 * @returns {{ get(kind: string): Function|undefined, has(kind: string): boolean, keys(): Iterable<string> }}
 */
export function schemaValidators() {
  if (validators) return validators;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).sort();
  const ids = new Map();
  for (const f of files) {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8'));
    ajv.addSchema(schema);
    const kind = f.replace('.schema.json', '');
    if (kind !== 'common') ids.set(kind, schema.$id);
  }
  validators = {
    get: (kind) => (ids.has(kind) ? ajv.getSchema(ids.get(kind)) : undefined),
    has: (kind) => ids.has(kind),
    keys: () => ids.keys(),
  };
  return validators;
}
