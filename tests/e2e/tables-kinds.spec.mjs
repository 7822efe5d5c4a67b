// Each table kind shows what the raw files say: figures are read here from the
// published raw files with regexes, never from the JSON the pages were built
// from, and differences and ratios are worked out again from those figures.
import { test, expect } from '@playwright/test';
import { reportPages, rawLines } from './site.mjs';
import { squash, percentChange } from './page.mjs';

const INNODB = '/reports/innodb-plugin-vs-builtin/';
const ROW_FORMATS = '/reports/row-formats-and-compression/';
const SERVERS = {
  'MySQL 5.1.49sp1 built-in InnoDB': { rw: 'sysbench-5.1-builtin-rw.txt', ro: 'sysbench-5.1-builtin-ro.txt', dbt2: 'dbt2-5.1-builtin.txt' },
  'MySQL 5.1.49sp1 InnoDB plugin': { rw: 'sysbench-5.1-plugin-rw.txt', ro: 'sysbench-5.1-plugin-ro.txt', dbt2: 'dbt2-5.1-plugin.txt' },
  'MySQL 5.5.9': { rw: 'sysbench-5.5.9-rw.txt', ro: 'sysbench-5.5.9-ro.txt', dbt2: 'dbt2-5.5.9.txt' },
};

/** The first capture of `pattern` on any line of a raw file. */
function rawFigure(page, file, pattern) {
  for (const line of rawLines(page, `raw/${file}`)) {
    const m = pattern.exec(line);
    if (m) return m[1];
  }
  throw new Error(`${file}: nothing matches ${pattern}`);
}

const tps = (file) => Number(rawFigure(INNODB, file, /^\s*transactions:.*\(([\d.]+) per sec\.\)/));
const notpm = (file) => Number(rawFigure(INNODB, file, /^([\d.]+) new-order transactions per minute/));
test('compare: every server\'s throughput is as printed, with its difference to the built-in InnoDB worked out from the raw figures', async ({ page }) => {
  await page.goto(INNODB);
  const table = page.locator('table.compare-table');
  const base = SERVERS['MySQL 5.1.49sp1 built-in InnoDB'];
  for (const [server, files] of Object.entries(SERVERS)) {
    const cells = (await table.locator(`tr[data-variant="${server}"] td`).allTextContents()).map(squash);
    const expected = [
      [tps(files.rw), tps(base.rw)], [tps(files.ro), tps(base.ro)], [notpm(files.dbt2), notpm(base.dbt2)],
    // one run per server: every difference says so beside it
    ].flatMap(([v, b]) => [v.toFixed(2), files === base ? 'baseline' : `${percentChange(v, b)} single runs, noise unknown`]);
    expect(cells, server).toEqual(expected);
  }
  await expect(table.locator('thead th')).toHaveText([/Server/, /sysbench read\/write\s*\(tx\/s\)/, /sysbench read-only\s*\(tx\/s\)/, /DBT-2 NOTPM\s*\(tx\/min\)/]);
});

test('compare: a reader picks another baseline and every difference is taken against it', async ({ page }) => {
  await page.goto(INNODB);
  const box = page.locator('.tps-compare');
  await expect(box.locator('.baseline-picker')).toBeVisible();
  await box.locator('select').selectOption('MySQL 5.5.9');
  await expect(box.locator('.baseline-name')).toHaveText('MySQL 5.5.9');
  const base = SERVERS['MySQL 5.5.9'];
  const plugin = SERVERS['MySQL 5.1.49sp1 InnoDB plugin'];
  const deltas = (await box.locator('tr[data-variant="MySQL 5.1.49sp1 InnoDB plugin"] td.delta .delta-value').allTextContents()).map(squash);
  expect(deltas).toEqual([percentChange(tps(plugin.rw), tps(base.rw)), percentChange(tps(plugin.ro), tps(base.ro)), percentChange(notpm(plugin.dbt2), notpm(base.dbt2))]);
  await expect(box.locator('tr[data-variant="MySQL 5.5.9"] td.delta').first()).toHaveText('baseline');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('compare: the author\'s baseline shows and the picker stays hidden', async ({ page }) => {
    await page.goto(INNODB);
    await expect(page.locator('.tps-compare .baseline-picker')).toBeHidden();
    await expect(page.locator('.tps-compare .baseline-name')).toHaveText('MySQL 5.1.49sp1 built-in InnoDB');
  });
});

