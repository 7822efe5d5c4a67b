// The stress report's latch waits: performance_schema's wait summary sampled
// before, every few seconds during and after each ten-minute run. Every
// expected figure is worked out here from the published raw waits files
// (picoseconds subtracted as integers), never from the JSON the page was
// built from; the charts' figures are read from the spec published beside
// the page.
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { chartOf, number, tooltipValue, hydrated, drawing } from './page.mjs';

const PAGE = '/reports/read-write-stress-over-time/';
const SETTINGS = ['trx-commit-1', 'trx-commit-2', 'purge-threads-1'];
const waitsFile = (setting) => `raw/waits/waits-${setting}.txt`;
const sysbenchFile = (setting) => `raw/waits/sysbench-${setting}.txt`;
const TOP_BARS = 10;
const TOP_LINES = 5;

/** Every snapshot of a raw waits file: its marker's t and each event's count and picoseconds, with the line. */
function snapshots(setting) {
  const out = [];
  rawLines(PAGE, waitsFile(setting)).forEach((line, i) => {
    const marker = /^-- snapshot \d+ t=([\d.]+)s /.exec(line);
    if (marker) out.push({ t: marker[1], events: new Map() });
    const row = /^(wait\/\S+)\t(\d+)\t(\d+)$/.exec(line);
    if (row) out.at(-1).events.set(row[1], { count: BigInt(row[2]), ps: BigInt(row[3]), line: i + 1 });
  });
  return out;
}

/** Picoseconds as exact decimal seconds ("0.248352132875"). */
function seconds(ps) {
  const digits = ps.toString().padStart(13, '0');
  return `${digits.slice(0, -12)}.${digits.slice(-12)}`.replace(/\.?0+$/, '');
}

/** Each event's wait time from snapshot a to snapshot b, in picoseconds (an event b lists and a does not started at zero). */
function waited(a, b) {
  return new Map([...b.events].map(([name, e]) => [name, { ps: e.ps - (a.events.get(name)?.ps ?? 0n), line: e.line }]));
}

/** Event names by total wait time over the run, largest first (name breaks ties). */
function ranked(setting) {
  const s = snapshots(setting);
  return [...waited(s[0], s.at(-1))].sort(([an, a], [bn, b]) => (b.ps > a.ps ? 1 : b.ps < a.ps ? -1 : an < bn ? -1 : 1)).map(([name]) => name);
}

const lastPart = (name) => name.split('/').pop();

test('every bar of the total waits chart is the event\'s SUM_TIMER_WAIT in the last snapshot less the first, in seconds, cited at its last line', async ({ page }) => {
  await page.goto(PAGE);
  const { kind, rows } = await chartOf(page.locator('#chart-latch-waits-total'), PAGE);
  expect(kind).toBe('top-waits');
  for (const setting of SETTINGS) {
    const s = snapshots(setting);
    expect(s.length, waitsFile(setting)).toBeGreaterThan(50);
    const total = waited(s[0], s.at(-1));
    const mine = rows.filter((r) => r.setting === setting);
    // The chart's data holds the bars it draws: the TOP_BARS events with the most wait time, ties by name.
    expect(mine.map((r) => r.name).sort(), setting).toEqual(ranked(setting).slice(0, TOP_BARS).sort());
    for (const row of mine) {
      const expected = total.get(row.name);
      expect(row.text, `${setting} ${row.name}`).toBe(seconds(expected.ps));
      expect(row.value).toBe(Number(seconds(expected.ps)));
      expect([row.source, row.line]).toEqual([waitsFile(setting), expected.line]);
      expect(rawLines(PAGE, row.source)[row.line - 1].startsWith(`${row.name}\t`)).toBe(true);
    }
  }
});

test('the waits over time are the change between consecutive snapshots of the events with the most wait time in total, at the seconds the markers give', async ({ page }) => {
  await page.goto(PAGE);
  const { kind, rows } = await chartOf(page.locator('#chart-latch-waits-over-time'), PAGE);
  expect(kind).toBe('over-time');
  for (const setting of SETTINGS) {
    const s = snapshots(setting);
    const top = ranked(setting).slice(0, TOP_LINES);
    const mine = rows.filter((r) => r.setting === setting);
    expect([...new Set(mine.map((r) => r.name))], setting).toEqual(top);
    expect(mine.length).toBe(top.length * (s.length - 1));
    for (let k = 1; k < s.length; k += 1) {
      const t = Math.round((Number(s[k].t) - Number(s[0].t)) * 1e6) / 1e6;
      const interval = waited(s[k - 1], s[k]);
      for (const name of top) {
        const row = mine.find((r) => r.name === name && r.t === t);
        expect(row, `${setting} ${name} at t=${t}`).toBeTruthy();
        expect(row.text).toBe(seconds(interval.get(name).ps));
        expect(row.line).toBe(interval.get(name).line);
      }
    }
  }
});

test('the throughput chart of each ten-minute run draws every interval sysbench printed', async ({ page }) => {
  await page.goto(PAGE);
  for (const setting of SETTINGS) {
    const printed = rawLines(PAGE, sysbenchFile(setting)).map((l) => /^\[ (\d+)s \] thds: \d+ tps: ([\d.]+) /.exec(l)).filter(Boolean);
    const { rows } = await chartOf(page.locator(`#chart-tps-${setting}`), PAGE);
    expect(rows.map((r) => [r.t, r.value]), setting).toEqual(printed.map(([, t, tps]) => [Number(t), Number(tps)]));
    expect(rows.map((r) => r.line)).toEqual(printed.map((m) => rawLines(PAGE, sysbenchFile(setting)).indexOf(m.input) + 1));
  }
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('each panel of the total waits chart names the events with the most wait time in the raw file, largest first', async ({ page }) => {
    await page.goto(PAGE);
    const labels = await (await drawing(page.locator('#chart-latch-waits-total'))).locator('g.role-axis-label').evaluateAll((axes) => axes.map((g) => [...g.querySelectorAll('text')].map((t) => t.textContent)));
    const named = labels.filter((texts) => texts.some((t) => /[a-z_]{4,}/.test(t)));
    expect(named).toEqual(SETTINGS.map((s) => ranked(s).slice(0, TOP_BARS).map(lastPart)));
  });
});

test.describe('with JavaScript', () => {
  test('hovering the largest interval of the top event shows its wait time and the raw line it ends on', async ({ page }) => {
    const setting = SETTINGS[0];
    const s = snapshots(setting);
    const [top] = ranked(setting);
    const intervals = s.slice(1).map((snap, i) => ({ t: Math.round((Number(snap.t) - Number(s[0].t)) * 1e6) / 1e6, ...waited(s[i], snap).get(top) }));
    const largest = intervals.reduce((a, b) => (b.ps > a.ps ? b : a));
    await page.goto(PAGE);
    const figure = page.locator('#chart-latch-waits-over-time');
    await figure.scrollIntoViewIfNeeded();
    await hydrated(figure);
    await figure.locator(`.tps-chart__live svg g.mark-symbol path[aria-label^="Time (s): ${largest.t};"][aria-label*="${top}"]`).first().hover();
    expect(number(await tooltipValue(page, 'Wait time'))).toBeCloseTo(Number(seconds(largest.ps)), 4);
    expect(await tooltipValue(page, 'raw file')).toBe(waitsFile(setting));
    expect(await tooltipValue(page, 'line')).toBe(String(largest.line));
  });
});
