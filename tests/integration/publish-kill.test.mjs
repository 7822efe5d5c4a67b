// A build killed at any moment of its publish step leaves public/ one whole
// site, the old one or the new one, never a mix and never a temporary file,
// and the next build succeeds. TPSREPORT_PUBLISH_PAUSE=i/20 stops the build
// i/20 of the way through publish's steps (a file placed or removed, the new
// site complete, its link made, the switch); it is killed there with SIGKILL,
// at each i from 1 to 20, going from one site to the other and back.
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

/** A build stopped `at` (i/n) the way through its publish and killed there; resolves once it is gone. */
function buildKilledAt(dir, at) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, env: { ...process.env, TPSREPORT_PUBLISH_PAUSE: at }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let paused = false;
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (!paused && stderr.includes('publish: paused at step')) {
        paused = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => (paused && signal === 'SIGKILL' ? resolve() : reject(new Error(`the build was not stopped at ${at} (exit ${code}, ${signal}): ${stderr}`))));
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
  // Two changes: the site's title, on every page (a full build: the two sites differ in most of their
  // files), and a sentence of the report's article (its pages rendered alone, the site before reused).
  const config = join(dir, 'config.toml');
  const slug = readdirSync(join(dir, 'content', 'reports')).find((d) => !d.endsWith('.md'));
  const article = join(dir, 'content', 'reports', slug, 'index.md');
  const texts = { config: readFileSync(config, 'utf8'), article: readFileSync(article, 'utf8') };
  const states = {
    original: texts,
    retitled: { ...texts, config: texts.config.replace(/^title = "(.*)"$/m, 'title = "$1, retitled"') },
    edited: { ...texts, article: `${texts.article}\nA sentence added after the build.\n` },
  };
  const become = (state) => {
    writeFileSync(config, states[state].config);
    writeFileSync(article, states[state].article);
  };

  build(dir);
  const sites = { original: snapshot(dir).files };
  for (const state of ['retitled', 'edited']) {
    become(state);
    build(dir);
    sites[state] = snapshot(dir).files;
    become('original');
    build(dir);
    assert.ok(sameSite(snapshot(dir), sites.original), `the site comes back as it was after ${state}`);
  }
  const changed = [...sites.retitled].filter(([rel, hash]) => sites.original.get(rel) !== hash).length;
  assert.ok(changed > 10, `the new title changes many files (${changed})`);
  assert.ok(!sameSite({ files: sites.edited }, sites.original), 'the sentence changes the site');
  assert.ok(lstatSync(join(dir, 'public')).isSymbolicLink(), 'public/ is a link to the site it shows');

  for (let i = 1; i <= KILLS; i += 1) {
    // Kills 1–10 go to the retitled site and back, 11–20 to the edited one and back.
    const other = i <= KILLS / 2 ? 'retitled' : 'edited';
    const [from, to] = i % 2 === 1 ? ['original', other] : [other, 'original'];
    const step = `${i}/${KILLS}`;
    become(to);
    await buildKilledAt(dir, step);
    const left = snapshot(dir);
    assert.deepEqual(left.temporary, [], `killed at step ${step}: temporary files in public/`);
    assert.ok(sameSite(left, sites[from]) || sameSite(left, sites[to]), `killed at step ${step}: public/ is neither the ${from} site nor the ${to} one`);
    build(dir);
    assert.ok(sameSite(snapshot(dir), sites[to]), `the build after the kill at step ${step} publishes the ${to} site`);
    const beside = readdirSync(dir).filter((name) => name.includes('public') && name !== 'public');
    assert.ok(beside.length <= 3 && beside.every((name) => /^\.public-(\d+|changes\.json)$/.test(name)), `left beside public/: ${beside}`);
    assert.match(readlinkSync(join(dir, 'public')), /^\.public-\d+$/);
  }
});
