// The row formats and compression report: load times, .ibd sizes, SHOW TABLE
// STATUS, INNODB_CMP and the thread sweeps captured on MariaDB 10.11. Every
// expected figure is read here from the published raw files with a regex
// (never from the JSON the page was built from); shares and differences are
// worked out again from those figures.
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { number, squash, rawMatch, percentChange, hydrated, drawing } from './page.mjs';

const PAGE = '/reports/row-formats-and-compression/';
const FORMATS = {
  Compact: 'compact',
  Dynamic: 'dynamic',
  'Compressed (8K)': 'compressed-kbs8',
  'Compressed (4K)': 'compressed-kbs4',
};
const THREADS_AXIS = 'Client threads';

/** "real	0m30.641s" from bash's time: the text and its seconds. */
function bashReal(format) {
  const m = rawMatch(PAGE, `raw/load-time-${FORMATS[format]}.txt`, /^real\s+((\d+)m([\d.]+)s)$/);
  return { text: m[1], seconds: Number(m[2]) * 60 + Number(m[3]), line: m.lineNumber };
}

/** The size column of `ls -l`: "-rw-rw---- 1 root root 62914560 Nov 22 02:17 sbtest1.ibd". */
function lsBytes(format) {
  const m = rawMatch(PAGE, `raw/ibd-size-${FORMATS[format]}.txt`, /^[-d][rwxsStT-]{9}\s+\d+\s+\S+\s+\S+\s+(\d+)\s.*sbtest1\.ibd$/);
  return { bytes: Number(m[1]), line: m.lineNumber };
}

/** A field of SHOW TABLE STATUS \G: "     Data_length: 45678592". */
function tableStatus(format, field) {
  return Number(rawMatch(PAGE, `raw/table-status-${FORMATS[format]}.txt`, new RegExp(`^\\s*${field}:\\s+(\\d+)$`))[1]);
}

/** INNODB_CMP's row for a page size: the first bordered row starting with it (INNODB_CMP comes first). */
function innodbCmp(file, pageSize) {
  const m = rawMatch(PAGE, file, new RegExp(`^\\|\\s+${pageSize} \\|\\s+(\\d+) \\|\\s+(\\d+) \\|\\s+(\\d+) \\|\\s+(\\d+) \\|\\s+(\\d+) \\|$`));
  const [ops, ok, time, uops, utime] = m.slice(1, 6);
  return { ops, ok, time, uops, utime, line: m.lineNumber };
}

const sysbenchFile = (format, pool, threads) => `raw/sysbench-${FORMATS[format]}-bp${pool}-t${threads}.txt`;
/** "transactions:                        712    (36.26 per sec.)": the rate as printed. */
const tpsText = (file) => rawMatch(PAGE, file, /^\s*transactions:\s+\d+\s+\(([\d.]+) per sec\.\)/)[1];

/** The table on the page that shows figures from `file`. */
const tableOf = (page, kind, file) => page.locator(`table.${kind}:has(a.fig[data-source="${file}"])`);

test('load-time-table: each format\'s load time is the `real` time bash printed, with its seconds', async ({ page }) => {
  await page.goto(PAGE);
  const table = tableOf(page, 'load-time-table', 'raw/load-time-compact.txt');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  for (const format of Object.keys(FORMATS)) {
    const real = bashReal(format);
    const row = table.locator('tbody tr', { has: page.locator(`th:text-is("${format}")`) });
    const fig = row.locator('a.fig');
    await expect(fig).toHaveAttribute('data-source', `raw/load-time-${FORMATS[format]}.txt`);
    await expect(fig).toHaveAttribute('data-line', String(real.line));
    expect(Number(await fig.getAttribute('data-value')), format).toBeCloseTo(real.seconds, 6);
    await expect(row.locator('td.printed')).toHaveText(real.text);
    // The reading keeps the decimals bash printed: 0m0.980s is 0.980 s, not a rounded 1 s.
    const [, min, sec] = /^(\d+)m([\d.]+)s$/.exec(real.text);
    expect(squash(await fig.textContent()), format).toBe(`${Number(min) ? `${Number(min)} min ` : ''}${sec} s`);
    // The derived seconds keep those decimals too.
    await expect(row.locator('td.derived')).toHaveText((Number(min) * 60 + Number(sec)).toFixed((sec.split('.')[1] ?? '').length));
  }
});

