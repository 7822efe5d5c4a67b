// One report as the view kinds see it: its front matter, its documents in
// source order, and lookups by raw file. Loading only; no view logic.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync, statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathNameProblems } from '../lib/path-names.mjs';
import { selectRows, bundlePath, incompleteOf } from './select.mjs';
import { combineRepeats, repeatLabels } from './stats/repeats.mjs';
import { humanize } from './html.mjs';
import { rawPathProblem, RAW_PATH_EXPECTED } from '../lib/raw-files.mjs';
import { mistake, Problem } from '../problems/problem.mjs';
import { reportPath, bodyOffset, reportKey } from '../lib/site.mjs';

export { bodyOffset };

export async function loadDocuments(dataDir) {
  if (!existsSync(dataDir)) return [];
  const names = (await readdir(dataDir)).filter((n) => n.endsWith('.json') && n !== 'report.json').sort();
  // Synchronous reads: thousands of documents, and a promise's open, stat, read and close cost several times one read.
  const docs = names.map((n) => JSON.parse(readFileSync(join(dataDir, n), 'utf8')));
  return docs.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/**
 * @returns {{ slug, text, meta, docs, bundleDir, indexPath, siteUp, unsafePaths }} meta is
 * what ingest recorded of the front matter in report.json (title, compare, sweep, labels,
 * repeat, noise_reference); unsafePaths the Problems of its names that would leave their
 * folder as paths (lib/path-names.mjs).
 */
export async function loadReport({ root, slug, text, docs }) {
  const indexPath = join('content', reportPath(slug), 'index.md');
  const recorded = readReportDocument(root, slug);
  const bundleDir = join(root, indexPath, '..');
  // From the bundle's folder in the built site up to its root (css/, js/): one step per folder of its path.
  const siteUp = '../'.repeat(reportPath(slug).split('/').length);
  // A taxonomy term, slug or url becomes a folder of the built site: compile stops a report with one that leaves its folder.
  const unsafePaths = pathNameProblems(recorded.path_names ?? [], indexPath);
  return { slug, text, meta: metaOf(recorded), docs, bundleDir, indexPath, siteUp, unsafePaths };
}

/**
 * The report's own document, data/reports/<key>/report.json, as ingest wrote
 * it. A report not yet ingested has none, and no documents either: it compiles
 * as a front matter that says nothing compile reads would.
 */
function readReportDocument(root, slug) {
  const file = join('data', 'reports', reportKey(slug), 'report.json');
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return {};
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Problem({ file, rule: 'report-ingested', expected: 'a JSON report document (run `tpsreport ingest`)', found: error.message });
  }
}

/** The front matter as the views read it, from report.json: its keys under the front matter's names. */
function metaOf(recorded) {
  const { title, compare, sweep, label_titles: labels, repeat, noise_reference: noiseReference } = recorded;
  return { title, compare, sweep, labels, repeat, noise_reference: noiseReference };
}

/**
 * What a view kind's build() gets: the report and the lookups it needs. One
 * context serves one view: it remembers every document the view read whose
 * output stops early, so the compiler can say so under the view (incomplete()).
 */
export function viewContext(report) {
  const cut = new Map();
  const saw = (doc) => {
    const inc = incompleteOf(doc, report.slug);
    if (inc) cut.set(inc.source, inc);
    return doc;
  };
  return {
    report,
    select: (q) => selectRows(report, q, saw),
    /** Every document of one kind, in source order. */
    documents: (kind) => report.docs.filter((d) => d.kind === kind).map(saw),
    /** The incomplete documents this view read ({ source, line, reason }), in the order it read them. */
    incomplete: () => [...cut.values()],
    /** How a label is named to readers: the front matter's `labels: { name: "title" }`, or the name made readable. */
    title: (label) => (typeof report.meta.labels?.[label] === 'string' ? report.meta.labels[label] : humanize(label)),
    /** One row per key, repeats combined (scripts/compile/stats/repeats.mjs); o: { what, stat, better }. */
    combine: (rows, keys, o) => combineRepeats(rows, keys, { ...o, repeat: repeatLabels(report.meta) }),
    /** The document parsed from a bundle file ("raw/my.cnf"), or an author error. */
    docOfFile(file) {
      const problem = rawPathProblem(file, report.bundleDir);
      if (problem) throw mistake(`expected ${RAW_PATH_EXPECTED}, found ${problem}`);
      const doc = report.docs.find((d) => bundlePath(d, report.slug) === file);
      if (!doc) throw mistake(`${file} has no parsed data; list it under \`sources\` in the front matter and run \`tpsreport ingest\``);
      return saw(doc);
    },
    /**
     * A file of the report's raw/ folder (or a folder in it) as text, or an author
     * error. Only raw/ files: ingest hashes each of them into report.json and the report
     * publishes them, so a page never shows a file nobody hashed.
     */
    async readBundleFile(file) {
      const path = join(report.bundleDir, file);
      const problem = rawPathProblem(file, report.bundleDir);
      if (problem) throw mistake(`expected ${RAW_PATH_EXPECTED}, found ${problem}`);
      if (!statSync(path, { throwIfNoEntry: false })?.isFile()) throw mistake(`${file} is not a file in the report's raw/ folder (paths are relative to the report folder, e.g. raw/my.cnf)`);
      return readFile(path, 'utf8');
    },
  };
}
