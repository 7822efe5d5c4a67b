// Charts are laid out without a canvas, from a table of glyph widths
// (GLYPH_WIDTHS in scripts/draw/text-width.mjs). The table must be the advance widths
// of the DejaVu Sans files the PNGs are drawn with, read here from the fonts
// themselves (the hmtx table, through the Unicode cmap), so a label is given
// the room its glyphs take and no axis title runs into it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderSvg } from '../../scripts/draw/svg.mjs';
import { GLYPH_WIDTHS } from '../../scripts/draw/text-width.mjs';
import { FONT_FILES } from '../../scripts/draw/png.mjs';

/** Advance widths per 1000 em of the characters 32–126 in a TrueType file. */
function asciiWidths(path) {
  const b = readFileSync(path);
  const tables = {};
  for (let i = 0; i < b.readUInt16BE(4); i += 1) tables[b.toString('latin1', 12 + i * 16, 16 + i * 16)] = b.readUInt32BE(20 + i * 16);
  const unitsPerEm = b.readUInt16BE(tables.head + 18);
  const metrics = b.readUInt16BE(tables.hhea + 34);
  let sub = null;
  for (let i = 0; i < b.readUInt16BE(tables.cmap + 2); i += 1) {
    const at = tables.cmap + 4 + i * 8;
    if (b.readUInt16BE(at) === 3 && b.readUInt16BE(at + 2) === 1) sub = tables.cmap + b.readUInt32BE(at + 4);
  }
  const segments = b.readUInt16BE(sub + 6) / 2;
  const glyph = (c) => {
    for (let s = 0; s < segments; s += 1) {
      const [end, start] = [b.readUInt16BE(sub + 14 + 2 * s), b.readUInt16BE(sub + 16 + 2 * segments + 2 * s)];
      if (c > end) continue;
      assert.ok(c >= start, `character ${c} is in ${path}`);
      const delta = b.readInt16BE(sub + 16 + 4 * segments + 2 * s);
      const rangeAt = sub + 16 + 6 * segments + 2 * s;
      const range = b.readUInt16BE(rangeAt);
      return range ? (b.readUInt16BE(rangeAt + range + 2 * (c - start)) + delta) & 0xffff : (c + delta) & 0xffff;
    }
    return assert.fail(`character ${c} is in ${path}`);
  };
  return Array.from({ length: 95 }, (_, i) => Math.round((b.readUInt16BE(tables.hmtx + 4 * Math.min(glyph(32 + i), metrics - 1)) * 1000) / unitsPerEm));
}

test('the glyph widths charts are laid out with are those of the shipped DejaVu Sans and DejaVu Sans Bold', () => {
  const [regular, bold] = FONT_FILES.map(asciiWidths);
  assert.deepEqual(GLYPH_WIDTHS.regular, regular);
  assert.deepEqual(GLYPH_WIDTHS.bold, bold);
});

test('a band label gets the width its glyphs take in DejaVu Sans: the axis title sits clear of the longest label', async () => {
  const spec = {
    data: { values: [{ c: 'baseline', v: 1 }, { c: 'trx-commit-2', v: 2 }] },
    mark: 'bar',
    encoding: { y: { field: 'c', type: 'nominal', title: 'Configuration' }, x: { field: 'v', type: 'quantitative' } },
    config: { axis: { labelFontSize: 12, titleFontSize: 12 } },
  };
  const svg = await renderSvg(spec);
  const title = Number(/translate\((-[\d.]+),[\d.]+\) rotate\(-90\)/.exec(svg)[1]);
  // Labels end at the tick (length 5, padding 2); the longest starts its width, as the font sets it, further left.
  // The title's baseline is 3 px left of its anchor and its descenders reach about 3 px right of that: 2 px of air are asked for.
  const font = asciiWidths(FONT_FILES[0]);
  const left = -(5 + 2 + ([...'trx-commit-2'].reduce((sum, ch) => sum + font[ch.charCodeAt(0) - 32], 0) * 12) / 1000);
  assert.ok(title <= left - 2, `the axis title at x ${title} runs into the label that starts at x ${left.toFixed(1)}`);
});
