// Names an author writes that the build turns into paths: a taxonomy term
// (servers: ["MariaDB 10.11"] becomes public/servers/mariadb-10.11/), a
// report's slug, url and aliases, a table's caption (its CSV's file name).
// Each such name goes through here, so none can climb out of its folder
// ("../reports/chart-gallery" would replace that report's page) or out of
// public/ ("../../../tmp/x"), however it is spelt: with backslashes,
// percent-escapes (%2e%2e%2f), or characters that read as a dot or a slash
// once normalised (U+2024 one dot leader, U+FF0F fullwidth solidus).
import { Problem } from '../problems/problem.mjs';

// Slashes Unicode normalisation (NFKC) leaves as they are, which a browser or
// a file system may still take for one: division and fraction slashes, big
// solidus, small and fullwidth reverse solidus, the box-drawing diagonals.
const SLASH = /[/\\\u2044\u2215\u2216\u2571\u2572\u27CB\u27CD\u29F5\u29F8\u29F9\uFE68\uFF0F\uFF3C]/;
const PERCENT_ESCAPE = /%[0-9a-f]{2}/i;
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
// A part made of dots alone is "here" or "the folder above" to a file system ("...", too, on some).
const DOT_SEGMENT = /^[\s.]*\.[\s.]*$/;

/**
 * What is wrong with `name` as one part of a path, or null: it must name one
 * page inside its folder. The name is read as a file system and a browser
 * would read it: percent-escapes are refused rather than decoded, and the
 * NFKC form (in which U+2024 is "." and U+FF0F is "/") is checked.
 */
export function pathPartProblem(name) {
  if (typeof name !== 'string' || name.trim() === '') return 'an empty name';
  if (PERCENT_ESCAPE.test(name)) return 'a percent-escape';
  if (CONTROL.test(name)) return 'a control character';
  const normal = name.normalize('NFKC');
  if (SLASH.test(normal)) return SLASH.test(name) ? 'a slash' : 'a character that reads as a slash';
  if (DOT_SEGMENT.test(normal)) return DOT_SEGMENT.test(name) ? 'a name of dots only' : 'characters that read as dots only';
  return null;
}

/** What is wrong with `path` (a url or alias: "/reports/old-name/"), or null: each part as pathPartProblem, and only "/" between them. */
export function sitePathProblem(path) {
  if (typeof path !== 'string' || path.trim() === '') return 'an empty path';
  const parts = path.split('/').filter((part, i, all) => part !== '' || i === 0 || i === all.length - 1);
  for (const part of parts) {
    if (part === '') continue;
    const problem = pathPartProblem(part);
    if (problem) return `${JSON.stringify(part)}: ${problem}`;
  }
  return null;
}

/**
 * `text` as a file name of lower-case letters, digits and dashes, at most
 * `max` long ("" when nothing is left): a table's caption as its CSV's name.
 */
export function fileSlug(text, max = 60) {
  return String(text ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, max);
}

const ONE_PART = 'no slash, backslash, percent-escape, control character or name of dots alone, nor a character that reads as one';

/**
 * The names of an article's front matter ({ data, lineOf } as readFrontMatter
 * gives them) that the build turns into paths, each with its line: every
 * taxonomy term (the keys `taxonomies` names, e.g. tags, servers), the slug,
 * the url and the aliases, in the order they are checked. Ingest records them
 * in report.json, so compile checks them without reading the YAML again.
 * @returns {{ key: string, as: 'term'|'slug'|'url'|'aliases', value: unknown, line: number }[]}
 */
export function frontMatterPathNames({ data, lineOf }, taxonomies) {
  const names = [];
  const add = (key, as) => {
    const values = data[key];
    if (values === undefined || values === null) return;
    const list = Array.isArray(values) ? values : [values];
    list.forEach((value, i) => names.push({ key, as, value, line: lineOf(Array.isArray(values) ? [key, i] : [key]) }));
  };
  for (const key of taxonomies) add(key, 'term');
  for (const key of ['slug', 'url', 'aliases']) add(key, key);
  return names;
}

/**
 * The Problems of path names as frontMatterPathNames gives them (`source`
 * the article's path): a taxonomy term and the slug must stay one part of a
 * path, url and aliases inside the site.
 */
export function pathNameProblems(names, source) {
  return names.flatMap(({ key, as, value, line }) => {
    const found = (as === 'url' || as === 'aliases' ? sitePathProblem : pathPartProblem)(typeof value === 'number' ? String(value) : value);
    if (!found) return [];
    return [new Problem({ file: source, line, column: 1, rule: 'front-matter', expected: expectedName(key, as), found: `${JSON.stringify(value)} (${found})` })];
  });
}

function expectedName(key, as) {
  if (as === 'term') return `each of ${key} a term that names one page under ${key}/: ${ONE_PART}`;
  if (as === 'slug') return `a slug that names one page: ${ONE_PART}`;
  return `${as === 'url' ? 'a url' : 'each of aliases a path'} inside the site, such as /reports/old-name/, each part of it with ${ONE_PART}`;
}

/** The Problems of an article's front matter's path names (frontMatterPathNames, then pathNameProblems). */
export function frontMatterPathProblems(read, source, taxonomies) {
  return pathNameProblems(frontMatterPathNames(read, taxonomies), source);
}
