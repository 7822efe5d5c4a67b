// Readers can take the data with them and check any figure: every table has
// a CSV download that holds what the table shows, every raw file is linked,
// and one click on a figure opens its raw file at the line it came from.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportPages, PUBLIC, rawLines } from './site.mjs';

for (const path of reportPages()) {
  test(`every table on ${path} downloads as a CSV holding the figures it shows`, async ({ page }) => {
    await page.goto(path);
    const tables = page.locator('table.tps-table');
    const count = await tables.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const table = tables.nth(i);
      const link = page.locator('.tps-table-download a').nth(i);
      const csv = readFileSync(join(PUBLIC, path, await link.getAttribute('href')), 'utf8').trimEnd().split('\r\n');
      const bodyRows = (await table.locator('tr').count()) - (await table.locator('thead tr').count());
      expect(csv.length - 1).toBe(bodyRows);
      const firstFigure = table.locator('tbody a.fig[data-value]').first();
      if (await firstFigure.count()) expect(csv.slice(1).join('\n')).toContain((await firstFigure.textContent()).replace(/\s+/g, ' ').trim());
    }
  });

  test(`${path} links every raw file, and a figure opens its raw line`, async ({ page }) => {
    await page.goto(path);
    const listed = await page.locator('#raw-files a[download]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(listed.length).toBeGreaterThan(0);
    const figure = page.locator('a.fig[data-value]').first();
    const [source, line, text] = [await figure.getAttribute('data-source'), Number(await figure.getAttribute('data-line')), (await figure.getAttribute('data-text')) ?? (await figure.textContent()).trim()];
    expect(rawLines(path, source)[line - 1]).toContain(text);
    await figure.click();
    await expect(page).toHaveURL(new RegExp(`${source.replace(/[.]/g, '\\.')}\\.html#L${line}$`));
    await expect(page.locator(`#L${line} code`)).toContainText(text);
    await expect(page.locator('.raw-view .meta')).toContainText(/parser \d+\.\d+\.\d+; sha256 [0-9a-f]{64}/);
  });
}
