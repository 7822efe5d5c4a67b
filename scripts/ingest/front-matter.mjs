// Reads a report's YAML front matter and answers "which line is this key on",
// so a mistake in `sources` is reported at its line in index.md.
import { parseDocument, LineCounter, isMap, isSeq } from 'yaml';
import { InputError } from '../lib/errors.mjs';

export function readFrontMatter(text, source) {
  const lines = text.split('\n');
  if (lines[0].trim() !== '---') {
    throw new InputError({ source, line: 1, column: 1, expected: 'YAML front matter starting with ---', found: JSON.stringify(lines[0].slice(0, 40)), rule: 'front-matter' });
  }
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  if (end < 0) throw new InputError({ source, line: lines.length, column: 1, expected: 'a closing --- after the front matter', found: 'end of file', rule: 'front-matter' });
  const counter = new LineCounter();
  const yamlText = lines.slice(1, end).join('\n');
  const doc = parseDocument(yamlText, { lineCounter: counter });
  if (doc.errors.length) {
    const e = doc.errors[0];
    const at = counter.linePos(e.pos[0]);
    throw new InputError({ source, line: at.line + 1, column: at.col, expected: 'valid YAML', found: e.message.split('\n')[0], rule: 'front-matter' });
  }
  /** Line in index.md of the node at `path` (e.g. ['sources', 2, 'file']). */
  const lineOf = (path) => {
    let node = doc.contents;
    let line = 2;
    for (const key of path) {
      if (!(isMap(node) || isSeq(node))) break;
      const next = isMap(node) ? node.items.find((p) => p.key?.value === key) : node.items[key];
      if (!next) break;
      node = isMap(node) ? next.value : next;
      const range = (isMap(node) || isSeq(node) || node?.range) ? node.range : next.key?.range;
      if (range) line = counter.linePos(range[0]).line + 1;
    }
    return line;
  };
  return { data: doc.toJS() ?? {}, lineOf };
}
