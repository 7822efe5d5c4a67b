// File helpers with one promise: an output file is either the old one or the
// complete new one, never half written (write to a temp file, then rename).
import { mkdir, rename, rm, open, readdir } from 'node:fs/promises';
import { dirname, join, basename, resolve } from 'node:path';
import { statSync, readdirSync, readFileSync, writeFileSync, renameSync, rmSync, mkdirSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { threadId } from 'node:worker_threads';
import { columnStore } from './columns.mjs';

/**
 * Where a file is written before it is renamed into place: beside it, hidden,
 * one per thread (two drawing threads may write the same cached chart). A long
 * name is shortened to a hash of it: the name and the suffix must fit in the
 * 255 bytes a file system allows.
 */
export function tmpBeside(path) {
  return join(dirname(path), `.${tmpStem(path)}.${process.pid}-${threadId}.tmp`);
}

function tmpStem(path) {
  const name = basename(path);
  return Buffer.byteLength(name) > 120 ? createHash('sha256').update(name).digest('hex').slice(0, 32) : name;
}

// A tmpBeside name: the stem and the process id are captured.
const TMP_NAME = /^\.(.+)\.(\d+)-\d+\.tmp$/;

/** Whether `name` is a file name tmpBeside gives: a file being written, or one a killed process left half written. */
export const isTemporary = (name) => TMP_NAME.test(name);

/** Whether `name` is a tmpBeside name of a process no longer running: a file a killed build left half written. */
export function isDeadTemporary(name) {
  const tmp = TMP_NAME.exec(name);
  return Boolean(tmp) && !running(Number(tmp[2]));
}

/**
 * Removes from folder `dir` the temporary files of processes that are no
 * longer running: what a build killed while writing there left. Those of a
 * running process (this one, or a build beside it) are being written. With
 * `of`, only the temporary names of that path (which lies in `dir`).
 */
export function removeDeadTemporaries(dir, of = null) {
  const stem = of && tmpStem(of);
  for (const name of readdirSync(dir)) {
    // Another path's temporary is not asked about: whether its process runs is a system call.
    if (stem && TMP_NAME.exec(name)?.[1] !== stem) continue;
    if (isDeadTemporary(name)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * A cache file's object, or `fallback` when it is missing, damaged or holds
 * no object: a cache only saves work, so what it cannot tell is done again.
 */
export function readCache(path, fallback = null) {
  const text = readIfThere(path, 'utf8');
  if (text === null) return fallback;
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A file's contents, or null when it cannot be read (a cache file that is not
 * there is a miss). Synchronous, as every read of one small file here: Node's
 * promised readFile opens, stats, reads and closes through the thread pool,
 * about 250 µs of CPU a file against 16 µs for this (1,000 reports' raw files
 * measured), and a build reads such files by the thousand.
 */
export function readIfThere(path, encoding) {
  try {
    return readFileSync(path, encoding);
  } catch {
    return null;
  }
}

/**
 * Makes the folder `dir`, which is not there yet, whole at once: `fill(place)`
 * writes its files, each at place(relative path) (which makes the file's
 * folder), into a folder beside `dir` that is then renamed to it. Every file
 * is new, so none needs a temporary name of its own, and a failure leaves
 * no `dir` at all (nor does a killed process, once this runs again). Returns
 * what fill returns.
 */
export function newFolderWhole(dir, fill) {
  removeDeadTemporaries(dirname(dir), dir);
  const tmp = tmpBeside(dir);
  const made = new Set();
  const place = (rel) => {
    const path = join(tmp, rel);
    const folder = dirname(path);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    return path;
  };
  try {
    mkdirSync(tmp, { recursive: true });
    made.add(tmp);
    const result = fill(place);
    renameSync(tmp, dir);
    return result;
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Writes a whole file under a temporary name beside it, then renames it into
 * place. Synchronous: a build writes thousands of small files, and handing
 * each open, write and rename to libuv's thread pool and back cost three times
 * the CPU of the calls themselves (creating and renaming 3,000 files of 2 KB:
 * 160 against 50 µs a file).
 */
export function writeFileAtomic(path, contents) {
  const tmp = tmpBeside(path);
  try {
    try {
      writeFileSync(tmp, contents);
    } catch (error) {
      // The folder is made only when it is missing: most writes go to one that exists, and asking first costs two calls a file.
      if (error.code !== 'ENOENT') throw error;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(tmp, contents);
    }
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Runs fn on every item, at most `limit` at a time: enough to keep the disk's
 * thread pool busy over thousands of small files without opening them all at
 * once. Resolves to fn's results in the items' order.
 */
export async function eachLimit(items, limit, fn) {
  const results = new Array(items.length);
  let i = 0;
  const lane = async () => {
    while (i < items.length) {
      const at = i++;
      results[at] = await fn(items[at]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * A gate for work whose memory grows with its input: `(size, fn)` runs fn at
 * once when size is under `limit`, and otherwise after every earlier call at
 * or over the limit has settled, so big inputs take their memory one at a time.
 */
export function oneBigAtATime(limit) {
  let last = Promise.resolve();
  return (size, fn) => {
    if (size < limit) return fn();
    const turn = last.then(fn, fn);
    last = turn.catch(() => {});
    return turn;
  };
}

// An array of numbers (and nulls) is written PER_LINE values to a line: a
// sample column of a long run, one value to a line, made a document several
// times the size of its raw log, and a diff still shows which samples moved.
const PER_LINE = 10;
const NUMBER_ARRAY = /\[\n( +)((?:-?\d[\d.eE+-]*|null)(?:,\n\1(?:-?\d[\d.eE+-]*|null))*)\n( *)\]/g;

/** JSON as data/ holds it: two-space indents, and arrays of numbers PER_LINE to a line. */
export function toJson(value) {
  return `${JSON.stringify(value, null, 2).replace(NUMBER_ARRAY, (_, inner, items, outer) => `[\n${inner}${numberRows(items.split(`,\n${inner}`), inner)}\n${outer}]`)}\n`;
}

/** Values (their JSON text) PER_LINE to a line, lines indented by `inner`. */
function numberRows(values, inner) {
  const rows = [];
  for (let i = 0; i < values.length; i += PER_LINE) rows.push(values.slice(i, i + PER_LINE).join(', '));
  return rows.join(`,\n${inner}`);
}

// ─── JSON, streamed ─────────────────────────────────────────────────────────

const FLUSH_AT = 1 << 16;
// Values per piece of a number array, a whole number of rows so the pieces join into toJson's rows: about 20 KB of text.
const BLOCK = 200 * PER_LINE;

/**
 * The text of toJson(value), in pieces of about 64 KB, so a document with
 * millions of interval samples is written without one giant string (V8
 * refuses strings past about 512 MB). Same rules as JSON.stringify: toJSON,
 * keys in own order, undefined and functions left out of objects and null in
 * arrays, non-finite numbers as null; and toJson's rows of numbers. Sample
 * columns (lib/columns.mjs) are read from their compact storage, never expanded.
 */
export function* jsonChunks(value) {
  const out = { text: '' };
  yield* jsonValue(resolved(value, ''), '', out);
  out.text += '\n';
  yield out.text;
}

function scalar(v) {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string': return JSON.stringify(v);
    case 'number': return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean': return v ? 'true' : 'false';
    default: return undefined; // undefined, function, symbol
  }
}

/** What JSON.stringify serialises in place of a value: its toJSON() result where it has one. */
function resolved(v, key) {
  return v !== null && typeof v === 'object' && typeof v.toJSON === 'function' ? v.toJSON(key) : v;
}

function* jsonValue(v, indent, out) {
  if (v === null || typeof v !== 'object') {
    out.text += scalar(v) ?? 'null';
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    const store = columnStore(v);
    const length = store ? store.length : v.length;
    if (length === 0) {
      out.text += '[]';
      return;
    }
    out.text += '[';
    if (store || v.every(isNumberText)) {
      yield* numbersJson(store ?? { length, get: (i) => resolved(v[i], String(i)) }, inner, out);
      out.text += `\n${indent}]`;
      return;
    }
    for (let i = 0; i < length; i += 1) {
      out.text += `${i ? ',' : ''}\n${inner}`;
      yield* jsonValue(resolved(v[i], String(i)), inner, out);
      if (out.text.length >= FLUSH_AT) {
        yield out.text;
        out.text = '';
      }
    }
    out.text += `\n${indent}]`;
    return;
  }
  let first = true;
  for (const k of Object.keys(v)) {
    const item = resolved(v[k], k);
    const t = typeof item;
    if (t === 'undefined' || t === 'function' || t === 'symbol') continue;
    out.text += `${first ? '{' : ','}\n${inner}${JSON.stringify(k)}: `;
    first = false;
    yield* jsonValue(item, inner, out);
    if (out.text.length >= FLUSH_AT) {
      yield out.text;
      out.text = '';
    }
  }
  out.text += first ? '{}' : `\n${indent}}`;
}

/** An array element JSON writes as a number or null (NUMBER_ARRAY's items). */
function isNumberText(element, i) {
  const v = resolved(element, String(i));
  return v === null || !['string', 'boolean', 'object'].includes(typeof v);
}

/**
 * The values of an array of numbers ({ length, get(i) }: a sample column's
 * storage, or a plain array's elements), a block at a time joined into one
 * flat string (not one concatenation per value), in toJson's rows.
 */
function* numbersJson(store, inner, out) {
  const block = [];
  for (let start = 0; start < store.length; start += BLOCK) {
    const end = Math.min(start + BLOCK, store.length);
    block.length = 0;
    for (let i = start; i < end; i += 1) block.push(scalar(store.get(i)) ?? 'null');
    out.text += `${start ? ',' : ''}\n${inner}${numberRows(block, inner)}`;
    if (out.text.length >= FLUSH_AT) {
      yield out.text;
      out.text = '';
    }
  }
}

/**
 * writeIfChanged for a JSON document, streamed: written to a temp file, which
 * replaces the old file only when their bytes differ.
 * @returns {Promise<boolean>} whether the file was written
 */
export async function writeJsonIfChanged(path, value) {
  await mkdir(dirname(path), { recursive: true });
  const tmp = tmpBeside(path);
  try {
    const handle = await open(tmp, 'w');
    // One buffer for every piece: a new one per piece is garbage that a long document makes by the thousand.
    const buffer = Buffer.allocUnsafe(FLUSH_AT * 4);
    try {
      for (const chunk of jsonChunks(value)) {
        if (chunk.length * 3 > buffer.length) {
          await handle.write(chunk);
          continue;
        }
        const length = buffer.write(chunk);
        for (let done = 0; done < length;) done += (await handle.write(buffer, done, length - done)).bytesWritten;
      }
    } finally {
      await handle.close();
    }
    if (await sameBytes(tmp, path)) {
      await rm(tmp, { force: true });
      return false;
    }
    await rename(tmp, path);
    return true;
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Whether two files hold the same bytes, compared a block at a time (a missing file differs). */
async function sameBytes(a, b) {
  const [sa, sb] = [statSync(a, { throwIfNoEntry: false }), statSync(b, { throwIfNoEntry: false })];
  if (!sa || !sb || sa.size !== sb.size) return false;
  const [fa, fb] = await Promise.all([open(a, 'r'), open(b, 'r')]);
  try {
    const [ba, bb] = [Buffer.alloc(FLUSH_AT * 4), Buffer.alloc(FLUSH_AT * 4)];
    for (let at = 0; at < sa.size;) {
      const [ra, rb] = await Promise.all([fa.read(ba, 0, ba.length, at), fb.read(bb, 0, bb.length, at)]);
      if (ra.bytesRead !== rb.bytesRead || ra.bytesRead === 0 || !ba.subarray(0, ra.bytesRead).equals(bb.subarray(0, rb.bytesRead))) return false;
      at += ra.bytesRead;
    }
    return true;
  } finally {
    await Promise.all([fa.close(), fb.close()]);
  }
}

/**
 * Every regular file under dir, as paths relative to it with '/' separators.
 * From the folder entries' own types: a recursive readdir that returns names
 * stats every entry to find the folders, and the caller would stat again.
 */
export async function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1).split('\\').join('/'));
}

/**
 * Writes only when the contents differ from what is there, so an unchanged
 * output keeps its mtime and an incremental build touches nothing it need not.
 * @returns {Promise<boolean>} whether the file was written
 */
export async function writeIfChanged(path, contents) {
  const size = statSync(path, { throwIfNoEntry: false })?.size;
  // Read the old file only when it could be the same: a size that differs says enough.
  if (size !== undefined && size === Buffer.byteLength(contents) && readFileSync(path).equals(Buffer.isBuffer(contents) ? contents : Buffer.from(contents))) return false;
  // A string is encoded on its way to the file: a Buffer made of it first was one more copy of every page, and garbage.
  writeFileAtomic(path, contents);
  return true;
}

/**
 * A short hash of the names, sizes and mtimes of files (folders are walked),
 * so a step can tell "nothing here changed" from stat calls alone. Sync on
 * purpose: thousands of small stats are several times faster this way.
 */
export function treeStamp(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info) {
      hash.update(`${path}\0-\n`);
      continue;
    }
    const files = info.isDirectory() ? readdirSync(path, { recursive: true }).sort().map((n) => join(path, n)) : [path];
    for (const file of files) {
      const s = statSync(file, { bigint: true });
      if (s.isFile()) hash.update(fileLine(file, s.size, s.mtimeNs, s.ctimeNs));
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * What a stamp hashes for one file: its path, size, mtime and ctime, the
 * times as GNU find's %T@ and %C@ print them (seconds, ten decimals), so a
 * listing by find (treeIndex) hashes find's own text and stamps the same as
 * this. The ctime catches a file replaced by a copy that kept its size and
 * mtime (cp -p, touch -r): no tool can set it.
 */
function fileLine(path, size, mtimeNs, ctimeNs) {
  return `${path}\0${size}\0${findTime(mtimeNs)} ${findTime(ctimeNs)}\n`;
}

function findTime(ns) {
  const second = 1_000_000_000n;
  return `${ns / second}.${String(ns % second).padStart(9, '0')}0`;
}

/**
 * A short hash of the folders under `dir`, down to `depth` levels, and their
 * mtimes, or null without `dir`. A folder's mtime moves whenever a name in it
 * is added, removed or replaced, so this tells that files came or went (a
 * report's folder removed from public/, a chart removed from its charts/)
 * without listing every file: a built site is a hundred thousand of them, and
 * the listing cost a build with nothing changed a tenth of a second.
 */
export function folderStamp(dir, depth = 3) {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return null;
  const lines = [];
  const visit = (path, rel, level) => {
    lines.push(`${rel}\t${statSync(path).mtimeMs}`);
    if (level === depth) return;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(join(path, entry.name), `${rel}/${entry.name}`, level + 1);
    }
  };
  visit(dir, '', 0);
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex').slice(0, 24);
}

/**
 * One listing of several trees, from which stamp(paths) gives exactly what
 * treeStamp(paths) would (same files, order, sizes and mtimes), so a step that
 * stamps every report (a thousand small trees) lists the disk once instead of
 * calling stat per file. Take it when the step starts: it does not see files
 * written after that unless told with refresh(paths), which lists those trees
 * again (a build passes one listing from step to step, and each step
 * refreshes what it wrote). Falls back to treeStamp without GNU find.
 */
export async function treeIndex(roots) {
  // Each entry is the line treeStamp hashes for a file; sorted as strings, they sort by path ("\0" ends a path and sorts first).
  let entries = await findEntries(roots);
  if (!entries) return { stamp: (paths) => treeStamp(paths), async refresh() {} };
  const from = (prefix) => {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /**
   * Where the entries under folder `path` begin and end: those that start
   * with "path/" run up to the first entry not below "path0" ('0' is the
   * character after '/').
   */
  const folder = (path) => [from(`${path}/`), from(`${path}0`)];
  /** Where the entry of file `path` is, or -1. */
  const file = (path) => {
    const at = from(`${path}\0`);
    return entries[at]?.startsWith(`${path}\0`) ? at : -1;
  };
  return {
    stamp(paths) {
      // One update per path, not per file: hashing a whole site's listing is most of a small build.
      const hash = createHash('sha256');
      for (const path of paths.map((p) => resolve(p))) {
        const at = file(path);
        if (at >= 0) {
          hash.update(entries[at]);
          continue;
        }
        const [start, end] = folder(path);
        if (end > start) hash.update(entries.slice(start, end).join(''));
        else if (!statSync(path, { throwIfNoEntry: false })) hash.update(`${path}\0-\n`);
      }
      return hash.digest('hex').slice(0, 24);
    },
    /** Lists these files or folders again (each must lie inside one of the roots). */
    async refresh(paths) {
      if (!paths.length) return;
      const fresh = await findEntries(paths);
      if (!fresh) {
        entries = (await findEntries(roots)) ?? entries;
        return;
      }
      const gone = new Set(paths.map((p) => resolve(p)));
      if (gone.size > 16) {
        const under = (line) => {
          const path = line.slice(0, line.indexOf('\0'));
          for (let at = path.length; at > 0; at = path.lastIndexOf('/', at - 1)) if (gone.has(path.slice(0, at))) return true;
          return false;
        };
        entries = entries.filter((e) => !under(e)).concat(fresh).sort();
        return;
      }
      // A few folders (the one report an edit touched): splice each in place rather than sort the site again.
      for (const path of gone) {
        const at = file(path);
        if (at >= 0) entries.splice(at, 1);
        const [start, end] = folder(path);
        entries.splice(start, end - start, ...fresh.filter((e) => e.startsWith(`${path}/`)));
        const own = fresh.find((e) => e.startsWith(`${path}\0`));
        if (own) entries.splice(from(own), 0, own);
      }
    },
  };
}

/** How many `find` processes share a listing: the walk is system calls, which two cores do in about half the time. */
const FIND_PROCESSES = 2;
/** The most bytes of start points one `find` is given, well inside what a command line may hold. */
const FIND_ARGS_BYTES = 64 << 10;

/**
 * Every file under the roots as the line treeStamp hashes for it, sorted;
 * null when `find` cannot tell (no GNU find, a folder it may not read).
 */
async function findEntries(roots) {
  // Absolute paths on both sides, so a path asked for matches what find printed.
  const present = roots.map((p) => resolve(p)).filter((p) => statSync(p, { throwIfNoEntry: false }));
  const outputs = await eachLimit(argumentLists(startPoints(present)), FIND_PROCESSES, findFiles);
  if (outputs.includes(null)) return null;
  const entries = [];
  for (const text of outputs) {
    // find prints each file's line as treeStamp hashes it. A name may hold "\n" but never "\0": the
    // line ends at the first "\n" after the two "\0" that close its path and its size.
    for (let at = 0; at < text.length;) {
      const end = text.indexOf('\n', text.indexOf('\0', text.indexOf('\0', at) + 1) + 1) + 1;
      if (end <= at) return null;
      entries.push(text.slice(at, end));
      at = end;
    }
  }
  return entries.sort();
}

/** Enough start points for the finds to share a walk evenly (a site's reports), and few enough to start few finds. */
const START_POINTS = 64;

/**
 * The roots, or their files and folders a level or two down, until there
 * are START_POINTS of them: given content/ and data/, the reports' folders
 * (content/reports/<report>); a root alone would give one find all of
 * content/ and the other the rest.
 */
function startPoints(roots) {
  let points = roots;
  for (let level = 0; level < 3 && points.length < START_POINTS; level += 1) {
    points = points.flatMap((path) => (statSync(path, { throwIfNoEntry: false })?.isDirectory() ? readdirSync(path).map((name) => join(path, name)) : [path]));
  }
  return points;
}

/** Start points dealt out in turn to FIND_PROCESSES lists, and a list cut where it would pass FIND_ARGS_BYTES. */
function argumentLists(points) {
  const lists = [];
  for (let turn = 0; turn < FIND_PROCESSES; turn += 1) {
    let list = [];
    let bytes = 0;
    for (let i = turn; i < points.length; i += FIND_PROCESSES) {
      const size = Buffer.byteLength(points[i]) + 1;
      if (list.length && bytes + size > FIND_ARGS_BYTES) {
        lists.push(list);
        [list, bytes] = [[], 0];
      }
      list.push(points[i]);
      bytes += size;
    }
    if (list.length) lists.push(list);
  }
  return lists;
}

/** find's output for files under these start points, or null if it failed. */
function findFiles(points) {
  return new Promise((done) => {
    // -L: follow symbolic links, as statSync does, so a link's target counts.
    const child = spawn('find', ['-L', ...points, '-type', 'f', '-printf', '%p\\0%s\\0%T@ %C@\\n'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.on('error', () => done(null));
    child.on('close', (code) => done(code === 0 ? Buffer.concat(chunks).toString('utf8') : null));
  });
}
