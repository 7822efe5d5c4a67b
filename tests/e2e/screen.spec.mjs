// Report pages use the screen they are read on: on a desktop screen every
// chart is at least nine tenths of the text column wide (panels side by side
// may leave it), a table either fits or scrolls inside its own box with a
// hint that says so, captions wrap instead of being cut off, and nothing
// widens the page itself, on a desktop screen or a phone. On a phone every
// chart is the drawing made for a phone's width, shown at no less than 0.8 of
// its drawn size, with no type under 11 px and no sideways scrolling, with
// JavaScript or without. Each case attaches a screenshot of the whole page to
// the test report for a reader to look at.
import { test, expect } from '@playwright/test';
import { reportPages } from './site.mjs';
import { hydrated } from './page.mjs';

// A case redraws every chart of a report and photographs the whole page: far more than
// the default 30 s allows when the two cores are shared with other work.
test.describe.configure({ timeout: 180_000 });

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

// The boxes that scroll sideways when their content is wider than the screen (static/css/tps-blocks.css).
const BOXES = '.table-scroll, .tps-chart__svg, .tps-chart__live';

/** What the page shows of its charts, tables and captions, measured in the page. */
function measure(boxes) {
  const column = document.querySelector('article.report').getBoundingClientRect().width;
  const charts = [...document.querySelectorAll('figure.tps-chart')].map((figure) => ({
    name: figure.dataset.chart,
    width: figure.querySelector('.tps-chart__svg img, .tps-chart__live svg').getBoundingClientRect().width,
  }));
  const hint = (box) => {
    const before = getComputedStyle(box, '::before');
    return before.display !== 'none' && before.content.includes('Scroll sideways') ? before.content : null;
  };
  const label = (box) => box.getAttribute('aria-label') ?? box.closest('figure')?.dataset.chart ?? box.className;
  const scrolling = [...document.querySelectorAll(boxes)]
    .filter((box) => box.scrollWidth > box.clientWidth + 1)
    .map((box) => ({ box: label(box), hint: hint(box) }));
  // A caption is cut off when its text runs past its own box or past the part of its table's box a reader sees.
  const cut = [...document.querySelectorAll('caption, figcaption')].filter((caption) => !caption.closest('.visually-hidden')).filter((caption) => {
    const shown = (caption.closest('.table-scroll') ?? caption.parentElement).getBoundingClientRect();
    const box = caption.getBoundingClientRect();
    return caption.scrollWidth > caption.clientWidth + 1 || box.right > Math.min(shown.right, window.innerWidth) + 1 || box.left < Math.max(shown.left, 0) - 1;
  }).map((caption) => caption.textContent.trim().slice(0, 60));
  return { column, charts, scrolling, cut, pageWidth: document.documentElement.scrollWidth, screen: window.innerWidth };
}

/** The least share of its drawn width a chart is shown at on a phone, and the least size of its type there. */
const LEAST_SCALE = 0.8;
const LEAST_TYPE_PX = 11;

/** Each chart as shown: its drawing, the drawing's own width, the width shown, and whether its box scrolls. */
function shownCharts() {
  return [...document.querySelectorAll('figure.tps-chart')].map((figure) => {
    const live = figure.querySelector('.tps-chart__live svg');
    const shown = live ?? figure.querySelector('.tps-chart__svg img');
    const box = shown.closest('.tps-chart__svg, .tps-chart__live');
    const drawing = live ? {
      drawn: Number(live.getAttribute('width')),
      type: Math.min(...[...live.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize))),
    } : { drawn: shown.naturalWidth, src: shown.currentSrc };
    return { name: figure.dataset.chart, shown: shown.getBoundingClientRect().width, scrolls: box.scrollWidth > box.clientWidth + 1, ...drawing };
  });
}

/**
 * What breaks the phone's rules, one line per chart: a drawing other than the
 * phone's, shown below LEAST_SCALE of its width, in a box that scrolls, or
 * with type under LEAST_TYPE_PX once scaled. An image's type is read from the
 * drawing the browser fetched.
 */
async function phoneFaults(page) {
  // Without JavaScript the browser fetches every image at once; each is measured once it has arrived.
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('.tps-chart__svg img')].every((i) => i.complete && i.naturalWidth > 0))).toBe(true);
  const faults = [];
  for (const chart of await page.evaluate(shownCharts)) {
    const scale = chart.shown / chart.drawn;
    let type = chart.type;
    if (chart.src !== undefined) {
      if (!/\.narrow\.page\.svg\?/.test(chart.src)) faults.push(`${chart.name}: shows ${chart.src}, not the phone's drawing`);
      const svg = await (await page.request.get(chart.src)).text();
      type = Math.min(...[...svg.matchAll(/<text[^>]*font-size="([\d.]+)px"/g)].map((m) => Number(m[1])));
    }
    if (!(scale >= LEAST_SCALE)) faults.push(`${chart.name}: shown at ${scale.toFixed(2)} of its ${chart.drawn} px`);
    if (chart.scrolls) faults.push(`${chart.name}: scrolls sideways`);
    if (!(type * scale >= LEAST_TYPE_PX)) faults.push(`${chart.name}: type ${(type * scale).toFixed(1)} px`);
  }
  return faults;
}

