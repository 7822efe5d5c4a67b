// The ingest step: for every report bundle, parse the raw files its front
// matter lists under `sources`, attach the author's labels, and write one
// normalized document per raw file to data/reports/<slug>/. Labels describe a
// run and always come from the author: the front matter, or a `glob:` pattern
// in it that says which part of a file name is which label, never a guess.
import { readFile, readdir, rm } from 'node:fs/promises';
import { existsSync, statSync, readFileSync } from 'node:fs';
import { join, relative, extname, dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Problem } from '../problems/problem.mjs';
import { writeIfChanged, toJson, treeStamp, treeIndex, eachLimit, oneBigAtATime, removeDeadTemporaries, readCache } from '../lib/files.mjs';
import { rawFileHazard, unsafeRawFiles, hashRawFiles, rawFolder, fileSum, RAW_FILE_EXPECTED, rawPathProblem, RAW_PATH_EXPECTED } from '../lib/raw-files.mjs';
import { getFormat } from '../parse/index.mjs';
import { createPool } from '../lib/workers.mjs';
import { didYouMean, nearest } from '../lib/nearest.mjs';
import { labelFilters } from '../lib/where.mjs';
import { readFrontMatter, expandSourceGlobs, unreadOnPurpose } from './front-matter.mjs';
import { unreadFiles, commentedShortcodes } from './notes.mjs';
import { reportSlugs, bundleDir, reportKey, bodyOffset } from '../lib/site.mjs';
import { taxonomyKeys } from '../lib/site-config.mjs';
import { frontMatterPathNames } from '../lib/path-names.mjs';

const LABEL_NAME = /^[a-z][a-z0-9_]*$/;
const REPORTS_AT_ONCE = 4;
const SOURCES_AT_ONCE = 4;
// What report.json records of the front matter: a new field makes every report's ingest write it again.
const REPORT_FIELDS = 'label_titles,repeat,noise_reference,path_names';
const PARSE_WORKER = new URL('./worker.mjs', import.meta.url);

/**
 * Ingests every report of the site (see reportSlugs). Problems in one source do not stop
 * the others: all of them are returned, and a broken source writes nothing.
 * `listed`: a listing of the content and data folders taken before (a build's,
 * see treeIndex); the data folders of the reports ingest looked into are
 * refreshed in it, so the next step stamps what is there now.
 */
export async function ingestReports({ root = process.cwd(), dataDir = 'data/reports', cacheDir = join(root, '.tpsreport', 'cache', 'ingest'), listed: shared = null } = {}) {
  const slugs = await reportSlugs(root, shared);
  const result = { reports: 0, documents: 0, parsed: 0, errors: [], notes: [] };
  const parsers = await parserStamp();
  // The site config's taxonomies say which names report.json records as paths: a change re-reads every front matter.
  const front = `${REPORT_FIELDS}:${taxonomyKeys(root).join(',')}`;
  // One listing of every report's files for the "nothing changed" checks below.
  const listed = shared ?? (await treeIndex([join(root, 'content'), join(root, dataDir)]));
  const looked = [];
  // Whether each report changed since its last clean ingest, read all at once: on a build where one report changed,
  // this is most of the step. What the last ingest saw of each source is read only for a report that changed.
  const stamps = slugs.map((slug) => readCache(cacheFiles(cacheDir, slug).stamp, {}));
  const outcomes = new Array(slugs.length);
  // Raw files are parsed on worker threads (see ingest/worker.mjs), several
  // reports at a time: a report's ingest is mostly waiting on the disk and on
  // those threads. Results are gathered in name order, so errors and counts
  // read the same whatever finished first.
  const pool = createPool(PARSE_WORKER);
  try {
    await eachLimit([...slugs.keys()], REPORTS_AT_ONCE, async (i) => {
      const slug = slugs[i];
      const index = join(bundleDir(root, slug), 'index.md');
      if (!existsSync(index)) return;
      const outDir = join(root, dataDir, reportKey(slug));
      outcomes[i] = { outDir, ...(await ingestReport({ root, slug, index, outDir, cache: cacheFiles(cacheDir, slug), last: stamps[i], parsers, front, listed, pool })) };
    });
  } finally {
    await pool.close();
  }
  for (const outcome of outcomes) {
    if (!outcome) continue;
    const { outDir, written, parsed, errors, notes = [], unchanged } = outcome;
    result.reports += 1;
    if (!unchanged) looked.push(outDir);
    result.documents += written;
    result.parsed += parsed;
    result.errors.push(...errors);
    result.notes.push(...notes);
  }
  looked.push(...(await removeGoneReports(join(root, dataDir), cacheDir, new Set(slugs.filter((_, i) => outcomes[i])))));
  if (existsSync(cacheDir)) removeDeadTemporaries(cacheDir);
  if (shared) await shared.refresh(looked);
  return result;
}

