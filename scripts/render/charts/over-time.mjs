// The `over-time` chart kind: the parameters its shortcode takes, which are
// required, their defaults, and the Vega-Lite spec it draws from the rows the
// compile step selected. Pure; no Node or DOM APIs.
import { PLOT_WIDTH, PLOT_HEIGHT, titleWithUnit, figureFormat, orderOf, tooltip, AXIS_FORMAT, frame, faceted, seriesLayers, yValue } from './common.mjs';

/** What `{{< chart kind="over-time" … >}}` takes beyond the parameters every chart takes. */
export const params = { takes: ['metric', 'each', 'x', 'color', 'facet', 'x-title', 'color-title', 'facet-title', 'interpolate', 'items'], required: ['metric'], defaults: { each: 'intervals.samples', x: 't' }, summary: 'interval samples against time' };

/**
 * Interval samples over time: x the sample's time stamp (`t`, s), y any sample
 * field, several runs overlaid (one series per colour label). A null sample
 * (a failed interval) breaks the line instead of being bridged. "step" draws
 * each sample flat over the interval that ends at its time stamp, which is
 * what sysbench's `[ 10s ]` lines report.
 */
export function overTime(rows, options) {
  const { x } = options;
  const xEncoding = { field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit), scale: { zero: false, nice: false }, axis: { format: AXIS_FORMAT, tickCount: 6 } };
  const perSeries = rows.length / Math.max(1, options.color ? orderOf(rows, options.color.field).length : 1);
  const view = {
    width: PLOT_WIDTH, height: PLOT_HEIGHT,
    ...seriesLayers(rows, options, {
      xEncoding,
      yEncoding: yValue(options),
      tooltipFields: tooltip(options, { format: figureFormat(rows, options.y.unit), x: { ...x, type: 'quantitative' } }),
      interpolate: options.interpolate === 'step' ? 'step-before' : 'linear',
      pointSize: perSeries > 60 ? 10 : 24,
    }),
  };
  return frame(options, faceted(options, rows, view, { values: rows }));
}
