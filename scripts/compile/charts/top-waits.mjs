// The `top-waits` chart kind: the parameters its shortcode takes, with their
// docs, the rows it draws and the Vega-Lite spec it draws them with.
import { shared, required } from './params.mjs';
import { uniqueBy } from '../select.mjs';
import { greatest } from '../../lib/numbers.mjs';
import { LAYOUTS, labelRoom, PALETTE, ON_MARK, BASE_CONFIG, titleWithUnit, figureFormat, datum, tooltip, AXIS_FORMAT, frame, faceted, instrumentLabels, shownName, hollowWhereIncomplete, layerEncoding } from './common.mjs';
import { textWidth } from '../../draw/text-width.mjs';

export const name = 'top-waits';
export const summary = 'The largest figures of a list as bars (wait counts, or wait time in seconds)';

/** What `{{< chart kind="top-waits" … >}}` takes beyond the parameters every chart takes. */
export const params = {
  metric: required(shared.metric),
  items: shared.items,
  each: shared.each,
  x: required(shared.x),
  top: shared.top,
  facet: shared.facet,
  'x-title': shared['x-title'],
  'facet-title': shared['facet-title'],
};

/** The rows of the bars drawn (drawnRows): the alt text, the table and the CSV then hold what a reader sees. */
export function pick(rows, { params, x }) {
  return drawnRows(rows, { x, facet: params.facet, top: params.top ?? 10 });
}

/**
 * A name's rows within one run add up to its bar (a lock listed once per
 * instance), but a name two runs list would stack both on one bar: refused,
 * as two runs on one point of any chart are.
 */
export function unique(rows, { keys, what }) {
  uniqueBy(firstPerRun(rows, keys), keys, what, { or: 'draw a panel each with facet="…"' });
}

/** Waits are counted unless the data gives them a unit (seconds of wait time). */
export const yUnit = (unit) => unit || 'count';

/** The rows the spec carries, which the chart's CSV lists too: those with a figure. */
export const data = (rows) => rows.filter((r) => r.value !== null);

/** The first row of each run for each key. */
function firstPerRun(rows, keys) {
  const seen = new Set();
  return rows.filter((r) => {
    const key = JSON.stringify([r.doc, r.item, ...keys.map((k) => r[k])]);
    return !seen.has(key) && seen.add(key);
  });
}

/** Longest wait name an axis prints, in px; the tooltip has the whole name. */
const LABEL_LIMIT = { least: 150, most: 260 };

/**
 * Room for the longest name the axis shows, as wide as its glyphs set at the
 * axis's size, within LABEL_LIMIT: a mutex named by its file and line
 * ("rwlock: dict0dict.cc:2455") would otherwise lose the line that tells two apart.
 */
function labelLimit(rows, field) {
  const longest = Math.max(0, ...rows.map((r) => textWidth(shownName(r[field] ?? ''), { size: BASE_CONFIG.axis.labelFontSize })));
  return Math.min(LABEL_LIMIT.most, Math.max(LABEL_LIMIT.least, Math.ceil(longest)));
}

/** Counts as whole numbers; times (wait seconds) to three significant digits, since they run from microseconds to minutes. */
function barLabelFormat(unit) {
  return !unit || unit === 'count' ? ',d' : ',.3~r';
}

/**
 * The rows of the bars the chart draws: those of the `top` names (per panel
 * with a facet) whose summed waits are largest, ties by name, as the spec's
 * window ranks them. The chart's alt text, its figures table and its CSV
 * then hold what a reader sees, not every wait the capture listed. A row
 * printed without a name is named by its line: a blank axis label says
 * nothing, and two such rows need not be one lock.
 */
function drawnRows(rows, { x, facet, top = 10 }) {
  rows = rows.map((r) => (r[x] === '' ? { ...r, [x]: `(no name, line ${r.line})` } : r));
  const { barOf, sums } = barSums(rows, x, facet);
  const panels = new Map();
  for (const [bar, sum] of sums) {
    const [panel, name] = JSON.parse(bar);
    (panels.get(panel) ?? panels.set(panel, []).get(panel)).push({ bar, name: String(name), sum });
  }
  const kept = new Set();
  for (const bars of panels.values()) {
    bars.sort((a, b) => b.sum - a.sum || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { bar } of bars.slice(0, Number(top))) kept.add(bar);
  }
  return rows.filter((r) => r.value !== null && kept.has(barOf(r)));
}

/**
 * One row per bar, its figure the sum the bar draws (a name listed twice in a
 * capture, as SHOW ENGINE INNODB MUTEX lists a lock per instance, is one bar):
 * what the alt text's highest and lowest name.
 */
