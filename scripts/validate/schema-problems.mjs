// What a schema refuses in a document, as Problems: shared by the validate
// step (a document read from data/) and the parse step (a document about to
// be written, see parse/written.mjs), so both say it in the same words.
import { schemaValidators } from './schemas.mjs';
import { Problem } from '../problems/problem.mjs';

/** Problems of `doc` against its kind's schema (none when it passes); `file` names it. */
export function schemaProblems(doc, file) {
  const validators = schemaValidators();
  const kind = doc && typeof doc === 'object' ? doc.kind : undefined;
  const validate = validators.get(kind);
  if (!validate) {
    return [new Problem({
      file, pointer: '/kind', rule: 'kind',
      expected: `a document kind with a schema (${[...validators.keys()].join(', ')})`,
      found: JSON.stringify(kind),
    })];
  }
  if (validate(doc)) return [];
  return uniqueProblems(validate.errors.map((e) => schemaProblem(e, doc, file)));
}

/**
 * Each problem once: ajv reports one error for every path through the schema
 * that reaches a value (a figure's $ref from two places), so a string where a
 * number belongs was listed, and counted, twice.
 */
function uniqueProblems(problems) {
  const seen = new Set();
  return problems.filter((p) => {
    const key = `${p.pointer}\0${p.rule}\0${p.expected}`;
    return !seen.has(key) && seen.add(key);
  });
}

function schemaProblem(error, doc, file) {
  const pointer = error.instancePath;
  const value = valueAt(doc, pointer);
  const { expected, pointerSuffix } = describeExpectation(error);
  return new Problem({
    file,
    pointer: pointer + pointerSuffix,
    rule: `schema/${error.keyword}`,
    expected,
    found: pointerSuffix ? 'nothing' : shortJson(value),
    ...rawLineNear(doc, pointer),
  });
}

function describeExpectation(error) {
  const p = error.params;
  switch (error.keyword) {
    case 'required': return { expected: `property "${p.missingProperty}"`, pointerSuffix: `/${p.missingProperty}` };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = p.additionalProperty ?? p.unevaluatedProperty;
      return { expected: `no property "${name}"`, pointerSuffix: `/${name}` };
    }
    case 'enum': return { expected: `one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`, pointerSuffix: '' };
    case 'const': return { expected: JSON.stringify(p.allowedValue), pointerSuffix: '' };
    case 'type': return { expected: `a value of type ${[].concat(p.type).join(' or ')}`, pointerSuffix: '' };
    default: return { expected: error.message, pointerSuffix: '' };
  }
}

export function valueAt(doc, pointer) {
  if (!pointer) return doc;
  return pointer.split('/').slice(1).reduce(
    (node, key) => (node == null ? undefined : node[key.replace(/~1/g, '/').replace(/~0/g, '~')]),
    doc,
  );
}

/**
 * The raw line a value came from: the nearest enclosing object with a `line`,
 * or, inside a table of samples (lib/columns.mjs), its `line` column's entry
 * for the sample the pointer names.
 */
export function rawLineNear(doc, pointer) {
  const line = rawLineOf(doc, pointer);
  const source = doc?.provenance?.source;
  return source && line ? { raw: { source, line } } : {};
}

/** The raw line rawLineNear finds, or undefined. */
export function rawLineOf(doc, pointer) {
  const parts = pointer ? pointer.split('/').slice(1) : [];
  for (let n = parts.length; n >= 1; n -= 1) {
    const node = valueAt(doc, `/${parts.slice(0, n).join('/')}`);
    if (!node || typeof node !== 'object') continue;
    if (Number.isInteger(node.line)) return node.line;
    if (Array.isArray(node.line) && Number.isInteger(node.count)) {
      const row = parts.slice(n).find((part) => /^\d+$/.test(part));
      const line = row === undefined ? undefined : node.line[Number(row)];
      if (Number.isInteger(line)) return line;
    }
  }
  return undefined;
}

function shortJson(value) {
  const text = JSON.stringify(value);
  if (text === undefined) return 'nothing';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
