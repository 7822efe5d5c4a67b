// `tpsreport labels SLUG`: the runs ingest would make of a report and the
// labels each one gets, read from the front matter (patterns expanded) and the
// raw files, as an aligned table an author checks before writing shortcodes.
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { planSources } from '../ingest/index.mjs';
import { parseFile } from '../parse/index.mjs';
import { kindItems, labelsOf, measures } from '../compile/select.mjs';
import { checkRunLabels } from '../ingest/run-labels.mjs';
import { displayWidth, padToWidth } from '../lib/text.mjs';
import { printable } from '../problems/problem.mjs';
import { bundleDir } from '../lib/site.mjs';

/**
 * One row per run: the raw file, the format it is parsed as, the run's
 * number within the file (when it holds several; "1 (prepare)" for a step
 * that measures nothing) and its labels.
 * @returns {Promise<{ labels: string[], rows: { file, format, run, labels }[] }>}
 */
export async function runLabels({ root, slug }) {
  const bundle = bundleDir(root, slug);
  const index = join(bundle, 'index.md');
  const plan = planSources(await readFile(index, 'utf8'), relative(root, index), bundle, root);
  const rows = [];
  for (const entry of plan) {
    const doc = await parseFile(entry.path, { source: relative(root, entry.path), format: entry.format, options: entry.options });
    checkRunLabels(doc, entry.runLabels, entry.runLabelsAt);
    Object.assign(doc, { labels: entry.labels, run_labels: entry.runLabels });
    // A file in which no run started (a refused connection) is still a line: its labels are what a runs table shows it with.
    const items = kindItems(doc);
    const count = Math.max(items.length, 1);
    for (let i = 0; i < count; i += 1) {
      // A prepare step gets the file's labels too, but no table shows it: the run column says what it is.
      const run = count > 1 ? `${i + 1}${measures(items[i]) ? '' : ` (${items[i].command})`}` : '';
      rows.push({ file: relative(bundle, entry.path), format: doc.kind, run, labels: labelsOf(doc, i) });
    }
  }
  return { labels: [...new Set(rows.flatMap((r) => Object.keys(r.labels)))], rows };
}

/** The table as text: a head, one line per run, columns padded to line up, "-" for a label a run lacks. */
export function labelsTable({ labels, rows }) {
  const withRun = rows.some((r) => r.run);
  const head = ['file', 'parsed as', ...(withRun ? ['run'] : []), ...labels];
  // A file name or label prints as a terminal can show it on one line, its bidirectional controls written out (printable).
  const body = rows.map((r) => [r.file, r.format, ...(withRun ? [r.run] : []), ...labels.map((l) => (r.labels[l] === undefined ? '-' : String(r.labels[l])))].map((cell) => printable(cell)));
  const widths = head.map((h, k) => Math.max(displayWidth(h), ...body.map((cells) => displayWidth(cells[k]))));
  const line = (cells) => cells.map((t, k) => padToWidth(t, widths[k])).join('  ').trimEnd();
  return [head, ...body].map(line).join('\n');
}