for (const { name, viewport } of SCREENS) {
  test.describe(`on a ${name} screen (${viewport.width} px)`, () => {
    test.use({ viewport });
    for (const path of reportPages()) {
      test(`${path}: charts fill the column, wide tables scroll with a hint, captions wrap, the page never scrolls sideways`, async ({ page }, testInfo) => {
        await page.goto(path);
        // Let vega redraw every chart first (as a reader reaching each one would), so the redrawn charts are measured too.
        for (const figure of await page.locator('figure.tps-chart[data-spec]').all()) await hydrated(figure);
        await page.evaluate(() => window.scrollTo(0, 0));
        // scroll-hint.mjs marks overflowing boxes when they are laid out or resized.
        await expect.poll(() => page.evaluate(measure, BOXES).then((m) => m.scrolling.filter((s) => !s.hint).map((s) => s.box))).toEqual([]);
        const m = await page.evaluate(measure, BOXES);
        await testInfo.attach(`${name}${path.replaceAll('/', '-')}png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
        expect(m.pageWidth, 'the page itself never scrolls sideways').toBeLessThanOrEqual(m.screen);
        expect(m.cut).toEqual([]);
        if (name === 'phone') {
          expect(m.charts.length).toBeGreaterThan(0);
          expect(await phoneFaults(page)).toEqual([]);
        }
        if (name === 'desktop') {
          expect(m.column).toBeGreaterThan(650);
          expect(m.charts.filter((c) => c.width < 0.9 * m.column).map((c) => `${c.name}: ${Math.round(c.width)} px of ${m.column}`)).toEqual([]);
          // A desktop screen has room for every table of these reports beside the column.
          expect(m.scrolling.map((s) => s.box)).toEqual([]);
        }
      });
    }
  });
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });
  for (const { name, viewport } of SCREENS) {
    test(`the server-drawn charts fill the column on a ${name} screen and the page never scrolls sideways`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of reportPages()) {
        await page.goto(path);
        const m = await page.evaluate(measure, BOXES);
        expect(m.pageWidth, path).toBeLessThanOrEqual(m.screen);
        expect(m.cut, path).toEqual([]);
        if (name === 'desktop') expect(m.charts.filter((c) => c.width < 0.9 * m.column).map((c) => `${path} ${c.name}: ${Math.round(c.width)} px`)).toEqual([]);
        else expect(await phoneFaults(page), path).toEqual([]);
        // Without the script the hint is the shadow at the edge of each box that scrolls.
        if (name === 'phone') for (const box of await page.locator('.table-scroll').all()) expect(await box.evaluate((b) => getComputedStyle(b).backgroundAttachment)).toContain('local');
      }
    });
  }
});

test('a chart vega redrew on a phone is drawn again for the text column when the screen widens, and back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/reports/mariadb-sysbench-threads/');
  const figure = page.locator('figure.tps-chart').first();
  await hydrated(figure);
  const width = () => figure.locator('.tps-chart__live svg').getAttribute('width').then(Number);
  const narrow = await width();
  expect(narrow).toBeLessThanOrEqual(358);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(width).toBeGreaterThan(650);
  await expect(figure.locator('.tps-chart__live')).toHaveCount(1);
  await expect(figure.locator('.tps-chart__live')).toHaveAttribute('aria-label', /^Transactions per second/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(width).toBe(narrow);
});

test('vega loads only when a reader reaches a chart: not with the page, then on scrolling to one', async ({ page }) => {
  const scripts = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  await page.goto('/reports/read-write-stress-over-time/');
  // Once hydrate.mjs has run (importing it again resolves when it has), it has had every chance to fetch vega.
  await page.evaluate(() => import('/js/hydrate.mjs'));
  expect(scripts.filter((s) => s.includes('/vendor/'))).toEqual([]);
  const figure = page.locator('figure.tps-chart').nth(3);
  await figure.scrollIntoViewIfNeeded();
  await expect(figure).toHaveAttribute('data-hydrated', 'true');
  expect(scripts.filter((s) => s.includes('/vendor/'))).toEqual(['/vendor/vega.min.js', '/vendor/vega-lite.min.js', '/vendor/vega-embed.min.js']);
});
