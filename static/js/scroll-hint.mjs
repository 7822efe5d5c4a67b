// A table or chart wider than the screen scrolls inside its own box; this
// marks such a box (data-overflow) so site.css shows a hint above it, and
// keeps the mark right when the window or the box changes size. Without
// JavaScript the box still scrolls, and its edge shadows hint at the rest.
const BOXES = '.table-scroll, .tps-chart__svg, .tps-chart__live';

function mark(box) {
  const overflow = box.scrollWidth > box.clientWidth + 1;
  if (overflow !== (box.dataset.overflow === 'true')) box.dataset.overflow = String(overflow);
}

const observer = 'ResizeObserver' in window ? new ResizeObserver((entries) => { for (const entry of entries) mark(entry.target); }) : null;

/** A ResizeObserver reports each box once when it starts watching it, so nothing is measured before the page has loaded. */
function watch(box) {
  if (observer) observer.observe(box);
  else mark(box);
}

function start() {
  for (const box of document.querySelectorAll(BOXES)) watch(box);
  // A chart redrawn by vega-embed (hydrate.mjs) replaces its box with a new one.
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1 && node.matches(BOXES)) watch(node);
  }).observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
}

// After the load event: the hint is no reason to keep a reader waiting for the page.
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