/**
 * A report's ingest cache: `stamp`, whether anything of the report changed
 * since its last clean ingest (read for every report on every build), and
 * `sources`, what that ingest saw of each raw file (read when it changed).
 */
function cacheFiles(cacheDir, slug) {
  return { stamp: join(cacheDir, `${reportKey(slug)}.stamp.json`), sources: join(cacheDir, `${reportKey(slug)}.json`) };
}

/**
 * Removes the data of reports whose article is gone (a report deleted or
 * renamed): its documents would fail validation for raw files no longer
 * there, which no ingest could fix. Only a folder ingest wrote is removed:
 * one whose report.json names it; anything else in data/reports/ stays.
 * @returns {Promise<string[]>} the folders removed
 */
async function removeGoneReports(dataDir, cacheDir, reports) {
  if (!existsSync(dataDir)) return [];
  const removed = [];
  const keys = new Set([...reports].map(reportKey));
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || keys.has(entry.name)) continue;
    const dir = join(dataDir, entry.name);
    const own = await readFile(join(dir, 'report.json'), 'utf8').then(JSON.parse).catch(() => null);
    if (own?.kind !== 'report' || typeof own.report !== 'string' || reportKey(own.report) !== entry.name) continue;
    await rm(dir, { recursive: true });
    for (const file of Object.values(cacheFiles(cacheDir, own.report))) await rm(file, { force: true });
    removed.push(dir);
  }
  return removed;
}

async function ingestReport({ root, slug, index, outDir, cache, last, parsers, front, listed, pool }) {
  const errors = [];
  // Nothing of the report changed since its last clean ingest: not even its front matter is read.
  const inputs = [index, join(bundleDir(root, slug), 'raw'), outDir];
  const unchanged = `${parsers}:${front}:${listed.stamp(inputs)}`;
  if (last.report === unchanged) return { written: last.documents, parsed: 0, errors, unchanged: true };
  const before = readCache(cache.sources, {});
  let plan;
  const text = readFileSync(index, 'utf8');
  try {
    plan = planSources(text, relative(root, index), bundleDir(root, slug), root);
  } catch (error) {
    if (error instanceof Problem) return { written: 0, parsed: 0, errors: [error] };
    throw error;
  }
  // One look at raw/ serves the safety check now and the sums in report.json below.
  const listing = await rawFolder(join(bundleDir(root, slug), 'raw'));
  const unsafe = unsafeRawFiles(listing, root);
  const after = { sources: {}, hashes: {} };
  const outcomes = new Array(plan.length);
  // A source that must not be published is not parsed either: its error is the refusal.
  const refused = new Map(unsafe.map((error) => [error.file, error]));
  await eachLimit([...plan.keys()], SOURCES_AT_ONCE, async (i) => {
    const error = refused.get(relative(root, plan[i].path));
    outcomes[i] = error ? { error } : await ingestSource(plan[i], { root, slug, outDir, before, parsers, pool });
  });
  let parsed = 0;
  const body = bodyOffset(text);
  const notes = [...commentedShortcodes(text.slice(body), text.slice(0, body).split('\n').length, relative(root, index)), ...unreadFiles(listing, plan, root, index)];
  for (const [i, { stamp, error, hash, parsed: fresh, notes: said = [] }] of outcomes.entries()) {
    notes.push(...said);
    if (error) errors.push(error);
    else after.sources[plan[i].out] = stamp;
    if (hash) after.hashes[relative(root, plan[i].path)] = hash;
    if (fresh) parsed += 1;
  }
  const hashes = { ...before.hashes, ...after.hashes };
  // data/ stays whole when a source fails: report.json lists the documents
  // there are, and a failed source's document from an older raw file goes.
  const done = Object.assign(plan.filter((_, i) => !outcomes[i].error), { meta: plan.meta });
  const report = await reportDocument({ root, slug, plan: done, hashes, listing });
  after.hashes = Object.fromEntries(report.raw_files.map(({ file }) => [file, hashes[file]]));
  await writeIfChanged(join(outDir, 'report.json'), toJson(report));
  const keep = new Set(['report.json', ...done.map((entry) => entry.out)]);
  await removeStale(outDir, keep);
  const written = done.length;
  errors.unshift(...unsafe.filter((error) => !errors.includes(error)));
  // Stamped from the disk, not the listing: this ingest has just written outDir.
  await writeIfChanged(cache.sources, JSON.stringify(after));
  // Without a stamp, the next ingest looks at every source again (those that failed are parsed again).
  if (errors.length) await rm(cache.stamp, { force: true });
  else await writeIfChanged(cache.stamp, JSON.stringify({ report: `${parsers}:${front}:${treeStamp(inputs)}`, documents: written }));
  return { written, parsed, errors, notes };
}

