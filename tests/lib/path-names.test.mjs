// Names an author writes that the build turns into paths (taxonomy terms,
// slugs, urls, captions) stay inside their folder however they are spelt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathPartProblem, sitePathProblem, frontMatterPathProblems, fileSlug } from '../../scripts/lib/path-names.mjs';
import { readFrontMatter } from '../../scripts/ingest/front-matter.mjs';
import { taxonomyKeys } from '../../scripts/lib/site-config.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

test('a name that would leave its folder is refused, however it is spelt', () => {
  const refused = {
    '../reports/chart-gallery': 'a slash',
    '../../../tmp/x': 'a slash',
    '/etc/passwd': 'a slash',
    '..\\..\\x': 'a slash',
    'a\\b': 'a slash',
    '%2e%2e%2f': 'a percent-escape',
    '%2E%2E': 'a percent-escape',
    '..': 'a name of dots only',
    '.': 'a name of dots only',
    ' ... ': 'a name of dots only',
    '\u2024\u2024': 'characters that read as dots only', // one dot leader
    '\uFF0E\uFF0E': 'characters that read as dots only', // fullwidth full stop
    '\u2025': 'characters that read as dots only', // two dot leader
    '\u2024\u2024\uFF0Freports': 'a slash', // fullwidth solidus
    'a\u2215b': 'a slash', // division slash
    'a\u2044b': 'a slash', // fraction slash
    'a\uFF3Cb': 'a slash', // fullwidth reverse solidus
    'tab\there': 'a control character',
    '': 'an empty name',
  };
  for (const [name, why] of Object.entries(refused)) assert.equal(pathPartProblem(name), why, JSON.stringify(name));
});

test('every term, slug and url of the sample reports is one plain page name', () => {
  const keys = taxonomyKeys(ROOT);
  assert.deepEqual(keys, ['tags', 'servers', 'engines', 'tools', 'workloads']);
  const reports = readdirSync(join(ROOT, 'content/reports')).filter((d) => existsSync(join(ROOT, 'content/reports', d, 'index.md')));
  let terms = 0;
  for (const slug of reports) {
    const source = `content/reports/${slug}/index.md`;
    const read = readFrontMatter(readFileSync(join(ROOT, source), 'utf8'), source);
    assert.deepEqual(frontMatterPathProblems(read, source, keys), [], source);
    terms += keys.reduce((n, key) => n + (read.data[key]?.length ?? 0), 0);
  }
  assert.ok(terms > 40, `${terms} terms`);
  for (const name of ['MySQL 5.1.49sp1', 'InnoDB (built-in)', '.NET', '100% read-only']) assert.equal(pathPartProblem(name), null, name);
});

test('a url or alias may name a page anywhere in the site, never a folder above one', () => {
  assert.equal(sitePathProblem('/reports/old-name/'), null);
  assert.equal(sitePathProblem('/reports/../../x/'), '"..": a name of dots only');
  assert.equal(sitePathProblem('/reports/%2e%2e/x'), '"%2e%2e": a percent-escape');
});

test('each bad term, slug and url is refused at its own line of the front matter, saying what was expected', () => {
  const source = 'content/reports/x/index.md';
  const text = ['---', 'title: X', 'tags: [fine, "../reports/chart-gallery"]', 'servers:', '  - MariaDB 10.11', '  - "../../../tmp/x"', 'engines: ["\u2024\u2024"]', 'slug: "%2e%2e%2f"', 'aliases: ["/old/../../x/"]', '---', 'Body.', ''].join('\n');
  const problems = frontMatterPathProblems(readFrontMatter(text, source), source, ['tags', 'servers', 'engines']);
  assert.deepEqual(problems.map((p) => [p.file, p.line, p.rule, p.found]), [
    [source, 3, 'front-matter', '"../reports/chart-gallery" (a slash)'],
    [source, 6, 'front-matter', '"../../../tmp/x" (a slash)'],
    [source, 7, 'front-matter', '"\u2024\u2024" (characters that read as dots only)'],
    [source, 8, 'front-matter', '"%2e%2e%2f" (a percent-escape)'],
    [source, 9, 'front-matter', '"/old/../../x/" ("..": a name of dots only)'],
  ]);
  assert.match(problems[0].expected, /^each of tags a term that names one page under tags\/: no slash/);
});

test('a caption becomes a file name of letters, digits and dashes alone', () => {
  assert.equal(fileSlug('../../Latency (ms) \u2024\u2024\uFF0F p95'), 'latency-ms-p95');
  assert.equal(fileSlug('%2e%2e%2f'), '2e-2e-2f');
});

test("a blog's taxonomies are read from its YAML or TOML config, again when the config changes", () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-taxonomies-'));
  try {
    writeFileSync(join(dir, 'hugo.yaml'), 'title: A blog\ntaxonomies:\n  tag: tags\n  series: series\n');
    assert.deepEqual(taxonomyKeys(dir), ['tags', 'series']);
    writeFileSync(join(dir, 'hugo.yaml'), 'title: A blog, no taxonomies of its own\n');
    assert.deepEqual(taxonomyKeys(dir), ['tags', 'categories'], "Hugo's own");
    rmSync(join(dir, 'hugo.yaml'));
    writeFileSync(join(dir, 'hugo.toml'), 'title = "A blog"\n[taxonomies]\n  server = "servers"\n');
    assert.deepEqual(taxonomyKeys(dir), ['servers']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
