// Draws a Vega-Lite spec to SVG in Node. vega and vega-lite are imported once
// per process (~220 ms) and every chart reuses them; each SVG can be cached by
// a hash of its spec (pool.mjs keeps the cache in a folder per drawing version),
// so an unchanged chart costs nothing on the next build.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { writeFileAtomic, readIfThere } from '../lib/files.mjs';
import { ON_MARK } from '../compile/charts/common.mjs';
import { textWidth } from './text-width.mjs';
import { visibleControls } from '../lib/text.mjs';

let libraries = null;
async function load() {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => {
    // Without a canvas, vega guesses every character at 0.8 em: it measures with the glyphs the PNG is drawn with instead.
    vega.textMetrics.width = (item, text) => textWidth(String(text ?? item.text ?? ''), { size: item.fontSize ?? 11, bold: item.fontWeight === 'bold' || Number(item.fontWeight) >= 600 });
    return { vega, vegaLite };
  });
  return libraries;
}

// A chart with bands on one axis fills the column on the other (autosize
// fit-x): vega-lite keeps the band step and fits the other axis, as asked,
// but says it is "dropping" the fit for the banded axis on every draw. Other
// warnings still reach the terminal.
export const logger = {
  level() { return logger; },
  warn(...message) {
    if (!/^Dropping "fit-[xy]" because spec has discrete (width|height)\.$/.test(message.join(' '))) console.warn(...message);
    return logger;
  },
  info() { return logger; },
  debug() { return logger; },
  error(...message) { console.error(...message); return logger; },
};

export function specHash(spec) {
  return createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);
}

/** SVG markup for a spec, from the cache when this exact spec was drawn before; `key`: specHash(spec) when the caller has it. */
export async function renderSvg(spec, { cacheDir, key = cacheDir ? specHash(spec) : null } = {}) {
  const cached = cacheDir ? join(cacheDir, `${key}.svg`) : null;
  let svg = cached ? readIfThere(cached, 'utf8') : null;
  if (svg === null) {
    const { vega, vegaLite } = await load();
    const view = new vega.View(vega.parse(vegaLite.compile(spec, { logger }).spec), { renderer: 'none' });
    svg = await view.toSVG();
    view.finalize();
    if (cached) writeFileAtomic(cached, svg);
  }
  return svg;
}

/** The size vega gave a drawing (its root's width and height), in CSS pixels. */
export function svgSize(svg) {
  const root = /^<svg[^>]*>/.exec(svg)?.[0] ?? '';
  const size = (name) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1]);
  return { width: size('width'), height: size('height') };
}

/** Puts <title> and <desc> first inside the SVG root, as screen readers and image viewers expect. */
export function titled(svg, title, desc) {
  return svg.replace(/^<svg([^>]*)>/, `<svg$1 role="img"><title>${escapeXml(title)}</title><desc>${escapeXml(desc)}</desc>`);
}

/** The same drawing for use outside the page: a white sheet under it instead of the page colour. */
export function onWhite(svg) {
  return svg.replace(/^(<svg[^>]*>)/, '$1<rect width="100%" height="100%" fill="#ffffff"/>');
}

/**
 * The text and rule colours of the report page (static/css/site.css, :root and
 * its dark variant), which the page's stylesheet gives a chart drawn in the
 * page. tests/compile/chart-page.test.mjs reads site.css to keep them equal.
 */
export const PAGE_COLOURS = {
  light: { fg: '#1f2328', muted: '#57606a', rule: '#d0d7de' },
  dark: { fg: '#e6edf3', muted: '#9da7b3', rule: '#30363d' },
};

function pageStyle() {
  const { light, dark } = PAGE_COLOURS;
  return `text{fill:${light.fg}}.role-title-subtitle text,text.muted{fill:${light.muted}}.${ON_MARK.cls} text{fill:${ON_MARK.colour}}`
    + '@media (prefers-color-scheme:dark){'
    + `text{fill:${dark.fg}}.role-title-subtitle text,text.muted{fill:${dark.muted}}`
    + `.role-axis-grid line,.role-axis-grid path{stroke:${dark.rule}}`
    + `.role-axis-domain line,.role-axis-domain path,.role-axis-tick line,.role-axis-tick path{stroke:${dark.muted}}`
    // the whiskers of repeated runs are the only rule marks charts draw
    + `.mark-rule.role-mark line{stroke:${dark.fg}}}`;
}

/**
 * The same drawing as the report page shows it, in an <img>: no sheet under
 * it, so the page's colour shows through, and the page's text and rule
 * colours, light and dark, in a <style> of its own, because an image takes no
 * styles from the page that shows it. An image's document has its own ids, so
 * none need a prefix.
 */
export function forPage(svg) {
  return svg.replace(/^(<svg[^>]*>)/, `$1<style>${pageStyle()}</style>`);
}

function escapeXml(text) {
  return visibleControls(text ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
