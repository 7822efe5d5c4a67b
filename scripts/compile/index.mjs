// The compile step: between validate and Hugo, every report's shortcodes
// become views. For each table, value and chart the article places, the view
// kind (scripts/compile/tables/ and scripts/compile/values/) selects the runs, computes the cells and
// builds the markup; tables bring their CSV, charts their spec, SVG, PNG, CSV
// and iframe page. Hugo then only places views (layouts/_partials/tps/view.html).
//
// Outputs, all under .tpsreport/ (generated, never committed):
//   views/<slug>.json          { views: { key: { html } }, page: { image, rawHtml } }: what Hugo reads
//   site/reports/<slug>/…      charts/, tables/, raw/ files the publish step copies
//   cache/compile/<slug>.json  what the last good compile of the report saw
// Incremental by content: a report whose article, documents, raw files and
// compiler are unchanged is not touched; a changed article reuses every view
// whose shortcode and documents are unchanged (and, when no view needs them,
// does not read the documents); no unchanged file is rewritten.
import { readFile, readdir, rm } from 'node:fs/promises';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Problem, mistake } from '../problems/problem.mjs';
import { writeIfChanged, toJson, treeIndex, eachLimit, oneBigAtATime, readCache, isDeadTemporary, listFiles } from '../lib/files.mjs';
import { unsafeRawFiles, rawFolder, fileSum } from '../lib/raw-files.mjs';
import { scanShortcodes } from './shortcodes.mjs';
import { loadReport, loadDocuments, viewContext, bodyOffset } from './report.mjs';

import { didYouMean } from '../lib/nearest.mjs';
import { pageKinds, PREFIX } from './kinds.mjs';
import { tableHtml, tableCsv, csvName, bundleHref, incompleteNote, rawViewFiles, PAGE_URL } from './html.mjs';
import { rawViewPages, rawFilesHtml } from './raw-views.mjs';
import { createDrawer } from '../draw/pool.mjs';
import { BINARY } from '../parse/driver.mjs';
import { TOOL_ROOT, reportSlugs, bundleDir, reportKey, reportPath } from '../lib/site.mjs';
import { specHash } from '../draw/svg.mjs';
import { errorBlock } from '../problems/reporters.mjs';
import { esc } from './html.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

/** A hash of the code that turns documents into views: a change to it rebuilds every view. */
let compilerVersion = null;
async function compilerHash() {
  if (compilerVersion) return compilerVersion;
  const hash = createHash('sha256');
  // Every module under these folders, nested ones included (table, chart and value kinds, statistics),
  // and the formats': the views read what each format declares (its items, sizes, time field…).
  for (const dir of [HERE, join(HERE, '..', 'draw'), join(HERE, '..', 'parse')]) {
    if (!existsSync(dir)) continue;
    const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.mjs')).sort();
    for (const name of names) hash.update(name).update(await readFile(join(dir, name)));
  }
  compilerVersion = hash.digest('hex').slice(0, 16);
  return compilerVersion;
}

/**
 * Compiles every report of the site (or only `slugs`).
 * `listed`: a current listing of content/ and data/ (a build's, see treeIndex), when there is one.
 * `drawer`: what draws each chart's spec ({ draw, close }, as createDrawer makes), when the
 * caller keeps its own; by default drawing threads with their caches under `out`.
 * `errorViews` (serve): a report with errors still gets its views written, each
 * failed shortcode's view being its errors, so the page shows every other
 * block fresh and no block's figures from before the error.
 * @returns {{ reports, compiled, views, built, errors: Problem[] }}
 */
