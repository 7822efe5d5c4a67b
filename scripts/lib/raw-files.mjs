// Raw files are published byte for byte under the site's origin. A browser
// does not show every type as text: it runs an SVG, HTML or XML file as a
// page, scripts included, and a .js file can be loaded as a script. Such a
// file in a report's raw/ folder could act on the site in its readers'
// browsers, so ingest and compile refuse it and say how to publish it safely.
import { readdir } from 'node:fs/promises';
import { existsSync, realpathSync, lstatSync, statSync, createReadStream, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { extname, basename, join, relative, dirname, isAbsolute, sep } from 'node:path';
import { Problem, quote } from '../problems/problem.mjs';

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
 * of a Problem ("an SVG image, which …; rename it to x.svg.txt"), or
 * null when a browser treats it as data.
 * @param {string} name  the file name, or the bundle path (raw/x.svg) to repeat in the advice
 */
export function rawFileHazard(name) {
  const type = RUNS_IN_A_BROWSER[extname(name).toLowerCase()];
  if (!type) return null;
  return `${basename(name)}, ${type}, which a browser would run with its scripts under the site's origin; rename it to ${name}.txt (the bytes stay the same, a browser then shows it as text)`;
}

export const RAW_PATH_EXPECTED = "a file in the report's raw/ folder, named relative to the report folder (raw/<name>)";

/**
 * Where `path` really leads when a symbolic link on the way takes it out of
 * the report folder `bundleDir`, or null when it stays inside (or does not
 * exist: the caller says "no such file"). Ingest reads, hashes and publishes
 * only what is inside the folder, so a link in raw/ to ~/.ssh/id_rsa or
 * /etc/passwd never reaches the site.
 */
function outsideReport(path, bundleDir) {
  try {
    return linkOnTheWay(bundleDir, path) ? leadsOut(path, realpathSync.native(bundleDir)) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a symbolic link stands anywhere between `dir` and `path` (path
 * itself included), looked at with one lstat per step: without one, a path
 * under the report folder stays in it, and no realpath is needed (the C
 * library's realpath reads every folder of the path from the file system's
 * root, which over thousands of raw files cost more than parsing them). A
 * step that does not exist ends the look: the caller says "no such file".
 */
function linkOnTheWay(dir, path) {
  let at = dir;
  for (const step of relative(dir, path).split(sep)) {
    at = join(at, step);
    const info = lstatSync(at, { throwIfNoEntry: false });
    if (!info) return false;
    if (info.isSymbolicLink()) return true;
  }
  return false;
}

/** outsideReport with the report folder's real path already resolved (`inside`). */
function leadsOut(path, inside) {
  let real;
  try {
    // The C library's realpath: one call, where the JavaScript one stats every folder on the way.
    real = realpathSync.native(path);
  } catch {
    return null;
  }
  return real === inside || real.startsWith(inside + sep) ? null : real;
}

/**
 * One look at a report's raw/ folder, subfolders too, in name order: each
 * entry's name (relative to raw/), path, and either `outside` (where a symbolic
 * link out of the report folder leads) or its stat. unsafeRawFiles and
 * hashRawFiles take it, so a step that needs both lists the folder once.
 * An entry that is no link, in folders reached without one, stays inside the
 * report folder: its lstat is its stat, and no realpath is made.
 * @returns {Promise<{ name: string, path: string, outside: string|null, info: import('node:fs').Stats|null }[]>}
 */
export async function rawFolder(rawDir) {
  if (!existsSync(rawDir)) return [];
  const bundle = dirname(rawDir);
  const inside = realpathSync.native(bundle);
  // Folders (raw/ and those under it) → whether they are reached from the report folder without a link.
  const plain = new Map([[bundle, true]]);
  const plainFolder = (dir) => {
    if (!plain.has(dir)) plain.set(dir, plainFolder(dirname(dir)) && lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink() === false);
    return plain.get(dir);
  };
  const entries = [];
  for (const name of (await readdir(rawDir, { recursive: true })).sort()) {
    const path = join(rawDir, name);
    // Synchronous stats: a promise's trip to the thread pool and back costs several times the call, once a raw file.
    const own = lstatSync(path, { throwIfNoEntry: false });
    if (own && !own.isSymbolicLink() && plainFolder(dirname(path))) {
      entries.push({ name, path, outside: null, info: own });
      continue;
    }
    const outside = leadsOut(path, inside);
    entries.push({ name, path, outside, info: outside ? null : statSync(path, { throwIfNoEntry: false }) ?? null });
  }
  return entries;
}

/**
 * What is wrong with `file`, a path a report names for one of its raw files
 * (a `sources` entry, a config block's file), as the `found` half of an
 * Problem after RAW_PATH_EXPECTED; null when it names a file under raw/
 * that stays inside the report folder. The one check for every such path.
 */
export function rawPathProblem(file, bundleDir) {
  const shown = quote(file, 120);
  if (isAbsolute(file) || /^[A-Za-z]:[\\/]/.test(file)) return `${shown}, an absolute path`;
  const parts = file.split(/[\\/]/);
  if (parts.includes('..')) return `${shown}, which leads out of the folder with ..`;
  if (parts[0] !== 'raw' || parts.length < 2 || parts.includes('') || parts.includes('.')) return `${shown}, which is not a path under raw/`;
  const target = outsideReport(join(bundleDir, file), bundleDir);
  return target ? `${shown}, a symbolic link to ${target}, outside the report folder` : null;
}

/**
 * The largest raw file a report takes. Parsing streams (`tpsreport parse`
 * reads a 1 GB log in a few hundred MB), but compile holds a file's
 * line-numbered view, and a chart's rows and CSV, in memory: a 256 MiB
 * interval log took 3.9 GB to compile, the most a build's heap allows.
 */
export const MAX_RAW_MIB = 128;

/** The longest name (of a file, or a folder under raw/) a report publishes, in UTF-8 bytes. */
const MAX_NAME_BYTES = 200;

const RAW_NAME_EXPECTED = `a raw file name of at most ${MAX_NAME_BYTES} bytes, without a backslash or a control character`;

/**
 * What is wrong with the name of a raw file (its path under raw/), or null.
 * The file is published under that name beside a view named <name>.html: a
 * backslash is a folder separator to a URL and to Windows, and the site's own
 * tools took it for one and dropped the file while the page linked to it; a
 * control character breaks the line-based listings a build takes; file
 * systems stop at 255 bytes, and the copies and views add to the name.
 */
function rawNameProblem(name) {
  for (const part of name.split('/')) {
    if (part.includes('\\')) return `${JSON.stringify(part)}, which holds a backslash; rename it without one`;
    if (/[\u0000-\u001f\u007f]/.test(part)) return `${JSON.stringify(part)}, which holds a control character; rename it without one`;
    const bytes = Buffer.byteLength(part);
    if (bytes > MAX_NAME_BYTES) return `a name of ${bytes} bytes ("${part.slice(0, 40)}…"); rename it shorter`;
  }
  return null;
}

/**
 * A Problem for each file of a report's raw/ folder that compile must not
 * publish (it publishes every one of them, listed under `sources` or not): a
 * type a browser would run, a symbolic link that leads out of the report
 * folder, a name it cannot publish (rawNameProblem), or a file larger than MAX_RAW_MIB.
 */
export function unsafeRawFiles(listing, root) {
  return listing.map((entry) => rawFileProblem(entry, relative(root, entry.path))).filter(Boolean);
}

/**
 * Why one file of a raw/ folder cannot be published, as a Problem
 * naming it `source`, or null. `entry`: { name, outside, info } as rawFolder
 * lists it (outside: where a symbolic link leads out of the report folder).
 * `new report` asks the same of every file it would copy.
 */
export function rawFileProblem({ name, outside, info }, source) {
  if (outside) return new Problem({ file: source, expected: RAW_PATH_EXPECTED, found: `a symbolic link to ${outside}, outside the report folder`, rule: 'raw-file-path' });
  if (!info?.isFile()) return null;
  const hazard = rawFileHazard(name);
  if (hazard) return new Problem({ file: source, expected: RAW_FILE_EXPECTED, found: hazard, rule: 'raw-file-type' });
  const badName = rawNameProblem(name);
  if (badName) return new Problem({ file: source, expected: RAW_NAME_EXPECTED, found: badName, rule: 'raw-file-name' });
  if (info.size > MAX_RAW_MIB * 2 ** 20) {
    return new Problem({
      file: source,
      expected: `a raw file of at most ${MAX_RAW_MIB} MiB (a report's raw views and chart data are built in memory)`,
      found: `${(info.size / 2 ** 20).toFixed(0)} MiB; keep the run's output in several files, or sample it less often (a longer --report-interval)`,
      rule: 'raw-file-size',
    });
  }
  return null;
}

/**
 * Every file a report publishes from its raw/ folder (compile lists and
 * publishes them all, under `sources` or not: an option file shown in a
 * config block, notes beside the runs), with the sha256 and size of its bytes.
 * Ingest records this list in report.json, so a page never shows a raw file
 * that was not hashed, and `build --frozen` can tell that one changed.
 * `listing`: rawFolder() of the folder. `hashes`: sums already taken, by root-relative file, with the size and mtime
 * they were taken at ({ sha256, size, mtimeMs, ctimeMs }); a file whose size and times
 * still match is not read again (fileSum takes its sum from there too, later
 * in this process), and the sums of files read are added.
 * @returns {Promise<{ file: string, sha256: string, bytes: number }[]>} file is root-relative, in name order
 */
export async function hashRawFiles(listing, root, hashes = {}) {
  const list = [];
  // Subfolders too: compile publishes raw/stalls/… like raw/…. A link out of the report folder is refused by unsafeRawFiles, and never read.
  for (const { path, info } of listing) {
    if (!info?.isFile()) continue;
    const file = relative(root, path);
    const known = hashes[file];
    if (sameStat(known, info)) taken.set(path, known);
    else hashes[file] = { ...(await fileSum(path, info)), mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
    list.push({ file, sha256: hashes[file].sha256, bytes: hashes[file].size });
  }
  return list;
}

const PIECE = 1 << 20;

// Sums known in this process, by path, with the size and mtime they were taken
// at: ingest hashes (or its parse threads sum) every raw file, and compile,
// which publishes them, needs their sums again.
const taken = new Map();

/**
 * The sha256 and size of a file's bytes; `stat` is the file's, taken before
 * the read. A file of more than a few MiB is read in pieces of 1 MiB: a raw
 * log may be larger than a build should hold in memory at once. Most raw
 * files are a few KB, read whole: a stream costs more to set up than such a
 * file costs to hash. A file whose size and mtime are those of a sum this
 * process knows already is not read again. `bytes`: the file's contents when
 * the caller has read them anyway.
 * @returns {Promise<{ sha256: string, size: number }>}
 */
export async function fileSum(path, stat, bytes = null) {
  const { size, mtimeMs, ctimeMs } = stat;
  const known = taken.get(path);
  if (sameStat(known, stat)) return { sha256: known.sha256, size };
  // A small file is read synchronously: the promised readFile costs many times the read (see readIfThere).
  const sum = bytes ? wholeSum(bytes) : size < 4 * PIECE ? wholeSum(readFileSync(path)) : await streamedSum(path);
  if (sum.size === size) taken.set(path, { ...sum, mtimeMs, ctimeMs });
  return sum;
}

/**
 * Whether a sum taken at `known` ({ size, mtimeMs, ctimeMs }) still stands
 * for a file of stat `info`. The ctime is part of it because a copy that
 * keeps the mtime (cp -p, touch -r, rsync -a) cannot keep it: the kernel sets
 * it on every write. A file whose times moved is hashed again, not parsed.
 */
export function sameStat(known, info) {
  return known?.size === info.size && known.mtimeMs === info.mtimeMs && known.ctimeMs === info.ctimeMs;
}

function wholeSum(bytes) {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

async function streamedSum(path) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of createReadStream(path, { highWaterMark: PIECE })) {
    hash.update(piece);
    size += piece.length;
  }
  return { sha256: hash.digest('hex'), size };
}
