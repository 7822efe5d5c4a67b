// Chart kinds: pure functions (rows, options) → Vega-Lite spec. This file is
// the only place a chart spec is built. The compile step (scripts/compile/
// kinds/chart.mjs) calls it once per chart; the page, the SVG, the PNG and
// the published .vl.json all come from that one spec, which the browser
// fetches when it adds tooltips. No Node or DOM APIs here.
//
// Rows are what scripts/compile/select.mjs selected: the run's labels plus
// value, text, unit, line, source, tool, status and any extra fields (the
// compile step keeps its own doc/item/element indexes out of the spec). Options come from the chart shortcode: title, subtitle,
// x/y/color/facet ({field, title, unit}) and a few kind-specific settings.
// Everything a reader sees as a statistic (a mean, a top N, a normalisation)
// is a Vega-Lite transform in the spec, so the .vl.json beside each chart
// shows how the figure was made; a kind that draws only some rows (top-waits)
// also names them with `drawn`, so the rows it is given are those it draws.
//
// Each kind lives in its own module under charts/: its parameters, required
// ones and defaults beside its spec; charts/common.mjs holds what they share.
import * as groupedBar from './grouped-bar.mjs';
import * as lines from './lines.mjs';
import * as coresCpu from './cores-cpu.mjs';
import * as overTime from './over-time.mjs';
import * as topWaits from './top-waits.mjs';
import * as histogram from './histogram.mjs';

export * from './common.mjs';
export { groupedBar } from './grouped-bar.mjs';
export { lines } from './lines.mjs';
export { cpusInUseFilter, expandCpuList, coresCpu } from './cores-cpu.mjs';
export { overTime } from './over-time.mjs';
export { topWaits } from './top-waits.mjs';
export { logTicks, histogram } from './histogram.mjs';

/**
 * Every chart kind: its parameters (takes, required, defaults, xIsLabel, summary), its spec
 * function, `drawn(rows, { x, facet, top })` for a kind that draws only some of the rows
 * it is given (the compile step keeps those, so the alt text, table and CSV hold what is drawn),
 * `bars(rows, options)` for a kind whose marks add rows up (the alt text names the sums drawn),
 * and `samples(rows, options, labelColumns)` for a kind whose figures are drawn beside samples
 * of another quantity (render/describe.mjs lists them in a table of their own).
 */
export const chartKinds = {
  'grouped-bar': { ...groupedBar.params, spec: groupedBar.groupedBar },
  lines: { ...lines.params, spec: lines.lines },
  'cores-cpu': { ...coresCpu.params, spec: coresCpu.coresCpu, samples: coresCpu.sampleTable },
  'over-time': { ...overTime.params, spec: overTime.overTime },
  'top-waits': { ...topWaits.params, spec: topWaits.topWaits, drawn: topWaits.drawnRows, bars: topWaits.barRows },
  histogram: { ...histogram.params, spec: histogram.histogram },
};

/** The one entry point: a chart description (kind, rows, options) → a Vega-Lite spec. */
export function buildSpec({ kind, rows, options }) {
  const chart = chartKinds[kind];
  if (!chart) throw new Error(`unknown chart kind "${kind}"; known: ${Object.keys(chartKinds).join(', ')}`);
  return chart.spec(rows, options);
}
