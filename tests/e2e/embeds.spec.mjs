// Every chart can leave the site: its standalone SVG, 2x PNG, Vega-Lite spec,
// CSV and iframe page exist at stable URLs beside the report, parse, and
// agree with each other; the Embed / Download control offers them.
import { test, expect } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { reportPages, PUBLIC } from './site.mjs';
import { hydrated } from './page.mjs';

function chartsOn(path) {
  const html = readFileSync(join(PUBLIC, path, 'index.html'), 'utf8');
  return [...html.matchAll(/<figure class="tps-chart" id="[^"]+" data-chart="([^"]+)"/g)].map((m) => m[1]);
}

/** The rows a spec carries inline, in its own data and in every panel's. */
function inlineValues(node) {
  if (Array.isArray(node)) return node.flatMap(inlineValues);
  if (!node || typeof node !== 'object') return [];
  return [...(node.data?.values ?? []), ...Object.entries(node).filter(([k]) => k !== 'data').flatMap(([, v]) => inlineValues(v))];
}

const charts = reportPages().flatMap((path) => chartsOn(path).map((name) => ({ path, name })));

test('there are charts to check', () => {
  expect(charts.length).toBeGreaterThan(0);
});

for (const { path, name } of charts) {
  test(`${path}charts/${name}.* exist and parse: SVG, PNG, spec, CSV`, async ({ page }) => {
    const base = join(PUBLIC, path, 'charts', name);
    for (const ext of ['svg', 'page.svg', 'png', 'vl.json', 'csv', 'html']) expect(existsSync(`${base}.${ext}`), `${name}.${ext}`).toBe(true);

    const png = readFileSync(`${base}.png`);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const spec = JSON.parse(readFileSync(`${base}.vl.json`, 'utf8'));
    const values = inlineValues(spec);
    expect(values.length).toBeGreaterThan(0);

    // The CSV holds the figures, each read from a raw line; a layer's shading of a warm-up is no figure.
    const figures = values.filter((v) => Number.isInteger(v.line));
    const [header, ...lines] = readFileSync(`${base}.csv`, 'utf8').trimEnd().split('\r\n');
    expect(header.split(',')).toEqual([...new Set(figures.flatMap((v) => Object.keys(v)))]);
    expect(lines.length).toBe(figures.length);

    await page.goto(`${path}charts/${name}.svg`);
    const svg = await page.evaluate(async (url) => {
      const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), 'image/svg+xml');
      return { root: doc.documentElement.nodeName, error: doc.querySelector('parsererror')?.textContent ?? null, title: doc.querySelector('svg > title')?.textContent, desc: doc.querySelector('svg > desc')?.textContent };
    }, `${path}charts/${name}.svg`);
    expect(svg.error).toBeNull();
    expect(svg.root).toBe('svg');
    expect(svg.title).toBe([].concat(spec.title.text).join(' '));
    expect(svg.desc).toMatch(/highest: /);
  });

  test(`${path}charts/${name}.html renders in an iframe with its title, units, source and a link back`, async ({ page }) => {
    await page.setContent(`<iframe src="${path}charts/${name}.html" width="700" height="520"></iframe>`);
    await page.goto(path);
    const snippet = await page.locator(`#chart-${name} .tps-embed textarea`).nth(1).inputValue();
    const src = /src="([^"]+)"/.exec(snippet)[1];
    const embedUrl = new URL(`${path}charts/${name}.html`, page.url()).href;
    await page.setContent(snippet.replace(src, embedUrl));
    const frame = page.frameLocator('iframe');
    await expect(frame.locator('svg').first()).toBeVisible();
    await expect(frame.locator('svg text').filter({ hasText: /\(.+\)/ }).first()).toBeAttached();
    await expect(frame.locator('figcaption')).toContainText('Source:');
    // Links are relative to the embed page, so they lead back to the report wherever the site is published.
    const back = await frame.locator('figcaption a[target="_top"]').last().getAttribute('href');
    expect(new URL(back, embedUrl).pathname).toBe(path);
    // Every link leaves the frame for the whole window: the raw files as well as the report.
    await expect(frame.locator('figcaption a:not([target="_top"])')).toHaveCount(0);
  });
}

test('in a frame narrower than a chart, its embed page scales it to three quarters at least and scrolls the rest', async ({ page }) => {
  for (const { path, name } of charts) {
    const svg = readFileSync(join(PUBLIC, path, 'charts', `${name}.svg`), 'utf8');
    const natural = Number(/<svg[^>]*\bwidth="([\d.]+)"/.exec(svg)[1]);
    for (const width of [320, 600]) {
      await page.setViewportSize({ width, height: 600 });
      await page.goto(`${path}charts/${name}.html`);
      const { drawn, room } = await page.evaluate(() => ({ drawn: document.querySelector('figure svg').getBoundingClientRect().width, room: document.querySelector('figure').clientWidth }));
      expect(drawn, `${name} at ${width} px`).toBeGreaterThanOrEqual(Math.min(natural, Math.max(room, natural * 0.75)) - 1);
      expect(drawn, `${name} at ${width} px`).toBeLessThanOrEqual(natural + 0.5);
    }
  }
});

test("the Embed / Download control offers img, iframe and Markdown snippets at the page's address", async ({ page }) => {
  await page.goto('/reports/innodb-plugin-vs-builtin/');
  const control = page.locator('#chart-tps-by-server .tps-embed');
  await control.locator('summary').click();
  const [img, iframe, md] = await control.locator('textarea').evaluateAll((t) => t.map((x) => x.value));
  // The page's address as the build gave it: absolute with the site's address
  // (tests/integration/base-url.test.mjs), from the server's root without one.
  const at = '(?:https?://[^/"]+)?/reports/innodb-plugin-vs-builtin/';
  expect(img).toMatch(new RegExp(`^<img src="${at}charts/tps-by-server\\.svg" alt="[^"]*highest: [^"]+">$`));
  expect(iframe).toMatch(new RegExp(`<iframe src="${at}charts/tps-by-server\\.html"`));
  expect(md).toMatch(new RegExp(`^!\\[[^\\]]+\\]\\(${at}charts/tps-by-server\\.png\\)$`));
  for (const link of await control.locator('a').all()) {
    const response = await page.request.get(new URL(await link.getAttribute('href'), page.url()).href);
    expect(response.status(), await link.getAttribute('href')).toBe(200);
  }
});

test('alt text names the highest figure as the raw file printed it', async ({ page }) => {
  await page.goto('/reports/innodb-plugin-vs-builtin/');
  const raw = readFileSync(join(PUBLIC, 'reports/innodb-plugin-vs-builtin/raw/sysbench-5.1-builtin-ro.txt'), 'utf8');
  const tps = /transactions:\s+\d+\s+\(([\d.]+) per sec\.\)/.exec(raw)[1];
  const figure = page.locator('#chart-tps-by-server');
  const img = figure.locator('.tps-chart__svg img');
  await expect(img).toHaveAttribute('alt', new RegExp(`highest: MySQL 5\\.1\\.49sp1 built-in InnoDB, read-only, ${tps.replace('.', '\\.')} tx/s`));
  // vega's redraw keeps it as the chart's name
  const alt = await img.getAttribute('alt');
  await hydrated(figure);
  await expect(figure.locator('.tps-chart__live')).toHaveAttribute('role', 'img');
  await expect(figure.locator('.tps-chart__live')).toHaveAttribute('aria-label', alt);
});
