// Raw files are published byte for byte under the site's origin. A browser
// does not show every type as text: it runs an SVG, HTML or XML file as a
// page, scripts included, and a .js file can be loaded as a script. Such a
// file in a report's raw/ folder could act on the site in its readers'
// browsers, so ingest and compile refuse it and say how to publish it safely.
import { readdir, stat, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { extname, basename, join, relative } from 'node:path';
import { InputError } from './errors.mjs';

const RUNS_IN_A_BROWSER = {
  '.svg': 'an SVG image',
  '.svgz': 'an SVG image',
  '.html': 'an HTML page',
  '.htm': 'an HTML page',
  '.shtml': 'an HTML page',
  '.xhtml': 'an XHTML page',
  '.xht': 'an XHTML page',
  '.xml': 'an XML document',
  '.xsl': 'an XSLT stylesheet',
  '.xslt': 'an XSLT stylesheet',
  '.js': 'a JavaScript file',
  '.mjs': 'a JavaScript file',
  '.cjs': 'a JavaScript file',
};

export const RAW_FILE_EXPECTED = 'a raw file a browser shows as text';

/**
 * What is wrong with publishing a raw file of this name, as the `found` half
 * of an InputError ("an SVG image, which …; rename it to x.svg.txt"), or
 * null when a browser treats it as data.
 * @param {string} name  the file name, or the bundle path (raw/x.svg) to repeat in the advice
 */
export function rawFileHazard(name) {
  const type = RUNS_IN_A_BROWSER[extname(name).toLowerCase()];
  if (!type) return null;
  return `${basename(name)}, ${type}, which a browser would run with its scripts under the site's origin; rename it to ${name}.txt (the bytes stay the same, a browser then shows it as text)`;
}

/**
 * An InputError for each file of a report's raw/ folder that a browser would
 * run: compile publishes every one of them, listed under `sources` or not.
 */
export async function unsafeRawFiles(rawDir, root) {
  if (!existsSync(rawDir)) return [];
  const errors = [];
  for (const name of (await readdir(rawDir, { recursive: true })).sort()) {
    const hazard = rawFileHazard(name);
    if (!hazard || !(await stat(join(rawDir, name))).isFile()) continue;
    errors.push(new InputError({ source: relative(root, join(rawDir, name)), expected: RAW_FILE_EXPECTED, found: hazard, rule: 'raw-file-type' }));
  }
  return errors;
}

/**
 * Every file a report publishes from its raw/ folder (compile lists and
 * publishes them all, under `sources` or not: an option file shown in a
 * config block, notes beside the runs), with the sha256 and size of its bytes.
 * Ingest records this list in report.json, so a page never shows a raw file
 * that was not hashed, and `build --frozen` can tell that one changed.
 * @returns {Promise<{ file: string, sha256: string, bytes: number }[]>} file is root-relative, in name order
 */
export async function hashRawFiles(rawDir, root) {
  if (!existsSync(rawDir)) return [];
  const list = [];
  // Subfolders too: compile publishes raw/stalls/… like raw/….
  for (const name of (await readdir(rawDir, { recursive: true })).sort()) {
    const path = join(rawDir, name);
    if (!(await stat(path)).isFile()) continue;
    const bytes = await readFile(path);
    list.push({ file: relative(root, path), sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });
  }
  return list;
}