export async function compileReports({ root, slugs, out = join(root, '.tpsreport'), concurrency = 4, listed = null, drawer = null, errorViews = false } = {}) {
  const all = await reportSlugs(root, listed);
  const chosen = slugs ? all.filter((s) => slugs.includes(s)) : all;
  const result = { reports: chosen.length, compiled: 0, views: 0, built: 0, changed: [], errors: [] };
  const compiler = await compilerHash();
  // One listing of every article, document and raw file for the per-report "nothing changed" checks.
  listed ??= await treeIndex([join(root, 'content'), join(root, 'data', 'reports')]);
  const known = templateShortcodes(root);
  drawer ??= createDrawer({ svgCache: join(out, 'cache', 'svg'), pngCache: join(out, 'cache', 'png') });
  // What each report's last compile saw, read all at once: on a build where one report changed, this is most of the step.
  const stamps = new Map(chosen.map((slug) => [slug, readCache(join(out, 'cache', 'compile', `${reportKey(slug)}.stamp.json`))]));
  try {
    // Several reports at a time, so the main thread builds tables while the drawing threads draw.
    await eachLimit(chosen, concurrency, async (slug) => {
      const r = await compileReport({ root, slug, out, compiler, drawer, listed, known, errorViews, last: stamps.get(slug) });
      result.compiled += r.compiled ? 1 : 0;
      result.views += r.views;
      result.built += r.built;
      if (r.changed) result.changed.push(slug);
      result.errors.push(...r.errors);
    });
  } finally {
    await drawer.close();
  }
  result.changed.sort();
  if (!slugs) await removeGone(out, all);
  return result;
}

async function compileReport({ root, slug, out, compiler, drawer, listed, known, errorViews, last }) {
  const indexPath = join(bundleDir(root, slug), 'index.md');
  const dataDir = join(root, 'data', 'reports', reportKey(slug));
  const rawDir = join(bundleDir(root, slug), 'raw');
  const stamp = { compiler, text: listed.stamp([indexPath]), data: listed.stamp([dataDir]), raw: listed.stamp([rawDir]) };
  const manifestPath = join(out, 'cache', 'compile', `${reportKey(slug)}.json`);
  const stampPath = join(out, 'cache', 'compile', `${reportKey(slug)}.stamp.json`);
  const viewsPath = join(out, 'views', `${reportKey(slug)}.json`);
  if (last && sameStamp(last.stamp, stamp) && existsSync(viewsPath)) return { compiled: false, views: last.views, built: 0, errors: [] };
  const previous = readCache(manifestPath);
  const text = readFileSync(indexPath, 'utf8');
  // Views read the front matter too (label titles, repeat labels, the noise reference): a view is reused only when it and the data are unchanged.
  stamp.front = createHash('sha256').update(text.slice(0, bodyOffset(text))).digest('hex').slice(0, 24);

  // A report that cannot be compiled at all: while serving, its page shows no view from before.
  const unbuilt = async (errors) => {
    if (errorViews) await withoutViews({ viewsPath, stampPath });
    return { compiled: true, views: 0, built: 0, errors };
  };
  let report;
  try {
    report = await loadReport({ root, slug, text, docs: [] });
  } catch (error) {
    // A broken front matter stops here; a broken shortcode is reported below with the others.
    if (!(error instanceof Problem)) throw error;
    return unbuilt([error]);
  }
  if (report.unsafePaths.length) return unbuilt(report.unsafePaths);
  const errors = [];
  const shortcodes = scanOrFail(text, report.indexPath, errors);
  const kindOf = pageKinds(shortcodes.map((sc) => sc.name));
  const sameData = previous && previous.stamp.compiler === compiler && previous.stamp.data === stamp.data && previous.stamp.front === stamp.front;
  const reuse = sameData ? previous.views : {};
  // One look at raw/ serves the safety check and the raw files published beside the page.
  const listing = await rawFolder(rawDir);
  const unsafe = unsafeRawFiles(listing, root);
  if (unsafe.length) return unbuilt(unsafe);
  // An edit of the article alone reuses every view and every raw view: the documents need not be read.
  const sameRaw = sameData && previous.raw?.title === rawTitle(report) && (await sameRawFiles(previous, stamp, listing));
  report.rawList = sameRaw ? previous.raw.list : null;
  report.rawSum = sameRaw ? previous.raw.sum : null;
  const readsDocuments = !report.rawList || shortcodes.some((sc) => kindOf(sc.name) && !reuse[sc.key]);
  const rawBytes = listing.reduce((sum, { info }) => sum + (info?.isFile() ? info.size : 0), 0);
  // A report with long logs holds them, their documents and its charts' rows in memory while it compiles: one such report at a time.
  return oneBigReportAtATime(readsDocuments ? rawBytes : 0, () => buildPage({ report, shortcodes, errors, errorViews, kindOf, known, reuse, readsDocuments, dataDir, listing, drawer, stamp, paths: { siteDir: join(out, 'site', ...reportPath(slug).split('/')), viewsPath, manifestPath, stampPath } }));
}

