// A reader sorts a table by any of its columns with a button in the column's
// head, by mouse or keyboard; a third press gives back the author's order.
// Without JavaScript the table is as the report wrote it. The figures sorted
// are those on the page, each printed on its raw line (tables.spec.mjs).
import { test, expect } from '@playwright/test';

const PATH = '/reports/mariadb-sysbench-threads/';
const TABLE = 'table.tps-table:has(caption:text("Transactions per second by client threads"))';

/** The figures of column `index` top to bottom, as numbers from data-value. */
const column = (table, index) => table.locator('tbody tr').evaluateAll((rows, i) => rows.map((r) => Number(r.cells[i].querySelector('[data-value]')?.dataset.value)), index);
const rowHeads = (table) => table.locator('tbody tr > :first-child').allTextContents();

test('a column head sorts its table ascending, then descending, then back to the author\'s order', async ({ page }) => {
  await page.goto(PATH);
  const table = page.locator(TABLE);
  await expect(table).toHaveAttribute('data-sortable', 'true');
  const authored = await rowHeads(table);
  const values = await column(table, 1);
  expect(values.length).toBeGreaterThan(2);
  expect(values).not.toEqual([...values].sort((a, b) => b - a));
  expect(values.every(Number.isFinite)).toBe(true);

  const head = table.locator('thead th').nth(1);
  await head.getByRole('button', { name: 'read/write' }).click();
  await expect(head).toHaveAttribute('aria-sort', 'ascending');
  expect(await column(table, 1)).toEqual([...values].sort((a, b) => a - b));
  await head.getByRole('button').click();
  await expect(head).toHaveAttribute('aria-sort', 'descending');
  expect(await column(table, 1)).toEqual([...values].sort((a, b) => b - a));
  await head.getByRole('button').click();
  await expect(head).not.toHaveAttribute('aria-sort', /./);
  expect(await rowHeads(table)).toEqual(authored);
});

test('a sort button takes the keyboard focus and is pressed with Enter', async ({ page }) => {
  await page.goto(PATH);
  const table = page.locator(TABLE);
  const values = await column(table, 2);
  const button = table.locator('thead th').nth(2).getByRole('button');
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(table.locator('thead th').nth(2)).toHaveAttribute('aria-sort', 'descending');
  expect(await column(table, 2)).toEqual([...values].sort((a, b) => b - a));
});

test('a sizes table sorts by bytes, not by the number shown beside its unit', async ({ page }) => {
  await page.goto('/reports/row-formats-and-compression/');
  // sort.mjs marks the tables it made sortable after the page's load event: wait for the mark.
  const table = page.locator('table.sizes-table[data-sortable="true"]').first();
  await expect(table).toBeVisible();
  const bytes = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.cells[1].querySelector('[data-bytes]')?.dataset.bytes)));
  const before = await bytes();
  expect(before.every(Number.isFinite)).toBe(true);
  // The author's order is not already by size, so the sort has something to do.
  expect(before).not.toEqual([...before].sort((a, b) => a - b));
  await table.locator('thead th').nth(1).getByRole('button').click();
  expect(await bytes()).toEqual([...before].sort((a, b) => a - b));
});

test('tables whose cells span columns are left as written, and with JavaScript off no table has buttons', async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/reports/innodb-plugin-vs-builtin/');
  await expect(page.locator('table.dbt2-table').first()).not.toHaveAttribute('data-sortable', /./);
  await expect(page.locator('table.dbt2-table button.tps-sort')).toHaveCount(0);
  const off = await browser.newContext({ javaScriptEnabled: false });
  const still = await off.newPage();
  await still.goto(PATH);
  await expect(still.locator('table.tps-table').first()).toBeVisible();
  await expect(still.locator('button.tps-sort')).toHaveCount(0);
  await off.close();
  await page.close();
});
