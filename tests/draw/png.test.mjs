// The PNG copy of a chart: written by tpsreport's own encoder from resvg's
// pixels, so the file must decode to exactly what resvg drew.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync, crc32 } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { pngOf, drawPixels, FONT_FILES } from '../../scripts/draw/png.mjs';
import { renderSvg } from '../../scripts/draw/svg.mjs';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect x="24" y="2" width="14" height="6" fill="#0072b2"/><text x="2" y="18" font-size="8">tx/s</text></svg>';
const font = { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' };

/** The chunks of a PNG file, each CRC checked. */
function chunks(png) {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `CRC of ${type}`);
    out.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += length + 12;
  }
  return out;
}

test('a chart PNG is the 2x RGBA image resvg drew, every row unfiltered, with valid chunks, and comes with the SVG\'s own size', async () => {
  const { png, width, height } = await pngOf(SVG);
  assert.deepEqual([width, height], [40, 20]);
  const [header, ...rest] = chunks(png);
  assert.equal(header.type, 'IHDR');
  assert.deepEqual([header.data.readUInt32BE(0), header.data.readUInt32BE(4), ...header.data.subarray(8)], [80, 40, 8, 6, 0, 0, 0]);
  assert.deepEqual(rest.map((c) => c.type), ['IDAT', 'IEND']);
  const rows = inflateSync(rest[0].data);
  const drawn = new Resvg(SVG, { fitTo: { mode: 'zoom', value: 2 }, background: '#ffffff', font }).render().pixels;
  assert.equal(rows.length, 40 * (1 + 80 * 4));
  let blue = 0;
  for (let y = 0; y < 40; y += 1) {
    assert.equal(rows[y * 321], 0, `filter of row ${y}`);
    for (let x = 0; x < 80; x += 1) {
      const rgba = [...rows.subarray(y * 321 + 1 + x * 4, y * 321 + 5 + x * 4)];
      assert.deepEqual(rgba, [...drawn.subarray((y * 80 + x) * 4, (y * 80 + x) * 4 + 4)], `pixel ${x},${y}`);
      if (rgba.join() === '0,114,178,255') blue += 1;
    }
  }
  // The rectangle, 14×6 at 2x, drawn in its colour.
  assert.equal(blue, 28 * 12);
});

/** The pixels (RGBA) whose alpha is not 255, as their indexes. */
function seeThrough(pixels) {
  const found = [];
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) found.push((i - 3) / 4);
  return found;
}

// Lines, points, text and a half see-through area: every kind of edge a
// chart has, where anti-aliasing makes partly covered pixels.
const LAYERED = {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title: 'Transactions per second over time',
  data: { values: Array.from({ length: 40 }, (_, i) => ({ t: i + 1, tps: 900 + ((i * 37) % 200), run: i % 2 ? 't16' : 't4' })) },
  encoding: { x: { field: 't', type: 'quantitative' }, y: { field: 'tps', type: 'quantitative' }, color: { field: 'run', type: 'nominal' } },
  layer: [{ mark: { type: 'area', opacity: 0.3 } }, { mark: 'line' }, { mark: 'point' }, { mark: { type: 'text', dy: -8 }, encoding: { text: { field: 'tps' } } }],
};

// opaquePng writes resvg's premultiplied pixels as straight alpha, which is
// right only for opaque pixels: it counts on the white sheet drawPixels asks
// for. The chart here has no background of its own, so only that sheet makes
// its pixels opaque.
test('every pixel drawPixels draws is opaque, where the same chart drawn without its white sheet is not', async () => {
  const svg = await renderSvg({ ...LAYERED, background: 'transparent' });
  const drawn = await drawPixels(svg);
  assert.ok(drawn.width > 500 && drawn.height > 200, `${drawn.width}×${drawn.height}`);
  assert.deepEqual(seeThrough(drawn.pixels), []);
  const bare = new Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, font }).render();
  assert.ok(seeThrough(bare.pixels).length > 1000);
});
