// Chart kinds: pure functions (rows, options) → Vega-Lite spec. This file is
// the only place a chart spec is built. The compile step (scripts/compile/
// kinds/chart.mjs) calls it once per chart; the page, the SVG, the PNG and
// the published .vl.json all come from that one spec, which the browser
// fetches when it adds tooltips. No Node or DOM APIs here.
//
// Rows are what scripts/compile/select.mjs selected: the run's labels plus
// value, text, unit, line, source, tool, status, doc/item/element indexes and
// any extra fields. Options come from the chart shortcode: title, subtitle,
// x/y/color/facet ({field, title, unit}) and a few kind-specific settings.
// Everything a reader sees as a statistic (a mean, a top N, a normalisation)
// is a Vega-Lite transform in the spec, so the .vl.json beside each chart
// shows how the figure was made.

/** Okabe–Ito: distinguishable with the common colour-vision deficiencies and in greyscale print. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];
/** Point shapes and dash patterns, one per series in palette order, so series stay apart without colour. */
export const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down', 'triangle-right', 'triangle-left'];
export const DASHES = [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [4, 4], [1, 3], [10, 2], [3, 5]];

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
/** Plot width that, with axes, stays near 390 px: a phone shows the SVG at (almost) its own size. */
const PLOT_WIDTH = 300;
const PLOT_HEIGHT = 200;

const BASE_CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  background: null,
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 600, gridColor: '#d0d7de', domainColor: '#57606a', tickColor: '#57606a' },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: 'bottom', direction: 'vertical', symbolStrokeWidth: 2 },
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
  return `,.${Math.min(4, Math.max(...decimals))}f`;
}


/** Distinct values of a field, in the order the rows list them (the author's order). */
export function orderOf(rows, field) {
  return [...new Set(rows.map((r) => r[field]))];
}

/** Distinct numeric values of a field, ascending: the ticks of a log-2 axis. */
export function numericTicks(rows, field) {
  return [...new Set(rows.map((r) => Number(r[field])).filter(Number.isFinite))].sort((a, b) => a - b);
}

/** `datum["name"]` for an expression, safe for field names with dots or percent signs. */
const datum = (field) => `datum[${JSON.stringify(field)}]`;

function uniqueFields(defs) {
  return defs.filter(Boolean).filter((f, i, all) => all.findIndex((g) => g.field === f.field) === i);
}

/** Tooltip: the labels that tell the figure apart, the figure with its unit, its raw file and line. */
function tooltip(options, { value = 'value', valueTitle, format, x = options.x, labels = [] } = {}) {
  const fields = uniqueFields([x, options.color, options.facet, ...labels])
    .map((f) => ({ field: f.field, type: f.type ?? 'nominal', title: titleWithUnit(f.title ?? f.field, f.unit), ...(f.format ? { format: f.format } : {}) }));
  return [
    ...fields,
    { field: value, type: 'quantitative', title: valueTitle ?? titleWithUnit(options.y.title, options.y.unit), format: format ?? numberFormat(options.y.unit) },
    { field: 'source', type: 'nominal', title: 'raw file' },
    { field: 'line', type: 'nominal', title: 'line' },
  ];
}

/**
 * Colour, point shape and dash pattern for one series label, sharing one
 * legend. With no series label every channel gets the first entry.
 */
export function seriesChannels(rows, color) {
  if (!color) return { color: { value: PALETTE[0] }, shape: { value: SHAPES[0] }, strokeDash: { value: DASHES[0] } };
  const domain = orderOf(rows, color.field);
  const title = color.title ?? color.field;
  const channel = (range) => ({ field: color.field, type: 'nominal', title, sort: domain, scale: { domain, range: domain.map((_, i) => range[i % range.length]) } });
  // One merged legend for colour, shape and dash: each symbol filled with its colour and
  // outlined in its dash pattern, so the legend reads in greyscale too.
  const legend = {
    columns: domain.length > 4 ? 2 : 1, labelLimit: 170, symbolStrokeWidth: 1.5,
    encode: { symbols: { update: { fill: { scale: 'color', field: 'value' }, opacity: { value: 1 } } } },
  };
  return { color: { ...channel(PALETTE), legend }, shape: { ...channel(SHAPES), legend }, strokeDash: { ...channel(DASHES), legend } };
}

