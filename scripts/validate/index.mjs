// The validate step: every JSON document under data/ against its schema, then
// the checks a schema cannot express. Every problem is collected (never just
// the first), each with file, JSON pointer, raw line where known, rule,
// expected and found.
import { readdir, stat } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { schemaValidators } from './schemas.mjs';
import { domainProblems, reportProblems, crossSummary, figureWalk } from './domain.mjs';
import { createPool, threadCount } from '../lib/workers.mjs';
import { Problem } from '../problems/problem.mjs';

/** Checks one parsed document; `file` only names it in problems; `walk`: figureWalk(doc) when the caller has it. */
export function documentProblems(doc, file, { root = process.cwd(), walk, printed = false } = {}) {
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
  if (!validate(doc)) return uniqueProblems(validate.errors.map((e) => schemaProblem(e, doc, file)));
  return domainProblems(doc, file, { root, walk, printed });
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

function valueAt(doc, pointer) {
  if (!pointer) return doc;
  return pointer.split('/').slice(1).reduce(
    (node, key) => (node == null ? undefined : node[key.replace(/~1/g, '/').replace(/~0/g, '~')]),
    doc,
  );
}

/** The raw line a value came from: the nearest enclosing object with a `line`. */
function rawLineNear(doc, pointer) {
  const source = doc?.provenance?.source;
  const parts = pointer ? pointer.split('/').slice(1) : [];
  for (let n = parts.length; n >= 1; n -= 1) {
    const node = valueAt(doc, `/${parts.slice(0, n).join('/')}`);
    if (node && typeof node === 'object' && Number.isInteger(node.line)) {
      return source ? { raw: { source, line: node.line } } : {};
    }
  }
  return {};
}

function shortJson(value) {
  const text = JSON.stringify(value);
  if (text === undefined) return 'nothing';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * Validates JSON files (or every .json under given folders). Returns all problems and a count.
 * `printed`: also read every figure against its raw line (a frozen build's check, see printedProblems).
 */
export async function validatePaths(paths, { root = process.cwd(), printed = false } = {}) {
  const files = (await Promise.all(paths.map((p) => jsonFilesUnder(p)))).flat().sort();
  const problems = [];
  const loaded = new Map();
  for (const path of files) {
    const file = relative(root, path) || path;
    const { doc, text, walk, problems: found } = await fileProblems(path, file, root, printed);
    problems.push(...found);
    // A report keeps its document and text; any other document only what the report-level checks read.
    if (doc) loaded.set(path, doc.kind === 'report' ? { doc, text, file, path } : { doc: crossSummary(doc, walk), file, path });
  }
  problems.push(...crossDocumentProblems(loaded));
  return { files: files.length, problems: problems.sort(byPlace) };
}

const byPlace = (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0);

// Below this many folders one thread does it: each validating thread compiles
// the schema of every kind it meets first, up to about 0.3 s, which only a cold
// build's worth of folders repays.
const FOLDERS_PER_POOL = 16;
const WORKER = new URL('./worker.mjs', import.meta.url);

/**
 * validatePaths over whole report folders, shared among the worker threads
 * when there are many (a cold build: validation is otherwise the one step
 * that leaves a core idle). Same result as validatePaths(dirs).
 */
export async function validateFolders(dirs, { root = process.cwd() } = {}) {
  if (dirs.length < FOLDERS_PER_POOL || threadCount() < 2) return validatePaths(dirs, { root });
  const pool = createPool(WORKER);
  try {
    const results = await Promise.all(dirs.map((dir) => pool.run({ dirs: [dir], root })));
    return { files: results.reduce((n, r) => n + r.files, 0), problems: results.flatMap((r) => r.problems.map(Problem.from)).sort(byPlace) };
  } finally {
    await pool.close();
  }
}

async function fileProblems(path, file, root, printed) {
  // Thousands of small files: a synchronous read costs a third of a promise's open, stat, read and close.
  const text = readFileSync(path, 'utf8');
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { problems: [jsonSyntaxProblem(error, text, file)] };
  }
  // One walk over the figures serves the document's own checks and the report's.
  const walk = doc && typeof doc === 'object' && doc.kind !== 'report' ? figureWalk(doc) : undefined;
  return { doc, text, walk, problems: documentProblems(doc, file, { root, walk, printed }).map((p) => p.with({ line: p.line ?? jsonLineOf(text, p.pointer) })) };
}

/** Report-level checks: a report.json and the documents beside it. */
function crossDocumentProblems(loaded) {
  const problems = [];
  const byFile = new Map([...loaded.values()].map((e) => [e.file, e]));
  for (const [path, { doc }] of loaded) {
    if (doc?.kind !== 'report' || !Array.isArray(doc.sources)) continue;
    const dir = dirname(path);
    const { file, text } = loaded.get(path);
    const docs = new Map();
    // A source without a data name is a schema problem, reported as such.
    for (const s of doc.sources) if (typeof s?.data === 'string') docs.set(s.data, loaded.get(join(dir, s.data))?.doc);
    const fileOf = (name) => loaded.get(join(dir, name))?.file ?? join(dirname(file), name);
    const exists = (name) => loaded.has(join(dir, name)) || existsSync(join(dir, name));
    // Read again where a problem needs the document itself: a problem is rare, holding every document is not.
    const docOf = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
    const withLines = (p) => {
      if (p.rule === 'document-exists') return p.with({ line: dataLine(text, valueAt(doc, p.pointer)) });
      const entry = byFile.get(p.file);
      return p.with({ line: p.line ?? (entry ? jsonLineOf(readFileSync(entry.path, 'utf8'), p.pointer) : undefined) });
    };
    problems.push(...reportProblems(doc, docs, { reportFile: file, fileOf, docOf, exists }).map(withLines));
  }
  return problems;
}

/** The line of a source's `"data": "<name>"` in report.json (jsonLineOf cannot count array items). */
function dataLine(text, name) {
  const at = text.indexOf(`"data": ${JSON.stringify(name)}`);
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

function jsonSyntaxProblem(error, text, file) {
  const at = /position (\d+)/.exec(error.message);
  const line = at ? text.slice(0, Number(at[1])).split('\n').length : text.trimEnd().split('\n').length;
  return new Problem({ file, pointer: '', rule: 'json', expected: 'valid JSON', found: error.message.replace(/^.*?: /, ''), line });
}

/**
 * Best-effort line of a pointer in pretty-printed JSON (the form tpsreport
 * writes, two spaces per level): a key is the next one of that name, an array
 * index the nth line indented one level deeper than the array's key.
 */
function jsonLineOf(text, pointer) {
  if (!pointer) return 1;
  const parts = pointer.split('/').slice(1);
  let offset = 0;
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      const found = nthItem(text, offset, Number(part));
      if (found < 0) break;
      offset = found;
      continue;
    }
    const found = text.indexOf(`"${part}":`, offset);
    if (found < 0) break;
    offset = found;
  }
  return text.slice(0, offset).split('\n').length;
}

/** Offset of item n of the array opened on the line at `offset`, or -1 when the array ends first. */
function nthItem(text, offset, n) {
  const indent = offset - (text.lastIndexOf('\n', offset) + 1) + 2;
  let seen = -1;
  for (let at = text.indexOf('\n', offset) + 1; at > 0 && at < text.length; at = text.indexOf('\n', at) + 1) {
    const spaces = /^ */.exec(text.slice(at, at + indent + 1))[0].length;
    if (spaces < indent) return -1;
    if (spaces === indent && !/[}\]]/.test(text[at + indent]) && ++seen === n) return at + indent;
  }
  return -1;
}

async function jsonFilesUnder(path) {
  const info = await stat(path).catch(() => null);
  if (!info) return [path];
  if (info.isFile()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}
