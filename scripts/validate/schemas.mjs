// One Ajv instance for the whole run, every schema compiled once: validating
// thousands of result files costs milliseconds, not a process per file.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');

let compiled = null;

/** Map of document kind → compiled validate function (kind = schema file stem). */
export function schemaValidators() {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).sort();
  const schemas = files.map((f) => [f.replace('.schema.json', ''), JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8'))]);
  for (const [, schema] of schemas) ajv.addSchema(schema);
  compiled = new Map(
    schemas.filter(([kind]) => kind !== 'common').map(([kind, schema]) => [kind, ajv.getSchema(schema.$id)]),
  );
  return compiled;
}
