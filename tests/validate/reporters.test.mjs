// `tpsreport validate` on a report whose data is broken in every way the
// checks know: each reporter's exact output is a golden file, and the exit
// status is 1. The fixture documents are real ingest output with one defect
// each:
//   oltp_read_write-t1.json  status "exploded" (schema)
//   oltp_read_write-t2.json  sha256 no longer matches its raw file
//   oltp_read_write-t4.json  latency.avg in "s" where the others say "ms"
//   report.json              sweeps threads, but every run says threads=4;
//                            environment.txt (published, not parsed) has another sha256
//   truncated.json           not JSON at all
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { assertGolden } from '../helpers/golden.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE = 'tests/validate/fixtures/broken-report';

/** `tpsreport validate ARGS` run once, its exit status and stdout shared by every test that reads them. */
function validate(...args) {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/tpsreport.mjs', 'validate', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => resolve({ status: error ? error.code : 0, stdout }));
  });
}

const broken = Object.fromEntries(['text', 'github', 'json'].map((reporter) => [reporter, validate(FIXTURE, '--reporter', reporter)]));

for (const [reporter, ext] of [['text', 'txt'], ['github', 'txt'], ['json', 'json']]) {
  test(`validate --reporter ${reporter} prints every problem of the broken report exactly as in its golden file`, async () => {
    const { status, stdout } = await broken[reporter];
    assert.equal(status, 1);
    await assertGolden(stdout, join(ROOT, 'tests/validate/golden', `broken-report.${reporter}.${ext}`));
  });
}

test('the github reporter writes one ::error annotation per problem with file and line', async () => {
  const { stdout } = await broken.github;
  const annotations = stdout.split('\n').filter((l) => l.startsWith('::error '));
  assert.equal(annotations.length, 7);
  for (const a of annotations) assert.match(a, /^::error file=tests\/validate\/fixtures\/broken-report\/[^,]+\.json,line=\d+,title=[^:]+::/);
});

test('the json reporter counts errors and keeps the raw line of a figure', async () => {
  const { stdout } = await broken.json;
  const out = JSON.parse(stdout);
  assert.equal(out.files, 5);
  assert.equal(out.errors, 7);
  const unit = out.problems.find((p) => p.rule === 'units-agree');
  assert.deepEqual(unit.raw, { source: 'content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t4.txt', line: 29 });
  assert.ok(out.problems.some((p) => p.rule === 'sweep-varies' && p.file.endsWith('report.json')));
  const published = out.problems.find((p) => p.rule === 'raw-file-sha256' && p.file.endsWith('report.json'));
  assert.equal(published.pointer, '/raw_files/1/sha256');
  assert.match(published.expected, /raw\/environment\.txt/);
});

test('validate passes the committed data of every report', async () => {
  const { status, stdout } = await validate();
  assert.equal(status, 0, stdout);
  assert.match(stdout, /files checked: 0 errors/);
});
