// `chart`: a chart of a report's figures. This module holds the parameters
// every chart takes and the steps every chart runs: it checks the parameters,
// selects the rows, keeps two runs off one point (or combines repeats), sets
// points against a baseline, finds the unit, marks points from incomplete
// output and names the runs a chart mixes. Each chart kind's module
// (scripts/compile/charts/<kind>.mjs, listed in charts/index.mjs) holds the
// rest of that kind: its parameters, how it picks and shapes its rows, its
// spec, its alt text figures and its tables. The chart is drawn once into the
// page's SVG and the chart's files (SVG, PNG, spec, CSV, iframe page,
// charts/files.mjs). The browser only fetches the finished spec when it adds
// tooltips.
//
//   {{< chart kind="grouped-bar" name="tps-by-server" data="sysbench" metric="transactions.rate"
//             x="server" color="workload" title="…" y-title="Transactions per second" >}}
//   {{< chart kind="lines" name="tps-by-threads" data="sysbench" metric="transactions.rate"
//             x="threads" color="workload" facet="buffer_pool" title="…" y-title="…" >}}
//   {{< chart kind="over-time" name="tps-over-time" data="sysbench" metric="tps" color="threads" title="…" y-title="…" >}}
//   {{< chart kind="top-waits" name="waits" data="perf-schema-waits" each="change.events" metric="sum" x="name" top="10" … >}}
//   {{< chart kind="over-time" name="waits-over-time" data="perf-schema-waits" metric="sum" series="name" top="5" … >}}
//
// Units come from the data: a figure's own unit, or for a plain-number field
// of `each` elements the `units` map (or `unit`) the parser recorded beside
// the list.
import { at, isMissing, uniqueBy, defaultItems } from '../select.mjs';
import { columnFor } from './params.mjs';
import { chartKinds } from './index.mjs';
import { chartFigure } from './files.mjs';
import { checkStat, spreadText, NOT_LABELS, repeatLabels } from '../stats/repeats.mjs';
import { difference, bandOf } from '../stats/difference.mjs';
import { incompletePlace, runCut } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';
import { formatNamed } from '../../parse/formats.mjs';

/** The parameters every chart takes, whatever its kind. */
export const COMMON = {
  kind: { required: true, doc: 'chart kind', values: Object.keys(chartKinds) },
  name: { required: true, doc: 'lower-case name, unique in the report; becomes charts/<name>.svg' },
  data: { required: true, doc: 'document kind, e.g. sysbench' },
  where: { doc: 'label=value;label=value filter' },
  title: { required: true, doc: 'chart title' },
  subtitle: { doc: 'line under the title' },
  'y-title': { required: true, doc: 'value axis title (the unit is added)' },
};

/**
 * The order the chart shortcode's reference lists its kinds' parameters in,
 * after those every chart takes; a parameter not named here follows these,
 * in the order the kinds list it.
 */
const LISTED = ['metric', 'x', 'color', 'facet', 'x-title', 'color-title', 'facet-title', 'x-scale', 'items', 'each', 'interpolate', 'top', 'series', 'cpus', 'stat', 'better', 'baseline', 'show', 'best-over', 'steady', 'cpu-data', 'cpu-each', 'cpu-title'];

/**
 * Every parameter some kind takes, with its doc: what the shortcode accepts
 * before it knows the kind. Each kind's own required parameters and defaults
 * apply once the kind is known (describeChart).
 */
function kindParams() {
  const docs = new Map();
  for (const kind of Object.values(chartKinds)) for (const [name, { doc }] of Object.entries(kind.params)) if (!docs.has(name)) docs.set(name, { doc });
  const place = (name) => (LISTED.includes(name) ? LISTED.indexOf(name) : LISTED.length);
  return Object.fromEntries([...docs].sort(([a], [b]) => place(a) - place(b)));
}

export default {
  name: 'chart',
  summary: 'A chart drawn at build time as SVG, with its PNG, spec, CSV and iframe page.',
  params: { ...COMMON, ...kindParams() },
  async build(ctx, p) {
    const chart = describeChart(ctx, p);
    return chartFigure(ctx, chart);
  },
};

