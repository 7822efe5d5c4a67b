// Links to raw files are relative to the report page and cannot carry a
// scheme or be cut short, whatever the file is called.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundleHref, rawLineHref, figLink, esc, unesc, RAW_VIEW_LINES } from '../../scripts/compile/html.mjs';
import { rawViewPages, rawFilesHtml } from '../../scripts/compile/raw-views.mjs';

/** The view of a file short enough for one page. */
function rawView(o) {
  const pages = rawViewPages(o);
  assert.deepEqual(pages.map((p) => p.file), [`${o.name}.html`]);
  return pages[0].html;
}

const PAGE = 'https://example.org/reports/x/';
const resolved = (href) => new URL(href.replace(/&amp;/g, '&'), PAGE);

test('bundleHref starts with ./ and percent-encodes each part, so a name cannot become a javascript: link', () => {
  assert.equal(bundleHref('raw/javascript:alert(1).txt'), './raw/javascript%3Aalert(1).txt');
  assert.equal(bundleHref('javascript:alert(1).txt'), './javascript%3Aalert(1).txt');
  const url = resolved(bundleHref('javascript:alert(1).txt'));
  assert.equal(url.protocol, 'https:');
  assert.equal(url.pathname, '/reports/x/javascript%3Aalert(1).txt');
});

test('rawLineHref keeps a # or ? in a file name inside the path, before the line anchor', () => {
  const url = resolved(rawLineHref('raw/run #2?.txt', 7));
  assert.equal(url.pathname, '/reports/x/raw/run%20%232%3F.txt.html');
  assert.equal(url.hash, '#L7');
  assert.equal(url.search, '');
});

test('figLink links a figure of a file named like a scheme to its raw line, relative to the page', () => {
  const row = { source: 'javascript:alert(1).txt', line: 3, text: '112.32', value: 112.32, status: 'ok', tool: 'sysbench 0.4' };
  const href = /href="([^"]*)"/.exec(figLink(row))[1];
  assert.equal(href, './javascript%3Aalert(1).txt.html#L3');
  assert.equal(resolved(href).protocol, 'https:');
  const failed = /href="([^"]*)"/.exec(figLink({ ...row, status: 'failed' }))[1];
  assert.equal(failed, href);
});

test('a raw view offers its file for download by a relative link and shows its lines as escaped text', () => {
  const html = rawView({ name: 'javascript:alert(1).txt', text: '<script>alert(1)</script>\n', reportTitle: 'X', doc: null });
  assert.match(html, /<a href="\.\/javascript%3Aalert\(1\)\.txt" download>/);
  assert.match(html, /<code>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/code>/);
  assert.doesNotMatch(html, /<script>/);
});

test('the raw view of a file in a folder under raw/ climbs one level more to the report and the stylesheet, and downloads its own file', () => {
  const VIEW = 'https://example.org/reports/x/raw/waits/w.txt.html';
  const html = rawView({ name: 'waits/w.txt', text: 'a\n', reportTitle: 'X', doc: null });
  const href = (pattern) => new URL(pattern.exec(html)[1], VIEW).pathname;
  assert.equal(href(/<link rel="stylesheet" href="([^"]+site\.css)">/), '/css/site.css');
  assert.equal(href(/<link rel="stylesheet" href="([^"]+tps-blocks\.css)">/), '/css/tps-blocks.css');
  assert.equal(href(/<a class="site-title" href="([^"]+)">/), '/reports/x/');
  assert.equal(href(/<a href="([^"]+)" download>/), '/reports/x/raw/waits/w.txt');
  const top = rawView({ name: 'w.txt', text: 'a\n', reportTitle: 'X', doc: null });
  assert.equal(new URL(/<link rel="stylesheet" href="([^"]+site\.css)">/.exec(top)[1], 'https://example.org/reports/x/raw/w.txt.html').pathname, '/css/site.css');
  const deeper = rawView({ name: 'w.txt', text: 'a\n', reportTitle: 'X', doc: null, siteUp: '../../../' });
  assert.equal(new URL(/<link rel="stylesheet" href="([^"]+site\.css)">/.exec(deeper)[1], 'https://example.org/posts/2026/x/raw/w.txt.html').pathname, '/css/site.css', 'a report a folder deeper climbs one more');
});

