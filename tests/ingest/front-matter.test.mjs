// An article's front matter is parsed once per text in a process (ingest and
// compile both read it); what the second reader gets must be what a fresh
// parse gives, and must not be changeable by either reader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFrontMatter, unclosedBracket } from '../../scripts/ingest/front-matter.mjs';

const ARTICLE = `---
title: Read-only throughput by threads
sources:
  - file: raw/t1.txt
    labels: { threads: 1 }
  - file: raw/t8.txt
    labels: { threads: 8 }
---
Prose.
`;

test('a front matter read again is the same frozen data, and its lines are still found', () => {
  const first = readFrontMatter(ARTICLE, 'content/reports/x/index.md');
  const again = readFrontMatter(ARTICLE, 'content/reports/x/index.md');
  assert.deepEqual(first.data, { title: 'Read-only throughput by threads', sources: [{ file: 'raw/t1.txt', labels: { threads: 1 } }, { file: 'raw/t8.txt', labels: { threads: 8 } }] });
  assert.equal(again.data, first.data);
  assert.ok(Object.isFrozen(again.data.sources[1].labels));
  assert.throws(() => { again.data.sources[1].labels.threads = 16; }, TypeError);
  assert.equal(again.lineOf(['sources', 1, 'labels']), first.lineOf(['sources', 1, 'labels']));
  assert.equal(again.lineOf(['sources', 1, 'file']), 6);
});

test('an edited front matter, or the same text under another name, is parsed again', () => {
  const first = readFrontMatter(ARTICLE, 'content/reports/x/index.md');
  const edited = readFrontMatter(ARTICLE.replace('threads: 8', 'threads: 16'), 'content/reports/x/index.md');
  assert.equal(edited.data.sources[1].labels.threads, 16);
  assert.notEqual(readFrontMatter(ARTICLE, 'content/reports/y/index.md').data, first.data);
});

test('broken YAML is refused at its line and column in the article, without the YAML parser\'s own count of lines inside the front matter', () => {
  const text = '---\ntitle: x\nsources:\n  - file: raw/a.txt\n    labels: { a: b } c\n---\n';
  assert.throws(() => readFrontMatter(text, 'bad.md'), (e) => String(e) === 'bad.md:5:22: expected valid YAML, found Unexpected scalar at node end');
  assert.throws(() => readFrontMatter('---\ntitle: x\nsummary: "open\n---\n', 'bad.md'), (e) => String(e) === 'bad.md:3:15: expected valid YAML, found Missing closing "quote');
});

test('a "[" or "{" left open is refused at the bracket, not on the next line where the YAML parser notices it', () => {
  const sequence = '---\ntitle: x\ntags: [sysbench, MariaDB\ncompare: [workload]\n---\n';
  assert.throws(() => readFrontMatter(sequence, 'bad.md'), (e) => String(e) === 'bad.md:3:7: expected "]" to close the "[" opened here, found line 4 reached without it');
  const map = '---\nsources:\n  - file: raw/a.txt\n    labels: { set: sweep, threads: 2\n  - file: raw/b.txt\n    labels: {}\n---\n';
  assert.throws(() => readFrontMatter(map, 'bad.md'), (e) => String(e) === 'bad.md:4:13: expected "}" to close the "{" opened here, found line 5 reached without it');
});

test('unclosedBracket skips brackets inside quotes, comments and plain words, and closed ones', () => {
  const text = 'a: [x, "y]", [z]]  # [\nb: c[d\nt: [1, \'[\', {k: v}';
  assert.equal(unclosedBracket(text, text.length), text.lastIndexOf('t: [') + 3);
  assert.equal(unclosedBracket('a: [x]\nb: "[" # {\n', 18), -1);
});

test('an article saved with Windows line ends (CRLF) reads as the same article with LF', () => {
  const lf = readFrontMatter(ARTICLE, 'content/reports/x/index.md');
  const crlf = readFrontMatter(ARTICLE.replace(/\n/g, '\r\n'), 'content/reports/x/index.md');
  assert.deepEqual(crlf.data, lf.data);
  assert.equal(crlf.lineOf(['sources', 1, 'file']), lf.lineOf(['sources', 1, 'file']));
});

test('a key indented unlike the key above it is refused at its own line with both indents, and a bracket closed by the other kind names the closer it found', () => {
  const deeper = '---\nsources:\n  - file: a\n    labels: { a: 1 }\n  - file: b\n      labels: { a: 2 }\n---\n';
  assert.throws(() => readFrontMatter(deeper, 'bad.md'), (e) => String(e) === 'bad.md:6:1: expected "labels" indented 4 spaces, as the key on line 5, found 6 spaces');
  assert.throws(() => readFrontMatter(deeper.replace('      labels', '   labels'), 'bad.md'), (e) => String(e) === 'bad.md:6:1: expected "labels" indented 4 spaces, as the key on line 5, found 3 spaces');
  assert.throws(() => readFrontMatter('---\ntitle: x\n  date: 2026-01-01\n---\n', 'bad.md'), (e) => String(e) === 'bad.md:3:1: expected "date" indented 0 spaces, as the key on line 2, found 2 spaces');
  assert.throws(() => readFrontMatter('---\ntitle: x\nthreads: [1, 2 }\ncompare: [a]\n---\n', 'bad.md'), (e) => String(e) === 'bad.md:3:10: expected "]" to close the "[" opened here, found "}" at line 3, column 16');
});

test('a key a letter from one of tpsreport\'s own, which is missing ("source:" for "sources:"), is refused at its line', async () => {
  const { planSources } = await import('../../scripts/ingest/index.mjs');
  const text = '---\ntitle: x\nsource:\n  - file: raw/a.txt\n---\n';
  assert.throws(() => planSources(text, 'content/reports/x/index.md', '/nonexistent', '/'), (e) => String(e) === 'content/reports/x/index.md:3:1: expected "sources:", the list tpsreport reads, found "source:"');
  // Keys of Hugo and the theme, and tpsreport's own, pass.
  assert.equal(planSources('---\ntitle: x\ntags: [a]\nservers: [b]\nsummary: s\n---\n', 'content/reports/x/index.md', '/nonexistent', '/').length, 0);
});
