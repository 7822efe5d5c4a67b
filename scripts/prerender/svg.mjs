// Draws a Vega-Lite spec to SVG in Node. vega and vega-lite are imported once
// per process (~220 ms) and every chart reuses them; each SVG is cached by a
// hash of its spec, so an unchanged chart costs nothing on the next build.
import { createHash } from 'node:crypto';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/files.mjs';

let libraries = null;
async function load() {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => ({ vega, vegaLite }));
  return libraries;
}

export function specHash(spec) {
  return createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);
}

/** SVG markup for a spec; `idPrefix` keeps ids unique when several SVGs share a page. */
export async function renderSvg(spec, { cacheDir, idPrefix = '' } = {}) {
  const key = specHash(spec);
  const cached = cacheDir ? join(cacheDir, `${key}.svg`) : null;
  let svg = cached ? await readFile(cached, 'utf8').catch(() => null) : null;
  if (svg === null) {
    const { vega, vegaLite } = await load();
    const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
    svg = await view.toSVG();
    view.finalize();
    if (cached) {
      await mkdir(cacheDir, { recursive: true });
      await writeFileAtomic(cached, svg);
    }
  }
  return idPrefix ? prefixIds(svg, idPrefix) : svg;
}

function prefixIds(svg, prefix) {
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}
