// `tpsreport build`: ingest → validate → compile → Hugo → publish, each step
// doing only what changed since the last good build.
//   - ingest re-parses only raw files (or their front matter entries) that changed;
//   - compile rebuilds only views whose shortcode or documents changed;
//   - Hugo runs not at all when no input changed, on the changed reports only
//     (render segments) when just their article text changed, and on the whole
//     site otherwise, always into the staging folder .tpsreport/hugo-out/;
//   - publish makes the new site beside the one public/ shows, from the pages
//     Hugo wrote and the files compile wrote (.tpsreport/site/: charts,
//     tables, raw files) where their bytes differ and the published files
//     elsewhere, then switches public/ to it at once (see publish.mjs).
// public/ is touched last: a build that fails or is killed at any step leaves
// the previous good site in place.
import { readdir, writeFile, mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { publish } from './publish.mjs';
import { NO_ADDRESS } from './address.mjs';
import { treeIndex, folderStamp, readCache } from '../lib/files.mjs';
import { configLayer, mount, buildConfig } from './hugo-config.mjs';
import { TOOL_ROOT, CONFIG_NAMES, hugoMissing, contentParts, bundleDir, reportPath, bodyOffset } from '../lib/site.mjs';

/**
 * What Hugo reads besides each report's article and compiled views (the
 * compile step says which reports' views changed, so those folders need no
 * scan here).
 */
// The documentation pages come from the tool's content/docs/ (mounted into a
// site's content/docs; a site's own page of the same name overrides it). The
// shortcode reference page among them places .tpsreport/reference.json, which
// compile writes from the tool's scripts: those stand for it here, as
// .tpsreport/ lies outside the build's one listing.
// Every file of content/ outside a report (sections, a blog's ordinary posts) is one too.
const HUGO_INPUTS = { site: ['layouts', 'static', ...CONFIG_NAMES], tool: ['layouts', 'static', 'scripts', 'content/docs'] };

/** Everything a build reads, tpsreport's own code included. */
const EVERY_INPUT = { site: ['content', 'data', 'layouts', 'static', ...CONFIG_NAMES, 'package-lock.json'], tool: ['layouts', 'static', 'schemas', 'scripts', 'content/docs', 'package.json'] };

/** The site's inputs and the tool's (one folder in tpsreport's own repository, node_modules/tpsreport in a site): upgrading tpsreport is a change too. */
const inputsOf = (root, { site, tool }) => [...new Set([...site.map((p) => join(root, p)), ...tool.map((p) => join(TOOL_ROOT, p))])];

/**
 * Each report's front matter and body, hashed apart: a body-only change needs
 * only that page rendered again. An article whose file stamp is the one of the
 * last build keeps its hashes without being read.
 */
async function articles(root, listed, slugs, before = {}) {
  const out = {};
  for (const slug of slugs) {
    const path = join(bundleDir(root, slug), 'index.md');
    const stamp = listed.stamp([path]);
    if (before[slug]?.stamp === stamp) {
      out[slug] = before[slug];
      continue;
    }
    const text = readFileSync(path, 'utf8');
    const at = bodyOffset(text);
    const h = (s) => createHash('sha256').update(s).digest('hex').slice(0, 16);
    const front = text.slice(0, at);
    // Without a summary in the front matter Hugo takes it from the body, which the lists show.
    out[slug] = { front: h(front), body: h(text.slice(at)), summary: /^summary:/m.test(front), stamp };
  }
  return out;
}

/**
 * What Hugo must do: nothing, render the pages of some reports, or everything.
 * @returns {{ mode: 'none'|'segment'|'full', slugs?: string[] }}
 */
export function hugoPlan(before, now, compiled = []) {
  if (!before || before.inputs !== now.inputs || !before.published) return { mode: 'full' };
  const slugs = new Set([...Object.keys(before.articles), ...Object.keys(now.articles)]);
  const changed = [...compiled];
  for (const slug of slugs) {
    const [a, b] = [before.articles[slug], now.articles[slug]];
    if (!a || !b || a.front !== b.front) return { mode: 'full' };
    if (a.body !== b.body && !b.summary) return { mode: 'full' };
    if (a.body !== b.body && !changed.includes(slug)) changed.push(slug);
  }
  // A report in another section is a blog's post: its theme's page may list the pages beside it
  // (next and previous, recent posts), which a render of that page alone would not see.
  if (changed.some((slug) => slug.includes('/'))) return { mode: 'full' };
  return changed.length ? { mode: 'segment', slugs: changed.sort() } : { mode: 'none' };
}

/**
 * @param {object} o
 * @param {Function[]} o.steps    ingest, validate, compile: each gets { listed } (the build's one
 *                                listing of its inputs, see treeIndex) and resolves to an exit code
 * @param {string} [o.baseUrl]    the address to publish for (scripts/site/address.mjs); Hugo is
 *                                always given one, as the site config's may name this machine
 * @param {boolean} [o.recheck]   run the steps even when no input changed since the last good build
 *                                (a frozen build: its checks of data/ against the raw files are the point)
 * @param {Function} o.compiled   after the steps: the reports whose views changed
 */
export async function buildSite({ root, hugoBin, steps, baseUrl = NO_ADDRESS, recheck = false, compiled = () => [], log = () => {} }) {
  const state = join(root, '.tpsreport', 'cache', 'build.json');
  const staging = join(root, '.tpsreport', 'hugo-out');
  const publicDir = join(root, 'public');
  // One look over every input: when nothing at all changed since the last good build, no step runs.
  // The steps stamp their reports from this same listing and refresh what they write, so the
  // stamp saved at the end is what the next build's first look will see if nothing changes.
  // The address is an input too: every page and feed carries it.
  const listed = await treeIndex(inputsOf(root, EVERY_INPUT));
  const everything = () => `${listed.stamp(inputsOf(root, EVERY_INPUT))}:${baseUrl}`;
  const last = readCache(state);
  // public/ is output, but someone may have removed part of it: then it is built again.
  const whole = Boolean(last?.published) && folderStamp(publicDir) === last.published;
  if (!recheck && whole && last.everything === everything()) {
    log('build: nothing changed since the last build; public/ is up to date');
    return 0;
  }
  for (const step of steps) {
    const code = await step({ listed });
    if (code) return code;
  }
  const content = await contentParts(root, listed);
  const now = { inputs: `${listed.stamp([...inputsOf(root, HUGO_INPUTS), ...content.others])}:${baseUrl ?? ''}`, articles: await articles(root, listed, content.slugs, last?.articles) };
  // A public/ that is not as the last build left it is built and published whole.
  const plan = whole ? hugoPlan(last, now, compiled()) : { mode: 'full' };
  if (plan.mode === 'none') {
    log('hugo: no page changed; public/ is up to date');
    await saveState(state, { ...now, published: folderStamp(publicDir), everything: everything() });
    return 0;
  }
  const started = Date.now();
  const args = ['--destination', staging, '--logLevel', 'warn', '--baseURL', baseUrl];
  if (plan.mode === 'full') args.push('--cleanDestinationDir', '--config', await buildConfig(root));
  else args.push('--config', await segmentConfig(root, plan.slugs), '--renderSegments', 'changed');
  const code = await runHugo(hugoBin, root, args);
  if (code) return code;
  log(`hugo: ${plan.mode === 'full' ? 'every page' : `${plan.slugs.length} changed report${plan.slugs.length === 1 ? '' : 's'}`} in ${Date.now() - started} ms`);
  const publishing = Date.now();
  const site = { dir: join(root, '.tpsreport', 'site'), linkable: true };
  // A partial Hugo run writes only the changed reports' pages: publish looks nowhere else.
  const folders = plan.mode === 'full' ? [] : plan.slugs.map(reportPath);
  const counts = plan.mode === 'full'
    ? await publish([staging, site], publicDir, { scope: true })
    : await publish([{ dir: staging, newerThan: started - 1000, only: folders }, { ...site, only: folders }], publicDir, { scope: folders });
  log(`publish: ${counts.copied} written, ${counts.kept} unchanged, ${counts.removed} removed, in ${Date.now() - publishing} ms`);
  await saveState(state, { ...now, published: folderStamp(publicDir), everything: everything() });
  return 0;
}

async function saveState(path, state) {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, JSON.stringify(state));
}

/**
 * A config layer for re-rendering the pages of some reports: Hugo sees only
 * their articles (and the two section files above them), not the rest of the
 * site, so it loads a handful of files instead of every bundle; the render
 * segment "changed" keeps it to those reports' pages. A report page depends on
 * nothing but itself and the site config (layouts/page.html), so it comes out
 * the same as in a full build.
 */
async function segmentConfig(root, slugs) {
  const includes = slugs.map((s) => `  [[segments.changed.includes]]\n    path = "{/reports/${s},/reports/${s}/**}"\n`).join('');
  const files = ['_index.md', 'reports/_index.md', ...slugs.map((s) => `reports/${s}/index.md`)];
  return configLayer(root, 'segments', { head: `[segments.changed]\n${includes}`, mounts: mount('content', 'content', files) });
}

function runHugo(bin, cwd, args) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', (error) => {
      console.error(`tpsreport: ${hugoMissing(bin, error.code)}`);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

