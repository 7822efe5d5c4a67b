// What every chart kind shares: the palette, point shapes and dash patterns
// that keep series apart without colour, number formats, axes, tooltips, the
// title frame and facets. Pure; no Node or DOM APIs.
import { greatest } from '../../lib/numbers.mjs';

/** Okabe–Ito: distinguishable with the common colour-vision deficiencies and in greyscale print. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

/** Point shapes and dash patterns, one per series in palette order, so series stay apart without colour. */
export const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down', 'triangle-right', 'triangle-left'];

export const DASHES = [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [4, 4], [1, 3], [10, 2], [3, 5]];

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/**
 * The name of a text layer drawn over a coloured mark (a figure inside the end
 * of a long bar): white on the mark, which the page's own text colours in a
 * drawing placed in the page (scripts/draw/svg.mjs) must leave white.
 * Vega names its marks `<name>_marks`, which is the class they carry.
 */
export const ON_MARK = { name: 'on-mark', cls: 'on_mark_marks', colour: '#ffffff' };

/**
 * Width of a chart drawn into the text column, axes and legend included: the
 * column is 704 px on a desktop screen (site.css --measure less its padding),
 * and a few pixels stay spare. The page scales the SVG down by its viewBox on
 * a narrower screen, to no less than site.css allows before it scrolls.
 */
export const COLUMN_WIDTH = 680;

/** Width of a chart of three or more panels side by side, which leaves the text column on a wide screen. */
export const WIDE_WIDTH = 1040;

/** Room a panel's y axis labels take left of the plot, and the gap between panels side by side. */
const Y_AXIS_ROOM = 56;
const PANEL_GAP = 18;

/** A single view's plot width (used inside concatenated views, where the whole chart cannot be fitted). */
export const PLOT_WIDTH = COLUMN_WIDTH - Y_AXIS_ROOM;

/**
 * Width of the chart a phone shows: its text column is 358 px on a 390 px
 * screen (the screen less site.css's 1rem padding each side) and 343 px on a
 * 375 px one; drawn this wide, the chart is shown at its own size or a little
 * larger, so its 11 and 12 px type reads as drawn and nothing scrolls.
 */
export const NARROW_WIDTH = 340;

/**
 * What a chart is drawn for: `column`, the text column of a desktop screen
 * (panels side by side, three or more in a wider figure); `narrow`, a phone
 * (tps-blocks.css's `max-width: 34rem`), where panels stack in one column and
 * titles, legends and axis labels take less room. Every kind's spec takes one
 * of these, so a chart's spec is made in one place for both.
 */
export const LAYOUTS = {
  column: { width: COLUMN_WIDTH, wideWidth: WIDE_WIDTH, maxColumns: 3, titleChars: 64, subtitleChars: 90, legendColumns: 2, labelShare: 1, labelGap: 0 },
  narrow: { width: NARROW_WIDTH, wideWidth: NARROW_WIDTH, maxColumns: 1, titleChars: 34, subtitleChars: 48, legendColumns: 1, labelShare: 0.4, labelGap: 4 },
};

/**
 * The least gap between the labels of a crowded axis (labelOverlap drops the
 * labels that would come closer): on a phone, ticks at 100 and 200 of a log
 * axis would otherwise read as one number. None in the text column.
 */
export const labelGap = (layout = LAYOUTS.column) => (layout.labelGap ? { labelSeparation: layout.labelGap } : {});

/** The plot width of a single view in a layout: PLOT_WIDTH in the text column. */
export const plotWidth = (layout = LAYOUTS.column) => layout.width - Y_AXIS_ROOM;

/**
 * The most room axis labels beside a plot get in a layout: `most` in the text
 * column, a share of the chart's width on a phone so the plot keeps the rest.
 */
export const labelRoom = (most, layout = LAYOUTS.column) => Math.min(most, Math.round(layout.width * layout.labelShare));

export const PLOT_HEIGHT = 220;

/**
 * A single (or layered) view as wide as the text column: vega sizes the plot
 * so that the plot with its axes is COLUMN_WIDTH wide whatever the length of
 * the axis labels.
 */
export function fillColumn(view, layout = LAYOUTS.column) {
  return { ...view, width: layout.width, autosize: { type: 'fit-x', contains: 'padding' } };
}

/**
 * Panels side by side: two share the text column, three or more share a
 * wider figure in rows of three; on a phone (LAYOUTS.narrow) they stack.
 * `labelRoom` is what each panel's own axis labels take when the panels do
 * not share their y axis.
 */
export function panelLayout(panels, { labelRoom = 0 } = {}, layout = LAYOUTS.column) {
  const columns = Math.max(1, Math.min(panels, layout.maxColumns));
  const total = columns > 2 ? layout.wideWidth : layout.width;
  const width = Math.floor((total - Y_AXIS_ROOM - (columns - 1) * PANEL_GAP - columns * labelRoom) / columns);
  return { columns, width };
}

