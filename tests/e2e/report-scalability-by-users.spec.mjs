// The scalability-by-users report: one thread per connection against the
// thread pool on four workloads, 1 to 64 users. Every expected figure is read
// here from the published raw files with a regex (never from the JSON the page
// was built from), and each comparison is worked out again from those figures.
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { number, rawMatch, squash, chartOf, tooltipValue, hydrated, drawing } from './page.mjs';

const PAGE = '/reports/scalability-by-users/';
const BASELINE = 'one-thread-per-connection';
const POOL = 'pool-of-threads';
const VARIANTS = [BASELINE, POOL];
const USERS = [1, 2, 4, 8, 16, 32, 64];
// workload label on the page → the sysbench test in the raw file names, the chart and the table
const WORKLOADS = {
  join: { test: 'oltp_join', chart: 'join-tps-by-users', table: 'Three-table join, joins per second' },
  'read/write': { test: 'oltp_read_write', chart: 'read-write-tps-by-users', table: 'oltp_read_write, transactions per second' },
  'read-only': { test: 'oltp_read_only', chart: 'read-only-tps-by-users', table: 'oltp_read_only, transactions per second' },
  'point select': { test: 'oltp_point_select', chart: 'point-select-tps-by-users', table: 'oltp_point_select, transactions per second' },
};
const USERS_AXIS = 'Concurrent users (sysbench threads)';

const sysbenchFile = (variant, workload, users) => `raw/sysbench-${variant}-${WORKLOADS[workload].test}-t${users}.txt`;
const TPS = /^\s*transactions:\s+\d+\s+\(([\d.]+) per sec\.\)/;
const P95 = /^\s*95th percentile:\s+([\d.]+)$/;
/** A figure as sysbench printed it in a file: its text and line. */
function printed(file, pattern) {
  const m = rawMatch(PAGE, file, pattern);
  return { source: file, text: m[1], line: m.lineNumber };
}
const tps = (variant, workload, users) => printed(sysbenchFile(variant, workload, users), TPS);

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const [workload, w] of Object.entries(WORKLOADS)) {
    test(`${workload}: the grouped bars carry one bar per variant and user count, each the rate its raw file printed`, async ({ page }) => {
      await page.goto(PAGE);
      const figure = page.locator(`#chart-${w.chart}`);
      const { kind, rows } = await chartOf(figure, PAGE);
      expect(kind).toBe('grouped-bar');
      expect(rows).toHaveLength(VARIANTS.length * USERS.length);
      for (const variant of VARIANTS) {
        for (const users of USERS) {
          const expected = tps(variant, workload, users);
          const row = rows.find((r) => r.thread_handling === variant && Number(r.users) === users);
          expect(row.value, `${variant}, ${users} users`).toBe(number(expected.text));
          expect([row.source, row.line]).toEqual([expected.source, expected.line]);
        }
      }
      // the server-drawn SVG draws the same bars, one per figure, labelled with the file they came from
      const bar = (await drawing(figure)).locator(`path[aria-label*="${USERS_AXIS}: 64;"][aria-label*="Thread handling: ${POOL};"]`);
      await expect(bar).toHaveCount(1);
      expect(await bar.getAttribute('aria-label')).toContain(`raw file: ${sysbenchFile(POOL, workload, 64)};`);
    });

    test(`${workload}: every cell of its table is the rate sysbench printed, linked to its line`, async ({ page }) => {
      await page.goto(PAGE);
      const table = page.locator('table.tps-table', { has: page.locator('caption', { hasText: w.table }) });
      await expect(table.locator('thead th')).toHaveText(['Users', ...VARIANTS]);
      await expect(table.locator('tbody th')).toHaveText(USERS.map(String));
      for (const [row, users] of USERS.entries()) {
        for (const [col, variant] of VARIANTS.entries()) {
          const link = table.locator('tbody tr').nth(row).locator('td').nth(col).locator('a.fig');
          const expected = tps(variant, workload, users);
          await expect(link).toHaveText(expected.text);
          await expect(link).toHaveAttribute('data-source', expected.source);
          await expect(link).toHaveAttribute('data-line', String(expected.line));
        }
      }
    });
  }

  test('the join\'s 95th percentile table is the latency each run printed', async ({ page }) => {
    await page.goto(PAGE);
    const table = page.locator('table.tps-table', { has: page.locator('caption', { hasText: 'Three-table join, 95th percentile latency' }) });
    for (const [row, users] of USERS.entries()) {
      for (const [col, variant] of VARIANTS.entries()) {
        const expected = printed(sysbenchFile(variant, 'join', users), P95);
        const link = table.locator('tbody tr').nth(row).locator('td').nth(col).locator('a.fig');
        await expect(link).toHaveText(expected.text);
        await expect(link).toHaveAttribute('data-line', String(expected.line));
      }
    }
  });

  test('every figure in the prose is a rate or a 95th percentile printed on the raw line it links to', async ({ page }) => {
    await page.goto(PAGE);
    const figures = await page.locator('main p a.fig.inline-fig, main li a.fig.inline-fig').evaluateAll((links) => links.map((a) => ({ source: a.dataset.source, line: Number(a.dataset.line), text: a.textContent.trim() })));
    expect(figures.length).toBeGreaterThan(10);
    for (const f of figures) {
      const line = rawLines(PAGE, f.source)[f.line - 1];
      const m = TPS.exec(line) ?? P95.exec(line);
      expect(m, `${f.source}:${f.line}`).toBeTruthy();
      expect(m[1], `${f.source}:${f.line}`).toBe(f.text);
    }
  });

  test('the statements the prose makes across a whole sweep hold for the raw files', () => {
    // "Both variants had their highest figure at 32 users" (join)
    for (const variant of VARIANTS) {
      const rates = USERS.map((u) => number(tps(variant, 'join', u).text));
      expect(USERS[rates.indexOf(Math.max(...rates))], variant).toBe(32);
    }
    // "the join ... was the one workload where the pool led with one user"
    const ahead = Object.keys(WORKLOADS).filter((w) => number(tps(POOL, w, 1).text) > number(tps(BASELINE, w, 1).text));
    expect(ahead).toEqual(['join']);
    // "From 4 users on it was behind" (read-only), and at 64 users on every workload
    for (const users of USERS.filter((u) => u >= 4)) expect(number(tps(POOL, 'read-only', users).text)).toBeLessThan(number(tps(BASELINE, 'read-only', users).text));
    for (const w of Object.keys(WORKLOADS)) expect(number(tps(POOL, w, 64).text)).toBeLessThan(number(tps(BASELINE, w, 64).text));
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

  test('the join\'s plan on the page is the one the server printed', () => {
    const plan = rawLines(PAGE, 'raw/explain-join.txt').filter((l) => /^1\t/.test(l)).map((l) => l.split('\t'));
    expect(plan.map((r) => [r[2], r[3], r[5]])).toEqual([['a', 'range', 'PRIMARY'], ['b', 'eq_ref', 'PRIMARY'], ['c', 'ref', 'k_3']]);
  });
});