test('each line of a raw view is an item that links to itself by its number, with the line as code (an empty line keeps its height)', () => {
  const html = rawView({ name: 'r.txt', text: 'first & only\n\nthird\n', reportTitle: 'X', doc: null });
  const items = [...html.matchAll(/<li id="L(\d+)">(.*?)<\/li>/g)].map(([, n, inner]) => [n, inner]);
  assert.deepEqual(items, [
    ['1', '<a href="#L1">1</a><code>first &amp; only</code>'],
    ['2', '<a href="#L2">2</a><code> </code>'],
    ['3', '<a href="#L3">3</a><code>third</code>'],
  ]);
});

test('the page\'s Raw files section lists each file by a download link with its size, names escaped, and is empty without files', () => {
  const html = rawFilesHtml([{ name: 'raw/<b>x</b>.txt', href: './raw/%3Cb%3Ex%3C/b%3E.txt', bytes: 1234567 }, { name: 'raw/y.txt', href: './raw/y.txt', bytes: 3 }]);
  assert.match(html, /^<section class="raw-files" id="raw-files">/);
  assert.deepEqual([...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]), [
    '<a href="./raw/%3Cb%3Ex%3C/b%3E.txt" download>raw/&lt;b&gt;x&lt;/b&gt;.txt</a> <span class="meta">1,234,567 bytes</span>',
    '<a href="./raw/y.txt" download>raw/y.txt</a> <span class="meta">3 bytes</span>',
  ]);
  assert.equal(rawFilesHtml([]), '');
});

test('esc writes each of & < > " \' as its entity and gives back text with none of them as it is, and unesc reads it back', () => {
  const hostile = `a&b <img src=x onerror="alert('1')"> &amp;`;
  assert.equal(esc(hostile), 'a&amp;b &lt;img src=x onerror=&#34;alert(&#39;1&#39;)&#34;&gt; &amp;amp;');
  assert.equal(unesc(esc(hostile)), hostile);
  assert.equal(esc('tps: 1234.56 qps: 7.1'), 'tps: 1234.56 qps: 7.1');
  assert.equal(esc(null), '');
  assert.equal(esc(42), '42');
});

test('a run with no figure reads its status, says it in a sentence, and an incomplete one links to where its output stops', () => {
  const row = { source: 'raw/cut.txt', line: 1, text: 'incomplete', value: null, status: 'incomplete', tool: 'sysbench 1.0.20', incomplete: { source: 'raw/cut.txt', line: 17, reason: 'cut' } };
  const link = figLink(row);
  assert.match(link, /^<a class="fig status-incomplete" href="\.\/raw\/cut\.txt\.html#L17" data-source="raw\/cut\.txt" data-line="17" title="raw\/cut\.txt: the run is incomplete">incomplete<\/a>$/);
  assert.match(figLink({ ...row, status: 'failed', incomplete: undefined }), /href="\.\/raw\/cut\.txt\.html#L1"[^>]*title="raw\/cut\.txt: the run failed">failed</);
  assert.match(figLink({ ...row, status: 'no result', incomplete: undefined }), /title="raw\/cut\.txt: the run has no result">no result</);
});

test('a raw view lists what the parser noted of its lines, each linked to its line and escaped, the first fifty of them', () => {
  const doc = { provenance: { tool: { name: 'sysbench', version: '1.0.20' }, parser: { name: 'sysbench', version: '1.1.0' }, sha256: 'ab' }, warnings: [{ line: 3, message: 'unrecognised line <x>' }, { message: 'a note of the whole file' }] };
  const one = rawView({ name: 'r.txt', text: 'a\nb\nc\n', reportTitle: 'T', doc });
  assert.ok(one.includes('<details class="parser-notes"><summary>1 note from the parser</summary>\n<ul>\n<li><a href="#L3">line 3</a>: unrecognised line &lt;x&gt;</li>\n</ul>\n</details>\n<ol class="raw-lines">'));
  const many = rawView({ name: 'r.txt', text: 'a\n', reportTitle: 'T', doc: { ...doc, warnings: Array.from({ length: 1203 }, (_, i) => ({ line: i + 1, message: 'm' })) } });
  assert.match(many, /<summary>1,203 notes from the parser<\/summary>/);
  assert.equal(many.split('<li><a href="#L').length - 1, 50, 'fifty notes');
  assert.match(many, /<li>and 1,153 more \(<code>tpsreport parse<\/code> lists them all\)<\/li>/);
  assert.ok(!rawView({ name: 'r.txt', text: 'a\n', reportTitle: 'T', doc: { ...doc, warnings: [] } }).includes('parser-notes'));
});

