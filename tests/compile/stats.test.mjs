// Expected figures are worked out by hand in the comments, not taken from the
// functions under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quantile, median, mean, cv, summarize, ratioInterval, withinNoise, noiseBand, steadyState, stability, scaling, histogramPercentiles } from '../../scripts/compile/stats/stats.mjs';
import { fixed } from '../../scripts/lib/text.mjs';

const close = (a, b, eps = 1e-6) => assert.ok(Math.abs(a - b) < eps, `${a} ≈ ${b}`);

test('quantile interpolates between order statistics and ignores missing samples', () => {
  assert.equal(median([4, 1, 3, 2]), 2.5);
  close(quantile([50, 10, 40, 20, 30], 0.05), 12); // h = 4 × 0.05 = 0.2 → 10 + 0.2 × 10
  assert.equal(median([null, 7, Number.NaN, undefined]), 7);
  assert.equal(median([]), null);
});

test('cv is the sample standard deviation over the mean', () => {
  // mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, variance 32/7, sd 2.138090, cv 0.427618
  close(cv([2, 4, 4, 4, 5, 5, 7, 9]), 0.4276179, 1e-6);
  assert.equal(cv([5]), null);
});

test('summarize gives the median with its spread and the number of repeats', () => {
  assert.deepEqual({ ...summarize([103, 99, 101, null]), cv: undefined }, { n: 3, median: 101, mean: 101, min: 99, max: 103, cv: undefined });
});

test('ratioInterval: one run each is a single ratio, fewer than 5 repeats the range of pairwise ratios', () => {
  const single = ratioInterval([110], [100]);
  assert.equal(single.method, 'single');
  close(single.ratio, 1.1);
  const few = ratioInterval([110, 120], [100, 105]);
  assert.equal(few.method, 'pairwise-range');
  close(few.ratio, 115 / 102.5);
  close(few.lo, 110 / 105);
  close(few.hi, 120 / 100);
});

test('ratioInterval bootstraps with 5 repeats a side, and its interval stays inside what resampling can reach', () => {
  const base = [100, 99, 101, 100, 98];
  const clear = ratioInterval([150, 151, 149, 150, 152], base, { seed: 7 });
  assert.equal(clear.method, 'bootstrap');
  close(clear.ratio, 1.5);
  // every resampled median lies in [149, 152] over [98, 101]
  assert.ok(clear.lo >= 149 / 101 - 1e-9 && clear.hi <= 152 / 98 + 1e-9, `${clear.lo} … ${clear.hi}`);
  assert.equal(withinNoise(clear), false);
  const same = ratioInterval([100, 101, 99, 100, 102], base, { seed: 7 });
  assert.equal(withinNoise(same), true);
  assert.deepEqual(ratioInterval([100, 101, 99, 100, 102], base, { seed: 7 }), same, 'seeded: the same figures every build');
});

test('ratioInterval keeps its published figures: the same seeded draws, the same medians of each resample, to the last bit', () => {
  // Taken from sorting every resample; a faster way to its median must give these exactly, or every built page would change.
  const cases = [
    [[150, 151, 149, 150, 152], [100, 99, 101, 100, 98], 7, 1.4851485148514851, 1.5353535353535352],
    [[1210.5, 1198.25, 1201, 1201, 1187.75, 1230], [1100, 1100, 1099.5, 1120.25, 1080, 1111, 1095], 3, 1.0797704770477048, 1.1098226466575716],
    [[7, 7, 7, 8, 8], [5, 5, 5, 5, 5], 1, 1.4, 1.6],
  ];
  for (const [a, base, seed, lo, hi] of cases) {
    const got = ratioInterval(a, base, { seed });
    assert.deepEqual([got.method, got.lo, got.hi], ['bootstrap', lo, hi], `${a} over ${base}`);
  }
});

test('withinNoise: an interval containing 1, or lying inside the noise band', () => {
  assert.equal(withinNoise({ method: 'bootstrap', ratio: 1.01, lo: 0.98, hi: 1.03 }), true);
  assert.equal(withinNoise({ method: 'bootstrap', ratio: 1.03, lo: 1.02, hi: 1.05 }), false);
  assert.equal(withinNoise({ method: 'bootstrap', ratio: 1.03, lo: 1.02, hi: 1.05 }, 0.06), true);
  close(noiseBand([100, 103, 97]), 0.03);
  assert.equal(noiseBand([100]), 0);
});

