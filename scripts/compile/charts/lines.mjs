// The `lines` chart kind: the parameters its shortcode takes, which are
// required, their defaults, and the Vega-Lite spec it draws from the rows the
// compile step selected. Pure; no Node or DOM APIs.
import { PLOT_HEIGHT, titleWithUnit, figureFormat, numericTicks, tooltip, AXIS_FORMAT, log2Axis, frame, faceted, seriesLayers, yValue, numericLabel } from './common.mjs';

/** What `{{< chart kind="lines" … >}}` takes beyond the parameters every chart takes. */
export const params = { takes: ['metric', 'x', 'color', 'facet', 'x-title', 'color-title', 'facet-title', 'x-scale', 'items', 'each', 'stat', 'better', 'show', 'best-over'], required: ['metric', 'x'], xIsLabel: true, summary: 'One figure per run against a numeric label on a log-2 axis' };

/**
 * Throughput by thread count (or users, cores…): x a numeric label on a log-2
 * axis with a tick at every value that occurs, one series per colour label
 * (colour + point shape + dash), optional facets for a setting, side by side.
 */
export function lines(rows, options) {
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