test('the view of a file longer than a page is cut into pages named by their first line, each holding its own lines, and every link to a line reaches the page that has it', () => {
  const total = 2 * RAW_VIEW_LINES + 5;
  const text = Array.from({ length: total }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  const doc = { provenance: { tool: null, parser: { name: 'sysbench', version: '1' }, sha256: 'ab' }, warnings: [{ line: RAW_VIEW_LINES + 7, message: 'odd line' }], incomplete: { line: total, reason: 'cut' } };
  const pages = rawViewPages({ name: 'waits/long #1.txt', text, reportTitle: 'T', doc });
  const second = RAW_VIEW_LINES + 1;
  const third = 2 * RAW_VIEW_LINES + 1;
  assert.deepEqual(pages.map((p) => p.file), ['waits/long #1.txt.html', `waits/long #1.txt.L${second}.html`, `waits/long #1.txt.L${third}.html`]);
  const ids = pages.map((p) => [...p.html.matchAll(/<li id="L(\d+)">/g)].map((m) => Number(m[1])));
  assert.deepEqual(ids.map((xs) => [xs[0], xs.at(-1), xs.length]), [[1, RAW_VIEW_LINES, RAW_VIEW_LINES], [second, 2 * RAW_VIEW_LINES, RAW_VIEW_LINES], [third, total, 5]]);
  assert.match(pages[1].html, new RegExp(`<span>Showing lines ${(second).toLocaleString('en')}–${(2 * RAW_VIEW_LINES).toLocaleString('en')} of ${total.toLocaleString('en')}\\.</span>`));
  // Every link a page holds to a line, resolved from where the page is published, lands on a page that has that line.
  const base = 'https://example.org/reports/x/raw/';
  const byUrl = new Map(pages.map((p) => [new URL(p.file.split('/').map(encodeURIComponent).join('/'), base).href, p.html]));
  const report = 'https://example.org/reports/x/';
  const fromReport = [RAW_VIEW_LINES, second, total].map((line) => [new URL(rawLineHref('raw/waits/long #1.txt', line), report), line]);
  const fromPages = pages.flatMap((p) => [...p.html.matchAll(/<a href="([^"]*#L(\d+))"/g)].map((m) => [new URL(unesc(m[1]), new URL(p.file.split('/').map(encodeURIComponent).join('/'), base)), Number(m[2])]));
  assert.ok(fromPages.some(([, line]) => line === RAW_VIEW_LINES + 7) && fromPages.some(([, line]) => line === total), 'the note and the incomplete line link from the first page');
  // Each page's line ids as a set: a page holds thousands of lines and links.
  const idsByUrl = new Map([...byUrl].map(([url, html]) => [url, new Set([...html.matchAll(/<li id="L(\d+)">/g)].map((m) => Number(m[1])))]));
  for (const [url, line] of [...fromReport, ...fromPages]) {
    const held = idsByUrl.get(url.href.replace(/#.*$/, ''));
    assert.ok(held, `${url.href} is a page of the view`);
    assert.ok(held.has(line), `${url.href} holds line ${line}`);
  }
  // Each page links to the first, previous, next and last page that exist.
  const navOf = (html) => [.../<nav class="raw-pages"[^>]*>(.*?)<\/nav>/.exec(html)[1].matchAll(/<a href="([^"]*)">(\w+)<\/a>/g)].map((m) => `${m[2]} ${unesc(m[1])}`);
  assert.deepEqual(navOf(pages[0].html), [`Next ./long%20%231.txt.L${second}.html`, `Last ./long%20%231.txt.L${third}.html`]);
  assert.deepEqual(navOf(pages[1].html), ['First ./long%20%231.txt.html', 'Previous ./long%20%231.txt.html', `Next ./long%20%231.txt.L${third}.html`, `Last ./long%20%231.txt.L${third}.html`]);
  assert.deepEqual(navOf(pages[2].html), ['First ./long%20%231.txt.html', `Previous ./long%20%231.txt.L${second}.html`]);
});

test('a file of exactly one page of lines has one view page and no page links', () => {
  const text = Array.from({ length: RAW_VIEW_LINES }, (_, i) => String(i)).join('\n');
  const pages = rawViewPages({ name: 'x.txt', text, reportTitle: 'T', doc: null });
  assert.deepEqual(pages.map((p) => p.file), ['x.txt.html']);
  assert.ok(!pages[0].html.includes('raw-pages'));
  assert.equal(rawLineHref('raw/x.txt', RAW_VIEW_LINES), `./raw/x.txt.html#L${RAW_VIEW_LINES}`);
  assert.equal(rawLineHref('raw/x.txt', RAW_VIEW_LINES + 1), `./raw/x.txt.L${RAW_VIEW_LINES + 1}.html#L${RAW_VIEW_LINES + 1}`);
});
