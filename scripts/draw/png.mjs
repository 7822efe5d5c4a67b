// PNG copies of chart SVGs (2x, white sheet) drawn by resvg. Every drawing
// uses the two DejaVu Sans files shipped in fonts/, never the machine's:
// every machine draws the same glyphs, and loading two small font files
// costs a fraction of scanning the system's fonts for each chart.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { writeFileAtomic } from '../lib/files.mjs';

const FONT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fonts');
export const FONT_FILES = ['DejaVuSans-latin.ttf', 'DejaVuSans-Bold-latin.ttf'].map((f) => join(FONT_DIR, f));

let Resvg = null;
async function resvg() {
  Resvg ??= (await import('@resvg/resvg-js')).Resvg;
  return Resvg;
}

export function contentKey(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The 2x PNG of an SVG, cached by the SVG's content so an unchanged chart is not drawn again. */
export async function pngOf(svg, { cacheDir } = {}) {
  const cached = cacheDir ? join(cacheDir, `${contentKey(svg)}.png`) : null;
  const hit = cached ? await readFile(cached).catch(() => null) : null;
  if (hit) return hit;
  const Renderer = await resvg();
  const png = new Renderer(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    background: '#ffffff',
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  }).render().asPng();
  if (cached) await writeFileAtomic(cached, png);
  return png;
}
