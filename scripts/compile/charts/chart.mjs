// `chart`: a chart of a report's figures. This module selects the rows and
// turns the shortcode's parameters into chart options; each chart kind's
// parameters and spec live together in scripts/compile/charts/<kind>.mjs, the
// one place its spec is made, and drawn once here into the page's SVG and the
// chart's files (SVG, PNG, spec, CSV, iframe page). The browser only fetches
// the finished spec when it adds tooltips.
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
import { at, isMissing, uniqueBy, byRun, DEFAULT_ITEMS } from '../select.mjs';
import { columnFor } from './params.mjs';
import { chartKinds } from './index.mjs';
import { chartFigure } from './files.mjs';
import { checkStat, spreadText, NOT_LABELS, repeatLabels } from '../stats/repeats.mjs';
import { difference, bandOf } from '../stats/difference.mjs';
import { stability, scaling, decimal } from '../stats/stats.mjs';
import { fixed } from '../../lib/text.mjs';
import { incompletePlace } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';

const COMMON = {
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

/** The values a kind takes for the parameters the author left out. */
function defaultsOf(kind) {
  return Object.fromEntries(Object.entries(kind.params).filter(([, p]) => p.default !== undefined).map(([name, p]) => [name, p.default]));
}

// The field an over-time chart plots its samples against where a kind's samples do not name it t.
const TIME_FIELDS = { 'tpcc-mysql': 'time' };
const timeField = (p) => (p.kind === 'over-time' && TIME_FIELDS[p.data] ? { x: TIME_FIELDS[p.data] } : {});

/** The chart's rows and options, as buildSpec takes them; every check on the parameters happens here. */
export function describeChart(ctx, p) {
  const kind = chartKinds[p.kind];
  const extra = Object.keys(p).filter((k) => !(k in COMMON) && !(k in kind.params));
  if (extra.length) throw mistake(`kind="${p.kind}" takes no ${extra.map((k) => `"${k}"`).join(', ')}; it takes: ${[...Object.keys(COMMON), ...Object.keys(kind.params)].join(', ')}`, { param: extra[0] });
  const q = { ...defaultsOf(kind), ...timeField(p), ...p };
  for (const [name, { required, doc }] of Object.entries(kind.params)) if (required && !q[name]) throw mistake(`kind="${p.kind}" needs the parameter "${name}" (${doc})`);
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(p.name)) throw mistake(`name="${p.name}" must be at most 100 lower-case letters, digits and dashes (it becomes a file name)`);
  if (q['x-scale'] && !['log2', 'linear'].includes(q['x-scale'])) throw mistake(`x-scale="${q['x-scale']}": expected log2 or linear`);
  if (q.interpolate && !['linear', 'step'].includes(q.interpolate)) throw mistake(`interpolate="${q.interpolate}": expected linear or step`);
  if (q.top && !/^[1-9][0-9]*$/.test(String(q.top))) throw mistake(`top="${q.top}": expected a whole number of bars, e.g. 10`);
  if (q.top && p.kind === 'over-time' && !q.series) throw mistake(`top="${q.top}" on over-time keeps the first-ranked series; name them with series="…" (e.g. series="name")`);

  const xColumn = kind.xIsLabel ? q.x : columnFor(q.x);
  const labels = [kind.xIsLabel && q.x, q.color, q.facet].filter(Boolean);
  const seriesColumn = q.series ? checkSeries(q) : null;
  const fields = kind.xIsLabel ? {} : { [xColumn]: q.x };
  if (seriesColumn) Object.assign(fields, { [seriesColumn]: q.series }, q.top ? { rank: 'rank' } : {});
  let rows = ctx.select({ data: q.data, items: q.items, each: q.each ?? '', metric: q.metric, fields, labels, where: q.where });
  if (!kind.xIsLabel && rows.length && rows.every((r) => r[xColumn] === null || r[xColumn] === undefined)) throw mistake(noX({ ...q, defaulted: p.x === undefined }, rows.length));
  // A point two runs share would be drawn twice or summed (top-waits sums per name on purpose);
  // repeats of one configuration become one point with its spread where the kind draws spreads.
  const keys = [...new Set([...labels, xColumn, ...(seriesColumn ? [seriesColumn] : [])])];
  if (seriesColumn && q.top) rows = topRanked(rows, Number(q.top));
  if (kind.drawn) rows = kind.drawn(rows, { x: xColumn, facet: q.facet, top: q.top ?? 10 });
  if (q['best-over']) rows = bestOver(rows, q['best-over']);
  let sources;
  if ('stat' in kind.params) {
    const combined = [...ctx.combine(rows, keys, { what: `chart "${p.name}"`, stat: checkStat(q.stat), better: q.better }).values()];
    sources = [...new Set(combined.flatMap((r) => (r.members ? r.members.map((m) => m.source) : [r.source])))];
    rows = combined;
  }
  else if (p.kind === 'top-waits') uniqueBy(firstPerRun(rows, keys), keys, `chart "${p.name}"`, { or: 'draw a panel each with facet="…"' });
  else uniqueBy(rows, keys, `chart "${p.name}"`);
  // Against the repeats themselves, as the compare table and claims judge them, before the spec keeps only their medians.
  if (q.baseline) rows = againstBaseline(rows, q, ctx.report.meta.noise_reference, repeatLabels(ctx.report.meta));
  rows = plainRows(rows);
  let yUnitOverride;
  if (q.show && q.show !== 'value') ({ rows, unit: yUnitOverride } = scaled(rows, q));
  let steady;
  if (q.steady) {
    if (q.steady !== 'yes') throw mistake(`steady="${q.steady}": expected yes`);
    if (q.facet) throw mistake('steady="yes" shades each run over one shared time axis; drop facet and narrow with where="…"');
    ({ rows, steady } = steadyPhases(rows, q));
  }
  const units = [...new Set(rows.map((r) => r.unit).filter(Boolean))];
  if (units.length > 1) throw mistake(`chart "${p.name}" mixes units ${units.join(', ')}; a chart compares one unit`);
  const fieldUnit = fieldUnits(ctx.report, q);
  let yUnit = units[0] || fieldUnit[q.metric] || '';
  if (yUnitOverride !== undefined) yUnit = yUnitOverride === 'per' ? `${yUnit} per ${q['x-title'] || q.x}` : yUnitOverride;
  if (p.kind === 'histogram') yUnit = 'count';
  if (p.kind === 'top-waits') yUnit ||= 'count';

  const options = {
    baseline: q.baseline ? { field: q.x, value: q.baseline } : undefined,
    title: p.title,
    subtitle: p.subtitle,
    x: { field: xColumn, title: q['x-title'] || (q.x === 't' ? 'Time' : ctx.title(q.x)), unit: kind.xIsLabel ? '' : fieldUnit[q.x] ?? '' },
    y: { title: p['y-title'], unit: yUnit },
  };
  if (q.color) options.color = { field: q.color, title: q['color-title'] || ctx.title(q.color) };
  if (seriesColumn) options.color = { field: seriesColumn, title: q['color-title'] || ctx.title(q.series) };
  if (q.facet) options.facet = { field: q.facet, title: q['facet-title'] || ctx.title(q.facet) };
  if (q['x-scale']) options.xScale = q['x-scale'];
  if (q.interpolate) options.interpolate = q.interpolate;
  if (q.top) options.top = Number(q.top);
  if (steady) {
    options.steady = steady;
    options.subtitle ??= steadyLegend(steady, rows);
  }
  const plotted = [...labels, xColumn, ...(seriesColumn ? [seriesColumn, 'rank'] : [])];
  if (p.kind === 'cores-cpu') {
    const cpus = q.cpus || 'cpus';
    const cpuRows = ctx.select({ data: q['cpu-data'] || 'mpstat', each: q['cpu-each'] || 'samples', metric: 'values.%idle', fields: { cpu: 'cpu', iowait: 'values.%iowait' }, labels: [...labels, cpus], where: q.where });
    rows = [...rows.map((r) => ({ ...r, panel: 'throughput' })), ...cpuRows.map((r) => ({ ...r, panel: 'cpu' }))];
    options.cpus = { field: cpus };
    if (q['cpu-title']) options.cpuTitle = q['cpu-title'];
    plotted.push(cpus);
  }
  const mixed = mixedRuns(rows, plotted, [...[].concat(ctx.report.meta.compare ?? []), ...[].concat(ctx.report.meta.sweep ?? [])]);
  return { kind: p.kind, name: p.name, ...markIncomplete(rows, options), mixed, sources: sources ?? [...new Set(rows.map((r) => r.source))] };
}