/**
 * One source of a report: parsed and written unless its stamp says the
 * document from last time still stands.
 * @returns {Promise<{ stamp?: string, parsed?: boolean, hash?: object, error?: Problem }>} hash: the raw file's sum as hashRawFiles keeps it
 */
async function ingestSource(entry, { root, slug, outDir, before, parsers, pool }) {
  const out = join(outDir, entry.out);
  try {
    // Taken before the read: a file that changes while it is parsed is newer than its stamp and sum say.
    // Synchronous: three stats a source, where handing each to the thread pool and back costs several times the call.
    const raw = statSync(entry.path);
    const stamp = entryStamp(entry, raw, statSync(out, { throwIfNoEntry: false }) ?? null, parsers);
    const last = before.sources?.[entry.out];
    if (stamp && last === stamp) return { stamp };
    // Touched but not changed (a checkout, an editor that saved the same bytes): the sum taken last time decides.
    const sum = before.hashes?.[relative(root, entry.path)];
    if (stamp && last && sum && onlyRawTimeDiffers(last, stamp)) {
      const now = await fileSum(entry.path, raw);
      if (now.sha256 === sum.sha256) return { stamp, hash: { ...now, mtimeMs: raw.mtimeMs, ctimeMs: raw.ctimeMs } };
    }
    const fields = { report: slug, order: entry.order, labels: entry.labels, ...(entry.runLabels ? { run_labels: entry.runLabels } : {}) };
    const task = { path: entry.path, source: relative(root, entry.path), format: entry.format, options: entry.options, fields, runLabelsAt: entry.runLabelsAt, out, streamed: raw.size >= STREAM_FROM };
    const { sha256, notes } = await oneBigFileAtATime(raw.size, () => pool.run(task));
    return { stamp: entryStamp(entry, raw, statSync(out), parsers), parsed: true, hash: { sha256, size: raw.size, mtimeMs: raw.mtimeMs, ctimeMs: raw.ctimeMs }, notes: notes.map((n) => new Problem({ file: task.source, severity: 'note', rule: 'parser-note', ...n })) };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    return { error };
  }
}

// Raw files from this size on are parsed one at a time, each document streamed
// to disk: their samples are what bounds ingest's memory, not their number.
const STREAM_FROM = 4 * 1024 * 1024;
const oneBigFileAtATime = oneBigAtATime(STREAM_FROM);

/**
 * What decides whether a source must be parsed again: the raw file (size,
 * mtime and ctime, which a copy that keeps the mtime cannot keep), what the front matter says of it, the parsers' code, and the
 * document it produced last time (so a deleted or edited data file is redone).
 * `raw` and `out` are the two files' stats; null without a document. Written
 * as <hash of everything but the raw file>:<raw size>:<raw mtime/ctime>, so a raw
 * file whose times alone moved can be told apart (onlyRawTimeDiffers) and
 * checked by its sum instead of parsed again.
 */