export const BASE_CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  background: null,
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 600, gridColor: '#d0d7de', domainColor: '#57606a', tickColor: '#57606a' },
  // Vega cuts a legend label at 160 px; measured in DejaVu Sans, the drawn font, "one-thread-per-connection" is wider.
  legend: { labelFontSize: 12, titleFontSize: 12, orient: 'bottom', direction: 'vertical', symbolStrokeWidth: 2, labelLimit: 300 },
  header: { labelFontSize: 12, titleFontSize: 12, labelFontWeight: 600, labelAnchor: 'start' },
  title: { fontSize: 15, anchor: 'start', subtitleFontSize: 12, subtitleColor: '#57606a', offset: 10 },
  range: { category: PALETTE },
};

/** "Transactions per second (tx/s)": a title that always carries its unit. */
export function titleWithUnit(title, unit) {
  if (!unit || unit === 'count' || unit === 'text') return title;
  if (unit === 'percent') return `${title} (%)`;
  return `${title} (${unit})`;
}

/** Number format a reader expects for a unit: rates and times with two decimals, counts whole. */
export function numberFormat(unit) {
  if (unit === 'count' || unit === 'bytes') return ',.0f';
  if (unit === 'percent') return '.1f';
  return ',.2f';
}

/**
 * The format for one figure in a tooltip: as many decimals as the tool printed
 * (the most any row's text has, at most 4), so a tooltip reads like the raw
 * line; falls back to the unit's format when no row carries printed text.
 */
export function figureFormat(rows, unit) {
  const decimals = rows
    .map((r) => /^-?[\d,]*\.(\d+)$/.exec(String(r.text ?? ''))?.[1].length ?? (/^-?[\d,]+$/.test(String(r.text ?? '')) ? 0 : null))
    .filter((d) => d !== null);
  if (!decimals.length) return numberFormat(unit);
  return `,.${Math.min(4, greatest(decimals))}f`;
}

/** Distinct values of a field, in the order the rows list them (the author's order). */
export function orderOf(rows, field) {
  return [...new Set(rows.map((r) => r[field]))];
}

/** The series of a legend: numbers (threads 8, 16, 64) ascending, words in the order the runs come. */
function seriesOrder(rows, field) {
  const values = orderOf(rows, field);
  return values.every((v) => typeof v === 'number') ? values.sort((a, b) => a - b) : values;
}

/** Distinct numeric values of a field, ascending: the ticks of a log-2 axis. */
export function numericTicks(rows, field) {
  return [...new Set(rows.map((r) => Number(r[field])).filter(Number.isFinite))].sort((a, b) => a - b);
}

/** `datum["name"]` for an expression, safe for field names with dots or percent signs. */
export const datum = (field) => `datum[${JSON.stringify(field)}]`;

export function uniqueFields(defs) {
  return defs.filter(Boolean).filter((f, i, all) => all.findIndex((g) => g.field === f.field) === i);
}

/** Tooltip: the labels that tell the figure apart, the figure with its unit, its raw file and line. */
export function tooltip(options, { value = 'value', valueTitle, format, x = options.x, labels = [], rows = [] } = {}) {
  const fields = uniqueFields([x, options.color, options.facet, ...labels])
    .map((f) => ({ field: f.field, type: f.type ?? 'nominal', title: titleWithUnit(f.title ?? f.field, f.unit), ...(f.format ? { format: f.format } : {}) }));
  return [
    ...fields,
    { field: value, type: 'quantitative', title: valueTitle ?? titleWithUnit(options.y.title, options.y.unit), format: format ?? numberFormat(options.y.unit) },
    ...statTooltip(rows, options),
    { field: 'source', type: 'nominal', title: rows.some(hasSpread) ? 'raw file (run nearest the median)' : 'raw file' },
    { field: 'line', type: 'nominal', title: 'line' },
    // Points from output that stops early (options.incomplete, set by the compile step) say where it stops.
    ...(options.incomplete ? [{ field: 'incomplete', type: 'nominal', title: 'incomplete output' }] : []),
  ];
}

/** A row that stands for several repeats (scripts/compile/stats/repeats.mjs). */
export const hasSpread = (row) => (row.runs ?? 1) > 1;

/** Tooltip lines for repeats and baselines: which statistic, the spread, and the difference to the baseline with its verdict. */
function statTooltip(rows, options) {
  const out = [];
  if (rows.some(hasSpread)) out.push({ field: 'stat', type: 'nominal', title: 'statistic' }, { field: 'spread', type: 'nominal', title: 'spread (lowest–highest)' });
  if (options.baseline) out.push({ field: 'vs_baseline', type: 'nominal', title: `vs ${options.baseline.value}` });
  if (rows.some((r) => r.best_of)) out.push({ field: 'best_of', type: 'nominal', title: 'best of' });
  if (rows.some((r) => r.printed)) out.push({ field: 'printed', type: 'nominal', title: 'figure printed' });
  return out;
}

