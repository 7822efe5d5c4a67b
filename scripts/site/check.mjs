// `tpsreport check`: every figure a built page shows links to the raw line it
// was read from (scripts/compile/html.mjs writes data-value, data-source and
// data-line on it). This reads the published pages back, as a reader would
// follow the links, and reports each figure whose number is not printed on
// that line of the published raw file, or whose shown text does not read as
// that number. A figure that is a word (a setting's ON or OFF) must stand on
// its line as a whole word, and the page must show that word. A figure
// combined from repeats (class="stat") is recomputed from the runs its
// data-members lists, each of which must print its figure on its raw line.
// A claim's words ("30.4 % higher") must be the difference its data-ratio
// gives, and every report (a bundle anywhere under content/) must have its page. It
// checks the output, so it runs after a build and never feeds anything back
// into one.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unesc, percent, PAGE_URL } from '../compile/html.mjs';
import { summarize } from '../compile/stats/stats.mjs';
import { wordOn } from '../lib/text.mjs';
import { reportSlugs, reportPath, reportKey, slugOfPath } from '../lib/site.mjs';
import { Problem } from '../problems/problem.mjs';

const FIGURE = /<a\b[^>]*\bclass="(fig|stat)\b[^"]*"[^>]*>/g;
const ATTRIBUTE = /\s([a-z-]+)="([^"]*)"/g;
const NUMBER = /-?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?/gi;
// A duration printed in parts ("28m 18s", "1h 2m 3.5s"), whose figure is its length in seconds.
const DURATION = /\b(?:(\d+)h\s*)?(?:(\d+)m\s*)?(\d+(?:\.\d+)?)s\b/g;

/** The attributes of one <a> tag, entities decoded. */
function attributes(tag) {
  const out = {};
  for (const [, name, value] of tag.matchAll(ATTRIBUTE)) out[name] = unesc(value);
  return out;
}

/** The numbers a raw line prints ("14652  (976.24 per sec.)" → 14652, 976.24; "0:01.50" → 0, 1.5; "28m 18s" → 28, 18, 1698). */
export function numbersOn(line) {
  const plain = [...line.matchAll(NUMBER)].map(([n]) => Number(n.replace(/,/g, '')));
  const durations = [...line.matchAll(DURATION)].filter(([, h, m]) => h || m).map(([, h = 0, m = 0, s]) => Number(h) * 3600 + Number(m) * 60 + Number(s));
  return [...plain, ...durations];
}

const BINARY = { B: 1, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, TiB: 2 ** 40 };
const SIZE = /(\d[\d,]*(?:\.\d+)?) ?(B|KiB|MiB|GiB|TiB)\b/g;
// A duration as a page shows it ("28 min 18 s", "1 h 2 min 3.5 s").
const SHOWN_DURATION = /(?:(\d+) ?h )?(?:(\d+) ?min )?(\d+(?:\.\d+)?) ?s\b/g;

/**
 * Whether the text a page shows for a figure reads as its value: a number
 * (rounded to the digits shown), a size in binary units (against `bytes`, the
 * figure in bytes, when the tool printed another unit: du's KiB), or a duration.
 */
function readsAs(shown, value, bytes = value) {
  const text = shown.replace(/\u00a0/g, ' ');
  // A shown number stands for `target` when rounding target (in `unit`s) to the digits shown gives it.
  // A median halfway between two printed figures (522.3489255) rounds either way, and the
  // subtraction errs by about 1e-16 of the figure's size: the slack scales with the target.
  const near = (text, n, target, unit = 1) => Math.abs(n * unit - target) <= 0.5 * 10 ** -((text.split('.')[1] ?? '').length) * unit * (1 + 1e-9) + Math.abs(target) * 1e-12;
  const number = (n) => Number(n.replace(/,/g, ''));
  if ([...text.matchAll(NUMBER)].some(([n]) => near(n, number(n), value))) return true;
  if ([...text.matchAll(SIZE)].some(([, n, unit]) => near(n, number(n), bytes, BINARY[unit]))) return true;
  return [...text.matchAll(SHOWN_DURATION)].some(([, h = 0, m = 0, sec]) => near(sec, Number(h) * 3600 + Number(m) * 60 + Number(sec), value));
}

/** The figures of one page with a value (a number or a word) and a raw line, where they sit in the page, and the text it shows for each. */
function figuresOf(html) {
  const figures = [];
  // The page line of each figure, counted on from the one before.
  let line = 1;
  let at = 0;
  for (const m of html.matchAll(FIGURE)) {
    const a = attributes(m[0]);
    const combined = m[1] === 'stat';
    if (a['data-value'] === undefined || (combined ? !a['data-members'] : !a['data-source'] || !a['data-line'])) continue;
    for (let nl = html.indexOf('\n', at); nl >= 0 && nl < m.index; nl = html.indexOf('\n', nl + 1)) line += 1;
    at = m.index;
    const start = m.index + m[0].length;
    const shown = unesc(html.slice(start, html.indexOf('</a>', start)).replace(/<[^>]*>/g, ''));
    if (combined) {
      figures.push({ stat: a['data-stat'], value: Number(a['data-value']), members: JSON.parse(a['data-members']), line, shown });
      continue;
    }
    const bytes = a['data-bytes'] === undefined ? undefined : Number(a['data-bytes']);
    const value = Number(a['data-value']);
    figures.push({ value: a['data-value'] !== '' && Number.isFinite(value) ? value : a['data-value'], bytes, source: a['data-source'], rawLine: Number(a['data-line']), line, shown });
  }
  return figures;
}

