// Statistics for benchmark readers: summaries of repeats, intervals for a
// difference between two configurations, steady state and stalls of a run
// over time, scaling over threads or cores, and percentiles from a latency
// histogram. Pure functions of plain numbers; every random choice comes from
// a seeded generator, so a page and its tests see the same figures each build.

/** Numbers only, in ascending order (null, NaN and missing samples dropped). */
function sorted(xs) {
  return xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
}

/**
 * A statistic as the decimal it stands for: the median of 184.87 and 243.96
 * is 214.415, which binary arithmetic gives as 214.41500000000002, and that
 * tail reached the page's data-value, the CSV and the chart data. Fifteen
 * significant digits are as many as a double always holds exactly, so this
 * drops only the arithmetic's noise, never a digit the figures had.
 */
export function decimal(x) {
  return typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(15)) : x;
}

/** The p-quantile (0 ≤ p ≤ 1) with linear interpolation between order statistics (R's type 7). */
export function quantile(xs, p) {
  return decimal(quantileOfSorted(sorted(xs), p));
}

export const median = (xs) => quantile(xs, 0.5);

export function mean(xs) {
  const s = sorted(xs);
  return s.length ? decimal(s.reduce((a, b) => a + b, 0) / s.length) : null;
}

/** Coefficient of variation: sample standard deviation (n − 1) over the mean; null below two values or at mean 0. */
export function cv(xs) {
  const s = sorted(xs);
  const m = mean(s);
  if (s.length < 2 || !m) return null;
  const variance = s.reduce((a, x) => a + (x - m) ** 2, 0) / (s.length - 1);
  return decimal(Math.sqrt(variance) / m);
}

/** What a table cell of repeats shows: the median, and the spread beside it. */
export function summarize(xs) {
  const s = sorted(xs);
  return { n: s.length, median: median(s), mean: mean(s), min: s[0] ?? null, max: s.at(-1) ?? null, cv: cv(s) };
}

/** mulberry32: a small seeded generator, enough for resampling. */
export function seeded(seed = 1) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How much faster `a` is than `base`, as the ratio of their medians with an
 * interval: with at least `minBootstrap` repeats on each side a percentile
 * bootstrap 95 % interval (each side resampled on its own); with fewer, the
 * range of every pairwise ratio a[i] / base[j], which is what a reader can
 * check by hand and is labelled as such.
 * @returns {{ ratio, lo, hi, method: 'bootstrap'|'pairwise-range'|'single', n: [number, number] }}
 */
export function ratioInterval(a, base, { resamples = 4000, seed = 1, minBootstrap = 5 } = {}) {
  const [x, y] = [sorted(a), sorted(base)];
  if (!x.length || !y.length) return null;
  const ratio = median(x) / median(y);
  const n = [x.length, y.length];
  if (x.length === 1 && y.length === 1) return { ratio, lo: ratio, hi: ratio, method: 'single', n };
  if (x.length < minBootstrap || y.length < minBootstrap) {
    const ratios = x.flatMap((v) => y.map((w) => v / w));
    return { ratio, lo: Math.min(...ratios), hi: Math.max(...ratios), method: 'pairwise-range', n };
  }
  const random = seeded(seed);
  const [cx, cy] = [new Int32Array(x.length), new Int32Array(y.length)];
  const draws = new Float64Array(resamples);
  for (let i = 0; i < resamples; i += 1) draws[i] = resampledMedian(x, random, cx) / resampledMedian(y, random, cy);
  // A typed array sorts by number natively, several times faster than sort() with a comparator.
  const s = draws.filter(Number.isFinite).sort();
  return { ratio, lo: quantileOfSorted(s, 0.025), hi: quantileOfSorted(s, 0.975), method: 'bootstrap', n };
}

/**
 * The median of one bootstrap resample of sorted finite xs (as many draws
 * with replacement as values). A comparison cell takes thousands of these, so
 * no resample is sorted: xs is, so how often each index was drawn (counted in
 * `counts`, reused) is the resample in order, and its two middle values are
 * read off the counts. The figures are those of sorting the resample, to the
 * last bit (tests/compile/stats.test.mjs), in about half the time.
 */
function resampledMedian(xs, random, counts) {
  const n = xs.length;
  counts.fill(0);
  for (let i = 0; i < n; i += 1) counts[Math.floor(random() * n)] += 1;
  const h = (n - 1) * 0.5;
  const lo = Math.floor(h);
  // k: the index whose draws hold the resample's order statistic lo; below: how many draws come before them.
  let k = 0;
  let below = 0;
  while (below + counts[k] <= lo) below += counts[k++];
  if (lo + 1 >= n) return xs[k];
  // Statistic lo + 1 is drawn from k too, unless k's draws end at lo: then it is the next index drawn.
  let next = k;
  if (below + counts[k] === lo + 1) {
    next += 1;
    while (counts[next] === 0) next += 1;
  }
  return xs[k] + (h - lo) * (xs[next] - xs[k]);
}