/** A whisker from the lowest to the highest repeat, drawn only where a figure stands for several runs. */
export function spreadRule(rows, channel, extra = {}) {
  if (!rows.some(hasSpread)) return [];
  return [{
    transform: [{ filter: 'datum.runs > 1' }],
    mark: { type: 'rule', strokeWidth: 1.5 },
    encoding: { [channel]: { field: 'min', type: 'quantitative' }, [`${channel}2`]: { field: 'max' }, ...extra },
  }];
}

const INSTRUMENT = /^(?:wait|stage|statement|memory|transaction)\/[^/]+\/.+$/;

/**
 * performance_schema instrument names (wait/synch/mutex/innodb/buf_pool_mutex)
 * read by their last part on an axis or legend, where the whole path would be
 * cut short; tooltips and the CSV keep the whole name. Each label is tested on
 * its own (the same pattern, in Vega's expression language), so a name that is
 * no instrument path (the `idle` event, read/write) stays whole beside them.
 */
/** The name an axis or legend shows for a value: an instrument's last part, as instrumentLabels' expression gives it, else the value. */
export const shownName = (value) => (INSTRUMENT.test(String(value)) ? String(value).split('/').at(-1) : String(value));

export function instrumentLabels(rows, field) {
  const some = rows.some((r) => INSTRUMENT.test(String(r[field] ?? '')));
  return some ? { labelExpr: `test(${INSTRUMENT}, datum.label) ? peek(split(datum.label, '/')) : datum.label` } : {};
}

/**
 * Colour, point shape and dash pattern for one series label, sharing one
 * legend. With no series label every channel gets the first entry.
 */
function seriesChannels(rows, color, layout = LAYOUTS.column) {
  if (!color) return { color: { value: PALETTE[0] }, shape: { value: SHAPES[0] }, strokeDash: { value: DASHES[0] } };
  const domain = seriesOrder(rows, color.field);
  const title = color.title ?? color.field;
  const channel = (range) => ({ field: color.field, type: 'nominal', title, sort: domain, scale: { domain, range: domain.map((_, i) => range[i % range.length]) } });
  // One merged legend for colour, shape and dash: each symbol filled with its colour and
  // outlined in its dash pattern, so the legend reads in greyscale too.
  const legend = {
    columns: domain.length > 4 ? layout.legendColumns : 1, labelLimit: legendLabelLimit(layout), symbolStrokeWidth: 1.5, ...instrumentLabels(rows, color.field),
    encode: { symbols: { update: { fill: { scale: 'color', field: 'value' }, opacity: { value: 1 } } } },
  };
  return { color: { ...channel(PALETTE), legend }, shape: { ...channel(SHAPES), legend }, strokeDash: { ...channel(DASHES), legend } };
}

/**
 * A y axis whose title sits level above the plot instead of rotated beside it:
 * a long title with its unit then never sets the chart's height, and it reads
 * on a phone without turning the head.
 */
export function levelTitle(axis = {}, layout = LAYOUTS.column) {
  return { ...axis, titleAngle: 0, titleAlign: 'left', titleAnchor: 'end', titleBaseline: 'bottom', titleX: 0, titleY: -8, titleLimit: plotWidth(layout) };
}

/** Axis labels: whole thousands with separators, fractions only where the scale needs them. */
export const AXIS_FORMAT = ',~r';

/** A log-2 scale over the values that occur, with a tick at each of them (1, 2, 4 … 512). */
export function log2Axis(rows, field, layout = LAYOUTS.column) {
  const ticks = numericTicks(rows, field);
  const lo = ticks[0] ?? 1;
  const hi = ticks.at(-1) ?? 1;
  const domain = lo === hi ? [lo / 2, hi * 2] : [lo, hi];
  return {
    scale: { type: 'log', base: 2, domain, nice: false, padding: 14 },
    axis: { values: ticks, format: AXIS_FORMAT, grid: false, labelOverlap: 'greedy', ...labelGap(layout) },
  };
}

/**
 * A title broken into lines of at most `width` characters at spaces, so a long
 * title wraps inside a phone-wide chart instead of being cut off.
 */
export function wrapText(text, width = 64) {
  if (!text || text.length <= width) return text;
  const lines = [''];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last && last.length + 1 + word.length > width) lines.push(word);
    else lines[lines.length - 1] = last ? `${last} ${word}` : word;
  }
  return lines;
}

