// The `histogram` chart kind: the parameters its shortcode takes, with their
// docs, and the Vega-Lite spec it draws from the rows the compile step selected.
import { shared, defaulting } from './params.mjs';
import { LAYOUTS, labelGap, PALETTE, PLOT_HEIGHT, titleWithUnit, figureFormat, tooltip, levelTitle, AXIS_FORMAT, frame, faceted, hollowWhereIncomplete } from './common.mjs';
import { greatest, least } from '../../lib/numbers.mjs';

export const name = 'histogram';
export const summary = 'A latency histogram on a log axis';

/** What `{{< chart kind="histogram" … >}}` takes beyond the parameters every chart takes. */
export const params = {
  metric: defaulting(shared.metric, 'count'),
  items: shared.items,
  each: defaulting(shared.each, 'histogram.buckets'),
  x: defaulting(shared.x, 'value'),
  facet: shared.facet,
  'x-title': shared['x-title'],
  'facet-title': shared['facet-title'],
};

/** Each bar counts the events of its bucket, whatever unit the figure's field has. */
export const yUnit = () => 'count';

/** The rows the spec carries, which the chart's CSV lists too: those with a figure. */
export const data = (rows) => rows.filter((r) => r.value !== null);

/** 1-2-5 ticks covering [lo, hi]: readable labels on a log axis that spans many decades. */
export function logTicks(lo, hi) {
  const ticks = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e += 1) {
    for (const m of [1, 2, 5]) {
      const t = Number((m * 10 ** e).toPrecision(3));
      if (t >= lo && t <= hi) ticks.push(t);
    }
  }
  return ticks;
}

/**
 * A latency histogram (sysbench --histogram): one thin bar per printed bucket
 * at its latency on a log x axis, so a tail many decades long stays on the
 * page, and counts on a symmetric-log y axis, so a bucket of one event is
 * as visible as the peak. Each bar is one raw line.
 */
export function spec(rows, options, layout = LAYOUTS.column) {
  const { x } = options;
  const bucket = x.field;
  const values = data(rows);
  const buckets = values.map((r) => Number(r[bucket])).filter((v) => v > 0);
  const lo = least(buckets) / 1.2;
  const hi = greatest(buckets) * 1.2;
  const most = Math.max(1, greatest(values.map((r) => Number(r.value))));
  const countTicks = logTicks(1, most).filter((t) => String(t)[0] === '1');
  const view = {
    height: PLOT_HEIGHT * 0.7,
    // Hundreds of buckets: no aria label per bar (the figure's description and data
    // table speak for them), which also keeps the page light for assistive tools.
    mark: { type: 'bar', width: 2, tooltip: true, color: PALETTE[0], aria: false },
    encoding: {
      ...hollowWhereIncomplete(options, { value: PALETTE[0] }),
      x: { field: bucket, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit), scale: { type: 'log', domain: [lo, hi], nice: false }, axis: { values: logTicks(lo, hi), format: AXIS_FORMAT, grid: false, labelOverlap: 'greedy', ...labelGap(layout) } },
      y: { field: 'value', type: 'quantitative', title: titleWithUnit(options.y.title, options.y.unit), scale: { type: 'symlog', constant: 1, domain: [0, most], nice: false }, axis: levelTitle({ values: countTicks, format: ',~r' }, layout) },
      tooltip: tooltip(options, { format: ',d', x: { ...x, type: 'quantitative', format: figureFormat(values.map((r) => ({ text: String(r[bucket]) })), x.unit) } }),
    },
  };
  return frame(options, faceted(options, values, view, { values }, {}, layout), layout);
}