/**
 * A chart with points from output that stops early says so in every form it
 * is published in: its subtitle (drawn into the SVG, PNG and embed page)
 * names each such raw file and line, and each of those points carries that
 * place as text (`incomplete`) for its tooltip, the alt text, the screen
 * reader table and the CSV. The note under the figure gives the reason.
 */
function markIncomplete(rows, options) {
  const seen = new Map();
  for (const r of rows) if (r.incomplete && !seen.has(r.incomplete.source)) seen.set(r.incomplete.source, r.incomplete);
  if (!seen.size) return { rows, options };
  const cut = [...seen.values()];
  const said = `Incomplete output: ${cut.map(incompletePlace).join('; ')}.`;
  return {
    // The other points say "no": a tooltip or an aria label would otherwise read "undefined".
    rows: rows.map((r) => ({ ...r, incomplete: r.incomplete ? incompletePlace(r.incomplete) : 'no' })),
    options: { ...options, subtitle: options.subtitle ? `${options.subtitle} ${said}` : said, incomplete: true },
  };
}

/**
 * The first row of each run for each key: top-waits sums the rows of one name
 * within a run (a lock listed once per instance), but a name two runs list
 * would stack both on one bar.
 */
function firstPerRun(rows, keys) {
  const seen = new Set();
  return rows.filter((r) => {
    const key = JSON.stringify([r.doc, r.item, ...keys.map((k) => r[k])]);
    return !seen.has(key) && seen.add(key);
  });
}

