// axe-core, run inside Chromium on every page of the built site, in light
// and dark mode: no serious or critical accessibility violation. Beside the
// sitemap's pages, one line-numbered raw view of each report.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { sitePages, rawViewSample } from './site.mjs';

for (const scheme of ['light', 'dark']) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    // axe walks every node; a report with hundreds of chart marks takes tens of seconds on a busy
    // two-core machine (the ten-minute stress charts over a minute alone). The limit only keeps a
    // hung page from holding the suite.
    test.describe.configure({ timeout: 300_000 });
    for (const path of [...sitePages(), ...rawViewSample()]) {
      test(`${path} has no serious accessibility violation`, async ({ page }) => {
        await page.goto(path);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`)).toEqual([]);
      });
    }
  });
}
