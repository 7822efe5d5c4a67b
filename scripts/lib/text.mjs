// Line handling shared by every parser. Raw benchmark output reaches us pasted
// into blogs and notes: full-width colons, CRLF, tabs and trailing blanks are
// common, so parsers match on a normalised copy of each line and keep the
// original line number.

const FULLWIDTH_COLON = /\uFF1A/g;
export const NON_ASCII = /[^\x00-\x7F]/;

/**
 * The form parsers match against: NFKC (turns `：` into `:`), no CR, no
 * trailing blanks. This runs once per input line, so it avoids regexes on the
 * common path; `ascii` lets a caller that already knows a whole chunk is ASCII
 * skip the Unicode check.
 */
export function normalizeLine(raw, ascii = false) {
  let line = raw;
  if (!ascii && NON_ASCII.test(line)) line = line.normalize('NFKC').replace(FULLWIDTH_COLON, ':');
  let end = line.length;
  while (end > 0) {
    const c = line.charCodeAt(end - 1);
    if (c === 32 || c === 9 || c === 13 || c === 160) end -= 1;
    else break;
  }
  return end === line.length ? line : line.slice(0, end);
}

/** CRLF, LF and the CR alone that old Mac tools and some pastes end lines with. */
export const LINE_BREAK = /\r\n|\r|\n/;

/** Splits a whole text into normalised lines (for the in-memory `parse(text)` entry point). */
export function splitLines(text) {
  const lines = text.split(LINE_BREAK);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => normalizeLine(line));
}

/**
 * Whether a line (as read, before normalisation) stops right after a digit, or
 * a digit and a decimal or thousands mark: in a file without a final line
 * end, that may be a number cut short.
 */
export function endsInsideNumber(raw) {
  const n = raw.length;
  const isDigit = (i) => i >= 0 && raw.charCodeAt(i) >= 48 && raw.charCodeAt(i) <= 57;
  if (isDigit(n - 1)) return true;
  const c = raw[n - 1];
  return (c === '.' || c === ',') && isDigit(n - 2);
}

/** Parses a number as the tool printed it; returns null for N/A, nan, and exponents beyond a double. */
export function toNumber(text) {
  if (text === undefined || text === null) return null;
  const t = String(text).trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  // `1e999` is Infinity as a double, which JSON cannot hold: not a number we can keep.
  const value = Number(t);
  return Number.isFinite(value) ? value : null;
}

/** Column (1-based) of `needle` in `line`, for error messages; 1 when not found. */
export function columnOf(line, needle) {
  const i = needle === undefined ? -1 : line.indexOf(needle);
  return i < 0 ? 1 : i + 1;
}