/**
 * The claims in the order the page makes them: which figures each compares
 * (a: the thread pool unless said otherwise) and the relation. Every ratio,
 * verdict and printed percentage is worked out here from the raw files.
 */
const pool = (workload, users) => ({ a: tps(POOL, workload, users), b: tps(BASELINE, workload, users) });
const across = (variant, workload, a, b) => ({ a: tps(variant, workload, a), b: tps(variant, workload, b) });
const CLAIMS = [
  ['join', 1, 'higher', 'both'], ['join', 1, 'higher', 'percent'], ['join', 2, 'higher'], ['join', 4, 'higher'],
  ['join', 8, 'lower', 'percent'], ['join', 16, 'lower', 'percent'], ['join', 32, 'lower', 'percent'], ['join', 64, 'lower', 'percent'],
  ['read/write', 1, 'lower', 'percent'], ['read/write', 4, 'lower', 'percent'], ['read/write', 16, 'lower', 'percent'], ['read/write', 64, 'lower', 'percent'],
  [() => across(BASELINE, 'read/write', 4, 1), null, 'higher', 'percent'], [() => across(POOL, 'read/write', 4, 1), null, 'higher', 'percent'],
  ['read-only', 2, 'higher'], ['read-only', 4, 'lower'], ['read-only', 16, 'lower'], ['read-only', 64, 'lower'],
  [() => across(BASELINE, 'read-only', 64, 8), null, 'lower', 'percent'],
  ['point select', 1, 'lower', 'both'], ['point select', 1, 'lower'], ['point select', 64, 'lower', 'both'], ['point select', 64, 'lower'],
  ['join', 64, 'lower', 'percent'], ['read/write', 64, 'lower', 'percent'], ['read-only', 64, 'lower', 'percent'], ['point select', 64, 'lower', 'percent'],
  ['point select', 1, 'lower', 'percent'],
].map(([what, users, relation, show]) => ({ sides: typeof what === 'function' ? what : () => pool(what, users), relation, show: show ?? 'difference' }));

test('every claim in the prose holds for the raw figures and prints the difference worked out from them', async ({ page }) => {
  await page.goto(PAGE);
  const claims = page.locator('.tps-claim');
  await expect(claims).toHaveCount(CLAIMS.length);
  for (const [i, c] of CLAIMS.entries()) {
    const claim = claims.nth(i);
    const { a, b } = c.sides();
    const what = `claim ${i + 1}: ${a.source} against ${b.source}`;
    const ratio = number(a.text) / number(b.text);
    await expect(claim, what).toHaveAttribute('data-relation', c.relation);
    await expect(claim, what).toHaveAttribute('data-verdict', 'single');
    expect(Number(await claim.getAttribute('data-ratio')), what).toBeCloseTo(ratio, 9);
    expect(ratio > 1, what).toBe(c.relation === 'higher');
    const size = `${Math.abs(Math.round((ratio - 1) * 1000) / 10).toFixed(1)} %`;
    const text = squash(await claim.textContent());
    if (c.show === 'both') {
      await expect(claim.locator('a.fig'), what).toHaveText([a.text, b.text]);
      await expect(claim.locator('a.fig').first(), what).toHaveAttribute('data-source', a.source);
    } else if (c.show === 'percent') expect(text, what).toMatch(new RegExp(`^${size} \\(single runs, noise unknown\\)$`));
    else expect(text, what).toMatch(new RegExp(`^${size} ${c.relation} \\(single runs, noise unknown\\)$`));
  }
});

test.describe('with JavaScript', () => {
  test('hovering the 64-user join bars shows the rate each raw file printed, the variant and the file', async ({ page }) => {
    await page.goto(PAGE);
    const figure = page.locator('#chart-join-tps-by-users');
    await hydrated(figure);
    for (const variant of VARIANTS) {
      const expected = tps(variant, 'join', 64);
      await figure.locator(`.tps-chart__live svg path[aria-label*="${USERS_AXIS}: 64;"][aria-label*="Thread handling: ${variant};"]`).hover();
      expect(number(await tooltipValue(page, 'Joins per second (tx/s)')), variant).toBe(number(expected.text));
      expect(await tooltipValue(page, 'raw file')).toBe(expected.source);
      await page.mouse.move(0, 0);
    }
  });
});
