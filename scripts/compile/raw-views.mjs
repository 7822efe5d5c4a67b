// A line-numbered view of every raw file a report publishes, at
// raw/<file>.html#L<line>, so each figure's provenance (raw file, line, the
// tool and version that printed it, the parser that read it) is one click
// from the figure. The raw file itself is published beside it, byte for byte.
// The view of a file longer than RAW_VIEW_LINES lines is cut into pages
// (rawViewFile names them), each linked to the ones before and after it.
import { esc, bundleHref, standalonePage, rawViewFile, rawViewFiles, RAW_VIEW_LINES } from './html.mjs';
import { countText } from '../lib/text.mjs';

function describe(doc) {
  if (!doc) return 'Published with the report; not read by any parser.';
  const { tool, parser } = doc.provenance;
  const printed = tool ? `${tool.name}${tool.version ? ` ${tool.version}` : ''}${tool.line ? ` (as printed on line ${tool.line})` : ''}` : 'a tool that did not print its name and version';
  return `Output of ${printed}, read by the tpsreport ${parser.name} parser ${parser.version}; sha256 ${doc.provenance.sha256}.`;
}

/** Where and why the output stops early, linked to that line, when the parser kept it marked incomplete. */
function incompleteLine(doc, lineHref) {
  if (!doc?.incomplete) return '';
  const { line, reason } = doc.incomplete;
  return `<p class="tps-incomplete" role="note"><strong>Incomplete output:</strong> <a href="${esc(lineHref(line))}">it stops at line ${esc(line)}</a>: ${esc(reason)}</p>\n`;
}

/**
 * What the parser said of lines it read its own way or left out (a number
 * rounded for JSON, a line it did not recognise), each linked to its line:
 * kept in the document, and shown here so a reader sees them where the file is.
 */
function parserNotes(doc, lineHref) {
  const notes = (doc?.warnings ?? []).filter((w) => Number.isInteger(w.line));
  if (!notes.length) return '';
  const shown = notes.slice(0, NOTES_SHOWN).map((w) => `<li><a href="${esc(lineHref(w.line))}">line ${w.line}</a>: ${esc(w.message)}</li>`);
  if (notes.length > NOTES_SHOWN) shown.push(`<li>and ${countText(notes.length - NOTES_SHOWN)} more (<code>tpsreport parse</code> lists them all)</li>`);
  return `<details class="parser-notes"><summary>${countText(notes.length)} ${notes.length === 1 ? 'note' : 'notes'} from the parser</summary>\n<ul>\n${shown.join('\n')}\n</ul>\n</details>\n`;
}

const NOTES_SHOWN = 50;

/**
 * The pages of a raw file's view: [{ file, html }], file being the page's
 * path under raw/ (rawViewFile). One page for a file of up to RAW_VIEW_LINES lines.
 * @param {string} name  the file's path under raw/ ("x.txt", or "waits/x.txt" in a folder:
 *   its view then sits one level deeper, and its links climb one level more)
 */
export function rawViewPages({ name, text, reportTitle, doc, siteUp = '../../' }) {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return rawViewFiles(name, Math.max(1, Math.ceil(lines.length / RAW_VIEW_LINES))).map((file, i) => {
    const first = i * RAW_VIEW_LINES + 1;
    return { file, html: viewPage({ name, file, lines, first, last: Math.min(lines.length, first + RAW_VIEW_LINES - 1), reportTitle, doc, siteUp }) };
  });
}

/** One page of a view: lines first..last (1-based) of `lines`. */
function viewPage({ name, file, lines, first, last, reportTitle, doc, siteUp }) {
  const up = '../'.repeat(name.split('/').length - 1);
  const paged = lines.length > RAW_VIEW_LINES;
  // A link to a line on this page is its anchor alone; to a line on another page, that page's file beside this one.
  const pageHref = (line) => bundleHref(rawViewFile(name, line).split('/').pop());
  const lineHref = (line) => (rawViewFile(name, line) === file ? `#L${line}` : `${pageHref(line)}#L${line}`);
  // Per line only what a link to it needs: a long log's view is mostly this markup (the number is text, styled in site.css).
  const items = [];
  for (let n = first; n <= last; n += 1) items.push(`<li id="L${n}"><a href="#L${n}">${n}</a><code>${esc(lines[n - 1]) || ' '}</code></li>`);
  const range = paged ? `lines ${countText(first)}–${countText(last)} of ${countText(lines.length)}` : '';
  const pages = paged ? pageLinks({ first, last, total: lines.length, pageHref, range }) : '';
  return standalonePage({
    title: `${name}${range ? ` (${range})` : ''} · ${reportTitle}`,
    cssDir: `${up}../${siteUp}css/`,
    bodyClass: 'raw-view',
    body: `<header class="site-header"><a class="site-title" href="${up}../">${esc(reportTitle)}</a><nav><a href="${esc(bundleHref(name.split('/').pop()))}" download>Download ${esc(name)}</a></nav></header>
<main>
<h1>${esc(name)}</h1>
<p class="meta">${esc(describe(doc))}</p>
${incompleteLine(doc, lineHref)}${parserNotes(doc, lineHref)}${pages}<ol class="raw-lines">
${items.join('\n')}
</ol>
${pages}</main>`,
  });
}

/** Where a page of a long file's view sits among the others, with links to the first, previous, next and last pages (each named by a line it holds). */
function pageLinks({ first, last, total, pageHref, range }) {
  const links = [
    ['First', 1, first > 1],
    ['Previous', first - 1, first > 1],
    ['Next', last + 1, last < total],
    ['Last', total, last < total],
  ].filter(([, , on]) => on).map(([text, line]) => `<a href="${esc(pageHref(line))}">${text}</a>`);
  return `<nav class="raw-pages" aria-label="Pages of this file"><span>Showing ${range}.</span> ${links.join(' ')}</nav>\n`;
}

/**
 * The page's "Raw files" section: every raw file for download, with its size
 * (empty without raw files). `list`: [{ name, href, bytes }], href already
 * percent-encoded (bundleHref). Built here, not in a template, like every
 * other figure a page shows: Hugo looped over every raw file of every report.
 */
export function rawFilesHtml(list) {
  if (!list.length) return '';
  const items = list.map(({ name, href, bytes }) => `    <li><a href="${esc(href)}" download>${esc(name)}</a> <span class="meta">${countText(bytes)} bytes</span></li>`);
  return `<section class="raw-files" id="raw-files">
  <h2>Raw files</h2>
  <p>Every figure above was read from these files, exactly as the tools printed them.</p>
  <ul>
${items.join('\n')}
  </ul>
</section>`;
}