/**
 * Every report's page in public/ (at its bundle's path): each figure against its raw line.
 * @returns {Promise<{ pages: number, figures: number, problems: object[] }>}
 *   problems: Problems (scripts/problems/problem.mjs)
 */
export async function figureProblems({ root }) {
  const site = join(root, 'public');
  const out = { pages: 0, figures: 0, claims: 0, problems: [] };
  if (!existsSync(site)) {
    out.problems.push(problem(relative(root, site), undefined, 'a built site (run `tpsreport build` first)', 'no such folder'));
    return out;
  }
  const paths = (await reportSlugs(root)).map(reportPath);
  for (const path of paths) {
    const page = join(site, ...path.split('/'), 'index.html');
    if (!existsSync(page)) out.problems.push(problem(relative(root, page), undefined, `the page of content/${path}/index.md`, 'no such file'));
  }
  // Every page in public/reports/ too, whatever content/ holds now: a page left there shows figures as well.
  const listed = existsSync(join(site, 'reports')) ? (await readdir(join(site, 'reports'))).map((name) => `reports/${name}`) : [];
  for (const path of [...new Set([...paths, ...listed])].sort()) {
    const folder = join(site, ...path.split('/'));
    const page = join(folder, 'index.html');
    if (!existsSync(page)) continue;
    out.pages += 1;
    const html = await readFile(page, 'utf8');
    for (const claim of claimsOf(html)) {
      out.claims += 1;
      const found = claimProblem(claim);
      if (found) out.problems.push(problem(relative(root, page), claim.line, `the difference its data-ratio (${claim.ratio}) gives, ${claimWords(claim.ratio)}`, found));
    }
    const rawLines = new Map();
    const figures = figuresOf(html);
    for (const figure of figures) {
      out.figures += 1;
      const found = figure.stat ? await checkStat(folder, figure, rawLines) : await checkFigure(folder, figure, rawLines);
      if (found) out.problems.push(problem(relative(root, page), figure.line, expectedOf(figure), found));
    }
    const views = await compiledViews(root, slugOfPath(path));
    const missing = missingFigures(figures, views.flatMap((html) => figuresOf(html)));
    const altered = missing.length ? [] : views.filter((view) => !placed(view, html));
    if (missing.length) {
      const expected = "each figure of the report's compiled views on the page with its link (a figure without one goes unchecked)";
      out.problems.push(problem(relative(root, page), undefined, expected, `${missing.length} not there, the first ${expectedOf(missing[0])} (if the page predates its views, build again)`, 'figure-on-page'));
    } else if (altered.length) {
      const at = firstDifference(altered[0], html);
      const where = at ? `; line ${at.line} reads "${at.found}" where compile wrote "${at.wrote}"` : '';
      out.problems.push(problem(relative(root, page), at?.line, "each table, value and chart of the report's compiled views on the page as compile wrote it", `${altered.length} changed${where} (a cell of a chart's figures table edited after the build? if the page predates its views, build again)`, 'view-on-page'));
    }
  }
  return out;
}

/**
 * The markup of every view compile made for a report's page
 * (.tpsreport/views/<key>.json, see reportKey), or [] when there is none to compare: a page
 * that lost a figure's link (a layout override, an edited template) or whose
 * unlinked figures were edited (a chart's table of figures) would otherwise pass.
 */
async function compiledViews(root, slug) {
  const text = await readFile(join(root, '.tpsreport', 'views', `${reportKey(slug)}.json`), 'utf8').catch(() => null);
  if (text === null) return [];
  return Object.values(JSON.parse(text).views ?? {}).map((view) => view.html ?? '');
}

/** Where a view placed on the page first differs from it: { line, wrote, found } (a few characters each), or null when its start is not on the page. */
function firstDifference(view, page) {
  // The view's start as far as it is found on the page: the edit may lie in its first characters.
  const head = view.split(PAGE_URL)[0];
  const start = [200, 80, 30].map((n) => page.indexOf(head.slice(0, n))).find((at) => at >= 0) ?? -1;
  if (start < 0) return null;
  let i = 0;
  while (i < view.length && view[i] === page[start + i]) i += 1;
  const around = (text) => text.slice(Math.max(0, i - 12), i + 12).replace(/\s+/g, ' ');
  return { line: page.slice(0, start + i).split('\n').length, wrote: around(view), found: around(page.slice(start)) };
}

