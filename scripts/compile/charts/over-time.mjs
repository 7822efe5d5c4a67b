// The `over-time` chart kind: the parameters its shortcode takes, with their
// docs, and the Vega-Lite spec it draws from the rows the compile step selected.
import { shared, required, defaulting } from './params.mjs';
import { PLOT_HEIGHT, titleWithUnit, figureFormat, orderOf, tooltip, AXIS_FORMAT, frame, faceted, seriesLayers, yValue } from './common.mjs';

export const name = 'over-time';
export const summary = 'Interval samples against time';

/** What `{{< chart kind="over-time" … >}}` takes beyond the parameters every chart takes. */
export const params = {
  metric: required(shared.metric),
  each: defaulting(shared.each, 'intervals.samples'),
  x: defaulting(shared.x, 't'),
  color: shared.color,
  series: { doc: 'over-time: a field of each sample naming its line (name, for wait events), instead of a colour label' },
  top: shared.top,
  facet: shared.facet,
  'x-title': shared['x-title'],
  'color-title': shared['color-title'],
  'facet-title': shared['facet-title'],
  interpolate: { doc: 'linear or step' },
  items: shared.items,
  steady: { doc: 'yes: shade each run\'s warm-up and tail and mark its stalls (the stability-table rule)' },
};

/** Grey bands behind the lines over each run's warm-up and tail, the stretches the stability rule leaves out. */
function trimmedShade({ steady }) {
  if (!steady.regions.length) return [];
  return [{
    data: { values: steady.regions },
    mark: { type: 'rect', color: '#8c959f', opacity: 0.18 },
    encoding: { x: { field: 'from', type: 'quantitative' }, x2: { field: 'to' }, y: null, tooltip: [{ field: 'phase', title: 'left out as' }, { field: 'series', title: 'run' }] },
  }];
}

/**
 * A downward arrow over every stall (an interval below half the run's steady
 * median), pointing at its point. An arrow is no series' marker (SHAPES), so
 * a stall never reads as a point of the series drawn with triangles.
 */
export const STALL_ARROW = 'M0,-1V0.55M-0.55,0.05L0,0.9L0.55,0.05';

function stallMarks(options, x) {
  return {
    transform: [{ filter: 'datum.stall' }],
    mark: { type: 'point', shape: STALL_ARROW, filled: false, size: 110, stroke: '#D55E00', strokeWidth: 2, strokeCap: 'round', strokeJoin: 'round', opacity: 1, yOffset: -12 },
    encoding: { tooltip: [{ field: x.field, type: 'quantitative', title: 'stall at (s)' }, { field: 'value', type: 'quantitative', title: options.y.title }, { field: 'source', title: 'raw file' }, { field: 'line', title: 'line' }] },
  };
}

/** Where a long series is drawn reduced (compile/reduce.mjs): each point's bucket, lowest to highest sample. */
function bucketRange(rows) {
  if (!rows.some((r) => r.samples > 1)) return [];
  return [{ transform: [{ filter: 'datum.samples > 1' }], mark: { type: 'rule', strokeWidth: 1, color: '#8c959f' }, encoding: { y: { field: 'value_min', type: 'quantitative' }, y2: { field: 'value_max' } } }];
}

/**
 * Interval samples over time: x the sample's time stamp (`t`, s), y any sample
 * field, several runs overlaid (one series per colour label, or per value of a
 * sample field such as a wait event's name, which the compile step puts in the
 * colour field and narrows to the top ranked ones). A null sample
 * (a failed interval) breaks the line instead of being bridged. "step" draws
 * each sample flat over the interval that ends at its time stamp, which is
 * what sysbench's `[ 10s ]` lines report.
 */
export function spec(rows, options) {
  const { x } = options;
  const xEncoding = { field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit), scale: { zero: false, nice: false }, axis: { format: AXIS_FORMAT, tickCount: 6 } };
  const perSeries = rows.length / Math.max(1, options.color ? orderOf(rows, options.color.field).length : 1);
  const view = {
    height: PLOT_HEIGHT,
    ...seriesLayers(rows, options, {
      xEncoding,
      yEncoding: yValue(options),
      tooltipFields: tooltip(options, { format: figureFormat(rows, options.y.unit), x: { ...x, type: 'quantitative' } }),
      interpolate: options.interpolate === 'step' ? 'step-before' : 'linear',
      pointSize: perSeries > 60 ? 10 : 24,
    }),
  };
  // An empty mark layer would still reach the page as an unlabelled graphic, so stall marks come only with stalls.
  view.layer = [...bucketRange(rows), ...view.layer];
  if (options.steady) view.layer = [...trimmedShade(options), ...view.layer, ...(rows.some((r) => r.stall) ? [stallMarks(options, x)] : [])];
  return frame(options, faceted(options, rows, view, { values: rows }));
}
