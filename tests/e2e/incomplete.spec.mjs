// A report whose raw files include output cut short (real captures from the
// sample reports, cut the way a run that died leaves them): on the page every
// figure, table row, chart point and claim read from a cut file says
// "incomplete", links the raw line where the output stops and gives the
// reason, to the eye and to a screen reader. No sample report has such a
// file, so this spec builds a small site of its own and serves it on the
// port after the test port.
import { test, expect } from '@playwright/test';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeSite } from '../bench/scale.mjs';
import { serveStatic } from '../helpers/static-server.mjs';
import { writeIncompleteReport, CUTS, SLUG } from '../helpers/incomplete-report.mjs';
import { hydrated, squash, drawing } from './page.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const PORT = Number(process.env.TPSREPORT_TEST_PORT ?? 4173) + 1;
const PAGE = `http://127.0.0.1:${PORT}/reports/${SLUG}/`;

// One site and one server for the whole file.
test.describe.configure({ mode: 'serial' });

let dir;
let server;
let bundle;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = makeSite(ROOT, 0);
  bundle = writeIncompleteReport(dir);
  const r = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tpsreport build failed:\n${r.stderr}`);
  server = await serveStatic(join(dir, 'public'), PORT);
});
test.afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const MPSTAT = 'raw/mpstat-cut.txt';
const SYSBENCH = 'raw/sysbench-cut.txt';
const stopsAt = (file) => `${file} stops at line ${CUTS[file].lines}`;
const rawLine = (file, n) => readFileSync(join(bundle, file), 'utf8').split('\n')[n - 1];

test('with JavaScript off, each figure from a cut file is marked incomplete and each view says where the file stops and why', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PAGE);
  const article = page.locator('article');

  // The value inside a sentence: its figure, the mark, and the reason in parentheses.
  const sentence = article.locator('p', { hasText: 'The cut capture’s CPUs were' });
  await expect(sentence.locator('a.fig')).toHaveText(/^\d+\.\d+$/);
  await expect(sentence.locator('a.incomplete-mark')).toHaveText('incomplete');
  await expect(sentence.locator('.tps-incomplete')).toHaveText(`(incomplete output: ${stopsAt(MPSTAT)}: ${CUTS[MPSTAT].reason})`);
  // The whole capture's value says nothing of the kind.
  const whole = article.locator('p', { hasText: 'The whole one’s were' });
  await expect(whole.locator('a.fig')).toHaveCount(1);
  await expect(whole.locator('.incomplete-mark, .tps-incomplete')).toHaveCount(0);

  // The table: the cut run's row is marked, the whole run's is not, and a note under it gives the reason.
  const table = article.locator('.table-scroll', { has: page.locator('caption', { hasText: 'User time, all CPUs' }) });
  await expect(table.locator('tr', { has: page.locator('th', { hasText: /^cut$/ }) }).locator('a.incomplete-mark')).toHaveText('incomplete');
  await expect(table.locator('tr', { has: page.locator('th', { hasText: /^whole$/ }) }).locator('a.incomplete-mark')).toHaveCount(0);
  const tableNote = table.locator('xpath=following-sibling::p[contains(@class, "tps-incomplete")][1]');
  await expect(tableNote).toBeVisible();
  expect(squash(await tableNote.textContent())).toBe(`Incomplete output: ${stopsAt(MPSTAT)}: ${CUTS[MPSTAT].reason}. Figures from this file are what it held up to there.`);

  // The claim: the cut side is marked, and the sentence carries the reason.
  const claim = article.locator('p', { hasText: 'The cut capture idled' });
  await expect(claim.locator('.tps-claim a.incomplete-mark')).toHaveCount(1);
  await expect(claim.locator('.tps-incomplete')).toContainText(stopsAt(MPSTAT));

  // The chart: its drawing says so in its subtitle, and a note under the figure gives the reason.
  const figure = page.locator('#chart-tps');
  await expect((await drawing(figure)).locator('text', { hasText: `Incomplete output: ${stopsAt(SYSBENCH)} (hollow marks).` })).toBeVisible();
  const chartNote = figure.locator('xpath=following-sibling::p[1]');
  await expect(chartNote).toHaveClass('tps-incomplete');
  expect(squash(await chartNote.textContent())).toBe(`Incomplete output: ${stopsAt(SYSBENCH)}: ${CUTS[SYSBENCH].reason}. Figures from this file are what it held up to there.`);

  // The stability table: the cut run's row is marked, the whole run's is not.
  const steadiness = article.locator('table.stability-table');
  await expect(steadiness.locator('tr[data-run="cut"] th a.incomplete-mark')).toHaveAttribute('href', `./${SYSBENCH}.html#L${CUTS[SYSBENCH].lines}`);
  await expect(steadiness.locator('tr[data-run="whole"] a.incomplete-mark')).toHaveCount(0);

  // The runs table: the cut capture's run is ok as far as it went, and marked.
  const runs = article.locator('table.tps-runs tr', { has: page.locator('a', { hasText: 'mpstat-cut.txt' }) });
  await expect(runs.locator('td').nth(2)).toHaveText('ok incomplete');
  await context.close();
});