/**
 * A y axis whose title sits level above the plot instead of rotated beside it:
 * a long title with its unit then never sets the chart's height, and it reads
 * on a phone without turning the head.
 */
export function levelTitle(axis = {}) {
  return { ...axis, titleAngle: 0, titleAlign: 'left', titleAnchor: 'end', titleBaseline: 'bottom', titleX: 0, titleY: -8, titleLimit: PLOT_WIDTH + 40 };
}

/** Axis labels: whole thousands with separators, fractions only where the scale needs them. */
const AXIS_FORMAT = ',~r';

/** A log-2 scale over the values that occur, with a tick at each of them (1, 2, 4 … 512). */
export function log2Axis(rows, field) {
  const ticks = numericTicks(rows, field);
  const lo = ticks[0] ?? 1;
  const hi = ticks.at(-1) ?? 1;
  const domain = lo === hi ? [lo / 2, hi * 2] : [lo, hi];
  return {
    scale: { type: 'log', base: 2, domain, nice: false, padding: 14 },
    axis: { values: ticks, format: AXIS_FORMAT, grid: false, labelOverlap: 'greedy' },
  };
}

/**
 * A title broken into lines of at most `width` characters at spaces, so a long
 * title wraps inside a phone-wide chart instead of being cut off.
 */
export function wrapText(text, width = 40) {
  if (!text || text.length <= width) return text;
  const lines = [''];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last && last.length + 1 + word.length > width) lines.push(word);
    else lines[lines.length - 1] = last ? `${last} ${word}` : word;
  }
  return lines;
}

function frame(options, body) {
  return {
    $schema: SCHEMA,
    description: options.description ?? options.title,
    title: { text: wrapText(options.title), ...(options.subtitle ? { subtitle: wrapText(options.subtitle, 60) } : {}) },
    ...body,
    config: BASE_CONFIG,
  };
}

/**
 * Wraps a single view in a one-column facet when the author asked for one
 * (narrow enough for a phone). Each panel is headed "Title: value", a field
 * the spec computes, since wrapped facet headers take no label expression.
 */
function faceted(options, rows, view, data) {
  if (!options.facet) return { data, ...view };
  const { facet } = options;
  const { transform = [], ...inner } = view;
  const prefix = `${facet.title ?? facet.field}: `;
  return {
    data,
    transform: [{ calculate: `${JSON.stringify(prefix)} + ${datum(facet.field)}`, as: 'panel' }, ...transform],
    facet: { field: 'panel', type: 'nominal', title: null, sort: orderOf(rows, facet.field).map((v) => `${prefix}${v}`), header: { labelPadding: 26 } },
    columns: 1,
    spacing: 18,
    resolve: { axis: { x: 'independent' } },
    spec: inner,
  };
}

/**
 * Horizontal bars grouped by one label (x: the groups, listed down the page),
 * one bar per value of another label (color) inside each group, each bar with
 * its figure printed at its end. Horizontal so long server names stay readable
 * on a phone.
 */