/** Whether a view's markup stands on the page as written, the page's own address in place of PAGE_URL. */
function placed(html, page) {
  let at = 0;
  for (const part of html.split(PAGE_URL)) {
    const found = page.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return true;
}

/** The figures of `compiled` that the page does not show as linked figures (each counted as often as it occurs). */
function missingFigures(onPage, compiled) {
  const key = (f) => (f.stat ? `${f.stat}\0${f.value}\0${JSON.stringify(f.members)}` : `${f.source}\0${f.rawLine}\0${f.value}`);
  const shown = new Map();
  for (const f of onPage) shown.set(key(f), (shown.get(key(f)) ?? 0) + 1);
  return compiled.filter((f) => {
    const left = shown.get(key(f)) ?? 0;
    shown.set(key(f), left - 1);
    return left <= 0;
  });
}

const CLAIM = /<span\b[^>]*\bclass="tps-claim"[^>]*>\s*<span class="claim-figure">([^<]*)<\/span>/g;

/** The claims of a page that print a difference in words, with their ratio and page line. */
function claimsOf(html) {
  return [...html.matchAll(CLAIM)].map((m) => ({ ratio: Number(attributes(m[0])['data-ratio']), shown: unesc(m[1]).replace(/\u00a0/g, ' ').trim(), line: html.slice(0, m.index).split('\n').length }));
}

/** "30.4 % higher" for a ratio of 1.304, as compile/kinds/claim.mjs words it (percent(): the per cent rounded to one decimal). */
function claimWords(ratio) {
  return `"${Math.abs(percent(ratio, 1).number).toFixed(1)} % ${ratio >= 1 ? 'higher' : 'lower'}"`;
}

/** What is wrong with a claim's words, or null. "about the same" and a bare per cent say no direction to check against. */
function claimProblem({ ratio, shown }) {
  if (!Number.isFinite(ratio) || ratio <= 0) return `data-ratio "${ratio}"`;
  if (shown === 'about the same') return null;
  const [, pct, direction] = /^([\d.]+) %(?: (higher|lower))?$/.exec(shown) ?? [];
  if (pct === undefined) return `"${shown}"`;
  const expected = claimWords(ratio).slice(1, -1);
  return (direction ? shown === expected : `${pct} %` === expected.replace(/ (higher|lower)$/, '')) ? null : `"${shown}"`;
}

function expectedOf(figure) {
  if (figure.stat) return `the ${figure.stat} of the ${figure.members.length} runs it lists, each as printed on its raw line`;
  return `${typeof figure.value === 'number' ? figure.value : `"${figure.value}"`} as printed on ${figure.source}:${figure.rawLine}`;
}

/** The lines of a published raw file, read once per page (null when there is no such file). */
async function linesOf(bundle, source, cache) {
  if (!cache.has(source)) cache.set(source, await readFile(join(bundle, source), 'utf8').then((t) => t.split('\n'), () => null));
  return cache.get(source);
}

/** What a statistic of the members' figures gives, by the name the page gives it ("median", "best (max)"). */
function statOf(stat, values) {
  const pick = /^best \((min|max)\)$/.exec(stat)?.[1] ?? stat;
  return ['median', 'mean', 'min', 'max'].includes(pick) && values.length ? summarize(values)[pick] : undefined;
}

/**
 * What is wrong with a figure combined from repeats, or null: each run it
 * lists must print its figure on its raw line, the statistic of those that
 * ran must be the page's value, and the page must show that value.
 */
async function checkStat(bundle, { stat, value, members, shown }, cache) {
  for (const { source, line, text, status } of members) {
    if (status !== 'ok' && status !== 'complete') continue;
    const lines = await linesOf(bundle, source, cache);
    if (!lines) return `no published raw file ${source}`;
    const raw = lines[line - 1];
    if (raw === undefined || !(wordOn(raw, text) || numbersOn(raw).includes(Number(text)))) return `${source}:${line} reads "${(raw ?? '').trim()}", not ${text}`;
  }
  const values = members.filter((m) => m.status === 'ok' || m.status === 'complete').map((m) => Number(m.text));
  if (values.every(Number.isFinite)) {
    const expected = statOf(stat, values);
    if (expected === undefined) return `a statistic named "${stat}"`;
    if (Math.abs(expected - value) > 1e-9 * Math.max(1, Math.abs(expected))) return `the page's ${stat} is ${value}, the runs' is ${expected}`;
  }
  return readsAs(shown, value) ? null : `the page shows it as "${shown.trim()}"`;
}

/** What is wrong with one figure, or null when its raw line prints its number and the page shows that number. */
async function checkFigure(bundle, { value, bytes, source, rawLine, shown }, cache) {
  const lines = await linesOf(bundle, source, cache);
  if (!lines) return `no published raw file ${source}`;
  const text = lines[rawLine - 1];
  if (text === undefined) return `${source} has ${lines.length} lines`;
  if (typeof value === 'string') return wordOn(text, value) ? (shown.trim() === value ? null : `the page shows it as "${shown.trim()}"`) : `line ${rawLine} reads "${text.trim()}"`;
  if (!numbersOn(text).includes(value)) return `line ${rawLine} reads "${text.trim()}"`;
  return readsAs(shown, value, bytes) ? null : `the page shows it as "${shown.trim()}"`;
}

function problem(file, line, expected, found, rule = 'figure-raw-line') {
  return new Problem({ file, line: line || undefined, rule, expected, found });
}
