// `tpsreport new report PATH --from DIR`: a report bundle from a folder of raw
// results. The files are copied as they are into content/PATH/raw/ (a bare
// name is a bundle in content/reports/),
// each one's format is detected with the parse step's own detection, files of
// one shape become one `glob:` source, the labels the output states are
// offered in the front matter, and the body gets a table and a chart of each
// sweep that build as written. Nothing is written unless all of it can be.
import { readdir, stat, lstat, readlink, mkdir, copyFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname, relative, sep, basename } from 'node:path';
import { parseFile } from '../parse/index.mjs';
import { formatNamed, formats } from '../parse/formats.mjs';
import { matchGlob } from '../ingest/front-matter.mjs';
import { rawFileProblem } from '../lib/raw-files.mjs';
import { wordList } from '../lib/text.mjs';
import { Problem } from '../problems/problem.mjs';
import { outputLabels, outputRunLabels, isServerConfig } from './output-labels.mjs';
import { proposePatterns, contradiction, lostLabel } from './patterns.mjs';
import { CMP_COLUMNS } from '../compile/tables/compression-table.mjs';
import { kindItems, at, measures } from '../compile/select.mjs';
import { SLUG_PART, slugOfPath, bundleDir } from '../lib/site.mjs';

/**
 * The report a `new report` PATH names, as { slug, path }: a bare name is a
 * bundle in content/reports/, a path ("posts/2026/x") is relative to
 * content/. Each part is lower-case letters, digits, dashes or underscores,
 * so no PATH reaches outside content/ (no "..", no leading "/"). null for
 * anything else.
 */
export function reportAt(text) {
  const parts = String(text).split('/');
  if (!parts.every((part) => SLUG_PART.test(part))) return null;
  const path = parts.length > 1 ? parts.join('/') : `reports/${text}`;
  return { slug: slugOfPath(path), path };
}

/**
 * The main figure of a document's runs: the first of its kind's that some
 * run prints and no complete run lacks (a failed run prints none); null when
 * there is none, and the body then gets no table or chart that could not build.
 */
function mainFigure(doc) {
  const runs = kindItems(doc).filter(measures);
  const has = (run, metric) => Number.isFinite(at(run, metric)?.value);
  return (formatNamed(doc.kind)?.headline ?? []).find(({ metric }) => runs.some((r) => has(r, metric)) && runs.every((r) => has(r, metric) || r.status !== 'ok')) ?? null;
}

/** The `set` the runs of a sweep get when other runs of their kind are beside them. */
const SWEEP = 'sweep';

/** The capture a pattern names repeats by (patterns.mjs reads r, run and rep as it): the label repeats combine over by default. */
const REPEAT = 'repeat';

/** Whether a kind's runs are a benchmark's, which a server's settings describe (they get its version and buffer pool). */
const isBenchmark = (kind) => formatNamed(kind)?.role === 'benchmark';

/** The figure an over-time chart of a kind draws, and how readers call it; undefined for a kind that keeps no samples over time. */
const overTimeOf = (kind) => formatNamed(kind)?.overTime ?? undefined;

/**
 * Creates report `slug`'s bundle (see reportAt) from the files under `from`;
 * `prefix` goes before the name of every shortcode it writes (a blog that
 * imports tpsreport's shortcodes as tps-chart, tps-table, …).
 * @param {{ root: string, slug: string, from: string, pattern?: string, date?: string, prefix?: string }} o
 * @returns {Promise<{ dir, files, sources, skipped: { file, reason }[], text }>}
 */
export async function newReport({ root, slug, from, pattern, date = new Date().toISOString().slice(0, 10), prefix = '' }) {
  const bundle = bundleDir(root, slug);
  if (existsSync(bundle)) throw new Problem({ file: relative(root, bundle), expected: 'a new report name (a report is never overwritten)', found: 'a folder of that name', rule: 'new-report' });
  // content/posts/x.md and content/posts/x/index.md would be two pages at one address.
  if (existsSync(`${bundle}.md`)) throw new Problem({ file: relative(root, `${bundle}.md`), expected: 'a new report name (a page at that address is there already)', found: 'a page of that name', rule: 'new-report' });
  const holder = bundleAbove(root, bundle);
  if (holder) throw new Problem({ file: relative(root, holder), expected: 'a report path outside any page bundle (Hugo makes no page of a folder inside one)', found: 'a page bundle above it', rule: 'new-report' });
  const { names, hidden } = await listFolder(from);
  const read = await readAll(from, names);
  const rawFiles = names.map((n) => `raw/${n}`);
  const groups = pattern ? [patternGroup(pattern, read.parsed, rawFiles)] : proposePatterns(read.parsed, rawFiles);
  const sources = sourcesOf(read.parsed, groups);
  const sweeps = sweepsOf(groups, read.parsed);
  for (const sweep of sweeps) {
    if (sweep.set) for (const source of sources.filter((s) => isMain(s, sweep))) source.labels.set = sweep.set;
    if (!sweep.group.glob) inSweepOrder(sources, sweep);
  }
  const main = sweeps[0] ?? null;
  const rest = [...overTime(sources, groups, main, read.parsed), ...compression(sources, groups, read.parsed), ...topWaits(sources, read.parsed), ...histograms(sources, groups, sweeps, read.parsed), ...loneCaptures(sources), ...allCaptures(sources, groups, read.parsed), ...allFiles(sources), ...eachFile(sources)];
  // After the others, which may give a run the label it is best named by (DBT-2's report).
  const extra = [...loneRuns(sources, sweeps, read.parsed), ...rest];
  const text = withPrefix(indexText({ slug: basename(bundle), date, sources, sweeps, extra, skipped: read.skipped, hidden, alike: alikeRuns(sources, read.parsed) }), prefix);
  await writeBundle({ root, bundle, from, names, text });
  return { dir: relative(root, bundle), files: names.length, sources, skipped: read.skipped, hidden, text };
}

