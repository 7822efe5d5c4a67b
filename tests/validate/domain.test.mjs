// Cross-document checks on hand-built documents: what they must flag and what
// they must let through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportProblems, crossSummary } from '../../scripts/validate/domain.mjs';

const fig = (value, unit, line, extra = {}) => ({ value, unit, line, text: String(value), ...extra });
const rules = (report, docs, o = {}) => reportProblems(report, new Map(Object.entries(docs).map(([name, doc]) => [name, crossSummary(doc)])), { reportFile: 'report.json', fileOf: (n) => n, docOf: (n) => docs[n], ...o }).map((p) => `${p.rule} ${p.file} ${p.pointer}`);
const noSweep = { sweep: [], sources: [] };

test('units-agree flags the same figure in ms in one run and s in another', () => {
  const c = { kind: 'sysbench', provenance: { source: 'c' }, runs: [{ latency: { avg: fig(1, 'ms', 3) } }] };
  const d = { kind: 'sysbench', provenance: { source: 'd' }, runs: [{ latency: { avg: fig(1, 's', 3) } }] };
  assert.deepEqual(rules(noSweep, { c, d }), ['units-agree d /runs/0/latency/avg/unit']);
});

test('units-agree reports a figure in another unit once per document, at its first place', () => {
  const c = { kind: 'sysbench', provenance: { source: 'c' }, runs: [{ latency: { avg: fig(1, 'ms', 3) } }] };
  const d = { kind: 'sysbench', provenance: { source: 'd' }, runs: [1, 2, 3].map((line) => ({ latency: { avg: fig(1, 's', line) } })) };
  const e = { kind: 'sysbench', provenance: { source: 'e' }, runs: [{ latency: { avg: fig(1, 'ms', 3) } }, { latency: { avg: fig(1, 's', 9) } }] };
  assert.deepEqual(rules(noSweep, { c, d, e }), ['units-agree d /runs/0/latency/avg/unit', 'units-agree e /runs/1/latency/avg/unit']);
});

test('units-agree lets printed sizes differ when a derived figure in bytes sits beside them', () => {
  const a = { kind: 'my-cnf', provenance: { source: 'a' }, options: [{ size: fig(256, 'MiB', 1), bytes: fig(268435456, 'bytes', 1, { derived: true }) }] };
  const b = { kind: 'my-cnf', provenance: { source: 'b' }, options: [{ size: fig(1, 'GiB', 1), bytes: fig(1073741824, 'bytes', 1, { derived: true }) }] };
  assert.deepEqual(rules(noSweep, { a, b }), []);
});

test('units-agree still compares the derived figures themselves', () => {
  const a = { kind: 'my-cnf', provenance: { source: 'a' }, options: [{ size: fig(256, 'MiB', 1), bytes: fig(1, 'bytes', 1, { derived: true }) }] };
  const b = { kind: 'my-cnf', provenance: { source: 'b' }, options: [{ size: fig(1, 'GiB', 1), bytes: fig(1, 'KiB', 1, { derived: true }) }] };
  assert.deepEqual(rules(noSweep, { a, b }), ['units-agree b /options/0/bytes/unit']);
});

test('units-agree tells the named figures of a list apart (GNU time resources), and still compares one name across documents', () => {
  const resources = (rss) => [{ name: 'Percent of CPU this job got', value: fig(0, 'percent', 4) }, { name: 'Maximum resident set size (kbytes)', value: fig(1, rss, 10) }];
  const a = { kind: 'elapsed-time', provenance: { source: 'a' }, timings: [{ resources: resources('KiB') }] };
  const b = { kind: 'elapsed-time', provenance: { source: 'b' }, timings: [{ resources: resources('KiB') }] };
  assert.deepEqual(rules(noSweep, { a, b }), []);
  b.timings[0].resources = resources('bytes');
  assert.deepEqual(rules(noSweep, { a, b }), ['units-agree b /timings/0/resources/1/value/unit']);
});

test('sweep-varies ignores a kind that does not carry the swept label, and flags one that carries a single value', () => {
  const report = { sweep: ['threads'], sources: [
    { data: 's1', labels: { threads: 4 } }, { data: 's2', labels: { threads: 4 } }, { data: 'g', labels: {} },
  ] };
  const docs = { s1: { kind: 'sysbench' }, s2: { kind: 'sysbench' }, g: { kind: 'global-variables' } };
  assert.deepEqual(rules(report, docs), ['sweep-varies report.json /sweep']);
  report.sources[1].labels.threads = 8;
  assert.deepEqual(rules(report, docs), []);
  // A document that could not be read (its own error says why) is no run of a kind "?" with one value.
  report.sources.push({ data: 'broken', labels: { threads: 16 } });
  assert.deepEqual(rules(report, docs, { exists: () => true }), []);
});

