// The chart kinds beyond grouped bars, on the reports that use them. With
// JavaScript off each chart is an SVG with one mark per figure; with it on,
// hovering a mark shows a tooltip whose figure equals the number on the raw
// file's line, read here with a regex from the raw text (never from the JSON
// the page was built from).
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { number, tooltipValue, chartOf, hydrated, drawing } from './page.mjs';

const THREADS = '/reports/mariadb-sysbench-threads/';
const CORES = '/reports/cpu-efficiency-by-cores/';
const GALLERY = '/reports/chart-gallery/';

const rowsOf = async (figure, path) => (await chartOf(figure, path)).rows;
/** The figure a sysbench summary prints: "transactions: 15533 (1035.05 per sec.)". */
function summaryRate(page, file) {
  const line = rawLines(page, file).find((l) => /^\s*transactions:/.test(l));
  return number(/\(([\d.]+) per sec\.\)/.exec(line)[1]);
}

/**
 * Mean over an mpstat file's per-CPU sample lines (not Average:) of
 * 100 − %idle − %iowait, for the given CPUs: what the reader would compute.
 */
function mpstatBusy(page, file, cpus) {
  const busy = [];
  for (const line of rawLines(page, file)) {
    const m = /^\d\d:\d\d:\d\d(?:\s+[AP]M)?\s+(\d+)\s+(?:[\d.]+\s+){3}([\d.]+)\s+(?:[\d.]+\s+){5}([\d.]+)\s*$/.exec(line);
    if (m && cpus.includes(m[1])) busy.push(100 - Number(m[3]) - Number(m[2]));
  }
  return busy.reduce((a, b) => a + b, 0) / busy.length;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('lines and over-time charts draw one point per figure, and a legend naming each series', async ({ page }) => {
    await page.goto(THREADS);
    for (const name of ['tps-by-threads', 'p95-by-threads', 'tps-over-time']) {
      const figure = page.locator(`#chart-${name}`);
      const rows = (await rowsOf(figure, THREADS)).filter((r) => r.value !== null);
      const svg = await drawing(figure);
      await expect(svg.locator('g.mark-symbol.role-mark path')).toHaveCount(rows.length);
      for (const series of new Set(rows.map((r) => r.workload))) {
        await expect(svg.locator('.role-legend-label text', { hasText: series })).toHaveCount(1);
      }
    }
  });

  test('the thread sweep has a log-2 axis with a tick at each thread count', async ({ page }) => {
    await page.goto(THREADS);
    const labels = (await drawing(page.locator('#chart-tps-by-threads'))).locator('.role-axis-label').first().locator('text');
    await expect(labels).toHaveText(['1', '2', '4', '8', '16']);
  });

  test('cores-cpu draws one point per run for throughput and one per run for CPU busy', async ({ page }) => {
    await page.goto(CORES);
    for (const figure of await page.locator('figure.tps-chart[data-chart^="tps-and-cpu"]').all()) {
      const rows = await rowsOf(figure, CORES);
      const runs = rows.filter((r) => r.panel === 'throughput').length;
      const cpuRuns = new Set(rows.filter((r) => r.panel === 'cpu').map((r) => r.source)).size;
      expect(cpuRuns).toBe(runs);
      await expect((await drawing(figure)).locator('g.mark-symbol.role-mark path')).toHaveCount(runs + cpuRuns);
    }
  });

  test('the histogram draws one bar per bucket line of each raw file', async ({ page }) => {
    await page.goto(GALLERY);
    const figure = page.locator('#chart-cpu-latency-histogram');
    const buckets = ['raw/sysbench-cpu-histogram-t1.txt', 'raw/sysbench-cpu-histogram-t2.txt']
      .map((file) => rawLines(GALLERY, file).filter((l) => /^\s+[\d.]+ \|\**\s+\d+$/.test(l)).length)
      .reduce((a, b) => a + b, 0);
    expect(buckets).toBeGreaterThan(100);
    await expect((await drawing(figure)).locator('g.mark-rect.role-mark path')).toHaveCount(buckets);
  });
});

