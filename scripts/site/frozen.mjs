// `tpsreport build --frozen`, what CI runs: the committed data/ is the
// reviewed result set, so the build never ingests. It stops instead when
// data/ is not what ingest would write from the raw files and front matter
// beside it: a raw file whose bytes changed since it was hashed, one added or
// removed, a document report.json lists that is missing, one it does not list
// (compile would show it), front matter that says something else, or a
// figure that is not what its raw line prints (a document edited by hand).
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Problem } from '../problems/problem.mjs';
import { reportOf } from '../ingest/index.mjs';
import { validatePaths } from '../validate/index.mjs';
import { reportSlugs, bundleDir, reportKey } from '../lib/site.mjs';

const WHAT_TO_DO = 'run `tpsreport ingest`, review and commit data/';

/**
 * Every report bundle against its data: the checks below, then every check
 * `tpsreport validate` makes on the report's documents (each document's raw
 * file still has its recorded sha256, every raw file in report.json's
 * raw_files too, every file of raw/ is in raw_files, every listed document
 * is there), uncached.
 * @returns {Promise<{ files: number, problems: object[] }>} in validate's problem shape
 */
export async function frozenProblems({ root }) {
  const slugs = await reportSlugs(root);
  const problems = [];
  const ingested = [];
  for (const slug of slugs) {
    const found = await reportDrift(root, slug);
    problems.push(...found.problems);
    if (found.ingested) ingested.push(join(root, 'data', 'reports', reportKey(slug)));
  }
  const validated = ingested.length ? await validatePaths(ingested, { root, printed: true }) : { files: 0, problems: [] };
  return { files: validated.files, problems: [...problems, ...validated.problems] };
}

/** What differs between one bundle and its report.json; `ingested` is false when there is no report.json to validate. */
async function reportDrift(root, slug) {
  const index = relative(root, join(bundleDir(root, slug), 'index.md'));
  const dataDir = join(root, 'data', 'reports', reportKey(slug));
  const reportFile = relative(root, join(dataDir, 'report.json'));
  let expected;
  try {
    ({ report: expected } = await reportOf({ root, slug, text: await readFile(join(root, index), 'utf8') }));
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    return { ingested: existsSync(join(root, reportFile)), problems: [error] };
  }
  if (!existsSync(join(root, reportFile))) {
    return { ingested: false, problems: [problem(reportFile, '', 'report-ingested', `the report document of ${index} (${WHAT_TO_DO})`, 'no such file')] };
  }
  let recorded;
  try {
    recorded = JSON.parse(await readFile(join(root, reportFile), 'utf8'));
  } catch {
    return { ingested: true, problems: [] }; // validate reports the broken JSON itself
  }
  return {
    ingested: true,
    problems: [
      ...frontMatterDrift(recorded, expected, index, reportFile),
      ...(await unlistedDocuments(recorded, dataDir, root)),
    ],
  };
}

/** Front matter that no longer says what report.json recorded: the documents carry the old labels. */
function frontMatterDrift(recorded, expected, index, reportFile) {
  return ['title', 'compare', 'sweep', 'label_titles', 'repeat', 'noise_reference', 'path_names', 'sources']
    .filter((key) => JSON.stringify(driftOf(key, recorded[key])) !== JSON.stringify(driftOf(key, expected[key])))
    .map((key) => problem(index, '', 'front-matter-ingested', `\`${key}\` as ${reportFile} records it (${WHAT_TO_DO})`, `a different \`${key}\`: the front matter changed after the last ingest`));
}

/**
 * What of a recorded key counts as a change: the names that become paths
 * without their lines, so an edit above them (a longer summary) needs no
 * new ingest; the lines only place an error, which the names decide.
 */
function driftOf(key, value) {
  return key === 'path_names' && Array.isArray(value) ? value.map(({ line, ...name }) => name) : value;
}

/** A document report.json does not list: ingest would delete it, compile would show its runs. */
async function unlistedDocuments(recorded, dataDir, root) {
  const listed = new Set(['report.json', ...(recorded.sources ?? []).map((s) => s.data)]);
  return (await readdir(dataDir))
    .filter((name) => name.endsWith('.json') && !listed.has(name))
    .sort()
    .map((name) => problem(relative(root, join(dataDir, name)), '', 'document-listed', `a document report.json lists (${WHAT_TO_DO})`, 'a document no source produces'));
}

function problem(file, pointer, rule, expected, found) {
  return new Problem({ file, pointer, rule, expected, found });
}
