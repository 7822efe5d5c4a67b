// Line handling shared by every parser. Raw benchmark output reaches us pasted
// into blogs and notes: full-width colons, CRLF, tabs and trailing blanks are
// common, so parsers match on a normalised copy of each line and keep the
// original line number.

const FULLWIDTH_COLON = /\uFF1A/g;

/** The form parsers match against: NFKC (turns `：` into `:`), no CR, no trailing blanks. */
export function normalizeLine(raw) {
  let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (/[^\x00-\x7F]/.test(line)) line = line.normalize('NFKC').replace(FULLWIDTH_COLON, ':');
  return line.replace(/[ \t\u00A0]+$/, '');
}

/** Splits a whole text into normalised lines (for the in-memory `parse(text)` entry point). */
export function splitLines(text) {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map(normalizeLine);
}

/** Parses a number as the tool printed it; returns null for N/A, nan and the like. */
export function toNumber(text) {
  if (text === undefined || text === null) return null;
  const t = String(text).trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return Number(t);
  return null;
}

/** Column (1-based) of `needle` in `line`, for error messages; 1 when not found. */
export function columnOf(line, needle) {
  const i = needle === undefined ? -1 : line.indexOf(needle);
  return i < 0 ? 1 : i + 1;
}