/**
 * A view as the manifest keeps it for the next compile to reuse: its files by
 * name (they are published already) and a chart's spec by its hash (its
 * .vl.json holds it; a spec is most of a chart view's bytes).
 */
function keptView(view) {
  const { spec, files, ...kept } = view;
  if (files) kept.files = Array.isArray(files) ? files : Object.keys(files);
  if (spec) kept.specHash ??= specHash(spec);
  return kept;
}

/**
 * One view, and under it what the page must say when any of its figures comes
 * from output that stops early (the documents the view read, see viewContext).
 */
async function buildView(kind, sc, ctx) {
  const view = { kind: kind.name, at: { line: sc.line, column: sc.column }, ...(await kind.build(ctx, checkParams(kind, sc))) };
  const note = incompleteNote(ctx.incomplete(), { inline: kind.inline });
  return note ? { ...view, note } : view;
}

const BIG_REPORT = 32 * 1024 * 1024; // raw bytes
const oneBigReportAtATime = oneBigAtATime(BIG_REPORT);

/**
 * The views of a report whose stamps said it changed (those of `reuse` are
 * taken as they are), its page, and the files written for it. `errors`: those
 * found so far (a shortcode that does not scan), to which the views' are added.
 */
async function buildPage({ report, shortcodes, errors, errorViews, kindOf, known, reuse, readsDocuments, dataDir, listing, drawer, stamp, paths: { siteDir, viewsPath, manifestPath, stampPath } }) {
  const source = report.indexPath;
  errors.push(...misspeltKinds(shortcodes, kindOf, source, known), ...nameClashes(shortcodes, kindOf, source), ...markdownPlacements(shortcodes, kindOf, source));
  if (readsDocuments) report.docs = await loadDocuments(dataDir);
  const views = {};
  let built = 0;
  // Every view of the report is started before any is awaited: a chart waits
  // for a drawing thread, and the views after it need not wait with it.
  // Results and errors are taken in page order.
  const pending = new Map();
  for (const sc of shortcodes) {
    const kind = kindOf(sc.name);
    if (!kind || pending.has(sc.key)) continue;
    // A tps- name is a blog post's (kinds/index.mjs pageKinds), whose theme may show no Raw files section to point to.
    const ctx = { ...viewContext(report), drawer, ownTheme: sc.name.startsWith(PREFIX) };
    pending.set(sc.key, reuse[sc.key] ? { view: reuse[sc.key] } : buildView(kind, sc, ctx).then((view) => ({ view, built: true }), (error) => {
      if (!(error instanceof Problem)) throw error;
      // A problem that names its own file (a raw file a view read) stays there; a kind's mistake is placed at its shortcode.
      if (error.file) return { error };
      return { error: atShortcode(report.indexPath, sc, { expected: error.message, message: `${sc.name}: ${withoutPrefix(error.message, `${kind.name}: `)}`, param: paramOf(error, sc) }) };
    }));
  }
  const failed = new Map();
  for (const [key, outcome] of pending) {
    const { view, error, built: fresh } = await outcome;
    if (error) failed.set(key, [error]);
    else views[key] = view;
    if (fresh) built += 1;
  }
  const viewErrors = [...failed.values()].flat();
  const placedAtShortcodes = errorsByView(errors, shortcodes, failed);
  errors.push(...viewErrors);
  if (errors.length && !errorViews) return { compiled: true, views: 0, built, errors };
  const good = Object.keys(views).filter((key) => !failed.has(key)).length;
  if (!placedAtShortcodes) {
    await withoutViews({ viewsPath, stampPath });
    return { compiled: true, views: 0, built, errors };
  }
  const placed = { ...views };
  for (const [key, problems] of failed) placed[key] = { kind: 'error', html: errorBlock(problems, esc, { inline: kindOf(shortcodes.find((sc) => sc.key === key).name)?.inline }) };

  const page = await assemblePage({ report, shortcodes, views: placed, listing });
  const info = { image: page.info.image, rawHtml: page.info.rawHtml, ...stylesheetOf(shortcodes, placed) };
  const changed = (await writeFiles(siteDir, page.files)) | (await writeIfChanged(viewsPath, toJson({ views: page.placed, page: info })));
  const raw = { title: rawTitle(report), list: page.info.raw, sum: report.rawSum };
  // Every view that was built, a name clash's too, is as the next compile would build it.
  const kept = Object.entries(views);
  await writeIfChanged(manifestPath, JSON.stringify({ stamp, views: Object.fromEntries(kept.map(([key, view]) => [key, keptView(view)])), raw }));
  if (errors.length) await rm(stampPath, { force: true });
  else await writeIfChanged(stampPath, toJson({ stamp, views: good }));
  return { compiled: true, changed: Boolean(changed), views: good, built, errors };
}

