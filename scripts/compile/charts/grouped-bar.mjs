// The `grouped-bar` chart kind: the parameters its shortcode takes, with their
// docs, and the Vega-Lite spec it draws from the rows the compile step selected.
import { shared, required } from './params.mjs';
import { LAYOUTS, labelRoom, PALETTE, titleWithUnit, fillColumn, AXIS_FORMAT, figureFormat, orderOf, tooltip, frame, spreadRule, hasSpread, BASE_CONFIG, hollowWhereIncomplete, layerEncoding } from './common.mjs';
import { textWidth } from '../../draw/text-width.mjs';
import { greatest } from '../../lib/numbers.mjs';

export const name = 'grouped-bar';
export const summary = 'One figure per run as horizontal bars';

/** What `{{< chart kind="grouped-bar" … >}}` takes beyond the parameters every chart takes. */
export const params = {
  metric: required(shared.metric),
  x: required(shared.x),
  color: shared.color,
  'x-title': shared['x-title'],
  'color-title': shared['color-title'],
  stat: shared.stat,
  better: shared.better,
  baseline: { doc: 'a value of x that every other bar is set against (tooltip and alt text)' },
};

/** x names a label of each run: one bar per run, grouped by it. */
export const xIsLabel = true;

/** The rows the spec carries, which the chart's CSV lists too: those with a figure. */
export const data = (rows) => rows.filter((r) => r.value !== null);

/**
 * Horizontal bars grouped by one label (x: the groups, listed down the page),
 * one bar per value of another label (color) inside each group, each bar with
 * its figure printed at its end. Horizontal so long server names stay readable
 * on a phone. A bar that stands for repeats gets a whisker from its lowest to
 * its highest run, and its figure is printed past the whisker.
 */
export function spec(rows, options, layout = LAYOUTS.column) {
  const { x, color, y } = options;
  const limit = labelRoom(LABEL_LIMIT, layout);
  const values = data(rows);
  const groups = orderOf(values, x.field);
  const listed = color ? listedBars(values, groups, x, color) : null;
  const bars = color && !listed ? orderOf(values, color.field).length : 1;
  const encoding = {
    y: listed
      ? { field: LISTED, type: 'nominal', title: `${x.title ?? x.field} · ${color.title ?? color.field}`, sort: listed.order, axis: { labelLimit: limit } }
      : { field: x.field, type: 'nominal', title: x.title ?? x.field, sort: groups, axis: { labelLimit: limit } },
    x: { field: 'value', type: 'quantitative', title: titleWithUnit(y.title, y.unit), axis: { format: AXIS_FORMAT, tickCount: 5 }, ...figureRoom(values, listed ? listed.order : groups, layout, limit) },
    tooltip: tooltip(options, { format: figureFormat(values, y.unit), rows: values }),
  };
  if (color) {
    const sortColor = orderOf(values, color.field);
    if (!listed) encoding.yOffset = { field: color.field, type: 'nominal', sort: sortColor };
    encoding.color = { field: color.field, type: 'nominal', title: color.title ?? color.field, sort: sortColor };
  } else {
    encoding.color = { value: PALETTE[0] };
  }
  return frame(options, fillColumn({
    data: { values },
    ...(listed ? { transform: [{ calculate: listed.expr, as: LISTED }] } : {}),
    height: { step: bars > 1 ? 16 : 22, for: bars > 1 ? 'offset' : 'position' },
    encoding,
    layer: [
      { mark: { type: 'bar', tooltip: true }, ...layerEncoding(hollowWhereIncomplete(options, encoding.color)) },
      ...spreadRule(values, 'x', { color: { value: '#24292f' } }),
      // The figure beside each bar says what the bar's own label says already: a screen reader hears it once.
      { mark: { type: 'text', align: 'left', baseline: 'middle', dx: FIGURE_DX, fontSize: FIGURE_PX, aria: false }, encoding: { ...(values.some(hasSpread) ? { x: { field: 'max', type: 'quantitative' } } : {}), text: { field: 'text' }, color: { value: '#57606a' } } },
    ],
  }, layout), layout);
}

/** The field a bar is listed under when the groups share few colour values (listedBars). */
const LISTED = 'group_and_colour';
/** Below this share of (group, colour) places holding a bar, bars are listed one to a line. */
const SPARSE = 0.5;

/**
 * Bars one to a line ("PostgreSQL · 8 users"), when most groups lack most
 * colour values (HammerDB runs at a different user count on each server):
 * grouped, each bar would keep its colour's place in a band that holds every
 * colour and sit far from its group's label. Null when the groups are full
 * enough to group. The line's name is made in the spec from the two labels,
 * so the data and its CSV keep only the labels themselves.
 */
function listedBars(values, groups, x, color) {
  const colours = orderOf(values, color.field);
  const held = new Set(values.map((r) => `${r[x.field]}\u0000${r[color.field]}`));
  if (held.size >= SPARSE * groups.length * colours.length) return null;
  const colourTitle = color.title ?? color.field;
  const name = (g, c) => `${g} · ${colourTitle} ${c}`;
  const order = groups.flatMap((g) => colours.filter((c) => held.has(`${g}\u0000${c}`)).map((c) => name(g, c)));
  const expr = `datum[${JSON.stringify(x.field)}] + ${JSON.stringify(` · ${colourTitle} `)} + datum[${JSON.stringify(color.field)}]`;
  return { order, expr };
}

/** The axis beside the labels (its title and ticks), in px: an estimate. */
const AXIS_PX = 48;
/** The bar figures' type, and their distance from the bar's end (the text mark's dx), in px. */
const FIGURE_PX = 11;
const FIGURE_DX = 3;
/** The most room the labels get (the axis's labelLimit). */
const LABEL_LIMIT = 320;

/**
 * A scale that ends far enough past the longest bar (or whisker) for the
 * figure printed after it: Vega-Lite's nice end could leave a few pixels, and
 * the longest bar's figure was cut at the chart's edge. The plot is what
 * fit-x leaves of the column beside the labels, measured in the glyphs they are drawn with.
 */
function figureRoom(values, labels, layout, limit) {
  const longest = greatest(values.map((r) => (hasSpread(r) ? r.max : r.value)));
  if (!(longest > 0)) return {};
  const labelPx = Math.min(limit, greatest(labels.map((l) => textWidth(l, { size: BASE_CONFIG.axis.labelFontSize }))));
  const plot = layout.width - labelPx - AXIS_PX;
  const figure = greatest(values.map((r) => textWidth(r.text ?? '', { size: FIGURE_PX }))) + FIGURE_DX + 5;
  return { scale: { domainMax: longest * (1 + figure / Math.max(plot - figure, 1)) } };
}
