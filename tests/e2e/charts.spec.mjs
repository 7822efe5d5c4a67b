// Charts read without JavaScript (the server-drawn SVG, as an image beside the
// page), and with JavaScript vega-embed takes over and adds tooltips.
import { test, expect } from '@playwright/test';
import { reportPages } from './site.mjs';
import { chartOf, hydrated, drawing, drawingShown } from './page.mjs';

const chartPages = reportPages();

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });
  for (const path of chartPages) {
    test(`every chart on ${path} shows its drawing, and every bar chart's has one bar per figure`, async ({ page }) => {
      await page.goto(path);
      const figures = page.locator('figure.tps-chart');
      for (const figure of await figures.all()) {
        await drawingShown(figure);
        const chart = await chartOf(figure, path);
        // The other kinds have their own marks; tests/e2e/charts-kinds.spec.mjs counts those.
        if (chart.kind !== 'grouped-bar') continue;
        const rows = chart.rows.filter((r) => r.value !== null);
        const svg = await drawing(figure);
        await expect(svg.locator('.role-mark path')).toHaveCount(rows.length);
        for (const row of rows) await expect(svg.locator('text', { hasText: row.text }).first()).toBeAttached();
      }
    });
  }
});

test('hovering a bar shows the figure, its server and its raw file in a tooltip', async ({ page }) => {
  await page.goto('/reports/innodb-plugin-vs-builtin/');
  const figure = page.locator('#chart-tps-by-server');
  await hydrated(figure);
  const bar = figure.locator('.tps-chart__live svg .role-mark path[aria-label*="112.32"]').first();
  await bar.hover();
  const tooltip = page.locator('#vg-tooltip-element');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('112.32');
  await expect(tooltip).toContainText('MySQL 5.1.49sp1 InnoDB plugin');
  await expect(tooltip).toContainText('raw/sysbench-5.1-plugin-rw.txt');
});

test('pages without charts do not load vega', async ({ page }) => {
  const scripts = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await page.goto('/');
  expect(scripts).toEqual([]);
});

test('a click on a legend entry picks its series and fades the others; a click on the plot shows all again', async ({ page }) => {
  await page.goto('/reports/mariadb-sysbench-threads/');
  const figure = page.locator('#chart-tps-by-threads');
  await hydrated(figure);
  const svg = figure.locator('.tps-chart__live svg');
  const opacities = (workload) => svg.locator(`.role-mark path[aria-label*="Workload: ${workload}"]`).evaluateAll((paths) => [...new Set(paths.map((p) => p.getAttribute('opacity')))]);
  expect(await opacities('read/write')).toEqual(['1']);
  expect(await opacities('read-only')).toEqual(['1']);
  await svg.locator('.role-legend-label text', { hasText: 'read-only' }).click();
  await expect.poll(() => opacities('read/write')).toEqual(['0.15']);
  expect(await opacities('read-only')).toEqual(['1']);
  // A click on the plot where there is no mark clears the pick.
  const box = await svg.locator('.role-frame .background').first().boundingBox();
  await page.mouse.click(box.x + 3, box.y + 3);
  await expect.poll(() => opacities('read/write')).toEqual(['1']);
});