test('raw-line-exists flags a figure whose line is past the end of its raw file, with its pointer', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { domainProblems } = await import('../../scripts/validate/domain.mjs');
  const root = join(import.meta.dirname, '..', '..');
  const doc = JSON.parse(readFileSync(join(root, 'data/reports/mariadb-sysbench-threads/oltp_read_write-t1.json'), 'utf8'));
  assert.deepEqual(domainProblems(doc, 'x.json', { root }), []);
  doc.runs[0].transactions.rate.line = doc.provenance.lines + 1;
  assert.deepEqual(domainProblems(doc, 'x.json', { root }).map((p) => `${p.rule} ${p.pointer}`), ['raw-line-exists /runs/0/transactions/rate/line']);
});

test('document-exists flags a document report.json lists that is not there', () => {
  const report = { sweep: [], sources: [{ file: 'raw/a.txt', data: 'a' }, { file: 'raw/b.txt', data: 'b' }] };
  assert.deepEqual(rules(report, { a: { kind: 'sysbench' } }), ['document-exists report.json /sources/1/data']);
});

test('validatePaths reports a listed but missing document at its line in report.json, and a present one not at all', async () => {
  const { readFileSync, writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
  const { join, relative } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { validatePaths } = await import('../../scripts/validate/index.mjs');
  const { toJson } = await import('../../scripts/lib/files.mjs');
  const root = join(import.meta.dirname, '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-listed-'));
  try {
    writeFileSync(join(dir, 'oltp_read_write-t1.json'), readFileSync(join(root, 'data/reports/mariadb-sysbench-threads/oltp_read_write-t1.json')));
    const raw = (n) => `content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t${n}.txt`;
    writeFileSync(join(dir, 'report.json'), toJson({
      kind: 'report', schema_version: 1, report: 'x', title: 'X', compare: [], sweep: [],
      sources: [1, 2].map((n, i) => ({ file: raw(n), data: `oltp_read_write-t${n}.json`, order: i, labels: {} })),
      raw_files: [],
    }));
    const { files, problems } = await validatePaths([dir], { root });
    assert.equal(files, 2);
    const file = relative(root, join(dir, 'report.json'));
    assert.deepEqual(problems.map((p) => p.toJSON()), [{
      severity: 'error', file, pointer: '/sources/1/data', rule: 'document-exists', line: 17,
      expected: `${relative(root, join(dir, 'oltp_read_write-t2.json'))}, the document of ${raw(2)} (run \`tpsreport ingest\` and commit data/)`,
      found: 'no such file',
      message: `expected ${relative(root, join(dir, 'oltp_read_write-t2.json'))}, the document of ${raw(2)} (run \`tpsreport ingest\` and commit data/), found no such file`,
    }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('raw-file-recorded flags each file of a report\'s raw/ folder, in subfolders too, that report.json does not hash, and no recorded one', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { domainProblems } = await import('../../scripts/validate/domain.mjs');
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-recorded-'));
  try {
    const raw = join(root, 'content/reports/x/raw');
    mkdirSync(join(raw, 'waits'), { recursive: true });
    mkdirSync(join(root, 'content/reports/x/more'));
    for (const name of ['run.txt', 'notes.txt', 'waits/t0.txt', '../more/t1.txt']) writeFileSync(join(raw, name), 'ran on a laptop\n');
    // A folder linked into raw/ is listed like a folder in it (ingest's listing follows it too).
    symlinkSync('../more', join(raw, 'linked'));
    const sha256 = 'c7c5f2c1f3b4b1e0d0d6a6a3e1c0b4b8f0d9e2a7c5b3a1f0e9d8c7b6a5f4e3d2';
    const report = { kind: 'report', report: 'x', sources: [], raw_files: [{ file: 'content/reports/x/raw/run.txt', sha256, bytes: 16 }] };
    const found = domainProblems(report, 'report.json', { root }).filter((p) => p.rule === 'raw-file-recorded');
    assert.deepEqual(found.map((p) => `${p.pointer} ${p.expected} / ${p.found}`), ['linked/t1.txt', 'notes.txt', 'waits/t0.txt'].map((name) => (
      `/raw_files content/reports/x/raw/${name} among the raw files hashed at ingest (every raw file is published with the report; run \`tpsreport ingest\` and commit data/) / a raw file added after the last ingest`
    )));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a schema error is reported once, though the schema reaches the value by two paths', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { documentProblems } = await import('../../scripts/validate/index.mjs');
  const root = join(import.meta.dirname, '..', '..');
  const doc = JSON.parse(readFileSync(join(root, 'data/reports/mariadb-sysbench-threads/oltp_read_write-t1.json'), 'utf8'));
  doc.runs[0].transactions.rate.value = String(doc.runs[0].transactions.rate.value);
  const problems = documentProblems(doc, 'x.json', { root });
  assert.deepEqual(problems.map((p) => `${p.rule} ${p.pointer}`), ['schema/type /runs/0/transactions/rate/value']);
});