export function bars(rows, { x, facet }) {
  const { barOf, sums } = barSums(rows, x.field, facet?.field);
  const first = new Map();
  for (const r of rows) if (r.value !== null && !first.has(barOf(r))) first.set(barOf(r), r);
  return [...first].map(([bar, r]) => {
    const sum = Number(sums.get(bar).toPrecision(15));
    return sum === r.value ? r : { ...r, value: sum, text: String(sum) };
  });
}

/** Each bar's summed waits (a name, in a raw file and a panel), and the key of a row's bar. */
function barSums(rows, x, facet) {
  const barOf = (r) => JSON.stringify([facet ? r[facet] : null, r[x], r.source]);
  const sums = new Map();
  for (const r of rows) if (r.value !== null) sums.set(barOf(r), (sums.get(barOf(r)) ?? 0) + r.value);
  return { barOf, sums };
}

/** Bars longer than this share of the longest carry their figure inside their end: outside, it would run past the plot. */
const LABEL_INSIDE = 0.7;

/**
 * The N largest waits as horizontal bars, largest first. The rows are those
 * drawnRows kept; the window in the spec (row number by value, ties broken by
 * name) orders them, and keeps the top N of what it is given. One raw file
 * per chart (or per facet): the sums are per name within a file.
 */
export function spec(rows, options, layout = LAYOUTS.column) {
  const { x, y } = options;
  const top = options.top ?? 10;
  const groupby = options.facet ? [options.facet.field] : [];
  const format = barLabelFormat(y.unit);
  const inside = LABEL_INSIDE * Math.max(0, greatest(barSums(rows, x.field, options.facet?.field).sums.values()));
  const limit = labelRoom(labelLimit(rows, x.field), layout);
  const view = {
    transform: [
      // A latch name can repeat (one row per instance): its waits add up before ranking.
      // With a facet, the panel heading faceted() computes first must survive the aggregate.
      { aggregate: [{ op: 'sum', field: 'value', as: 'value' }, { op: 'min', field: 'line', as: 'first' }, { op: 'max', field: 'line', as: 'last' }], groupby: [x.field, 'source', ...groupby, ...(options.facet ? ['panel'] : [])] },
      { calculate: "datum.first === datum.last ? '' + datum.first : datum.first + '–' + datum.last", as: 'line' },
      { window: [{ op: 'row_number', as: 'rank' }], sort: [{ field: 'value', order: 'descending' }, { field: x.field, order: 'ascending' }], groupby },
      { filter: `datum.rank <= ${Number(top)}` },
      { calculate: `datum.value > ${inside} ? '' : format(datum.value, '${format}')`, as: 'label_after' },
      { calculate: `datum.value > ${inside} ? format(datum.value, '${format}') : ''`, as: 'label_inside' },
    ],
    height: 20 * Number(top),
    encoding: {
      y: { field: x.field, type: 'nominal', title: x.title ?? x.field, sort: { field: 'value', op: 'sum', order: 'descending' }, axis: { labelLimit: limit, ...instrumentLabels(rows, x.field) } },
      // Waits are counted: no tick at 0.5 of one.
      x: { field: 'value', type: 'quantitative', title: titleWithUnit(y.title, y.unit), axis: { format: AXIS_FORMAT, tickCount: 3, ...(y.unit === 'count' ? { tickMinStep: 1 } : {}) } },
      tooltip: tooltip(options, { format: figureFormat(rows, y.unit) }),
    },
    layer: [
      { mark: { type: 'bar', tooltip: true, color: PALETTE[0] }, ...layerEncoding(hollowWhereIncomplete(options, { value: PALETTE[0] })) },
      // Two label fields made before the layers split: a filter or a condition in a layer gave the layers
      // different data, and the bars lost their order.
      // The figures on and beside the bars repeat the bars' own labels: a screen reader hears each once.
      { mark: { type: 'text', align: 'left', baseline: 'middle', dx: 3, fontSize: 11, color: '#57606a', aria: false }, encoding: { text: { field: 'label_after', type: 'nominal' } } },
      { name: ON_MARK.name, mark: { type: 'text', align: 'right', baseline: 'middle', dx: -3, fontSize: 11, color: ON_MARK.colour, aria: false }, encoding: { text: { field: 'label_inside', type: 'nominal' } } },
    ],
  };
  const values = data(rows);
  // Panels do not share their names, so each panel keeps its own y axis labels beside it.
  const spec = faceted(options, values, view, { values }, { labelRoom: limit }, layout);
  if (options.facet) spec.resolve = { scale: { y: 'independent' } };
  return frame(options, spec, layout);
}