/**
 * Adds to `failed` (the errors of each view, by its key) the errors placed at
 * a shortcode or at one of its parameters; false when one is at no shortcode
 * (the article did not scan), which no view can show.
 */
function errorsByView(errors, shortcodes, failed) {
  const at = (p, place) => p.line === place.line && p.column === place.column;
  for (const p of errors) {
    const sc = shortcodes.find((s) => at(p, s) || Object.values(s.places ?? {}).some((place) => at(p, place)));
    if (!sc) return false;
    failed.set(sc.key, [...(failed.get(sc.key) ?? []), p]);
  }
  return true;
}

/**
 * While serving, a report that cannot be compiled has no views: its page
 * shows where each would be (layouts/_partials/tps/view.html), never figures
 * from before its errors. No stamp either, so the next compile looks again.
 */
async function withoutViews({ viewsPath, stampPath }) {
  await writeIfChanged(viewsPath, toJson({ views: {}, page: { unbuilt: true } }));
  await rm(stampPath, { force: true });
}

/**
 * A blog's post (one that names the tps- shortcodes) is shown by a theme that
 * knows nothing of tpsreport's stylesheet: its first view links it, by key
 * (layouts/_partials/tps/view.html). tpsreport's own pages link it in their head.
 */
function stylesheetOf(shortcodes, views) {
  const first = shortcodes.find((sc) => views[sc.key]);
  return first?.name.startsWith(PREFIX) ? { stylesheet: first.key } : {};
}

/**
 * Are the raw files those the last compile published? Yes when their times
 * are; when only their times moved (a checkout, a save of the same bytes),
 * their bytes decide, against the sum the last compile took of them.
 */
async function sameRawFiles(previous, stamp, listing) {
  if (previous.stamp.raw === stamp.raw) return true;
  if (!previous.raw?.sum) return false;
  const sums = [];
  for (const { name, path, info } of listing) if (info?.isFile()) sums.push([name, (await fileSum(path, info)).sha256]);
  return rawSum(sums) === previous.raw.sum;
}

/** One sum of a report's raw files: [name, sha256] of each, in listing order. */
function rawSum(sums) {
  return createHash('sha256').update(JSON.stringify(sums)).digest('hex').slice(0, 24);
}

function sameStamp(a, b) {
  return a && a.compiler === b.compiler && a.text === b.text && a.data === b.data && a.raw === b.raw;
}

