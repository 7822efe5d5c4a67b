// `tpsreport build --frozen` builds from the committed data/ and never
// ingests. It refuses, naming the file, a raw file whose bytes no longer
// match the sha256 recorded at ingest (a parsed run or a file only shown,
// such as an option file in a config block), a raw file added or removed,
// a listed document that is missing, a document nothing lists, and front
// matter that changed after the last ingest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, cpSync, symlinkSync, readFileSync, readdirSync, statSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { frozenProblems } from '../../scripts/site/frozen.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const RUN = join(ROOT, 'content/reports/innodb-plugin-vs-builtin/raw/sysbench-5.1-plugin-rw.txt');
const RAW = 'content/reports/x/raw';

const INDEX = `---
title: Frozen
sources:
  - file: raw/run.txt
    labels: { server: a }
---

{{< config file="raw/innodb.cnf" >}}

{{< runs data="sysbench" >}}
`;

/** A site root with report x (one sysbench run under sources, one option file shown in a config block), ingested. */
async function ingestedSite() {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-frozen-'));
  mkdirSync(join(root, RAW), { recursive: true });
  writeFileSync(join(root, 'content/reports/x/index.md'), INDEX);
  copyFileSync(RUN, join(root, RAW, 'run.txt'));
  writeFileSync(join(root, RAW, 'innodb.cnf'), '[mysqld]\ninnodb_buffer_pool_size = 1G\n');
  const ingested = await ingestReports({ root });
  assert.deepEqual(ingested.errors, []);
  return root;
}

async function problems(root) {
  return (await frozenProblems({ root })).problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''} ${p.pointer ?? ''} ${p.rule}: ${p.expected} / ${p.found}`);
}

/** The line of report.json that holds `needle`, as validate places a problem there. */
function reportLine(root, needle) {
  return readFileSync(join(root, 'data/reports/x/report.json'), 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
}

async function withSite(fn) {
  const root = await ingestedSite();
  try {
    await fn(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('a freshly ingested report has nothing to refuse', () => withSite(async (root) => {
  assert.deepEqual(await problems(root), []);
}));

test('a raw file that is only shown (an option file in a config block) and changed after ingest is refused by name', () => withSite(async (root) => {
  appendFileSync(join(root, RAW, 'innodb.cnf'), 'innodb_flush_log_at_trx_commit = 2\n');
  const [found, ...more] = await problems(root);
  assert.deepEqual(more, []);
  assert.match(found, /^data\/reports\/x\/report\.json:\d+ \/raw_files\/0\/sha256 raw-file-sha256: sha256 [0-9a-f]{12}… of content\/reports\/x\/raw\/innodb\.cnf \(run `tpsreport ingest` after changing a raw file\) \/ [0-9a-f]{12}…$/);
}));

test('a parsed run whose raw file changed after ingest is refused, naming the raw file and its document', () => withSite(async (root) => {
  const path = join(root, RAW, 'run.txt');
  writeFileSync(path, readFileSync(path, 'utf8').replace(/\(([\d.]+) per sec\.\)/, '(999.99 per sec.)'));
  const [found, ...more] = await problems(root);
  assert.deepEqual(more, []);
  assert.match(found, /^data\/reports\/x\/run\.json:\d+ \/provenance\/sha256 raw-file-sha256: sha256 [0-9a-f]{12}… of content\/reports\/x\/raw\/run\.txt /);
}));

test('a document report.json lists that is missing is refused by name', () => withSite(async (root) => {
  rmSync(join(root, 'data/reports/x/run.json'));
  assert.deepEqual(await problems(root), [
    `data/reports/x/report.json:${reportLine(root, '"data": "run.json"')} /sources/0/data document-exists: data/reports/x/run.json, the document of content/reports/x/raw/run.txt (run \`tpsreport ingest\` and commit data/) / no such file`,
  ]);
}));

test('a raw file added after ingest, or one removed, is refused by name', () => withSite(async (root) => {
  writeFileSync(join(root, RAW, 'notes.txt'), 'ran on a laptop\n');
  rmSync(join(root, RAW, 'innodb.cnf'));
  assert.deepEqual(await problems(root), [
    `data/reports/x/report.json:${reportLine(root, '"raw_files"')} /raw_files raw-file-recorded: content/reports/x/raw/notes.txt among the raw files hashed at ingest (every raw file is published with the report; run \`tpsreport ingest\` and commit data/) / a raw file added after the last ingest`,
    `data/reports/x/report.json:${reportLine(root, '"file": "content/reports/x/raw/innodb.cnf"')} /raw_files/0/file raw-file-exists: raw file content/reports/x/raw/innodb.cnf beside the data (run \`tpsreport ingest\` after removing a raw file) / no such file`,
  ]);
}));

test('front matter changed after ingest (a label, a new source) is refused: the documents carry what it said before', () => withSite(async (root) => {
  writeFileSync(join(root, 'content/reports/x/index.md'), INDEX.replace('server: a', 'server: b'));
  assert.deepEqual(await problems(root), [
    'content/reports/x/index.md  front-matter-ingested: `sources` as data/reports/x/report.json records it (run `tpsreport ingest`, review and commit data/) / a different `sources`: the front matter changed after the last ingest',
  ]);
  writeFileSync(join(root, 'content/reports/x/index.md'), INDEX.replace('sources:\n', 'sources:\n  - file: raw/gone.txt\n'));
  assert.deepEqual(await problems(root), [
    'content/reports/x/index.md:4  sources: a raw file beside the report (content/reports/x/raw/gone.txt) / no such file',
  ]);
}));

