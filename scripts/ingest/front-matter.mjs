// Reads a report's YAML front matter and answers "which line is this key on",
// so a mistake in `sources` is reported at its line in index.md.
import { parseDocument, LineCounter, isMap, isSeq } from 'yaml';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { Problem } from '../problems/problem.mjs';

// One build reads each article's front matter in ingest and again in compile:
// the second read of the same text (and file name) takes the first one's data,
// frozen so that no caller can change what the other sees. Only the data is
// kept, under a hash of the text: lineOf, wanted for an error message, parses again.
const readBefore = new Map();

/**
 * The front matter of an article (`text`, named `source` in errors) as data,
 * and lineOf(path): the line in the article of the value at a path of keys
 * and indexes. The data is frozen; a text read before in this process is not
 * parsed again.
 */
export function readFrontMatter(text, source) {
  const key = createHash('sha1').update(source).update('\0').update(text).digest('base64');
  const known = readBefore.get(key);
  if (known) return { data: known, lineOf: (path) => parseFrontMatter(text, source).lineOf(path) };
  const read = parseFrontMatter(text, source);
  deepFreeze(read.data);
  if (readBefore.size >= 10_000) readBefore.clear();
  readBefore.set(key, read.data);
  return read;
}

function deepFreeze(value) {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/**
 * The first YAML error, at its line in index.md. The parser finds an unclosed
 * "[" or "{" only on the line after it, where the next key starts: the error
 * then names the bracket that was left open instead.
 */
function yamlError(errors, yamlText, counter, source) {
  const [e] = errors;
  const message = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  const indented = misindented(errors, yamlText, counter);
  if (indented) return new Problem({ file: source, ...indented, rule: 'front-matter' });
  const flow = /^Flow (map|sequence) in block collection/.exec(message);
  const open = flow ? unclosedBracket(yamlText, e.pos[0]) : -1;
  const at = counter.linePos(open >= 0 ? open : e.pos[0]);
  const where = { file: source, line: at.line + 1, column: at.col, rule: 'front-matter' };
  if (open < 0) return new Problem({ ...where, expected: 'valid YAML', found: message });
  const [opener, closer] = flow[1] === 'map' ? ['{', '}'] : ['[', ']'];
  const stop = yamlText[e.pos[0]];
  const stopAt = counter.linePos(e.pos[0]);
  const found = stop === ']' || stop === '}' ? `"${stop}" at line ${stopAt.line + 1}, column ${stopAt.col}` : `line ${stopAt.line + 1} reached without it`;
  return new Problem({ ...where, expected: `"${closer}" to close the "${opener}" opened here`, found });
}

/**
 * A key indented unlike the keys beside it, which YAML reports as a value
 * running over two lines ("Implicit keys need to be on a single line") or as
 * a list item without its "-", at the line before: { line, column, expected,
 * found } at the key itself, or null.
 */
function misindented(errors, yamlText, counter) {
  const multi = errors.find((x) => x.code === 'MULTILINE_IMPLICIT_KEY');
  const dash = errors[0].code === 'MISSING_CHAR' && /without - indicator/.test(errors[0].message) ? errors[0] : null;
  const bad = multi ? counter.linePos(multi.pos[1]).line : dash ? counter.linePos(dash.pos[0]).line : 0;
  const lines = yamlText.split('\n');
  let above = bad - 1;
  while (above > 0 && /^\s*(#|$)/.test(lines[above - 1])) above -= 1;
  if (!bad || !above) return null;
  const keyColumn = /^[ -]*/.exec(lines[above - 1])[0].length;
  const indent = /^ */.exec(lines[bad - 1])[0].length;
  if (indent === keyColumn) return null;
  const key = lines[bad - 1].trim().split(':')[0];
  return { line: bad + 1, column: 1, expected: `"${key}" indented ${keyColumn} spaces, as the key on line ${above + 1}`, found: `${indent} spaces` };
}

/**
 * Offset of the innermost "[" or "{" still open at offset `end`, or -1. A
 * bracket counts where a flow collection can start (after ": ", "- ", ",",
 * another bracket or at a line's start); quoted text and comments are skipped.
 */
export function unclosedBracket(text, end) {
  const stack = [];
  let quote = null;
  let prev = '\n'; // the last character outside quotes that was not a space
  for (let i = 0; i < end; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === quote && !(quote === '"' && text[i - 1] === '\\')) quote = null;
      continue;
    }
    if (c === ' ' || c === '\t') continue;
    const startsValue = prev === '\n' || ':-,[{'.includes(prev);
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      const lineEnd = text.indexOf('\n', i);
      i = lineEnd < 0 ? end : lineEnd - 1;
      continue;
    }
    if ((c === '"' || c === "'") && startsValue) quote = c;
    else if ((c === '[' || c === '{') && startsValue) stack.push(i);
    else if ((c === ']' || c === '}') && stack.length) stack.pop();
    prev = c;
  }
  return stack.length ? stack[stack.length - 1] : -1;
}

