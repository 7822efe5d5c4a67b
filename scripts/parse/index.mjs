// The parse step: picks a format (by name or by detection), streams a raw file
// through that format's line parser and wraps the result in the common
// document envelope with provenance. Parsers themselves stay pure: they never
// see a file handle, only lines.
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { InputError, quote } from '../lib/errors.mjs';
import { normalizeLine, splitLines } from '../lib/text.mjs';
import { formats } from './formats.mjs';

export { formats };

export const SCHEMA_VERSION = 1;
const DETECT_LINES = 400;

export function getFormat(name) {
  const found = formats.find((f) => f.name === name);
  if (!found) {
    throw new InputError({
      expected: `a format name, one of ${formats.map((f) => f.name).join(', ')}`,
      found: quote(name),
      rule: 'format-name',
    });
  }
  return found;
}

/** Picks the format whose markers score highest in the first lines of a file. */
export function detectFormat(lines) {
  let best = null;
  let bestScore = 0;
  for (const format of formats) {
    const score = format.detect(lines);
    if (score > bestScore) [best, bestScore] = [format, score];
  }
  if (best) return best;
  const first = lines.findIndex((l) => l.trim() !== '');
  throw new InputError({
    line: first + 1,
    column: 1,
    expected: `output of a benchmark tool tpsreport reads (${formats.map((f) => f.name).join(', ')})`,
    found: quote(lines[first]),
    rule: 'detect',
  });
}

/** Parses a whole text held in memory. `source` names it in errors and provenance. */
export function parseText(text, { source = '<input>', format } = {}) {
  const bytes = Buffer.from(text, 'utf8');
  refuseBinary(bytes, source);
  const lines = splitLines(text);
  refuseEmpty(lines, source);
  const chosen = wrapParserErrors(() => (format ? getFormat(format) : detectFormat(lines.slice(0, DETECT_LINES))), source)();
  const parser = chosen.createParser({ source });
  lines.forEach(wrapParserErrors((line, i) => parser.push(line, i + 1), source));
  return envelope(chosen, finish(parser, source), {
    source,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    lines: lines.length,
  });
}

/** Parses a file line by line, without holding it in memory. */
export async function parseFile(path, { source = path, format } = {}) {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8');
  const head = [];
  let parser = null;
  let lineNo = 0;
  let bytes = 0;
  let rest = '';

  const start = () => {
    refuseEmpty(head, source);
    const chosen = format ? getFormat(format) : detectFormat(head);
    parser = { format: chosen, lines: chosen.createParser({ source }) };
    head.forEach((line, i) => parser.lines.push(line, i + 1));
  };
  const take = (raw) => {
    lineNo += 1;
    const line = normalizeLine(raw);
    if (parser) return parser.lines.push(line, lineNo);
    head.push(line);
    if (head.length === DETECT_LINES) start();
  };

  for await (const chunk of createReadStream(path)) {
    if (bytes === 0) refuseBinary(chunk, source);
    bytes += chunk.length;
    hash.update(chunk);
    const parts = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = parts.pop();
    parts.forEach(wrapParserErrors(take, source));
  }
  rest += decoder.decode();
  if (rest !== '') wrapParserErrors(take, source)(rest);
  if (!parser) wrapParserErrors(start, source)();
  return envelope(parser.format, finish(parser.lines, source), {
    source,
    sha256: hash.digest('hex'),
    bytes,
    lines: lineNo,
  });
}

function wrapParserErrors(fn, source) {
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      throw error instanceof InputError ? error.in(source) : error;
    }
  };
}

function finish(parser, source) {
  return wrapParserErrors(() => parser.end(), source)();
}

function envelope(format, body, file) {
  const { tool = null, notes = [], warnings = [], ...rest } = body;
  return {
    kind: format.name,
    schema_version: SCHEMA_VERSION,
    provenance: {
      ...file,
      parser: { name: format.name, version: format.version },
      tool,
    },
    notes,
    warnings,
    ...rest,
  };
}

function refuseEmpty(lines, source) {
  if (lines.every((l) => l.trim() === '')) {
    throw new InputError({
      source,
      line: 1,
      column: 1,
      expected: 'benchmark output',
      found: lines.length === 0 ? 'an empty file' : 'only blank lines',
      rule: 'empty',
    });
  }
}

/** Text output never holds NUL bytes, and rarely many other control bytes. */
function refuseBinary(chunk, source) {
  const sample = chunk.subarray(0, 8192);
  let control = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const b = sample[i];
    if (b === 0) return binaryError(source, sample, i);
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 27) control += 1;
  }
  if (sample.length > 0 && control / sample.length > 0.1) binaryError(source, sample, -1);
}

function binaryError(source, sample, offset) {
  const before = offset < 0 ? '' : sample.subarray(0, offset).toString('latin1');
  const line = before.split('\n').length;
  throw new InputError({
    source,
    line,
    column: offset < 0 ? 1 : offset - before.lastIndexOf('\n'),
    expected: 'text output of a benchmark tool',
    found: offset < 0 ? 'binary data (many control bytes)' : `binary data (a NUL byte at offset ${offset})`,
    rule: 'binary',
  });
}
