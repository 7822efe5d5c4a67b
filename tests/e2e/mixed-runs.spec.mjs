// A chart that mixes runs differing in something it does not show gets a
// visible warning naming the difference; a chart whose differences are
// plotted or declared in the report's front matter gets none.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportPages, PUBLIC } from './site.mjs';

test('the gallery chart that plots a read/write and a read-only run by threads warns that the workload differs, with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/reports/chart-gallery/');
  const warning = page.locator('#chart-tps-mixed-workloads .tps-chart__warning');
  await expect(warning).toBeVisible();
  // The workloads as sysbench named them in the two raw files' own SQL statistics lines.
  const tests = ['oltp_read_only-t2', 'oltp_read_write-t1'].map((f) => readFileSync(join(PUBLIC, `reports/chart-gallery/raw/${f}.txt`), 'utf8'));
  expect(tests[0]).toMatch(/write: +0\b/);
  expect(tests[1]).not.toMatch(/write: +0\b/);
  await expect(warning).toContainText('test differs between these runs (oltp_read_only, oltp_read_write)');
  await context.close();
});

for (const path of reportPages().filter((p) => p !== '/reports/chart-gallery/')) {
  test(`no chart on ${path} mixes runs without saying why`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('.tps-chart__warning')).toHaveCount(0);
  });
}
