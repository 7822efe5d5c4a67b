// One error class for everything a user can get wrong: a raw file, a data file,
// a report's front matter. It carries a location so the CLI can print
// `FILE:LINE:COL: expected …, found …` and never a stack trace.

export class InputError extends Error {
  /**
   * @param {object} at
   * @param {string} [at.source]   file the problem is in
   * @param {number} [at.line]     1-based line in that file
   * @param {number} [at.column]   1-based column
   * @param {string} at.expected   what the reader wanted to see
   * @param {string} [at.found]    what was there instead
   * @param {string} [at.rule]     short machine-readable name of the check
   * @param {string} [at.message]  the whole sentence, where "expected …, found …" does not fit
   */
  constructor({ source, line, column, expected, found, rule = 'input', message }) {
    super(message ?? `expected ${expected}${found === undefined ? '' : `, found ${found}`}`);
    this.name = 'InputError';
    Object.assign(this, { source, line, column, expected, found, rule });
  }

  /** A copy of this error placed in `source` (parsers do not know their file name). */
  in(source) {
    const copy = new InputError({ ...this, message: this.message, source: this.source ?? source });
    return copy;
  }

  toString() {
    return `${formatLocation(this)}: ${printable(this.message, { keepLines: true })}`;
  }
}

export function formatLocation({ source, line, column }) {
  let at = printable(source ?? '<input>');
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
  return String(name).replace(keepLines ? /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g : /[\x00-\x1f\x7f-\x9f]/g, (c) => named[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
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
 * A line-fed parser ({ push, end }) whose InputErrors name `source` when they
 * do not name a file yet: the driver replays the first lines of a short file
 * outside its own error wrapper, so errors carry the file name themselves.
 */
export function located(source, parser) {
  const wrap = (fn) => (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      if (error instanceof InputError && !error.source && source) error.source = source;
      throw error;
    }
  };
  return { push: wrap(parser.push), end: wrap(parser.end) };
}