export function groupedBar(rows, options) {
  const { x, color, y } = options;
  const values = rows.filter((r) => r.value !== null);
  const groups = orderOf(values, x.field);
  const bars = color ? orderOf(values, color.field).length : 1;
  const encoding = {
    y: { field: x.field, type: 'nominal', title: x.title ?? x.field, sort: groups, axis: { labelLimit: 320 } },
    x: { field: 'value', type: 'quantitative', title: titleWithUnit(y.title, y.unit), axis: { format: numberFormat(y.unit), tickCount: 5 } },
    tooltip: tooltip(options, { format: figureFormat(values, y.unit) }),
  };
  if (color) {
    const sortColor = orderOf(values, color.field);
    encoding.yOffset = { field: color.field, type: 'nominal', sort: sortColor };
    encoding.color = { field: color.field, type: 'nominal', title: color.title ?? color.field, sort: sortColor };
  } else {
    encoding.color = { value: PALETTE[0] };
  }
  return frame(options, {
    data: { values },
    width: PLOT_WIDTH,
    height: { step: bars > 1 ? 16 : 22, for: bars > 1 ? 'offset' : 'position' },
    encoding,
    layer: [
      { mark: { type: 'bar', tooltip: true } },
      { mark: { type: 'text', align: 'left', baseline: 'middle', dx: 3, fontSize: 11 }, encoding: { text: { field: 'text' }, color: { value: '#57606a' } } },
    ],
  });
}

/** Points joined by lines, one series per colour label (colour, point shape and dash pattern). */
function seriesLayers(values, options, { xEncoding, yEncoding, tooltipFields, interpolate = 'linear', pointSize = 48 }) {
  const series = seriesChannels(values, options.color);
  return {
    encoding: { x: xEncoding, y: yEncoding },
    layer: [
      {
        mark: { type: 'line', strokeWidth: 2, interpolate, invalid: 'break-paths-show-domains' },
        encoding: { color: series.color, strokeDash: series.strokeDash },
      },
      {
        transform: [{ filter: 'isValid(datum.value)' }],
        mark: { type: 'point', filled: true, size: pointSize, opacity: 1, tooltip: true },
        encoding: { color: series.color, shape: series.shape, tooltip: tooltipFields },
      },
    ],
  };
}

function yValue(options, extra = {}) {
  return {
    field: 'value', type: 'quantitative', title: titleWithUnit(options.y.title, options.y.unit),
    scale: { zero: true }, axis: levelTitle({ format: AXIS_FORMAT, tickCount: 5 }), ...extra,
  };
}

/** `toNumber` on a label, so "16" from a YAML string and 16 from a YAML number read the same. */
const numericLabel = (field) => ({ calculate: `toNumber(${datum(field)})`, as: field });

/**
 * Throughput by thread count (or users, cores…): x a numeric label on a log-2
 * axis with a tick at every value that occurs, one series per colour label
 * (colour + point shape + dash), optional one-column facets for a setting.
 */
export function lines(rows, options) {
  const { x } = options;
  const values = rows.map((r) => ({ ...r, [x.field]: Number(r[x.field]) }));
  const linear = options.xScale === 'linear';
  const xEncoding = {
    field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit),
    ...(linear ? { scale: { zero: false, nice: false, padding: 14 }, axis: { values: numericTicks(values, x.field), format: AXIS_FORMAT, grid: false } } : log2Axis(values, x.field)),
  };
  const tip = tooltip(options, { format: figureFormat(values, options.y.unit) });
  const view = {
    transform: [numericLabel(x.field)],
    width: PLOT_WIDTH, height: PLOT_HEIGHT,
    ...seriesLayers(values, options, { xEncoding, yEncoding: yValue(options), tooltipFields: tip }),
  };
  return frame(options, faceted(options, values, view, { values }));
}

/**
 * Expression true when a per-CPU row belongs to the CPUs the run was allowed
 * to use. The CPU list is the author's label in taskset syntax ("0", "0-1",
 * "0,2-3"); it is expanded here into plain comparisons so the spec shows
 * exactly which rows were kept.
 */
export function cpusInUseFilter(rows, cpusField) {
  const lists = orderOf(rows, cpusField).filter((l) => l !== undefined && l !== null);
  const clauses = lists.map((list) => {
    const cpus = expandCpuList(String(list));
    return `(${datum(cpusField)} === ${JSON.stringify(list)} && indexof(${JSON.stringify(cpus)}, datum.cpu) >= 0)`;
  });
  return clauses.length ? clauses.join(' || ') : 'false';
}

