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

  /**
   * Prints what is new, and again what `again(problem)` picks (the errors of
   * the reports just saved, still open), says when the last problem went,
   * tells listeners (the open pages) when anything changed.
   */
  function settle({ again = () => false } = {}) {
    const said = ours();
    const now = [];
    const lines = new Map();
    for (const [step, list] of steps) {
      for (const p of list) {
        const line = textLine(p);
        if ((step === 'hugo' && said.has(fileLine(p))) || lines.has(line)) continue;
        lines.set(line, p);
        now.push(p);
      }
    }
    shown = now;
    for (const [line, p] of lines) if (!printed.has(line) || again(p)) log(`error: ${line}`);
    if (printed.size && !lines.size) log('serve: no errors left');
    printed.clear();
    for (const line of lines.keys()) printed.add(line);
    const next = createHash('sha256').update(`${status}\n${[...lines.keys()].join('\n')}`).digest('hex').slice(0, 12);
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
    /** How many errors the pages show as of the last settle. */
    errors: () => shown.filter((p) => p.severity === 'error').length,
    /** A short hash of the problem list: a page rendered with another one reloads. */
    id: () => id,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Prints ingest's notes (a line read its own way, a raw file no source lists)
 * once each while they last. Ingest says a report's notes again whenever it
 * looks at the report again (one with an error, on every save of any file).
 * @returns {(notes: Problem[], saved?: string[]) => void} saved: the reports
 *   saved, whose notes not said again are gone; every report when absent
 */
export function createNotes(log) {
  let printed = new Map();
  return (notes, saved) => {
    const now = new Map(notes.map((n) => [textLine(n), n]));
    for (const line of now.keys()) if (!printed.has(line)) log(line);
    const kept = saved ? [...printed].filter(([, n]) => !saved.some((slug) => isOfReport(n, slug))) : [];
    printed = new Map([...kept, ...now]);
  };
}
