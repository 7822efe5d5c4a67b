// Readers who follow the site: the RSS feed is valid XML with one item per
// report, and each report carries Open Graph metadata whose preview image
// is its first chart's PNG.
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportPages, PUBLIC } from './site.mjs';
import { readFrontMatter } from '../../scripts/ingest/front-matter.mjs';

/** The summary a report's front matter gives, as a reader sees it (whitespace folded). */
function frontSummary(path) {
  const file = join(import.meta.dirname, '..', '..', 'content', path, 'index.md');
  return readFrontMatter(readFileSync(file, 'utf8'), file).data.summary.replace(/\s+/g, ' ').trim();
}

test('the feed is valid XML with one item per report, each with its summary', async ({ page }) => {
  await page.goto('/');
  const feed = await page.evaluate(async () => {
    const doc = new DOMParser().parseFromString(await (await fetch('/index.xml')).text(), 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      items: [...doc.querySelectorAll('item')].map((i) => ({ link: new URL(i.querySelector('link').textContent, location.href).pathname, description: i.querySelector('description').textContent })),
    };
  });
  expect(feed.error).toBeNull();
  expect(feed.items.map((i) => i.link).sort()).toEqual(reportPages().sort());
  for (const item of feed.items) expect(item.description.length).toBeGreaterThan(40);
});

for (const path of reportPages()) {
  test(`${path} has Open Graph metadata, its preview image its first chart's PNG`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.locator('h1').textContent());
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const first = await page.locator('figure.tps-chart').first().getAttribute('data-chart', { timeout: 1000 }).catch(() => null);
    if (!first) {
      await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
      return;
    }
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    // Absolute where the site has an address (tests/integration/base-url.test.mjs); relative to the server's root where it has none.
    const { pathname } = new URL(image, page.url());
    expect(pathname).toBe(`${path}charts/${first}.png`);
    expect(existsSync(join(PUBLIC, pathname))).toBe(true);
  });
}

test('tag pages list reports by server, engine, tool and workload', async ({ page }) => {
  for (const [taxonomy, term] of [['servers', 'mariadb-10.11'], ['engines', 'innodb'], ['tools', 'sysbench'], ['workloads', 'oltp-read-write']]) {
    await page.goto(`/${taxonomy}/${term}/`);
    await expect(page.locator('.report-list li').first()).toBeVisible();
  }
});

test('the report list and each page\'s description show the summary from the front matter, as text', async ({ page }) => {
  await page.goto('/reports/');
  for (const path of reportPages()) {
    const item = page.locator('.report-list li').filter({ has: page.locator(`a[href="${path}"]`) });
    await expect(item.locator('p')).toHaveText(frontSummary(path));
  }
  for (const path of reportPages()) {
    await page.goto(path);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    // Hugo cuts it at a word within 160 characters and marks the cut with an ellipsis.
    expect(description.length).toBeGreaterThan(40);
    expect(frontSummary(path).startsWith(description.replace(/ ?…$/, ''))).toBe(true);
  }
});