test.describe('with JavaScript', () => {
  test('hovering a thread-sweep point shows the rate its raw file printed, the labels and the file', async ({ page }) => {
    await page.goto(THREADS);
    const figure = page.locator('#chart-tps-by-threads');
    await hydrated(figure);
    await figure.locator('.tps-chart__live svg g.mark-symbol path[aria-label*="Client threads: 8;"][aria-label*="read-only"]').hover();
    expect(number(await tooltipValue(page, 'Transactions per second (tx/s)'))).toBe(summaryRate(THREADS, 'raw/oltp_read_only-t8.txt'));
    expect(await tooltipValue(page, 'raw file')).toBe('raw/oltp_read_only-t8.txt');
    expect(await tooltipValue(page, 'Workload')).toBe('read-only');
  });

  test('hovering an interval point shows the tps of that second\'s raw line', async ({ page }) => {
    await page.goto(THREADS);
    const figure = page.locator('#chart-tps-over-time');
    await hydrated(figure);
    await figure.locator('.tps-chart__live svg g.mark-symbol path[aria-label^="Time (s): 8;"]').hover();
    const file = 'raw/oltp_read_write-t4-interval.txt';
    const lineNo = Number(await tooltipValue(page, 'line'));
    const raw = rawLines(THREADS, file)[lineNo - 1];
    expect(raw).toMatch(/^\[ 8s \]/);
    expect(number(await tooltipValue(page, 'Transactions per second (tx/s)'))).toBe(number(/ tps: ([\d.]+)/.exec(raw)[1]));
  });

  test('hovering a CPU point shows the busy share of the pinned cores, averaged from the raw mpstat lines', async ({ page }) => {
    await page.goto(CORES);
    const figure = page.locator('#chart-tps-and-cpu-pass-1');
    await hydrated(figure);
    // every variant kept its cores nearly 100 % busy, so the points overlap: hover the one drawn last
    const cases = [
      { cores: 1, variant: 'P_S waits', file: 'raw/mpstat-ps-waits-c1-t8-r1.txt', cpus: ['0'] },
      { cores: 2, variant: 'P_S waits', file: 'raw/mpstat-ps-waits-c2-t16-r1.txt', cpus: ['0', '1'] },
    ];
    for (const { cores, variant, file, cpus } of cases) {
      await figure.locator(`.tps-chart__live svg g.mark-symbol path[aria-label^="Cores the server may use: ${cores};"][aria-label*="CPU busy"][aria-label*="variant: ${variant};"]`).hover();
      expect(await tooltipValue(page, 'raw file')).toBe(file);
      const shown = number(await tooltipValue(page, 'CPU busy'));
      expect(Math.abs(shown - mpstatBusy(CORES, file, cpus))).toBeLessThanOrEqual(0.05);
    }
    await figure.locator('.tps-chart__live svg g.mark-symbol path[aria-label^="Cores the server may use: 2;"][aria-label*="Transactions"][aria-label*="variant: AHI on;"]').hover();
    expect(number(await tooltipValue(page, 'Transactions per second (tx/s)'))).toBe(summaryRate(CORES, 'raw/sysbench-ahi-on-c2-t16-r1.txt'));
  });

  test('hovering a histogram bar shows its bucket and count as the raw line prints them', async ({ page }) => {
    await page.goto(GALLERY);
    const figure = page.locator('#chart-cpu-latency-histogram');
    await hydrated(figure);
    const bar = figure.locator('.tps-chart__live svg g.mark-rect.role-mark').first().locator('path').nth(1);
    await bar.hover({ force: true });
    const file = await tooltipValue(page, 'raw file');
    const lineNo = Number(await tooltipValue(page, 'line'));
    const [, bucket, count] = /^\s+([\d.]+) \|\**\s+(\d+)$/.exec(rawLines(GALLERY, file)[lineNo - 1]);
    expect(await tooltipValue(page, 'Event latency (ms)')).toBe(bucket);
    expect(number(await tooltipValue(page, 'Events'))).toBe(Number(count));
  });
});
