// Raw files are published as they are under the site's origin, so a type a
// browser runs (SVG, HTML, XML, JavaScript) is refused at ingest and at
// compile with the file and what to do, and a name that looks like a URL
// scheme stays a relative link. Every one of them, parsed or only shown, is
// hashed into report.json at ingest. (A file over the size limit is refused
// in tests/integration/raw-size.test.mjs: it takes files over 128 MiB.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, readFileSync, readdirSync, rmSync, symlinkSync, realpathSync, existsSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { ingestReports, planSources } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { hashRawFiles, rawFolder, fileSum } from '../../scripts/lib/raw-files.mjs';
import { validatePaths } from '../../scripts/validate/index.mjs';
import { writeIntervalLog } from '../bench/interval-log.mjs';
import { RAW_VIEW_LINES } from '../../scripts/compile/html.mjs';
import { rawSite as site, RUN } from '../helpers/raw-site.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** The raw files compile published for report x, as its manifest lists them ({ name, href, bytes }). */
const rawListed = (root) => JSON.parse(readFileSync(join(root, '.tpsreport/cache/compile/x.json'), 'utf8')).raw.list;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>\n';

test('ingest refuses a sources entry a browser would run, at its line in index.md, with the new name to give it', () => {
  const root = site(['raw/plot.svg'], { 'plot.svg': SVG });
  try {
    const index = join(root, 'content/reports/x/index.md');
    const error = (() => { try { planSources(readFileSync(index, 'utf8'), 'content/reports/x/index.md', join(root, 'content/reports/x'), root); } catch (e) { return e; } return null; })();
    assert.ok(error instanceof Problem, String(error));
    assert.equal(error.rule, 'raw-file-type');
    assert.equal(
      String(error),
      "content/reports/x/index.md:4:1: expected a raw file a browser shows as text, found plot.svg, an SVG image, which a browser would run with its scripts under the site's origin; rename it to raw/plot.svg.txt (the bytes stay the same, a browser then shows it as text)",
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('ingest and compile refuse every raw file of a type a browser runs, listed under sources or not, naming each file', async () => {
  const root = site(['raw/run.txt'], { 'run.txt': null, 'page.HTML': '<script>alert(1)</script>\n', 'plot.svg': SVG, 'notes.xml': '<x/>\n', 'hook.mjs': 'alert(1)\n' });
  try {
    const ingested = await ingestReports({ root });
    const names = ['hook.mjs', 'notes.xml', 'page.HTML', 'plot.svg'];
    assert.deepEqual(ingested.errors.map((e) => e.file), names.map((n) => `content/reports/x/raw/${n}`));
    assert.equal(ingested.documents, 1, 'the safe source is still ingested');
    for (const e of ingested.errors) {
      assert.match(String(e), /^content\/reports\/x\/raw\/[^:]+: expected a raw file a browser shows as text, found .+ which a browser would run with its scripts .*; rename it to \S+\.txt /);
    }
    const compiled = await compileReports({ root });
    assert.deepEqual(compiled.errors.map((e) => e.file), names.map((n) => `content/reports/x/raw/${n}`));
    assert.equal(compiled.views, 0, 'nothing of the report is published');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a raw file named javascript:alert(1).txt is ingested and every link to it stays relative (./raw/…)', async () => {
  const name = 'javascript:alert(1).txt';
  const root = site([`raw/${name}`], { [name]: null });
  try {
    const ingested = await ingestReports({ root });
    assert.deepEqual(ingested.errors, []);
    const compiled = await compileReports({ root });
    assert.deepEqual(compiled.errors, []);
    const out = JSON.parse(readFileSync(join(root, '.tpsreport/views/x.json'), 'utf8'));
    assert.deepEqual(rawListed(root).map((r) => r.href), ['./raw/javascript%3Aalert(1).txt']);
    const html = Object.values(out.views).map((v) => v.html).join('\n');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).filter((h) => h.includes('alert'));
    assert.ok(hrefs.length >= 1, html);
    for (const href of hrefs) {
      assert.match(href, /^\.\/raw\/javascript%3Aalert\(1\)\.txt(\.html#L\d+)?$/);
      assert.equal(new URL(href, 'https://example.org/reports/x/').protocol, 'https:');
    }
    const view = readFileSync(join(root, '.tpsreport/site/reports/x/raw', `${name}.html`), 'utf8');
    assert.match(view, /<a href="\.\/javascript%3Aalert\(1\)\.txt" download>/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('ingest hashes every file of raw/ into report.json, the parsed runs and the files a page only shows', async () => {
  const root = site(['raw/run.txt'], { 'run.txt': null, 'innodb.cnf': '[mysqld]\ninnodb_buffer_pool_size = 1G\n' });
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    const report = JSON.parse(readFileSync(join(root, 'data/reports/x/report.json'), 'utf8'));
    const doc = JSON.parse(readFileSync(join(root, 'data/reports/x/run.json'), 'utf8'));
    assert.deepEqual(report.raw_files, [
      { file: 'content/reports/x/raw/innodb.cnf', sha256: createHash('sha256').update('[mysqld]\ninnodb_buffer_pool_size = 1G\n').digest('hex'), bytes: 38 },
      { file: 'content/reports/x/raw/run.txt', sha256: doc.provenance.sha256, bytes: doc.provenance.bytes },
    ]);
    assert.equal(doc.provenance.sha256, createHash('sha256').update(readFileSync(RUN)).digest('hex'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a raw file edited after an ingest gets its new sum in report.json at the next one, whether a source or only shown', async () => {
  const root = site(['raw/run.txt'], { 'run.txt': null, 'innodb.cnf': '[mysqld]\ninnodb_buffer_pool_size = 1G\n' });
  const sum = (text) => createHash('sha256').update(text).digest('hex');
  const sums = () => Object.fromEntries(JSON.parse(readFileSync(join(root, 'data/reports/x/report.json'), 'utf8')).raw_files.map((f) => [f.file.split('/').pop(), f.sha256]));
  try {
    await ingestReports({ root });
    const edited = readFileSync(RUN, 'utf8').replace('transactions:', 'transactions: ');
    writeFileSync(join(root, 'content/reports/x/raw/run.txt'), edited);
    writeFileSync(join(root, 'content/reports/x/raw/innodb.cnf'), '[mysqld]\ninnodb_buffer_pool_size = 2G\n');
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual(sums(), { 'innodb.cnf': sum('[mysqld]\ninnodb_buffer_pool_size = 2G\n'), 'run.txt': sum(edited) });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a raw file whose mtime alone moved is checked by its sum, not parsed again; one edited to the same size is parsed', async () => {
  const root = site(['raw/run.txt'], { 'run.txt': null, 'innodb.cnf': '[mysqld]\ninnodb_buffer_pool_size = 1G\n' });
  const run = join(root, 'content/reports/x/raw/run.txt');
  const doc = join(root, 'data/reports/x/run.json');
  const later = (s) => new Date(Date.now() + s * 1000);
  try {
    assert.equal((await ingestReports({ root })).parsed, 1);
    const written = statSync(doc).mtimeMs;
    utimesSync(run, later(60), later(60));
    const counts = ({ notes, ...rest }) => rest;
    assert.deepEqual(counts(await ingestReports({ root })), { reports: 1, documents: 1, parsed: 0, errors: [] });
    assert.equal(statSync(doc).mtimeMs, written);
    // The sum was taken again with the new mtime: the next ingest does not even read the file.
    assert.deepEqual(await ingestReports({ root }), { reports: 1, documents: 1, parsed: 0, errors: [], notes: [] });

    const text = readFileSync(run, 'utf8');
    const [, digits] = /transactions: +\d+ +\((\d+\.\d+) per sec\.\)/.exec(text);
    const edited = text.replace(`(${digits} per sec.)`, `(${digits.replace(/\d$/, (d) => String((Number(d) + 1) % 10))} per sec.)`);
    assert.equal(edited.length, text.length);
    writeFileSync(run, edited);
    utimesSync(run, later(120), later(120));
    assert.equal((await ingestReports({ root })).parsed, 1);
    assert.equal(JSON.parse(readFileSync(doc, 'utf8')).provenance.sha256, createHash('sha256').update(edited).digest('hex'));

    // Touched, and the front matter now says something else of the run: parsed again for its new labels.
    const index = join(root, 'content/reports/x/index.md');
    writeFileSync(index, readFileSync(index, 'utf8').replace('labels: { server: a }', 'labels: { server: b }'));
    utimesSync(run, later(180), later(180));
    assert.equal((await ingestReports({ root })).parsed, 1);
    assert.deepEqual(JSON.parse(readFileSync(doc, 'utf8')).labels, { server: 'b' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('compile keeps the raw views of raw files whose mtime alone moved, and makes them again when the bytes change', async () => {
  const root = site(['raw/run.txt'], { 'run.txt': null, 'notes.txt': 'captured on the test box\n' });
  const views = join(root, '.tpsreport/site/reports/x/raw');
  const later = (s) => new Date(Date.now() + s * 1000);
  const build = async () => {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
  };
  try {
    await build();
    const made = readFileSync(join(views, 'notes.txt.html'), 'utf8');
    // A marker in place of a raw view stays only if compile leaves that view alone.
    for (const name of ['run.txt.html', 'notes.txt.html']) writeFileSync(join(views, name), 'kept');
    for (const name of ['run.txt', 'notes.txt']) utimesSync(join(root, 'content/reports/x/raw', name), later(60), later(60));
    await build();
    assert.equal(readFileSync(join(views, 'run.txt.html'), 'utf8'), 'kept');
    assert.equal(readFileSync(join(views, 'notes.txt.html'), 'utf8'), 'kept');

    writeFileSync(join(root, 'content/reports/x/raw/notes.txt'), 'captured on the other box\n');
    await build();
    assert.equal(readFileSync(join(views, 'notes.txt.html'), 'utf8'), made.replace('test box', 'other box'));
    assert.equal(readFileSync(join(views, 'notes.txt'), 'utf8'), 'captured on the other box\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('fileSum gives the sha256 and size of a small file read whole and of a large one read in pieces, and reads a file again when its size, mtime or ctime moved', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-sum-'));
  try {
    for (const [name, text] of [['small.txt', 'one line\n'], ['large.txt', 'x'.repeat(5 * (1 << 20) + 7)]]) {
      writeFileSync(join(dir, name), text);
      assert.deepEqual(await fileSum(join(dir, name), statSync(join(dir, name))), { sha256: createHash('sha256').update(text).digest('hex'), size: text.length });
    }
    // An edit that keeps the size and puts the mtime back (cp -p, touch -r) still moves the ctime: it is read.
    const path = join(dir, 'small.txt');
    const at = new Date('2026-11-20T10:00:00Z');
    utimesSync(path, at, at);
    assert.equal((await fileSum(path, statSync(path))).sha256, createHash('sha256').update('one line\n').digest('hex'));
    writeFileSync(path, 'one LINE\n');
    utimesSync(path, at, at);
    assert.equal((await fileSum(path, statSync(path))).sha256, createHash('sha256').update('one LINE\n').digest('hex'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a sum ingest already holds (from its parse threads) is the one fileSum gives later in the process, and bytes the caller read are hashed instead of the file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-sum-'));
  try {
    const path = join(dir, 'run.txt');
    writeFileSync(path, 'one line\n');
    const info = statSync(path);
    // A stand-in sum: were the file read again, its real sum would come back instead.
    const held = { sha256: 'a'.repeat(64), size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
    const [listed] = await hashRawFiles([{ path, info }], dir, { 'run.txt': held });
    assert.equal(listed.sha256, held.sha256);
    assert.deepEqual(await fileSum(path, info), { sha256: held.sha256, size: info.size });
    const other = join(dir, 'other.txt');
    writeFileSync(other, 'on disk\n');
    assert.equal((await fileSum(other, statSync(other), Buffer.from('read!!!!\n'))).sha256, createHash('sha256').update('read!!!!\n').digest('hex'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a raw file named with a backslash, a control character or over 200 bytes is refused by name at ingest and compile, never published half; 200 bytes is taken', async () => {
  const long = `${'l'.repeat(196)}.txt`;
  const files = { 'run.txt': null, 'back\\slash.txt': '', 'tab\there.txt': '', [`${long}x`]: '', [long]: null };
  const root = site(['raw/run.txt', `raw/${long}`], files);
  const expected = (name, found) => `content/reports/x/raw/${name}: expected a raw file name of at most 200 bytes, without a backslash or a control character, found ${found}`;
  try {
    const refused = [
      expected('back\\slash.txt', '"back\\\\slash.txt", which holds a backslash; rename it without one'),
      expected(`${long}x`, `a name of 201 bytes ("${'l'.repeat(40)}…"); rename it shorter`),
      // The tab is printed as \t: a name's control characters never reach the terminal as they are.
      expected('tab\\there.txt', '"tab\\there.txt", which holds a control character; rename it without one'),
    ];
    const ingested = await ingestReports({ root });
    assert.deepEqual(ingested.errors.map(String), refused);
    assert.equal(ingested.parsed, 2, 'the run with the 200-byte name is parsed with the other');
    const compiled = await compileReports({ root });
    assert.deepEqual(compiled.errors.map(String), refused);
    assert.equal(existsSync(join(root, '.tpsreport/site/reports/x')), false, 'nothing of the report is published');
    rmSync(join(root, 'content/reports/x/raw', 'back\\slash.txt'));
    rmSync(join(root, 'content/reports/x/raw', 'tab\there.txt'));
    rmSync(join(root, 'content/reports/x/raw', `${long}x`));
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    assert.ok(existsSync(join(root, '.tpsreport/site/reports/x/raw', `${long}.html`)), 'a 200-byte name has its view');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a source that fails leaves data/ whole: report.json lists the documents there are, validate finds nothing more, the raw file is untouched', async () => {
  const garbled = readFileSync(RUN, 'utf8').replace(/transactions: +(\d+) +\(/, 'transactions: 12x5 (');
  const root = site(['raw/a.txt', 'raw/b.txt', 'raw/c.txt'], { 'a.txt': null, 'b.txt': null, 'c.txt': null });
  const data = join(root, 'data/reports/x');
  const listed = () => JSON.parse(readFileSync(join(data, 'report.json'), 'utf8')).sources.map((s) => [s.file, s.data, s.order]);
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    writeFileSync(join(root, 'content/reports/x/raw/b.txt'), garbled);
    const { errors, documents } = await ingestReports({ root });
    assert.deepEqual(errors.map((e) => [e.file, e.rule]), [['content/reports/x/raw/b.txt', errors[0]?.rule]]);
    assert.match(String(errors[0]), /^content\/reports\/x\/raw\/b\.txt:\d+:\d+: expected /);
    assert.equal(documents, 2);
    assert.deepEqual(listed(), [['content/reports/x/raw/a.txt', 'a.json', 0], ['content/reports/x/raw/c.txt', 'c.json', 2]]);
    assert.deepEqual(readdirSync(data).sort(), ['a.json', 'c.json', 'report.json'], 'the document of the raw file before it broke goes with it');
    assert.deepEqual((await validatePaths([data], { root })).problems, [], 'no second error for the same mistake');
    assert.equal(readFileSync(join(root, 'content/reports/x/raw/b.txt'), 'utf8'), garbled);
    writeFileSync(join(root, 'content/reports/x/raw/b.txt'), readFileSync(RUN));
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual(listed().map(([, d]) => d), ['a.json', 'b.json', 'c.json']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('reports ingested side by side report their problems in report-name order, each once', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-order-'));
  const slugs = ['f', 'b', 'e', 'a', 'd', 'c', 'h', 'g'];
  try {
    for (const slug of slugs) {
      const bundle = join(root, 'content', 'reports', slug);
      mkdirSync(join(bundle, 'raw'), { recursive: true });
      // Every report parses one good run and refuses one whose transactions figure is garbled (a different length in each report).
      copyFileSync(RUN, join(bundle, 'raw', 'good.txt'));
      writeFileSync(join(bundle, 'raw', 'cut.txt'), readFileSync(RUN, 'utf8').replace(/(transactions:\s+)\d+/, `$1${'x'.repeat(1 + (slug.charCodeAt(0) % 5))}`));
      writeFileSync(join(bundle, 'index.md'), '---\ntitle: T\nsources:\n  - file: raw/good.txt\n    labels: { server: a }\n  - file: raw/cut.txt\n    labels: { server: b }\n---\n');
    }
    const result = await ingestReports({ root });
    assert.deepEqual(result.errors.map((e) => e.file), [...slugs].sort().map((slug) => `content/reports/${slug}/raw/cut.txt`));
    assert.equal(result.documents, slugs.length);
    assert.equal(result.reports, slugs.length);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('hashRawFiles reads a file only when its size, mtime or ctime differs from the sum it was given, and adds what it read', async () => {
  const root = site([], { 'a.txt': 'first\n', 'b.txt': 'second\n' });
  const raw = join(root, 'content/reports/x/raw');
  try {
    const info = statSync(join(raw, 'a.txt'));
    const hashes = {
      // Same size and times: taken as it is, so a sum no file has shows the file was not read.
      'content/reports/x/raw/a.txt': { sha256: 'kept', size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs },
      'content/reports/x/raw/b.txt': { sha256: 'stale', size: 7, mtimeMs: 0 },
    };
    const list = await hashRawFiles(await rawFolder(raw), root, hashes);
    assert.deepEqual(list, [
      { file: 'content/reports/x/raw/a.txt', sha256: 'kept', bytes: 6 },
      { file: 'content/reports/x/raw/b.txt', sha256: createHash('sha256').update('second\n').digest('hex'), bytes: 7 },
    ]);
    assert.equal(hashes['content/reports/x/raw/b.txt'].mtimeMs, statSync(join(raw, 'b.txt')).mtimeMs);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('raw files in a folder under raw/ are published with their views, and one a browser would run is refused there too', async () => {
  const root = site(['raw/waits/run.txt'], { 'waits/run.txt': null, 'waits/notes.txt': 'kept\n' });
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const out = JSON.parse(readFileSync(join(root, '.tpsreport/views/x.json'), 'utf8'));
    assert.deepEqual(rawListed(root).map((r) => r.href), ['./raw/waits/notes.txt', './raw/waits/run.txt']);
    assert.match(Object.values(out.views).map((v) => v.html).join('\n'), /<a href="\.\/raw\/waits\/run\.txt">run\.txt<\/a>/);
    const view = readFileSync(join(root, '.tpsreport/site/reports/x/raw/waits/run.txt.html'), 'utf8');
    assert.match(view, /<a href="\.\/run\.txt" download>/);
    assert.equal(readFileSync(join(root, '.tpsreport/site/reports/x/raw/waits/notes.txt'), 'utf8'), 'kept\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const unsafe = site(['raw/waits/run.txt'], { 'waits/run.txt': null, 'waits/plot.svg': SVG });
  try {
    assert.deepEqual((await compileReports({ root: unsafe })).errors.map((e) => e.file), ['content/reports/x/raw/waits/plot.svg']);
  } finally {
    rmSync(unsafe, { recursive: true, force: true });
  }
});

/** The error planSources throws for the report `x` of `root`, or null. */
function planError(root) {
  const bundle = join(root, 'content/reports/x');
  try {
    planSources(readFileSync(join(bundle, 'index.md'), 'utf8'), 'content/reports/x/index.md', bundle, root);
  } catch (error) {
    return error;
  }
  return null;
}

const RAW_PATH = "expected a file in the report's raw/ folder, named relative to the report folder (raw/<name>)";

test('a sources entry that leads out of the report folder (.., an absolute path, a path outside raw/) is refused at its line, naming the path', () => {
  const secret = join(tmpdir(), 'tpsreport-secret-not-read.txt');
  const cases = [
    ['../../../../etc/passwd', '"../../../../etc/passwd", which leads out of the folder with ..'],
    ['raw/../index.md', '"raw/../index.md", which leads out of the folder with ..'],
    [secret, `${JSON.stringify(secret)}, an absolute path`],
    ['index.md', '"index.md", which is not a path under raw/'],
  ];
  for (const [file, found] of cases) {
    const root = site([file], { 'run.txt': null });
    try {
      const error = planError(root);
      assert.ok(error instanceof Problem, `${file}: ${error}`);
      assert.equal(String(error), `content/reports/x/index.md:4:1: ${RAW_PATH}, found ${found}`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
});

test('a symbolic link in raw/ to a file outside the report folder is refused at its sources line, and unlisted it is refused by ingest and compile and never hashed or published', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'tpsreport-outside-'));
  const secret = join(outside, 'secret.txt');
  writeFileSync(secret, 'not for the site\n');
  const listed = site(['raw/run.txt'], {});
  const unlisted = site(['raw/run.txt'], { 'run.txt': null });
  try {
    symlinkSync(secret, join(listed, 'content/reports/x/raw/run.txt'));
    assert.equal(String(planError(listed)), `content/reports/x/index.md:4:1: ${RAW_PATH}, found "raw/run.txt", a symbolic link to ${realpathSync(secret)}, outside the report folder`);

    symlinkSync(secret, join(unlisted, 'content/reports/x/raw/notes.txt'));
    const ingested = await ingestReports({ root: unlisted });
    assert.deepEqual(ingested.errors.map(String), [`content/reports/x/raw/notes.txt: ${RAW_PATH}, found a symbolic link to ${realpathSync(secret)}, outside the report folder`]);
    const report = JSON.parse(readFileSync(join(unlisted, 'data/reports/x/report.json'), 'utf8'));
    assert.deepEqual(report.raw_files.map((r) => r.file), ['content/reports/x/raw/run.txt'], 'the link is not hashed');
    const compiled = await compileReports({ root: unlisted });
    assert.deepEqual(compiled.errors.map((e) => e.file), ['content/reports/x/raw/notes.txt']);
    assert.equal(existsSync(join(unlisted, '.tpsreport/site/reports/x/raw/notes.txt')), false, 'nothing outside the report folder is published');
  } finally {
    for (const dir of [outside, listed, unlisted]) rmSync(dir, { recursive: true, force: true });
  }
});

test('a folder in raw/ linked to a folder outside the report, and a raw/ that is itself such a link, lead every file under them out: refused, never listed as inside', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'tpsreport-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not for the site\n');
  const linkedFolder = site(['raw/waits/secret.txt'], { 'run.txt': null });
  const linkedRaw = site(['raw/secret.txt'], {});
  try {
    symlinkSync(outside, join(linkedFolder, 'content/reports/x/raw/waits'));
    const real = realpathSync(join(outside, 'secret.txt'));
    assert.equal(String(planError(linkedFolder)), `content/reports/x/index.md:4:1: ${RAW_PATH}, found "raw/waits/secret.txt", a symbolic link to ${real}, outside the report folder`);
    const folder = await rawFolder(join(linkedFolder, 'content/reports/x/raw'));
    assert.deepEqual(folder.map((e) => [e.name, e.outside]), [['run.txt', null], ['waits', realpathSync(outside)], [join('waits', 'secret.txt'), real]]);

    rmSync(join(linkedRaw, 'content/reports/x/raw'), { recursive: true });
    symlinkSync(outside, join(linkedRaw, 'content/reports/x/raw'));
    assert.equal(String(planError(linkedRaw)), `content/reports/x/index.md:4:1: ${RAW_PATH}, found "raw/secret.txt", a symbolic link to ${real}, outside the report folder`);
    assert.deepEqual((await rawFolder(join(linkedRaw, 'content/reports/x/raw'))).map((e) => [e.name, e.outside]), [['secret.txt', real]]);
  } finally {
    for (const dir of [outside, linkedFolder, linkedRaw]) rmSync(dir, { recursive: true, force: true });
  }
});

test('a symbolic link in raw/ to another file of the report folder is read like the file itself', () => {
  const root = site(['raw/latest.txt'], { 'run.txt': null });
  try {
    symlinkSync('run.txt', join(root, 'content/reports/x/raw/latest.txt'));
    assert.equal(planError(root), null);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('ingest refuses a raw file with a control byte after its first 8 KB at that byte, and writes no document for it', async () => {
  const bytes = readFileSync(join(ROOT, 'tests/fixtures/errors/backspace-inside-a-figure-after-first-8k.txt'), 'latin1');
  const root = site(['raw/run.txt'], { 'run.txt': bytes });
  try {
    writeFileSync(join(root, 'content/reports/x/raw/run.txt'), Buffer.from(bytes, 'latin1'));
    const ingested = await ingestReports({ root });
    assert.deepEqual(ingested.errors.map(String), ['content/reports/x/raw/run.txt:168:11: expected text output of a benchmark tool, found binary data (control byte 0x08 at offset 9060)']);
    assert.equal(existsSync(join(root, 'data/reports/x/run.json')), false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a file name is printed with its control characters escaped: an escape sequence in a name never reaches the terminal', async () => {
  const { formatLocation, printable, Problem } = await import('../../scripts/problems/problem.mjs');
  assert.equal(formatLocation({ file: 'raw/evil\n\x1b[31mname.txt', line: 3 }), 'raw/evil\\n\\x1b[31mname.txt:3');
  assert.equal(printable('a\x7fb\x9bc é'), 'a\\x7fb\\x9bc é');
  assert.equal(printable('two\nlines\x1b', { keepLines: true }), 'two\nlines\\x1b');
  assert.equal(String(new Problem({ file: 'raw/a\x1b.txt', line: 1, expected: 'x', found: 'raw/a\x1b.txt' })), 'raw/a\\x1b.txt:1: expected x, found raw/a\\x1b.txt');
});

test('a binary raw file (a NUL byte in its first 8,000) is published for download without a line view; a text file keeps its view', async () => {
  const picture = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR'), Buffer.alloc(64, 7)]);
  const root = site(['raw/run.txt'], { 'run.txt': null, 'flame.png': picture });
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root })).errors, []);
    const raw = join(root, '.tpsreport/site/reports/x/raw');
    assert.deepEqual(readdirSync(raw).sort(), ['flame.png', 'run.txt', 'run.txt.html']);
    assert.ok(readFileSync(join(raw, 'flame.png')).equals(picture), 'published byte for byte');
    assert.deepEqual(rawListed(root).map((f) => [f.name, f.view ?? true]), [['raw/flame.png', false], ['raw/run.txt', true]]);
    // A compile with nothing changed keeps both as they are.
    writeFileSync(join(root, 'content/reports/x/index.md'), `${readFileSync(join(root, 'content/reports/x/index.md'), 'utf8')}\nMore text.\n`);
    assert.deepEqual((await compileReports({ root })).errors, []);
    assert.deepEqual(readdirSync(raw).sort(), ['flame.png', 'run.txt', 'run.txt.html']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a log longer than a view page is published with its view in pages, and each figure of the page links to the page that holds its line, on a first compile and a reused one', async () => {
  const root = site(['raw/long.txt'], {});
  try {
    const index = join(root, 'content/reports/x/index.md');
    writeFileSync(index, `${readFileSync(index, 'utf8')}\nIt ran {{< value data="sysbench" metric="transactions.rate" where="server=a" >}} transactions a second, {{< value data="sysbench" metric="intervals.samples.tps.0" where="server=a" >}} in its first second.\n`);
    const log = join(root, 'content/reports/x/raw/long.txt');
    writeIntervalLog(log, 1.2 * RAW_VIEW_LINES * 130);
    const lines = readFileSync(log, 'utf8').split('\n');
    assert.ok(lines.length > RAW_VIEW_LINES && lines.length <= 2 * RAW_VIEW_LINES, `${lines.length} lines: two pages`);
    assert.deepEqual((await ingestReports({ root })).errors, []);
    const published = async () => {
      assert.deepEqual((await compileReports({ root })).errors, []);
      const raw = join(root, '.tpsreport/site/reports/x/raw');
      assert.deepEqual(readdirSync(raw).sort(), ['long.txt', `long.txt.L${RAW_VIEW_LINES + 1}.html`, 'long.txt.html']);
      assert.deepEqual(rawListed(root).map((f) => [f.name, f.pages]), [['raw/long.txt', 2]]);
      const { views } = JSON.parse(readFileSync(join(root, '.tpsreport/views/x.json'), 'utf8'));
      const links = Object.values(views).flatMap((v) => [...v.html.matchAll(/href="\.\/(raw\/[^"#]+)#L(\d+)"[^>]* data-source="raw\/long\.txt" data-line="(\d+)"/g)]);
      assert.deepEqual(links.map(([, file]) => file), ['raw/long.txt.L20001.html', 'raw/long.txt.html'].map((f) => f.replace('20001', String(RAW_VIEW_LINES + 1))), 'the summary on the second page, the first second on the first');
      for (const [, file, anchor, line] of links) {
        assert.equal(anchor, line);
        assert.ok(readFileSync(join(root, '.tpsreport/site/reports/x', file), 'utf8').includes(`<li id="L${line}"><a href="#L${line}">${line}</a><code>${lines[line - 1]}</code></li>`), `${file} shows line ${line} as the log has it`);
      }
    };
    await published();
    // An edit of the article alone reuses the raw views: both pages stay published.
    writeFileSync(join(root, 'content/reports/x/index.md'), `${readFileSync(join(root, 'content/reports/x/index.md'), 'utf8')}\nMore text.\n`);
    await published();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('raw files whose names would give one document name (run.txt and run.log, DBT-2\'s report.txt beside report.json) each get a document; a file listed twice is refused at its line', async () => {
  const root = site(['raw/run.txt', 'raw/run.log', 'raw/report.txt'], { 'run.txt': null, 'run.log': null, 'report.txt': null });
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    const data = join(root, 'data/reports/x');
    assert.deepEqual(readdirSync(data).sort(), ['report--txt.json', 'report.json', 'run--log.json', 'run.json']);
    const report = JSON.parse(readFileSync(join(data, 'report.json'), 'utf8'));
    assert.deepEqual(report.sources.map((s) => [s.file, s.data]), [['content/reports/x/raw/run.txt', 'run.json'], ['content/reports/x/raw/run.log', 'run--log.json'], ['content/reports/x/raw/report.txt', 'report--txt.json']]);
    assert.deepEqual((await validatePaths([data], { root })).problems, []);
    const index = join(root, 'content/reports/x/index.md');
    writeFileSync(index, readFileSync(index, 'utf8').replace('sources:\n', 'sources:\n  - file: raw/run.log\n    format: sysbench\n'));
    const twice = (await ingestReports({ root })).errors.map(String);
    assert.deepEqual(twice, ['content/reports/x/index.md:9:1: expected each raw file listed once (source 1 lists it too), found raw/run.log']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
