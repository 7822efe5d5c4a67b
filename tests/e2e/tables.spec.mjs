// Every figure in every table must be the number the raw file printed, on the
// line the cell claims. Checked against the published raw file itself, not
// against the JSON the page was built from.
import { test, expect } from '@playwright/test';
import { reportPages, rawLines } from './site.mjs';

for (const path of reportPages()) {
  test(`every figure on ${path}, in tables and in the prose, is printed on its raw line`, async ({ page }) => {
    await page.goto(path);
    // data-text holds the figure as printed when the link shows a reading of it
    // (2.3G shown as 2.3 GiB, 28m 18s as 28 min 18 s); tables-kinds.spec.mjs
    // checks those readings and their bytes or seconds against the raw text.
    const cells = await page.locator('a.fig[data-value]').evaluateAll((links) =>
      links.map((a) => ({ text: a.dataset.text ?? a.textContent.trim(), value: a.dataset.value, source: a.dataset.source, line: Number(a.dataset.line) })));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      const line = rawLines(path, cell.source)[cell.line - 1];
      expect(line, `${cell.source}:${cell.line}`).toBeDefined();
      if (/\s/.test(cell.text)) expect(line, `${cell.source}:${cell.line} should print ${cell.text}`).toContain(cell.text);
      // a unit glued to the number (300.0425s, 17.87ms) is still that number
      else expect(line.split(/[\s(/:|]+/).map((t) => (t.startsWith(cell.text) && /^[a-z%]*$/i.test(t.slice(cell.text.length)) ? cell.text : t)), `${cell.source}:${cell.line} should print ${cell.text}`).toContain(cell.text);
      const printed = /^[-+]?[\d,]*\.?\d+(?=[KMGTP]?$)/.exec(cell.text);
      if (printed) expect(Number(cell.value)).toBe(Number(printed[0].replace(/,/g, '')));
    }
  });
}

test('the sysbench summary table shows each server\'s transactions per second as sysbench printed them', async ({ page }) => {
  const path = '/reports/innodb-plugin-vs-builtin/';
  await page.goto(path);
  const table = page.locator('table.tps-table').first();
  const files = {
    'MySQL 5.1.49sp1 built-in InnoDB': ['sysbench-5.1-builtin-rw.txt', 'sysbench-5.1-builtin-ro.txt'],
    'MySQL 5.1.49sp1 InnoDB plugin': ['sysbench-5.1-plugin-rw.txt', 'sysbench-5.1-plugin-ro.txt'],
    'MySQL 5.5.9': ['sysbench-5.5.9-rw.txt', 'sysbench-5.5.9-ro.txt'],
  };
  await expect(table.locator('thead th')).toHaveText(['Server', 'read/write', 'read-only']);
  for (const [server, [rw, ro]] of Object.entries(files)) {
    const expected = [rw, ro].map((file) => {
      const line = rawLines(path, `raw/${file}`).find((l) => /^\s*transactions:/.test(l));
      return /\(([\d.]+) per sec\.\)/.exec(line)[1];
    });
    await expect(table.locator('tr', { has: page.locator(`th:text-is("${server}")`) }).locator('td')).toHaveText(expected);
  }
});