function entryStamp(entry, raw, out, parsers) {
  if (!out) return null;
  const said = JSON.stringify([entry.format, entry.options, entry.labels, entry.runLabels, entry.order]);
  const rest = createHash('sha256').update(`${parsers}\0${out.size}\0${out.mtimeMs}\0${said}`).digest('hex').slice(0, 24);
  return `${rest}:${raw.size}:${raw.mtimeMs}/${raw.ctimeMs}`;
}

/** Two stamps of one source that differ only in the raw file's times. */
function onlyRawTimeDiffers(a, b) {
  const [x, y] = [a.split(':'), b.split(':')];
  return x.length === 3 && x[0] === y[0] && x[1] === y[1];
}

let parsersHash = null;
/** A hash of the parser code: a new parser version re-reads every raw file. */
async function parserStamp() {
  if (parsersHash) return parsersHash;
  const hash = createHash('sha256');
  for (const dir of ['parse', 'lib', 'problems']) {
    const path = join(dirname(fileURLToPath(import.meta.url)), '..', dir);
    for (const name of (await readdir(path, { recursive: true })).filter((n) => n.endsWith('.mjs')).sort()) hash.update(name).update(await readFile(join(path, name)));
  }
  parsersHash = hash.digest('hex').slice(0, 16);
  return parsersHash;
}

/**
 * The report's own document as ingest writes it from the bundle's front
 * matter (`text`) and raw/ folder: what it compares, which raw file became
 * which data file, and the sha256 of every raw file the report publishes.
 * `validate` reads it for the checks that span several documents, and
 * `build --frozen` compares it with the one in data/.
 * @returns {Promise<{ plan, report }>} plan: the sources to parse (planSources)
 */
export async function reportOf({ root, slug, text }) {
  const plan = planSources(text, relative(root, join(bundleDir(root, slug), 'index.md')), bundleDir(root, slug), root);
  return { plan, report: await reportDocument({ root, slug, plan }) };
}

/**
 * reportOf's document for a plan already made. `hashes` and `listing` (see
 * hashRawFiles): the sums ingest took while parsing and at its last run,
 * added to as files are read, and its one look at raw/.
 */
async function reportDocument({ root, slug, plan, hashes, listing }) {
  return {
    kind: 'report',
    schema_version: 1,
    report: slug,
    title: plan.meta.title ?? slug,
    compare: plan.meta.compare,
    sweep: plan.meta.sweep,
    label_titles: plan.meta.labelTitles,
    ...(plan.meta.repeat === undefined ? {} : { repeat: plan.meta.repeat }),
    ...(plan.meta.noiseReference === undefined ? {} : { noise_reference: plan.meta.noiseReference }),
    path_names: plan.meta.pathNames,
    sources: plan.map((e) => ({ file: relative(root, e.path), data: e.out, order: e.order, labels: e.labels, ...(e.format ? { format: e.format } : {}) })),
    raw_files: await hashRawFiles(listing ?? (await rawFolder(join(bundleDir(root, slug), 'raw'))), root, hashes),
  };
}

