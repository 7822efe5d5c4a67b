// The noise report: five repeats of four configurations. Every expected figure
// is read here from the published raw files and combined here (a median by
// sorting), never taken from the JSON the page was built from.
import { test, expect } from '@playwright/test';
import { rawLines, reportPages } from './site.mjs';
import { number, squash, rawMatch, percentChange, compareBlock, compareCells, compareNote, medianText } from './page.mjs';

const PAGE = '/reports/noise-and-stability/';
const CONFIGS = ['baseline', 'ahi-on', 'trx-commit-2', 'bp-32m'];
const REPEATS = [1, 2, 3, 4, 5];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Transactions per second as sysbench printed them for each repeat of a configuration. */
function printedTps(config) {
  return REPEATS.map((r) => rawMatch(PAGE, `raw/sysbench-${config}-r${r}.txt`, /^\s+transactions:\s+\d+\s+\(([\d.]+) per sec\.\)$/)[1]);
}

for (const path of reportPages()) {
  test(`every combined figure on ${path} is the statistic of the repeats it lists, each printed on its raw line`, async ({ page }) => {
    await page.goto(path);
    const stats = await page.locator('a.stat').evaluateAll((links) => links.map((a) => ({ stat: a.dataset.stat, value: Number(a.dataset.value), text: a.textContent.trim(), members: JSON.parse(a.dataset.members) })));
    if (path === PAGE) expect(stats.length).toBeGreaterThan(4);
    for (const s of stats) {
      for (const m of s.members) expect(rawLines(path, m.source)[m.line - 1], `${m.source}:${m.line}`).toContain(m.text);
      expect(s.stat).toBe('median');
      const values = s.members.map((m) => Number(m.text));
      expect(s.value).toBeCloseTo(median(values), 9);
      const decimals = Math.max(...s.members.map((m) => m.text.split('.')[1]?.length ?? 0));
      expect(s.text).toBe(medianText(s.members.map((m) => m.text), decimals));
    }
  });
}

test('the compare table shows each configuration\'s median and its difference to the baseline\'s, read from the raw files', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'Five repeats of each configuration');
  const base = median(printedTps('baseline').map(number));
  for (const config of CONFIGS) {
    const tps = printedTps(config).map(number);
    const [figure, delta] = await compareCells(block, config, 0);
    const decimals = Math.max(...printedTps(config).map((t) => t.split('.')[1].length));
    expect(figure.startsWith(medianText(printedTps(config), decimals)), `${config}: ${figure}`).toBe(true);
    expect(figure).toContain(`${Math.min(...tps).toFixed(decimals)}–${Math.max(...tps).toFixed(decimals)}`);
    expect(figure).toContain('5 runs'); // compareCells folds the no-break spaces into spaces
    expect(delta).toBe(config === 'baseline' ? 'baseline' : percentChange(median(tps), base));
  }
});

test('a difference inside the noise reads "within noise", and one outside it gives its interval', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'Five repeats of each configuration');
  // adaptive hash index on: its repeats overlap the baseline's on both sides
  const ahi = printedTps('ahi-on').map(number);
  const base = printedTps('baseline').map(number);
  expect(Math.min(...ahi) < Math.max(...base) && Math.max(...ahi) > Math.min(...base)).toBe(true);
  expect(await compareNote(block, 'ahi-on', 0)).toMatch(/^within noise; 95 % CI −\d+\.\d % to \+\d+\.\d %$/);
  await expect(block.locator('tr[data-variant="ahi-on"] td.delta').first()).toHaveAttribute('data-verdict', 'within-noise');
  // a 32M buffer pool: every repeat below every baseline repeat, so no resample can reach 1
  const small = printedTps('bp-32m').map(number);
  expect(Math.max(...small)).toBeLessThan(Math.min(...base));
  expect(await compareNote(block, 'bp-32m', 0)).toMatch(/^95 % CI −\d+\.\d % to −\d+\.\d %$/);
  await expect(block.locator('tr[data-variant="bp-32m"] td.delta').first()).toHaveAttribute('data-verdict', 'different');
});

test('the claims in the prose carry the verdict the data gave them', async ({ page }) => {
  await page.goto(PAGE);
  const claims = await page.locator('.tps-claim').evaluateAll((spans) => spans.map((s) => ({ relation: s.dataset.relation, verdict: s.dataset.verdict, text: s.textContent })));
  expect(claims.length).toBeGreaterThan(1);
  for (const c of claims) {
    if (c.relation === 'about') expect(c.verdict).toBe('within-noise');
    else expect(c.verdict).not.toBe('within-noise');
  }
});

test('the longest stall of the stalling run links to a second the raw file prints below half the run\'s median', async ({ page }) => {
  await page.goto(PAGE);
  const file = 'raw/stalls/sysbench-stalls-600s.txt';
  const samples = rawLines(PAGE, file).map((line, i) => ({ line: i + 1, tps: /^\[ \d+s \] .* tps: ([\d.]+) /.exec(line)?.[1] })).filter((s) => s.tps !== undefined);
  expect(samples.length).toBe(600);
  const half = median(samples.map((s) => Number(s.tps))) / 2;
  const link = page.locator('table.stability-table tr[data-run="stalls"] a.raw-line');
  await expect(link).toHaveAttribute('data-source', file);
  // the link opens the raw view of that file (a file in a subfolder of raw/ gets one too)
  const view = await page.request.get(new URL(await link.getAttribute('href'), page.url()).href);
  expect(view.ok()).toBe(true);
  const line = Number(await link.getAttribute('data-line'));
  expect(await view.text()).toContain(`<li id="L${line}">`);
  const at = samples.find((s) => s.line === line);
  expect(Number(at.tps)).toBeLessThan(half);
  // the stall ran as long as the cell says: that many seconds in a row below half the median
  const seconds = Number(/^(\d+)/.exec((await link.textContent()).trim())[1]);
  const run = samples.slice(samples.indexOf(at), samples.indexOf(at) + seconds);
  expect(run.every((s) => Number(s.tps) < half)).toBe(true);
});

test('the stalls the table counts are the seconds of the steady window the raw file prints below half the median shown', async ({ page }) => {
  await page.goto(PAGE);
  const file = 'raw/stalls/sysbench-stalls-600s.txt';
  const samples = rawLines(PAGE, file).map((line) => /^\[ (\d+)s \] .* tps: ([\d.]+) /.exec(line)).filter(Boolean).map(([, t, tps]) => ({ t: Number(t), tps: Number(tps) }));
  const cells = page.locator('table.stability-table tr[data-run="stalls"] td');
  const [, from, to] = /^(\d+)–(\d+)\s*s$/.exec(squash(await cells.nth(0).textContent()));
  const median = Number(squash(await cells.nth(1).textContent()));
  const below = samples.filter((s) => s.t >= Number(from) && s.t <= Number(to) && s.tps < median / 2);
  expect(below.length).toBeGreaterThan(1);
  expect(Number(squash(await cells.nth(4).textContent()))).toBe(below.length);
});
