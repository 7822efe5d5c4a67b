// The parse driver: streams a raw file (or splits a text) into normalised
// lines, refuses empty and binary input, feeds one format's line parser and
// wraps its result in the common document envelope with provenance. It knows
// nothing of the format registry, so parser modules can import it for their
// `parse(text)` convenience without an import cycle.
import { openSync, fstatSync, readFileSync, closeSync, createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { isAscii } from 'node:buffer';
import { Problem } from '../problems/problem.mjs';
import { normalizeLine, splitLines, NON_ASCII, LINE_BREAK, endsInsideNumber } from '../lib/text.mjs';

export const SCHEMA_VERSION = 1;
export const DETECT_LINES = 400;

/**
 * Parses a whole text held in memory with the format `choose(headLines)` returns.
 * `choose` may be a format object for callers that already know it. `options`
 * (the report's `sources[].options`) reach the format's createParser as is.
 */
export function parseTextWith(choose, text, { source = '<input>', options } = {}) {
  const bytes = Buffer.from(text, 'utf8');
  refuseBinary(bytes, source, { offset: 0, lineNo: 0, rest: '' });
  const lines = splitLines(text);
  refuseEmpty(lines, source);
  const format = located(source, () => pick(choose, lines.slice(0, DETECT_LINES)));
  const parser = located(source, () => format.createParser({ source, options }));
  let cut = cutInsideNumber(text, lines);
  const fed = cut ? lines.slice(0, -1) : lines;
  const unended = !cut && lines.length > 0 && !/[\r\n]$/.test(text);
  located(source, () => fed.forEach((line, i) => {
    if (unended && i === fed.length - 1) cut = pushLast(parser, line, i + 1, format);
    else parser.push(line, i + 1);
  }));
  return envelope(format, located(source, () => finish(format, parser, cut)), {
    source,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    lines: lines.length,
  });
}

/** Parses a file line by line, without holding it in memory. */
export async function parseFileWith(choose, path, { source = path, options } = {}) {
  const hash = createHash('sha256');
  const decoder = chunkDecoder();
  const head = [];
  let format = null;
  let parser = null;
  let lineNo = 0;
  let bytes = 0;
  let rest = '';

  // `cutLine` takes part in detection only: it is never fed to the parser.
  const start = (cutLine) => {
    const detectOn = cutLine === undefined ? head : [...head, cutLine];
    refuseEmpty(detectOn, source);
    format = pick(choose, detectOn);
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

  for await (const chunk of openText(path, source)) {
    const decoded = decoder.decode(chunk);
    refuseBinary(chunk, source, { offset: bytes, lineNo, rest, latin1: decoded.ascii ? decoded.text : undefined });
    bytes += chunk.length;
    hash.update(chunk);
    // The chunk is split on its own and the unfinished line before it joined to its first line:
    // `rest + text` would copy the whole chunk into a new string. A CR held back from the last
    // chunk may pair with an LF starting this one, so then the two are joined first.
    let text = decoded.text;
    ascii = !NON_ASCII.test(rest) && (decoded.ascii || !NON_ASCII.test(text));
    if (rest.endsWith('\r')) [text, rest] = [rest + text, ''];
    // A CR at the end of a chunk may be the first half of a CRLF split across chunks.
    const held = text.endsWith('\r') ? '\r' : '';
    if (held) text = text.slice(0, -1);
    const parts = splitBreaks(text);
    parts[0] = rest + parts[0];
    rest = parts.pop() + held;
    located(source, () => { for (const part of parts) take(part); });
  }
  rest += decoder.end();
  ascii = false;
  const tail = rest.split(LINE_BREAK);
  const last = tail.pop();
  let cut = last !== '' && endsInsideNumber(last) ? { line: lineNo + tail.length + 1, text: normalizeLine(last) } : null;
  located(source, () => {
    tail.forEach(take);
    if (last !== '' && !cut) {
      // A short file: the format is detected with its last line, which is then fed on its own.
      if (!parser) start(normalizeLine(last));
      cut = pushLast(parser, normalizeLine(last), (lineNo += 1), format);
    }
    if (!parser) start(cut?.text);
  });
  return envelope(format, located(source, () => finish(format, parser, cut)), {
    source,
    sha256: hash.digest('hex'),
    bytes,
    lines: cut ? cut.line : lineNo,
  });
}

/**
 * UTF-8 text of a file's chunks, as one streaming TextDecoder gives it (a
 * leading byte order mark dropped, a sequence split across chunks joined,
 * invalid bytes as U+FFFD). Most benchmark output is ASCII: such a chunk is
 * read as latin1, which is the same text for ASCII bytes at a fraction of the
 * cost, whenever the decoder holds no bytes of an unfinished sequence (a
 * chunk after an ASCII chunk, or the first). `ascii` says the text is ASCII.
 */
function chunkDecoder() {
  // The decoder keeps a byte order mark: it may see the file from its middle on, where one is text.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let clean = true;
  let first = true;
  return {
    decode(chunk) {
      const ascii = isAscii(chunk);
      if (ascii && clean) {
        first &&= chunk.length === 0;
        return { text: chunk.toString('latin1'), ascii };
      }
      let text = decoder.decode(chunk, { stream: true });
      // After an ASCII chunk the decoder holds nothing: no sequence continues over ASCII bytes.
      clean = ascii;
      if (first && text.length) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      return { text, ascii: false };
    },
    end: () => decoder.decode(),
  };
}

/** Lines of a text split at CRLF, LF and CR; a plain split where the text holds no CR. */
function splitBreaks(text) {
  return text.includes('\r') ? text.split(LINE_BREAK) : text.split('\n');
}

/**
 * Chunks of 256 KiB: each chunk read is a round trip to the thread pool; at
 * the stream's default 64 KiB the reads of a 100 MB log took about 80 ms of
 * CPU, at 256 KiB about 35. Larger chunks save little more and hold more
 * memory at once.
 */
export const CHUNK_BYTES = 1 << 18;

const UNREADABLE = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file',
  EISDIR: 'a directory',
  EACCES: 'no permission to read it',
  EPERM: 'no permission to read it',
};

/**
 * The file's bytes as chunks, or a Problem naming it as the user did: a
 * stream opened on a directory fails only at its first read, with an error
 * that carries no path, so the file is opened and looked at first. A file of
 * one chunk or less (most raw files: a run's summary, a config dump) is read
 * at once, synchronously: four system calls, where a stream hands its open,
 * stat, reads and close to the thread pool one after another, which cost
 * several times the parse of such a file. Larger files are streamed.
 */
function openText(path, source) {
  const refuse = (found) => new Problem({ file: source, expected: 'a readable file', found, rule: 'file' });
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw refuse(UNREADABLE[error.code] ?? `an error opening it (${error.code ?? error.message})`);
  }
  let streamed = false;
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) throw refuse('a directory');
    // Read to the end, not to the size: a file still being written may have grown since the stat.
    // A device or pipe says size 0 and may never end: streamed, so its first chunk is looked at (and refused) first.
    if (info.isFile() && info.size <= CHUNK_BYTES) return [readFileSync(fd)];
    streamed = true;
    return createReadStream(null, { fd, highWaterMark: CHUNK_BYTES });
  } finally {
    if (!streamed) closeSync(fd);
  }
}

