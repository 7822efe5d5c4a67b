// The cpu-efficiency-by-cores report: three server variants pinned to one and
// two cores at four session counts each, every combination run in two passes.
// Every expected figure is read here from the published raw files (sysbench's
// transactions line, mpstat's Average lines) and combined here, never taken
// from the JSON the page was built from.
import { test, expect } from '@playwright/test';
import { rawLines } from './site.mjs';
import { rawMatch, chartOf, squash, medianText } from './page.mjs';

const PAGE = '/reports/cpu-efficiency-by-cores/';
const VARIANTS = { 'AHI off': 'ahi-off', 'AHI on': 'ahi-on', 'P_S waits': 'ps-waits' };
const SESSIONS = { 1: [1, 2, 4, 8], 2: [2, 4, 8, 16] };
const PASSES = [1, 2];

const file = (tool, variant, cores, threads, pass) => `raw/${tool}-${VARIANTS[variant]}-c${cores}-t${threads}-r${pass}.txt`;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length; // the median of two

/** "transactions: 9296 (619.12 per sec.)": the rate as sysbench printed it, and its line. */
function tps(source) {
  const m = rawMatch(PAGE, source, /^\s*transactions:\s+\d+\s+\(([\d.]+) per sec\.\)/);
  return { source, line: m.lineNumber, text: m[1] };
}

/** One column of mpstat's "Average:" line for one CPU ("all", "0", "1"), and its line. */
function mpstatAverage(source, cpu, column) {
  const lines = rawLines(PAGE, source);
  const header = lines.findIndex((l) => /^Average:\s+CPU\s/.test(l));
  const names = lines[header].trim().split(/\s+/);
  const index = lines.findIndex((l, i) => i > header && l.trim().split(/\s+/)[1] === cpu);
  if (header < 0 || index < 0) throw new Error(`${source}: no Average line for CPU ${cpu}`);
  return { source, line: index + 1, text: lines[index].trim().split(/\s+/)[names.indexOf(column)] };
}

/** The passes of one combination, as the page should list them: sources, lines and printed figures. */
const passes = (read) => PASSES.map(read);

/** A combined figure's link as the page carries it. */
async function statOf(link) {
  return link.evaluate((a) => ({ value: Number(a.dataset.value), text: a.textContent.trim(), members: JSON.parse(a.dataset.members) }));
}

/** The combined figure must list exactly these runs, each with what the raw file printed, and be their median. */
function expectMedianOf(stat, runs, what) {
  expect(stat.members.map((m) => m.source), what).toEqual(runs.map((r) => r.source));
  for (const [i, r] of runs.entries()) {
    expect(stat.members[i].line, `${what}: ${r.source}`).toBe(r.line);
    expect(Number(stat.members[i].text), `${what}: ${r.source}`).toBe(Number(r.text));
  }
  const median = mean(runs.map((r) => Number(r.text)));
  expect(stat.value, what).toBeCloseTo(median, 9);
  const decimals = Math.max(...stat.members.map((m) => m.text.split('.')[1]?.length ?? 0));
  expect(stat.text, what).toBe(medianText(runs.map((r) => r.text), decimals));
}

const tableOf = (page, caption) => page.locator('table.tps-table', { has: page.locator('caption', { hasText: caption }) });

