// A build killed at any moment of its publish step leaves public/ one whole
// site, the old one or the new one, never a mix and never a temporary file,
// and the next build succeeds. TPSREPORT_PUBLISH_PAUSE=k stops the build at
// publish's k-th step (a file placed, the new site complete, its link made,
// the switch); it is killed there with SIGKILL, at 20 steps spread over the
// whole publish, going from one site to the other and back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync, statSync, lstatSync, readlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, basename } from 'node:path';
import { makeSite, removeScaleFolders } from '../bench/scale.mjs';
import { isTemporary } from '../../scripts/lib/files.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const KILLS = 20;

function build(dir) {
  const r = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stderr;
}

/** A build stopped at publish step `step` and killed there; resolves once it is gone. */
function buildKilledAt(dir, step) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, env: { ...process.env, TPSREPORT_PUBLISH_PAUSE: String(step) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let paused = false;
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (!paused && stderr.includes('publish: paused at step')) {
        paused = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => (paused && signal === 'SIGKILL' ? resolve() : reject(new Error(`the build was not stopped at step ${step} (exit ${code}, ${signal}): ${stderr}`))));
  });
}

/** Every file public/ shows, each path to its sha256, and the names that are temporary. */
function snapshot(dir) {
  const base = join(dir, 'public');
  const files = new Map();
  const temporary = [];
  for (const rel of readdirSync(base, { recursive: true })) {
    if (isTemporary(basename(rel)) || rel.endsWith('.tmp')) temporary.push(rel);
    if (statSync(join(base, rel)).isFile()) files.set(rel, createHash('sha256').update(readFileSync(join(base, rel))).digest('hex'));
  }
  return { files, temporary };
}

function sameSite(found, site) {
  if (found.files.size !== site.size) return false;
  for (const [rel, hash] of site) if (found.files.get(rel) !== hash) return false;
  return true;
}

test(`a build killed at ${KILLS} moments of its publish leaves public/ one whole site, and the next build succeeds`, { timeout: 1_800_000 }, async (t) => {
  const dir = makeSite(ROOT, 1);
  t.after(removeScaleFolders);
  // The site's title is on every page: the two sites differ in most of their files.
  const config = join(dir, 'config.toml');
  const original = readFileSync(config, 'utf8');
  const edited = original.replace(/^title = "(.*)"$/m, 'title = "$1, retitled"');
  assert.notEqual(edited, original);

  build(dir);
  const sites = { original: snapshot(dir).files };
  writeFileSync(config, edited);
  build(dir);
  sites.edited = snapshot(dir).files;
  const changed = [...sites.edited].filter(([rel, hash]) => sites.original.get(rel) !== hash).length;
  assert.ok(changed > 10, `the new title changes many files (${changed})`);
  writeFileSync(config, original);
  build(dir);
  assert.ok(sameSite(snapshot(dir), sites.original), 'the site comes back as it was');
  assert.ok(lstatSync(join(dir, 'public')).isSymbolicLink(), 'public/ is a link to the site it shows');

  // The steps of a publish: each file of the new site placed, then the site complete, its link made, the switch.
  for (let i = 0; i < KILLS; i += 1) {
    const [from, to, text] = i % 2 === 0 ? ['original', 'edited', edited] : ['edited', 'original', original];
    const steps = sites[to].size + 3;
    const step = 1 + Math.floor((i * (steps - 1)) / (KILLS - 1));
    writeFileSync(config, text);
    await buildKilledAt(dir, step);
    const left = snapshot(dir);
    assert.deepEqual(left.temporary, [], `killed at step ${step}: temporary files in public/`);
    assert.ok(sameSite(left, sites[from]) || sameSite(left, sites[to]), `killed at step ${step}: public/ is neither the ${from} site nor the ${to} one`);
    build(dir);
    assert.ok(sameSite(snapshot(dir), sites[to]), `the build after the kill at step ${step} publishes the ${to} site`);
    const beside = readdirSync(dir).filter((name) => name.includes('public') && name !== 'public');
    assert.ok(beside.length <= 2 && beside.every((name) => /^\.public-\d+$/.test(name)), `left beside public/: ${beside}`);
    assert.match(readlinkSync(join(dir, 'public')), /^\.public-\d+$/);
  }
});