function scanOrFail(text, source, errors) {
  try {
    return scanShortcodes(text, source, bodyOffset(text));
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    errors.push(error);
    return [];
  }
}

/**
 * An author mistake at a shortcode of the article `source`, placed at the
 * parameter it is about (on its own line in a shortcode written over several),
 * else at the shortcode.
 */
function atShortcode(source, sc, { expected, message, param }) {
  const { line, column } = (param && sc.places?.[param]) || sc;
  return new Problem({ file: source, line, column, expected, rule: sc.name, message });
}

/** The parameter an author error is about: the one it says, or the one its message opens with (`top="x": …`, `metric "x" is not …`). */
function paramOf(error, sc) {
  const param = error.param ?? /^([A-Za-z0-9_-]+)(?:="| ")/.exec(error.message)?.[1];
  return param && Object.hasOwn(sc.params, param) ? param : undefined;
}

/** A kind's message names the kind itself ("table: two runs match …"): the shortcode's name is said once. */
const withoutPrefix = (text, prefix) => (text.startsWith(prefix) ? text.slice(prefix.length) : text);

/**
 * A view named twice in one report (two charts with name="x"): both would
 * write charts/x.* and one page would hold #chart-x twice, so the first chart
 * would show the second's drawing. Each later use is an error at its line.
 */
function nameClashes(shortcodes, kindOf, source) {
  const first = new Map();
  const errors = [];
  for (const sc of shortcodes) {
    const name = kindOf(sc.name)?.params.name ? sc.params.name : undefined;
    if (typeof name !== 'string' || name === '') continue;
    const earlier = first.get(name);
    if (!earlier) {
      first.set(name, sc);
      continue;
    }
    const expected = `name="${name}" is already the name of the ${earlier.name} on line ${earlier.line}; a name is unique in the report (it names charts/${name}.* and the #chart-${name} anchor)`;
    errors.push(atShortcode(source, sc, { expected, message: `${sc.name}: ${expected}` }));
  }
  return errors;
}

// Hugo's own shortcodes (tpl/tplimpl/embedded/templates/_shortcodes in Hugo 0.168).
const HUGO_SHORTCODES = ['comment', 'details', 'figure', 'gist', 'highlight', 'instagram', 'param', 'qr', 'ref', 'relref', 'twitter', 'twitter_simple', 'vimeo', 'vimeo_simple', 'x', 'x_simple', 'youtube'];

/**
 * The shortcode names Hugo can find for this site: its own, its themes',
 * tpsreport's and Hugo's (a template file is <name>.html or <name>.<output>.html).
 */
function templateShortcodes(root) {
  const names = new Set(HUGO_SHORTCODES);
  const layouts = [join(root, 'layouts'), join(TOOL_ROOT, 'layouts')];
  const themes = join(root, 'themes');
  if (existsSync(themes)) for (const theme of readdirSync(themes)) layouts.push(join(themes, theme, 'layouts'));
  for (const dir of layouts.flatMap((l) => [join(l, '_shortcodes'), join(l, 'shortcodes')])) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir, { recursive: true })) names.add(String(file).split(/[\\/]/).join('/').replace(/\..*$/, ''));
  }
  return names;
}

/**
 * A shortcode no template answers to, whose name is a slip of a tpsreport
 * kind's ({{< chrat … >}}). Hugo would stop with "template for shortcode not
 * found" and no hint; this names the kind meant. A name no kind is near is
 * left to Hugo: a site may import shortcodes from modules this cannot list.
 */
function misspeltKinds(shortcodes, kindOf, source, known) {
  const kindNames = kindOf.names;
  return shortcodes.filter((sc) => !kindOf(sc.name) && !known.has(sc.name)).flatMap((sc) => {
    const hint = didYouMean(sc.name, kindNames);
    if (!hint) return [];
    const expected = `a shortcode name${hint}; no template is named "${sc.name}", and tpsreport's are: ${kindNames.join(', ')}`;
    return [atShortcode(source, sc, { expected, message: `${sc.name}: no such shortcode${hint}; tpsreport's are: ${kindNames.join(', ')}` })];
  });
}