function parseFrontMatter(text, source) {
  // An article saved with Windows line ends reads as any other.
  const lines = text.split(/\r?\n/);
  if (lines[0].trim() !== '---') {
    throw new Problem({ file: source, line: 1, column: 1, expected: 'YAML front matter starting with ---', found: JSON.stringify(lines[0].slice(0, 40)), rule: 'front-matter' });
  }
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  if (end < 0) throw new Problem({ file: source, line: lines.length, column: 1, expected: 'a closing --- after the front matter', found: 'end of file', rule: 'front-matter' });
  const counter = new LineCounter();
  const yamlText = lines.slice(1, end).join('\n');
  const doc = parseDocument(yamlText, { lineCounter: counter });
  if (doc.errors.length) throw yamlError(doc.errors, yamlText, counter, source);
  /** Line in index.md of the node at `path` (e.g. ['sources', 2, 'file']). */
  const lineOf = (path) => {
    let node = doc.contents;
    let line = 2;
    for (const key of path) {
      if (!(isMap(node) || isSeq(node))) break;
      const next = isMap(node) ? node.items.find((p) => p.key?.value === key) : node.items[key];
      if (!next) break;
      node = isMap(node) ? next.value : next;
      const range = (isMap(node) || isSeq(node) || node?.range) ? node.range : next.key?.range;
      if (range) line = counter.linePos(range[0]).line + 1;
    }
    return line;
  };
  return { data: doc.toJS() ?? {}, lineOf };
}

/**
 * `sources` entries that name raw files by pattern instead of one by one:
 *
 *   - glob: "raw/sysbench-{format}-bp{buffer_pool}-t{threads}.txt"
 *     values: { format: { compact: Compact, compressed-kbs8: "Compressed (8K)" } }
 *     sort: [buffer_pool, format, threads]
 *     labels: { server: "MariaDB 10.11" }
 *
 * Each `{name}` matches a part of a file name (no `/`) and becomes the label
 * `name` of that file's runs: a whole number or decimal stays a number, other
 * text stays text; `{name:number}` matches a number only. `values` restricts a capture to the texts it lists and says
 * what each reads as; `*` matches any part of a name without capturing it.
 * Matches follow `sort` (default: the captures in pattern order), each capture
 * by its `values` order, numbers by size and text in natural order, so the
 * table rows and chart series come out in the order of the sweep.
 *
 * Takes what readFrontMatter returned and gives the same shape back: `sources`
 * with every pattern replaced by one `file:` entry per match, and a lineOf that
 * points those entries at their pattern's line. A pattern that matches nothing,
 * a raw file that two sources match, and a raw file of a pattern's shape that
 * its `values` leave out and no other source reads, are errors at the source's line.
 */
