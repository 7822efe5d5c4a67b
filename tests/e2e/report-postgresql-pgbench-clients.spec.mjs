// The postgresql-pgbench-clients report: three pgbench scripts at 1-8 clients,
// twice each, with synchronous_commit on and off. Every expected figure is read
// here from the published raw files with a regex (never from the JSON the page
// was built from); medians and ratios are worked out again from those figures.
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { number, rawMatch, squash, chartOf, medianText } from './page.mjs';

const PAGE = '/reports/postgresql-pgbench-clients/';
const SETTINGS = ['on', 'off'];
const SCRIPTS = ['tpcb-like', 'simple-update', 'select-only'];
const CLIENTS = [1, 2, 4, 8];
const REPEATS = [1, 2];

const TPS = /^tps = ([\d.]+) \(without initial connection time\)$/;
const PROGRESS = /^progress: ([\d.]+) s, ([\d.]+) tps, lat /;
const STATEMENT = /^\s+([\d.]+)\s+\d+\s+(\S.*)$/;

const runFile = (setting, script, clients, repeat) => `raw/sync-${setting}/${script}-c${clients}-r${repeat}.txt`;
/** The tps each repeat of one configuration printed: text, file and line. */
function printedTps(setting, script, clients) {
  return REPEATS.map((r) => {
    const source = runFile(setting, script, clients, r);
    const m = rawMatch(PAGE, source, TPS);
    return { text: m[1], source, line: m.lineNumber };
  });
}
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const medianTps = (setting, script, clients) => median(printedTps(setting, script, clients).map((p) => number(p.text)));

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the sweep chart draws, for each script, setting and client count, the median of the two runs\' printed tps', async ({ page }) => {
    await page.goto(PAGE);
    const { kind, rows } = await chartOf(page.locator('#chart-tps-by-clients'), PAGE);
    expect(kind).toBe('lines');
    expect(rows).toHaveLength(SETTINGS.length * SCRIPTS.length * CLIENTS.length);
    for (const setting of SETTINGS) {
      for (const script of SCRIPTS) {
        for (const clients of CLIENTS) {
          const printed = printedTps(setting, script, clients);
          const row = rows.find((r) => r.synchronous_commit === setting && r.script === script && r.clients === clients);
          const what = `${setting}, ${script}, ${clients} clients`;
          expect(row.value, what).toBeCloseTo(medianTps(setting, script, clients), 6);
          expect(row.text, what).toBe(medianText(printed.map((p) => p.text), 6));
          expect([row.min, row.max], what).toEqual([Math.min(...printed.map((p) => number(p.text))), Math.max(...printed.map((p) => number(p.text)))]);
          expect(printed.map((p) => p.source), what).toContain(row.source);
        }
      }
    }
  });

  const CAPTIONS = { 'tpcb-like': 'TPC-B-like', 'simple-update': 'simple-update', 'select-only': 'select-only' };
  test('the lead chart draws simple-update\'s medians, and every run with the setting off beat every run with it on', async ({ page }) => {
    await page.goto(PAGE);
    const { kind, rows } = await chartOf(page.locator('#chart-simple-update-by-clients'), PAGE);
    expect(kind).toBe('lines');
    expect(rows).toHaveLength(SETTINGS.length * CLIENTS.length);
    for (const row of rows) expect(row.value, `${row.synchronous_commit}, ${row.clients}`).toBeCloseTo(medianTps(row.synchronous_commit, 'simple-update', row.clients), 6);
    for (const clients of CLIENTS) {
      const [off, on] = ['off', 'on'].map((s) => printedTps(s, 'simple-update', clients).map((p) => number(p.text)));
      expect(Math.min(...off), `${clients} clients`).toBeGreaterThan(Math.max(...on));
    }
  });

  for (const script of SCRIPTS) {
    test(`${script}: every cell of its table is the median of the runs it lists, each printed on its raw line`, async ({ page }) => {
      await page.goto(PAGE);
      const table = page.locator('table.tps-table', { has: page.locator('caption', { hasText: `${CAPTIONS[script]}, transactions per second` }) });
      await expect(table.locator('tbody th')).toHaveText(CLIENTS.map(String));
      for (const [row, clients] of CLIENTS.entries()) {
        for (const [col, setting] of SETTINGS.entries()) {
          const link = table.locator('tbody tr').nth(row).locator('td').nth(col).locator('a.stat');
          const printed = printedTps(setting, script, clients);
          await expect(link).toHaveText(medianText(printed.map((p) => p.text), 6));
          const members = JSON.parse(await link.getAttribute('data-members'));
          expect(members.map((m) => [m.source, m.line, m.text]).sort()).toEqual(printed.map((p) => [p.source, p.line, p.text]).sort());
        }
      }
    });
  }

  test('each claim in the prose carries the ratio of the two settings\' medians, worked out from the raw files, and its relation', async ({ page }) => {
    await page.goto(PAGE);
    // In the order the page makes them: off against on, the verdict the repeats allow.
    const CLAIMS = [['simple-update', 8, 'higher'], ['simple-update', 2, 'higher'], ['simple-update', 4, 'higher'], ['simple-update', 1, 'higher'],
      ['tpcb-like', 8, 'higher'], ['tpcb-like', 1, 'about'], ['select-only', 8, 'about']];
    const claims = page.locator('.tps-claim');
    await expect(claims).toHaveCount(CLAIMS.length);
    for (const [i, [script, clients, relation]] of CLAIMS.entries()) {
      const claim = claims.nth(i);
      const off = printedTps('off', script, clients).map((p) => number(p.text));
      const on = printedTps('on', script, clients).map((p) => number(p.text));
      const what = `claim ${i + 1}: ${script} at ${clients} clients`;
      expect(Number(await claim.getAttribute('data-ratio')), what).toBeCloseTo(median(off) / median(on), 9);
      await expect(claim, what).toHaveAttribute('data-relation', relation);
      // "higher" holds only when every off run beat every on run (the pairwise range stays above 1);
      // "about" when the two settings' runs overlap.
      const apart = Math.min(...off) > Math.max(...on);
      expect(apart, what).toBe(relation === 'higher');
      const size = `${Math.abs(Math.round((median(off) / median(on) - 1) * 1000) / 10).toFixed(1)} %`;
      expect(squash(await claim.textContent()), what).toContain(size);
    }
  });

  test('the prose says select-only at 4 clients had both runs with the setting off below both with it on: the raw files agree', () => {
    const off = printedTps('off', 'select-only', 4).map((p) => number(p.text));
    const on = printedTps('on', 'select-only', 4).map((p) => number(p.text));
    expect(Math.max(...off)).toBeLessThan(Math.min(...on));
  });

  test('the over-time chart draws every progress line of the two first 8-client TPC-B-like runs', async ({ page }) => {
    await page.goto(PAGE);
    const { kind, rows } = await chartOf(page.locator('#chart-tpcb-like-c8-over-time'), PAGE);
    expect(kind).toBe('over-time');
    for (const setting of SETTINGS) {
      const source = runFile(setting, 'tpcb-like', 8, 1);
      const progress = rawLines(PAGE, source).map((line, i) => ({ m: PROGRESS.exec(line), line: i + 1 })).filter((p) => p.m);
      expect(progress.length, source).toBe(10);
      const drawn = rows.filter((r) => r.synchronous_commit === setting);
      expect(drawn.map((r) => [r.t, r.text, r.line, r.source])).toEqual(progress.map((p) => [number(p.m[1]), p.m[2], p.line, source]));
    }
  });

  test('the statement charts draw each statement latency -r printed, and the order the prose describes holds', async ({ page }) => {
    await page.goto(PAGE);
    const latencies = {};
    for (const setting of SETTINGS) {
      const source = runFile(setting, 'tpcb-like', 8, 1);
      const lines = rawLines(PAGE, source);
      const header = lines.findIndex((l) => l.startsWith('statement latencies'));
      const printed = lines.slice(header + 1).map((line, i) => ({ m: STATEMENT.exec(line), line: header + 2 + i })).filter((p) => p.m);
      expect(printed.length, source).toBe(11);
      const { kind, rows } = await chartOf(page.locator(`#chart-statements-${setting}`), PAGE);
      expect(kind).toBe('top-waits');
      // The chart keeps the ten longest (its default top), each on the line -r printed it.
      expect(rows).toHaveLength(10);
      for (const row of rows) {
        const p = printed.find((q) => q.line === row.line);
        expect([row.text, row.command_text, row.source], `${source}:${row.line}`).toEqual([p.m[1], p.m[2], source]);
      }
      const shortest = Math.min(...rows.map((r) => number(r.text)));
      expect(printed.filter((p) => number(p.m[1]) > shortest).every((p) => rows.some((r) => r.line === p.line)), source).toBe(true);
      latencies[setting] = printed.map((p) => ({ command: p.m[2], ms: number(p.m[1]) })).sort((a, b) => b.ms - a.ms);
    }
    // "With the setting on, END … took the longest, and the update of pgbench_branches came next"
    expect(latencies.on.slice(0, 2).map((s) => s.command.split(' ').slice(0, 2).join(' '))).toEqual(['END;', 'UPDATE pgbench_branches']);
    // "With the setting off, END fell … to near its bottom, and the branches update led"
    expect(latencies.off[0].command).toMatch(/^UPDATE pgbench_branches /);
    const timed = latencies.off.filter((s) => !s.command.startsWith('\\set'));
    expect(timed.findIndex((s) => s.command === 'END;')).toBeGreaterThanOrEqual(timed.length - 2);
  });

  test('the wait-event and WAL blocks show their raw files line for line', async ({ page }) => {
    await page.goto(PAGE);
    for (const file of ['raw/sync-on/waits-tpcb-like-c8-r1.txt', 'raw/sync-off/stats-after.txt', 'raw/sizes/sizes-partitions.txt']) {
      const block = page.locator('figure.tps-config', { has: page.locator(`figcaption a[href="./${file}"]`) }).locator('pre');
      const shown = (await block.textContent()).split('\n').map((l) => l.trimEnd()).filter(Boolean);
      expect(shown, file).toEqual(rawLines(PAGE, file).map((l) => l.trimEnd()).filter(Boolean));
    }
  });

  test('the prose says neither sweep saw a checkpoint and the setting off flushed WAL fewer times: the psql snapshots agree', () => {
    const row = (file, header) => {
      const lines = rawLines(PAGE, file);
      const at = lines.findIndex((l) => l.trim().startsWith(header));
      const names = lines[at].split('|').map((s) => s.trim());
      const values = lines[at + 2].split('|').map((s) => s.trim());
      return Object.fromEntries(names.map((n, i) => [n, values[i]]));
    };
    const synced = {};
    for (const setting of SETTINGS) {
      const [before, after] = ['before', 'after'].map((w) => `raw/sync-${setting}/stats-${w}.txt`);
      for (const file of [before, after]) {
        const bg = row(file, 'checkpoints_timed');
        expect([bg.checkpoints_timed, bg.checkpoints_req], file).toEqual(['0', '0']);
      }
      synced[setting] = number(row(after, 'wal_records').wal_sync) - number(row(before, 'wal_records').wal_sync);
    }
    expect(synced.off).toBeLessThan(synced.on);
  });
});
