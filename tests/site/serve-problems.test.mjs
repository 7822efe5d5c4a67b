// The problem list behind `tpsreport serve`: each line printed once, the
// page's panel escaped, and Hugo's errors placed at their file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProblems, createNotes, isOfReport } from '../../scripts/site/serve-problems.mjs';
import { problemPanel } from '../../scripts/site/serve-front.mjs';
import { hugoProblem } from '../../scripts/site/serve-hugo.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { textLine } from '../../scripts/problems/reporters.mjs';

/** A Problem from the line the terminal prints: "FILE:LINE:COL: message", or "hugo: message". */
function at(line) {
  const m = /^([^:]+?)(?::(\d+))?(?::(\d+))?: (.*)$/s.exec(line);
  return new Problem({ file: m[1], line: m[2] && Number(m[2]), column: m[3] && Number(m[3]), message: m[4] });
}
const lines = (list) => list.map(textLine);

test('a problem is printed when it appears, not again while it stays, and its going is said once', () => {
  const printed = [];
  const problems = createProblems((line) => printed.push(line));
  const seen = [];
  problems.onChange((id) => seen.push(id));
  problems.set('ingest', ['content/reports/a/index.md:26:1: expected a raw file beside the report (content/reports/a/raw/x.txt), found no such file'].map(at));
  problems.settle();
  problems.setForReports('compile', ['b'], []);
  problems.settle();
  problems.settle();
  assert.deepEqual(printed, ['error: content/reports/a/index.md:26:1: expected a raw file beside the report (content/reports/a/raw/x.txt), found no such file']);
  assert.equal(seen.length, 1);
  problems.set('ingest', []);
  problems.settle();
  problems.settle();
  assert.deepEqual(printed.slice(1), ['serve: no errors left']);
  assert.equal(seen.length, 2);
  assert.deepEqual(problems.list(), []);
});

test('compiling some reports replaces their problems and keeps the other reports\'', () => {
  const problems = createProblems(() => {});
  problems.setForReports('compile', undefined, ['content/reports/a/index.md:3:1: chart: one', 'content/reports/b/index.md:4:1: table: two'].map(at));
  problems.setForReports('compile', ['a'], []);
  problems.settle();
  assert.deepEqual(problems.list(), ['content/reports/b/index.md:4:1: table: two'].map(at));
  assert.equal(isOfReport(new Problem({ file: 'data/reports/b/run.json', line: 149, pointer: '/runs/0', rule: 'units-agree', expected: '"ms"' }), 'b'), true);
  assert.equal(isOfReport(new Problem({ file: 'data/reports/posts+x/run.json', line: 2, rule: 'units-agree' }), 'posts/x'), true);
  assert.equal(isOfReport(new Problem({ file: 'content/posts/x/index.md', line: 2, rule: 'chart' }), 'posts/x'), true);
  assert.equal(isOfReport(new Problem({ file: 'content/posts/xy/index.md', line: 2, rule: 'chart' }), 'posts/x'), false);
});

test('the page shows what the list holds only once settled, so a half-updated step never shows', () => {
  const problems = createProblems(() => {});
  problems.set('hugo', ['hugo: the server stopped (exit status 1)'].map(at));
  assert.deepEqual(problems.list(), []);
  problems.settle();
  assert.deepEqual(lines(problems.list()), ['hugo: the server stopped (exit status 1)']);
});

test('the panel names each file and line and escapes what the author wrote', () => {
  const html = problemPanel([at('content/reports/x/index.md:121:9: value: no "sysbench" runs match where="server=<b>none</b>"')]);
  assert.equal(html, '<aside class="tpsreport-serve" role="alert"><h2>tpsreport serve: 1 error</h2><p>Fix and save: this page reloads by itself. The terminal lists the same.</p><ol><li><code>content/reports/x/index.md:121:9</code> value: no &#34;sysbench&#34; runs match where=&#34;server=&lt;b&gt;none&lt;/b&gt;&#34;</li></ol></aside>');
  assert.equal(problemPanel([]), '');
});

test('a Hugo error is placed at the file and line Hugo names, relative to the site', () => {
  assert.equal(
    textLine(hugoProblem('error building site: assemble: failed to create page from pageMetaSource /reports/x: "/srv/site/content/reports/x/index.md:77:9": failed to extract shortcode: template for shortcode "nosuch" not found', '/srv/site')),
    'content/reports/x/index.md:77:9: failed to extract shortcode: template for shortcode "nosuch" not found',
  );
  assert.equal(
    textLine(hugoProblem('Rebuild failed: render of "/reports/x" failed: "/srv/site/layouts/page.html:12:5": execute of template failed: template: page.html:12:5: executing "main" at <.Nope>: can\'t evaluate field Nope', '/srv/site')),
    'layouts/page.html:12:5: execute of template failed: template: page.html:12:5: executing "main" at <.Nope>: can\'t evaluate field Nope',
  );
  assert.equal(textLine(hugoProblem('error building site: something without a place', '/srv/site')), 'hugo: something without a place');
});

test('a Hugo error at a line tpsreport already reports is left out; one at another line is kept', () => {
  const printed = [];
  const problems = createProblems((line) => printed.push(line));
  problems.set('ingest', ['content/reports/x/index.md:12:1: expected valid YAML, found Nested mappings are not allowed in compact mappings'].map(at));
  problems.set('hugo', [
    'content/reports/x/index.md:12:1: "[11:1] nested mappings are not allowed in compact mappings"',
    'content/reports/x/index.md:30:9: failed to extract shortcode: template for shortcode "nosuch" not found',
  ].map(at));
  problems.settle();
  assert.deepEqual(printed, [
    'error: content/reports/x/index.md:12:1: expected valid YAML, found Nested mappings are not allowed in compact mappings',
    'error: content/reports/x/index.md:30:9: failed to extract shortcode: template for shortcode "nosuch" not found',
  ]);
  // Fixed in tpsreport's eyes: Hugo's error at that line shows while Hugo still has it (serve clears Hugo's list when it starts Hugo afresh).
  problems.set('ingest', []);
  problems.settle();
  assert.equal(problems.list().length, 2);
});

test('the errors of the reports just saved are printed again while open; the others\' are not, and the count says them all', () => {
  const printed = [];
  const problems = createProblems((line) => printed.push(line));
  const a = 'content/reports/a/index.md:9:3: value: no runs match';
  const b = 'content/reports/b/index.md:4:1: table: no runs match';
  problems.set('compile', [a, b].map(at));
  problems.settle();
  problems.settle({ again: (p) => isOfReport(p, 'a') });
  assert.deepEqual(printed, [`error: ${a}`, `error: ${b}`, `error: ${a}`]);
  assert.equal(problems.errors(), 2);
});

test('a note is printed once while it lasts, however often ingest says it again, and again once it went and came back', () => {
  const printed = [];
  const notes = createNotes((line) => printed.push(line));
  const note = new Problem({ file: 'content/reports/a/index.md', severity: 'note', rule: 'unread-raw-file', message: 'a raw file holds output a parser reads, but no source lists it' });
  const other = new Problem({ file: 'content/reports/b/raw/x.txt', line: 3, severity: 'note', rule: 'parser-note', message: 'a line read its own way' });
  notes([note, other]);
  notes([note], ['b']);
  notes([note], ['a']);
  notes([], ['c']);
  assert.deepEqual(printed, lines([note, other]));
  notes([other], ['b']);
  assert.deepEqual(printed, lines([note, other, other]), 'b said its note no more when it was saved, so it is news again');
});