test('steadyState drops the warm-up and the tail by the rolling-median rule', () => {
  const values = [0, 0, 0, ...Array(20).fill(100), 0, 0];
  // run median 100; windows of 3 first reach median 100 at index 2, last at index 21 → end 24
  const s = steadyState(values, { window: 3, tolerance: 0.1 });
  assert.deepEqual([s.start, s.end], [2, 24]);
  assert.match(s.rule, /run of 3 samples whose median reaches 90 % of the run's median/);
  // a run that swings above its median is not cut: median of 10,10,10, 200×10, 100×10 is 100;
  // the window at 2 (10, 200, 200) already reaches 90, the last window (100, 100, 100) too
  const swing = steadyState([10, 10, 10, ...Array(10).fill(200), ...Array(10).fill(100)], { window: 3, tolerance: 0.1 });
  assert.deepEqual([swing.start, swing.end], [2, 23]);
  assert.deepEqual([steadyState([5, 5], { window: 3 }).start, steadyState([5, 5], { window: 3 }).end], [0, 2]);
});

test('stability counts stalls below half the median and finds the longest', () => {
  const samples = Array.from({ length: 30 }, (_, i) => ({ t: i + 1, value: [10, 11].includes(i + 1) ? 20 : i + 1 === 20 ? 40 : 100 }));
  const s = stability(samples);
  assert.equal(s.median, 100);
  assert.equal(s.stalls, 3, 'every interval below half the median counts, two of them in a row as two');
  assert.deepEqual(s.longestStall, { length: 2, t: 10 });
  close(s.p5, 29); // sorted 20, 20, 40, 100…: h = 29 × 0.05 = 1.45 → 20 + 0.45 × 20
  assert.equal(s.untrimmed.n, 30);
  const gaps = stability([{ t: 1, value: 100 }, { t: 2, value: null }, { t: 3, value: 100 }], { window: 1 });
  assert.equal(gaps.stalls, 1, 'a failed interval (null) is a stall');
});

test('scaling: speedup against the smallest point, efficiency and throughput per unit, also when the sweep lacks 1', () => {
  const s = scaling([{ x: 4, value: 300 }, { x: 1, value: 100 }, { x: 2, value: 180 }]);
  assert.deepEqual(s.map((p) => [p.x, p.speedup, p.efficiency, p.perUnit]), [[1, 1, 1, 100], [2, 1.8, 0.9, 90], [4, 3, 0.75, 75]]);
  const from2 = scaling([{ x: 2, value: 180 }, { x: 8, value: 540 }]);
  assert.deepEqual(from2.map((p) => [p.speedup, p.efficiency]), [[1, 1], [3, 0.75]]);
  assert.deepEqual(scaling([]), []);
});

test('histogramPercentiles finds the bucket holding each percentile and the bounds it lies between', () => {
  const buckets = [{ value: 1, count: 50 }, { value: 2, count: 40 }, { value: 3, count: 0 }, { value: 4, count: 9 }, { value: 8, count: 1 }];
  assert.deepEqual(histogramPercentiles(buckets), [
    { p: 0.5, value: 1, lower: 0, upper: 1 },
    { p: 0.9, value: 2, lower: 1, upper: 2 },
    { p: 0.99, value: 4, lower: 2, upper: 4 },
    { p: 0.999, value: 8, lower: 4, upper: 8 },
  ]);
  assert.deepEqual(histogramPercentiles([]), []);
});

test('a statistic is the decimal its figures give, and is shown rounded half away from zero', () => {
  // 184.87 and 243.96 (two runs of cpu-efficiency-by-cores): binary arithmetic gives 214.41500000000002.
  assert.equal(median([184.87, 243.96]), 214.415);
  assert.equal(mean([983.92, 985.01]), 984.465);
  // The double nearest 853.545 lies below it, so toFixed rounds it down; by hand it rounds up.
  assert.equal((853.545).toFixed(2), '853.54');
  assert.equal(fixed(853.545, 2), '853.55');
  assert.equal(fixed(median([983.92, 985.01]), 2), '984.47');
  assert.equal(fixed(-2.5, 0), '-3');
  assert.equal(fixed(-0.004, 2), '0.00');
  assert.equal(fixed(1e-7, 3), '0.000');
  assert.equal(fixed(123, 0), '123');
  const [, second] = scaling([{ x: 1, value: 100 }, { x: 2, value: 1707.09 }]);
  assert.equal(second.perUnit, 853.545);
});
