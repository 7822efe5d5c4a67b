// The view kinds: one module per shortcode that shows data. Each module
// exports { name, summary, params, inner?, build(ctx, params) }:
//   params  { name: { required?, default?, doc, values? } }: what the shortcode
//           takes; the compiler rejects any other name and lists these;
//   build   returns a view: { html } for inline views (value, chart), or
//           { tables: [table model], wrap?(tableHtml[]) } for tables, whose
//           models (scripts/compile/html.mjs) become both the page markup and
//           the CSV downloads. ctx is { report, select(q), docOfFile(path),
//           readBundleFile(path) } (see scripts/compile/report.mjs). build
//           throws a Problem (mistake()) for an author mistake; the compiler adds the
//           shortcode's file and line.
//   inline  true for a view placed inside a sentence (value, claim).
import table from './tables/table.mjs';
import value from './values/value.mjs';
import runs from './tables/runs.mjs';
import compare from './tables/compare.mjs';
import sysbenchSummary from './tables/sysbench-summary.mjs';
import latencyTable from './tables/latency-table.mjs';
import dbt2Table from './tables/dbt2-table.mjs';
import sizesTable from './tables/sizes-table.mjs';
import loadTimeTable from './tables/load-time-table.mjs';
import compressionTable from './tables/compression-table.mjs';
import config from './tables/config.mjs';
import configDiff from './tables/config-diff.mjs';
import chart from './charts/chart.mjs';
import claim from './values/claim.mjs';
import stabilityTable from './tables/stability-table.mjs';
import histogramPercentiles from './tables/histogram-percentiles.mjs';

export const kinds = Object.fromEntries([
  table, value, runs, compare, sysbenchSummary, latencyTable, dbt2Table,
  sizesTable, loadTimeTable, compressionTable, config, configDiff, chart, claim, stabilityTable, histogramPercentiles,
].map((k) => [k.name, k]));

/**
 * Every shortcode also answers to its name with the prefix "tps-"
 * (layouts/_shortcodes/tps-*.html), so a Hugo blog that imports tpsreport
 * keeps its own `chart` or `table` shortcodes and uses tpsreport's as
 * `tps-chart`, `tps-table`. The view key keeps the name as written, as Hugo does.
 */
export const PREFIX = 'tps-';

const own = (name) => (Object.hasOwn(kinds, name) ? kinds[name] : undefined);

/**
 * name → kind (or undefined) for the shortcodes of one page. A page that uses
 * a prefixed name uses only prefixed ones: in a blog, its own unprefixed
 * shortcodes sit beside tpsreport's and belong to the blog. `kindOf.names`
 * are the kinds' names as this page writes them.
 */
export function pageKinds(names) {
  const prefixed = names.some((name) => name.startsWith(PREFIX) && own(name.slice(PREFIX.length)));
  const kindOf = (name) => (!prefixed ? own(name) : name.startsWith(PREFIX) ? own(name.slice(PREFIX.length)) : undefined);
  kindOf.names = Object.keys(kinds).map((name) => (prefixed ? `${PREFIX}${name}` : name));
  return kindOf;
}
