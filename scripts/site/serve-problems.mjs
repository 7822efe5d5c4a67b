// What `tpsreport serve` knows is wrong right now, from every step (ingest,
// validate, compile, Hugo), as Problems. The page shows the whole list; the
// terminal gets each one once, when it first appears, however many rebuilds of
// other files it survives.
import { createHash } from 'node:crypto';
import { textLine } from '../problems/reporters.mjs';
import { reportPath, reportKey } from '../lib/site.mjs';

/** Whether a problem is in report `slug`'s folders (its bundle, content/<path>/…, or its data, data/reports/<key>/…). */
export function isOfReport(problem, slug) {
  const file = problem.file ?? '';
  return file.startsWith(`content/${reportPath(slug)}/`) || file.startsWith(`data/reports/${reportKey(slug)}/`);
}

/** "content/reports/x/index.md:12" of a problem (its file alone when it has no line). */
const fileLine = (p) => (p.line ? `${p.file}:${p.line}` : p.file ?? '');

/**
 * The current problems, kept per step (and per report for compile, which
 * serve runs on the changed reports only), printed once each.
 * @param {(line: string) => void} log
 */
export function createProblems(log) {
  const steps = new Map();
  const printed = new Set();
  const listeners = new Set();
  let status = '';
  let id = '';
  // What the pages show: the list as of the last settle, not a step's half-updated state.
  let shown = [];
  // Hugo trips over a broken front matter or an unknown shortcode too, at the same line,
  // in its own words (and counting lines from the front matter): tpsreport's problem says it.
  const ours = () => new Set([...steps].filter(([step]) => step !== 'hugo').flatMap(([, list]) => list.map(fileLine)));

  /** Prints what is new, says when the last problem went, tells listeners (the open pages) when anything changed. */
  function settle() {
    const said = ours();
    const now = [];
    const lines = new Set();
    for (const [step, list] of steps) {
      for (const p of list) {
        const line = textLine(p);
        if ((step === 'hugo' && said.has(fileLine(p))) || lines.has(line)) continue;
        lines.add(line);
        now.push(p);
      }
    }
    shown = now;
    for (const line of lines) if (!printed.has(line)) log(`error: ${line}`);
    if (printed.size && !lines.size) log('serve: no errors left');
    printed.clear();
    for (const line of lines) printed.add(line);
    const next = createHash('sha256').update(`${status}\n${[...lines].join('\n')}`).digest('hex').slice(0, 12);
    if (next !== id) {
      id = next;
      for (const listener of listeners) listener(id);
    }
  }

  return {
    /** Replaces one step's problems. */
    set(step, list) {
      steps.set(step, list);
    },
    /** Replaces the compile problems of the given reports, keeping the others'. */
    setForReports(step, slugs, list) {
      const kept = (steps.get(step) ?? []).filter((p) => slugs && !slugs.some((slug) => isOfReport(p, slug)));
      steps.set(step, [...kept, ...list]);
    },
    /** What the server can show besides problems (Hugo starting, up, stopped): a change reloads the pages too. */
    setStatus(next) {
      status = next;
    },
    settle,
    list: () => shown,
    /** A short hash of the problem list: a page rendered with another one reloads. */
    id: () => id,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
