// Checks a JSON Schema cannot express. They report exactly like schema
// problems (file, pointer, raw line where known, rule, expected, found) so
// CI output has one shape.
import { readFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { Problem } from '../problems/problem.mjs';
import { bundleDir } from '../lib/site.mjs';

// Several documents can point at one raw file; hash each version of a file
// once. The key carries size and mtime because a process may live on while
// the author edits (tpsreport serve validates again after every save).
const rawHashes = new Map();

/** `keep`, when given, is handed the bytes read for a hash not made before, so a caller that reads the file too reads it once. */
function rawSha256(path, keep = null) {
  let stats;
  try {
    // Without an options object: it runs once per document, and reading the options cost as much as the stat.
    stats = statSync(path);
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  }
  if (!stats.isFile()) return null;
  const key = `${path}\0${stats.size}\0${stats.mtimeMs}`;
  if (!rawHashes.has(key)) {
    const bytes = readFileSync(path);
    rawHashes.set(key, createHash('sha256').update(bytes).digest('hex'));
    if (keep) keep.bytes = bytes;
  }
  return rawHashes.get(key);
}

/**
 * Problems beyond the schema for one document on its own; `walk`: figureWalk(doc)
 * when the caller has it; `printed`: also read every figure against its raw line
 * (printedProblems), which a frozen build asks for. Every figure's value is
 * compared with its own printed text either way (valueTextProblems).
 */
export function domainProblems(doc, file, { root, walk, printed = false }) {
  if (doc.kind === 'report') return [...publishedRawFileProblems(doc, file, root), ...unrecordedRawFileProblems(doc, file, root)];
  if (!doc.provenance) return [];
  const read = printed ? {} : null;
  const raw = rawFileProblems(doc, file, root, read);
  const lines = lineRangeProblems(doc, file, walk ?? figureWalk(doc));
  const values = valueTextProblems(doc, file);
  return [...raw, ...lines, ...values, ...(printed && !raw.length && !lines.length ? printedProblems(doc, file, root, read.bytes) : [])];
}

// A figure's text that is a plain decimal ("74.76"), which its value must equal; other texts (1,249, 28m 18s, 512M) are read by their parsers.
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

// Problems of one kind reported per document: a document edited as a whole does not print thousands of lines.
const FIGURES_REPORTED = 20;

/** Whether a figure's value is not the number its printed text says ("74.76" beside the value 1.5). */
export function valueDisagrees(node) {
  return typeof node.text === 'string' && node.derived !== true && PLAIN_DECIMAL.test(node.text) && typeof node.value === 'number' && node.value !== Number(node.text);
}

/** A Problem at a figure of `doc` that is not what ingest wrote from its raw line. */
function figureProblem(doc, file, path, node, found) {
  const { source } = doc.provenance;
  return new Problem({
    file, pointer: toPointer(path), rule: 'figure-printed',
    expected: `the figure ${source}:${node.line} prints (data/ is written by \`tpsreport ingest\`, never by hand)`,
    found,
    raw: { source, line: node.line },
  });
}

/**
 * A figure whose value is not the number its own text prints: a value edited
 * by hand, its text left as ingest wrote it. It needs no raw file, so every
 * `tpsreport validate` makes it, as well as a frozen build.
 */
export function valueTextProblems(doc, file) {
  const problems = [];
  eachFigure(doc, (key, node, path) => {
    if (problems.length < FIGURES_REPORTED && valueDisagrees(node)) problems.push(figureProblem(doc, file, path, node, `value ${node.value} beside the text "${node.text}"`));
  });
  return problems;
}

/**
 * A figure whose text is not on the raw line it names: a document edited by
 * hand after ingest (a raw file's sha256 says nothing of that). Ingest writes
 * every figure as printed, so this holds for every document it wrote; it
 * reads every raw file, so only a frozen build, which trusts data/ instead of
 * writing it, pays for it. A value that disagrees with its own text is
 * valueTextProblems' to report.
 */
export function printedProblems(doc, file, root, bytes = readFileSync(join(root, doc.provenance.source))) {
  const lines = bytes.toString('utf8').split(/\r\n|\n|\r/);
  const problems = [];
  eachFigure(doc, (key, node, path) => {
    if (typeof node.text !== 'string' || node.derived === true || problems.length >= FIGURES_REPORTED || valueDisagrees(node)) return;
    const line = lines[node.line - 1] ?? '';
    if (line.includes(node.text)) return;
    problems.push(figureProblem(doc, file, path, node, `text "${node.text}", where the line reads "${line.trim().slice(0, 80)}"`));
  });
  return problems;
}

/**
 * Every raw file a report publishes was hashed at ingest (report.json's
 * raw_files) and must still be those bytes: an option file shown in a config
 * block is on the page as much as a run is. Files listed under `sources` are
 * left to their documents' own check, so a changed run is reported once.
 */
function publishedRawFileProblems(report, file, root) {
  const parsed = new Set(report.sources.map((s) => s.file));
  return report.raw_files.flatMap((raw, i) => {
    if (parsed.has(raw.file)) return [];
    const actual = rawSha256(join(root, raw.file));
    if (actual === null) {
      return [new Problem({ file, pointer: `/raw_files/${i}/file`, rule: 'raw-file-exists', expected: `raw file ${raw.file} beside the data (run \`tpsreport ingest\` after removing a raw file)`, found: 'no such file' })];
    }
    if (actual === raw.sha256) return [];
    return [new Problem({
      file, pointer: `/raw_files/${i}/sha256`, rule: 'raw-file-sha256',
      expected: `sha256 ${raw.sha256.slice(0, 12)}… of ${raw.file} (run \`tpsreport ingest\` after changing a raw file)`,
      found: `${actual.slice(0, 12)}…`,
    })];
  });
}

/**
 * A file in the report's raw/ folder that report.json does not list was
 * added after the last ingest: compile would publish it with no hash and no
 * document covering it, so a page could show bytes nobody checked.
 */
function unrecordedRawFileProblems(report, file, root) {
  const rawDir = join(bundleDir(root, String(report.report)), 'raw');
  if (!Array.isArray(report.raw_files) || !existsSync(rawDir)) return [];
  const recorded = new Set(report.raw_files.map((r) => r.file));
  return filesUnder(rawDir)
    .map((path) => relative(root, path))
    .filter((path) => !recorded.has(path) && statSync(join(root, path), { throwIfNoEntry: false })?.isFile())
    .sort()
    .map((path) => new Problem({
      file, pointer: '/raw_files', rule: 'raw-file-recorded',
      expected: `${path} among the raw files hashed at ingest (every raw file is published with the report; run \`tpsreport ingest\` and commit data/)`,
      found: 'a raw file added after the last ingest',
    }));
}

/**
 * Every entry under `dir` that is not a folder, following symbolic links to
 * folders as readdirSync's recursive listing does, but taking each entry's
 * type from the listing itself instead of a stat per entry.
 */
function filesUnder(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(path, { throwIfNoEntry: false })?.isDirectory())) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

