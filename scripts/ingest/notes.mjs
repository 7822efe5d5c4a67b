// What ingest tells the author beside its errors: lines a parser read its own
// way or left out, output that stops early, and a raw file a parser would read
// that no source lists. None stops the build (the page shows them too, in the
// raw view), but an author who damaged a file, or dropped a run into raw/ and
// forgot its source, hears of it where they build, at the file and line.
import { openSync, readSync, closeSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { detectFormat } from '../parse/index.mjs';
import { Problem } from '../problems/problem.mjs';

/**
 * A parsed document's notes as plain data, [{ line, message }], for ingest
 * to make Problems of once they are back from the parsing thread, with the file's name: its first warning with how many more there are (one line a
 * file: the raw view and `tpsreport parse` list them all), and where the
 * output stops early.
 */
export function parserNotes(doc) {
  // A number kept exact as text (past 2^53) is nothing the author could fix: every SHOW VARIABLES capture has five.
  const warnings = (doc.warnings ?? []).filter((w) => Number.isInteger(w.line) && !w.exact_text);
  const notes = [];
  if (warnings.length) {
    const [first] = warnings;
    const more = warnings.length > 1 ? `; and ${warnings.length - 1} more ${warnings.length === 2 ? 'note' : 'notes'} from the parser, which its raw view lists` : '';
    notes.push({ line: first.line, message: `${first.message}${first.text ? ` (${JSON.stringify(first.text.slice(0, 80))})` : ''}${more}` });
  }
  if (doc.incomplete) notes.push({ line: doc.incomplete.line, message: `the output stops here (${doc.incomplete.reason}); its run is shown as incomplete` });
  return notes;
}

/** Unread files named in a report's note; the rest are counted. */
const NAMED = 3;

/**
 * A note on the report's index.md when files of its raw/ folder (`listing`,
 * as rawFolder lists it) hold output a parser recognises but no entry of
 * `plan` reads them: published as they are, their figures in no table or
 * chart. One line a report. Files the front matter lists under `unread`
 * (plan.meta.unread) are kept on purpose and left out.
 */
export function unreadFiles(listing, plan, root, index) {
  const read = new Set(plan.map((entry) => entry.path));
  const kept = plan.meta?.unread ?? new Set();
  const unread = [];
  for (const { name, path, info } of listing) {
    if (!info?.isFile() || read.has(path) || kept.has(`raw/${name.split(sep).join('/')}`)) continue;
    const format = formatOf(path);
    if (format) unread.push(`raw/${name.split(sep).join('/')} (${format})`);
  }
  if (!unread.length) return [];
  const named = unread.slice(0, NAMED).join(', ') + (unread.length > NAMED ? ` and ${unread.length - NAMED} more` : '');
  const count = unread.length === 1 ? 'a raw file holds' : `${unread.length} raw files hold`;
  return [new Problem({ file: relative(root, index), severity: 'note', rule: 'unread-raw-file', message: `${count} output a parser reads, but no source lists ${unread.length === 1 ? 'it' : 'them'}: ${named}; published as ${unread.length === 1 ? 'it is' : 'they are'}, in no table or chart (\`tpsreport labels\` lists the runs that are read)` })];
}

// Hugo's commented-out shortcode, {{</* name … */>}}: Hugo prints it as text
// (how a page shows shortcode syntax) and places nothing.
const COMMENTED = /\{\{([<%])\s*\/\*\s*([A-Za-z][\w-]*)/g;

/**
 * A note on an article (`body`: its text after the front matter, which starts
 * on line `firstLine`) that writes a shortcode in Hugo's commented-out form:
 * copied from documentation, it builds without an error and places no figure.
 * One line an article, at the first.
 */
export function commentedShortcodes(body, firstLine, source) {
  const found = [...body.matchAll(COMMENTED)];
  if (!found.length) return [];
  const [{ 1: delim, 2: name, index }] = found;
  const close = delim === '<' ? '>' : '%';
  const more = found.length > 1 ? ` (and ${found.length - 1} more below)` : '';
  return [new Problem({
    file: source,
    severity: 'note',
    rule: 'commented-shortcode',
    line: firstLine + body.slice(0, index).split('\n').length - 1,
    message: `{{${delim}/* ${name} … */${close}}} is Hugo's commented-out form: the page prints it as text and places no ${name}${more}; write {{${delim} ${name} … ${close}}}`,
  })];
}

// Enough lines for every format's banner or header. A note is a hint, and a
// site keeps many captures unlisted on purpose: the whole 400 lines a parse
// detects from cost several seconds over a thousand reports.
const NOTE_DETECT_LINES = 40;
const NOTE_DETECT_BYTES = 8 * 1024;

/**
 * The format detected from the first lines of a file, or null. Synchronous:
 * a site keeps thousands of such files, and a promise's trip to the thread
 * pool and back for each open, read and close cost more than the detection.
 */
function formatOf(path) {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(NOTE_DETECT_BYTES);
    const bytes = readSync(fd, buffer, 0, NOTE_DETECT_BYTES, 0);
    try {
      return detectFormat(buffer.subarray(0, bytes).toString('utf8').split('\n').slice(0, NOTE_DETECT_LINES)).name;
    } catch {
      return null;
    }
  } finally {
    closeSync(fd);
  }
}


