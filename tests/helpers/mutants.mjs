// Damaged copies of a raw file, made from a fixed seed so a failing one can be
// made again: cut short, a digit turned into a letter, "inf" or "nan" where a
// number or a blank was, a line deleted. These are the damages a parser's
// patterns can let through (a number pattern that also takes "inf"), so the
// document made of them is what the schema check at the end of parse is for.
import { seeded } from '../../scripts/compile/stats/stats.mjs';

const pick = (r, n) => Math.floor(r() * n);
const LETTERS = 'abefilnoxsIO';
const NON_NUMBERS = ['inf', 'nan', '-inf', 'NaN', 'Infinity', '1e999', '-1e999', 'infs', 'N/A', '-'];

/** Where in `text` a `pattern` matches, by index, or [] when it never does. */
const placesOf = (text, pattern) => [...text.matchAll(pattern)].map((m) => [m.index, m[0].length]);

export const MUTATIONS = {
  cut: (text, r) => text.slice(0, pick(r, text.length + 1)),
  'digit to letter': (text, r) => {
    const digits = placesOf(text, /\d/g);
    if (!digits.length) return text;
    const [at] = digits[pick(r, digits.length)];
    return text.slice(0, at) + LETTERS[pick(r, LETTERS.length)] + text.slice(at + 1);
  },
  'number to inf or nan': (text, r) => {
    const numbers = placesOf(text, /\d+(?:\.\d+)?/g);
    if (!numbers.length) return text;
    const [at, length] = numbers[pick(r, numbers.length)];
    return text.slice(0, at) + NON_NUMBERS[pick(r, NON_NUMBERS.length)] + text.slice(at + length);
  },
  'inf or nan inserted': (text, r) => {
    const blanks = placesOf(text, / +/g);
    if (!blanks.length) return text;
    const [at, length] = blanks[pick(r, blanks.length)];
    return `${text.slice(0, at + length)}${NON_NUMBERS[pick(r, NON_NUMBERS.length)]} ${text.slice(at + length)}`;
  },
  'line deleted': (text, r) => {
    const lines = text.split('\n');
    lines.splice(pick(r, lines.length), 1);
    return lines.join('\n');
  },
};

/** `count` mutants of `text` as `{ name, text }`, the same ones for the same `seed` and `source`. */
export function mutantsOf(text, source, { seed, count }) {
  const r = seeded(seed ^ [...source].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
  const names = Object.keys(MUTATIONS);
  return Array.from({ length: count }, (_, i) => {
    const name = names[i % names.length];
    return { name: `mutant ${i} (${name})`, text: MUTATIONS[name](text, r) };
  });
}