/** The raw file a document was parsed from must still be the same bytes. */
function rawFileProblems(doc, file, root, keep = null) {
  const { source, sha256 } = doc.provenance;
  const actual = rawSha256(join(root, source), keep);
  if (actual === null) {
    return [new Problem({ file, pointer: '/provenance/source', rule: 'raw-file-exists', expected: `raw file ${source} beside the data`, found: 'no such file' })];
  }
  if (actual === sha256) return [];
  return [new Problem({
    file, pointer: '/provenance/sha256', rule: 'raw-file-sha256',
    expected: `sha256 ${sha256.slice(0, 12)}… of ${source} (run \`tpsreport ingest\` after changing a raw file)`,
    found: `${actual.slice(0, 12)}…`,
  })];
}

/** Every figure's line must exist in its raw file. */
function lineRangeProblems(doc, file, walk) {
  const last = doc.provenance.lines;
  return walk.beyond.map(({ pointer, line }) => (new Problem({
    file, pointer: `${pointer}/line`, rule: 'raw-line-exists',
    expected: `a line number within the raw file's ${last} lines`, found: String(line), raw: { source: doc.provenance.source, line },
  })));
}

/**
 * What one walk over a document's figures finds for the two checks that need
 * one: lines past the raw file's end, and each figure's unit for the
 * report-level check (crossSummary). validate walks each document once and
 * hands the result to both.
 */
export function figureWalk(doc) {
  const last = doc.provenance?.lines;
  const beyond = [];
  // figure key → the unit of its first figure; keys seen in a second unit of their own too (rare) in `more`.
  // Kept small because validate holds it for every document; where a figure is, is looked up again for a problem (figureAt).
  const units = new Map();
  const unitsAgree = Boolean(doc.provenance) && !UNIT_BY_COLUMN.has(doc.kind);
  if (FigureKey.made > 100_000) rootKey = FigureKey.root();
  eachFigure(doc, (key, node, path, printedBesideDerived) => {
    if (node.line > last) beyond.push({ pointer: toPointer(path), line: node.line });
    if (!unitsAgree || !comparable(node, printedBesideDerived)) return;
    const first = units.get(key.text);
    if (first === undefined) units.set(key.text, node.unit);
    else if (first !== node.unit) units.more = (units.more ?? new Set()).add(`${node.unit}\0${key.text}`);
  });
  return { beyond, units };
}

