// Page load: what a page of twenty charts costs a reader before they touch
// it, in Debian's chromium, against the same page with its scripts removed
// (the floor: inline SVG, prose and tables only, measured in the same run).
// Charts are server-drawn SVG; static/js/hydrate.mjs imports vega only when a
// reader reaches or touches a chart. The budget: at most 50 KB gzip before
// any interaction, and the load event within 1.2 times the floor's.
//
// The page is made from the built site (public/, `npm run build` first): a
// real report page whose own charts are replaced by the first twenty charts
// of every report. Each load is a fresh browser context (nothing cached).
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync, symlinkSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { serveStatic } from '../../tests/helpers/static-server.mjs';
import { launchOptions } from '../../tests/helpers/browser.mjs';

const CHARTS = 20;
const HOST = 'read-write-stress-over-time';
const BUDGET_KB = 50;
const BUDGET_RATIO = 1.2;
const FIGURE = /<figure class="tps-chart"[\s\S]*?<\/figure>/g;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Chart figures of every report page, their spec paths made absolute so they work from another page. */
function chartFigures(pub) {
  const figures = [];
  for (const slug of readdirSync(join(pub, 'reports')).sort()) {
    const page = join(pub, 'reports', slug, 'index.html');
    if (!existsSync(page)) continue;
    for (const [figure] of readFileSync(page, 'utf8').matchAll(FIGURE)) figures.push(figure.replace(/data-spec="charts\//, `data-spec="/reports/${slug}/charts/`));
  }
  return figures;
}

/** The host report with its own charts replaced by `figures`, and the same page without any script. */
function benchPages(pub) {
  const figures = chartFigures(pub).slice(0, CHARTS);
  if (figures.length < CHARTS) throw new Error(`page load: the built site has ${figures.length} charts, the bench needs ${CHARTS}`);
  const host = readFileSync(join(pub, 'reports', HOST, 'index.html'), 'utf8');
  let first = true;
  const charts = host.replace(FIGURE, () => (first ? ((first = false), figures.join('\n')) : ''));
  return { charts, floor: charts.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '') };
}

/** A folder that serves the built site plus the two bench pages. */
function siteWithBenchPages(pub) {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-page-load-'));
  for (const name of readdirSync(pub)) symlinkSync(join(pub, name), join(root, name));
  const pages = benchPages(pub);
  mkdirSync(join(root, 'page-load-bench'));
  writeFileSync(join(root, 'page-load-bench', 'charts.html'), pages.charts);
  writeFileSync(join(root, 'page-load-bench', 'floor.html'), pages.floor);
  return root;
}

/** Resolves once no request has been in flight for `ms` (the page's own network, as Playwright sees it). */
function quietAfter(page) {
  let inFlight = 0;
  let last = performance.now();
  page.on('request', () => { inFlight += 1; });
  for (const event of ['requestfinished', 'requestfailed']) page.on(event, () => { inFlight -= 1; last = performance.now(); });
  return async (ms = 500) => {
    while (inFlight > 0 || performance.now() - last < ms) await new Promise((resolve) => setTimeout(resolve, 50));
  };
}

/** One cold load: ms to the load event, and every response's gzip size until the network is quiet, with no interaction. */
async function load(browser, url, { scroll }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const quiet = quietAfter(page);
  const bodies = [];
  page.on('response', (response) => bodies.push(response.body().then((b) => ({ path: new URL(response.url()).pathname, gzip: gzipSync(b).length })).catch(() => null)));
  await page.goto(url, { waitUntil: 'load' });
  const loadMs = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
  await quiet();
  const before = (await Promise.all(bodies)).filter(Boolean);
  // Then a reader scrolls to the last chart: the charts near it load vega and redraw.
  let hydrated = 0;
  if (scroll) {
    await page.evaluate(() => [...document.querySelectorAll('figure.tps-chart')].at(-1).scrollIntoView());
    await page.locator('figure.tps-chart[data-hydrated="true"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await quiet();
    hydrated = await page.locator('figure.tps-chart[data-hydrated="true"]').count();
  }
  const after = (await Promise.all(bodies)).filter(Boolean);
  await context.close();
  const kb = (list) => list.reduce((sum, r) => sum + r.gzip, 0) / 1024;
  return { loadMs, kb: kb(before), scriptKb: kb(before.filter((r) => /\.m?js$/.test(r.path))), htmlKb: kb(before.filter((r) => r.path.endsWith('.html'))), vendor: before.filter((r) => r.path.includes('/vendor/')).length, afterKb: kb(after), hydrated };
}

export async function benchPageLoad(root, { rounds = Number(process.env.BENCH_ROUNDS ?? 7), port = Number(process.env.BENCH_PORT ?? 0) } = {}) {
  const pub = join(root, 'public');
  if (!existsSync(join(pub, 'reports', HOST, 'index.html'))) {
    console.log('page load  needs a built site: run `npm run build` first');
    return;
  }
  const site = siteWithBenchPages(pub);
  const server = await serveStatic(site, port);
  const base = `http://127.0.0.1:${server.address().port}/page-load-bench/`;
  const browser = await chromium.launch(launchOptions);
  try {
    const runs = { charts: [], floor: [] };
    // Alternating the two pages spreads the machine's other work evenly over both.
    for (let i = 0; i < rounds; i += 1) for (const name of i % 2 ? ['floor', 'charts'] : ['charts', 'floor']) runs[name].push(await load(browser, `${base}${name}.html`, { scroll: name === 'charts' }));
    const row = (name) => {
      const r = runs[name];
      return `${name.padEnd(6)} load event median ${median(r.map((x) => x.loadMs)).toFixed(0).padStart(4)} ms (rounds: ${r.map((x) => x.loadMs.toFixed(0)).join(', ')}); ${median(r.map((x) => x.kb)).toFixed(1)} KB gzip before any interaction (the page ${median(r.map((x) => x.htmlKb)).toFixed(1)}, scripts ${median(r.map((x) => x.scriptKb)).toFixed(1)})`;
    };
    const ratio = median(runs.charts.map((x) => x.loadMs)) / median(runs.floor.map((x) => x.loadMs));
    const kb = median(runs.charts.map((x) => x.kb));
    const last = runs.charts.at(-1);
    console.log(`page load  ${CHARTS} charts on /reports/${HOST}/'s page, ${rounds} cold loads each in chromium at 1280 px:`);
    console.log(`page load    ${row('charts')}, vega files fetched: ${Math.max(...runs.charts.map((x) => x.vendor))}`);
    console.log(`page load    ${row('floor')} (same page, every <script> removed)`);
    console.log(`page load    ratio ${ratio.toFixed(2)} (budget ${BUDGET_RATIO}), ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB): ${ratio <= BUDGET_RATIO && kb <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
    console.log(`page load    after scrolling to the last chart: ${last.afterKb.toFixed(1)} KB gzip, ${last.hydrated} of ${CHARTS} charts redrawn by vega`);
  } finally {
    await browser.close();
    server.close();
    rmSync(site, { recursive: true, force: true });
  }
}

// node scripts/bench/page-load.mjs: this measurement alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchPageLoad(join(import.meta.dirname, '..', '..'));
