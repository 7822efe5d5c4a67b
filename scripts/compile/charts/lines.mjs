// The `lines` chart kind: the parameters its shortcode takes, with their
// docs, the best run over a label at each point, a sweep's figures as speedup,
// efficiency or per-unit throughput, and the Vega-Lite spec it draws.
import { shared, required, oneOf } from './params.mjs';
import { NOT_LABELS } from '../stats/repeats.mjs';
import { scaling, decimal } from '../stats/stats.mjs';
import { fixed } from '../../lib/text.mjs';
import { mistake } from '../../problems/problem.mjs';
import { LAYOUTS, PLOT_HEIGHT, titleWithUnit, figureFormat, numericTicks, tooltip, AXIS_FORMAT, log2Axis, frame, faceted, seriesLayers, yValue, numericLabel } from './common.mjs';

export const name = 'lines';
export const summary = 'One figure per run against a numeric label on a log-2 axis';

const SHOWS = ['value', 'speedup', 'efficiency', 'per-unit'];

/** What `{{< chart kind="lines" … >}}` takes beyond the parameters every chart takes. */
export const params = {
  metric: required(shared.metric),
  x: required(shared.x),
  color: shared.color,
  facet: shared.facet,
  'x-title': shared['x-title'],
  'color-title': shared['color-title'],
  'facet-title': shared['facet-title'],
  'x-scale': { doc: 'log2 (default) or linear', check: oneOf(['log2', 'linear']) },
  items: shared.items,
  each: shared.each,
  stat: shared.stat,
  better: shared.better,
  show: { doc: 'lines: what to plot against x: value (default), speedup (over the smallest x), efficiency (speedup over the ratio of x) or per-unit (value per unit of x)', check: oneOf(SHOWS, SHOWS.join(', ')) },
  'best-over': { doc: 'lines: labels (comma-separated) to take the best run over at each point (the best session count per core count)' },
};

/** x names a numeric label of each run (threads, users, cores): one point per run. */
export const xIsLabel = true;

/** With best-over, the best run at each point, before repeats of that point combine. */
export function pick(rows, { params }) {
  return params['best-over'] ? bestOver(rows, params['best-over']) : rows;
}

/** With show other than value, each point's figure as speedup, efficiency or per-unit throughput; the x scale asked for. */
export function shape(rows, { params }) {
  return { rows: rescaled(params) ? scaled(rows, params) : rows, options: params['x-scale'] ? { xScale: params['x-scale'] } : {} };
}

/** The unit of what show plots: times for a speedup (its axis reads "(×)"), percent for an efficiency, the figure's unit per unit of x. */
export function yUnit(unit, { params }) {
  if (!rescaled(params)) return unit;
  return { speedup: '×', efficiency: 'percent', 'per-unit': `${unit} per ${params['x-title'] || params.x}` }[params.show];
}

/** The rows the spec carries, which the chart's CSV lists too: x as a number, whether the label was written as one or not. */
export const data = (rows, { x }) => rows.map((r) => ({ ...r, [x.field]: Number(r[x.field]) }));

/** Whether the chart plots something other than the figures themselves. */
const rescaled = (params) => params.show && params.show !== 'value';

/**
 * The best run at each point over one label (the best session count per core
 * count): runs that differ only in that label (and in repeat labels, which
 * combine afterwards) keep the highest; the winner's value of the label stays
 * in best_of for the tooltip.
 */
function bestOver(rows, over) {
  const labels = over.split(',').map((s) => s.trim()).filter(Boolean);
  for (const label of labels) if (!rows.some((r) => Object.hasOwn(r, label))) throw mistake(`best-over="${over}": no run has the label "${label}"`);
  const byKey = new Map();
  for (const r of rows) {
    const key = JSON.stringify(Object.entries(r).filter(([k]) => !labels.includes(k) && !NOT_LABELS.has(k) && !k.startsWith('x_')).sort());
    const best = byKey.get(key);
    if (!best || (r.value ?? -Infinity) > (best.value ?? -Infinity)) byKey.set(key, r);
  }
  return [...byKey.values()].map((r) => {
    const rest = Object.fromEntries(Object.entries(r).filter(([k]) => !labels.includes(k)));
    return { ...rest, best_of: labels.map((k) => `${k}=${r[k]}`).join(', ') };
  });
}

/**
 * A sweep's figures as speedup, efficiency or per-unit throughput, series by
 * series (scripts/compile/stats/stats.mjs scaling()); the figure the tool
 * printed stays in `printed`.
 */
function scaled(rows, q) {
  const series = new Map();
  for (const r of rows) {
    const key = [q.color, q.facet].filter(Boolean).map((k) => String(r[k])).join('\u0000');
    (series.get(key) ?? series.set(key, []).get(key)).push(r);
  }
  const field = { speedup: 'speedup', efficiency: 'efficiency', 'per-unit': 'perUnit' }[q.show];
  const out = [];
  for (const list of series.values()) {
    const points = scaling(list.filter((r) => typeof r.value === 'number').map((r) => ({ x: Number(r[q.x]), value: r.value, row: r })));
    for (const pt of points) {
      const value = q.show === 'efficiency' ? decimal(pt[field] * 100) : pt[field];
      const text = q.show === 'speedup' ? `${fixed(value, 2)}×` : fixed(value, q.show === 'efficiency' ? 1 : 2);
      // The repeats' spread is of the printed figures, not of what is plotted: those fields go, not stay empty.
      const { min, max, runs, ...row } = pt.row;
      out.push({ ...row, value, text, printed: pt.row.text });
    }
  }
  return out;
}

/**
 * Throughput by thread count (or users, cores…): x a numeric label on a log-2
 * axis with a tick at every value that occurs, one series per colour label
 * (colour + point shape + dash), optional facets for a setting, side by side.
 */
export function spec(rows, options, layout = LAYOUTS.column) {
  const { x } = options;
  const values = data(rows, options);
  const linear = options.xScale === 'linear';
  const xEncoding = {
    field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit),
    ...(linear ? { scale: { zero: false, nice: false, padding: 14 }, axis: { values: numericTicks(values, x.field), format: AXIS_FORMAT, grid: false } } : log2Axis(values, x.field, layout)),
  };
  const tip = tooltip(options, { format: figureFormat(values, options.y.unit), rows: values });
  const view = {
    transform: [numericLabel(x.field)],
    height: PLOT_HEIGHT,
    ...seriesLayers(values, options, { xEncoding, yEncoding: yValue(options, {}, layout), tooltipFields: tip }, layout),
  };
  return frame(options, faceted(options, values, view, { values }, {}, layout), layout);
}
