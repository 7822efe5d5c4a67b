// The scalability-by-users report: one thread per connection against the
// thread pool. Every expected figure is read here from the published raw
// files with a regex (never from the JSON the page was built from), and each
// difference is worked out again from those figures.
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { number, rawMatch, percentChange, compareBlock, compareCells, tooltipValue, hydrated } from './page.mjs';

const PAGE = '/reports/scalability-by-users/';
const BASELINE = 'one-thread-per-connection';
const POOL = 'pool-of-threads';
const USERS_AXIS = 'Concurrent users (sysbench threads)';

const sysbenchFile = (variant, test, users) => `raw/sysbench-${variant}-${test}-t${users}.txt`;
/** "transactions: 5985   (591.79 per sec.)": the rate as sysbench printed it. */
const tpsText = (file) => rawMatch(PAGE, file, /^\s*transactions:\s+\d+\s+\(([\d.]+) per sec\.\)/)[1];

/**
 * mysqlslap's average seconds for the Benchmark block run with `clients`
 * clients: the "Average number of seconds" line before that block's
 * "Number of clients running queries" line.
 */
function mysqlslapAverage(file, clients) {
  let average = null;
  for (const line of rawLines(PAGE, file)) {
    const avg = /^\s*Average number of seconds to run all queries:\s+([\d.]+) seconds/.exec(line);
    if (avg) average = avg[1];
    const n = /^\s*Number of clients running queries:\s+(\d+)/.exec(line);
    if (n && Number(n[1]) === clients) return average;
  }
  throw new Error(`${file}: no Benchmark block with ${clients} clients`);
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the read/write chart has a point per run on a log-2 users axis, and its 64-user points carry each variant\'s printed rate', async ({ page }) => {
    await page.goto(PAGE);
    const svg = page.locator('#chart-read-write-tps-by-users .tps-chart__svg svg');
    await expect(svg.locator('g.mark-symbol.role-mark path')).toHaveCount(14);
    await expect(svg.locator('.role-axis-label').first().locator('text')).toHaveText(['1', '2', '4', '8', '16', '32', '64']);
    for (const variant of [BASELINE, POOL]) {
      const file = sysbenchFile(variant, 'oltp_read_write', 64);
      const point = svg.locator(`g.mark-symbol path[aria-label^="${USERS_AXIS}: 64;"][aria-label*="Thread handling: ${variant};"]`);
      await expect(point).toHaveCount(1);
      const label = await point.getAttribute('aria-label');
      expect(number(/Transactions per second \(tx\/s\): ([\d.,]+)/.exec(label)[1]), variant).toBe(number(tpsText(file)));
      expect(label).toContain(`raw file: ${file};`);
    }
  });

  test('the two SHOW GLOBAL VARIABLES captures differ only in thread_handling, as the page says', async ({ page }) => {
    const variables = (variant) => new Map(rawLines(PAGE, `raw/global-variables-${variant}.txt`)
      .map((line) => /^(\w+)\t(.*)$/.exec(line)).filter(Boolean).map(([, name, value]) => [name, value]));
    const [a, b] = [variables(BASELINE), variables(POOL)];
    const differing = [...new Set([...a.keys(), ...b.keys()])].filter((name) => a.get(name) !== b.get(name));
    expect(differing).toEqual(['thread_handling']);
    await page.goto(PAGE);
    const table = page.locator('table.config-diff');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    const row = table.locator('tbody tr', { has: page.locator('th code', { hasText: /^thread_handling$/ }) });
    await expect(row.locator('td')).toHaveText([a.get('thread_handling'), b.get('thread_handling')]);
  });
});

test.describe('with JavaScript', () => {
  test('hovering the 64-user read/write points shows the rate each raw file printed, the variant and the file', async ({ page }) => {
    await page.goto(PAGE);
    const figure = page.locator('#chart-read-write-tps-by-users');
    await hydrated(figure);
    for (const variant of [BASELINE, POOL]) {
      const file = sysbenchFile(variant, 'oltp_read_write', 64);
      await figure.locator(`.tps-chart__live svg g.mark-symbol path[aria-label^="${USERS_AXIS}: 64;"][aria-label*="Thread handling: ${variant};"]`).hover();
      expect(number(await tooltipValue(page, 'Transactions per second (tx/s)')), variant).toBe(number(tpsText(file)));
      expect(await tooltipValue(page, 'Thread handling')).toBe(variant);
      expect(await tooltipValue(page, 'raw file')).toBe(file);
      await page.mouse.move(0, 0);
    }
  });

  test('hovering a mysqlslap point shows the average seconds mysqlslap printed for that many clients', async ({ page }) => {
    await page.goto(PAGE);
    const figure = page.locator('#chart-mysqlslap-seconds-by-clients');
    await hydrated(figure);
    await figure.locator(`.tps-chart__live svg g.mark-symbol path[aria-label^="Concurrent clients: 16;"][aria-label*="Thread handling: ${POOL};"]`).hover();
    expect(await tooltipValue(page, 'Average seconds per round (s)')).toBe(mysqlslapAverage(`raw/mysqlslap-${POOL}.txt`, 16));
    expect(await tooltipValue(page, 'raw file')).toBe(`raw/mysqlslap-${POOL}.txt`);
  });
});

test('compare: read/write at 64 users shows both printed rates and the thread pool\'s difference worked out from them', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'oltp_read_write,');
  await expect(block.locator('thead th').last()).toHaveText(/64 users/);
  const base = tpsText(sysbenchFile(BASELINE, 'oltp_read_write', 64));
  const pool = tpsText(sysbenchFile(POOL, 'oltp_read_write', 64));
  expect(await compareCells(block, BASELINE, 3)).toEqual([base, 'baseline']);
  expect(await compareCells(block, POOL, 3)).toEqual([pool, percentChange(Number(pool), Number(base))]);
});

test('compare: point select at every shown user count, each difference taken against one thread per connection', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'oltp_point_select,');
  for (const [index, users] of [1, 4, 16, 64].entries()) {
    const base = tpsText(sysbenchFile(BASELINE, 'oltp_point_select', users));
    const pool = tpsText(sysbenchFile(POOL, 'oltp_point_select', users));
    expect(await compareCells(block, POOL, index), `${users} users`).toEqual([pool, percentChange(Number(pool), Number(base))]);
  }
});

test('compare: mysqlslap averages are the ones printed with --number-of-queries, not the runs that ran no queries', async ({ page }) => {
  await page.goto(PAGE);
  const block = compareBlock(page, 'mysqlslap,');
  for (const [index, clients] of [1, 4, 16].entries()) {
    const base = mysqlslapAverage(`raw/mysqlslap-${BASELINE}.txt`, clients);
    const pool = mysqlslapAverage(`raw/mysqlslap-${POOL}.txt`, clients);
    expect(await compareCells(block, BASELINE, index), `${clients} clients`).toEqual([base, 'baseline']);
    expect(await compareCells(block, POOL, index), `${clients} clients`).toEqual([pool, percentChange(Number(pool), Number(base))]);
  }
  // The files kept for reference really ran nothing: every block says 0 queries per client.
  for (const variant of [BASELINE, POOL]) {
    const perClient = rawLines(PAGE, `raw/mysqlslap-${variant}-no-query-count.txt`)
      .map((line) => /Average number of queries per client:\s+(\d+)/.exec(line)).filter(Boolean).map((m) => m[1]);
    expect(perClient).toEqual(['0', '0', '0']);
  }
});
