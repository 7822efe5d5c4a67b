// A series with more samples than the plot has pixel columns cannot show
// each one: thousands of points draw as an unreadable smear, and a browser
// handed millions of them stalls. Such a series is drawn as buckets of
// consecutive samples, each drawn as its median sample (a sample the tool
// printed, with its raw line, so a tooltip still links to a real figure) and
// a rule from the lowest to the highest sample of the bucket, so no spike or
// stall disappears. The chart's CSV keeps every sample; the alt text and
// caption say how the drawing was reduced.
import { PLOT_WIDTH, chartKinds } from './index.mjs';
import { countText } from '../../lib/text.mjs';

/** The plot's device pixels on a 2x screen, which is what the PNG is drawn for. */
export const PIXEL_COLUMNS = 2 * PLOT_WIDTH;

/**
 * One series (rows in x order) as at most `columns` rows: buckets of
 * ceil(n / columns) consecutive rows, each its median row (the lower of the
 * middle two for an even count; rows without a number are left out of the
 * median, and a bucket of nothing but gaps stays a gap) with `value_min`,
 * `value_max` and `samples` (rows in the bucket); a stall anywhere in a
 * bucket marks it. A series that fits is returned as it is.
 * @returns {{rows: object[], size: number}} size: rows per bucket (1: not reduced)
 */
export function reduceSeries(rows, columns = PIXEL_COLUMNS) {
  if (rows.length <= columns) return { rows, size: 1 };
  const size = Math.ceil(rows.length / columns);
  const out = [];
  for (let start = 0; start < rows.length; start += size) out.push(bucketRow(rows.slice(start, start + size)));
  return { rows: out, size };
}

function bucketRow(bucket) {
  const valued = bucket.filter((r) => typeof r.value === 'number').sort((a, b) => a.value - b.value);
  const middle = valued[(valued.length - 1) >> 1] ?? bucket[0];
  const row = { ...middle, value_min: valued[0]?.value ?? null, value_max: valued.at(-1)?.value ?? null, samples: bucket.length };
  if ('stall' in middle) row.stall = bucket.some((r) => r.stall);
  return row;
}

/**
 * A chart of a kind whose series can outrun the plot (`reducible`: over-time)
 * with every series longer than PIXEL_COLUMNS reduced (series: one run, and
 * one colour or facet value within it), and the sentence that says so, or
 * null when nothing was reduced.
 */
export function reduceChart(chart, columns = PIXEL_COLUMNS) {
  if (!chartKinds[chart.kind].reducible) return { rows: chart.rows, note: null };
  const keyOf = (r) => [r.doc, r.item, chart.options.color && r[chart.options.color.field], chart.options.facet && r[chart.options.facet.field]].join('\u0000');
  const series = new Map();
  for (const r of chart.rows) (series.get(keyOf(r)) ?? series.set(keyOf(r), []).get(keyOf(r))).push(r);
  const reduced = [...series.values()].map((rows) => reduceSeries(rows, columns));
  const sizes = [...new Set(reduced.map((s) => s.size).filter((s) => s > 1))];
  if (!sizes.length) return { rows: chart.rows, note: null };
  const drawn = reduced.reduce((n, s) => n + s.rows.length, 0);
  const note = `Drawn from ${countText(drawn)} points for ${countText(chart.rows.length)} samples: each point is the median of ${sizes.join(' or ')} consecutive samples, with a line from their lowest to their highest; the CSV holds every sample.`;
  return { rows: reduced.flatMap((s) => s.rows), note };
}
