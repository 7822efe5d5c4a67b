// The one shape of everything tpsreport finds wrong, from a parser's refusal
// to a figure on a built page that no longer matches its raw line: a Problem
// names its place (file, line, column, the JSON pointer into a document, the
// raw line behind a figure), how bad it is, the rule that found it, and what
// was expected and found. Every step reports Problems, and one set of
// reporters (reporters.mjs) prints them for a terminal, GitHub, programs and
// the serve overlay. It is an Error, so a parser deep in a file can throw it,
// and plain data (toJSON, Problem.from), so it crosses worker threads and
// cache files whole.

import { visibleControls } from '../lib/text.mjs';

const FIELDS = ['file', 'line', 'column', 'pointer', 'severity', 'rule', 'expected', 'found', 'raw', 'param'];

export class Problem extends Error {
  /**
   * @param {object} o
   * @param {string} [o.file]      the file the problem is in, relative to the site
   * @param {number} [o.line]      1-based line in that file
   * @param {number} [o.column]    1-based column
   * @param {string} [o.pointer]   JSON pointer into a document ('' is the whole document)
   * @param {'error'|'warning'|'note'} [o.severity]
   * @param {string} [o.rule]      short machine-readable name of the check
   * @param {string} [o.expected]  what the check wanted to see
   * @param {string} [o.found]     what was there instead
   * @param {{source: string, line: number}} [o.raw]  the raw output line behind a figure
   * @param {string} [o.param]     the shortcode parameter at fault, where the message does not open with it
   * @param {string} [o.message]   the whole sentence, where "expected …, found …" does not fit
   */
  constructor({ message, ...place } = {}) {
    const { expected, found } = place;
    super(message ?? `expected ${expected}${found === undefined ? '' : `, found ${found}`}`);
    this.name = 'Problem';
    this.severity = 'error';
    this.rule = 'input';
    for (const key of FIELDS) if (place[key] !== undefined) this[key] = place[key];
  }

  /** A Problem again from its plain form (a worker's message, a cache file); a Problem as it is. */
  static from(plain) {
    return plain instanceof Problem ? plain : new Problem(plain);
  }

  /** A copy placed at `place` ({ file, line, column }) where this one names no file yet: a parser does not know its file's name. */
  at(place) {
    if (this.file) return this;
    return new Problem({ ...this.toJSON(), ...place });
  }

  /** A copy with `fields` set (a line found later, a rule renamed). */
  with(fields) {
    return new Problem({ ...this.toJSON(), ...fields });
  }

  /** at() for a file alone. */
  in(file) {
    return file ? this.at({ file }) : this;
  }

  get isError() {
    return this.severity === 'error';
  }

  toJSON() {
    const out = {};
    for (const key of FIELDS) if (this[key] !== undefined) out[key] = this[key];
    out.message = this.message;
    return out;
  }

  /** "FILE:LINE:COL: message", as the text reporter prints an error; the message alone while it has no place. */
  toString() {
    const message = printable(this.message, { keepLines: true });
    return this.file || this.line ? `${formatLocation(this)}: ${message}` : message;
  }
}

/** A mistake in what an author wrote in a shortcode or front matter, placed by the caller (compile knows the shortcode's line). */
export function mistake(message, extra = {}) {
  return new Problem({ message, rule: 'shortcode', ...extra });
}

/** Whether any of `problems` stops the command: an error. */
export const failed = (problems) => problems.some((p) => p.severity === 'error');

export function formatLocation({ file, line, column }) {
  let at = printable(file ?? '<input>');
  if (line) at += `:${line}`;
  if (line && column) at += `:${column}`;
  return at;
}

/**
 * A file name as a terminal can print it on one line: control characters (a
 * newline, an escape that would move the cursor or change colours) written
 * as \n, \x1b and so on. Names come from the author's folders, and any name
 * a file system allows may reach a message. `keepLines`: for a message, whose
 * own line breaks and tabs are meant.
 */
export function printable(name, { keepLines = false } = {}) {
  const named = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  return visibleControls(name).replace(keepLines ? /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g : /[\x00-\x1f\x7f-\x9f]/g, (c) => named[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** What a line holds from a place on (a value after its key), quoted; only blanks left there are "the end of the line", not an empty line. */
export function quoteRest(text, max) {
  return String(text).trim() === '' ? 'the end of the line' : quote(text, max);
}

/** Shortens what was found to something that fits on one terminal line. */
export function quote(text, max = 60) {
  const oneLine = String(text).replace(/\s+/g, ' ').trim();
  if (oneLine === '') return 'an empty line';
  const cut = oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
  return JSON.stringify(cut);
}

/**
 * A line-fed parser ({ push, end }) whose Problems name `file` when they do
 * not name a file yet: the driver replays the first lines of a short file
 * outside its own error wrapper, so errors carry the file name themselves.
 */
export function located(file, parser) {
  const wrap = (fn) => (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      if (error instanceof Problem && !error.file && file) error.file = file;
      throw error;
    }
  };
  return { push: wrap(parser.push), end: wrap(parser.end) };
}