/** quantile() of numbers already sorted and filtered. */
function quantileOfSorted(s, p) {
  if (!s.length) return null;
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

/**
 * "within noise" when the interval of the ratio includes 1 (no difference), or
 * when the whole interval lies inside the report's noise band (± band as a
 * fraction, from the spread of its noise reference).
 */
export function withinNoise(interval, band = 0) {
  if (!interval) return null;
  // Two single runs with no noise band have no noise to be within, even when they print the same figure.
  if (interval.method === 'single') return band > 0 && Math.abs(interval.ratio - 1) <= band;
  return (interval.lo <= 1 && interval.hi >= 1) || (interval.lo >= 1 - band && interval.hi <= 1 + band);
}

/** The noise band of a reference configuration repeated: its largest relative distance from its own median. */
export function noiseBand(xs) {
  const s = sorted(xs);
  const m = median(s);
  if (s.length < 2 || !m) return 0;
  return Math.max(...s.map((x) => Math.abs(x / m - 1)));
}

/**
 * The steady part of a run over time. Rule: the warm-up is every sample
 * before the first window of `window` samples whose median reaches
 * (1 − tolerance) × the run's median, and the tail every sample after the
 * last such window. One-sided on purpose: warm-up and wind-down are slow
 * phases, while a run that swings above and below its median (checkpoint
 * waves) is steady in the sense a reader means and keeps all of it. Null
 * samples (failed intervals) count as 0 for the rule.
 * @returns {{ start, end, rule }} sample indexes, end exclusive
 */
export function steadyState(values, { window = 10, tolerance = 0.1 } = {}) {
  const v = values.map((x) => (typeof x === 'number' && Number.isFinite(x) ? x : 0));
  const rule = `warm-up and tail are the samples before the first and after the last run of ${window} samples whose median reaches ${Math.round((1 - tolerance) * 100)} % of the run's median`;
  if (v.length < window) return { start: 0, end: v.length, rule };
  const m = median(v);
  const ok = (i) => median(v.slice(i, i + window)) >= (1 - tolerance) * m;
  let start = 0;
  while (start + window <= v.length && !ok(start)) start += 1;
  let last = v.length - window;
  while (last > start && !ok(last)) last -= 1;
  if (start + window > v.length) return { start: 0, end: v.length, rule };
  return { start, end: last + window, rule };
}

/**
 * Stability inside the steady window: median, 5th percentile, CV, and stalls
 * (intervals below half the median): how many intervals, and the longest
 * stretch of them in a row with the interval it began at.
 * @param {{t: number, value: number|null}[]} samples
 */
export function stability(samples, options = {}) {
  const { start, end, rule } = steadyState(samples.map((s) => s.value), options);
  const kept = samples.slice(start, end);
  const values = kept.map((s) => s.value);
  const m = median(values);
  let stalls = 0;
  let longest = { length: 0, t: null };
  let run = 0;
  kept.forEach((s, i) => {
    const stalled = !(typeof s.value === 'number' && s.value >= m / 2);
    if (stalled) {
      stalls += 1;
      run += 1;
      if (run > longest.length) longest = { length: run, t: kept[i - run + 1].t };
    } else run = 0;
  });
  return { start, end, rule, n: kept.length, median: m, p5: quantile(values, 0.05), cv: cv(values), stalls, longestStall: longest, untrimmed: summarize(samples.map((s) => s.value)) };
}

/**
 * A sweep over threads, users or cores: speedup against the smallest point,
 * efficiency (speedup over the ratio of x), and throughput per unit of x.
 * @param {{x: number, value: number}[]} points
 */
export function scaling(points) {
  const s = [...points].filter((p) => Number.isFinite(p.value)).sort((a, b) => a.x - b.x);
  if (!s.length) return [];
  const [first] = s;
  return s.map((p) => {
    const speedup = p.value / first.value;
    return { ...p, speedup: decimal(speedup), efficiency: decimal(speedup / (p.x / first.x)), perUnit: decimal(p.value / p.x) };
  });
}

/**
 * Percentiles from a latency histogram (sysbench --histogram: each bucket's
 * latency and its count, ascending). The p-th percentile is the first bucket
 * whose cumulative count reaches p of the total; it lies between the previous
 * bucket's latency and this one's, and both bounds are returned.
 * @returns {{p, value, lower, upper}[]}
 */
export function histogramPercentiles(buckets, ps = [0.5, 0.9, 0.99, 0.999]) {
  const b = [...buckets].filter((x) => x.count > 0).sort((x, y) => x.value - y.value);
  const total = b.reduce((a, x) => a + x.count, 0);
  if (!total) return [];
  return ps.map((p) => {
    let cumulative = 0;
    for (let i = 0; i < b.length; i += 1) {
      cumulative += b[i].count;
      if (cumulative >= p * total) return { p, value: b[i].value, lower: i ? b[i - 1].value : 0, upper: b[i].value };
    }
    return { p, value: b.at(-1).value, lower: b.at(-2)?.value ?? 0, upper: b.at(-1).value };
  });
}
