// A report can name its raw files by pattern: `glob: "raw/x-{format}-t{threads}.txt"`
// lists every matching file once, each `{name}` a label of that file's runs.
// The row-formats report reads 98 of its raw files through five patterns and must
// produce what its old one-entry-per-file listing produced; every mistake in a
// pattern is one located line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { planSources } from '../../scripts/ingest/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** The plan ingest makes for a report's index.md in `root`. */
function plan(root, slug, text) {
  const bundle = join(root, 'content', 'reports', slug);
  return planSources(text ?? readFileSync(join(bundle, 'index.md'), 'utf8'), `content/reports/${slug}/index.md`, bundle, root);
}

/** A site with one report `x` whose raw/ holds the named (empty) files and whose front matter lists `sources` (YAML text). */
function site(files, sources) {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-glob-'));
  const bundle = join(root, 'content', 'reports', 'x');
  mkdirSync(join(bundle, 'raw'), { recursive: true });
  for (const name of files) writeFileSync(join(bundle, 'raw', name), 'sysbench 1.0.20\n');
  writeFileSync(join(bundle, 'index.md'), `---\ntitle: Globs\nsources:\n${sources}---\nText.\n`);
  return root;
}

function errorOf(fn) {
  try { fn(); } catch (error) { return String(error); }
  assert.fail('no error');
}

test('the row-formats report\'s patterns give every document, label, format and order its committed data/ holds', () => {
  const slug = 'row-formats-and-compression';
  const entries = plan(ROOT, slug);
  const report = JSON.parse(readFileSync(join(ROOT, 'data', 'reports', slug, 'report.json'), 'utf8'));
  const planned = entries.map((e) => ({ file: relative(ROOT, e.path), data: e.out, order: e.order, labels: e.labels, ...(e.format ? { format: e.format } : {}) }));
  assert.deepEqual(planned, report.sources);
  assert.equal(planned.filter((s) => s.file.includes('/raw/sysbench-')).length, 80);
  const docs = readdirSync(join(ROOT, 'data', 'reports', slug)).filter((n) => n !== 'report.json');
  assert.deepEqual(docs.sort(), entries.map((e) => e.out).sort(), 'one document per planned source, no more');
  for (const entry of entries) {
    const doc = JSON.parse(readFileSync(join(ROOT, 'data', 'reports', slug, entry.out), 'utf8'));
    assert.deepEqual([doc.labels, doc.order, doc.run_labels], [entry.labels, entry.order, entry.runLabels], entry.out);
  }
  const index = readFileSync(join(ROOT, 'content', 'reports', slug, 'index.md'), 'utf8');
  assert.ok(index.split('\n---\n')[0].split('\n').length < 80, 'the front matter stays short');
});