/**
 * The chart's rows and options, as buildSpec takes them. Every chart runs the
 * same steps; its kind's module (charts/index.mjs) joins in where it differs:
 * checked parameters (settle), the columns read beside the figure (columns),
 * the rows drawn (pick), no two runs on one point (unique, or repeats
 * combined where the kind takes stat), against a baseline, the rows and
 * options it draws with (shape), the y unit (yUnit), and the runs it mixes.
 */
export function describeChart(ctx, given) {
  const kind = chartKinds[given.kind];
  const params = checkedParams(kind, given);
  const chart = chartPlan(ctx, kind, params);
  const selected = selectRows(ctx, kind, chart, given);
  const { rows: points, sources } = pointsOf(ctx, kind, kind.pick?.(selected, chart) ?? selected, chart);
  // Against the repeats themselves, as the compare table and claims judge them, before the spec keeps only their medians.
  const judged = params.baseline ? againstBaseline(points, params, ctx.report.meta.noise_reference, repeatLabels(ctx.report.meta)) : points;
  const plain = plainRows(judged);
  const shaped = kind.shape?.(plain, chart) ?? { rows: plain };
  const options = { ...chartOptions(ctx, kind, chart, shaped.rows), ...shaped.options };
  const mixed = mixedRuns(shaped.rows, chart.plotted, [...[].concat(ctx.report.meta.compare ?? []), ...[].concat(ctx.report.meta.sweep ?? [])]);
  return { kind: kind.name, name: params.name, ...markIncomplete(shaped.rows, options), mixed, sources: sources ?? [...new Set(shaped.rows.map((r) => r.source))] };
}

/** The parameters as the kind reads them: only those it takes, its defaults filled in, each value checked. */
function checkedParams(kind, given) {
  const extra = Object.keys(given).filter((k) => !(k in COMMON) && !(k in kind.params));
  if (extra.length) throw mistake(`kind="${given.kind}" takes no ${extra.map((k) => `"${k}"`).join(', ')}; it takes: ${[...Object.keys(COMMON), ...Object.keys(kind.params)].join(', ')}`, { param: extra[0] });
  const params = { ...defaultsOf(kind), ...given };
  for (const [name, { required, doc }] of Object.entries(kind.params)) if (required && !params[name]) throw mistake(`kind="${given.kind}" needs the parameter "${name}" (${doc})`);
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(given.name)) throw mistake(`name="${given.name}" must be at most 100 lower-case letters, digits and dashes (it becomes a file name)`);
  for (const [name, { check }] of Object.entries(kind.params)) if (check && params[name]) check(params[name], name);
  return kind.settle?.(params, given) ?? params;
}

/** The values a kind takes for the parameters the author left out. */
function defaultsOf(kind) {
  return Object.fromEntries(Object.entries(kind.params).filter(([, p]) => p.default !== undefined).map(([name, p]) => [name, p.default]));
}

/**
 * What the kind's steps are given beside the rows: the parameters, the x
 * column, the label columns, the columns that tell points apart (keys), those
 * the chart shows (plotted), the fields read from each element, its name for
 * messages and the view context.
 */
function chartPlan(ctx, kind, params) {
  const x = kind.xIsLabel ? params.x : columnFor(params.x);
  const labels = [kind.xIsLabel && params.x, params.color, params.facet].filter(Boolean);
  const own = kind.columns?.(params) ?? {};
  return {
    params,
    x,
    labels,
    fields: { ...(kind.xIsLabel ? {} : { [x]: params.x }), ...own.fields },
    keys: [...new Set([...labels, x, ...(own.keys ?? [])])],
    plotted: [...labels, x, ...(own.plotted ?? [])],
    what: `chart "${params.name}"`,
    ctx,
  };
}

/** The rows the parameters select; points none of which has an x are a mistake of their own (noX). */
function selectRows(ctx, kind, { params, x, labels, fields }, given) {
  const rows = ctx.select({ data: params.data, items: params.items, each: params.each ?? '', metric: params.metric, fields, labels, where: params.where });
  if (!kind.xIsLabel && rows.length && rows.every((r) => r[x] === null || r[x] === undefined)) throw mistake(noX({ ...params, defaulted: given.x === undefined }, rows.length));
  return rows;
}