/**
 * A view written {{% … %}}: Hugo renders its markup as Markdown, which leaves
 * raw HTML out, so a figure would lose its link and a table or chart would
 * vanish with only a warning from Hugo.
 */
function markdownPlacements(shortcodes, kindOf, source) {
  return shortcodes.filter((sc) => sc.markdown && kindOf(sc.name)).map((sc) => {
    const expected = `{{< ${sc.name} … >}}: written {{% ${sc.name} … %}}, Hugo renders the view as Markdown, which leaves its markup and links out`;
    return atShortcode(source, sc, { expected, message: `${sc.name}: expected ${expected}` });
  });
}

/** Named parameters with their defaults; an unknown or missing one is an author error listing what the kind takes. */
export function checkParams(kind, sc) {
  if (sc.positional.length) throw mistake(`takes named parameters, e.g. {{< ${kind.name} ${Object.keys(kind.params)[0]}="…" >}}`);
  const names = Object.keys(kind.params);
  const p = {};
  for (const [k, v] of Object.entries(sc.params)) {
    if (!Object.hasOwn(kind.params, k)) {
      throw mistake(`has no parameter "${k}"${didYouMean(k, names)}; it takes: ${names.join(', ')}`, { param: k });
    }
    const allowed = kind.params[k].values;
    if (allowed && !allowed.includes(v)) throw mistake(`${k}="${v}"${didYouMean(v, allowed)}: expected ${allowed.join(' or ')}`);
    p[k] = v;
  }
  for (const [k, spec] of Object.entries(kind.params)) {
    if (p[k] === undefined && spec.default !== undefined) p[k] = spec.default;
    if (spec.required && (p[k] === undefined || p[k] === '')) throw mistake(`needs the parameter "${k}" (${spec.doc})`);
  }
  if (sc.inner !== null && !kind.inner) throw mistake('takes no content between an opening and a closing tag');
  if (kind.inner) p.inner = sc.inner;
  return p;
}

/** A view as the page template places it: pageUrl says its markup holds PAGE_URL for the template to fill in. */
function placedView(html) {
  return html.includes(PAGE_URL) ? { html, pageUrl: true } : { html };
}

/**
 * Final markup of every view in page order (tables numbered for their CSV
 * names), the files to publish beside the page, and what the page template
 * needs (the preview image and the raw file list).
 */
async function assemblePage({ report, shortcodes, views, listing }) {
  const files = new Map();
  const placed = {};
  let tableNo = 0;
  let image = null;
  for (const sc of shortcodes) {
    const view = views[sc.key];
    if (!view || placed[sc.key]) continue;
    // A view reused from the manifest lists its files without their bytes: they are already published.
    if (Array.isArray(view.files)) for (const path of view.files) files.set(path, null);
    else for (const [path, contents] of Object.entries(view.files ?? {})) files.set(path, contents);
    if (view.kind === 'chart') image ??= view.image;
    if (!view.tables) {
      placed[sc.key] = placedView(`${view.html}${view.note ?? ''}`);
      continue;
    }
    const parts = view.tables.map((t) => {
      tableNo += 1;
      const csv = csvName(tableNo, t.caption || t.label);
      files.set(csv, tableCsv(t));
      return tableHtml(t, csv);
    });
    placed[sc.key] = placedView(`${view.wrap ? wrapTables(view.wrap, parts) : parts.join('\n')}${view.note ?? ''}`);
  }
  const raw = await rawFiles(report, listing, files);
  return { files, placed, info: { image, raw, rawHtml: rawFilesHtml(raw) } };
}

/** A view's wrapper markup holds its tables as <!--table:N--> slots. */
function wrapTables(wrap, parts) {
  return wrap.replace(/<!--table:(\d+)-->/g, (_, n) => parts[Number(n)] ?? '');
}

