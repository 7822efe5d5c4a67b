// A figure is one number the tool printed, kept with its unit and the line it
// came from, so every value on the site can be traced back to the raw file.
import { InputError, quote } from './errors.mjs';
import { toNumber, columnOf } from './text.mjs';

/**
 * @param {string} text     the number exactly as printed ("112.32")
 * @param {string} unit     explicit unit ("tx/s", "ms", "s", "bytes", "count")
 * @param {number} line     1-based line number in the raw file
 * @param {object} [extra]  e.g. { implied: true } when the tool printed no unit
 */
export function figure(text, unit, line, extra = {}) {
  return { value: toNumber(text), text: String(text).trim(), unit, line, ...extra };
}

/** Like `figure` but a text that is not a number is an input error, not a null. */
export function requireFigure(text, unit, lineNo, lineText, label) {
  const value = toNumber(text);
  if (value === null) {
    throw new InputError({
      line: lineNo,
      column: columnOf(lineText, text),
      expected: `a number for ${label}`,
      found: quote(text),
      rule: 'number',
    });
  }
  return { value, text: String(text).trim(), unit, line: lineNo };
}