test('dbt2-table: each server\'s New Order line (mix, average, 90th percentile, total, rollbacks) and NOTPM are as DBT-2 printed them', async ({ page }) => {
  await page.goto(INNODB);
  for (const [server, { dbt2 }] of Object.entries(SERVERS)) {
    const table = page.locator('table.dbt2-table', { has: page.locator(`caption:text-is("${server}")`) });
    const raw = rawLines(INNODB, `raw/${dbt2}`).find((l) => /^\s*New Order\s/.test(l));
    const [, mix, avg, p90, total, rollbacks, pct] = /New Order\s+([\d.]+)\s+([\d.]+)\s*:\s*([\d.]+)\s+(\d+)\s+(\d+)\s+([\d.]+)/.exec(raw);
    await expect(table.locator('tr', { has: page.locator('th:text-is("New Order")') }).locator('td')).toHaveText([mix, avg, p90, total, rollbacks, pct]);
    await expect(table.locator('tfoot')).toContainText(rawFigure(INNODB, dbt2, /^([\d.]+) new-order transactions per minute/));
    await expect(table.locator('tfoot')).toContainText(`duration ${rawFigure(INNODB, dbt2, /^([\d.]+) minute duration/)}`);
  }
});

test('sysbench-summary: queries, transactions per second and the 95th percentile are as sysbench printed them for each server', async ({ page }) => {
  await page.goto(INNODB);
  const table = page.locator('table.sysbench-summary');
  const line = (title) => table.locator('tbody tr', { has: page.locator(`th:text-matches("^${title}( \\\\(|$)")`) }).locator('td');
  const files = Object.values(SERVERS).map((s) => s.rw);
  await expect(line('read')).toHaveText(files.map((f) => rawFigure(INNODB, f, /^\s*read:\s+(\d+)/)));
  await expect(line('transactions per second')).toHaveText(files.map((f) => rawFigure(INNODB, f, /^\s*transactions:.*\(([\d.]+) per sec\.\)/)));
  await expect(line('95th percentile')).toHaveText(files.map((f) => rawFigure(INNODB, f, /approx\.\s+95 percentile:\s+([\d.]+)ms/)));
  await expect(line('total time')).toHaveText(files.map((f) => rawFigure(INNODB, f, /total time:\s+([\d.]+)s/)));
});

test('latency-table: min, avg, 95th percentile and max of every run are the per-request statistics sysbench printed', async ({ page }) => {
  await page.goto(INNODB);
  const rows = page.locator('table.latency-table tbody tr');
  await expect(rows).toHaveCount(6);
  for (const [server, files] of Object.entries(SERVERS)) {
    for (const [workload, file] of [['read/write', files.rw], ['read-only', files.ro]]) {
      const expected = ['min', 'avg', 'max'].map((k) => rawFigure(INNODB, file, new RegExp(`^\\s*${k}:\\s+([\\d.]+)ms`)));
      expected.splice(2, 0, rawFigure(INNODB, file, /95 percentile:\s+([\d.]+)ms/));
      const cells = page.locator(`table.latency-table a.fig[data-source="raw/${file}"]`);
      await expect(cells, `${server} ${workload}`).toHaveText(expected);
    }
  }
});