/** What a raw view shows of its report besides the file: the report's title. */
function rawTitle(report) {
  return report.meta.title ?? report.slug;
}

/**
 * Every raw file, in folders under raw/ too, is published byte for byte beside
 * a line-numbered view of it. When neither the raw files, the documents nor the
 * title changed since the last compile (report.rawList), both are already there.
 * Sets report.rawSum to the sum sameRawFiles checks next time.
 */
async function rawFiles(report, listing, files) {
  if (report.rawList) {
    for (const { name, view = true, pages = 1 } of report.rawList) {
      files.set(name, null);
      if (view) for (const page of rawViewFiles(name, pages)) files.set(page, null);
    }
    return report.rawList;
  }
  const bySource = new Map(report.docs.map((d) => [d.provenance?.source, d]));
  const list = [];
  const sums = [];
  for (const { name: osName, path, info } of listing) {
    if (!info?.isFile()) continue;
    const name = osName.split(sep).join('/');
    const bytes = readFileSync(path);
    sums.push([osName, (await fileSum(path, info, bytes)).sha256]);
    const doc = bySource.get(join('content', reportPath(report.slug), 'raw', name));
    files.set(`raw/${name}`, bytes);
    // A binary file (a picture, a perf.data kept beside the runs) has no lines to number: it is published for download only.
    const text = lineText(bytes);
    const pages = text === null ? [] : rawViewPages({ name, text, reportTitle: rawTitle(report), doc, siteUp: report.siteUp });
    for (const { file, html } of pages) files.set(`raw/${file}`, html);
    list.push({ name: `raw/${name}`, href: bundleHref(`raw/${name}`), bytes: bytes.length, ...(pages.length ? {} : { view: false }), ...(pages.length > 1 ? { pages: pages.length } : {}) });
  }
  report.rawSum = rawSum(sums);
  return list;
}

/**
 * The text of a raw file whose lines a view numbers, or null for a binary
 * one: a NUL byte in the first 8,000 (as git decides, which spares decoding a
 * picture), or a byte the parsers refuse (BINARY), since a file no parser
 * reads gets no line view either.
 */
function lineText(bytes) {
  if (bytes.subarray(0, 8000).includes(0)) return null;
  const text = bytes.toString('utf8');
  return BINARY.test(text) ? null : text;
}

/** Writes the files of one report's folder and removes any it no longer has; true when anything changed. */
async function writeFiles(dir, files) {
  let changed = false;
  for (const [path, contents] of files) if (contents !== null) changed = (await writeIfChanged(join(dir, path), contents)) || changed;
  for (const name of await listFiles(dir)) {
    if (files.has(name)) continue;
    await rm(join(dir, name));
    changed = true;
  }
  return changed;
}

/** Drops the outputs of reports that no longer exist, and what a killed compile left half written beside them. */
async function removeGone(out, slugs) {
  const keep = new Set(slugs.map(reportKey));
  for (const dir of [join(out, 'views'), join(out, 'cache', 'compile')]) {
    if (!existsSync(dir)) continue;
    for (const name of await readdir(dir)) {
      const gone = name.endsWith('.json') && !keep.has(name.replace(/(\.stamp)?\.json$/, ''));
      if (gone || isDeadTemporary(name)) await rm(join(dir, name), { force: true });
    }
  }
  await removeGoneSiteFolders(join(out, 'site'), new Set(slugs.map(reportPath)));
}

/**
 * Removes the folders of site/ (each report's charts, tables and raw files, at
 * its path under content/) that are no report's now, keeping the folders on
 * the way to one.
 */
async function removeGoneSiteFolders(site, paths) {
  const walk = async (dir, rel) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory()) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (paths.has(path)) continue;
      if ([...paths].some((p) => p.startsWith(`${path}/`))) await walk(join(dir, entry.name), path);
      else await rm(join(dir, entry.name), { recursive: true });
    }
  };
  await walk(site, '');
}