test('a capture reads a whole number as a number, other text as text, and fixed labels come after the captures', () => {
  const root = site(['rw-bp32M-t16.txt', 'rw-bp32M-t2.txt', 'rw-bp1.5G-t2.txt'], '  - glob: "raw/rw-bp{buffer_pool}-t{threads}.txt"\n    format: sysbench\n    labels: { server: "MariaDB 10.11" }\n');
  try {
    const entries = plan(root, 'x');
    assert.deepEqual(entries.map((e) => [relative(root, e.path), e.labels, e.format, e.order]), [
      ['content/reports/x/raw/rw-bp1.5G-t2.txt', { buffer_pool: '1.5G', threads: 2, server: 'MariaDB 10.11' }, 'sysbench', 0],
      ['content/reports/x/raw/rw-bp32M-t2.txt', { buffer_pool: '32M', threads: 2, server: 'MariaDB 10.11' }, 'sysbench', 1],
      ['content/reports/x/raw/rw-bp32M-t16.txt', { buffer_pool: '32M', threads: 16, server: 'MariaDB 10.11' }, 'sysbench', 2],
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a file that values leave out may be read by another source', () => {
  const root = site(['rw-t1.txt', 'rw-t8.txt', 'ro-t1.txt'], '  - glob: "raw/{workload}-t{threads}.txt"\n    values: { workload: { rw: read/write } }\n  - file: raw/ro-t1.txt\n    labels: { workload: read-only, threads: 1, set: single }\n');
  try {
    assert.deepEqual(plan(root, 'x').map((e) => e.labels), [{ workload: 'read/write', threads: 1 }, { workload: 'read/write', threads: 8 }, { workload: 'read-only', threads: 1, set: 'single' }]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('values restrict a capture to the texts they list, and sort orders the matches', () => {
  const root = site(['ro-t1.txt', 'ro-t8.txt', 'rw-t1.txt', 'rw-t8.txt'],
    '  - glob: "raw/{workload}-t{threads}.txt"\n    values: { workload: { rw: read/write, ro: read-only } }\n    sort: [threads, workload]\n');
  try {
    assert.deepEqual(plan(root, 'x').map((e) => [relative(join(root, 'content/reports/x'), e.path), e.labels]), [
      ['raw/rw-t1.txt', { workload: 'read/write', threads: 1 }],
      ['raw/ro-t1.txt', { workload: 'read-only', threads: 1 }],
      ['raw/rw-t8.txt', { workload: 'read/write', threads: 8 }],
      ['raw/ro-t8.txt', { workload: 'read-only', threads: 8 }],
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('{name:number} matches numbers only, and an earlier capture takes the dashes of a name', () => {
  const root = site(['sysbench-one-thread-per-connection-oltp_read_only-t4.txt', 'sysbench-pool-of-threads-oltp_read_only-t16.txt', 'sysbench-pool-of-threads-oltp_read_only-t4-interval.txt'],
    '  - glob: "raw/sysbench-{thread_handling}-{workload}-t{threads:number}.txt"\n');
  try {
    assert.deepEqual(plan(root, 'x').map((e) => e.labels), [
      { thread_handling: 'one-thread-per-connection', workload: 'oltp_read_only', threads: 4 },
      { thread_handling: 'pool-of-threads', workload: 'oltp_read_only', threads: 16 },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

for (const [what, sources, message] of [
  ['a pattern no raw file matches', '  - glob: "raw/rw-t{threads}.log"\n',
    'content/reports/x/index.md:4:1: expected raw files matching raw/rw-t{threads}.log, found none among the 3 files in raw/'],
  ['a raw file two sources match', '  - file: raw/rw-t1.txt\n    labels: { threads: 1 }\n  - glob: "raw/{workload}-t{threads}.txt"\n',
    'content/reports/x/index.md:6:1: expected each raw file in one source only, found raw/rw-t1.txt, also matched by source 1 at line 4'],
  ['a raw file two patterns match', '  - glob: "raw/rw-t{threads}.txt"\n  - glob: "raw/{workload}-t1.txt"\n',
    'content/reports/x/index.md:5:1: expected each raw file in one source only, found raw/rw-t1.txt, also matched by source 1 at line 4'],
  ['file and glob in one entry', '  - file: raw/rw-t1.txt\n    glob: "raw/rw-t{threads}.txt"\n',
    'content/reports/x/index.md:4:1: expected either `file:` or `glob:` in one source, found both'],
  ['a pattern outside raw/', '  - glob: "../rw-t{threads}.txt"\n',
    'content/reports/x/index.md:4:1: expected a pattern of raw files such as "raw/sysbench-t{threads}.txt", found "../rw-t{threads}.txt"'],
  ['a pattern without a capture', '  - glob: "raw/rw-t*.txt"\n',
    'content/reports/x/index.md:4:1: expected at least one {name} capture (a list of one file takes `file:`), found "raw/rw-t*.txt"'],
  ['a capture name in capitals', '  - glob: "raw/rw-t{Threads}.txt"\n',
    'content/reports/x/index.md:4:1: expected capture names in lower case (a-z, 0-9, _) inside { }, optionally {name:number}, found "{Threads}"'],
  ['a capture of an unknown type', '  - glob: "raw/rw-t{threads:int}.txt"\n',
    'content/reports/x/index.md:4:1: expected capture names in lower case (a-z, 0-9, _) inside { }, optionally {name:number}, found "{threads:int}"'],
  ['a capture twice', '  - glob: "raw/{threads}-t{threads}.txt"\n',
    'content/reports/x/index.md:4:1: expected each capture once in the pattern, found {threads} twice'],
  ['values for a name the pattern does not capture', '  - glob: "raw/rw-t{threads}.txt"\n    values: { workload: { rw: read/write } }\n',
    'content/reports/x/index.md:5:1: expected values for captures of the pattern (threads), found "workload"'],
  ['sort by a name the pattern does not capture', '  - glob: "raw/rw-t{threads}.txt"\n    sort: [server]\n',
    'content/reports/x/index.md:5:1: expected a list of the pattern\'s captures (threads), found ["server"]'],
  ['a label both captured and fixed', '  - glob: "raw/rw-t{threads}.txt"\n    labels: { threads: 4 }\n',
    'content/reports/x/index.md:5:1: expected label threads either captured by the pattern or fixed under labels, not both, found both'],
  ['a file of the pattern\'s shape that values leave out and no source reads', '  - glob: "raw/{workload}-t{threads}.txt"\n    values: { workload: { rw: read/write } }\n',
    'content/reports/x/index.md:5:1: expected workload to take one of the texts under values (rw), or another source to read raw/ro-t1.txt, found "ro" in raw/ro-t1.txt, which no source reads'],
  ['an unknown parser format on a pattern', '  - glob: "raw/rw-t{threads}.txt"\n    format: sysbench2\n',
    'content/reports/x/index.md:5:1: expected a format name, one of '],
]) {
  test(`sources refuse ${what} at its line in index.md`, () => {
    const root = site(['rw-t1.txt', 'rw-t8.txt', 'ro-t1.txt'], sources);
    try {
      const error = errorOf(() => plan(root, 'x'));
      if (message.endsWith('one of ')) assert.ok(error.startsWith(message), error);
      else assert.equal(error, message);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

test('a pattern passes over a symbolic link in raw/ that leads nowhere, and reads the files beside it', () => {
  const root = site(['run-t1.txt', 'run-t2.txt'], '  - glob: "raw/run-t{threads:number}.txt"\n');
  try {
    symlinkSync(join(root, 'gone.txt'), join(root, 'content', 'reports', 'x', 'raw', 'run-t4.txt'));
    assert.deepEqual(plan(root, 'x').map((e) => [relative(root, e.path), e.labels.threads]), [['content/reports/x/raw/run-t1.txt', 1], ['content/reports/x/raw/run-t2.txt', 2]]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a misspelled key in a source, and a compare: or sweep: label no run has, are refused at their line with the name meant', () => {
  const root = site(['run-t1.txt', 'run-t2.txt'], '  - glob: "raw/run-t{threads}.txt"\n    labels: { server: a }\n  - file: raw/run-t1.txt\n    lables: { server: b }\n');
  const front = (extra, sources) => `---\ntitle: Keys\n${extra}sources:\n${sources}---\nText.\n`;
  const glob = '  - glob: "raw/run-t{threads}.txt"\n    labels: { server: a }\n';
  try {
    assert.equal(errorOf(() => plan(root, 'x')), 'content/reports/x/index.md:7:1: expected a source key (file, glob, values, sort, format, labels, run_labels, options), found "lables" (did you mean "labels"?)');
    assert.equal(errorOf(() => plan(root, 'x', front('', `${glob}    formt: sysbench\n`))), 'content/reports/x/index.md:6:1: expected a source key (file, glob, values, sort, format, labels, run_labels, options), found "formt" (did you mean "format"?)');
    assert.equal(errorOf(() => plan(root, 'x', front('compare: [servr]\n', glob))), 'content/reports/x/index.md:3:1: expected labels the runs have (server, threads), found "servr" (did you mean "server"?)');
    assert.equal(errorOf(() => plan(root, 'x', front('compare: server\nsweep: [threds]\n', glob))), 'content/reports/x/index.md:4:1: expected labels the runs have (server, threads), found "threds" (did you mean "threads"?)');
    assert.equal(plan(root, 'x', front('compare: server\nsweep: threads\n', glob)).length, 2);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a front matter date Hugo cannot read is refused at its line, and a calendar date that does not exist says why', () => {
  const root = site(['run-t1.txt'], '  - file: raw/run-t1.txt\n');
  const front = (dates) => `---\ntitle: Dates\n${dates}sources:\n  - file: raw/run-t1.txt\n---\nText.\n`;
  const expected = 'expected a date as YYYY-MM-DD (2026-11-22), or with a time (2026-11-22T14:30:00Z), found';
  try {
    assert.equal(errorOf(() => plan(root, 'x', front('date: 2026-13-22\n'))), `content/reports/x/index.md:3:1: ${expected} date: "2026-13-22" (there is no month 13)`);
    assert.equal(errorOf(() => plan(root, 'x', front('date: 2026-11-22\nlastmod: 2026-11-31\n'))), `content/reports/x/index.md:4:1: ${expected} lastmod: "2026-11-31" (November 2026 has 30 days)`);
    assert.equal(errorOf(() => plan(root, 'x', front('publishDate: next tuesday\n'))), `content/reports/x/index.md:3:1: ${expected} publishDate: "next tuesday"`);
    assert.equal(errorOf(() => plan(root, 'x', front('date: [2026]\n'))), `content/reports/x/index.md:3:1: ${expected} date: [2026]`);
    for (const date of ['2024-02-29', '2026-11-22T14:30:00Z', '2026-11-22 14:30:00+01:00', '"Mon, 02 Jan 2006 15:04:05 MST"']) assert.equal(plan(root, 'x', front(`date: ${date}\n`)).length, 1, date);
    assert.equal(errorOf(() => plan(root, 'x', front('date: 2025-02-29\n'))), `content/reports/x/index.md:3:1: ${expected} date: "2025-02-29" (February 2025 has 28 days)`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a noise_reference whose label or value no run has, or that no run matches, is refused at its line with the one meant', () => {
  const root = site(['run-t1-r1.txt', 'run-t1-r2.txt', 'run-t2-r1.txt'], '  - glob: "raw/run-t{threads:number}-r{repeat:number}.txt"\n');
  const front = (reference) => `---\ntitle: Noise\nnoise_reference: ${reference}\nsources:\n  - glob: "raw/run-t{threads:number}-r{repeat:number}.txt"\n    labels: { workload: rw }\n---\nText.\n`;
  try {
    assert.equal(plan(root, 'x', front('"threads=1"')).length, 3);
    assert.equal(plan(root, 'x', front('"workload=rw;threads=1"')).length, 3);
    assert.equal(errorOf(() => plan(root, 'x', front('"thread=1"'))), 'content/reports/x/index.md:3:1: expected labels the runs have (repeat, threads, workload), found "thread" (did you mean "threads"?)');
    assert.equal(errorOf(() => plan(root, 'x', front('"workload=rx;threads=1"'))), 'content/reports/x/index.md:3:1: expected a value label workload takes ("rw"), found workload="rx" (did you mean "rw"?)');
    assert.equal(errorOf(() => plan(root, 'x', front('"threads=2;repeat=2"'))), 'content/reports/x/index.md:3:1: expected a filter some run matches whole, found "threads=2;repeat=2"');
    assert.equal(errorOf(() => plan(root, 'x', front('"threads"'))), 'content/reports/x/index.md:3:1: expected label=value pairs separated by ";", naming the runs of one configuration repeated (noise_reference: "config=baseline"), found "threads"');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a label one source names unlike the others (repaet where they have repeat) is refused at that source with the name they use', () => {
  const files = ['run-r1.txt', 'run-r2.txt', 'run-r3.txt'];
  const root = site(files, files.map((f) => `  - file: raw/${f}\n`).join(''));
  const front = (third) => `---\ntitle: Slip\nsources:\n  - file: raw/run-r1.txt\n    labels: { threads: 4, repeat: 1 }\n  - file: raw/run-r2.txt\n    labels: { threads: 4, repeat: 2 }\n  - file: raw/run-r3.txt\n    labels: { threads: 4, ${third} }\n---\nText.\n`;
  try {
    assert.equal(errorOf(() => plan(root, 'x', front('repaet: 3'))), 'content/reports/x/index.md:9:1: expected the label names the other runs use (repeat is on 2 of 3 sources, not this one), found "repaet" (did you mean "repeat"?)');
    assert.equal(plan(root, 'x', front('repeat: 3')).length, 3);
    // A label of its own that is no slip of another (a note on one run) stays.
    assert.equal(plan(root, 'x', front('repeat: 3, note: rerun')).length, 3);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
