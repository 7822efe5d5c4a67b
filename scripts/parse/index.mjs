// The parse step's front door: the format registry, detection, and the two
// entry points the CLI and the ingest step use. The streaming and the document
// envelope live in driver.mjs.
import { Problem, quote } from '../problems/problem.mjs';
import { formats, formatNamed } from './formats.mjs';
import { parseTextWith, parseFileWith, SCHEMA_VERSION } from './driver.mjs';
import { checkedDocument } from './written.mjs';

export { formats, SCHEMA_VERSION };

export function getFormat(name) {
  const found = formatNamed(name);
  if (!found) {
    throw new Problem({
      expected: `a format name, one of ${formats.map((f) => f.name).join(', ')}`,
      found: quote(name),
      rule: 'format-name',
    });
  }
  return found;
}

/**
 * Picks the format whose markers score highest in the first lines of a file.
 * A format's `mentions` is a pattern every head it scores on contains: one
 * search of the joined lines rules the format out of most files, where its
 * detect would have tried its patterns on each line (detection was about half
 * the cost of reading a small raw file).
 */
export function detectFormat(lines) {
  let best = null;
  let bestScore = 0;
  const text = lines.join('\n');
  for (const format of formats) {
    if (format.mentions && !format.mentions.test(text)) continue;
    const score = format.detect(lines);
    if (score > bestScore) [best, bestScore] = [format, score];
  }
  if (best) return best;
  const first = lines.findIndex((l) => l.trim() !== '');
  throw new Problem({
    line: first + 1,
    column: 1,
    expected: 'output of a benchmark tool tpsreport reads (`tpsreport formats` lists them)',
    found: quote(lines[first]),
    rule: 'detect',
  });
}

const chooser = (format) => (head) => (format ? getFormat(format) : detectFormat(head));

/**
 * Parses a whole text held in memory. `source` names it in errors and
 * provenance. The document passes its schema, or a Problem is thrown (see written.mjs).
 */
export function parseText(text, { source = '<input>', format, options } = {}) {
  return checkedDocument(parseTextWith(chooser(format), text, { source, options }));
}

/** Parses a file line by line, without holding it in memory; checked as parseText's. */
export async function parseFile(path, { source = path, format, options } = {}) {
  return checkedDocument(await parseFileWith(chooser(format), path, { source, options }));
}
