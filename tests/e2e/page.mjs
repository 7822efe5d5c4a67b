// Helpers the browser specs share: reading numbers and text the way a reader
// sees them, a raw file's lines by pattern, compare tables and chart tooltips.
import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rawLines, PUBLIC } from './site.mjs';

/** "1,058.80" → 1058.8 */
export const number = (text) => Number(String(text).replace(/,/g, ''));

/** Collapses the whitespace (and no-break spaces) of rendered text. */
export const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** "+49.8 %" the way a reader would work it out by hand. */
export function percentChange(value, base) {
  const p = Math.round(((value / base) - 1) * 1000) / 10;
  return p === 0 ? '±0.0 %' : `${p > 0 ? '+' : '−'}${Math.abs(p).toFixed(1)} %`;
}

/**
 * The median of figures as printed ("983.92"), to `decimals` places: worked
 * out in whole units of the last place, so exactly, and a half rounded away
 * from zero as by hand (983.92 and 985.01 give 984.465, shown 984.47).
 */
export function medianText(texts, decimals) {
  const units = texts.map((t) => Math.round(number(t) * 10 ** decimals)).sort((a, b) => a - b);
  const mid = Math.floor(units.length / 2);
  const middle = units.length % 2 ? units[mid] : (units[mid - 1] + units[mid]) / 2;
  return (Math.sign(middle) * Math.round(Math.abs(middle)) / 10 ** decimals).toFixed(decimals);
}

/** The first line of a published raw file matching `pattern`; the match carries `lineNumber`. */
export function rawMatch(pagePath, file, pattern) {
  const lines = rawLines(pagePath, file);
  for (const [i, line] of lines.entries()) {
    const m = pattern.exec(line);
    if (m) return Object.assign(m, { lineNumber: i + 1 });
  }
  throw new Error(`${file}: nothing matches ${pattern}`);
}

/** The compare block whose caption contains `caption`. */
export const compareBlock = (page, caption) => page.locator('.tps-compare', { has: page.locator('caption', { hasText: caption }) });

/** A variant's [figure, difference] cells in the compare column at `index` (0-based). */
export async function compareCells(block, variant, index) {
  // A difference cell holds the change and, in small print, its verdict and interval (compareNote).
  const cells = (await block.locator(`tr[data-variant="${variant}"] td`).evaluateAll((tds) => tds.map((td) => (td.querySelector('.delta-value') ?? td).textContent))).map(squash);
  return cells.slice(index * 2, index * 2 + 2);
}

/** The small print under a difference: its verdict and interval ("single runs, noise unknown"). */
export async function compareNote(block, variant, index) {
  return squash(await block.locator(`tr[data-variant="${variant}"] td.delta`).nth(index).locator('.delta-note').textContent());
}

/** The value cell of the visible vega tooltip row whose key is `key`. */
export async function tooltipValue(page, key) {
  const tooltip = page.locator('#vg-tooltip-element');
  await expect(tooltip).toBeVisible();
  const row = tooltip.locator('tr', { has: page.locator('td.key', { hasText: key }) }).first();
  return row.locator('td.value').textContent();
}

/** The rows a spec carries inline, in its own data and in every panel's. */
export function inlineValues(node) {
  if (Array.isArray(node)) return node.flatMap(inlineValues);
  if (!node || typeof node !== 'object') return [];
  return [...(node.data?.values ?? []), ...Object.entries(node).filter(([k]) => k !== 'data').flatMap(([, v]) => inlineValues(v))];
}

/** A chart's kind and the rows it draws, from the spec published beside the page (charts/<name>.vl.json). */
export async function chartOf(figure, pagePath) {
  const spec = JSON.parse(readFileSync(join(PUBLIC, pagePath, await figure.getAttribute('data-spec')), 'utf8'));
  return { kind: await figure.getAttribute('data-kind'), spec, rows: spec.data?.values ?? inlineValues(spec) };
}

/**
 * The drawing a chart's figure shows before vega redraws it: the figure's one
 * image (charts/<name>.page.svg), opened as a document of its own so its marks
 * and labels can be read; the root <svg> as a locator.
 */
export async function drawing(figure) {
  const img = figure.locator('.tps-chart__svg img');
  await expect(img).toHaveCount(1);
  const url = new URL(await img.getAttribute('src'), figure.page().url()).href;
  const doc = await figure.page().context().newPage();
  const response = await doc.goto(url);
  expect(response.headers()['content-type'], url).toBe('image/svg+xml');
  return doc.locator(':root');
}

/** Resolves once a figure's image has arrived and has a size (without JavaScript the browser fetches every image at once). */
export async function drawingShown(figure) {
  const img = figure.locator('.tps-chart__svg img');
  await expect.poll(() => img.evaluate((i) => (i.complete ? i.naturalWidth : 0)), { message: await figure.getAttribute('id') }).toBeGreaterThan(0);
}

/**
 * Waits until vega has redrawn a chart (static/js/hydrate.mjs marks it
 * data-hydrated="true"). vega loads only when a reader reaches or touches a
 * chart, so this does what a reader does: scrolls to the chart and points at
 * its top-left corner (its title, away from any mark and its tooltip).
 */
export async function hydrated(figure, state = 'true') {
  await figure.scrollIntoViewIfNeeded();
  await figure.hover({ position: { x: 4, y: 4 } });
  // The first chart a page redraws waits for vega itself (about 830 KB of script to fetch and run).
  await expect(figure).toHaveAttribute('data-hydrated', state, { timeout: 20_000 });
}

/** Every chart of the page reached in turn, each left when vega has redrawn it or given up ("failed"). */
export async function hydrateAll(page) {
  for (const figure of await page.locator('figure.tps-chart[data-spec]').all()) await hydrated(figure, /^(true|failed)$/);
}
