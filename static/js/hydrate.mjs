// Progressive enhancement: every chart already shows its build-time SVG (an
// image, charts/<name>.page.svg, that the browser fetches as it nears). When
// a reader reaches or touches a chart, vega-embed redraws it from its published
// spec (charts/<name>.vl.json, built once at compile time) so readers get
// tooltips: on a phone, the spec drawn for its width (data-spec-narrow,
// charts/<name>.narrow.vl.json), as the image it replaces was. If anything
// fails, the SVG simply stays.
//
// vega, vega-lite and vega-embed (about 285 KB gzip) load only then, with a
// dynamic import: a page of twenty charts costs the reader the SVGs in view and
// this file until a chart is hovered, touched, focused or scrolled to. The first
// scroll, not the load, starts watching which charts come into view, so
// charts that are on screen at load cost nothing until the reader acts.
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

// The vendored builds are UMD files: imported as modules they set
// globalThis.vega, .vegaLite and .vegaEmbed, each needing the one before it.
const VENDOR = ['vega.min.js', 'vega-lite.min.js', 'vega-embed.min.js'].map((file) => new URL(`../vendor/${file}`, import.meta.url).href);

// The screens shown a phone's drawing: site.css's query, and the <source> of each chart's <picture>.
const NARROW = '(max-width: 34rem)';

// A chart starts loading when it comes within this distance of the screen, so
// a reader scrolling down finds it redrawn.
const VIEW_MARGIN = '200px 0px';

let vendor = null;
function loadVega() {
  vendor ??= VENDOR.reduce((previous, url) => previous.then(() => import(url)), Promise.resolve()).then(() => {
    if (typeof window.vegaEmbed !== 'function') throw new Error('vega-embed did not load');
    return window.vegaEmbed;
  });
  return vendor;
}

// The vega view of each redrawn chart, released when the chart is redrawn for another width.
const views = new WeakMap();

async function redraw(figure) {
  const [vegaEmbed, spec] = await Promise.all([
    loadVega(),
    fetch(new URL(specFor(figure), document.baseURI)).then((response) => response.json()),
  ]);
  // The drawn image, or vega's earlier redraw for the other width.
  const target = figure.querySelector('.tps-chart__svg, .tps-chart__live');
  const holder = document.createElement('div');
  holder.className = 'tps-chart__live';
  const view = await vegaEmbed(holder, spec, EMBED_OPTIONS);
  // The generated alt text of the drawn image stays with the chart after the redraw (vega-embed sets its own attributes first).
  const alt = target.querySelector('img')?.alt ?? target.getAttribute('aria-label');
  if (alt) {
    holder.setAttribute('role', 'img');
    holder.setAttribute('aria-label', alt);
  }
  target.replaceWith(holder);
  views.get(figure)?.finalize();
  views.set(figure, view);
  figure.dataset.hydrated = 'true';
}

/** The spec drawn for this screen: the phone's where the figure has one and the screen is as narrow. */
function specFor(figure) {
  return figure.dataset.specNarrow && window.matchMedia(NARROW).matches ? figure.dataset.specNarrow : figure.dataset.spec;
}

/** Redraws a chart once, however many ways the reader reached it. */
function hydrate(figure) {
  if (figure.dataset.hydrated) return;
  figure.dataset.hydrated = 'loading';
  redraw(figure).catch((error) => {
    figure.dataset.hydrated = 'failed';
    console.warn(`chart ${figure.id} stays static:`, error.message);
  });
}

/** A screen turned or resized across the phone's width: each chart vega has drawn is drawn again for the other. */
function followWidth(figures) {
  window.matchMedia(NARROW).addEventListener('change', () => {
    for (const figure of figures) {
      if (figure.dataset.hydrated !== 'true' || !figure.dataset.specNarrow) continue;
      figure.dataset.hydrated = 'loading';
      redraw(figure).catch((error) => {
        figure.dataset.hydrated = 'true';
        console.warn(`chart ${figure.id} keeps its earlier width:`, error.message);
      });
    }
  });
}

function start() {
  const figures = [...document.querySelectorAll('figure.tps-chart[data-spec]')];
  if (!figures.length) return;
  followWidth(figures);
  // Pointer, touch or keyboard on a chart: the reader wants its tooltips now.
  for (const figure of figures) {
    for (const type of ['pointerenter', 'touchstart', 'focusin']) figure.addEventListener(type, () => hydrate(figure), { once: true, passive: true });
    // This file arrives after the load event (js/site.mjs): a reader may already be over a chart or in it.
    if (figure.matches(':hover') || figure.contains(document.activeElement)) hydrate(figure);
  }
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      hydrate(entry.target);
    }
  }, { rootMargin: VIEW_MARGIN });
  const watch = () => { for (const figure of figures) observer.observe(figure); };
  // A reader who scrolled before this file arrived has already moved; one who has not is watched from the first scroll.
  if (window.scrollY > 0) watch();
  else window.addEventListener('scroll', watch, { once: true, passive: true });
}

start();
