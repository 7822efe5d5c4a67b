// A site has one address, read in one place: --base-url, else
// TPSREPORT_BASE_URL, else the site config's baseURL. A build for publishing
// points every link, embed snippet, feed entry and Open Graph tag at it, and
// never at this machine, whichever command ran before; only serve uses a
// local address, and it leaves public/ as the last build wrote it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { makeSite } from '../bench/scale.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
// An address no documentation page shows as an example: any page that names it got it from the build.
const SITE = 'https://perf-results.example.net/runs/';
const THIS_MACHINE = /localhost|127\.0\.0\.1/;

let dir;
let config;

/** The CLI in the site, with no address in its environment unless `env` gives one. */
function cli(args, env = {}) {
  const { TPSREPORT_BASE_URL, ...rest } = process.env;
  return spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), ...args], { cwd: dir, encoding: 'utf8', env: { ...rest, ...env } });
}

function built(args, env) {
  const r = cli(args, env);
  assert.equal(r.status, 0, r.stderr);
  return r;
}

/** The published pages, feeds and documents: path → text. */
function published() {
  const files = readdirSync(join(dir, 'public'), { recursive: true }).filter((f) => /\.(html|xml|json)$/.test(f) && statSync(join(dir, 'public', f)).isFile());
  return new Map(files.map((f) => [f, readFileSync(join(dir, 'public', f), 'utf8')]));
}

const naming = (pattern) => [...published()].filter(([, text]) => pattern.test(text)).map(([f]) => f);

/** Every file under public/ with the sha256 of its bytes. */
function snapshot() {
  const files = readdirSync(join(dir, 'public'), { recursive: true }).filter((f) => statSync(join(dir, 'public', f)).isFile()).sort();
  return files.map((f) => `${f} ${createHash('sha256').update(readFileSync(join(dir, 'public', f))).digest('hex')}`);
}

/** The site config with its baseURL line set to `value`. */
function setConfigBaseUrl(value) {
  const next = config.replace(/^baseURL = .*$/m, `baseURL = ${JSON.stringify(value)}`);
  assert.notEqual(next, config, 'config.toml sets baseURL');
  writeFileSync(join(dir, 'config.toml'), next);
}

