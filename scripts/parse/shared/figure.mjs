// A figure is one number the tool printed, kept with its unit and the line it
// came from, so every value on the site can be traced back to the raw file.
import { Problem, quote, quoteRest } from '../../problems/problem.mjs';
import { toNumber, columnOf, NUMBER_TEXT } from '../../lib/text.mjs';

// Counters reach 20 digits (a 64-bit byte or picosecond count), more than the
// 15 to 17 significant digits a double keeps. Such a figure keeps its printed
// text exactly in the document and on the page, and its value is the nearest
// double, which is what arithmetic (sums, ratios, charts) works with. A number
// past the largest double (about 1.8e308) is no counter any tool prints; it is
// refused at its place rather than carried as a figure nothing can compute with.

/**
 * @param {string} text     the number exactly as printed ("112.32")
 * @param {string} unit     explicit unit ("tx/s", "ms", "s", "bytes", "count")
 * @param {number} line     1-based line number in the raw file
 * @param {object} [extra]  e.g. { implied: true } when the tool printed no unit
 */
export function figure(text, unit, line, extra = {}) {
  return { value: toNumber(text), text: String(text).trim(), unit, line, ...extra };
}

/** Whether `text` is a number as printed whose value no double holds (past ±1.8e308). */
export function beyondDouble(text) {
  const t = String(text).trim();
  return NUMBER_TEXT.test(t) && !Number.isFinite(Number(t));
}

/**
 * The warning for a figure whose printed text is kept whole because a double
 * cannot hold it (rounded, or past the largest double and left without a
 * number). It is marked exact_text: nothing in the raw file is wrong, so a
 * build does not print it as something to look at; the raw view lists it.
 */
export function exactTextWarning(line, message, text) {
  return { line, message, text, exact_text: true };
}

/** Whether an integer as printed differs from `value`, its nearest double (past 2^53). */
export function roundedInDouble(text, value) {
  const t = String(text).trim();
  return /^[-+]?\d+$/.test(t) && Number.isFinite(value) && !Number.isSafeInteger(value) && BigInt(value) !== BigInt(t);
}

/** The refusal of a number past the largest double, `label` naming what it was for. */
export function beyondDoubleError(text, lineNo, column, label) {
  const digits = String(text).replace(/\D/g, '').length;
  return new Problem({
    line: lineNo,
    column,
    expected: `${label} within what a double holds (at most about 1.8e308)`,
    found: digits > 24 ? `a number of ${digits} digits (${quote(text, 24)})` : quote(text),
    rule: 'number-range',
  });
}

/** Like `figure` but a text that is not a number is an input error, not a null. */
export function requireFigure(text, unit, lineNo, lineText, label) {
  const value = toNumber(text);
  if (value === null && beyondDouble(text)) throw beyondDoubleError(text, lineNo, columnOf(lineText, text), `a number for ${label}`);
  if (value === null) {
    throw new Problem({
      line: lineNo,
      column: columnOf(lineText, text),
      expected: `a number for ${label}`,
      found: quoteRest(text),
      rule: 'number',
    });
  }
  return { value, text: String(text).trim(), unit, line: lineNo };
}
