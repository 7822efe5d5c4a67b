// The long-line scenario of `npm run bench`: hostile lines that made format
// detection and line handling take time quadratic in a line's length (a
// regex retrying `\s+` from every blank of a long run). Every format is fed
//   spaces   one line of blanks between two words (`x ␠…␠ # y`);
//   table    a bordered mysql client table with one very long value;
// at two sizes, and the time per MB is printed for both: linear handling
// keeps the two close, quadratic doubles it with each doubling of the size.
// Measured here rather than asserted in a test, since the machine is shared.
import { parseText, formats } from '../../scripts/parse/index.mjs';
import { median } from '../../scripts/compile/stats/stats.mjs';

/** One line of `size` blanks between two words, with a ` # ` note at its end. */
export function spacesLine(size) {
  return `x${' '.repeat(size)}y${' '.repeat(size % 7)} # note\n`;
}

/** A bordered SHOW GLOBAL VARIABLES result whose one value is `size` characters long. */
export function borderedLongValue(size) {
  const rule = `+---------------+${'-'.repeat(size + 2)}+`;
  const cell = (text) => text + ' '.repeat(size - text.length);
  return [
    'mysql> SHOW GLOBAL VARIABLES;',
    rule,
    `| Variable_name | ${cell('Value')} |`,
    rule,
    `| version       | ${'a'.repeat(size)} |`,
    `| innodb_x      | ${cell('1')} |`,
    rule,
    '2 rows in set (0.00 sec)',
    '',
  ].join('\n');
}

export const LONG_LINE_INPUTS = {
  spaces: { make: spacesLine, sizes: [500_000, 1_000_000] },
  table: { make: borderedLongValue, sizes: [50_000, 100_000] },
};

/** Parses `text` as `format` (null: detected); a refusal counts as handled. */
export function parseOrRefuse(text, format) {
  try {
    return { doc: parseText(text, { source: 'long-line.txt', ...(format ? { format } : {}) }) };
  } catch (error) {
    return { error };
  }
}

function msPerMb(text, format, rounds) {
  const times = [];
  for (let i = 0; i < rounds; i += 1) {
    const t0 = performance.now();
    parseOrRefuse(text, format);
    times.push(performance.now() - t0);
  }
  return median(times) / (Buffer.byteLength(text) / 1e6);
}

export function benchLongLines({ rounds = 5 } = {}) {
  for (const [name, { make, sizes }] of Object.entries(LONG_LINE_INPUTS)) {
    const texts = sizes.map(make);
    const mb = texts.map((t) => `${(Buffer.byteLength(t) / 1e6).toFixed(2)} MB`).join(' / ');
    for (const format of [null, ...formats.map((f) => f.name)]) {
      const [small, large] = texts.map((text) => msPerMb(text, format, rounds));
      console.log(`long line  ${name.padEnd(6)} ${(format ?? '(detect)').padEnd(17)} ${mb}: ${small.toFixed(0).padStart(5)} / ${large.toFixed(0).padStart(5)} ms per MB (×${(large / small).toFixed(2)})`);
    }
  }
}
