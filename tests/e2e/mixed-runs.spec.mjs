// A chart that mixes runs differing in something it does not show gets a
// visible warning naming the difference; a chart whose differences are
// plotted or declared in the report's front matter gets none.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportPages, PUBLIC } from './site.mjs';

test('the gallery chart that puts 1- and 2-thread runs under one label warns about threads, with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/reports/chart-gallery/');
  const warning = page.locator('#chart-cpu-events-mixed .tps-chart__warning');
  await expect(warning).toBeVisible();
  const threads = ['t1', 't2'].map((t) => /Number of threads: (\d+)/.exec(readFileSync(join(PUBLIC, `reports/chart-gallery/raw/sysbench-cpu-histogram-${t}.txt`), 'utf8'))[1]);
  await expect(warning).toContainText(`threads differs between these runs (${threads.join(', ')})`);
  await context.close();
});

for (const path of reportPages().filter((p) => p !== '/reports/chart-gallery/')) {
  test(`no chart on ${path} mixes runs without saying why`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('.tps-chart__warning')).toHaveCount(0);
  });
}
