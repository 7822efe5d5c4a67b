// Every command that reports Problems prints them through one set of
// reporters: a CI job that runs `build --reporter github` gets an annotation
// on the file and line of whatever stopped the build, a raw file a parser
// refused as much as a shortcode parameter or a schema error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');
const SYSBENCH = join(ROOT, 'content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t1.txt');
const CUT_TPCC = join(ROOT, 'tests/fixtures/tpcc-mysql/errors/truncated-raw-results.txt');

/** A site of one report `x` whose raw/run.txt (labelled threads=1) is `raw` and whose body is `body`. */
function site(raw, body) {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-reporter-'));
  writeFileSync(join(dir, 'hugo.toml'), 'title = "reporter"\n');
  mkdirSync(join(dir, 'content/reports/x/raw'), { recursive: true });
  copyFileSync(raw, join(dir, 'content/reports/x/raw/run.txt'));
  writeFileSync(join(dir, 'content/reports/x/index.md'), `---\ntitle: X\nsources:\n  - file: raw/run.txt\n    labels: { threads: 1 }\n---\n${body}\n`);
  return dir;
}

const run = (dir, args) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8' });

test('build --reporter github annotates the line of a raw file the parser refused', () => {
  const dir = site(CUT_TPCC, 'Text.');
  try {
    const { status, stdout } = run(dir, ['build', '--reporter', 'github']);
    assert.equal(status, 1);
    const [line, column] = readFileSync(CUT_TPCC.replace(/\.txt$/, '.err'), 'utf8').split(':').slice(1, 3);
    assert.match(stdout, new RegExp(`^::error file=content/reports/x/raw/run.txt,line=${line},col=${column},title=[^:]+::expected the rest of the block`, 'm'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('build --reporter github annotates the line and column of a shortcode parameter no kind takes', () => {
  const dir = site(SYSBENCH, 'Intro.\n\nThroughput: {{< value data="sysbench" metric="transactions.rate" where="threads=1" colour="red" >}}.');
  try {
    const { status, stdout } = run(dir, ['build', '--reporter', 'github']);
    assert.equal(status, 1);
    const annotations = stdout.split('\n').filter((l) => l.startsWith('::'));
    assert.equal(annotations.length, 1, stdout);
    assert.match(annotations[0], /^::error file=content\/reports\/x\/index\.md,line=9,col=\d+,title=value::value: has no parameter "colour"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the text and json reporters say the same problem: a line a terminal opens, and a document a program reads', () => {
  const dir = site(SYSBENCH, '{{< value data="sysbench" metric="transactions.rat" where="threads=1" >}}');
  try {
    const text = run(dir, ['build']);
    assert.equal(text.status, 1);
    assert.match(text.stderr, /^content\/reports\/x\/index\.md:7:\d+: value: metric "transactions\.rat" is not in/m);
    const json = run(dir, ['compile', '--reporter', 'json']);
    assert.equal(json.status, 1);
    const out = JSON.parse(json.stdout);
    assert.equal(out.errors, 1);
    assert.deepEqual([out.problems[0].file, out.problems[0].line, out.problems[0].severity], ['content/reports/x/index.md', 7, 'error']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unknown reporter is a usage error before any work', () => {
  const dir = site(SYSBENCH, 'Text.');
  try {
    const { status, stderr } = run(dir, ['ingest', '--reporter', 'xml']);
    assert.equal(status, 2);
    assert.match(stderr, /unknown reporter "xml"; use one of text, github, json/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