/**
 * The parser's result, with the driver's own completeness rule on top: a last
 * line that stops inside a number (no line end after it) may be a shortened
 * figure, so it is never read. Formats whose partial output is worth keeping
 * (`keepsPartial`) get the rest marked incomplete; the others refuse the file.
 */
/**
 * Feeds the last line of a file that ends without a line end. Output cut
 * short (a copy interrupted, a disk full) stops in the middle of a line: when
 * the parser cannot read that line whole, it is left out and the output is
 * incomplete from there, instead of refused with everything before it.
 * @returns {object|null} the cut ({ line, text, reason }), or null when the line read whole
 */
function pushLast(parser, line, lineNo, format) {
  try {
    parser.push(line, lineNo);
    return null;
  } catch (error) {
    if (!(error instanceof Problem) || error.line !== lineNo || !format.keepsPartial) throw error;
    const why = `${error.expected}${error.found === undefined ? '' : `, found ${error.found}`}`;
    return { line: lineNo, text: line, reason: `the file ends without a line end, in a line that does not read whole (expected ${why}); that last line is left out` };
  }
}

function finish(format, parser, cut) {
  if (cut && !format.keepsPartial) {
    throw new Problem({
      line: cut.line,
      column: cut.text.length + 1,
      expected: 'the rest of the number and a line end',
      found: 'end of file',
      rule: 'truncated',
    });
  }
  const body = parser.end();
  if (!cut) return body;
  // The cut line is where the output stops: what the parser then misses (a summary line it never saw) follows from it.
  const reason = cut.reason ?? 'the file ends inside a number, without a line end; that last line is left out';
  return { ...body, incomplete: { reason: body.incomplete ? `${reason}, so ${body.incomplete.reason}` : reason, line: cut.line } };
}