/**
 * One row per point: a point two runs share would be drawn twice or summed.
 * Where the kind draws spreads (it takes stat), the repeats of one
 * configuration become one point with its spread, and `sources` lists the
 * raw file of every repeat.
 */
function pointsOf(ctx, kind, rows, chart) {
  const { params, keys, what } = chart;
  if ('stat' in kind.params) {
    const combined = [...ctx.combine(rows, keys, { what, stat: checkStat(params.stat), better: params.better }).values()];
    return { rows: combined, sources: [...new Set(combined.flatMap((r) => (r.members ? r.members.map((m) => m.source) : [r.source])))] };
  }
  if (kind.unique) kind.unique(rows, chart);
  else uniqueBy(rows, keys, what);
  return { rows };
}

/** Titles, axes with their units, series and panels: what every kind draws with. */
function chartOptions(ctx, kind, chart, rows) {
  const { params, x } = chart;
  const units = [...new Set((kind.figures?.(rows) ?? rows).map((r) => r.unit).filter(Boolean))];
  if (units.length > 1) throw mistake(`chart "${params.name}" mixes units ${units.join(', ')}; a chart compares one unit`);
  const fieldUnit = fieldUnits(ctx.report, params);
  const unit = units[0] || fieldUnit[params.metric] || '';
  const options = {
    baseline: params.baseline ? { field: params.x, value: params.baseline } : undefined,
    title: params.title,
    subtitle: params.subtitle,
    x: { field: x, title: params['x-title'] || (params.x === 't' ? 'Time' : ctx.title(params.x)), unit: kind.xIsLabel ? '' : fieldUnit[params.x] ?? '' },
    y: { title: params['y-title'], unit: kind.yUnit ? kind.yUnit(unit, chart) : unit },
  };
  if (params.color) options.color = { field: params.color, title: params['color-title'] || ctx.title(params.color) };
  if (params.facet) options.facet = { field: params.facet, title: params['facet-title'] || ctx.title(params.facet) };
  if (params.top) options.top = Number(params.top);
  return options;
}

/**
 * A chart with points from output that stops early says so in every form it
 * is published in: its subtitle (drawn into the SVG, PNG and embed page)
 * names each such raw file and line, and each of those points carries that
 * place as text (`incomplete`) for its tooltip, the alt text, the screen
 * reader table and the CSV. The note under the figure gives the reason.
 */
/** How the drawing tells such points apart (seriesLayers and bars draw them hollow). */
const INCOMPLETE_DRAWN = ' (hollow marks)';

function markIncomplete(all, options) {
  const rows = all.map(runCut);
  const seen = new Map();
  for (const r of rows) if (r.incomplete && !seen.has(r.incomplete.source)) seen.set(r.incomplete.source, r.incomplete);
  if (!seen.size) return { rows, options };
  const cut = [...seen.values()];
  const said = `Incomplete output: ${cut.map(incompletePlace).join('; ')}${INCOMPLETE_DRAWN}.`;
  return {
    // The other points say "no": a tooltip or an aria label would otherwise read "undefined".
    rows: rows.map((r) => ({ ...r, incomplete: r.incomplete ? incompletePlace(r.incomplete) : 'no' })),
    options: { ...options, subtitle: options.subtitle ? `${options.subtitle} ${said}` : said, incomplete: true },
  };
}

/**
 * Every point selected has no x (the samples carry no time): without this the
 * points would all fall on one empty x, and the error would be that two runs
 * match there, which is not what is wrong.
 */
function noX(q, n) {
  // Where a format's captures take their samples' time from, when it says.
  const hint = q.x === 't' && formatNamed(q.data)?.timeHint;
  const time = hint ? `; ${hint}` : '';
  const given = q.defaulted ? ` (the default of kind="${q.kind}")` : '';
  return `x="${q.x}"${given}: none of the ${n} points of "${q.data}" has it, so none has a place on the x axis${time}; name a field the points do have with x="…"`;
}

