// A results site as its author shares it: made by `tpsreport new site`,
// committed, and cloned into another folder, where nothing is installed yet.
// The two commands its README gives, and the CI workflow it ships with, must
// install what they need and pass with no step before them.
// (tests/integration/package.test.mjs does the same from a packed tarball.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');
// npm from its cache where it can, and quiet: what a user's CI would set.
const ENV = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };
const GIT = ['-c', 'user.name=tpsreport', '-c', 'user.email=tpsreport@example.org', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false'];

let tmp;
let origin;

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, env: ENV, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, `${command} ${args.join(' ')} in ${cwd} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** A fresh clone of the site, two folders deeper than the one it was made in, so no relative path it kept still leads anywhere. */
function freshClone(name) {
  const clone = join(tmp, 'elsewhere', 'deeper', name);
  mkdirSync(join(clone, '..'), { recursive: true });
  run('git', [...GIT, 'clone', '--quiet', origin, clone], tmp);
  for (const installed of ['node_modules', '.venv', 'public', '.tpsreport']) assert.ok(!existsSync(join(clone, installed)), `${installed}/ was committed`);
  return clone;
}

/** The rate sysbench printed on a transactions line ("(1058.80 per sec.)"). */
function printedRate(rawPath, line) {
  const text = readFileSync(rawPath, 'utf8').split('\n')[line - 1];
  const m = /^\s*transactions:\s+\d+\s+\((\d+\.\d+) per sec\.\)/.exec(text);
  assert.ok(m, `${rawPath}:${line} is not sysbench's transactions line: ${text}`);
  return m[1];
}

/** The built report page, whose first figure linking to the 16-thread run reads as that file's line prints it. */
function assertBuilt(site) {
  const page = join(site, 'public', 'reports', 'sysbench-threads', 'index.html');
  assert.ok(existsSync(page), 'the sample report was built');
  const m = /<a class="fig"[^>]*data-source="raw\/oltp_read_write-t16\.txt" data-line="(\d+)"[^>]*>([^<]+)<\/a>/.exec(readFileSync(page, 'utf8'));
  assert.ok(m, 'a figure on the page links to raw/oltp_read_write-t16.txt');
  assert.equal(m[2], printedRate(join(site, 'content', 'reports', 'sysbench-threads', 'raw', 'oltp_read_write-t16.txt'), Number(m[1])));
  assert.ok(existsSync(join(site, 'public', 'index.html')), 'the home page was built');
}

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'tpsreport-clone-'));
  origin = join(tmp, 'made');
  run(process.execPath, [CLI, 'new', 'site', origin], tmp);
  run('git', [...GIT, 'init', '--quiet'], origin);
  run('git', [...GIT, 'add', '-A'], origin);
  run('git', [...GIT, 'commit', '--quiet', '-m', 'A results site'], origin);
});

after(() => rmSync(tmp, { recursive: true, force: true }));

test("a fresh clone of a new site passes its README's npm test with nothing run before it", { timeout: 300_000 }, () => {
  const clone = freshClone('readme');
  const r = run('npm', ['test'], clone);
  assert.match(r.stderr, /^check: \d+ linked figures( and \d+ claims?)? on 1 page, each figure as printed on its raw line$/m);
  assertBuilt(clone);
});

test('a fresh clone of a new site passes every step of the CI workflow it ships with, run in order', { timeout: 300_000 }, () => {
  const clone = freshClone('ci');
  const workflows = join(clone, '.github', 'workflows');
  const { jobs } = parse(readFileSync(join(workflows, 'test.yml'), 'utf8'));
  const steps = Object.values(jobs).flatMap((job) => job.steps).filter((step) => step.run);
  assert.ok(steps.some((step) => /\bnpm test\b/.test(step.run)), 'the workflow runs npm test');
  // Each step as GitHub runs it: bash -e, in the checkout. The uses: steps (checkout, Node, Python) are this machine's.
  for (const step of steps) run('bash', ['-e', '-c', step.run], clone);
  assertBuilt(clone);
});
