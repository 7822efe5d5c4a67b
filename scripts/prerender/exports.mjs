// The files that let a chart leave the site, written beside its page under
// charts/: <name>.svg (standalone, white background, title and description),
// <name>.png (2x, drawn from that SVG by resvg), <name>.vl.json (the spec with
// its data inline), <name>.csv (the data) and <name>.html (a minimal page for
// an <iframe>, with the chart's title, units, source line and a link back).
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { writeFileAtomic, toJson } from '../lib/files.mjs';

let Resvg = null;
async function resvg() {
  Resvg ??= (await import('@resvg/resvg-js')).Resvg;
  return Resvg;
}

export function escapeXml(text) {
  return String(text ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Puts <title> and <desc> first inside the SVG root, as screen readers and image viewers expect. */
export function titled(svg, title, desc, idPrefix = '') {
  const ids = idPrefix ? ` id="${idPrefix}title"` : '';
  const idd = idPrefix ? ` id="${idPrefix}desc"` : '';
  const labelled = idPrefix ? ` aria-labelledby="${idPrefix}title" aria-describedby="${idPrefix}desc"` : '';
  return svg.replace(/^<svg([^>]*)>/, `<svg$1 role="img"${labelled}><title${ids}>${escapeXml(title)}</title><desc${idd}>${escapeXml(desc)}</desc>`);
}

/** Every inline data row of a spec, including those of its panels (vconcat, layer, …). */
export function specValues(spec) {
  if (Array.isArray(spec)) return spec.flatMap(specValues);
  if (!spec || typeof spec !== 'object') return [];
  const own = Array.isArray(spec.data?.values) ? spec.data.values : [];
  const nested = Object.entries(spec).filter(([k]) => k !== 'data' && k !== 'config').flatMap(([, v]) => (v && typeof v === 'object' ? specValues(v) : []));
  return [...own, ...nested];
}

/** CSV of the chart's data, one column per field of the spec's data values. */
export function toCsv(values) {
  const fields = [...new Set(values.flatMap((v) => Object.keys(v)))];
  const cell = (v) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${[fields.map(cell).join(','), ...values.map((v) => fields.map((f) => cell(v[f])).join(','))].join('\r\n')}\r\n`;
}

export function embedPage({ title, svg, alt, reportTitle, reportUrl, sources }) {
  const list = sources.map((s) => `<a href="${escapeXml(new URL(s, reportUrl))}">${escapeXml(s.split('/').pop())}</a>`).join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<link rel="canonical" href="${escapeXml(reportUrl)}">
<style>
  body { margin: 0; padding: 8px; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1f2328; background: #fff; }
  svg { max-width: 100%; height: auto; display: block; }
  p { margin: 4px 0 0; color: #57606a; }
  a { color: #0b5cad; }
</style>
</head>
<body>
<figure style="margin:0" role="group" aria-label="${escapeXml(title)}">
${svg}
<figcaption><p>Source: ${list}. From <a href="${escapeXml(reportUrl)}" target="_top">${escapeXml(reportTitle)}</a> (tpsreport).</p></figcaption>
</figure>
<p class="visually-hidden" style="position:absolute;left:-9999px">${escapeXml(alt)}</p>
</body>
</html>
`;
}

/** The 2x PNG of an SVG; like the SVG itself, cached by content so an unchanged chart is not drawn again. */
async function pngOf(svg, cacheDir) {
  const cached = cacheDir ? join(cacheDir, `${createHash('sha256').update(svg).digest('hex').slice(0, 16)}.png`) : null;
  const hit = cached ? await readFile(cached).catch(() => null) : null;
  if (hit) return hit;
  const Renderer = await resvg();
  const png = new Renderer(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render().asPng();
  if (cached) await writeFileAtomic(cached, png);
  return png;
}

/** Writes every file of one chart; returns their names relative to the page. */
export async function writeChartFiles(dir, name, { spec, standaloneSvg, alt, title, reportTitle, reportUrl, sources, cacheDir }) {
  const base = join(dir, 'charts', name);
  const png = await pngOf(standaloneSvg, cacheDir);
  await writeFileAtomic(`${base}.svg`, `<?xml version="1.0" encoding="UTF-8"?>\n${standaloneSvg}\n`);
  await writeFileAtomic(`${base}.png`, png);
  await writeFileAtomic(`${base}.vl.json`, toJson(spec));
  await writeFileAtomic(`${base}.csv`, toCsv(specValues(spec)));
  await writeFileAtomic(`${base}.html`, embedPage({ title, svg: standaloneSvg, alt, reportTitle, reportUrl, sources }));
  return ['svg', 'png', 'vl.json', 'csv', 'html'].map((ext) => `charts/${name}.${ext}`);
}