test('sizes-table: each .ibd size is the byte count `ls -l` printed, one hover away behind a MiB reading', async ({ page }) => {
  await page.goto(PAGE);
  const table = tableOf(page, 'sizes-table', 'raw/ibd-size-compact.txt');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  for (const format of Object.keys(FORMATS)) {
    const { bytes, line } = lsBytes(format);
    const fig = table.locator('tbody tr', { has: page.locator(`th:text-is("${format}")`) }).locator('a.fig');
    await expect(fig).toHaveAttribute('data-bytes', String(bytes));
    await expect(fig).toHaveAttribute('data-line', String(line));
    expect(await fig.getAttribute('title')).toContain(`${bytes.toLocaleString('en-US')} bytes`);
    const [, n] = /^([\d.]+)\sMiB$/.exec(squash((await fig.textContent()).replace(/\u00a0/g, ' ')));
    expect(Math.abs(Number(n) * 1024 ** 2 - bytes) / bytes, format).toBeLessThan(0.006);
  }
});

test('sizes-table: Data_length and Index_length are the ones SHOW TABLE STATUS \\G printed for each format', async ({ page }) => {
  await page.goto(PAGE);
  const table = tableOf(page, 'sizes-table', 'raw/table-status-compact.txt');
  await expect(table.locator('thead th')).toHaveText(['Format', 'Data_length', 'Index_length']);
  for (const format of Object.keys(FORMATS)) {
    const figs = table.locator('tbody tr', { has: page.locator(`th:text-is("${format}")`) }).locator('a.fig');
    await expect(figs).toHaveCount(2);
    await expect(figs.nth(0)).toHaveAttribute('data-bytes', String(tableStatus(format, 'Data_length')));
    await expect(figs.nth(1)).toHaveAttribute('data-bytes', String(tableStatus(format, 'Index_length')));
  }
});

test('compression-table: INNODB_CMP of each capture shows only the page size in use, with compress_ops_ok / compress_ops as printed', async ({ page }) => {
  await page.goto(PAGE);
  const table = tableOf(page, 'compression-table', 'raw/innodb-cmp-compressed-kbs8.txt');
  await expect(table.locator('tbody tr')).toHaveCount(6);
  for (const [format, pageSize] of [['Compressed (8K)', 8192], ['Compressed (4K)', 4096]]) {
    for (const [after, suffix] of [['load', ''], ['32M sweep', '-bp32M-after-runs'], ['512M sweep', '-bp512M-after-runs']]) {
      const file = `raw/innodb-cmp-${FORMATS[format]}${suffix}.txt`;
      const cmp = innodbCmp(file, pageSize);
      const row = table.locator('tbody tr', { has: page.locator(`th:text-is("${format} · ${after}")`) });
      await expect(row.locator('a.fig'), file).toHaveText([String(pageSize), cmp.ops, cmp.ok, cmp.time, cmp.uops, cmp.utime]);
      await expect(row.locator('a.fig').first()).toHaveAttribute('data-line', String(cmp.line));
      // The share rounds to the digits shown, and a share short of all never reads 100 %.
      const shown = (await row.locator('td.ratio').textContent()).replace(/\u00a0/g, ' ');
      const digits = /^(\d+\.\d+) %$/.exec(shown)?.[1];
      expect(digits, `${file}: ${shown}`).toBeDefined();
      const exact = (Number(cmp.ok) / Number(cmp.ops)) * 100;
      const places = digits.split('.')[1].length;
      expect(Math.abs(Number(digits) - exact), `${file}: ${shown}`).toBeLessThanOrEqual(0.5 * 10 ** -places + 1e-9);
      if (cmp.ok !== cmp.ops) expect(Number(digits), `${file}: ${cmp.ok} of ${cmp.ops}`).toBeLessThan(100);
    }
  }
});