/** Whether the units check compares this figure (see eachFigure for printedBesideDerived). */
const comparable = (node, printedBesideDerived) => !printedBesideDerived && 'value' in node && Number.isInteger(node.line);

/** Each figure key of a figureWalk's units with each unit the document has it in. */
function* unitsOf(units) {
  for (const [key, unit] of units) yield [key, unit];
  for (const both of units.more ?? []) {
    const cut = both.indexOf('\0');
    yield [both.slice(cut + 1), both.slice(0, cut)];
  }
}

/** The first figure at `keyText` in `unit`, as figureWalk counts them: its JSON pointer and raw line. */
function figureAt(doc, keyText, unit) {
  let found = null;
  eachFigure(doc, (key, node, path, printedBesideDerived) => {
    if (!found && key.text === keyText && node.unit === unit && comparable(node, printedBesideDerived)) found = { pointer: toPointer(path), line: node.line };
  });
  return found ?? { pointer: '', line: undefined };
}

/**
 * Calls `visit(key, node, path, printedBesideDerived)` for every figure (an
 * object with a unit and a line, most with a value) in a document. `key.text`
 * names the figure's place with list indexes left out (a list of named
 * things — GNU time's resources, variables — keeps the name, as its elements
 * are different figures); `path` is the figure's place as keys and indexes,
 * live during the call (toPointer makes it a JSON pointer).
 * `printedBesideDerived` marks a figure kept as printed ("512M", "28m 18s")
 * next to a derived figure in one unit (bytes, seconds): the printed unit may
 * vary from file to file, the derived one may not. It runs over every
 * document on every validate, so it builds no string per figure.
 */
