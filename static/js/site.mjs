// The page's enhancements, each fetched after the load event and only where
// the page has something for it, so a reader never waits for them. Without
// JavaScript the page is whole: charts are images, wide tables scroll, and a
// compare table keeps the author's baseline.
const PARTS = [
  ['figure.tps-chart[data-spec]', './hydrate.mjs'], // vega redraws a chart the reader reaches or touches
  ['.table-scroll, .tps-chart__svg, .tps-chart__live', './scroll-hint.mjs'], // a hint above a box wider than the screen
  ['.tps-compare', './compare.mjs'], // the reader picks a compare table's baseline
  ['table.tps-table', './sort.mjs'], // the reader sorts a table by any column
];

function start() {
  for (const [selector, part] of PARTS) if (document.querySelector(selector)) import(new URL(part, import.meta.url).href);
}

if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