/** `{line, text}` of a last line that stops inside a number without a line end; null otherwise. */
function cutInsideNumber(text, lines) {
  if (lines.length === 0 || /[\r\n]$/.test(text.slice(-1))) return null;
  const last = text.slice(text.lastIndexOf('\n') + 1);
  const raw = last.slice(last.lastIndexOf('\r') + 1);
  return endsInsideNumber(raw) ? { line: lines.length, text: lines[lines.length - 1] } : null;
}

function pick(choose, head) {
  return typeof choose === 'function' ? choose(head) : choose;
}

/** Runs `fn`, placing any Problem it throws in `source` (parsers do not know their file). */
function located(source, fn) {
  try {
    return fn();
  } catch (error) {
    throw error instanceof Problem ? error.in(source) : error;
  }
}

function envelope(format, body, file) {
  const { tool = null, notes = [], warnings = [], incomplete, ...rest } = body;
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
    ...(incomplete ? { incomplete } : {}),
    ...rest,
  };
}

function refuseEmpty(lines, source) {
  if (lines.every((l) => l.trim() === '')) {
    throw new Problem({
      file: source,
      line: 1,
      column: 1,
      expected: 'benchmark output',
      found: lines.length === 0 ? 'an empty file' : 'only blank lines',
      rule: 'empty',
    });
  }
}

// Control bytes a tool's text output and a terminal capture hold: TAB, LF,
// FF (page breaks in old reports), CR and ESC (colour codes). Any other, NUL
// above all, is binary data, or text a terminal shows differently from its
// bytes ("12\b3" shows as 13), so no figure is read from such a file.
export const BINARY = /[\x00-\x08\x0B\x0E-\x1A\x1C-\x1F]/;

/**
 * Refuses a chunk that holds a binary byte, anywhere in the file, placed at
 * its line and column. `offset`, `lineNo` and `rest` (the unfinished line
 * before this chunk) place the chunk in the file; `latin1`, the chunk already
 * read as latin1 text, if it was.
 */
function refuseBinary(chunk, source, { offset, lineNo, rest, latin1 }) {
  // latin1 keeps one character per byte, so the match index is the byte offset.
  const match = BINARY.exec(latin1 ?? chunk.toString('latin1'));
  if (!match) return;
  const at = match.index;
  const before = rest + chunk.subarray(0, at).toString('utf8');
  const breaks = before.split(LINE_BREAK);
  const byte = chunk[at];
  throw new Problem({
    file: source,
    line: lineNo + breaks.length,
    column: breaks[breaks.length - 1].length + 1,
    expected: 'text output of a benchmark tool',
    found: `binary data (${byte === 0 ? 'a NUL byte' : `control byte 0x${byte.toString(16).padStart(2, '0')}`} at offset ${offset + at})`,
    rule: 'binary',
  });
}
