// The `over-time` chart kind: the parameters its shortcode takes, with their
// docs, the time field it plots against, the series a field of each sample
// names (the top-ranked ones), each run's steady phases and stalls, and the
// Vega-Lite spec it draws.
import { shared, required, defaulting, oneOf, columnFor } from './params.mjs';
import { byRun } from '../select.mjs';
import { stability } from '../stats/stats.mjs';
import { mistake } from '../../problems/problem.mjs';
import { formatNamed } from '../../parse/formats.mjs';
import { LAYOUTS, PLOT_HEIGHT, titleWithUnit, figureFormat, orderOf, tooltip, AXIS_FORMAT, frame, faceted, seriesLayers, yValue } from './common.mjs';

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
  interpolate: { doc: 'linear or step', check: oneOf(['linear', 'step']) },
  items: shared.items,
  steady: { doc: 'yes: shade each run\'s warm-up and tail and mark its stalls (the stability-table rule)', check: oneOf(['yes']) },
};

/** A run's samples can outnumber the plot's pixel columns: such a series is drawn reduced (charts/reduce.mjs). */
export const reducible = true;

/**
 * The parameters over-time cannot draw together: top keeps the first-ranked
 * series, so it needs series; a series stands in for color; steady shades one
 * run per line over one time axis, so neither series nor panels. Samples whose
 * kind names their time otherwise are plotted against that field when the
 * author names no x.
 */
export function settle(params, given) {
  const { top, series, color, steady, facet } = params;
  if (top && !series) throw mistake(`top="${top}" on over-time keeps the first-ranked series; name them with series="…" (e.g. series="name")`);
  if (series && color) throw mistake(`series="${series}" names each line from a field of the samples and color="${color}" from a label; give one of them`);
  if (series && steady) throw mistake(`steady="yes" shades one run per line; with series="${series}" a run has several lines`);
  if (steady && facet) throw mistake('steady="yes" shades each run over one shared time axis; drop facet and narrow with where="…"');
  // The samples' time is the field their format names (tpcc-mysql's `time`); x defaults to t for any other kind.
  const time = formatNamed(params.data)?.timeField;
  return given.x === undefined && time ? { ...params, x: time } : params;
}

/** A series field is read from each sample, with the rank top keeps by; it tells points apart and is plotted. */
export function columns({ series, top }) {
  if (!series) return {};
  const column = columnFor(series);
  return { fields: { [column]: series, ...(top ? { rank: 'rank' } : {}) }, keys: [column], plotted: [column, 'rank'] };
}

/** With series and top, the samples of the first-ranked series. */
export function pick(rows, { params }) {
  return params.series && params.top ? topRanked(rows, Number(params.top)) : rows;
}

/** The series' colour, the line's interpolation, and with steady="yes" each sample's phase, the stretches to shade and what they mean. */
export function shape(rows, { params, ctx }) {
  const options = {};
  if (params.series) options.color = { field: columnFor(params.series), title: params['color-title'] || ctx.title(params.series) };
  if (params.interpolate) options.interpolate = params.interpolate;
  if (!params.steady) return { rows, options };
  const { rows: phased, steady } = steadyPhases(rows, params);
  return { rows: phased, options: { ...options, steady, subtitle: params.subtitle ?? steadyLegend(steady, phased) } };
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
 * sample field such as a wait event's name, which shape() puts in the colour
 * field and pick() narrows to the top ranked ones). A null sample
 * (a failed interval) breaks the line instead of being bridged. "step" draws
 * each sample flat over the interval that ends at its time stamp, which is
 * what sysbench's `[ 10s ]` lines report.
 */
export function spec(rows, options, layout = LAYOUTS.column) {
  const { x } = options;
  const xEncoding = { field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit), scale: { zero: false, nice: false }, axis: { format: AXIS_FORMAT, tickCount: 6 } };
  const perSeries = rows.length / Math.max(1, options.color ? orderOf(rows, options.color.field).length : 1);
  const view = {
    height: PLOT_HEIGHT,
    ...seriesLayers(rows, options, {
      xEncoding,
      yEncoding: yValue(options, {}, layout),
      tooltipFields: tooltip(options, { format: figureFormat(rows, options.y.unit), x: { ...x, type: 'quantitative' } }),
      interpolate: options.interpolate === 'step' ? 'step-before' : 'linear',
      pointSize: perSeries > 60 ? 10 : 24,
    }, layout),
  };
  // An empty mark layer would still reach the page as an unlabelled graphic, so stall marks come only with stalls.
  view.layer = [...bucketRange(rows), ...view.layer];
  if (options.steady) view.layer = [...trimmedShade(options), ...view.layer, ...(rows.some((r) => r.stall) ? [stallMarks(options, x)] : [])];
  return frame(options, faceted(options, rows, view, { values: rows }, {}, layout), layout);
}