function eachFigure(node, visit, key = rootKey, path = [], printedBesideDerived = false) {
  if (Array.isArray(node)) {
    let each = null;
    // A column of plain numbers (interval samples) holds no figure: skipped without a look at each element's fields.
    for (let i = 0; i < node.length; i += 1) {
      const child = node[i];
      if (child === null || typeof child !== 'object') continue;
      path.push(i);
      eachFigure(child, visit, typeof child.name === 'string' ? key.named(child.name) : (each ??= key.prop('*')), path, printedBesideDerived);
      path.pop();
    }
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (typeof node.unit === 'string' && typeof node.line === 'number') visit(key, node, path, printedBesideDerived && node.derived !== true);
  // Most objects are figures, whose fields are plain values: a first pass says whether any field is an object, and whether one is derived.
  let besideDerived = printedBesideDerived;
  let below = false;
  for (const name in node) {
    const child = node[name];
    if (child === null || typeof child !== 'object' || name === 'provenance') continue;
    below = true;
    if (child.derived === true && typeof child.unit === 'string') {
      besideDerived = true;
      break;
    }
  }
  if (!below) return;
  for (const name in node) {
    const child = node[name];
    if (child === null || typeof child !== 'object' || name === 'provenance') continue;
    path.push(name);
    eachFigure(child, visit, key.prop(name), path, besideDerived && child.derived !== true);
    path.pop();
  }
}

// A figure's key is its parent's key and one segment. The same few keys come
// back in every document, so each is made once, as a node under its parent,
// and found again with one lookup: no string is built or hashed per figure.
class FigureKey {
  static made = 0;

  /** A new tree of keys, counted from nothing. */
  static root() {
    FigureKey.made = 0;
    return new FigureKey('');
  }

  constructor(text) {
    this.text = text;
    this.props = null;
    this.names = null;
    FigureKey.made += 1;
  }

  /** The key of a field. */
  prop(segment) {
    const children = (this.props ??= new Map());
    let key = children.get(segment);
    if (key === undefined) children.set(segment, (key = new FigureKey(`${this.text}/${escapeSegment(segment)}`)));
    return key;
  }

  /** The key of a list element that has a name. */
  named(name) {
    const children = (this.names ??= new Map());
    let key = children.get(name);
    if (key === undefined) children.set(name, (key = new FigureKey(`${this.text}/[${name}]`)));
    return key;
  }
}
// Started again between documents once large (a long-lived serve meets many names).
let rootKey = FigureKey.root();

const escapeSegment = (name) => (name.includes('~') || name.includes('/') ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name);

function toPointer(path) {
  return path.map((k) => `/${escapeSegment(String(k))}`).join('');
}

/**
 * What the checks across a report's documents need of one document, taken
 * when it is read: validate does not hold every document of data/ in memory
 * until the reports are checked.
 */
export function crossSummary(doc, walk = doc && typeof doc === 'object' ? figureWalk(doc) : null) {
  const units = walk?.units ?? new Map();
  return { kind: doc?.kind, source: doc?.provenance?.source, run_labels: doc?.run_labels, units };
}

/**
 * Checks across the documents of one report: every listed document is there,
 * units agree for the same figure in documents of the same kind (a comparison
 * must not mix ms and s), and each swept label really varies.
 * @param {object} report   the report document (kind "report")
 * @param {Map<string, object>} docs  data file name → crossSummary of its document
 * @param {object} names
 * @param {string} names.reportFile      how problems name report.json
 * @param {(name: string) => string} names.fileOf   how problems name a document
 * @param {(name: string) => object} names.docOf    a document read again, to find where a figure in the wrong unit is
 * @param {(name: string) => boolean} [names.exists] whether a listed document is on disk
 */
export function reportProblems(report, docs, { reportFile, fileOf, docOf, exists = (name) => docs.get(name) !== undefined }) {
  return [...listedDocumentProblems(report, reportFile, fileOf, exists), ...unitProblems(docs, fileOf, docOf), ...sweepProblems(report, docs, reportFile)];
}

/**
 * Every document report.json lists must be there: without it the report's
 * tables and charts silently lose that raw file's runs. `exists(name)` looks
 * on disk, so a document that is there but broken is reported once, as itself.
 */
function listedDocumentProblems(report, reportFile, fileOf, exists) {
  return report.sources.flatMap((source, i) => (typeof source?.data !== 'string' || exists(source.data) ? [] : [new Problem({
    file: reportFile, pointer: `/sources/${i}/data`, rule: 'document-exists',
    expected: `${fileOf(source.data)}, the document of ${source.file} (run \`tpsreport ingest\` and commit data/)`,
    found: 'no such file',
  })]));
}

// Kinds whose figures take their unit from the author's column or row, not
// from their place in the document: a published table's cells hold load
// times, sizes and counts side by side, so "same pointer, same unit" does not apply.
const UNIT_BY_COLUMN = new Set(['published-table']);

/**
 * The same figure in another unit than where the report first has it: one
 * problem per document, figure and unit, at the first such figure.
 */
function unitProblems(docs, fileOf, docOf) {
  // kind → figure key → the first { unit, name } seen, in the report's order.
  const first = new Map();
  const problems = [];
  for (const [name, doc] of docs) {
    if (!doc?.units) continue;
    const ofKind = first.get(doc.kind) ?? first.set(doc.kind, new Map()).get(doc.kind);
    for (const [key, unit] of unitsOf(doc.units)) {
      const seen = ofKind.get(key) ?? ofKind.set(key, { unit, name }).get(key);
      if (seen.unit === unit) continue;
      const here = figureAt(docOf(name), key, unit);
      problems.push(new Problem({
        file: fileOf(name), pointer: `${here.pointer}/unit`, rule: 'units-agree',
        expected: `"${seen.unit}" as in ${fileOf(seen.name)} ${figureAt(docOf(seen.name), key, seen.unit).pointer} (the same figure in one comparison has one unit)`,
        found: JSON.stringify(unit), raw: { source: doc.source, line: here.line },
      }));
    }
  }
  return problems;
}

function sweepProblems(report, docs, reportFile) {
  const problems = [];
  // A document that could not be read has its own error; without its runs, any count of the labels would be wrong.
  if (report.sources.some((source) => !docs.get(source.data))) return problems;
  for (const label of report.sweep ?? []) {
    const byKind = new Map();
    for (const source of report.sources) {
      const doc = docs.get(source.data);
      const values = [source.labels?.[label], ...(doc.run_labels ?? []).map((l) => l?.[label])].filter((v) => v !== undefined);
      const kind = doc.kind;
      if (!byKind.has(kind)) byKind.set(kind, new Set());
      values.forEach((v) => byKind.get(kind).add(String(v)));
    }
    // A kind whose runs do not carry the label at all (a config dump beside a
    // sweep) is not part of the sweep; a kind that carries it must vary.
    const carrying = [...byKind].filter(([, values]) => values.size > 0);
    if (carrying.length === 0) {
      problems.push(new Problem({ file: reportFile, pointer: '/sweep', rule: 'sweep-varies', expected: `runs labelled "${label}", the label the report sweeps`, found: 'no run with that label' }));
    }
    for (const [kind, values] of carrying) {
      if (values.size < 2) {
        problems.push(new Problem({
          file: reportFile, pointer: '/sweep', rule: 'sweep-varies',
          expected: `label "${label}" to take at least two values across the ${kind} runs it sweeps`,
          found: `only ${[...values].map((v) => JSON.stringify(v)).join('')}`,
        }));
      }
    }
  }
  return problems;
}
