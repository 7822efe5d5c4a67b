// A build for publishing points every link, embed snippet, feed entry and
// Open Graph tag at the address it was given, and refuses this machine's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeSite } from '../bench/scale.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const cli = (dir, args) => spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), ...args], { cwd: dir, encoding: 'utf8' });

test('build --base-url publishes no address of this machine and uses the given one everywhere', { timeout: 300_000 }, () => {
  const dir = makeSite(ROOT, 3);
  try {
    for (const bad of ['http://localhost:1313/', 'http://127.0.0.1/', 'not a url', 'https://bench.example.org/?q=1', 'https://bench.example.org/#x', 'https://user:pw@bench.example.org/', 'http://localhost.localdomain/', 'http://site.localhost/']) {
      const r = cli(dir, ['build', '--base-url', bad]);
      assert.equal(r.status, 2, bad);
      assert.match(r.stderr, /^tpsreport: --base-url .*: /, bad);
      assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
    }
    const site = 'https://bench.example.org/results/';
    const r = cli(dir, ['build', '--base-url', site]);
    assert.equal(r.status, 0, r.stderr);
    const files = readdirSync(join(dir, 'public'), { recursive: true }).filter((f) => /\.(html|xml|json)$/.test(f) && statSync(join(dir, 'public', f)).isFile());
    const leaks = files.filter((f) => /localhost|127\.0\.0\.1/.test(readFileSync(join(dir, 'public', f), 'utf8')));
    assert.deepEqual(leaks, []);
    const slug = readdirSync(join(dir, 'public', 'reports')).find((d) => d.startsWith('cpu-efficiency-by-cores-'));
    const page = readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8');
    assert.ok(page.includes(`<meta property="og:url" content="${site}reports/${slug}/">`), 'og:url');
    assert.ok(page.includes(`${site}reports/${slug}/charts/`), 'an embed snippet names the chart at the published address');
    // A link from the host's root would leave the site when it is published under a path.
    for (const file of [join('reports', slug, 'index.html'), 'index.html']) {
      const html = readFileSync(join(dir, 'public', file), 'utf8');
      assert.deepEqual([...html.matchAll(/\b(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]).filter((url) => !url.startsWith('/results/')), [], file);
    }
    assert.ok(readFileSync(join(dir, 'public', 'index.xml'), 'utf8').includes(`<link>${site}reports/`), 'the feed links to the published address');
    assert.match(cli(dir, ['build', '--base-url', site]).stderr, /nothing changed since the last build/);
    assert.doesNotMatch(cli(dir, ['build']).stderr, /nothing changed/, 'another address is a change');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
