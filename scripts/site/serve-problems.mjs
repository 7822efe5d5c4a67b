// What `tpsreport serve` knows is wrong right now, from every step (ingest,
// validate, compile, Hugo), as one line each: "LOCATION: message". The page
// shows the whole list; the terminal gets each line once, when it first
// appears, however many rebuilds of other files it survives.
import { createHash } from 'node:crypto';
import { reporters } from '../problems/reporters.mjs';

/** The report folder a problem's location names (content/reports/<slug>/…, data/reports/<slug>/…), or null. */
export function slugOf(line) {
  return /^(?:content|data)\/reports\/([^/:]+)\//.exec(line)?.[1] ?? null;
}

/** The errors of a validation result as one line each, worded as `tpsreport validate` words them. */
export function validationLines(result) {
  const errors = result.problems.filter((p) => p.severity === 'error');
  return errors.length ? reporters.text({ files: 0, problems: errors }).split('\n').slice(0, -1) : [];
}

/** "content/reports/x/index.md:12" of a problem line "content/reports/x/index.md:12:1: …" (the file alone when it has no line). */
function fileLine(line) {
  return /^([^:]+)(?::(\d+))?/.exec(line)?.slice(1).filter(Boolean).join(':') ?? line;
}

/** Splits a problem line into where and what, for the page. */
export function splitLine(line) {
  const at = line.indexOf(': ');
  return at < 0 ? { at: '', message: line } : { at: line.slice(0, at), message: line.slice(at + 2) };
}

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
  // in its own words (and counting lines from the front matter): tpsreport's line says it.
  const ours = () => new Set([...steps].filter(([step]) => step !== 'hugo').flatMap(([, lines]) => lines.map(fileLine)));

  /** Prints what is new, says when the last problem went, tells listeners (the open pages) when anything changed. */
  function settle() {
    const said = ours();
    const now = [...new Set([...steps.entries()].flatMap(([step, lines]) => (step === 'hugo' ? lines.filter((line) => !said.has(fileLine(line))) : lines)))];
    shown = now;
    for (const line of now) if (!printed.has(line)) log(`error: ${line}`);
    if (printed.size && !now.length) log('serve: no errors left');
    printed.clear();
    for (const line of now) printed.add(line);
    const next = createHash('sha256').update(`${status}\n${now.join('\n')}`).digest('hex').slice(0, 12);
    if (next !== id) {
      id = next;
      for (const listener of listeners) listener(id);
    }
  }

  return {
    /** Replaces one step's problems. */
    set(step, lines) {
      steps.set(step, lines);
    },
    /** Replaces the compile problems of the given reports, keeping the others'. */
    setForReports(step, slugs, lines) {
      const kept = (steps.get(step) ?? []).filter((line) => slugs && !slugs.includes(slugOf(line)));
      steps.set(step, [...kept, ...lines]);
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