/** Every cell of a sessions × variants table, checked against the two passes' raw figures. */
async function expectTable(page, caption, cores, read) {
  const table = tableOf(page, caption);
  await expect(table).toHaveCount(1);
  await expect(table.locator('thead th')).toHaveText(['Sessions', ...Object.keys(VARIANTS)]);
  await expect(table.locator('tbody th')).toHaveText(SESSIONS[cores].map(String));
  for (const [row, threads] of SESSIONS[cores].entries()) {
    for (const [col, variant] of Object.keys(VARIANTS).entries()) {
      const link = table.locator('tbody tr').nth(row).locator('td').nth(col).locator('a.stat');
      expectMedianOf(await statOf(link), passes((pass) => read(variant, threads, pass)), `${caption}: ${variant}, ${threads} sessions`);
    }
  }
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const [cores, caption] of [[1, 'Server on one core: transactions'], [2, 'Server on two cores: transactions']]) {
    test(`${caption.split(':')[0].toLowerCase()}: every transactions-per-second cell is the median of the two passes sysbench printed`, async ({ page }) => {
      await page.goto(PAGE);
      await expectTable(page, caption, cores, (variant, threads, pass) => tps(file('sysbench', variant, cores, threads, pass)));
    });
  }

  test('the other work\'s share of the server\'s CPUs is mpstat\'s %nice average of CPU 0 (one core) and of all CPUs (two cores)', async ({ page }) => {
    await page.goto(PAGE);
    await expectTable(page, 'share of CPU 0', 1, (variant, threads, pass) => mpstatAverage(file('mpstat', variant, 1, threads, pass), '0', '%nice'));
    await expectTable(page, 'share of both CPUs', 2, (variant, threads, pass) => mpstatAverage(file('mpstat', variant, 2, threads, pass), 'all', '%nice'));
  });

  test('the variants differ from the default in the variables the page names, and the page lists exactly those', async ({ page }) => {
    const variables = (slug) => new Map(rawLines(PAGE, `raw/global-variables-${slug}.txt`)
      .map((line) => /^(\w+)\t(.*)$/.exec(line)).filter(Boolean).map(([, name, value]) => [name, value]));
    const base = variables('ahi-off');
    await page.goto(PAGE);
    for (const [slug, title] of [['ahi-on', 'AHI on'], ['ps-waits', 'P_S waits']]) {
      const other = variables(slug);
      const differing = [...new Set([...base.keys(), ...other.keys()])].filter((name) => base.get(name) !== other.get(name));
      if (slug === 'ahi-on') expect(differing).toEqual(['innodb_adaptive_hash_index']);
      else expect(differing.every((name) => name.startsWith('performance_schema')), differing.join(', ')).toBe(true);
      const table = page.locator('table.config-diff', { has: page.locator('caption', { hasText: `AHI off and ${title}` }) });
      await expect(table.locator('tbody th code')).toHaveText(differing);
      for (const name of differing) {
        const row = table.locator('tbody tr', { has: page.locator('th code', { hasText: new RegExp(`^${name}$`) }) });
        await expect(row.locator('td')).toHaveText([base.get(name), other.get(name)]);
      }
    }
  });

  test('the best-per-core chart takes each pass\'s best session count, then the median of the two passes', async ({ page }) => {
    await page.goto(PAGE);
    const { kind, rows } = await chartOf(page.locator('#chart-best-tps-by-cores'), PAGE);
    expect(kind).toBe('lines');
    expect(rows).toHaveLength(6);
    for (const variant of Object.keys(VARIANTS)) {
      for (const cores of [1, 2]) {
        // each pass's best run, found by reading every session count's raw file
        const best = PASSES.map((pass) => SESSIONS[cores]
          .map((threads) => ({ threads, ...tps(file('sysbench', variant, cores, threads, pass)) }))
          .reduce((a, b) => (Number(b.text) > Number(a.text) ? b : a)));
        const row = rows.find((r) => r.variant === variant && Number(r.cores) === cores);
        const what = `${variant}, ${cores} core(s)`;
        expect(row.value, what).toBeCloseTo(mean(best.map((b) => Number(b.text))), 9);
        expect([row.min, row.max], what).toEqual(best.map((b) => Number(b.text)).sort((a, b) => a - b));
        // the point links to one of the two best runs, and names its session count
        const linked = best.find((b) => b.source === row.source);
        expect(linked, `${what}: ${row.source} is not the best run of either pass`).toBeTruthy();
        expect(row.best_of, what).toBe(`threads=${linked.threads}, threads_per_core=${linked.threads / cores}`);
      }
    }
  });

  test('the speedup and efficiency charts divide the two-core best by the one-core best, and that by the cores', async ({ page }) => {
    await page.goto(PAGE);
    // The best-per-core throughput worked out from the raw files: each pass's best session count, median of the two.
    const bestOf = (variant, cores) => {
      const best = PASSES.map((pass) => SESSIONS[cores]
        .map((threads) => tps(file('sysbench', variant, cores, threads, pass)))
        .reduce((a, b) => (Number(b.text) > Number(a.text) ? b : a)));
      return { runs: best, value: mean(best.map((b) => Number(b.text))) };
    };
    const speedup = await chartOf(page.locator('#chart-speedup-by-cores'), PAGE);
    const efficiency = await chartOf(page.locator('#chart-efficiency-by-cores'), PAGE);
    for (const chart of [speedup, efficiency]) {
      expect(chart.kind).toBe('lines');
      expect(chart.rows).toHaveLength(6);
    }
    for (const variant of Object.keys(VARIANTS)) {
      const one = bestOf(variant, 1);
      for (const cores of [1, 2]) {
        const at = bestOf(variant, cores);
        const what = `${variant}, ${cores} core(s)`;
        const ratio = at.value / one.value;
        const s = speedup.rows.find((r) => r.variant === variant && Number(r.cores) === cores);
        const e = efficiency.rows.find((r) => r.variant === variant && Number(r.cores) === cores);
        expect(s.value, what).toBeCloseTo(ratio, 9);
        expect(s.text, what).toBe(`${ratio.toFixed(2)}×`);
        expect(e.value, what).toBeCloseTo((ratio / cores) * 100, 9);
        expect(e.text, what).toBe(((ratio / cores) * 100).toFixed(1));
        // Each computed point links to the raw line of one of the two best runs it came from.
        for (const row of [s, e]) {
          const linked = at.runs.find((r) => r.source === row.source);
          expect(linked, `${what}: ${row.source} is not the best run of either pass`).toBeTruthy();
          expect(row.line, `${what}: ${row.source}`).toBe(linked.line);
        }
      }
    }
  });

  test('every figure in the prose lists the runs it stands for, each as printed on its raw line', async ({ page }) => {
    await page.goto(PAGE);
    const figures = page.locator('p a.stat.inline-fig');
    expect(await figures.count()).toBeGreaterThan(10);
    for (const link of await figures.all()) {
      const stat = await statOf(link);
      const [source] = stat.members.map((m) => m.source);
      const m = /^raw\/(sysbench|mpstat)-([a-z-]+)-c(\d)-t(\d+)-r\d\.txt$/.exec(source);
      expect(m, source).toBeTruthy();
      const [, tool, slug, cores, threads] = m;
      const variant = Object.keys(VARIANTS).find((v) => VARIANTS[v] === slug);
      const read = tool === 'sysbench'
        ? (pass) => tps(file('sysbench', variant, cores, threads, pass))
        // the prose cites the other work's share of the server's CPUs: CPU 0 with one core, all with two
        : (pass) => mpstatAverage(file('mpstat', variant, cores, threads, pass), cores === '1' ? '0' : 'all', '%nice');
      expectMedianOf(stat, passes(read), `${source} and its other pass`);
    }
  });
});

