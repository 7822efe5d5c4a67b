// The read/write stress report: sysbench at innodb_flush_log_at_trx_commit 1
// and 2, second by second, and what SHOW ENGINE INNODB STATUS printed after
// each run. Every expected figure is read here from the published raw files
// with a regex (never from the JSON the page was built from).
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { number, rawMatch, percentChange, compareBlock, compareCells, tooltipValue, hydrated, drawing } from './page.mjs';

const PAGE = '/reports/read-write-stress-over-time/';
const SETTINGS = ['1', '2'];
const sysbenchFile = (setting) => `raw/sysbench-trx-commit-${setting}.txt`;
const statusFile = (setting) => `raw/innodb-status-trx-commit-${setting}.txt`;
test('the status table shows the fsyncs per second each raw status printed, linked to its line, and the difference from them', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'SHOW ENGINE INNODB STATUS right after each run');
  const printed = Object.fromEntries(SETTINGS.map((s) => [s, rawMatch(PAGE, statusFile(s), /, ([\d.]+) fsyncs\/s$/)]));
  expect(await compareCells(block, '1', 0)).toEqual([printed['1'][1], 'baseline']);
  expect(await compareCells(block, '2', 0)).toEqual([printed['2'][1], percentChange(number(printed['2'][1]), number(printed['1'][1]))]);
  const link = block.locator('tr[data-variant="2"] a.fig').first();
  await expect(link).toHaveAttribute('data-line', String(printed['2'].lineNumber));
  await expect(link).toHaveAttribute('data-source', statusFile('2'));
});

test('the status table shows dirty pages and history list length as each raw status printed them', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'SHOW ENGINE INNODB STATUS right after each run');
  for (const s of SETTINGS) {
    const dirty = rawMatch(PAGE, statusFile(s), /^Modified db pages\s+(\d+)$/)[1];
    const history = rawMatch(PAGE, statusFile(s), /^History list length (\d+)$/)[1];
    expect((await compareCells(block, s, 2))[0], `dirty pages, trx_commit=${s}`).toBe(dirty);
    expect((await compareCells(block, s, 3))[0], `history list, trx_commit=${s}`).toBe(history);
  }
});

test('the SEMAPHORES section the page calls empty has no line between its heading and the next section in either capture', () => {
  for (const s of SETTINGS) {
    const lines = rawLines(PAGE, statusFile(s));
    const heading = lines.indexOf('SEMAPHORES');
    expect(heading, statusFile(s)).toBeGreaterThan(0);
    expect(lines.slice(heading + 1, heading + 4)).toEqual(['----------', '------------', 'TRANSACTIONS']);
  }
});

test('the sysbench compare table shows each run\'s printed rate and the second run\'s difference worked out from them', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'sysbench summary, difference');
  const rate = (s) => rawMatch(PAGE, sysbenchFile(s), /^\s*transactions:\s+\d+\s+\(([\d.]+) per sec\.\)/)[1];
  expect(await compareCells(block, '1', 0)).toEqual([rate('1'), 'baseline']);
  expect(await compareCells(block, '2', 0)).toEqual([rate('2'), percentChange(number(rate('2')), number(rate('1')))]);
});

test('the two option files differ only in innodb_flush_log_at_trx_commit, as the config-diff table shows', async ({ page }) => {
  const options = (s) => new Map(rawLines(PAGE, `raw/my-trx-commit-${s}.cnf`)
    .map((line) => /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(line)).filter(Boolean).map(([, k, v]) => [k, v]));
  const [a, b] = SETTINGS.map(options);
  const differing = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
  expect(differing).toEqual(['innodb_flush_log_at_trx_commit']);
  await page.goto(PAGE);
  const rows = page.locator('table.config-diff', { hasText: 'Options that differ' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.locator('th, td')).toHaveText(['innodb_flush_log_at_trx_commit', a.get('innodb_flush_log_at_trx_commit'), b.get('innodb_flush_log_at_trx_commit')]);
});

test('the server variables table lists exactly the variables whose values differ between the two SHOW GLOBAL VARIABLES captures', async ({ page }) => {
  const variables = (s) => new Map(rawLines(PAGE, `raw/global-variables-trx-commit-${s}.txt`)
    .map((line) => /^(\w+)\t(.*)$/.exec(line)).filter(Boolean).map(([, k, v]) => [k, v]));
  const [a, b] = SETTINGS.map(variables);
  const differing = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
  await page.goto(PAGE);
  const names = await page.locator('table.config-diff', { hasText: 'Server variables that differ' }).locator('tbody th code').allTextContents();
  expect(names.sort()).toEqual(differing);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the throughput chart draws one point per interval line of both raw files', async ({ page }) => {
    await page.goto(PAGE);
    const intervals = SETTINGS.map((s) => rawLines(PAGE, sysbenchFile(s)).filter((l) => /^\[ \d+s \] thds:/.test(l)).length);
    const svg = await drawing(page.locator('#chart-tps-over-time'));
    await expect(svg.locator('g.mark-symbol.role-mark path')).toHaveCount(intervals[0] + intervals[1]);
  });
});

test.describe('with JavaScript', () => {
  test('hovering the slowest second of the flush-at-every-commit run shows the tps and latency of that raw line', async ({ page }) => {
    // the interval with the lowest tps, found in the raw text
    const lines = rawLines(PAGE, sysbenchFile('1'));
    const samples = lines.map((l) => /^\[ (\d+)s \] thds: \d+ tps: ([\d.]+) .* lat \(ms,95%\): ([\d.]+)/.exec(l)).filter(Boolean);
    const slowest = samples.reduce((a, b) => (number(b[2]) < number(a[2]) ? b : a));
    await page.goto(PAGE);
    for (const [chart, key, expected] of [['tps-over-time', 'Transactions per second', slowest[2]], ['p95-latency-over-time', '95th percentile latency', slowest[3]]]) {
      const figure = page.locator(`#chart-${chart}`);
      await hydrated(figure);
      await figure.locator(`.tps-chart__live svg g.mark-symbol path[aria-label^="Time (s): ${slowest[1]};"][aria-label*="trx_commit: 1;"]`).hover();
      expect(number(await tooltipValue(page, key)), chart).toBe(number(expected));
      expect(await tooltipValue(page, 'raw file')).toBe(sysbenchFile('1'));
      await page.mouse.move(0, 0);
    }
  });
});