/** The index.md of a page bundle that holds `bundle`'s folder, or null: a page's folder cannot sit inside another page's. */
function bundleAbove(root, bundle) {
  const content = join(root, 'content');
  for (let dir = dirname(bundle); dir.startsWith(content) && dir !== content; dir = dirname(dir)) {
    if (existsSync(join(dir, 'index.md'))) return join(dir, 'index.md');
  }
  return null;
}

/** index.md `text` with `prefix` before the name of each shortcode (they are all tpsreport's: indexText writes no other). */
function withPrefix(text, prefix) {
  return prefix ? text.replace(/\{\{< ([a-z][a-z0-9-]*) /g, `{{< ${prefix}$1 `) : text;
}

/**
 * Files listed one by one whose single runs state the same labels, in groups:
 * ingest would give their runs one name, and a table would refuse them as
 * two runs in one cell. The author gives each a label of its own.
 */
function alikeRuns(sources, parsed) {
  const byLabels = new Map();
  for (const s of sources) {
    if (!s.file || !isBenchmark(s.format) || parsedOf(parsed, s.file)?.runs !== 1) continue;
    const key = `${s.format}\0${JSON.stringify(Object.entries(s.labels).sort())}`;
    byLabels.set(key, [...(byLabels.get(key) ?? []), s.file]);
  }
  return [...byLabels.values()].filter((files) => files.length > 1);
}

/**
 * Puts the files a table and chart show (listed one by one) in the order of
 * their labels, the x first (threads 1, 2, 4, 8): runs are tabled in the order
 * of their sources, and the files' names (monday.txt, thursday.txt) say nothing of it.
 */
function inSweepOrder(sources, main) {
  const shown = sources.filter((s) => isMain(s, main) && s.file);
  const keys = [main.x, main.color, main.facet].filter(Boolean);
  const byLabels = (a, b) => {
    for (const k of keys) {
      const [x, y] = [a.labels[k], b.labels[k]];
      if (x !== y) return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    }
    return 0;
  };
  const ordered = [...shown].sort(byLabels);
  let next = 0;
  sources.forEach((s, i) => { if (shown.includes(s)) sources[i] = ordered[next++]; });
}

/** The pattern a `glob:` entry of `sources` was written for. */
const groupOf = (groups, source) => groups.find((g) => g.glob === source.glob);

/** What readAll found in one raw file ("raw/<name>"), or undefined for a file no parser reads. */
const parsedOf = (parsed, file) => parsed.find((p) => p.file === file);

/** The raw files a source reads: its pattern's, or its own. */
const filesOf = (source, groups) => (source.glob ? groupOf(groups, source).files : source.files ?? [source.file]);

/** Whether a `sources` entry is the one the body's table and chart show. */
const isMain = (source, main) => Boolean(main) && (main.group.glob ? source.glob === main.group.glob : main.group.files.includes(source.file));

/**
 * Every file under `from` (relative, "/"-separated), and the hidden ones
 * (a name or folder starting with a dot: editor and system files) it leaves
 * out. The folder is refused when one of its files could not be published
 * as ingest would (rawFileProblem) or is a symbolic link, whose target, in
 * or out of the folder, the copy would publish.
 */
async function listFolder(from) {
  const info = await stat(from).catch((error) => {
    if (error.code === 'ENOENT') throw new Problem({ file: from, expected: 'a folder of raw result files', found: 'no such folder', rule: 'new-report' });
    throw error;
  });
  if (!info.isDirectory()) throw new Problem({ file: from, expected: 'a folder of raw result files', found: 'a file', rule: 'new-report' });
  const names = [];
  const hidden = [];
  for (const name of (await readdir(from, { recursive: true })).sort()) {
    const path = join(from, name);
    const entry = await lstat(path);
    if (entry.isSymbolicLink()) throw new Problem({ file: path, expected: 'a raw file, not a symbolic link (a copy would publish what it points to); copy the file itself into the folder', found: `a symbolic link to ${await readlink(path)}`, rule: 'raw-file-path' });
    if (!entry.isFile()) continue;
    const posix = name.split(sep).join('/');
    if (posix.split('/').some((part) => part.startsWith('.'))) {
      hidden.push(posix);
      continue;
    }
    const problem = rawFileProblem({ name: posix, info: entry }, path);
    if (problem) throw problem;
    names.push(posix);
  }
  if (!names.length) throw new Problem({ file: from, expected: 'raw result files to copy', found: hidden.length ? `only hidden files (${wordList(hidden)})` : 'an empty folder', rule: 'new-report' });
  return { names, hidden };
}

/** Each file parsed with the detected format; a file no parser reads is copied and published, not listed as a source. */
async function readAll(from, names) {
  const parsed = [];
  const skipped = [];
  for (const name of names) {
    try {
      const doc = await parseFile(join(from, name), { source: `raw/${name}` });
      parsed.push({ file: `raw/${name}`, format: doc.kind, labels: outputLabels(doc), runLabels: outputRunLabels(doc), parts: kindItems(doc).length, ones: onesOf(doc), histograms: histogramRuns(doc), runs: kindItems(doc).filter(measures).length, samples: sampleCount(doc), figure: mainFigure(doc), waitCounter: waitCounter(doc), cmpPlace: cmpPlace(doc) });
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      skipped.push({ file: `raw/${name}`, reason: error.rule === 'detect' ? 'no format detected' : String(error).replace(/^[^ ]+: /, '') });
    }
  }
  return { parsed, skipped };
}

/**
 * Of a format whose top waits new report charts (SHOW ENGINE INNODB MUTEX),
 * the first of its counters every row of a single result prints, or null:
 * servers name their counters differently, and a chart of a counter some rows
 * lack would not build.
 */
function waitCounter(doc) {
  const top = formatNamed(doc.kind)?.newReport?.topWaits;
  const results = kindItems(doc);
  if (!top || results.length !== 1) return null;
  const rows = at(results[0], top.each);
  return Array.isArray(rows) && rows.length ? Object.keys(top.counters).find((path) => rows.every((r) => Number.isFinite(at(r, path)?.value))) ?? null : null;
}

/**
 * Where a capture's one INNODB_CMP result with every column compression-table
 * reads sits among its results, or -1: a capture of two (before and after a
 * run) or of some columns only (a SELECT of a few) is left to the author.
 */
function cmpPlace(doc) {
  if (formatNamed(doc.kind)?.role !== 'compression') return -1;
  const places = (doc.tables ?? []).flatMap((t, i) => (t.table === 'INNODB_CMP' ? [i] : []));
  const full = places.length === 1 && CMP_COLUMNS.every((c) => Object.hasOwn(doc.tables[places[0]].rows?.[0] ?? {}, c));
  return full ? places[0] : -1;
}

/** How many of the list its format's every-capture table needs one of (SHOW TABLE STATUS: tables) a capture holds; null when it needs none. */
function onesOf(doc) {
  const one = formatNamed(doc.kind)?.newReport?.allCaptures?.one;
  return one ? (at(doc, one)?.length ?? 0) : null;
}

/** How many runs of an output printed a histogram its format's percentiles table reads (sysbench --histogram). */
function histogramRuns(doc) {
  const each = formatNamed(doc.kind)?.newReport?.histogram?.each;
  return each ? kindItems(doc).filter((r) => at(r, each)?.length > 0).length : 0;
}

/** How many samples over time the runs of an output hold (sysbench's `--report-interval` lines, a HammerDB job's timeline). */
function sampleCount(doc) {
  if (!overTimeOf(doc.kind)) return 0;
  return kindItems(doc).reduce((n, r) => n + (r.intervals?.samples?.count ?? r.intervals?.samples?.length ?? 0), 0);
}

/** The author's --pattern as a group: it must match files, all of one format. */
function patternGroup(glob, parsed, rawFiles) {
  const fail = (_, expected, found) => new Problem({ file: '--pattern', expected, found, rule: 'sources-glob' });
  const matches = matchGlob({ glob }, rawFiles, fail);
  const files = matches.map((m) => parsedOf(parsed, m.file));
  const unread = matches.find((m, k) => !files[k]);
  if (unread) throw fail(null, 'files tpsreport reads under the pattern', `${unread.file}, which no parser reads`);
  const formats = [...new Set(files.map((f) => f.format))];
  if (formats.length > 1) throw fail(null, 'files of one format under the pattern', wordList(formats));
  const captures = Object.keys(matches[0].labels);
  const wrong = contradiction(matches, files);
  if (wrong) throw fail(null, 'captures that agree with what each file prints', `${wrong.name} ${wrong.captured} from ${wrong.file}, whose output prints ${wrong.name} ${wrong.stated}`);
  const lost = lostLabel(captures, files);
  if (lost) {
    const [a, b] = lost.files.map((f) => `${f.labels[lost.name] ?? 'nothing'} in ${f.file}`);
    throw fail(null, 'a capture for each label the files print differently (one labels: entry serves every file of a pattern)', `${lost.name} ${a} and ${b}; capture it in the pattern, or leave --pattern out to list the files one by one`);
  }
  return { glob, format: formats[0], files: files.map((f) => f.file), captures };
}

/**
 * The `sources` entries: one per pattern, then one per file no pattern took.
 * A pattern's fixed labels are the output labels all its files agree on (and
 * it does not capture); a server's version and buffer pool go to every
 * benchmark run and server capture (describedByServer) when no two of the
 * folder's server settings (a my.cnf, SHOW VARIABLES before and after) say
 * different things of it.
 */
function sourcesOf(parsed, groups) {
  const serverLabels = agreedLabels(parsed.filter((p) => isServerConfig(p.format)).map((p) => p.labels));
  // A label the pattern captures from the file names (bp{buffer_pool}) is the runs' own: the server's never fixes it.
  const extra = (format, captures = []) => (formatNamed(format)?.describedByServer ? Object.fromEntries(Object.entries(serverLabels).filter(([k]) => !captures.includes(k))) : {});
  const taken = new Set(groups.flatMap((g) => g.files));
  const entries = groups.map((g) => {
    const members = parsed.filter((p) => g.files.includes(p.file));
    const common = Object.fromEntries(Object.entries(members[0].labels).filter(([k, v]) => !g.captures.includes(k) && members.every((m) => m.labels[k] === v)));
    return { glob: g.glob, format: g.format, values: g.values, labels: { ...extra(g.format, g.captures), ...common } };
  });
  // A file of several runs that tell themselves apart gets run_labels; a pattern's files get none (one list would serve every file).
  for (const p of parsed) if (!taken.has(p.file)) entries.push({ file: p.file, format: p.format, labels: { ...extra(p.format), ...p.labels }, ...(p.runLabels ? { runLabels: p.runLabels } : {}) });
  return entries;
}

/** The labels that every one of `sets` stating them states alike; a label two of them differ on is left out. */
function agreedLabels(sets) {
  const out = {};
  const differ = new Set();
  for (const labels of sets) {
    for (const [k, v] of Object.entries(labels)) {
      if (Object.hasOwn(out, k) && out[k] !== v) differ.add(k);
      out[k] ??= v;
    }
  }
  for (const k of differ) delete out[k];
  return out;
}

/**
 * The pattern the body's table and chart show: the largest one of a kind with a
 * main figure. `where` keeps other runs of that kind out (a `set` label, when
 * there are any), and pins every capture beyond the table's two to its first value.
 */
function mainGroup(groups, parsed) {
  // A file of several runs would put two in one cell: its runs need labels of their own first.
  const oneRunEach = (g) => g.files.every((file) => parsedOf(parsed, file)?.runs === 1);
  const group = groups.find((g) => oneRunEach(g) && sharedFigure(g, parsed));
  if (!group) return runsApart(parsed, groups);
  const matches = matchGlob({ glob: group.glob, values: group.values }, group.files, () => new Error('unreachable'));
  // Repeats are no dimension: their runs combine into a median with its spread in every cell and point.
  const repeated = group.captures.includes(REPEAT) && group.captures.length > 1;
  const dimensions = repeated ? group.captures.filter((c) => c !== REPEAT) : group.captures;
  const numeric = dimensions.filter((c) => matches.every((m) => typeof m.labels[c] === 'number'));
  const x = numeric.includes('threads') ? 'threads' : (numeric[0] ?? dimensions[0]);
  const rest = dimensions.filter((c) => c !== x);
  const [color, facet, ...pinned] = rest;
  const others = parsed.some((p) => p.format === group.format && !group.files.includes(p.file));
  const pin = (c) => `${c}=${matches[0].labels[c]}`;
  const where = [...(others ? [`set=${SWEEP}`] : []), ...pinned.map(pin)];
  // The table has no panels: it shows the first panel's runs.
  const tableWhere = [...where, ...(facet ? [pin(facet)] : [])];
  const figure = sharedFigure(group, parsed);
  return { group, x, xNumeric: numeric.includes(x), color, facet, where: where.join(';'), tableWhere: tableWhere.join(';'), set: others && SWEEP, ...figure, ofRepeats: repeated ? ', median of the repeats' : '', first: matches[0].labels };
}

/**
 * Every sweep the body tables and charts: the main one (mainGroup), then each
 * other pattern of one run a file whose files print one main figure (a
 * read-only sweep beside a read/write one). With more than one, each sweep's
 * runs get a `set` of their own, named by the workload their outputs state or
 * else by the words of their pattern, and its table and chart pick it by that.
 */
function sweepsOf(groups, parsed) {
  const main = mainGroup(groups, parsed);
  if (!main) return [];
  const shown = new Set(main.group.files);
  // A pattern of repeats alone (run-r{repeat}) measures one configuration: no sweep.
  const more = groups.filter((g) => g !== main.group && g.captures.some((c) => c !== REPEAT) && g.files.every((file) => !shown.has(file) && parsedOf(parsed, file)?.runs === 1) && sharedFigure(g, parsed));
  if (!more.length) return [main];
  const sweeps = [main, ...more.map((g) => mainGroup([g], parsed))];
  const names = sweepNames(sweeps, parsed);
  return sweeps.map((sweep, i) => named(sweep, names[i]));
}

/** A name for each sweep's `set`: the workload all its runs state, else its pattern's words, else sweep-N when two would share one. */
function sweepNames(sweeps, parsed) {
  const nameOf = (sweep) => {
    const workloads = new Set(sweep.group.files.map((file) => parsedOf(parsed, file)?.labels.workload));
    const [workload] = workloads;
    if (workloads.size === 1 && workload && SET_NAME.test(workload)) return workload;
    const words = (sweep.group.glob ?? '').replace(/^raw\//, '').replace(/\{[^}]*\}/g, '-').replace(/\.[^./-]*$/, '').replace(/[^A-Za-z0-9_]+/g, '-').replace(/^-+|-+$/g, '');
    return words;
  };
  const names = sweeps.map(nameOf);
  return names.map((name, i) => (name && names.indexOf(name) === i && names.lastIndexOf(name) === i ? name : `${SWEEP}-${i + 1}`));
}

/** A set label's value that a `where` reads back as it is. */
const SET_NAME = /^[A-Za-z0-9_.-]+$/;

/** A sweep whose runs are picked by `set=name` (its others pinned as before), its chart named after it. */
function named(sweep, name) {
  const swap = (where) => [`set=${name}`, ...where.split(';').filter((w) => w && w !== `set=${SWEEP}`)].join(';');
  return { ...sweep, set: name, where: swap(sweep.where), tableWhere: swap(sweep.tableWhere), suffix: `-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, caption: `, ${name.replace(/_/g, ' ')}` };
}

/** The main figure every file of a pattern prints, or null when one prints none or another one. */
function sharedFigure(group, parsed) {
  const figures = group.files.map((file) => parsedOf(parsed, file)?.figure);
  return figures[0] && figures.every((f) => f === figures[0]) ? figures[0] : null;
}

/**
 * With no pattern to show, runs that tell themselves apart by the labels their
 * output prints: the file of the most runs whose runs do (run_labels: a
 * mysqlslap --concurrency=2,8 by clients, a log of sysbench runs by threads),
 * else the most files of one run each, of one kind and main figure, that do
 * (a thread sweep in files named by the day they ran). Other runs of their
 * kind are kept out with `set: sweep` on their sources.
 */
function runsApart(parsed, groups) {
  // A file a pattern takes gets no run_labels of its own.
  const taken = new Set(groups.flatMap((g) => g.files));
  const free = parsed.filter((p) => p.figure && !taken.has(p.file));
  const file = free.filter((p) => p.runLabels).sort((a, b) => b.runs - a.runs)[0];
  if (file) return apart(parsed, [file], file.runLabels, file.figure);
  const alike = new Map();
  for (const p of free.filter((f) => f.runs === 1)) {
    const key = `${p.format}\0${p.figure.metric}`;
    alike.set(key, [...(alike.get(key) ?? []), p]);
  }
  let files = [...alike.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  // Files that state the same labels as another would share a cell: they stay out (a comment names them),
  // and the sweep is the rest, told apart by the labels those state differently.
  for (let before = -1; before !== files.length;) {
    before = files.length;
    const names = differing(files);
    const key = (f) => JSON.stringify(names.map((n) => f.labels[n]));
    const seen = new Map();
    for (const f of files) seen.set(key(f), (seen.get(key(f)) ?? 0) + 1);
    // A file whose output says none of them stays out too.
    files = files.filter((f) => seen.get(key(f)) === 1 && names.every((n) => Object.hasOwn(f.labels, n)));
  }
  const names = differing(files);
  if (!names.length || files.length < 2) return null;
  return apart(parsed, files, files.map((f) => Object.fromEntries(names.map((n) => [n, f.labels[n]]))), files[0].figure);
}

/** The labels that files state differently. */
function differing(files) {
  const values = new Map();
  for (const f of files) for (const [n, v] of Object.entries(f.labels)) values.set(n, [...(values.get(n) ?? []), v]);
  return [...values].filter(([, vs]) => vs.length > 1 && new Set(vs).size > 1).map(([n]) => n);
}

/** The body's table and chart over `files`, whose runs `labelSets` (one per run, the same names in each) tell apart. */
function apart(parsed, files, labelSets, figure) {
  const names = Object.keys(labelSets[0]);
  // A fourth label would put two runs in one cell of the table: none is written then.
  if (names.length > 3) return null;
  const numeric = names.filter((n) => labelSets.every((l) => typeof l[n] === 'number'));
  const x = numeric.includes('threads') ? 'threads' : (numeric[0] ?? names[0]);
  const [color, facet] = names.filter((n) => n !== x);
  const { format } = files[0];
  const others = parsed.some((p) => p.format === format && !files.includes(p));
  const where = others ? `set=${SWEEP}` : '';
  const tableWhere = [where, ...(facet ? [`${facet}=${labelSets[0][facet]}`] : [])].filter(Boolean).join(';');
  return { group: { format, files: files.map((f) => f.file), glob: null }, x, xNumeric: numeric.includes(x), color, facet, where, tableWhere, set: others && SWEEP, ...figure, ofRepeats: '', first: labelSets[0] };
}

/** index.md: front matter (title to replace, sources, labels found) and a body whose shortcodes build. */
function indexText({ slug, date, sources, sweeps, extra, skipped, hidden, alike }) {
  const lines = ['---', `title: ${JSON.stringify(`Title of the ${slug} report`)}`, `date: ${date}`, 'summary: One or two sentences for the report list.', 'sources:'];
  for (const s of sources) {
    lines.push(s.glob ? `  - glob: ${JSON.stringify(s.glob)}` : `  - file: ${yamlText(s.file)}`, `    format: ${s.format}`);
    if (s.values) lines.push(`    values: { ${Object.entries(s.values).map(([name, map]) => `${name}: { ${Object.entries(map).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`).join(', ')} }`);
    const labels = Object.entries(s.labels);
    const flow = (entries) => `{ ${entries.map(([k, v]) => `${k}: ${typeof v === 'number' ? v : JSON.stringify(v)}`).join(', ')} }`;
    if (labels.length) lines.push(`    labels: ${flow(labels)}`);
    if (s.runLabels) lines.push(`    run_labels: [${s.runLabels.map((l) => flow(Object.entries(l))).join(', ')}]`);
  }
  for (const files of alike) lines.push(`  # ${files.join(', ').replace(/\n/g, ' ')}: their runs state the same labels; give each file a label of its own (labels: { setting: … }) to show them side by side`);
  for (const name of hidden) lines.push(`  # ${name.replace(/\n/g, ' ')}: not copied (a hidden file; rename it without the leading dot to publish it)`);
  // Listed as unread, a file no parser could read is published without a note at every build that it is read by no source.
  if (skipped.length) lines.push('# Published as they are and read by no parser (why, beside each):', 'unread:');
  for (const s of skipped) lines.push(`  - ${yamlText(s.file)} # ${s.reason.replace(/\n/g, ' ')}`);
  lines.push('---', '', 'What was measured, on which machine and server, and what the figures show.', '');
  for (const sweep of sweeps) lines.push(...shortcodes(sweep), '');
  for (const shortcode of extra) lines.push(shortcode, '');
  const kinds = [...new Set(sources.map((s) => s.format))].filter(isBenchmark);
  // Two runs tables of one caption would read alike, and their CSVs would differ by a number only: each names its kind.
  for (const kind of kinds) lines.push(`{{< runs data="${kind}"${kinds.length > 1 ? ` caption="Every ${kind} run in this report"` : ''} >}}`, '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * A run that is the one of its kind (a single file, no sweep to table):
 * a sentence quoting its main figure, and for sysbench everything it printed
 * at the end of the run. It is named by a label it states (threads first), or
 * else by a `run` label after its file, which the author can rename.
 */
function loneRuns(sources, sweeps, parsed) {
  const out = [];
  for (const source of sources.filter((s) => s.file && isBenchmark(s.format) && !sweeps.some((sweep) => isMain(s, sweep)))) {
    const { figure, runs } = parsedOf(parsed, source.file);
    if (!figure || runs !== 1 || sources.some((s) => s !== source && s.format === source.format)) continue;
    if (!Object.keys(source.labels).length) source.labels.run = basename(source.file).replace(/\.[^.]*$/, '');
    const by = Object.hasOwn(source.labels, 'threads') ? 'threads' : Object.keys(source.labels)[0];
    const where = `${by}=${source.labels[by]}`;
    // A quote in a label's value would end the shortcode's string early: that run is left to the author.
    if (where.includes('"')) continue;
    out.push(`${figure.title}: {{< value data="${source.format}" metric="${figure.metric}" where="${where}" unit="yes" >}}.`);
    const table = formatNamed(source.format)?.newReport?.loneRun;
    if (table) out.push(`{{< ${table.kind} by="${by}" caption="${table.caption}" >}}`);
  }
  return out;
}

/** An over-time chart of a kind's overTime figure; `title(figure)` its title. */
function overTimeChart(format, rest, title) {
  const { metric, title: figure } = overTimeOf(format);
  return `{{< chart kind="over-time" name="${metric}-over-time" data="${format}" metric="${metric}" interpolate="step"${rest} title="${title(figure)}" y-title="${figure}" >}}`;
}

/**
 * A chart of throughput over time for runs that kept samples over time
 * (sysbench's `--report-interval` lines, a HammerDB job's timeline): the
 * main sweep's, a line per value of its x (its other captures and repeats
 * pinned to their first value), when its files have them; the one file of a
 * sweep listed file by file that has them; else the one other source that
 * has them, whose runs get `set: interval` when the folder holds other runs
 * of its kind. Several such sources would share one line: none is written then.
 */
function overTime(sources, groups, main, parsed) {
  const timed = (source) => filesOf(source, groups).every((file) => parsedOf(parsed, file)?.samples > 0);
  const format = main?.group.format;
  if (overTimeOf(format) && timed(main.group)) {
    const pinned = [main.color, main.ofRepeats && REPEAT].filter(Boolean).map((c) => `${c}=${main.first[c]}`);
    const where = [main.tableWhere, ...pinned].filter(Boolean).join(';');
    const which = main.ofRepeats ? `, ${REPEAT} ${main.first[REPEAT]}` : '';
    return [overTimeChart(format, ` color="${main.x}"${where ? ` where="${where}"` : ''}`, (figure) => `${figure} over time by ${main.x.replace(/_/g, ' ')}${which}`)];
  }
  // Of a sweep listed file by file, the one run that printed interval lines (the others did not ask for them).
  const timedOfMain = overTimeOf(format) && !main.group.glob ? sources.filter((s) => isMain(s, main) && timed(s)) : [];
  if (timedOfMain.length === 1) {
    const [run] = timedOfMain;
    const pinned = [main.x, main.color, main.facet].filter(Boolean).map((c) => `${c}=${run.labels[c]}`);
    const where = [main.where, ...pinned].filter(Boolean).join(';');
    return [overTimeChart(format, ` where="${where}"`, (figure) => `${figure} over time, ${main.x.replace(/_/g, ' ')} ${run.labels[main.x]}`)];
  }
  const candidates = sources.filter((s) => overTimeOf(s.format) && !isMain(s, main) && timed(s));
  if (candidates.length !== 1) return [];
  const [source] = candidates;
  const captures = source.glob ? groupOf(groups, source).captures : [];
  if (captures.length > 1) return [];
  const others = sources.some((s) => s !== source && s.format === source.format);
  if (others) source.labels.set = 'interval';
  const color = captures.length ? ` color="${captures[0]}"` : '';
  return [overTimeChart(source.format, `${color}${others ? ' where="set=interval"' : ''}`, (figure) => `${figure} over time`)];
}

/**
 * An INNODB_CMP table of a capture, of the captures one pattern names, or of
 * captures listed one by one (a line per capture and page size). Captures
 * listed one by one are told apart by a label whose values all differ, else
 * by a `capture` label: the file's name, which the author can rename.
 */
function compression(sources, groups, parsed) {
  const captures = sources.filter((s) => formatNamed(s.format)?.role === 'compression');
  const files = captures.flatMap((s) => filesOf(s, groups));
  const places = new Set(files.map((file) => parsedOf(parsed, file)?.cmpPlace ?? -1));
  if (places.size !== 1 || places.has(-1)) return [];
  if (captures.length > 1 && captures.every((s) => s.file)) {
    const apart = Object.keys(captures[0].labels).find((k) => new Set(captures.map((s) => s.labels[k])).size === captures.length);
    if (!apart) {
      const stems = captures.map((s) => basename(s.file).replace(/\.[^.]*$/, ''));
      const names = new Set(stems).size === stems.length ? stems : captures.map((s) => s.file.replace(/^raw\//, ''));
      captures.forEach((s, i) => { s.labels.capture = names[i]; });
    }
    return [`{{< compression-table data="${captures[0].format}" rows="${apart ?? 'capture'}" hide-unused="true" caption="INNODB_CMP" >}}`];
  }
  if (captures.length !== 1) return [];
  const names = captures[0].glob ? groupOf(groups, captures[0]).captures : [];
  return [`{{< compression-table data="${captures[0].format}"${names.length ? ` rows="${names.join(',')}"` : ''} hide-unused="true" caption="INNODB_CMP" >}}`];
}

/**
 * Percentiles from the histograms runs printed: of a sweep whose every run
 * printed one, by its x (its other dimensions pinned to their first value);
 * else of the one file of one run that did, by a label it states. Histograms
 * scattered over several sources are left to the author.
 */
function histograms(sources, groups, sweeps, parsed) {
  return proposed('histogram', (name, { kind, caption }) => {
    const printed = (file) => parsedOf(parsed, file)?.histograms > 0;
    const own = sources.filter((s) => s.format === name && filesOf(s, groups).some(printed));
    const sweep = sweeps.find((w) => w.group.format === name && w.group.files.every(printed) && own.every((s) => isMain(s, w)));
    if (sweep) {
      const where = [sweep.tableWhere, ...[sweep.color, sweep.ofRepeats && REPEAT].filter(Boolean).map((c) => `${c}=${sweep.first[c]}`)].filter(Boolean).join(';');
      return [`{{< ${kind} data="${name}" by="${sweep.x}"${where ? ` where="${where}"` : ''} caption="${caption}" >}}`];
    }
    if (own.length !== 1 || !own[0].file || parsedOf(parsed, own[0].file).histograms !== 1) return [];
    const [source] = own;
    const by = Object.hasOwn(source.labels, 'threads') ? 'threads' : Object.keys(source.labels).find((k) => !sources.some((s) => s !== source && s.format === name && s.labels[k] === source.labels[k]));
    if (!by || String(source.labels[by]).includes('"')) return [];
    return [`{{< ${kind} data="${name}" by="${by}" where="${by}=${source.labels[by]}" caption="${caption}" >}}`];
  });
}

/** What one capture lists, most waited on first (the mutexes of SHOW ENGINE INNODB MUTEX); of several, each would need a chart of its own: left to the author. */
function topWaits(sources, parsed) {
  return formats.filter((f) => f.newReport?.topWaits).flatMap(({ name, items, newReport: { topWaits: top } }) => {
    const captures = sources.filter((s) => s.format === name);
    const path = captures.length === 1 && captures[0].file ? parsedOf(parsed, captures[0].file)?.waitCounter : null;
    if (!path) return [];
    const words = top.counters[path];
    const counter = path.split('.').pop();
    return [`{{< chart kind="top-waits" name="${name}-${counter.replace('_', '-')}" data="${name}" items="${items}" each="${top.each}" metric="${path}" x="${top.x}" title="${top.title} by ${words}" y-title="${words[0].toUpperCase()}${words.slice(1)}" >}}`];
  });
}

/** What the formats that name one write for their files (their `newReport`), each format in registry order. */
const proposed = (kind, write) => formats.filter((f) => f.newReport?.[kind]).flatMap((f) => write(f.name, f.newReport[kind]));

/** The table a format names for a lone capture of it (SHOW TABLE STATUS: the sizes of its tables); of several, left to the author. */
function loneCaptures(sources) {
  return proposed('loneCapture', (name, { kind, caption }) => {
    const captures = sources.filter((s) => s.format === name);
    return captures.length === 1 && captures[0].file ? [`{{< ${kind} data="${name}" caption="${caption}" >}}`] : [];
  });
}

/**
 * A table a format names of every capture of it (ls -l and du listings, load
 * times): each file listed on its own (a pattern's split into its files),
 * told apart by a `capture` label after its name, which the author can
 * rename; a file of several parts (an ls -l then a du) gets a run label
 * numbering them, and the table shows the first of each. A format that
 * tables each capture's one item (SHOW TABLE STATUS of one table) names it as `one`.
 */
function allCaptures(sources, groups, parsed) {
  return proposed('allCaptures', (name, { kind, part, columns, caption }) => {
    const own = sources.filter((s) => s.format === name);
    // A lone capture gets the table its format names for one (loneCaptures), by what it lists.
    if (!own.length || (own.length === 1 && own[0].file && formatNamed(name).newReport.loneCapture)) return [];
    // Two tables in one capture would share a line.
    if (own.flatMap((s) => filesOf(s, groups)).some((file) => ![null, 1].includes(parsedOf(parsed, file)?.ones))) return [];
    const files = own.flatMap((s) => (s.glob ? filesOf(s, groups).map((file) => ({ file, format: name, labels: { ...s.labels } })) : [s]));
    const place = sources.indexOf(own[0]);
    for (const s of own) sources.splice(sources.indexOf(s), 1);
    sources.splice(place, 0, ...files);
    const stems = files.map((s) => basename(s.file).replace(/\.[^.]*$/, ''));
    const names = new Set(stems).size === stems.length ? stems : files.map((s) => s.file.replace(/^raw\//, ''));
    files.forEach((s, i) => { s.labels.capture = names[i]; });
    const several = files.some((s) => parsedOf(parsed, s.file)?.parts > 1);
    if (several) for (const s of files) s.runLabels = Array.from({ length: parsedOf(parsed, s.file).parts }, (_, i) => ({ [part]: i + 1 }));
    const grid = columns ? ` columns="${columns}"` : '';
    return [`{{< ${kind} data="${name}" rows="capture"${grid}${several ? ` where="${part}=1"` : ''} caption="${caption}" >}}`];
  });
}

/**
 * A table a format names for all its files (DBT-2's transactions of each
 * report), which tells them apart by a label: each file gets one, numbered
 * 1, 2, … unless it has it, and the author can rename them.
 */
function allFiles(sources) {
  return proposed('allFiles', (name, { kind, by, caption }) => {
    const files = sources.filter((s) => s.format === name);
    for (const [i, s] of files.entries()) s.labels[by] ??= i + 1;
    return files.length ? [`{{< ${kind} by="${by}" caption="${caption}" >}}`] : [];
  });
}

/** A block a format names for each of its files listed on its own (a my.cnf as written; a pattern's files are alike enough to leave to the author). */
function eachFile(sources) {
  // A quote in the name would end the shortcode's string early: such a file is left to the author.
  return proposed('eachFile', (name, { kind, title }) => sources.filter((s) => s.format === name && s.file && !/["`]/.test(s.file))
    .map((s) => `{{< ${kind} file="${s.file}" title="${title} (${s.file.replace(/^raw\//, '')})" >}}`));
}

/** A file name as YAML reads it back: plain when it is only letters, digits and ./_-, else quoted (a # would start a comment). */
const yamlText = (text) => (/^[A-Za-z0-9._/-]+$/.test(text) ? text : JSON.stringify(text));

function shortcodes(main) {
  const where = main.where ? ` where="${main.where}"` : '';
  const tableWhere = main.tableWhere ? ` where="${main.tableWhere}"` : '';
  const { suffix = '', caption = '' } = main;
  const table = `{{< table data="${main.group.format}" metric="${main.metric}" rows="${main.x}"${main.color ? ` columns="${main.color}"` : ''}${tableWhere} caption="${main.title}${main.ofRepeats}${caption}" >}}`;
  const kind = main.xNumeric ? 'lines' : 'grouped-bar';
  const series = `${main.color ? ` color="${main.color}"` : ''}${main.facet ? ` facet="${main.facet}"` : ''}`;
  const chart = `{{< chart kind="${kind}" name="${main.metric.replace(/[^a-z0-9]+/g, '-')}${suffix}" data="${main.group.format}" metric="${main.metric}" x="${main.x}"${series}${where} title="${main.title} by ${main.x.replace(/_/g, ' ')}${main.ofRepeats}${caption}" y-title="${main.title}" >}}`;
  return [table, '', chart];
}

/** Copies the files and writes index.md in a folder beside the site, then moves it into place in one rename. */
async function writeBundle({ root, bundle, from, names, text }) {
  const staging = join(root, '.tpsreport', `new-report-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const name of names) {
      await mkdir(dirname(join(staging, 'raw', name)), { recursive: true });
      await copyFile(join(from, name), join(staging, 'raw', name));
    }
    await writeFile(join(staging, 'index.md'), text);
    await mkdir(dirname(bundle), { recursive: true });
    if (existsSync(bundle)) throw new Problem({ file: bundle, expected: 'a new report name (a report is never overwritten)', found: 'a folder of that name', rule: 'new-report' });
    await rename(staging, bundle);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