test('a document no source lists is refused (compile would show its runs), and so is a report never ingested', () => withSite(async (root) => {
  copyFileSync(join(root, 'data/reports/x/run.json'), join(root, 'data/reports/x/old-run.json'));
  assert.deepEqual(await problems(root), [
    'data/reports/x/old-run.json  document-listed: a document report.json lists (run `tpsreport ingest`, review and commit data/) / a document no source produces',
  ]);
  rmSync(join(root, 'data'), { recursive: true });
  assert.deepEqual(await problems(root), [
    'data/reports/x/report.json  report-ingested: the report document of content/reports/x/index.md (run `tpsreport ingest`, review and commit data/) / no such file',
  ]);
}));

/** A project folder with the real report `slug` and its committed data, as a clean clone holds it. */
function cloneWith(slug) {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-frozen-build-'));
  for (const name of ['scripts', 'layouts', 'static', 'schemas', 'config.toml', 'package.json']) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of ['node_modules', '.venv']) symlinkSync(join(ROOT, name), join(dir, name));
  for (const path of ['content/_index.md', 'content/reports/_index.md', 'content/docs', `content/reports/${slug}`, `data/reports/${slug}`]) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  return dir;
}

const mtimes = (dir) => readdirSync(dir, { recursive: true }).map((f) => [f, statSync(join(dir, f)).mtimeMs]);

test('build --frozen builds from the committed data without ingesting, and refuses a raw file changed since, naming it', { timeout: 300_000 }, () => {
  const slug = 'innodb-plugin-vs-builtin';
  const dir = cloneWith(slug);
  const build = () => spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build', '--frozen'], { cwd: dir, encoding: 'utf8' });
  try {
    const data = mtimes(join(dir, 'data'));
    const built = build();
    assert.equal(built.status, 0, built.stderr);
    assert.doesNotMatch(built.stderr, /^ingest:/m);
    assert.match(built.stderr, /^frozen: \d+ documents checked against the raw files in \d+ ms, data\/ is what ingest wrote$/m);
    assert.ok(statSync(join(dir, 'public', 'reports', slug, 'raw', 'innodb.cnf')).isFile());

    appendFileSync(join(dir, 'content', 'reports', slug, 'raw', 'innodb.cnf'), '# tuned after the runs\n');
    const refused = build();
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^build --frozen: data\/ does not match the raw files and front matter beside it, and a frozen build never ingests:$/m);
    assert.match(refused.stderr, new RegExp(`^data/reports/${slug}/report\\.json:\\d+ /raw_files/\\d+/sha256: expected sha256 [0-9a-f]{12}… of content/reports/${slug}/raw/innodb\\.cnf \\(run \`tpsreport ingest\` after changing a raw file\\), found [0-9a-f]{12}…$`, 'm'));
    assert.doesNotMatch(refused.stderr, /\n\s+at /, 'no stack trace');
    assert.deepEqual(mtimes(join(dir, 'data')), data, 'data/ is never written');
    assert.doesNotMatch(readFileSync(join(dir, 'public', 'reports', slug, 'raw', 'innodb.cnf'), 'utf8'), /tuned after the runs/, 'the changed file is not published');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a figure edited by hand in data/ (its value, or its value and text) is refused at its place, with the raw line it names', () => withSite(async (root) => {
  const doc = join(root, 'data/reports/x/run.json');
  const original = readFileSync(doc, 'utf8');
  const rate = /"rate": \{\n\s+"value": ([\d.]+),\n\s+"text": "([\d.]+)"/.exec(original);
  const line = readFileSync(join(root, RAW, 'run.txt'), 'utf8').split('\n').findIndex((l) => /^\s+transactions:/.test(l)) + 1;
  writeFileSync(doc, original.replace(rate[0], rate[0].replace(`"value": ${rate[1]}`, '"value": 999.99')));
  assert.deepEqual(await problems(root), [`data/reports/x/run.json:${original.slice(0, original.indexOf(rate[0])).split('\n').length} /runs/0/transactions/rate figure-printed: the figure content/reports/x/raw/run.txt:${line} prints (data/ is written by \`tpsreport ingest\`, never by hand) / value 999.99 beside the text "${rate[2]}"`]);
  writeFileSync(doc, original.replace(rate[0], rate[0].replace(`"value": ${rate[1]}`, '"value": 999.99').replace(`"text": "${rate[2]}"`, '"text": "999.99"')));
  const [both, ...more] = await problems(root);
  assert.deepEqual(more, []);
  assert.match(both, /figure-printed: the figure content\/reports\/x\/raw\/run\.txt:\d+ prints .* \/ text "999\.99", where the line reads "transactions: +\d+ +\([\d.]+ per sec\.\)"$/);
  writeFileSync(doc, original);
  assert.deepEqual(await problems(root), []);
}));
