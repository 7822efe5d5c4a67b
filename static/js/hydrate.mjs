// Progressive enhancement: every chart already shows its build-time SVG. When
// JavaScript runs, vega-embed redraws the chart from its published spec
// (charts/<name>.vl.json, built once at compile time) so readers get
// tooltips. If anything fails, the SVG simply stays.
async function hydrate(figure) {
  const spec = await (await fetch(new URL(figure.dataset.spec, document.baseURI))).json();
  const target = figure.querySelector('.tps-chart__svg');
  const holder = document.createElement('div');
  holder.className = 'tps-chart__live';
  await window.vegaEmbed(holder, spec, { renderer: 'svg', actions: false });
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