/** "0,2-3" → ["0", "2", "3"]: taskset / cpuset list syntax. */
export function expandCpuList(list) {
  const out = [];
  for (const part of list.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`CPU list "${list}": "${part}" is not a CPU number or range like 0-3`);
    const [lo, hi] = [Number(m[1]), Number(m[2] ?? m[1])];
    for (let c = lo; c <= hi; c += 1) out.push(String(c));
  }
  return out;
}

/**
 * Throughput by number of cores for each variant, and below it the CPU busy
 * share of the cores the run was allowed to use (100 % = every allowed core
 * busy for the whole run). Rows carry `panel`: "throughput" rows are one
 * figure per run; "cpu" rows are mpstat per-CPU samples (value = %idle, plus
 * `cpu` and `iowait`). The spec keeps the allowed CPUs, computes busy =
 * 100 − %idle − %iowait per sample and averages it per run.
 */
export function coresCpu(rows, options) {
  const { x } = options;
  const cpusField = options.cpus?.field ?? 'cpus';
  const asNumber = (r) => ({ ...r, [x.field]: Number(r[x.field]) });
  const throughput = rows.filter((r) => r.panel === 'throughput').map(asNumber);
  const cpu = rows.filter((r) => r.panel === 'cpu').map(asNumber);
  const xEncoding = { field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit), ...log2Axis([...throughput, ...cpu], x.field) };
  const groupby = uniqueFields([x, options.color]).map((f) => f.field).concat([cpusField, 'source']);
  const busyTitle = options.cpuTitle ?? 'CPU busy, share of the cores in use';
  const top = {
    data: { values: throughput },
    transform: [numericLabel(x.field)],
    width: PLOT_WIDTH, height: PLOT_HEIGHT * 0.8,
    ...seriesLayers(throughput, options, {
      xEncoding, yEncoding: yValue(options), tooltipFields: tooltip(options, { format: figureFormat(throughput, options.y.unit) }),
    }),
  };
  const bottom = {
    data: { values: cpu },
    transform: [
      numericLabel(x.field),
      { filter: cpusInUseFilter(cpu, cpusField) },
      { calculate: 'isValid(datum.value) ? 100 - datum.value - (isValid(datum.iowait) ? datum.iowait : 0) : null', as: 'busy' },
      { aggregate: [{ op: 'mean', field: 'busy', as: 'value' }, { op: 'count', as: 'samples' }, { op: 'min', field: 'line', as: 'first' }, { op: 'max', field: 'line', as: 'last' }], groupby },
      { calculate: "datum.first + '–' + datum.last", as: 'line' },
    ],
    width: PLOT_WIDTH, height: PLOT_HEIGHT * 0.8,
    ...seriesLayers(cpu, options, {
      xEncoding,
      yEncoding: { field: 'value', type: 'quantitative', title: titleWithUnit(busyTitle, 'percent'), scale: { domain: [0, 100], nice: false }, axis: levelTitle({ values: [0, 25, 50, 75, 100], format: 'd' }) },
      tooltipFields: [
        ...tooltip(options, { valueTitle: titleWithUnit(busyTitle, 'percent'), format: '.1f', labels: [{ field: cpusField, title: 'CPUs in use' }] })
          .map((t) => (t.field === 'line' ? { ...t, title: 'lines' } : t)),
        { field: 'samples', type: 'quantitative', title: 'per-CPU samples averaged' },
      ],
    }),
  };
  return frame(options, { vconcat: [top, bottom], spacing: 24, resolve: { scale: { color: 'shared', shape: 'shared', strokeDash: 'shared' } } });
}

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

/**
 * The N largest waits as horizontal bars, largest first. The top N is a
 * window transform in the spec (row number by value, ties broken by name), so
 * the spec carries every row and shows how the N were picked. One raw file
 * per chart (or per facet): the sums are per name within a file.
 */
