// The chart kinds: one module each, listed here in the order the reference
// and kind="…" name them. A chart kind's module is the one place that kind is
// defined; the chart shortcode (chart.mjs) runs the pipeline every chart
// shares and calls the kind where it differs. A module exports:
//
//   name, summary  the kind="…" it answers to, and one line for the reference
//   params         { name: { doc, required?, default? } }: the parameters it
//                  takes beyond those every chart takes, in the order the
//                  reference lists them (charts/params.mjs words those several
//                  kinds take)
//   spec(rows, options, layout) → Vega-Lite spec, pure: the only place the
//                  kind's spec is made, for the text column (the default)
//                  or a phone (LAYOUTS in common.mjs). The compile step calls
//                  it once per chart and layout (charts/files.mjs); the
//                  page, the SVG, the PNG and the published .vl.json all
//                  come from the column's spec, which the browser fetches
//                  when it adds tooltips, and a phone's drawing and
//                  .narrow.vl.json from the narrow one.
//
// and where the kind needs them, each called by the chart shortcode's
// pipeline (chart.mjs describeChart) at its step, with `chart`: { params, x
// (its column), labels, keys, plotted, what (the chart's name for a message),
// ctx }:
//
//   xIsLabel       x names a label of each run, not a field of each element
//   params[name].check(value, name)  throws when a value given is not one
//                  the kind takes
//   settle(params, given) → params  checks between parameters, and defaults
//                  that depend on other parameters
//   columns(params) → { fields, keys, plotted }  what it reads from each
//                  element beside the figure, what tells points apart, what
//                  the chart shows (a label the mixed-runs note leaves alone)
//   pick(rows, chart) → rows  the rows it draws, before repeats combine
//   unique(rows, chart)  throws when two runs would share one of its points
//                  (default: no two rows share the keys)
//   shape(rows, chart) → { rows, options }  the rows as it draws them and the
//                  options only it reads, once points are one row each
//   yUnit(unit, chart) → unit  the y axis's unit, from the figures' own
//   figures(rows)  its own figures, where it draws them beside samples of
//                  another quantity (the unit, alt text and tables use these)
//   bars(rows, options)  one row per mark, its sum, where its marks add rows
//                  up: the figures the alt text names
//   samples(rows, options, labelColumns)  the samples drawn beside its
//                  figures, as a table of their own (describe.mjs)
//   data(rows, options) → rows  the rows its spec carries, which the CSV
//                  lists too (charts/files.mjs; default: the rows as given)
//   reducible      its series can outrun the plot's pixel columns: drawn
//                  reduced (charts/reduce.mjs), the CSV keeps every sample
//
// Rows are what scripts/compile/select.mjs selected: the run's labels plus
// value, text, unit, line, source, tool, status and any extra fields (the
// compile step keeps its own doc/item/element indexes out of the spec).
// Options come from the chart shortcode: title, subtitle, x/y/color/facet
// ({field, title, unit}) and a few kind-specific settings. Everything a
// reader sees as a statistic (a mean, a top N, a normalisation) is a
// Vega-Lite transform in the spec, so the .vl.json beside each chart shows
// how the figure was made. charts/common.mjs holds what the specs share.
import * as groupedBar from './grouped-bar.mjs';
import * as lines from './lines.mjs';
import * as coresCpu from './cores-cpu.mjs';
import * as overTime from './over-time.mjs';
import * as topWaits from './top-waits.mjs';
import * as histogram from './histogram.mjs';
import { visibleControls } from '../../lib/text.mjs';

export * from './common.mjs';
export { cpusInUseFilter, expandCpuList } from './cores-cpu.mjs';
export { logTicks } from './histogram.mjs';

export const chartKinds = Object.fromEntries([groupedBar, lines, coresCpu, overTime, topWaits, histogram].map((kind) => [kind.name, kind]));

/**
 * The one entry point: a chart description (kind, rows, options) → a
 * Vega-Lite spec, drawn for `layout` (LAYOUTS in common.mjs: the text column,
 * or a phone).
 */
export function buildSpec({ kind, rows, options }, layout) {
  const chart = chartKinds[kind];
  if (!chart) throw new Error(`unknown chart kind "${kind}"; known: ${Object.keys(chartKinds).join(', ')}`);
  return chart.spec(rows.map(shownSource), options, layout);
}

/**
 * A row as the spec carries it: its raw file's name is what a tooltip and a
 * mark's aria-label show a reader, so its bidirectional controls are written
 * out (visibleControls), as on the page.
 */
function shownSource(row) {
  return typeof row?.source === 'string' ? { ...row, source: visibleControls(row.source) } : row;
}
