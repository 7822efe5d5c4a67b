// The site under the strictest Content-Security-Policy it promises to work
// under (STRICT_CSP: no inline script or style, no eval or Function, nothing
// from another origin). A second server sends that header with every file;
// any violation, reported by the browser's securitypolicyviolation event or
// its console, fails the page. Charts must still hydrate and show tooltips.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic, STRICT_CSP } from '../helpers/static-server.mjs';
import { PUBLIC, sitePages } from './site.mjs';
import { hydrated, hydrateAll } from './page.mjs';
import { PAGE_COLOURS } from '../../scripts/draw/svg.mjs';

let server;
let origin;
test.beforeAll(async () => {
  server = await serveStatic(PUBLIC, 0, { headers: { 'content-security-policy': STRICT_CSP } });
  origin = `http://127.0.0.1:${server.address().port}`;
});
test.afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Every .html file under public/, site-relative: pages, embed pages, raw views. */
function htmlFiles(dir = PUBLIC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return htmlFiles(path);
    return e.name.endsWith('.html') ? [`/${relative(PUBLIC, path)}`] : [];
  });
}

const files = htmlFiles();
const embedPages = files.filter((p) => /^\/reports\/[^/]+\/charts\/[^/]+\.html$/.test(p));

/**
 * Collects what the policy blocked and every console error or uncaught
 * exception. The listener is installed before any of the page's own code
 * runs (init scripts are exempt from the page's policy).
 */
async function watch(page) {
  const problems = [];
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || 'page'}:${e.lineNumber})`);
    });
  });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  return {
    problems,
    violations: () => page.evaluate(() => window.__violations),
  };
}

test('the test server sends the strict policy', async ({ request }) => {
  const response = await request.get(`${origin}/`);
  expect(response.headers()['content-security-policy']).toBe(STRICT_CSP);
});

test('no built HTML file carries an inline script, style or event handler', () => {
  // Raw views are many and alike, so they are read here rather than opened in the browser.
  expect(files.length).toBeGreaterThan(embedPages.length);
  const inline = [];
  for (const path of files) {
    const html = readFileSync(join(PUBLIC, path), 'utf8');
    for (const [tag] of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
      if (/^<(script|style)\b/i.test(tag) && !/\bsrc=/.test(tag)) inline.push(`${path}: ${tag}`);
      if (/\s(style|on[a-z]+)\s*=/i.test(tag)) inline.push(`${path}: ${tag.slice(0, 120)}`);
      if (/\bhref\s*=\s*["']?\s*javascript:/i.test(tag)) inline.push(`${path}: ${tag.slice(0, 120)}`);
    }
  }
  expect(inline).toEqual([]);
});

for (const path of [...sitePages(), ...embedPages]) {
  test(`${path} loads under the strict policy without a violation, and its charts hydrate`, async ({ page }) => {
    const { problems, violations } = await watch(page);
    const response = await page.goto(origin + path);
    expect(response.status()).toBe(200);
    const charts = page.locator('figure.tps-chart[data-spec]');
    // hydrate.mjs marks each chart "true" when vega has redrawn it, "failed" when it stays static.
    await hydrateAll(page);
    await expect(page.locator('figure.tps-chart[data-spec]:not([data-hydrated="true"])')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
  });
}

const TOOLTIPS = [
  { kind: 'grouped-bar', path: '/reports/innodb-plugin-vs-builtin/', chart: 'tps-by-server', mark: '.role-mark path[aria-label*="112.32"]', shows: ['112.32', 'MySQL 5.1.49sp1 InnoDB plugin', 'raw/sysbench-5.1-plugin-rw.txt'] },
  { kind: 'lines', path: '/reports/mariadb-sysbench-threads/', chart: 'tps-by-threads', mark: 'g.mark-symbol path[aria-label*="Client threads: 8;"][aria-label*="read-only"]', shows: ['read-only', 'raw/oltp_read_only-t8.txt'] },
  { kind: 'over-time', path: '/reports/mariadb-sysbench-threads/', chart: 'tps-over-time', mark: 'g.mark-symbol path[aria-label^="Time (s): 8;"]', shows: ['raw/oltp_read_write-t4-interval.txt'] },
];

for (const { kind, path, chart, mark, shows } of TOOLTIPS) {
  test(`hovering a ${kind} mark shows its tooltip under the strict policy`, async ({ page }) => {
    const { problems, violations } = await watch(page);
    await page.goto(origin + path);
    const figure = page.locator(`#chart-${chart}`);
    await hydrated(figure);
    await expect(figure.locator('.tps-chart__live')).toHaveClass(/\bvega-embed\b/);
    await figure.locator(`.tps-chart__live svg ${mark}`).first().hover();
    const tooltip = page.locator('#vg-tooltip-element');
    await expect(tooltip).toBeVisible();
    for (const text of shows) await expect(tooltip).toContainText(text);
    // The tooltip's look comes from the site's stylesheet (vega's own <style> is not allowed): it floats and hides again.
    expect(await tooltip.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
  });
}

/** How many opaque pixels of an image, drawn on a canvas, are within a small distance of each colour. */
function pixelsNear(img, colours) {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return colours.map((hex) => {
    const [r, g, b] = rgb(hex);
    let n = 0;
    for (let k = 0; k < data.length; k += 4) if (data[k + 3] > 250 && Math.abs(data[k] - r) + Math.abs(data[k + 1] - g) + Math.abs(data[k + 2] - b) < 12) n += 1;
    return n;
  });
}

// An image takes no styles from the page that shows it: the drawing carries the page's colours itself, and its <style> must hold under the policy.
for (const scheme of ['light', 'dark']) {
  test.describe(`in ${scheme} mode, without JavaScript`, () => {
    test.use({ colorScheme: scheme, javaScriptEnabled: false });
    test('a drawn chart\'s text has the page\'s text colour under the strict policy', async ({ page }) => {
      const { problems } = await watch(page);
      await page.goto(`${origin}/reports/innodb-plugin-vs-builtin/`);
      const img = page.locator('#chart-tps-by-server .tps-chart__svg img');
      await expect.poll(() => img.evaluate((i) => (i.complete ? i.naturalWidth : 0))).toBeGreaterThan(0);
      const other = scheme === 'light' ? 'dark' : 'light';
      const [own, wrong] = await img.evaluate(pixelsNear, [PAGE_COLOURS[scheme].fg, PAGE_COLOURS[other].fg]);
      // the title, axis titles and labels: over a thousand pixels of text
      expect(own).toBeGreaterThan(1000);
      expect(wrong).toBe(0);
      expect(problems).toEqual([]);
    });
  });
}