/**
 * The claims in the order the page makes them: the two sides as raw files (one per pass)
 * and the relation. Ratios and verdicts are worked out here from the printed figures.
 */
const sb = (variant, cores, threads, pass) => () => (pass ? [tps(file('sysbench', variant, cores, threads, pass))] : passes((p) => tps(file('sysbench', variant, cores, threads, p))));
const nice = (variant, cores, threads) => () => passes((p) => mpstatAverage(file('mpstat', variant, cores, threads, p), '0', '%nice'));
const CLAIMS = [
  { a: nice('AHI off', 1, 1), b: nice('AHI off', 1, 8), relation: 'higher', show: 'a' },
  { a: sb('AHI off', 2, 16), b: sb('AHI off', 1, 8), relation: 'higher' },
  { a: sb('AHI on', 2, 16), b: sb('AHI on', 1, 4), relation: 'higher' },
  { a: sb('P_S waits', 2, 16), b: sb('P_S waits', 1, 4), relation: 'higher' },
  { a: sb('P_S waits', 2, 16), b: sb('AHI off', 2, 16), relation: 'about' },
  { a: sb('AHI on', 2, 16), b: sb('AHI off', 2, 16), relation: 'about' },
  { a: sb('AHI on', 1, 1), b: sb('AHI off', 1, 1), relation: 'lower' },
  { a: sb('AHI on', 1, 1), b: sb('AHI off', 1, 1), relation: 'lower', show: 'both' },
  { a: sb('AHI off', 1, 8), b: sb('AHI off', 1, 1), relation: 'at-least', percent: 100 },
  { a: sb('AHI on', 1, 8), b: sb('AHI on', 1, 1), relation: 'at-least', percent: 100, show: 'percent' },
  { a: sb('P_S waits', 1, 8), b: sb('P_S waits', 1, 1), relation: 'at-least', percent: 100, show: 'percent' },
  { a: sb('AHI off', 2, 16), b: sb('AHI off', 2, 2), relation: 'higher' },
];