/** Checks the front matter and resolves each `sources` entry to a raw file and an output name. */
export function planSources(text, source, bundleDir, root) {
  const read = readFrontMatter(text, source);
  misspeltOwnKeys(read, text, source);
  unknownSourceKeys(read, source);
  badDates(read, source);
  const { data, lineOf } = expandSourceGlobs(read, { bundleDir, source });
  const unread = unreadOnPurpose(read, { bundleDir, source });
  const sources = data.sources ?? [];
  const fail = (path, expected, found) => new Problem({ file: source, line: lineOf(path), column: 1, expected, found, rule: 'sources' });
  if (!Array.isArray(sources)) throw fail(['sources'], 'a list under `sources`', typeof sources);
  const meta = { title: data.title, compare: labelList(data.compare, ['compare'], fail), sweep: labelList(data.sweep, ['sweep'], fail), unread, ...readsOfCompile(read, root) };
  // The report's own document is report.json: no source's may take that name.
  const outs = new Set(['report.json']);
  const listedAt = new Map();
  const plan = sources.map((entry, i) => {
    if (!entry || typeof entry.file !== 'string') throw fail(['sources', i], 'an entry with `file: raw/<name>`', JSON.stringify(entry));
    const outside = rawPathProblem(entry.file, bundleDir);
    if (outside) throw new Problem({ file: source, line: lineOf(['sources', i, 'file']), column: 1, expected: RAW_PATH_EXPECTED, found: outside, rule: 'raw-file-path' });
    const path = join(bundleDir, entry.file);
    if (!existsSync(path)) throw fail(['sources', i, 'file'], `a raw file beside the report (${relative(root, path)})`, 'no such file');
    const hazard = rawFileHazard(entry.file);
    if (hazard) throw new Problem({ file: source, line: lineOf(['sources', i, 'file']), column: 1, expected: RAW_FILE_EXPECTED, found: hazard, rule: 'raw-file-type' });
    if (entry.format) {
      try { getFormat(entry.format); } catch (e) { throw fail(['sources', i, 'format'], e.expected, e.found); }
    }
    checkLabels(entry.labels ?? {}, (what, found) => fail(['sources', i, 'labels'], what, found));
    (entry.run_labels ?? []).forEach((l) => checkLabels(l, (what, found) => fail(['sources', i, 'run_labels'], what, found)));
    if (listedAt.has(entry.file)) throw fail(['sources', i, 'file'], `each raw file listed once (source ${listedAt.get(entry.file) + 1} lists it too)`, entry.file);
    listedAt.set(entry.file, i);
    const out = documentName(entry.file, outs);
    outs.add(out);
    if (entry.options !== undefined && (typeof entry.options !== 'object' || entry.options === null || Array.isArray(entry.options))) {
      throw fail(['sources', i, 'options'], 'options as a map the parser reads (e.g. `options: { units: { Data: bytes } }`)', JSON.stringify(entry.options));
    }
    const runLabelsAt = entry.run_labels === undefined ? undefined : { file: source, line: lineOf(['sources', i, 'run_labels']) };
    return { path, out, order: i, format: entry.format, labels: entry.labels ?? {}, runLabels: entry.run_labels, runLabelsAt, options: entry.options };
  });
  misnamedLabels(meta, plan, fail);
  slippedLabel(plan, fail);
  noiseReferenceProblem(data.noise_reference, plan, fail);
  return Object.assign(plan, { meta });
}

/**
 * The name of a source's document under data/reports/<slug>/: the raw file's
 * name without its extension (raw/waits/t1.txt → waits--t1.json). Where two
 * raw files would share it (run.txt and run.log, or DBT-2's report.txt beside
 * the report's own report.json), the later one keeps its extension too
 * (run--log.json), then a number.
 */
function documentName(file, taken) {
  const name = file.replace(/^raw\//, '');
  const ext = extname(name);
  const safe = (text) => text.replace(/[^A-Za-z0-9._-]+/g, '--');
  const stem = safe(name.slice(0, -ext.length || undefined));
  let out = `${stem}.json`;
  if (taken.has(out)) out = `${stem}--${safe(ext.slice(1)) || 'file'}.json`;
  for (let n = 2; taken.has(out); n += 1) out = `${stem}--${n}.json`;
  return out;
}

const SOURCE_KEYS = ['file', 'glob', 'values', 'sort', 'format', 'labels', 'run_labels', 'options'];

/** A `sources` entry with a key ingest does not read (`lables:`) would lose what it says without a word: refused at its line. */
// The keys of the front matter tpsreport reads (Hugo's and the theme's are the author's own).
const OWN_KEYS = ['sources', 'unread', 'compare', 'sweep'];

/**
 * A key a letter or two from one of tpsreport's own, where that one is
 * missing ("source:" for "sources:"): without this the report built with no
 * runs, and every shortcode said its data had none.
 */
function misspeltOwnKeys({ data }, text, source) {
  for (const key of Object.keys(data)) {
    if (OWN_KEYS.includes(key)) continue;
    const meant = nearest(key, OWN_KEYS.filter((k) => !Object.hasOwn(data, k)));
    if (!meant) continue;
    // The key's own line (lineOf gives its value's, a list under it).
    const line = text.split(/\r?\n/).findIndex((l, i) => i > 0 && l.startsWith(`${key}:`)) + 1;
    throw new Problem({ file: source, line: line || 1, column: 1, expected: `"${meant}:", the list tpsreport reads`, found: `"${key}:"`, rule: 'front-matter' });
  }
}

function unknownSourceKeys({ data, lineOf }, source) {
  if (!Array.isArray(data.sources)) return;
  data.sources.forEach((entry, i) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return;
    const key = Object.keys(entry).find((k) => !SOURCE_KEYS.includes(k));
    if (key === undefined) return;
    throw new Problem({ file: source, line: lineOf(['sources', i, key]), column: 1, expected: `a source key (${SOURCE_KEYS.join(', ')})`, found: `"${key}"${didYouMean(key, SOURCE_KEYS)}`, rule: 'sources' });
  });
}