test('the mark and the note link to the raw line where the cut file stops, which is the last line it holds', async ({ page }) => {
  await page.goto(PAGE);
  const sentence = page.locator('article p', { hasText: 'The cut capture’s CPUs were' });
  const lines = CUTS[MPSTAT].lines;
  await expect(sentence.locator('.tps-incomplete a')).toHaveAttribute('href', `./${MPSTAT}.html#L${lines}`);
  await sentence.locator('a.incomplete-mark').click();
  await expect(page).toHaveURL(new RegExp(`/reports/${SLUG}/raw/mpstat-cut\\.txt\\.html#L${lines}$`));
  const target = page.locator(`#L${lines}`);
  await expect(target.locator('code')).toHaveText(rawLine(MPSTAT, lines));
  await expect(page.locator(`#L${lines + 1}`)).toHaveCount(0);
  // The last line read is a real line of the whole capture, at the same place.
  const [report, file] = CUTS[MPSTAT].from;
  expect(readFileSync(join(ROOT, 'content', 'reports', report, 'raw', file), 'utf8').split('\n')[lines - 1]).toBe(rawLine(MPSTAT, lines));
  // The raw view says so too.
  await expect(page.locator('.tps-incomplete')).toHaveText(`Incomplete output: it stops at line ${lines}: ${CUTS[MPSTAT].reason}`);
});

test('a screen reader hears the mark with its reason, the notes as notes, and each cut point of the chart as incomplete', async ({ page }) => {
  await page.goto(PAGE);
  const mark = page.locator('article p', { hasText: 'The cut capture’s CPUs were' }).locator('a.incomplete-mark');
  await expect(mark).toHaveAccessibleName('incomplete');
  await expect(mark).toHaveAccessibleDescription(`incomplete output: ${stopsAt(MPSTAT)}: ${CUTS[MPSTAT].reason}`);
  // Under the table, the chart, the stability table and the runs table, and inside the value's and the claim's sentences.
  await expect(page.getByRole('note').filter({ hasText: /^\s*\(?incomplete output: /i })).toHaveCount(6);
  const intervals = readFileSync(join(bundle, SYSBENCH), 'utf8').split('\n').filter((l) => /^\[ \d+s \] /.test(l)).length;
  const figure = page.locator('#chart-tps');
  await expect(figure.locator('.tps-chart__svg img')).toHaveAccessibleName(new RegExp(`; ${intervals} figures from incomplete output \\(raw/sysbench-cut\\.txt stops at line 50\\)\\.$`));
  // The drawing's points carry their tooltip text as labels: the cut run's say where it stops, the whole run's do not.
  const svg = await drawing(figure);
  await expect(svg.locator(`[aria-label*="Run: cut;"][aria-label$="incomplete output: ${stopsAt(SYSBENCH)}"]`)).toHaveCount(intervals);
  const whole = svg.locator('[aria-label*="Run: whole;"]');
  await expect(whole.first()).toBeAttached();
  await expect(whole.and(svg.page().locator('[aria-label$="incomplete output: no"]'))).toHaveCount(await whole.count());
});

test('hovering a point of the cut run shows where its output stops in the tooltip', async ({ page }) => {
  await page.goto(PAGE);
  const figure = page.locator('#chart-tps');
  await hydrated(figure);
  const point = figure.locator('.tps-chart__live svg [aria-label*="Run: cut;"]').first();
  await point.hover({ force: true });
  const tooltip = page.locator('#vg-tooltip-element');
  await expect(tooltip).toBeVisible();
  await expect(tooltip.locator('tr', { has: page.locator('td.key', { hasText: 'incomplete output' }) }).locator('td.value')).toHaveText(stopsAt(SYSBENCH));
});