export function topWaits(rows, options) {
  const { x, y } = options;
  const top = options.top ?? 10;
  const groupby = options.facet ? [options.facet.field] : [];
  const view = {
    transform: [
      // A latch name can repeat (one row per instance): its waits add up before ranking.
      { aggregate: [{ op: 'sum', field: 'value', as: 'value' }, { op: 'min', field: 'line', as: 'first' }, { op: 'max', field: 'line', as: 'last' }], groupby: [x.field, 'source', ...groupby] },
      { calculate: "datum.first === datum.last ? '' + datum.first : datum.first + '–' + datum.last", as: 'line' },
      { window: [{ op: 'row_number', as: 'rank' }], sort: [{ field: 'value', order: 'descending' }, { field: x.field, order: 'ascending' }], groupby },
      { filter: `datum.rank <= ${Number(top)}` },
    ],
    width: PLOT_WIDTH - 60,
    height: 20 * Number(top),
    encoding: {
      y: { field: x.field, type: 'nominal', title: x.title ?? x.field, sort: { field: 'value', op: 'sum', order: 'descending' }, axis: { labelLimit: 150 } },
      x: { field: 'value', type: 'quantitative', title: titleWithUnit(y.title, y.unit), axis: { format: AXIS_FORMAT, tickCount: 3 } },
      tooltip: tooltip(options, { format: figureFormat(rows, y.unit) }),
    },
    layer: [
      { mark: { type: 'bar', tooltip: true, color: PALETTE[0] } },
      { mark: { type: 'text', align: 'left', baseline: 'middle', dx: 3, fontSize: 11, color: '#57606a' }, encoding: { text: { field: 'value', format: ',d' } } },
    ],
  };
  const values = rows.filter((r) => r.value !== null);
  const spec = faceted(options, values, view, { values });
  if (options.facet) spec.resolve = { scale: { y: 'independent' } };
  return frame(options, spec);
}

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
export function histogram(rows, options) {
  const { x } = options;
  const bucket = x.field;
  const values = rows.filter((r) => r.value !== null);
  const buckets = values.map((r) => Number(r[bucket])).filter((v) => v > 0);
  const lo = Math.min(...buckets) / 1.2;
  const hi = Math.max(...buckets) * 1.2;
  const most = Math.max(1, ...values.map((r) => Number(r.value)));
  const countTicks = logTicks(1, most).filter((t) => String(t)[0] === '1');
  const view = {
    width: PLOT_WIDTH, height: PLOT_HEIGHT * 0.7,
    // Hundreds of buckets: no aria label per bar (the figure's description and data
    // table speak for them), which also keeps the page light for assistive tools.
    mark: { type: 'bar', width: 2, tooltip: true, color: PALETTE[0], aria: false },
    encoding: {
      x: { field: bucket, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit), scale: { type: 'log', domain: [lo, hi], nice: false }, axis: { values: logTicks(lo, hi), format: AXIS_FORMAT, grid: false, labelOverlap: 'greedy' } },
      y: { field: 'value', type: 'quantitative', title: titleWithUnit(options.y.title, options.y.unit), scale: { type: 'symlog', constant: 1, domain: [0, most], nice: false }, axis: levelTitle({ values: countTicks, format: ',~r' }) },
      tooltip: tooltip(options, { format: ',d', x: { ...x, type: 'quantitative', format: figureFormat(values.map((r) => ({ text: String(r[bucket]) })), x.unit) } }),
    },
  };
  return frame(options, faceted(options, values, view, { values }));
}

export const chartKinds = {
  'grouped-bar': groupedBar,
  lines,
  'cores-cpu': coresCpu,
  'over-time': overTime,
  'top-waits': topWaits,
  histogram,
};

/** The one entry point: a chart description as the shortcode wrote it → a Vega-Lite spec. */
export function buildSpec({ kind, rows, options }) {
  const make = chartKinds[kind];
  if (!make) throw new Error(`unknown chart kind "${kind}"; known: ${Object.keys(chartKinds).join(', ')}`);
  return make(rows, options);
}