test('compare: at 512 threads each buffer pool shows the printed rates and each format\'s difference to COMPACT', async ({ page }) => {
  await page.goto(PAGE);
  for (const [pool, caption] of [['32M', '32 MB buffer pool'], ['512M', '512 MB buffer pool']]) {
    const block = page.locator('.tps-compare', { has: page.locator('caption', { hasText: `Transactions per second against COMPACT, ${caption}` }) });
    await expect(block.locator('thead th').last()).toHaveText(/512 threads/);
    const base = tpsText(sysbenchFile('Compact', pool, 512));
    for (const format of Object.keys(FORMATS)) {
      const rate = tpsText(sysbenchFile(format, pool, 512));
      const cells = (await block.locator(`tr[data-variant="${format}"] td`).allTextContents()).map(squash);
      // one run per cell: every difference says so beside it
      expect(cells.slice(4, 6), `${format} ${pool}`).toEqual([rate, format === 'Compact' ? 'baseline' : `${percentChange(Number(rate), Number(base))} single runs, noise unknown`]);
    }
  }
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the throughput chart has a panel per buffer pool, a log-2 threads axis, and its 512-thread points carry the printed rates', async ({ page }) => {
    await page.goto(PAGE);
    const svg = await drawing(page.locator('#chart-tps-by-threads'));
    await expect(svg.locator('g.mark-symbol.role-mark path')).toHaveCount(80);
    // Each panel has its own threads axis; the other axis groups are the y axes.
    const axes = await svg.locator('.role-axis-label').evaluateAll((groups) => groups.map((g) => [...g.querySelectorAll('text')].map((t) => t.textContent)));
    expect(axes.filter((labels) => labels.join(' ') === '1 2 4 8 16 32 64 128 256 512')).toHaveLength(2);
    for (const pool of ['32M', '512M']) {
      for (const format of Object.keys(FORMATS)) {
        const file = sysbenchFile(format, pool, 512);
        const point = svg.locator(`g.mark-symbol path[aria-label^="${THREADS_AXIS}: 512;"][aria-label*="raw file: ${file};"]`);
        await expect(point, file).toHaveCount(1);
        const label = await point.getAttribute('aria-label');
        expect(number(/Transactions per second \(tx\/s\): ([\d.,]+)/.exec(label)[1]), file).toBe(number(tpsText(file)));
        expect(label).toContain(`Row format: ${format};`);
        expect(label).toContain(`Buffer pool: ${pool};`);
      }
    }
  });
});

test.describe('with JavaScript', () => {
  test('hovering a 512-thread point in each buffer pool panel shows the rate, format and raw file', async ({ page }) => {
    await page.goto(PAGE);
    const figure = page.locator('#chart-tps-by-threads');
    await hydrated(figure);
    const tooltip = page.locator('#vg-tooltip-element');
    const value = (key) => tooltip.locator('tr', { has: page.locator('td.key', { hasText: key }) }).first().locator('td.value');
    // COMPACT's 512-thread points sit clear of the others in both panels, so the hover lands on them.
    for (const pool of ['32M', '512M']) {
      const file = sysbenchFile('Compact', pool, 512);
      await figure.locator(`.tps-chart__live svg g.mark-symbol path[aria-label^="${THREADS_AXIS}: 512;"][aria-label*="raw file: ${file};"]`).hover({ force: true });
      await expect(tooltip).toBeVisible();
      expect(number(await value('Transactions per second (tx/s)').textContent()), file).toBe(number(tpsText(file)));
      await expect(value('Row format')).toHaveText('Compact');
      await expect(value('Buffer pool')).toHaveText(pool);
      await expect(value('raw file')).toHaveText(file);
      await page.mouse.move(0, 0);
    }
  });
});