/** The column a series field is read into; series names each line, so it stands in for color and steady has no run to shade. */
function checkSeries(q) {
  if (q.color) throw mistake(`series="${q.series}" names each line from a field of the samples and color="${q.color}" from a label; give one of them`);
  if (q.steady) throw mistake(`steady="yes" shades one run per line; with series="${q.series}" a run has several lines`);
  return columnFor(q.series);
}

/**
 * Every point selected has no x (the samples carry no time): without this the
 * points would all fall on one empty x, and the error would be that two runs
 * match there, which is not what is wrong.
 */
function noX(q, n) {
  const time = q.x === 't' && q.data === 'perf-schema-waits'
    ? '; a capture gives each snapshot its time on a "-- snapshot N t=12.5s" comment line or a SELECT NOW(6) beside it'
    : '';
  const given = q.defaulted ? ` (the default of kind="${q.kind}")` : '';
  return `x="${q.x}"${given}: none of the ${n} points of "${q.data}" has it, so none has a place on the x axis${time}; name a field the points do have with x="…"`;
}

/**
 * The samples of the series the data itself ranks among the first `top`
 * (perf-schema-waits ranks events by total wait time over the capture), in
 * rank order so the legend reads from the largest down. The ranking is the
 * parser's, not redone here.
 */
function topRanked(rows, top) {
  if (rows.every((r) => r.rank === null)) {
    throw mistake(`top="${top}" with series keeps the series the data ranks first, from a rank field in each sample (as perf-schema-waits intervals.samples have); these samples have none`);
  }
  return rows
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.rank !== null && r.rank <= top)
    .sort((a, b) => a.r.rank - b.r.rank || a.i - b.i)
    .map(({ r }) => r);
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

const SHOWS = ['value', 'speedup', 'efficiency', 'per-unit'];

/**
 * A sweep's figures as speedup, efficiency or per-unit throughput, series by
 * series (scripts/compile/stats/stats.mjs scaling()); the figure the tool printed
 * stays in `printed`. Returns the unit the y axis takes ('per': the figure's
 * unit per unit of x).
 */
function scaled(rows, q) {
  if (!SHOWS.includes(q.show)) throw mistake(`show="${q.show}": expected ${SHOWS.join(', ')}`);
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
      out.push({ ...pt.row, value, text, printed: pt.row.text, min: undefined, max: undefined, runs: undefined });
    }
  }
  return { rows: out, unit: { speedup: '', efficiency: 'percent', 'per-unit': 'per' }[q.show] };
}

/** The subtitle of a steady="yes" chart: what its shading and arrows mean, for the marks it draws, or that it draws none. */
function steadyLegend(steady, rows) {
  const said = [];
  if (steady.regions.length) said.push('Shaded: warm-up and tail left out.');
  if (rows.some((r) => r.stall)) said.push('Arrows: stalls, intervals below half the steady median.');
  return said.length ? said.join(' ') : 'Steady from the first interval to the last, with no stall (an interval below half the steady median).';
}

/**
 * Each run's samples tagged with the phase the stability rule puts them in and
 * whether they are a stall, plus the trimmed stretches to shade: the same
 * figures the stability table prints (scripts/compile/stats/stats.mjs).
 */
function steadyPhases(rows, q) {
  const out = [];
  const regions = [];
  let rule = '';
  for (const samples of byRun(rows)) {
    const s = stability(samples.map((r) => ({ t: r[q.x], value: r.value })));
    rule = s.rule;
    const series = q.color ? samples[0][q.color] : '';
    samples.forEach((r, i) => {
      const phase = i < s.start ? 'warm-up' : i >= s.end ? 'tail' : 'steady';
      const stall = phase === 'steady' && !(typeof r.value === 'number' && r.value >= s.median / 2);
      out.push({ ...r, phase, stall });
    });
    const t = (i) => samples[Math.min(Math.max(i, 0), samples.length - 1)][q.x];
    if (s.start > 0) regions.push({ from: t(0) - (t(1) - t(0) || 1), to: t(s.start - 1), phase: 'warm-up', series });
    if (s.end < samples.length) regions.push({ from: t(s.end - 1), to: t(samples.length - 1), phase: 'tail', series });
  }
  return { rows: out, steady: { regions, rule } };
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
    const items = at(doc, q.items || DEFAULT_ITEMS[q.data] || 'runs');
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