/** Bytes a human size (2.3G, 592M) stands for, powers of 1024. */
function humanBytes(text) {
  const [, n, suffix] = /^([\d.]+)([KMGTP])$/.exec(text);
  return Math.round(Number(n) * 1024 ** ('KMGTP'.indexOf(suffix) + 1));
}
/** The number of bytes a reading like "2.09 GiB" stands for. */
function readingBytes(text) {
  const [, n, unit] = /^([\d.]+)\s(B|KiB|MiB|GiB|TiB)$/.exec(text.replace(/\u00a0/g, ' '));
  return Number(n) * 1024 ** ['B', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(unit);
}

test('sizes-table: each size is read as printed (2.3G, 2247098368); a count\'s exact bytes are one hover away, and a rounded size claims no digits it did not print', async ({ page }) => {
  await page.goto(ROW_FORMATS);
  // The tables the 2008 article printed; the page's own captures have checks of their own.
  const figs = await page.locator('table.sizes-table:has(a.fig[data-source^="raw/published-"]) a.fig').evaluateAll((links) => links.map((a) => ({
    shown: a.textContent.trim(), text: a.dataset.text, bytes: Number(a.dataset.bytes), title: a.title, source: a.dataset.source, line: Number(a.dataset.line),
  })));
  expect(figs).toHaveLength(12);
  for (const fig of figs) {
    const cells = rawLines(ROW_FORMATS, fig.source)[fig.line - 1].split('|').map((c) => c.trim());
    expect(cells, fig.source).toContain(fig.text);
    const count = /^\d+$/.test(fig.text);
    const exact = count ? Number(fig.text) : humanBytes(fig.text);
    expect(fig.bytes, `${fig.text} in ${fig.source}`).toBe(exact);
    if (count) {
      expect(fig.title).toContain(`${exact.toLocaleString('en-US')} bytes`);
      expect(Math.abs(readingBytes(fig.shown) - exact) / exact, `${fig.shown} for ${fig.text}`).toBeLessThan(0.006);
    } else {
      // 2.3G is known to two digits: it reads 2.3 GiB, and no count to the byte stands beside it.
      expect(fig.shown.replace(/\u00a0/g, ' ')).toBe(`${fig.text.slice(0, -1)} ${fig.text.slice(-1)}iB`);
      expect(fig.title).toContain(`printed as ${fig.text}, a rounded size`);
      expect(fig.title).not.toMatch(/\d{4,}/);
    }
  }
});

test('load-time-table: each load time is as printed, and its reading and seconds add up from the printed minutes and seconds', async ({ page }) => {
  await page.goto(ROW_FORMATS);
  const rows = page.locator('table.load-time-table:has(a.fig[data-source="raw/published-load-time.txt"]) tbody tr');
  await expect(rows).toHaveCount(4);
  const header = rawLines(ROW_FORMATS, 'raw/published-load-time.txt').find((l) => l.includes('Compact')).split('|').map((c) => c.trim()).slice(1, -1);
  const times = rawLines(ROW_FORMATS, 'raw/published-load-time.txt').find((l) => /\d+m \d+s/.test(l)).split('|').map((c) => c.trim()).slice(1, -1);
  for (const [i, format] of header.entries()) {
    const [, m, s] = /^(\d+)m (\d+)s$/.exec(times[i]);
    const row = rows.nth(i);
    await expect(row.locator('th')).toHaveText(format);
    await expect(row.locator('a.fig')).toHaveAttribute('data-text', times[i]);
    await expect(row.locator('a.fig')).toHaveAttribute('data-value', String(Number(m) * 60 + Number(s)));
    expect(squash(await row.locator('a.fig').textContent())).toBe(`${Number(m)} min ${Number(s)} s`);
  }
});

test('compression-table: the success ratio of each page size is compress_ops_ok / compress_ops from the printed INNODB_CMP row', async ({ page }) => {
  await page.goto(ROW_FORMATS);
  const lines = rawLines(ROW_FORMATS, 'raw/published-innodb-cmp.txt');
  const header = lines.find((l) => l.includes('Compress_ops_ok')).split('|').map((c) => c.trim()).slice(1, -2);
  for (const label of ['8K', '4K']) {
    // The header's trailing blank cell shifts the names: cell 0 of a body row is its label.
    const cells = lines.find((l) => l.startsWith(`| ${label} `)).split('|').map((c) => c.trim()).slice(2, -1);
    const ops = Number(cells[header.indexOf('Compress_ops')]);
    const ok = Number(cells[header.indexOf('Compress_ops_ok')]);
    const row = page.locator('table.compression-table tbody tr', { has: page.locator(`th:text-is("${label}")`) });
    await expect(row.locator('td.ratio')).toHaveText(`${(Math.round((ok / ops) * 1000) / 10).toFixed(1)}\u00a0%`);
    await expect(row.locator('td').nth(header.indexOf('Compress_ops_ok'))).toHaveText(String(ok));
  }
});

test('config tables: every option value shown is written on the raw line it links to', async ({ page }) => {
  let seen = 0;
  for (const path of reportPages()) {
    await page.goto(path);
    const values = await page.locator('.tps-config-table a.cfg').evaluateAll((links) => links.map((a) => ({
      text: a.textContent.trim(), name: a.dataset.name, source: a.dataset.source, line: Number(a.dataset.line),
    })));
    for (const v of values) {
      const line = rawLines(path, v.source)[v.line - 1];
      expect(line, `${path}${v.source}:${v.line}`).toContain(v.name);
      if (!v.text.startsWith('(set')) expect(line, `${path}${v.source}:${v.line}`).toContain(v.text);
    }
    seen += values.length;
  }
  expect(seen, 'config tables and config-diff values checked').toBeGreaterThan(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of [INNODB, ROW_FORMATS]) {
    test(`${path}: every table scrolls inside its box and the page never gets wider than the screen`, async ({ page }) => {
      await page.goto(path);
      const boxes = await page.locator('.table-scroll').evaluateAll((els) => els.map((e) => Math.ceil(e.getBoundingClientRect().right)));
      expect(boxes.length).toBeGreaterThan(3);
      for (const right of boxes) expect(right).toBeLessThanOrEqual(390);
      const outside = await page.locator('table.tps-table').evaluateAll((tables) => tables.filter((t) => !t.closest('.table-scroll')).length);
      expect(outside).toBe(0);
    });
  }
});