// The front matter keys Hugo reads as dates (its default [frontmatter] config), in lower case as Hugo compares them.
const DATE_KEYS = ['date', 'lastmod', 'publishdate', 'pubdate', 'published', 'expirydate', 'unpublishdate', 'modified'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DATE_EXPECTED = 'a date as YYYY-MM-DD (2026-11-22), or with a time (2026-11-22T14:30:00Z)';

/**
 * A date Hugo cannot read stops its build with "not a parsable date" and no
 * line; this names the line, and what is wrong with a calendar date that does
 * not exist (2026-11-31). Other layouts JavaScript reads (RFC 1123) are left to Hugo.
 */
function badDates({ data, lineOf }, source) {
  for (const [key, value] of Object.entries(data)) {
    if (!DATE_KEYS.includes(key.toLowerCase())) continue;
    const problem = dateProblem(value);
    if (problem) throw new Problem({ file: source, line: lineOf([key]), column: 1, expected: DATE_EXPECTED, found: `${key}: ${JSON.stringify(value)}${problem === true ? '' : ` (${problem})`}`, rule: 'front-matter-date' });
  }
}

/** What is wrong with a front matter date: a reason, true when it is no date at all, or null when it reads. */
function dateProblem(value) {
  if (value instanceof Date) return Number.isNaN(value.getTime()) || null;
  if (typeof value !== 'string') return true;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?=$|[T ])/.exec(value.trim());
  if (!iso) return Number.isFinite(Date.parse(value)) ? null : true;
  const [year, month, day] = iso.slice(1).map(Number);
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day >= 1 && day <= days ? null : `${MONTHS[month - 1]} ${year} has ${days} days`;
}

/** A label `compare:` or `sweep:` names that no run has (`servr`) would compare nothing: refused at its line. */
function misnamedLabels(meta, plan, fail) {
  if (!plan.length) return;
  const names = [...new Set(plan.flatMap((e) => [...Object.keys(e.labels), ...(e.runLabels ?? []).flatMap((l) => Object.keys(l ?? {}))]))].sort();
  for (const key of ['compare', 'sweep']) {
    const name = meta[key].find((n) => !names.includes(n));
    if (name === undefined) continue;
    throw fail([key], `labels the runs have (${names.join(', ') || 'none: give them labels under `sources`'})`, `"${name}"${didYouMean(name, names)}`);
  }
}

/**
 * `noise_reference: "label=value;…"` names the repeats whose spread is the
 * report's noise band. A label no run has, or a value it never takes, would
 * match nothing, and every claim and comparison would go on without a band
 * and without a word: refused at its line with the name or value meant.
 */
