// A sweep of every page of the built site: no console error, no failed
// request, and no request to any origin but the site's own.
import { test, expect } from '@playwright/test';
import { sitePages } from './site.mjs';

// The pages with ten-minute series take a while to go quiet on a busy machine;
// this test is about what they request, not how fast.
test.describe.configure({ timeout: 120_000 });

for (const path of sitePages()) {
  test(`${path} logs no console error and requests nothing from another origin`, async ({ page, baseURL }) => {
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== new URL(baseURL).origin && !r.url().startsWith('data:')) problems.push(`external: ${r.url()}`);
    });
    const response = await page.goto(path);
    expect(response.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}
