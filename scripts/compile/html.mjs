// Markup shared by every view: escaping, the figure link (every figure on a
// page links to its raw line), and one table model that becomes both the
// page's <table> and its CSV download, so the two cannot disagree.
//
// A table model: { caption, captionHtml, cls, label, head, body, foot }, where
// head/body/foot are lists of rows, a row is { cells, cls, attrs } and a cell
// is { text, html, th, scope, cls, colspan, rowspan, attrs }. `text` is what
// the CSV holds; `html` (default: the escaped text) is what the page shows.

import { spreadText } from './stats/repeats.mjs';
import { countText, fixed, visibleControls } from '../lib/text.mjs';
import { fileSlug } from '../lib/path-names.mjs';

/** Stands for the page's absolute URL; the page template puts the real one in (layouts/_partials/tps/view.html). */
export const PAGE_URL = '__TPS_PAGE_URL__';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
const escape = (c) => ESCAPES[c];

/** `text` as markup a reader sees: HTML-escaped, and bidirectional controls written out (visibleControls). */
export function esc(text) {
  return markup(visibleControls(text ?? ''));
}

/** `text` HTML-escaped and nothing more: a data- attribute holds a raw file's name as it is, for programs to read. */
function markup(text) {
  const s = String(text ?? '');
  // Most text (every line of a raw view) has nothing to escape: one scan, and it is returned as it is.
  return /[&<>"']/.test(s) ? s.replace(/[&<>"']/g, escape) : s;
}

const ESCAPED = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#34;': '"', '&#39;': "'" };

/** The text esc() was given, from what it wrote (for reading built pages back in `tpsreport check`). */
export function unesc(text) {
  return text.replace(/&(?:amp|lt|gt|#34|#39);/g, (e) => ESCAPED[e]);
}

/**
 * ` name="value"` pairs; null, undefined and false leave the attribute out.
 * A title or label is read by people and escaped as text (esc); a data-
 * attribute is read by programs (tpsreport check, the browser) and keeps
 * the name as it is.
 */
export function attrs(map = {}) {
  return Object.entries(map)
    .filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${k.startsWith('data-') ? markup(v) : esc(v)}"`))
    .join('');
}

const OK = new Set(['ok', 'complete']);
const isOk = (row) => OK.has(row?.status);

/**
 * Whether a row shows its figure: a whole run's, and an incomplete run's
 * figure that was printed before its output stops (the transactions line of a
 * summary cut short), which then carries the incomplete mark. A chart plots
 * that figure, so the table must not hide it behind the word alone.
 */
const showsFigure = (row) => isOk(row) || (row?.status === 'incomplete' && Number.isFinite(row.value));

/**
 * A link to a file of the report bundle (`raw/my.cnf`), relative to the
 * report page: `./` first and each part percent-encoded, so no file name can
 * turn it into another scheme (`javascript:alert(1).txt`) or cut it short at
 * a `#` or `?`.
 */
export function bundleHref(path) {
  return `./${encodePath(path)}`;
}

/** The line-numbered view of a raw file at one line (raw/<file>.html#L<n>, see rawViewFile), as bundleHref. */
export function rawLineHref(source, line) {
  return `${bundleHref(rawViewFile(source, line))}#L${line}`;
}

/**
 * Lines on one page of a raw file's view: a browser lays out this many lines
 * at once without a stall, and a log of a million lines would make one page
 * of 200 MB.
 */
export const RAW_VIEW_LINES = 20_000;

/**
 * The page of the view of `source` (raw/x.txt, or any path ending in the raw
 * file's name) that shows `line`: x.txt.html for the first RAW_VIEW_LINES
 * lines, which is a whole view but for the longest logs, and then a page named
 * by its first line, x.txt.L20001.html.
 */
export function rawViewFile(source, line = 1) {
  const first = Number.isInteger(line) && line > RAW_VIEW_LINES ? Math.floor((line - 1) / RAW_VIEW_LINES) * RAW_VIEW_LINES + 1 : 1;
  return first === 1 ? `${source}.html` : `${source}.L${first}.html`;
}

/** Every page of the view of `source` that has `pages` pages, in order (rawViewFile of each page's first line). */
export function rawViewFiles(source, pages) {
  return Array.from({ length: pages }, (_, i) => rawViewFile(source, i * RAW_VIEW_LINES + 1));
}

/** A bundle path with each part percent-encoded and its slashes kept. */
export function encodePath(path) {
  return String(path).split('/').map(encodeURIComponent).join('/');
}

/**
 * One figure as a link to its raw line (raw/<file>.html#L<n>): data-value is
 * the figure's number, data-source and data-line say where it was printed.
 * When the link shows a reading of the figure (2.3 GiB, 28 min 18 s), data-text
 * keeps the printed text.
 * @param {object|null} row  a row from select.mjs
 * @param {object} [o]       { shown, value, bytes, unit, cls }; bytes: the figure in bytes, named
 *                           on hover and in the CSV as exact, unless `roundedBytes` (the tool printed
 *                           the size rounded, 2.3G: a count to the byte would be digits it never printed)
 */
export function figLink(row, o = {}) {
  if (!row) return '<span class="empty">–</span>';
  if (row.members) return statLink(row, o);
  const href = rawLineHref(row.source, row.line);
  if (!showsFigure(row)) {
    // A run that is itself incomplete already reads "incomplete"; its place and reason are in the view's note, and its link goes where the output stops.
    const mark = row.status === 'incomplete' ? '' : incompleteMark(row);
    const line = row.status === 'incomplete' && row.incomplete?.line ? row.incomplete.line : row.line;
    return `<a${attrs({ class: `fig status-${row.status}`, href: rawLineHref(row.source, line), 'data-source': row.source, 'data-line': line, title: `${row.source}: the run ${statusPhrase(row.status)}` })}>${esc(row.status)}</a>${mark}`;
  }
  const value = o.value ?? row.value;
  let title = `${row.source}, line ${row.line} (${row.tool})`;
  if (o.shown) title = `printed as ${row.text}${o.roundedBytes ? ', a rounded size' : ''} · ${title}`;
  const bytes = bytesDigits(row, o);
  if (bytes) title = `${countText(BigInt(bytes))} bytes · ${title}`;
  const link = `<a${attrs({
    class: o.cls ? `fig ${o.cls}` : 'fig',
    href,
    'data-value': value === null || value === undefined ? null : numberText(row, value),
    'data-source': row.source,
    'data-line': row.line,
    'data-text': o.shown ? row.text : null,
    // A size printed rounded keeps the bytes worked out from it, for readers that convert; the title says it is rounded.
    'data-bytes': bytes ?? (o.roundedBytes && Number.isFinite(o.bytes) ? Math.round(o.bytes).toFixed(0) : null),
    title,
  })}>${esc(o.shown ?? row.text)}</a>`;
  return `${o.unit ? `${link}<span class="unit">&nbsp;${esc(o.unit)}</span>` : link}${incompleteMark(runCut(row))}`;
}

/**
 * A row of an incomplete run with no place where its file stops (a run cut
 * short before the file's last run) is marked at its own line.
 */
export function runCut(row) {
  if (row.status !== 'incomplete' || row.incomplete) return row;
  return { ...row, incomplete: { source: row.source, line: row.line, reason: 'its run is incomplete' } };
}

/** Whether a figure's bytes are a count to the byte (ls -l, SHOW TABLE STATUS), not worked out from a rounded size. */
const exactBytes = (o) => o.bytes !== undefined && o.bytes !== null && !o.roundedBytes;

/**
 * A number as digits that are exact: a double past 2^53 holds a neighbour of
 * the integer the tool printed, so the printed digits stand in for it when
 * they print that double; else the number's own text.
 */
function numberText(row, n) {
  if (!Number.isInteger(n) || Number.isSafeInteger(n)) return String(n);
  return /^\d+$/.test(row.text ?? '') && Number(row.text) === n ? row.text : String(n);
}

/**
 * A figure's exact bytes as digits, or null: where the tool printed a count
 * (not a rounded size) and the digits are known, which past 2^53 means the
 * digits it printed. A count no double holds and no text prints is not shown
 * as exact.
 */
function bytesDigits(row, o) {
  if (!exactBytes(o)) return null;
  const n = Math.round(o.bytes);
  if (Number.isSafeInteger(n)) return n.toFixed(0);
  const digits = numberText(row, n);
  return /^\d+$/.test(digits) ? digits : null;
}

/** "failed", "is incomplete", "has no result": a run's status as a sentence says it. */
function statusPhrase(status) {
  if (status === 'failed') return 'failed';
  return String(status).startsWith('no ') ? `has ${status}` : `is ${status}`;
}

/**
 * Repeats combined into one figure (scripts/compile/stats/repeats.mjs): the statistic
 * links to the run nearest to it, and data-members lists every repeat's figure
 * and raw line, so a reader (and the browser tests) can recompute it; the
 * spread follows in a smaller span.
 */
function statLink(row, o) {
  const members = row.members.map((m) => ({ source: m.source, line: m.line, text: m.text, status: m.status }));
  const list = row.members.map((m) => `${m.text} (${m.source}:${m.line})`).join(', ');
  const link = `<a${attrs({
    class: o.cls ? `stat ${o.cls}` : 'stat',
    href: rawLineHref(row.source, row.line),
    'data-stat': row.stat,
    'data-value': row.value === null ? null : String(row.value),
    'data-members': JSON.stringify(members),
    title: `${row.stat} of ${row.n} runs: ${list}`,
  })}>${esc(row.text)}</a>`;
  const unit = o.unit ? `<span class="unit">&nbsp;${esc(o.unit)}</span>` : '';
  return `${link}${unit} <span class="spread">${esc(spreadText(row))}</span>${incompleteMark(row)}`;
}

/**
 * Where the output behind a row stops early, one entry per raw file
 * ({ source, line, reason }, see select.mjs incompleteOf): a statistic over
 * repeats names every member that is incomplete.
 */
function incompleteParts(row) {
  const list = row?.members ? row.members.map((m) => m.incomplete) : [row?.incomplete];
  const seen = new Set();
  return list.filter((inc) => inc && !seen.has(inc.source) && seen.add(inc.source));
}

/** "raw/x.txt stops at line 40": where the output stops, as a link, a chart's subtitle or a point's tooltip says it. */
export function incompletePlace(inc) {
  return `${inc.source} stops at line ${inc.line}`;
}

/** "raw/x.txt stops at line 40: the run … (the file was cut?)", as a mark's description or a CSV cell reads it. */
function incompleteText(inc) {
  return `${incompletePlace(inc)}: ${inc.reason}`;
}

/**
 * The mark after a figure read from output that stops early: the word
 * "incomplete", linked like a figure to the raw line where the output stops,
 * with the reason as its description. The view's note (incompleteNote) spells
 * the reason out on the page.
 */
export function incompleteMark(row) {
  return incompleteParts(row).map((inc) => ` <a${attrs({
    class: 'incomplete-mark',
    href: rawLineHref(inc.source, inc.line),
    'data-source': inc.source,
    'data-line': inc.line,
    title: `incomplete output: ${incompleteText(inc)}`,
  })}>incomplete</a>`).join('');
}

/**
 * What a view says under itself when any figure in it comes from output that
 * stops early: each raw file, linked at the line where it stops, and why.
 * Inline views (a value or claim inside a sentence) get it in parentheses.
 * @param {object[]} list  { source, line, reason }, one per raw file
 */
export function incompleteNote(list, { inline = false } = {}) {
  if (!list.length) return '';
  const items = list.map((inc) => `<a${attrs({ class: 'incomplete-at', href: rawLineHref(inc.source, inc.line), 'data-source': inc.source, 'data-line': inc.line })}>${esc(incompletePlace(inc))}</a>: ${esc(inc.reason)}`).join('; ');
  return inline
    ? ` <span class="tps-incomplete" role="note">(incomplete output: ${items})</span>`
    : `\n<p class="tps-incomplete" role="note"><strong>Incomplete output:</strong> ${items}. Figures from ${list.length > 1 ? 'these files' : 'this file'} are what it held up to there.</p>`;
}

/** What a figure link reads as, for the CSV. */
export function figText(row, o = {}) {
  if (!row) return '–';
  return `${figureText(row, o)}${incompleteSuffix(showsFigure(row) ? runCut(row) : row)}`;
}

/** What a CSV cell adds after a figure from output that stops early: " (incomplete: raw/x.txt stops at line 40: …)". */
export function incompleteSuffix(row) {
  return incompleteParts(row).map((inc) => ` (incomplete: ${incompleteText(inc)})`).join('');
}

function figureText(row, o) {
  if (row.members) return `${row.text}${o.unit ? ` ${o.unit}` : ''} (${row.stat}; ${spreadText(row)})`;
  if (!showsFigure(row)) return row.status;
  // A size shown rounded keeps its exact bytes in the CSV, as the page keeps them on hover.
  const bytes = o.shown ? bytesDigits(row, o) : null;
  if (bytes) return `${o.shown} (${bytes} bytes)`;
  return `${o.shown ?? row.text}${o.unit ? ` ${o.unit}` : ''}`;
}

/** A numeric table cell holding one figure. */
export function figCell(row, o = {}) {
  const cls = ['num', !row && 'empty', row && !showsFigure(row) && `status-${row.status}`, o.cellCls].filter(Boolean).join(' ');
  if (!row) return { text: '–', html: '–', cls };
  // Among medians of repeats, a figure of one run says so: its spread is unknown, not zero.
  const lone = o.amongRepeats && !row.members && isOk(row);
  return { text: `${figText(row, o)}${lone ? ' (single run)' : ''}`, html: `${figLink(row, o)}${lone ? ' <span class="spread">single run</span>' : ''}${o.after ?? ''}`, cls };
}

/** Whether any of a view's cells combines repeats: its single runs then say they are single (figCell amongRepeats). */
export const hasRepeats = (cells) => [...cells.values()].some((row) => row?.members);

export const th = (text, extra = {}) => ({ th: true, text, ...extra });

/** The `unit` parameter of the kinds that print one figure in a sentence. */
export const UNIT_PARAM = { unit: { doc: 'yes prints the figure\'s unit after it (and before the spread of repeats); other text is the unit of a figure its parser gives none (unit="%" for an mpstat column)' } };

/** The unit a sentence prints after a figure, by UNIT_PARAM: the figure's own, else the author's when it is not just "yes". */
export const unitShown = (p, row) => (!p.unit ? '' : row.unit || (/^(yes|true|1)$/i.test(p.unit) ? '' : p.unit));

/**
 * The head of the column naming each line: `title` when the author or the
 * labels give one, else (a published table, whose source heads that column
 * with nothing) a name only screen readers and the CSV get, never an empty cell.
 */
export const lineHead = (title) => (title ? th(title) : th('row', { html: '<span class="visually-hidden">row</span>' }));

/** The parameter of the kinds whose published tables leave that head unnamed. */
export const ROW_TITLE_PARAM = { 'row-title': { doc: 'heading of the column naming each line (a published table names none)' } };
export const unitSpan = (unit) => ` <span class="unit">(${esc(unit)})</span>`;

// A heading of one short word ("trx-commit-1", "read-only") is a name: a narrow column wraps around it, never inside it at a hyphen.
const ONE_WORD = /^[^\s]{1,24}$/;

function cellHtml(c, defaultScope) {
  const tag = c.th ? 'th' : 'td';
  const cls = [c.cls, c.th && ONE_WORD.test(c.text ?? '') ? 'word' : null].filter(Boolean).join(' ');
  const a = attrs({ scope: c.th ? (c.scope ?? defaultScope) : null, colspan: c.colspan > 1 ? c.colspan : null, rowspan: c.rowspan > 1 ? c.rowspan : null, class: cls || null, ...(c.attrs ?? {}) });
  return `<${tag}${a}>${c.html ?? esc(c.text)}</${tag}>`;
}

function rowsHtml(rows, defaultScope) {
  return rows.map((r) => `<tr${attrs({ class: r.cls || null, ...(r.attrs ?? {}) })}>${r.cells.map((c) => cellHtml(c, defaultScope)).join('')}</tr>`).join('\n');
}

/** The page markup of a table model, inside a scroll box a keyboard can reach. */
export function tableHtml(t, csvHref) {
  const caption = t.captionHtml ?? (t.caption ? esc(t.caption) : '');
  const table = [
    `<table${attrs({ class: `tps-table${t.cls ? ` ${t.cls}` : ''}`, id: t.id ?? null })}>`,
    caption ? `<caption>${caption}</caption>` : '',
    t.head?.length ? `<thead>${rowsHtml(t.head, 'col')}</thead>` : '',
    `<tbody>\n${rowsHtml(t.body, 'row')}\n</tbody>`,
    t.foot?.length ? `<tfoot>${rowsHtml(t.foot, 'row')}</tfoot>` : '',
    '</table>',
  ].join('');
  const box = `<div class="table-scroll" tabindex="0" role="region"${attrs({ 'aria-label': t.label ?? (t.caption || 'Results table') })}>\n${table}\n</div>`;
  return csvHref ? `${box}\n<p class="tps-table-download"><a href="${esc(csvHref)}" download>Download this table as CSV</a></p>` : box;
}

/** Rows of cell texts laid out on a grid, so a cell spanning rows or columns fills every slot it covers. */
export function grid(rows, { acrossColumns = true } = {}) {
  const out = [];
  rows.forEach((row, r) => {
    out[r] ??= [];
    let c = 0;
    for (const cell of row.cells) {
      while (out[r][c] !== undefined) c += 1;
      for (let dr = 0; dr < (cell.rowspan ?? 1); dr += 1) {
        out[r + dr] ??= [];
        for (let dc = 0; dc < (cell.colspan ?? 1); dc += 1) out[r + dr][c + dc] = dc === 0 || acrossColumns ? String(cell.text ?? '') : '';
      }
      c += cell.colspan ?? 1;
    }
  });
  return out.map((row) => Array.from(row, (v) => v ?? ''));
}

/** One name per column from the header rows ("Response time (s) average"), unique. */
function columnNames(headRows, width) {
  const seen = new Map();
  return Array.from({ length: width }, (_, i) => {
    const parts = headRows.map((r) => r[i] ?? '').filter((p, j, all) => p && all.indexOf(p) === j);
    const name = parts.join(' ') || `column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

/** The CSV of a table model: header names from its head rows, one line per body and foot row. */
export function tableCsv(t) {
  const head = grid(t.head ?? []);
  // A heading spans the columns it names; a body cell that spans columns (a section's title, a footer) is one value, in its first.
  const body = grid([...t.body, ...(t.foot ?? [])], { acrossColumns: false });
  const width = Math.max(0, ...[...head, ...body].map((r) => r.length));
  const names = columnNames(head, width);
  return toCsv(names, body.map((r) => names.map((_, i) => r[i] ?? '')));
}

/** A cell a spreadsheet would run as a formula: one that opens with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as written (-3.5, -1e-7), which a spreadsheet reads as that number and nothing else. */
const PLAIN_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A CSV cell. Labels, file names and captions come from authors and from
 * raw files: one that opens like a formula (`=HYPERLINK(…)`, `@SUM(…)`,
 * `+50.2 %`) would run when the CSV is opened in a spreadsheet, so it gets
 * the leading apostrophe spreadsheets read as "this is text". A negative
 * number stays a number.
 */
export function csvCell(v) {
  if (v === null || v === undefined) return '';
  // No-break spaces keep "28 min" together on a page; in a spreadsheet they are just spaces.
  const text = visibleControls(typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/\u00a0/g, ' ');
  const s = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header, rows) {
  return `${[header.map(csvCell).join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\r\n')}\r\n`;
}

/** "tables/3-latency-by-server.csv": numbered in page order, named after the caption. */
export function csvName(n, caption) {
  return `tables/${n}-${fileSlug(caption) || 'table'}.csv`;
}

/** "buffer_pool" → "Buffer pool", as a heading reads a label name. */
export function humanize(name) {
  const s = String(name ?? '').replace(/[_-]+/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "95th", "1st", "22nd": a percentile rank as people say it. */
export function ordinal(n) {
  const i = Math.trunc(Number(n));
  const teen = i % 100 >= 11 && i % 100 <= 13;
  return `${i}${teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[i % 10] ?? 'th'}`;
}

/**
 * One figure against another in per cent with one decimal: "change" (signed,
 * "+49.8 %") or "share" ("99.9 %", more decimals where one would read as all
 * or none). Null when either is missing or the base is 0.
 */
export function percent(value, base, mode = 'change') {
  if (value === null || value === undefined || base === null || base === undefined || Number(base) === 0) return null;
  const ratio = Number(value) / Number(base);
  const pct = mode === 'share' ? ratio * 100 : (ratio - 1) * 100;
  const decimals = mode === 'share' ? shareDecimals(pct) : 1;
  const number = Math.round(pct * 10 ** decimals) / 10 ** decimals;
  const abs = Math.abs(number).toFixed(1);
  let text = `${number.toFixed(decimals)}\u00a0%`;
  if (mode !== 'share') text = number > 0 ? `+${abs}\u00a0%` : number < 0 ? `\u2212${abs}\u00a0%` : '±0.0\u00a0%';
  return { number, text };
}

/**
 * Decimals for a share: one, or as many more (up to four) as it takes for a
 * share short of all, or above none, not to read as 100.0 % or 0.0 %:
 * 33,100 compressions of 33,104 succeeded is 99.99 %, not "all of them".
 */
function shareDecimals(pct) {
  let decimals = 1;
  const edge = (d) => pct !== 0 && pct !== 100 && [0, 100].includes(Math.round(pct * 10 ** d) / 10 ** d);
  while (decimals < 4 && edge(decimals)) decimals += 1;
  return decimals;
}

/** Binary units, three significant figures, trailing zeros dropped ("2.3 GiB", "8 KiB"). */
export function bytesText(bytes) {
  let n = Number(bytes);
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let i = 0;
  while (i < 5 && Math.abs(n) >= 1024) { n /= 1024; i += 1; }
  const decimals = i === 0 ? 0 : Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  let text = n.toFixed(decimals);
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  return `${text}\u00a0${units[i]}`;
}

/** Seconds as a long duration reads: "28 min 18 s", "1 h 2 min 5 s", "42.5 s". */
export function durationText(seconds, decimals) {
  const s = Number(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s - h * 3600) / 60);
  const rest = s - h * 3600 - m * 60;
  const parts = [];
  if (h > 0) parts.push(`${h}\u00a0h`);
  if (m > 0) parts.push(`${m}\u00a0min`);
  // With the printed text's decimals known, keep them: 0:01.50 reads 1.50 s, not 1.5 s.
  // fixed(): the subtraction leaves binary noise (78.05 − 60 is 18.049999…), which must not decide a rounding.
  const restText = decimals === undefined ? fixed(rest, 3).replace(/\.?0+$/, '') || '0' : fixed(rest, decimals);
  if (rest > 0 || parts.length === 0) parts.push(`${restText}\u00a0s`);
  return parts.join(' ');
}

/**
 * A page of its own beside the report (a raw view, a chart's figures): the
 * site's stylesheets from `cssDir` (the site's css/ folder, relative, as the
 * page sits below the report), light and dark, no favicon request. `body` is markup.
 */
export function standalonePage({ title, cssDir, bodyClass, body }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${esc(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${cssDir}tps-blocks.css">
<link rel="stylesheet" href="${cssDir}site.css">
</head>
<body${attrs({ class: bodyClass })}>
${body}
</body>
</html>
`;
}
