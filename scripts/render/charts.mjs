// Chart kinds: pure functions (rows, options) → Vega-Lite spec. This file is
// the only place a chart spec is built. The prerender step imports it in Node
// to draw the build-time SVG; Hugo mounts it at /js/charts.mjs so the browser
// builds the identical spec when it hydrates the chart with vega-embed.
// No Node or DOM APIs here.

/** Okabe–Ito: distinguishable with the common colour-vision deficiencies and in greyscale print. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

const BASE_CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
  background: null,
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 600, gridColor: '#d0d7de', domainColor: '#57606a', tickColor: '#57606a' },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: 'bottom' },
  title: { fontSize: 15, anchor: 'start', subtitleFontSize: 12, subtitleColor: '#57606a' },
  range: { category: PALETTE },
};

/** "Transactions per second (tx/s)": a title that always carries its unit. */
export function titleWithUnit(title, unit) {
  if (!unit || unit === 'count' || unit === 'text') return title;
  return `${title} (${unit})`;
}

/** Number format a reader expects for a unit: rates and times with two decimals, counts whole. */
export function numberFormat(unit) {
  if (unit === 'count' || unit === 'bytes') return ',.0f';
  if (unit === 'percent') return '.1f';
  return ',.2f';
}

function tooltip(options) {
  const fields = [options.x, options.color, options.facet].filter(Boolean)
    .filter((f, i, all) => all.findIndex((g) => g.field === f.field) === i)
    .map((f) => ({ field: f.field, type: 'nominal', title: f.title ?? f.field }));
  return [
    ...fields,
    { field: 'value', type: 'quantitative', title: titleWithUnit(options.y.title, options.y.unit), format: numberFormat(options.y.unit) },
    { field: 'source', type: 'nominal', title: 'raw file' },
    { field: 'line', type: 'quantitative', title: 'line' },
  ];
}

function orderOf(rows, field) {
  return [...new Set(rows.map((r) => r[field]))];
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
    tooltip: tooltip(options),
  };
  if (color) {
    const sortColor = orderOf(values, color.field);
    encoding.yOffset = { field: color.field, type: 'nominal', sort: sortColor };
    encoding.color = { field: color.field, type: 'nominal', title: color.title ?? color.field, sort: sortColor };
  } else {
    encoding.color = { value: PALETTE[0] };
  }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: options.description,
    title: { text: options.title, subtitle: options.subtitle },
    data: { values },
    width: 360,
    height: { step: bars > 1 ? 16 : 22, for: bars > 1 ? 'offset' : 'position' },
    encoding,
    layer: [
      { mark: { type: 'bar', tooltip: true } },
      { mark: { type: 'text', align: 'left', baseline: 'middle', dx: 3, fontSize: 11 }, encoding: { text: { field: 'text' }, color: { value: '#57606a' } } },
    ],
    config: BASE_CONFIG,
  };
}

export const chartKinds = {
  'grouped-bar': groupedBar,
};

/** The one entry point: a chart description as the shortcode wrote it → a Vega-Lite spec. */
export function buildSpec({ kind, rows, options }) {
  const make = chartKinds[kind];
  if (!make) throw new Error(`unknown chart kind "${kind}"; known: ${Object.keys(chartKinds).join(', ')}`);
  return make(rows, options);
}
