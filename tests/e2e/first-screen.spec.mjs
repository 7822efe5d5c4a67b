// A report reads like a benchmark article: its finding and the chart that
// shows it come first, so the first chart starts within the first screen of a
// reader, on a desktop (1280 by 800) and on a phone (390 by 844), before the
// setup and method that follow it.
import { test, expect } from '@playwright/test';
import { reportPages } from './site.mjs';

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of SCREENS) {
  test.describe(`on a ${name} screen`, () => {
    test.use({ viewport });
    for (const path of reportPages()) {
      test(`${path}: the first chart starts within the first ${viewport.height} px at ${viewport.width} px wide`, async ({ page }) => {
        await page.goto(path);
        const first = page.locator('article.report figure.tps-chart').first();
        await expect(first).toBeAttached();
        // The top as laid out on the page, whatever the window has scrolled to.
        const top = await first.evaluate((figure) => figure.getBoundingClientRect().top + window.scrollY);
        expect(top, `${path}: first chart "${await first.getAttribute('data-chart')}" starts at ${Math.round(top)} px`).toBeLessThan(viewport.height);
      });
    }
  });
}
