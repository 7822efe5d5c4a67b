// The `lines` chart kind: the parameters its shortcode takes, with their
// docs, and the Vega-Lite spec it draws from the rows the compile step selected.
import { shared, required } from './params.mjs';
import { PLOT_HEIGHT, titleWithUnit, figureFormat, numericTicks, tooltip, AXIS_FORMAT, log2Axis, frame, faceted, seriesLayers, yValue, numericLabel } from './common.mjs';

export const name = 'lines';
export const summary = 'One figure per run against a numeric label on a log-2 axis';

/** What `{{< chart kind="lines" … >}}` takes beyond the parameters every chart takes. */
export const params = {
  metric: required(shared.metric),
  x: required(shared.x),
  color: shared.color,
  facet: shared.facet,
  'x-title': shared['x-title'],
  'color-title': shared['color-title'],
  'facet-title': shared['facet-title'],
  'x-scale': { doc: 'log2 (default) or linear' },
  items: shared.items,
  each: shared.each,
  stat: shared.stat,
  better: shared.better,
  show: { doc: 'lines: what to plot against x: value (default), speedup (over the smallest x), efficiency (speedup over the ratio of x) or per-unit (value per unit of x)' },
  'best-over': { doc: 'lines: labels (comma-separated) to take the best run over at each point (the best session count per core count)' },
};

/** x names a numeric label of each run (threads, users, cores): one point per run. */
export const xIsLabel = true;

/**
 * Throughput by thread count (or users, cores…): x a numeric label on a log-2
 * axis with a tick at every value that occurs, one series per colour label
 * (colour + point shape + dash), optional facets for a setting, side by side.
 */
export function spec(rows, options) {
  const { x } = options;
  const values = rows.map((r) => ({ ...r, [x.field]: Number(r[x.field]) }));
  const linear = options.xScale === 'linear';
  const xEncoding = {
    field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit),
    ...(linear ? { scale: { zero: false, nice: false, padding: 14 }, axis: { values: numericTicks(values, x.field), format: AXIS_FORMAT, grid: false } } : log2Axis(values, x.field)),
  };
  const tip = tooltip(options, { format: figureFormat(values, options.y.unit), rows: values });
  const view = {
    transform: [numericLabel(x.field)],
    height: PLOT_HEIGHT,
    ...seriesLayers(values, options, { xEncoding, yEncoding: yValue(options), tooltipFields: tip }),
  };
  return frame(options, faceted(options, values, view, { values }));
}