function noiseReferenceProblem(reference, plan, fail) {
  if (reference === undefined || reference === null) return;
  const where = ['noise_reference'];
  const filters = typeof reference === 'string' ? labelFilters(reference) : null;
  if (!filters || !Object.keys(filters).length) throw fail(where, 'label=value pairs separated by ";", naming the runs of one configuration repeated (noise_reference: "config=baseline")', JSON.stringify(reference));
  const runs = plan.flatMap((e) => (e.runLabels?.length ? e.runLabels.map((l) => ({ ...e.labels, ...(l ?? {}) })) : [e.labels]));
  const names = [...new Set(runs.flatMap(Object.keys))].sort();
  for (const [name, value] of Object.entries(filters)) {
    const values = [...new Set(runs.filter((r) => Object.hasOwn(r, name)).map((r) => String(r[name])))];
    if (!values.length) throw fail(where, `labels the runs have (${names.join(', ')})`, `"${name}"${didYouMean(name, names)}`);
    if (!values.includes(value)) throw fail(where, `a value label ${name} takes (${values.slice(0, 12).map((v) => `"${v}"`).join(', ')})`, `${name}="${value}"${didYouMean(value, values)}`);
  }
  if (!runs.some((r) => Object.entries(filters).every(([name, value]) => String(r[name] ?? '') === value))) throw fail(where, 'a filter some run matches whole', JSON.stringify(reference));
}

/**
 * A label one source names differently from the runs around it (`repaet: 3`
 * where the others have `repeat`) makes its runs a configuration of their
 * own, and a table or median would call them a difference: refused at the
 * source's labels, naming the label the others use. Only a name fewer sources
 * use, close to one more use that this source lacks, is taken for a slip.
 */
function slippedLabel(plan, fail) {
  const uses = new Map();
  for (const e of plan) for (const k of Object.keys(e.labels)) uses.set(k, (uses.get(k) ?? 0) + 1);
  // Sources of one sweep name the same labels: each set of names is looked at once.
  const seen = new Set();
  for (const e of plan) {
    const names = Object.keys(e.labels);
    if (seen.has(names.join('\0'))) continue;
    seen.add(names.join('\0'));
    for (const k of names) {
      const others = [...uses.keys()].filter((m) => m !== k && uses.get(m) > uses.get(k) && !Object.hasOwn(e.labels, m));
      const meant = nearest(k, others);
      if (meant) throw fail(['sources', e.order, 'labels'], `the label names the other runs use (${meant} is on ${uses.get(meant)} of ${plan.length} sources, not this one)`, `"${k}" (did you mean "${meant}"?)`);
    }
  }
}

/**
 * What compile reads of the front matter besides title, compare and sweep,
 * for report.json: how labels are named to readers (`labels: { name: title }`),
 * the repeat labels as written (compile checks them where a view combines
 * repeats), the noise reference, and the names that become paths, with their
 * lines, for compile's check of them (lib/path-names.mjs).
 */
function readsOfCompile(read, root) {
  const { labels, repeat, noise_reference: noiseReference } = read.data;
  const labelTitles = labels && typeof labels === 'object' ? Object.fromEntries(Object.entries(labels).filter(([, title]) => typeof title === 'string')) : {};
  return {
    labelTitles,
    repeat: repeat === null ? undefined : repeat,
    noiseReference: noiseReference === null ? undefined : noiseReference,
    pathNames: frontMatterPathNames(read, taxonomyKeys(root)),
  };
}

/** `compare:` and `sweep:` name labels: one name or a list of names. */
function labelList(value, path, fail) {
  if (value === undefined) return [];
  const list = [].concat(value);
  for (const name of list) {
    if (typeof name !== 'string' || !LABEL_NAME.test(name)) throw fail(path, 'label names (a-z, 0-9, _)', JSON.stringify(name));
  }
  return list;
}

function checkLabels(labels, fail) {
  if (typeof labels !== 'object' || Array.isArray(labels)) throw fail('labels as a map of name: value', JSON.stringify(labels));
  for (const [name, value] of Object.entries(labels)) {
    if (!LABEL_NAME.test(name)) throw fail('label names in lower case (a-z, 0-9, _)', JSON.stringify(name));
    if (value === null || typeof value === 'object') throw fail(`a text or number for label ${name}`, JSON.stringify(value));
  }
}

async function removeStale(dir, keep) {
  if (!existsSync(dir)) return;
  for (const name of await readdir(dir)) {
    if (name.endsWith('.json') && !keep.has(name)) await rm(join(dir, name));
  }
  // data/ is committed: what a killed ingest left half written there must not be.
  removeDeadTemporaries(dir);
}