before(() => {
  dir = makeSite(ROOT, 3);
  config = readFileSync(join(dir, 'config.toml'), 'utf8');
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('build --base-url publishes no address of this machine and uses the given one everywhere', { timeout: 300_000 }, () => {
  for (const bad of ['http://localhost:1313/', 'http://127.0.0.1/', 'not a url', 'https://bench.example.org/?q=1', 'https://bench.example.org/#x', 'https://user:pw@bench.example.org/', 'http://localhost.localdomain/', 'http://site.localhost/']) {
    const r = cli(['build', '--base-url', bad]);
    assert.equal(r.status, 2, bad);
    assert.match(r.stderr, /^tpsreport: --base-url .*: /, bad);
    assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
  }
  built(['build', '--base-url', SITE]);
  assert.deepEqual(naming(THIS_MACHINE), []);
  const slug = readdirSync(join(dir, 'public', 'reports')).find((d) => d.startsWith('cpu-efficiency-by-cores-'));
  const page = readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8');
  assert.ok(page.includes(`<meta property="og:url" content="${SITE}reports/${slug}/">`), 'og:url');
  assert.ok(page.includes(`${SITE}reports/${slug}/charts/`), 'an embed snippet names the chart at the published address');
  // A link from the host's root would leave the site when it is published under a path.
  for (const file of [join('reports', slug, 'index.html'), 'index.html']) {
    const html = readFileSync(join(dir, 'public', file), 'utf8');
    assert.deepEqual([...html.matchAll(/\b(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]).filter((url) => !url.startsWith(new URL(SITE).pathname)), [], file);
  }
  assert.ok(readFileSync(join(dir, 'public', 'index.xml'), 'utf8').includes(`<link>${SITE}reports/`), 'the feed links to the published address');
  assert.match(cli(['build', '--base-url', SITE]).stderr, /nothing changed since the last build/);
});

test("a plain build after one for an address writes no address of this machine, even where the config's baseURL is one", { timeout: 300_000 }, () => {
  built(['build', '--base-url', SITE]);
  const plain = built(['build']);
  assert.doesNotMatch(plain.stderr, /nothing changed/, 'another address is a change');
  assert.match(plain.stderr, /^build: the site has no address, so its links, feed and embed snippets are relative to the server's root; set baseURL in config\.toml, or pass --base-url or TPSREPORT_BASE_URL$/m);
  assert.deepEqual(naming(THIS_MACHINE), []);
  assert.deepEqual(naming(new RegExp(new URL(SITE).host.replace(/\./g, '\\.'))), [], 'no page keeps the address of the build before');
  const home = readFileSync(join(dir, 'public', 'index.html'), 'utf8');
  assert.match(home, /<link rel="canonical" href="\/">/);

  // A site made before the address was read in one place has the local one in its config.
  built(['build', '--base-url', SITE]);
  setConfigBaseUrl('http://localhost:1313/');
  try {
    const old = built(['build', '--frozen']);
    assert.match(old.stderr, /^build: config\.toml's baseURL http:\/\/localhost:1313\/ is this machine, which a published site never names/m);
    assert.ok(published().size > 30, 'the pages were published');
    assert.deepEqual(naming(THIS_MACHINE), []);
  } finally {
    writeFileSync(join(dir, 'config.toml'), config);
  }
});

test("a build takes the address from --base-url, else TPSREPORT_BASE_URL, else the config's baseURL, checking each", { timeout: 300_000 }, () => {
  const fromEnv = 'https://ci.example.org/bench/';
  built(['build'], { TPSREPORT_BASE_URL: fromEnv });
  assert.ok(readFileSync(join(dir, 'public', 'index.xml'), 'utf8').includes(`<link>${fromEnv}reports/`), 'the feed links to the address of the environment');
  built(['build', '--base-url', SITE], { TPSREPORT_BASE_URL: fromEnv });
  assert.ok(readFileSync(join(dir, 'public', 'index.xml'), 'utf8').includes(`<link>${SITE}reports/`), '--base-url comes before the environment');
  const local = cli(['build'], { TPSREPORT_BASE_URL: 'http://127.0.0.1:4173/' });
  assert.equal(local.status, 2);
  assert.equal(local.stderr, 'tpsreport: TPSREPORT_BASE_URL http://127.0.0.1:4173/: a published site cannot point at this machine (127.0.0.1); give the address readers will use (`tpsreport help` lists the commands and their options)\n');

  const line = config.split('\n').findIndex((l) => l.startsWith('baseURL = ')) + 1;
  try {
    setConfigBaseUrl('https://config.example.org');
    const r = built(['build']);
    assert.doesNotMatch(r.stderr, /^build: .*no address/m);
    assert.ok(readFileSync(join(dir, 'public', 'index.xml'), 'utf8').includes('<link>https://config.example.org/reports/'), "the config's baseURL, ending in /");
    setConfigBaseUrl('ftp://config.example.org/');
    const ftp = cli(['build']);
    assert.equal(ftp.status, 1);
    assert.equal(ftp.stderr, `config.toml:${line}: baseURL ftp://config.example.org/: expected an http or https address\n`);
  } finally {
    writeFileSync(join(dir, 'config.toml'), config);
  }
});

test('serve uses its own local address and leaves public/ as the last build wrote it', { timeout: 300_000 }, async () => {
  built(['build', '--base-url', SITE]);
  const before = snapshot();
  const port = await freePort();
  const child = spawn(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'serve', '--port', String(port)], { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => { log += chunk; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const feed = await until(async () => {
      const response = await fetch(`http://127.0.0.1:${port}/index.xml`).catch(() => null);
      return response?.status === 200 ? response.text() : null;
    }, () => log);
    assert.ok(feed.includes(`<link>http://localhost:${port}/reports/`), "serve's feed links to serve's own address");
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // stopped already
    }
  }
  assert.deepEqual(snapshot(), before);
  assert.deepEqual(naming(THIS_MACHINE), []);
});

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `check` until it returns something, for up to three minutes (a first start compiles every report). */
async function until(check, log) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) assert.fail(`serve did not answer in three minutes:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
