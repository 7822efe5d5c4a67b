// Checks a JSON Schema cannot express. They report exactly like schema
// problems so CI output has one shape.
import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** Problems beyond the schema for one document. */
export function domainProblems(doc, file, { root }) {
  return [...rawFileProblems(doc, file, root)];
}

// Several documents can point at one raw file; hash each file once per run.
const rawHashes = new Map();

function rawSha256(path) {
  if (!rawHashes.has(path)) {
    rawHashes.set(path, existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : null);
  }
  return rawHashes.get(path);
}

/** The raw file a document was parsed from must still be the same bytes. */
function rawFileProblems(doc, file, root) {
  const { source, sha256 } = doc.provenance;
  const actual = rawSha256(join(root, source));
  if (actual === null) {
    return [{ severity: 'error', file, pointer: '/provenance/source', rule: 'raw-file-exists', expected: `raw file ${source} beside the data`, found: 'no such file' }];
  }
  if (actual === sha256) return [];
  return [{
    severity: 'error', file, pointer: '/provenance/sha256', rule: 'raw-file-sha256',
    expected: `sha256 ${sha256.slice(0, 12)}… of ${source} (re-run \`tpsreport ingest\` after changing a raw file)`,
    found: `${actual.slice(0, 12)}…`,
  }];
}
