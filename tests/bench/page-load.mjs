// Page load: what a page of twenty charts costs a reader before they touch
// it, in Debian's chromium, against the same page with its scripts removed
// (the floor: prose, tables and the charts' images, measured in the same run).
// Charts are server-drawn SVG images the browser fetches as the reader nears
// them (loading="lazy"), so the ones in or near the first screen count here;
// static/js/hydrate.mjs imports vega only when a reader reaches or touches a
// chart. The budget: at most 50 KB gzip before any interaction, and the load
// event within 1.2 times the floor's.
//
// The page is made from the built site (public/, `npm run build` first): a
// real report page whose own charts are replaced by the first twenty charts
// of every report, where its first chart was, and the same twenty charts
// right under the page's title instead, so the first screen is all charts
// and their images load with the page (the most a page of twenty charts can
// cost before any interaction). Each load is a fresh browser context
// (nothing cached).
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync, symlinkSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { serveStatic } from '../helpers/static-server.mjs';
import { launchOptions } from '../helpers/browser.mjs';
import { median } from '../../scripts/compile/stats/stats.mjs';

const CHARTS = 20;
const HOST = 'read-write-stress-over-time';
const BUDGET_KB = 50;
const BUDGET_RATIO = 1.2;
const FIGURE = /<figure class="tps-chart"[\s\S]*?<\/figure>/g;


/** Chart figures of every report page, their links (image, spec, downloads, raw files) made absolute so they work from another page. */
function chartFigures(pub) {
  const figures = [];
  for (const slug of readdirSync(join(pub, 'reports')).sort()) {
    const page = join(pub, 'reports', slug, 'index.html');
    if (!existsSync(page)) continue;
    for (const [figure] of readFileSync(page, 'utf8').matchAll(FIGURE)) figures.push(figure.replace(/(\b(?:src|href|data-spec)=")(?:\.\/)?(?=charts\/|raw\/)/g, `$1/reports/${slug}/`));
  }
  return figures;
}

const withoutScripts = (html) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

/**
 * The host report with its own charts replaced by `figures` where its first
 * chart was (charts) and right under its title (first), each also without
 * any script (its floor).
 */
function benchPages(pub) {
  const figures = chartFigures(pub).slice(0, CHARTS);
  if (figures.length < CHARTS) throw new Error(`page load: the built site has ${figures.length} charts, the bench needs ${CHARTS}`);
  const host = readFileSync(join(pub, 'reports', HOST, 'index.html'), 'utf8');
  let first = true;
  const charts = host.replace(FIGURE, () => (first ? ((first = false), figures.join('\n')) : ''));
  const top = host.replace(FIGURE, '').replace(/(<article class="report">[\s\S]*?<\/header>)/, (header) => `${header}\n${figures.join('\n')}`);
  if (top === host.replace(FIGURE, '')) throw new Error(`page load: /reports/${HOST}/ has no <article class="report"> with a <header> to put the charts under`);
  return { charts, floor: withoutScripts(charts), first: top, 'first-floor': withoutScripts(top) };
}

/** A folder that serves the built site plus the bench pages. */
function siteWithBenchPages(pub) {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-page-load-'));
  for (const name of readdirSync(pub)) symlinkSync(join(pub, name), join(root, name));
  mkdirSync(join(root, 'page-load-bench'));
  for (const [name, html] of Object.entries(benchPages(pub))) writeFileSync(join(root, 'page-load-bench', `${name}.html`), html);
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
  const images = before.filter((r) => r.path.endsWith('.svg'));
  return { loadMs, kb: kb(before), scriptKb: kb(before.filter((r) => /\.m?js$/.test(r.path))), htmlKb: kb(before.filter((r) => r.path.endsWith('.html'))), images: images.length, imageKb: kb(images), vendor: before.filter((r) => r.path.includes('/vendor/')).length, afterKb: kb(after), hydrated };
}

// One cold load of the same page takes anywhere from 150 to 600 ms on a
// shared two-core machine, and a pause between loads does not narrow that.
// With seven loads each, the first-screen ratio read 0.81, 1.09, 1.23 and
// 1.23 in four benches, whose pages load the same script before the load
// event (site.mjs, which fetches nothing more until then): over the budget or
// not by chance. Three times the other benches' rounds narrows it: five runs
// of 21 on one build read 0.88 to 1.17.
const ROUNDS_FACTOR = 3;

export async function benchPageLoad(root, { rounds = ROUNDS_FACTOR * Number(process.env.BENCH_ROUNDS ?? 7), port = Number(process.env.BENCH_PORT ?? 0) } = {}) {
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
    const names = ['charts', 'floor', 'first', 'first-floor'];
    const runs = Object.fromEntries(names.map((name) => [name, []]));
    // Alternating the pages spreads the machine's other work evenly over them.
    for (let i = 0; i < rounds; i += 1) for (const name of i % 2 ? [...names].reverse() : names) runs[name].push(await load(browser, `${base}${name}.html`, { scroll: name === 'charts' }));
    const row = (name) => {
      const r = runs[name];
      return `${name.padEnd(11)} load event median ${median(r.map((x) => x.loadMs)).toFixed(0).padStart(4)} ms (rounds: ${r.map((x) => x.loadMs.toFixed(0)).join(', ')}); ${median(r.map((x) => x.kb)).toFixed(1)} KB gzip before any interaction (the page ${median(r.map((x) => x.htmlKb)).toFixed(1)}, scripts ${median(r.map((x) => x.scriptKb)).toFixed(1)}, ${median(r.map((x) => x.images))} chart images ${median(r.map((x) => x.imageKb)).toFixed(1)})`;
    };
    const verdict = (name, floor) => {
      const ratio = median(runs[name].map((x) => x.loadMs)) / median(runs[floor].map((x) => x.loadMs));
      const kb = median(runs[name].map((x) => x.kb));
      const within = ratio <= BUDGET_RATIO && kb <= BUDGET_KB;
      return { within, text: `ratio ${ratio.toFixed(2)} (budget ${BUDGET_RATIO}), ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB): ${within ? 'within budget' : 'OVER BUDGET'}` };
    };
    const last = runs.charts.at(-1);
    const [inPlace, atTop] = [verdict('charts', 'floor'), verdict('first', 'first-floor')];
    console.log(`page load  ${CHARTS} charts on /reports/${HOST}/'s page, ${rounds} cold loads each in chromium at 1280 px:`);
    console.log(`page load    where its own charts were:`);
    console.log(`page load    ${row('charts')}, vega files fetched: ${Math.max(...runs.charts.map((x) => x.vendor))}`);
    console.log(`page load    ${row('floor')} (same page, every <script> removed)`);
    console.log(`page load    ${inPlace.text}`);
    console.log(`page load    right under its title (the first screen all charts):`);
    console.log(`page load    ${row('first')}, vega files fetched: ${Math.max(...runs.first.map((x) => x.vendor))}`);
    console.log(`page load    ${row('first-floor')} (same page, every <script> removed)`);
    console.log(`page load    ${atTop.text}`);
    console.log(`page load    ${inPlace.within && atTop.within ? 'both within budget' : 'OVER BUDGET'}; after scrolling to the last chart: ${last.afterKb.toFixed(1)} KB gzip, ${last.hydrated} of ${CHARTS} charts redrawn by vega`);
  } finally {
    await browser.close();
    server.close();
    rmSync(site, { recursive: true, force: true });
  }
}

// node tests/bench/page-load.mjs: this measurement alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchPageLoad(join(import.meta.dirname, '..', '..'));
