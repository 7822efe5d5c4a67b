// The site's Hugo config as far as tpsreport needs to read it: whether the
// site imports tpsreport as a Hugo module, and how. A site made by `new site`
// (or this repository) takes all of tpsreport's layouts; a blog wired in by
// `tpsreport init` takes only the shortcodes named tps-* and the partials
// they use, and keeps its own theme's pages.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import YAML from 'yaml';
import { Problem } from '../problems/problem.mjs';
import { configName } from './site.mjs';
import { sameStat } from './raw-files.mjs';

/** The name a site imports tpsreport by (tpsreport init writes it, with a replacement pointing at node_modules/tpsreport). */
export const MODULE_PATH = 'tpsreport';

/** The prefix of the shortcodes a blog imports: tps-chart, tps-table, … (README: "Import into a Hugo blog"). */
export const SHORTCODE_PREFIX = 'tps-';

/** Whether a config file is YAML (hugo.yaml, config.yml) rather than TOML. */
export const isYaml = (file) => /\.ya?ml$/.test(file);

/**
 * The config `text` of `file` (TOML, or YAML by its name) as data; a Problem
 * at its line and column when it does not read.
 */
export function parseConfig(text, file) {
  if (isYaml(file)) return parseYaml(text, file).toJS() ?? {};
  try {
    return parse(text);
  } catch (error) {
    // smol-toml's TomlError places itself; anything else is a bug, not the author's config.
    if (!Number.isInteger(error?.line)) throw error;
    throw new Problem({ file, line: error.line, column: error.column, rule: 'config', expected: 'a TOML config Hugo can read', found: error.message.split('\n')[0].replace(/^Invalid TOML document: /, '') });
  }
}

/** A YAML config as a document (which keeps its comments when written again); a Problem where it does not read. */
export function parseYaml(text, file) {
  const doc = YAML.parseDocument(text);
  const [error] = doc.errors;
  if (!error) return doc;
  const at = error.linePos?.[0] ?? {};
  throw new Problem({ file, line: at.line, column: at.col, rule: 'config', expected: 'a YAML config Hugo can read', found: error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '') });
}

/** The module.imports entry of the config `data` that imports tpsreport, or null. */
export function tpsreportImport(data) {
  const imports = data?.module?.imports;
  if (!Array.isArray(imports)) return null;
  return imports.find((entry) => typeof entry?.path === 'string' && (entry.path === MODULE_PATH || entry.path.endsWith(`/${MODULE_PATH}`))) ?? null;
}

/**
 * Whether an import of tpsreport takes only its prefixed shortcodes (a
 * layouts/_shortcodes mount whose files are all tps-*): the site then has
 * pages of its own theme, and its articles name tpsreport's shortcodes with
 * the prefix.
 */
export function takesPrefixedShortcodes(entry) {
  const mounts = Array.isArray(entry?.mounts) ? entry.mounts : [];
  const shortcodes = mounts.find((m) => m?.source === 'layouts/_shortcodes');
  return Boolean(shortcodes && Array.isArray(shortcodes.files) && shortcodes.files.length && shortcodes.files.every((f) => String(f).startsWith(SHORTCODE_PREFIX)));
}

/**
 * The prefix of tpsreport's shortcodes in the site in `root` ('tps-' in a
 * blog wired in by `tpsreport init`, '' in a site of tpsreport's own
 * layouts). A config tpsreport cannot read gets '': Hugo reports it in its own words.
 */
export function shortcodePrefix(root) {
  return takesPrefixedShortcodes(tpsreportImport(siteConfig(root))) ? SHORTCODE_PREFIX : '';
}

// Hugo's taxonomies when the config names none.
const DEFAULT_TAXONOMIES = ['tags', 'categories'];

/**
 * The front matter keys the site's Hugo config makes taxonomies (the plural
 * names of its `taxonomies`: tags, servers, …), each of whose terms becomes a
 * folder of the built site; Hugo's own where the config names none.
 */
export function taxonomyKeys(root) {
  const taxonomies = siteConfig(root)?.taxonomies;
  if (!taxonomies || typeof taxonomies !== 'object') return DEFAULT_TAXONOMIES;
  return Object.values(taxonomies).filter((plural) => typeof plural === 'string');
}

// Configs read, by path, with the stat they were read at: ingest asks for every report it plans.
const readConfigs = new Map();

/**
 * The Hugo config of the site in `root` as data (TOML or YAML), read again
 * only when the file changed; null without one, or where it does not read
 * (Hugo says why in its own words).
 */
export function siteConfig(root) {
  const name = configName(root);
  if (!name) return null;
  const path = join(root, name);
  const stat = statSync(path);
  const known = readConfigs.get(path);
  if (sameStat(known, stat)) return known.data;
  let data = null;
  try {
    data = parseConfig(readFileSync(path, 'utf8'), name);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
  }
  readConfigs.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, data });
  return data;
}
