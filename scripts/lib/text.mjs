// Line handling shared by every parser. Raw benchmark output reaches us pasted
// into blogs and notes: full-width colons, CRLF, tabs and trailing blanks are
// common, so parsers match on a normalised copy of each line and keep the
// original line number.

const FULLWIDTH_COLON = /\uFF1A/g;

// Unicode's bidirectional controls (embeddings, overrides, isolates and the
// invisible direction marks): drawn as nothing, they reorder the text around
// them, so a file named `report\u202Etxt.exe` reads as `reportexe.txt`.
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

/**
 * `text` with every bidirectional control written out as `\u202E`, so a name
 * shows what it is made of rather than what it pretends to be. Every place a
 * name reaches a reader goes through this: the page and raw-view markup
 * (esc), CSV cells, chart titles and terminal messages.
 */
export function visibleControls(text) {
  const s = String(text);
  return BIDI_CONTROL.test(s) ? s.replace(BIDI_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`) : s;
}
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

/** A plain decimal number as tools print it: sign, digits, point, exponent. */
export const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Parses a number as the tool printed it; returns null for N/A, nan, and exponents beyond a double. */
export function toNumber(text) {
  if (text === undefined || text === null) return null;
  const t = String(text).trim();
  if (!NUMBER_TEXT.test(t)) return null;
  // `1e999` is Infinity as a double, which JSON cannot hold: not a number we can keep.
  const value = Number(t);
  return Number.isFinite(value) ? value : null;
}

/** Column (1-based) of `needle` in `line`, for error messages; 1 when not found. */
export function columnOf(line, needle) {
  const i = needle === undefined ? -1 : line.indexOf(needle);
  return i < 0 ? 1 : i + 1;
}

const isSpace = (c) => /\s/.test(c);

const TERMINATORS = ['\n', '\r', '\u2028', '\u2029'];

/**
 * Where the first and the last line terminator of `t` are (-1 for none): the
 * characters a regex's `.` does not match, which the linear-time stand-ins for
 * `.*` patterns below must not step over.
 */
export function terminatorSpan(t) {
  let first = -1;
  let last = -1;
  for (const c of TERMINATORS) {
    const at = t.indexOf(c);
    if (at >= 0 && (first < 0 || at < first)) first = at;
    last = Math.max(last, t.lastIndexOf(c));
  }
  return { first, last };
}

/**
 * Where an author's note starts in a trimmed line: a `#` after one or more
 * TABs, or a ` # ` (any blanks before the `#`, one after). Returns the match
 * as `/\t+#.*$|\s+#\s.*$/` would give it, `{index, text}` or null, but in time
 * linear in the line: that regex retries its `\s+` at every blank of a long
 * run of blanks, so a line of a million spaces took minutes.
 */
function findAnnotation(t) {
  const lastTerminator = terminatorSpan(t).last;
  for (let p = t.indexOf('#', 1); p > 0; p = t.indexOf('#', p + 1)) {
    let blanks = p;
    while (blanks > 0 && isSpace(t[blanks - 1])) blanks -= 1;
    let tabs = p;
    while (tabs > 0 && t[tabs - 1] === '\t') tabs -= 1;
    // `.` stops at a line terminator (which `\s` matches), so `.*$` must not meet one.
    const spaced = blanks < p && isSpace(t[p + 1] ?? '') && lastTerminator < p + 2;
    const tabbed = tabs < p && lastTerminator < p + 1;
    if (spaced || tabbed) {
      const start = spaced ? blanks : tabs;
      return { index: start, text: t.slice(start) };
    }
  }
  return null;
}

/** A trimmed line without its author's note (see findAnnotation); the note goes to `notes`. */
export function withoutAnnotation(line, lineNo, notes) {
  const t = line.trim();
  const cut = findAnnotation(t);
  if (!cut || cut.index === 0) return t;
  notes.push({ line: lineNo, text: cut.text.trim(), kind: 'annotation' });
  return t.slice(0, cut.index);
}

/** Words as a sentence lists them: "a", "a and b", "a, b and c" (or "a, b or c"). */
export function wordList(words, conjunction = 'and') {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number as a reader's sentence prints it: 1,249. */
/**
 * `x` to `digits` decimals, rounded as a person rounds the decimal it stands
 * for: half away from zero, so a median of 214.415 reads "214.42". toFixed
 * rounds the binary double instead, in which 853.545 is 853.54499…, so a
 * figure ending in 5 went up or down with the noise of the arithmetic.
 */
export function fixed(x, digits) {
  if (!Number.isFinite(x)) return String(x);
  const decimal = Math.abs(x).toPrecision(15);
  if (/e/.test(decimal)) return x.toFixed(digits);
  const rounded = Number(`${Math.round(Number(`${decimal}e${digits}`))}e-${digits}`);
  return `${x < 0 && rounded !== 0 ? '-' : ''}${rounded.toFixed(digits)}`;
}

export function countText(n) {
  return COUNT.format(n);
}

// What stands between words on a raw line: blanks, or the column bars of a MySQL table.
const WORD_EDGE = /[\s|]/;

/** Whether `word` stands on a raw line whole: between the line's ends, blanks or the column bars of a MySQL table. */
export function wordOn(line, word) {
  const at = (from) => line.indexOf(word, from);
  const edge = (ch) => ch === undefined || WORD_EDGE.test(ch);
  for (let i = at(0); i >= 0; i = at(i + 1)) if (edge(line[i - 1]) && edge(line[i + word.length])) return true;
  return false;
}

/** The words of a raw line, as wordOn reads them. */
export function wordsOn(line) {
  return line.split(/[\s|]+/).filter(Boolean);
}

// Characters a terminal draws two columns wide (CJK, Hangul, full-width forms,
// most emoji) and those it draws over the one before (combining marks).
const WIDE = /[\u{1100}-\u{115F}\u{2E80}-\u{303E}\u{3041}-\u{33FF}\u{3400}-\u{4DBF}\u{4E00}-\u{9FFF}\u{A000}-\u{A4CF}\u{AC00}-\u{D7A3}\u{F900}-\u{FAFF}\u{FE30}-\u{FE4F}\u{FF00}-\u{FF60}\u{FFE0}-\u{FFE6}\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u{200B}-\u{200F}]/u;

/** How many terminal columns `text` takes, for lining up a table of file names in any script. */
export function displayWidth(text) {
  let width = 0;
  for (const ch of text) width += ZERO_WIDTH.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}

/** `text` padded with spaces to `width` terminal columns. */
export function padToWidth(text, width) {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * The decimals a figure was printed with, a unit after them or not: "1285.06"
 * has 2, bash's "0m0.980s" 3, "28m 18s" none. A statistic or reading of the
 * figure keeps them.
 */
export function printedDecimals(text) {
  return /\.(\d+)\D*$/.exec(String(text ?? ''))?.[1].length ?? 0;
}
