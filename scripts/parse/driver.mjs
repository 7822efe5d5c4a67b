// The parse driver: streams a raw file (or splits a text) into normalised
// lines, refuses empty and binary input, feeds one format's line parser and
// wraps its result in the common document envelope with provenance. It knows
// nothing of the format registry, so parser modules can import it for their
// `parse(text)` convenience without an import cycle.
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { InputError } from '../lib/errors.mjs';
import { normalizeLine, splitLines, NON_ASCII } from '../lib/text.mjs';

export const SCHEMA_VERSION = 1;
export const DETECT_LINES = 400;

/**
 * Parses a whole text held in memory with the format `choose(headLines)` returns.
 * `choose` may be a format object for callers that already know it. `options`
 * (the report's `sources[].options`) reach the format's createParser as is.
 */
export function parseTextWith(choose, text, { source = '<input>', options } = {}) {
  const bytes = Buffer.from(text, 'utf8');
  refuseBinary(bytes, source);
  const lines = splitLines(text);
  refuseEmpty(lines, source);
  const format = located(source, () => pick(choose, lines.slice(0, DETECT_LINES)));
  const parser = located(source, () => format.createParser({ source, options }));
  located(source, () => lines.forEach((line, i) => parser.push(line, i + 1)));
  return envelope(format, located(source, () => parser.end()), {
    source,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    lines: lines.length,
  });
}

/** Parses a file line by line, without holding it in memory. */
export async function parseFileWith(choose, path, { source = path, options } = {}) {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8');
  const head = [];
  let format = null;
  let parser = null;
  let lineNo = 0;
  let bytes = 0;
  let rest = '';

  const start = () => {
    refuseEmpty(head, source);
    format = pick(choose, head);
    parser = format.createParser({ source, options });
    head.forEach((line, i) => parser.push(line, i + 1));
  };
  let ascii = false;
  const take = (raw) => {
    lineNo += 1;
    const line = normalizeLine(raw, ascii);
    if (parser) return parser.push(line, lineNo);
    head.push(line);
    if (head.length === DETECT_LINES) start();
    return undefined;
  };

  for await (const chunk of createReadStream(path)) {
    if (bytes === 0) refuseBinary(chunk, source);
    bytes += chunk.length;
    hash.update(chunk);
    const text = rest + decoder.decode(chunk, { stream: true });
    ascii = !NON_ASCII.test(text);
    const parts = text.split('\n');
    rest = parts.pop();
    located(source, () => parts.forEach(take));
  }
  rest += decoder.decode();
  ascii = false;
  located(source, () => {
    if (rest !== '') take(rest);
    if (!parser) start();
  });
  return envelope(format, located(source, () => parser.end()), {
    source,
    sha256: hash.digest('hex'),
    bytes,
    lines: lineNo,
  });
}

function pick(choose, head) {
  return typeof choose === 'function' ? choose(head) : choose;
}

/** Runs `fn`, placing any InputError it throws in `source` (parsers do not know their file). */
function located(source, fn) {
  try {
    return fn();
  } catch (error) {
    throw error instanceof InputError ? error.in(source) : error;
  }
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
