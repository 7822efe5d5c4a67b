// One Ajv instance for the whole run, each schema compiled once: validating
// thousands of result files costs milliseconds, not a process per file.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');

let compiled = null;

/**
 * Kinds whose schema is compiled the first time one is asked for: compiling
 * all of them takes most of a second, and a run that validates a few kinds
 * (one report, one worker thread's share) needs only theirs. Read a validator
 * with get; has and keys answer as for any Map.
 */
class CompiledOnUse extends Map {
  #ajv;

  constructor(ajv, ids) {
    super(ids);
    this.#ajv = ajv;
  }

  get(kind) {
    const id = super.get(kind);
    return id === undefined ? undefined : this.#ajv.getSchema(id);
  }
}

/** Map of document kind → validate function (kind = schema file stem); each schema is compiled on first use and kept by Ajv. */
export function schemaValidators() {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).sort();
  const schemas = files.map((f) => [f.replace('.schema.json', ''), JSON.parse(readFileSync(join(SCHEMA_DIR, f), 'utf8'))]);
  for (const [, schema] of schemas) ajv.addSchema(schema);
  compiled = new CompiledOnUse(ajv, schemas.filter(([kind]) => kind !== 'common').map(([kind, schema]) => [kind, schema.$id]));
  return compiled;
}
