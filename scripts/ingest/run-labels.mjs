// `run_labels` gives each run of a file that holds several its own labels,
// one entry per run in the order the file prints them. An entry too many or
// too few would label runs wrongly or leave a run out of every table without
// a word (a file cut after its first run still listed two), so the count must
// be the number of runs the parser found.
import { Problem } from '../problems/problem.mjs';
import { kindItems } from '../compile/select.mjs';

/**
 * Throws when `runLabels` (the entry's list, or undefined) does not name
 * every run of `doc`, at `at` ({ file, line }: the run_labels line in index.md).
 */
export function checkRunLabels(doc, runLabels, at) {
  if (!Array.isArray(runLabels)) return;
  const runs = kindItems(doc).length;
  if (runLabels.length === runs) return;
  throw new Problem({
    ...at,
    column: 1,
    expected: `run_labels with one entry for each run ${doc.provenance.source} holds (${runs}), in the order it prints them`,
    found: `${runLabels.length} ${runLabels.length === 1 ? 'entry' : 'entries'}`,
    rule: 'sources',
  });
}