test('every claim in the prose holds for the raw figures: its ratio, its verdict and the words it prints', async ({ page }) => {
  await page.goto(PAGE);
  const claims = page.locator('.tps-claim');
  await expect(claims).toHaveCount(CLAIMS.length);
  for (const [i, c] of CLAIMS.entries()) {
    const claim = claims.nth(i);
    const [a, b] = [c.a().map((r) => Number(r.text)), c.b().map((r) => Number(r.text))];
    const ratio = mean(a) / mean(b);
    const ratios = a.flatMap((x) => b.map((y) => x / y));
    const what = `claim ${i + 1}`;
    await expect(claim, what).toHaveAttribute('data-relation', c.relation);
    expect(Number(await claim.getAttribute('data-ratio')), what).toBeCloseTo(ratio, 9);
    const straddles = Math.min(...ratios) <= 1 && Math.max(...ratios) >= 1;
    const single = a.length === 1 && b.length === 1;
    const verdict = single ? (ratio === 1 ? 'within-noise' : 'single') : straddles ? 'within-noise' : 'different';
    await expect(claim, what).toHaveAttribute('data-verdict', verdict);
    if (c.relation === 'about') expect(straddles, what).toBe(true);
    else {
      expect(straddles, `${what}: the passes disagree`).toBe(false);
      expect(ratio > 1, what).toBe(c.relation !== 'lower');
    }
    // At least N % over the whole interval: every pairing of the passes clears it, and the page says N.
    if (c.relation === 'at-least') {
      expect((Math.min(...ratios) - 1) * 100, what).toBeGreaterThanOrEqual(c.percent);
      expect(squash(await claim.textContent()), what).toContain(`at least ${c.percent} % higher`);
    }
    const text = squash(await claim.textContent());
    // show="both" prints a's figure and b's, show="a" or "b" that one figure.
    const shown = { both: [c.a(), c.b()], a: [c.a()], b: [c.b()] }[c.show];
    if (shown) {
      const links = await claim.locator('a').all();
      expect(links, what).toHaveLength(shown.length);
      for (const [side, runs] of shown.entries()) {
        const stat = runs.length > 1 ? await statOf(links[side]) : null;
        if (stat) expectMedianOf(stat, runs, `${what}, figure ${side + 1}`);
        else expect(Number(await links[side].getAttribute('data-value')), what).toBe(Number(runs[0].text));
      }
    } else {
      const size = Math.abs(Math.round((ratio - 1) * 1000) / 10).toFixed(1);
      if (c.show === 'percent') expect(text, what).toMatch(new RegExp(`^${size} %( \\(|$)`));
      else expect(text, what).toContain(c.relation === 'about' ? 'about the same' : `${size} % ${ratio > 1 ? 'higher' : 'lower'}`);
    }
  }
});