/**
 * Combined rows as a chart draws them: the statistic, its spread (min, max,
 * runs, spread text for the tooltip) and no member lists, so the spec's data
 * and CSV stay flat. When some point stands for repeats, a lone run beside it
 * gets min = max = its value and says it is a single run; a chart without
 * repeats keeps its rows as they are.
 */
function plainRows(rows) {
  if (!rows.some((r) => r.members)) return rows;
  return rows.map((row) => {
    const { members, values, decimals, ...rest } = row;
    if (!members) return { ...rest, stat: 'single run', min: rest.value, max: rest.value, runs: 1, spread: 'single run' };
    return { ...rest, spread: spreadText(row) };
  });
}

/** Each bar's difference to the bar of the baseline x value with the same other labels, worded as the compare table words it. */
function againstBaseline(rows, q, reference, repeat) {
  const others = [q.color, q.facet].filter(Boolean);
  const sameSeries = (a, b) => others.every((k) => String(a[k]) === String(b[k]));
  const bases = rows.filter((r) => String(r[q.x]) === q.baseline);
  if (!bases.length) throw mistake(`baseline="${q.baseline}" is not one of the ${q.x} values: ${[...new Set(rows.map((r) => String(r[q.x])))].join(', ')}`);
  const { band } = bandOf(rows, reference, repeat);
  return rows.map((r) => {
    const base = bases.find((b) => sameSeries(b, r));
    if (!base || base === r) return { ...r, vs_baseline: base === r ? 'baseline' : '' };
    const d = difference(r, base, { band });
    return { ...r, vs_baseline: d ? `${d.text} (${d.note})` : '', verdict: d?.verdict ?? '' };
  });
}

/**
 * Units of plain-number fields: the `units` map (or `unit`) the parser wrote
 * on the list's parent, found in the first document of the kind that has one.
 */
function fieldUnits(report, q) {
  const out = {};
  if (!q.each) return out;
  const parentPath = q.each.split('.').slice(0, -1).join('.');
  let container = null;
  for (const doc of report.docs) {
    if (container || doc.kind !== q.data) continue;
    const items = at(doc, q.items || defaultItems(q.data));
    for (const item of Array.isArray(items) ? items : [doc]) {
      const c = parentPath ? at(item, parentPath) : item;
      if (!container && c && !isMissing(c) && typeof c === 'object' && (c.units || c.unit)) container = c;
    }
  }
  for (const path of [q.metric, q.x]) {
    if (!path) continue;
    const last = path.split('.').pop();
    out[path] = container?.units?.[last] ?? container?.unit ?? '';
  }
  return out;
}


/**
 * What a chart mixes without saying so: labels whose values differ between
 * its runs although it neither plots them nor the report declares them
 * (`compare:` or `sweep:`), and runs printed by different versions of a tool.
 */
export function mixedRuns(rows, plotted, declared) {
  const seen = new Map();
  for (const row of rows) {
    for (const [k, v] of Object.entries(row)) {
      if (NOT_LABELS.has(k) || k.startsWith('x_') || plotted.includes(k)) continue;
      (seen.get(k) ?? seen.set(k, new Set()).get(k)).add(String(v));
    }
  }
  const out = [];
  for (const [k, values] of [...seen].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (values.size > 1 && !declared.includes(k)) out.push(`${k} differs between these runs (${[...values].sort().slice(0, 4).join(', ')}) but is not shown in the chart`);
  }
  const byTool = new Map();
  // A run whose output gave no version is no evidence of another version.
  for (const row of rows.filter((r) => !/version not printed/.test(r.tool))) {
    const name = row.tool.split(' ')[0];
    (byTool.get(name) ?? byTool.set(name, new Set()).get(name)).add(row.tool);
  }
  for (const [name, versions] of byTool) {
    if (versions.size > 1 && !declared.includes('tool')) out.push(`the runs were printed by different ${name} versions (${[...versions].sort().join(', ')})`);
  }
  return out;
}

