// Draws a Vega-Lite spec to SVG in Node. vega and vega-lite are imported once
// per process (~220 ms) and every chart reuses them; each SVG can be cached by
// a hash of its spec (pool.mjs keeps the cache in a folder per drawing version),
// so an unchanged chart costs nothing on the next build.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/files.mjs';
import { ON_MARK } from '../render/charts/common.mjs';

let libraries = null;
async function load() {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => {
    vega.textMetrics.width = textWidth;
    return { vega, vegaLite };
  });
  return libraries;
}

// Without a canvas, vega guesses every character at 0.8 em, so titles and
// labels get about half again the room they take and the layout drifts from
// the browser's. These are the advance widths (per 1000 em) of printable
// ASCII in DejaVu Sans and DejaVu Sans Bold, read from the font files in
// fonts/: the PNG is drawn with exactly these glyphs, and the page's font
// stack falls back to DejaVu Sans, one of the widest sans faces, so a
// label laid out with them has room in the browser's font too. Anything else
// counts as a digit. A fixed table also keeps the SVG the same on every machine.
export const GLYPH_WIDTHS = {
  regular: [318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000,
    684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685,
    390, 337, 390, 838, 500, 500,
    613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525,
    636, 337, 636, 838],
  bold: [348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000,
    774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725,
    457, 365, 457, 838, 500, 500,
    675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582,
    712, 365, 712, 838],
};

function textWidth(item, text) {
  const value = String(text ?? item.text ?? '');
  const size = item.fontSize ?? 11;
  const widths = item.fontWeight === 'bold' || Number(item.fontWeight) >= 600 ? GLYPH_WIDTHS.bold : GLYPH_WIDTHS.regular;
  let units = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0);
    units += widths[code >= 32 && code <= 126 ? code - 32 : 16];
  }
  return (units / 1000) * size;
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
  let svg = cached ? await readFile(cached, 'utf8').catch(() => null) : null;
  if (svg === null) {
    const { vega, vegaLite } = await load();
    const view = new vega.View(vega.parse(vegaLite.compile(spec, { logger }).spec), { renderer: 'none' });
    svg = await view.toSVG();
    view.finalize();
    if (cached) writeFileAtomic(cached, svg);
  }
  return svg;
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
  return String(text ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
