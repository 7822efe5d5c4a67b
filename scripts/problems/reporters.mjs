// How Problems are printed, whichever step found them: for people (text), for
// GitHub Actions, which shows each annotation on its file and line in a pull
// request (github), for programs (json), and over the page while serving
// (overlay). Each is a pure function of Problems; report() below is how a
// command prints them as its steps find them.
import { formatLocation, printable } from './problem.mjs';

const NAMES = ['text', 'github', 'json'];

/** "FILE:LINE:COL /pointer (raw SOURCE:LINE)": where to look, as an editor or terminal opens it. */
export function where(p) {
  const raw = p.raw ? ` (raw ${printable(p.raw.source)}:${p.raw.line})` : '';
  return `${formatLocation(p)}${p.pointer ? ` ${p.pointer}` : ''}${raw}`;
}

/** One problem as a terminal line: an error plainly, a warning or note with its word. */
export function textLine(p) {
  const word = p.severity === 'error' ? '' : `${p.severity}: `;
  return `${where(p)}: ${word}${printable(p.message, { keepLines: true })}`;
}

// A workflow command's data and property values escape these (actions/toolkit's command.ts).
const escapeData = (s) => String(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
const ANNOTATION = { error: 'error', warning: 'warning', note: 'notice' };

/** One problem as a GitHub Actions annotation on its file and line. */
function githubLine(p) {
  const props = [
    p.file && `file=${escapeProperty(p.file)}`,
    p.line && `line=${p.line}`,
    p.line && p.column && `col=${p.column}`,
    `title=${escapeProperty(p.rule ?? 'tpsreport')}`,
  ].filter(Boolean).join(',');
  const place = [p.pointer, p.raw && `(raw ${p.raw.source}:${p.raw.line})`].filter(Boolean).join(' ');
  return `::${ANNOTATION[p.severity] ?? 'error'} ${props}::${escapeData(`${place ? `${place}: ` : ''}${p.message}`)}`;
}

/** How many of each severity. */
export function counts(problems) {
  const out = { errors: 0, warnings: 0, notes: 0 };
  for (const p of problems) out[p.severity === 'error' ? 'errors' : p.severity === 'warning' ? 'warnings' : 'notes'] += 1;
  return out;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "N files checked: E errors, W warnings", the last line of validate and check. */
export function checkedLine(files, problems) {
  const { errors, warnings } = counts(problems);
  return `${plural(files, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/** The problems and their count as one JSON document. */
function jsonReport(problems, extra = {}) {
  return JSON.stringify({ ...extra, ...counts(problems), problems: problems.map((p) => p.toJSON()) }, null, 2);
}

/** What `tpsreport serve` lays over the page: every problem with its place; '' when there is none. */
export function overlay(problems, esc) {
  if (!problems.length) return '';
  const items = problems.map((p) => {
    const at = p.file ? where(p) : '';
    return `<li>${at ? `<code>${esc(at)}</code> ` : ''}${esc(p.message)}</li>`;
  });
  const { errors } = counts(problems);
  const title = errors === problems.length ? plural(errors, 'error') : plural(problems.length, 'problem');
  return `<aside class="tpsreport-serve" role="alert"><h2>tpsreport serve: ${title}</h2><p>Fix and save: this page reloads by itself. The terminal lists the same.</p><ol>${items.join('')}</ol></aside>`;
}

/**
 * What `tpsreport serve` shows in place of a table, value or chart whose
 * shortcode has errors: each with its place, in a box the serve stylesheet
 * marks as an error (a span for a view inside a sentence).
 */
export function errorBlock(problems, esc, { inline = false } = {}) {
  const items = problems.map((p) => `<span class="tps-view-error__problem">${p.file ? `<code>${esc(where(p))}</code> ` : ''}${esc(p.message)}</span>`);
  const tag = inline ? 'span' : 'div';
  const title = `<strong class="tps-view-error__title">${problems.length === 1 ? 'Error' : plural(problems.length, 'error')}, not shown until fixed:</strong>`;
  return `<${tag} class="tps-view-error${inline ? ' tps-view-error--inline' : ''}" role="alert">${title} ${items.join(' ')}</${tag}>`;
}

export const reporterNames = NAMES;

/**
 * How a command prints the Problems its steps find, as they find them:
 * text lines on `stream` (standard error beside a build's progress lines,
 * standard output for validate and check, whose output they are), one
 * annotation each on standard output for github, one JSON document on
 * standard output at the end for json.
 * @returns {{ add(problems), all(): Problem[], end(extra?) }}
 */
export function report(name, { stream = process.stderr, out = process.stdout } = {}) {
  const seen = [];
  return {
    add(problems) {
      for (const p of problems) {
        seen.push(p);
        if (name === 'text') stream.write(`${textLine(p)}\n`);
        else if (name === 'github') out.write(`${githubLine(p)}\n`);
      }
    },
    all: () => seen,
    /** The json reporter's document (with `extra`, such as the files checked). */
    end(extra) {
      if (name === 'json') out.write(`${jsonReport(seen, extra)}\n`);
    },
  };
}
