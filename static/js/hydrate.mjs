// Progressive enhancement: every chart already shows its build-time SVG. When
// JavaScript runs, vega-embed redraws the chart from its published spec
// (charts/<name>.vl.json, built once at compile time) so readers get
// tooltips. If anything fails, the SVG simply stays.
//
// The site works under a strict Content-Security-Policy (no 'unsafe-eval', no
// inline styles), so vega evaluates expressions with its interpreter (the
// spec is parsed to an AST; vega-embed bundles vega-interpreter) instead of
// compiling them with Function, and neither vega-embed nor vega-tooltip
// injects its <style>: static/css/vega.css carries those rules.
const EMBED_OPTIONS = {
  renderer: 'svg',
  actions: false,
  ast: true,
  defaultStyle: false,
  tooltip: { disableDefaultStyle: true },
};

async function hydrate(figure) {
  const spec = await (await fetch(new URL(figure.dataset.spec, document.baseURI))).json();
  const target = figure.querySelector('.tps-chart__svg');
  const holder = document.createElement('div');
  holder.className = 'tps-chart__live';
  await window.vegaEmbed(holder, spec, EMBED_OPTIONS);
  // The generated alt text stays with the chart after the redraw (vega-embed sets its own attributes first).
  for (const name of ['role', 'aria-label']) if (target.hasAttribute(name)) holder.setAttribute(name, target.getAttribute(name));
  target.replaceWith(holder);
  figure.dataset.hydrated = 'true';
}

function start() {
  if (typeof window.vegaEmbed !== 'function') return;
  for (const figure of document.querySelectorAll('figure.tps-chart[data-spec]')) {
    hydrate(figure).catch((error) => {
      figure.dataset.hydrated = 'failed';
      console.warn(`chart ${figure.id} stays static:`, error.message);
    });
  }
}

start();