export function frame(options, body, layout = LAYOUTS.column) {
  return {
    $schema: SCHEMA,
    description: options.description ?? options.title,
    title: { text: wrapText(options.title, layout.titleChars), ...(options.subtitle ? { subtitle: wrapText(options.subtitle, layout.subtitleChars) } : {}) },
    ...body,
    config: { ...BASE_CONFIG, legend: { ...BASE_CONFIG.legend, labelLimit: legendLabelLimit(layout) } },
  };
}

/** A legend label's most width: a phone's legend sits below the plot, one entry a line, beside its symbol. */
const legendLabelLimit = (layout) => Math.min(BASE_CONFIG.legend.labelLimit, layout.width - 40);

/**
 * Wraps a single view in facets when the author asked for them, panels side
 * by side (panelLayout), or else fits the view to the text column. Each panel
 * is headed "Title: value", a field the spec computes, since wrapped facet
 * headers take no label expression. `labelRoom`: see panelLayout.
 */
export function faceted(options, rows, view, data, { labelRoom = 0 } = {}, layout = LAYOUTS.column) {
  if (!options.facet) return fillColumn({ data, ...view }, layout);
  const { facet } = options;
  const { transform = [], ...inner } = view;
  const prefix = `${facet.title ?? facet.field}: `;
  const panels = orderOf(rows, facet.field);
  const { columns, width } = panelLayout(panels.length, { labelRoom }, layout);
  return {
    data,
    transform: [{ calculate: `${JSON.stringify(prefix)} + ${datum(facet.field)}`, as: 'panel' }, ...transform],
    facet: { field: 'panel', type: 'nominal', title: null, sort: panels.map((v) => `${prefix}${v}`), header: { labelPadding: 26 } },
    columns,
    spacing: { row: 24, column: PANEL_GAP },
    resolve: { axis: { x: 'independent' } },
    spec: { ...inner, width },
  };
}

/**
 * Marks from output that stops early are drawn hollow, in their series'
 * outline, so a reader tells them apart without a tooltip (markIncomplete in
 * chart.mjs says so in the subtitle). Nothing changes in a chart without them.
 */
export function hollowWhereIncomplete(options, stroke) {
  if (!options.incomplete) return null;
  return {
    fillOpacity: { condition: { test: "datum.incomplete !== 'no'", value: 0.15 }, value: 1 },
    stroke: { ...stroke, ...(stroke.field ? { legend: null } : {}) },
    strokeWidth: { value: 1.5 },
  };
}

/** A layer's own encoding, when it has one: a spec without it stays as it was. */
export const layerEncoding = (encoding) => (encoding ? { encoding } : {});

/** Points joined by lines, one series per colour label (colour, point shape and dash pattern). */
export function seriesLayers(values, options, { xEncoding, yEncoding, tooltipFields, interpolate = 'linear', pointSize = 48 }, layout = LAYOUTS.column) {
  const series = seriesChannels(values, options.color, layout);
  const pick = legendPick(options.color);
  return {
    encoding: { x: xEncoding, y: yEncoding },
    layer: [
      {
        ...(pick ? { params: pick.params } : {}),
        mark: { type: 'line', strokeWidth: 2, interpolate, invalid: 'break-paths-show-domains' },
        encoding: { color: series.color, strokeDash: series.strokeDash, ...pick?.fade },
      },
      ...spreadRule(values, 'y', { color: series.color }),
      {
        transform: [{ filter: 'isValid(datum.value)' }],
        mark: { type: 'point', filled: true, size: pointSize, opacity: 1, tooltip: true },
        encoding: { color: series.color, shape: series.shape, tooltip: tooltipFields, ...hollowWhereIncomplete(options, series.color), ...pick?.fade },
      },
    ],
  };
}

/**
 * A click on a legend entry picks that series and fades the others (shift
 * adds one, a click on the plot's empty space shows all again): in the chart
 * vega redraws in the page. The drawing made at build time picks none, so
 * every series shows as it would without this.
 */
function legendPick(color) {
  if (!color?.field) return null;
  const name = 'legend_pick';
  return {
    params: [{ name, select: { type: 'point', fields: [color.field] }, bind: 'legend' }],
    fade: { opacity: { condition: { param: name, value: 1 }, value: 0.15 } },
  };
}

export function yValue(options, extra = {}, layout = LAYOUTS.column) {
  return {
    field: 'value', type: 'quantitative', title: titleWithUnit(options.y.title, options.y.unit),
    scale: { zero: true }, axis: levelTitle({ format: AXIS_FORMAT, tickCount: 5 }, layout), ...extra,
  };
}

/** `toNumber` on a label, so "16" from a YAML string and 16 from a YAML number read the same. */
export const numericLabel = (field) => ({ calculate: `toNumber(${datum(field)})`, as: field });
