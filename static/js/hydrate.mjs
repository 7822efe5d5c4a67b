// Progressive enhancement: every chart already shows its build-time SVG. When
// JavaScript runs, vega-embed redraws the same spec (built by the same chart
// module) so readers get tooltips. If anything fails, the SVG simply stays.
import { buildSpec } from './charts.mjs';

async function hydrate(figure) {
  const data = JSON.parse(figure.querySelector('.tps-chart__data').textContent);
  const target = figure.querySelector('.tps-chart__svg');
  const holder = document.createElement('div');
  holder.className = 'tps-chart__live';
  await window.vegaEmbed(holder, buildSpec(data), { renderer: 'svg', actions: false });
  // The generated alt text stays with the chart after the redraw (vega-embed sets its own attributes first).
  for (const name of ['role', 'aria-label']) if (target.hasAttribute(name)) holder.setAttribute(name, target.getAttribute(name));
  target.replaceWith(holder);
  figure.dataset.hydrated = 'true';
}

function start() {
  if (typeof window.vegaEmbed !== 'function') return;
  for (const figure of document.querySelectorAll('figure.tps-chart')) {
    hydrate(figure).catch((error) => {
      figure.dataset.hydrated = 'failed';
      console.warn(`chart ${figure.id} stays static:`, error.message);
    });
  }
}

start();