export function expandSourceGlobs({ data, lineOf }, { bundleDir, source }) {
  const sources = data.sources;
  if (!Array.isArray(sources) || !sources.some((e) => e && typeof e === 'object' && 'glob' in e)) return { data, lineOf };
  const rawFiles = listRawFiles(bundleDir);
  const expanded = [];
  const origin = [];
  const claimedBy = new Map();
  const claim = (file, i) => {
    if (claimedBy.has(file)) {
      const j = claimedBy.get(file);
      throw globError(source, lineOf(['sources', i]), 'each raw file in one source only', `${file}, also matched by source ${j + 1} at line ${lineOf(['sources', j])}`);
    }
    claimedBy.set(file, i);
  };
  sources.forEach((entry, i) => {
    if (!entry || typeof entry !== 'object' || !('glob' in entry)) {
      if (typeof entry?.file === 'string') claim(entry.file.replace(/^\.\//, ''), i);
      expanded.push(entry);
      origin.push(i);
      return;
    }
    for (const { file, labels } of matchGlob(entry, rawFiles, (path, expected, found) => globError(source, lineOf(['sources', i, ...path]), expected, found))) {
      claim(file, i);
      const { glob, values, sort, ...rest } = entry;
      expanded.push({ ...rest, file, labels: { ...labels, ...(entry.labels ?? {}) } });
      origin.push(i);
    }
  });
  unreadVariants(sources, rawFiles, claimedBy, (i, expected, found) => globError(source, lineOf(['sources', i, 'values']), expected, found));
  const globLine = (path) => {
    const [first, k, key, ...rest] = path;
    if (first !== 'sources' || typeof k !== 'number' || origin[k] === undefined) return lineOf(path);
    const entry = sources[origin[k]];
    const isGlob = entry && typeof entry === 'object' && 'glob' in entry;
    return lineOf(['sources', origin[k], ...(key === undefined ? [] : [isGlob && key === 'file' ? 'glob' : key]), ...rest]);
  };
  return { data: { ...data, sources: expanded }, lineOf: globLine };
}

/**
 * A file that has a pattern's shape but a text its `values` do not list
 * (sysbench-redundant-bp32M-t1.txt beside compact and dynamic) is most likely
 * a run added to the sweep: unless another source reads it, say so instead
 * of leaving it out of every table without a word.
 */
function unreadVariants(sources, rawFiles, claimedBy, fail) {
  sources.forEach((entry, i) => {
    if (!entry?.values || typeof entry.glob !== 'string' || typeof entry.values !== 'object') return;
    const shape = compileGlob(entry.glob, {}, () => null);
    for (const file of rawFiles) {
      const m = shape.regex.exec(file);
      if (!m || claimedBy.has(file)) continue;
      const k = shape.names.findIndex((name, n) => entry.values[name] && !Object.hasOwn(entry.values[name], m[n + 1]));
      const name = shape.names[k];
      throw fail(i, `${name} to take one of the texts under values (${Object.keys(entry.values[name]).join(', ')}), or another source to read ${file}`, `"${m[k + 1]}" in ${file}, which no source reads`);
    }
  });
}

/**
 * The raw files the front matter's `unread:` lists: published beside the runs
 * on purpose (a prepare log, a settings capture) and read by no source, so
 * ingest's note about unlisted output leaves them out. Each entry is a name
 * under raw/ or a pattern with `*`; one that matches no file is an error at
 * its line, as a source's is.
 * @returns {Set<string>} "raw/<name>" of every file they match
 */
export function unreadOnPurpose({ data, lineOf }, { bundleDir, source }) {
  const fail = (path, expected, found) => new Problem({ file: source, line: lineOf(['unread', ...path]), column: 1, expected, found, rule: 'unread' });
  if (data.unread === undefined) return new Set();
  if (!Array.isArray(data.unread)) throw fail([], 'a list of raw files or patterns under `unread`, such as [raw/prepare.txt, "raw/global-variables-*.txt"]', JSON.stringify(data.unread));
  const rawFiles = listRawFiles(bundleDir);
  const kept = new Set();
  data.unread.forEach((entry, i) => {
    if (typeof entry !== 'string' || !/^raw\/[^]/.test(entry) || entry.split('/').includes('..') || /[{}]/.test(entry)) throw fail([i], 'a raw file or a pattern with * under raw/, such as "raw/global-variables-*.txt"', JSON.stringify(entry));
    const regex = new RegExp(`^${entry.split('*').map(escapeRegex).join('[^/]*')}$`);
    const matched = rawFiles.filter((file) => regex.test(file));
    if (!matched.length) throw fail([i], `raw files matching ${entry}`, `none among the ${rawFiles.length} files in raw/`);
    matched.forEach((file) => kept.add(file));
  });
  return kept;
}

const CAPTURE_NAME = /^[a-z][a-z0-9_]*$/;
/** A number as a file name writes it; `{name:number}` matches only this, so "t4-interval" is no thread count. */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const GLOB_EXAMPLE = 'a pattern of raw files such as "raw/sysbench-t{threads}.txt"';

/** Every file under the bundle's raw/ folder, as "raw/<path>" with forward slashes. */
function listRawFiles(bundleDir) {
  const rawDir = join(bundleDir, 'raw');
  if (!existsSync(rawDir)) return [];
  return readdirSync(rawDir, { recursive: true })
    .map((name) => `raw/${String(name).split(sep).join('/')}`)
    // A symbolic link that leads nowhere is no file: left out, not a crash.
    .filter((file) => statSync(join(bundleDir, file), { throwIfNoEntry: false })?.isFile())
    .sort();
}

/** The raw files one `glob:` entry matches, each with the labels its captures read. */
export function matchGlob(entry, rawFiles, fail) {
  if ('file' in entry) throw fail([], 'either `file:` or `glob:` in one source', 'both');
  const { glob, values = {}, sort } = entry;
  if (typeof glob !== 'string' || !/^raw\/[^]/.test(glob) || glob.split('/').includes('..')) throw fail(['glob'], GLOB_EXAMPLE, JSON.stringify(glob));
  const pattern = compileGlob(glob, values, (expected, found) => fail(['glob'], expected, found));
  checkGlobOptions(entry, pattern.names, fail);
  const matches = [];
  for (const file of rawFiles) {
    const m = pattern.regex.exec(file);
    if (!m) continue;
    const texts = Object.fromEntries(pattern.names.map((name, k) => [name, m[k + 1]]));
    const labels = Object.fromEntries(pattern.names.map((name) => [name, captureValue(name, texts[name], values)]));
    matches.push({ file, texts, labels });
  }
  if (!matches.length) throw fail(['glob'], `raw files matching ${glob}`, `none among the ${rawFiles.length} files in raw/`);
  const order = sort ?? pattern.names;
  return matches.sort((a, b) => compareMatches(a, b, order, values));
}

/** `{name}` captures and `*` wildcards into an anchored regular expression; literal text matches itself. */
function compileGlob(glob, values, fail) {
  const names = [];
  let regex = '^';
  for (const part of glob.split(/(\{[^}]*\}|\*)/)) {
    if (part === '*') {
      regex += '[^/]*?';
    } else if (part.startsWith('{') && part.endsWith('}')) {
      const [name, type] = part.slice(1, -1).split(':');
      if (!CAPTURE_NAME.test(name) || (type !== undefined && type !== 'number')) throw fail('capture names in lower case (a-z, 0-9, _) inside { }, optionally {name:number}', JSON.stringify(part));
      if (names.includes(name)) throw fail(`each capture once in the pattern`, `{${name}} twice`);
      names.push(name);
      const texts = values[name] && typeof values[name] === 'object' ? Object.keys(values[name]) : null;
      if (texts) regex += `(${texts.sort((a, b) => b.length - a.length).map(escapeRegex).join('|')})`;
      // Greedy: in "{thread_handling}-{workload}" the earlier capture takes the
      // dashes, as in one-thread-per-connection-oltp_read_only.
      else regex += type === 'number' ? `(${NUMBER.source.slice(1, -1)})` : '([^/]+)';
    } else {
      if (/[{}]/.test(part)) throw fail('{name} captures with a closing }', JSON.stringify(part));
      regex += escapeRegex(part);
    }
  }
  if (!names.length) throw fail('at least one {name} capture (a list of one file takes `file:`)', JSON.stringify(glob));
  return { names, regex: new RegExp(`${regex}$`) };
}

/** `values`, `sort` and fixed `labels` must speak of the pattern's captures, and never fix a captured label. */
function checkGlobOptions(entry, names, fail) {
  const { values = {}, sort, labels = {} } = entry;
  if (typeof values !== 'object' || Array.isArray(values) || values === null) throw fail(['values'], 'values as a map of capture: { text: label value }', JSON.stringify(values));
  for (const [name, map] of Object.entries(values)) {
    if (!names.includes(name)) throw fail(['values'], `values for captures of the pattern (${names.join(', ')})`, JSON.stringify(name));
    if (!map || typeof map !== 'object' || Array.isArray(map)) throw fail(['values'], `a map of text: label value for ${name}`, JSON.stringify(map));
  }
  if (sort !== undefined && (!Array.isArray(sort) || sort.some((n) => !names.includes(n)))) throw fail(['sort'], `a list of the pattern's captures (${names.join(', ')})`, JSON.stringify(sort));
  const fixed = labels && typeof labels === 'object' ? Object.keys(labels).filter((n) => names.includes(n)) : [];
  if (fixed.length) throw fail(['labels'], `label ${fixed[0]} either captured by the pattern or fixed under labels, not both`, 'both');
}

/** What a captured text reads as: its `values` entry, else a number when it is one, else the text. */
function captureValue(name, text, values) {
  if (values[name]) return values[name][text];
  return NUMBER.test(text) ? Number(text) : text;
}

function compareMatches(a, b, order, values) {
  for (const name of order) {
    const rank = (m) => (values[name] ? Object.keys(values[name]).indexOf(m.texts[name]) : m.labels[name]);
    const [x, y] = [rank(a), rank(b)];
    const diff = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { numeric: true });
    if (diff) return diff;
  }
  return a.file.localeCompare(b.file, 'en', { numeric: true });
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function globError(source, line, expected, found) {
  return new Problem({ file: source, line, column: 1, expected, found, rule: 'sources-glob' });
}
