// PNG copies of chart SVGs (2x, white sheet) drawn by resvg. Every drawing
// uses the two DejaVu Sans files shipped in fonts/, never the machine's:
// every machine draws the same glyphs, and loading two small font files
// costs a fraction of scanning the system's fonts for each chart.
//
// resvg draws; the file is written here. Its own encoder tries several row
// filters at a high zlib level, which took half of each chart's PNG time for
// files no smaller than rows with no filter at zlib level 2 (charts are mostly
// flat colour, which deflate's matching finds without a filter).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { isMainThread } from 'node:worker_threads';
import { writeFileAtomic, readIfThere, readCache } from '../lib/files.mjs';

const FONT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fonts');
export const FONT_FILES = ['DejaVuSans-latin.ttf', 'DejaVuSans-Bold-latin.ttf'].map((f) => join(FONT_DIR, f));

/**
 * resvg allocates through mimalloc, which by default hands a freed pixel
 * buffer (several MB at 2x) back to the kernel within milliseconds, so every
 * chart faulted its buffer in again page by page; with two drawing threads
 * those faults contend in the kernel. Kept, the memory is reused: measured
 * with two threads, system time per chart fell from about 7.5 ms to 3 ms and
 * wall time by about a tenth (what the process keeps is one buffer per
 * thread). mimalloc reads the setting from the real environment when resvg
 * is first loaded, which only the main thread can change (a worker's
 * process.env is its own copy): call this before the first drawing thread
 * starts. A value the user set stays.
 */
export function keepPixelMemory() {
  if (isMainThread) process.env.MIMALLOC_PURGE_DELAY ??= '-1';
}

let Resvg = null;
async function resvg() {
  keepPixelMemory();
  Resvg ??= (await import('@resvg/resvg-js')).Resvg;
  return Resvg;
}

export function contentKey(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * The 2x PNG of an SVG, with the size the SVG is drawn at (its own width and
 * height in CSS pixels, as resvg reads them): { png, width, height }. With
 * `cacheFile` (a name that stands for this SVG: pool.mjs uses the spec's
 * hash), an unchanged chart is read back instead of drawn again.
 */
export async function pngOf(svg, { cacheFile } = {}) {
  const hit = cacheFile ? cachedPng(cacheFile) : null;
  if (hit) return hit;
  const { size, ...image } = await drawPixels(svg);
  const png = opaquePng(image);
  if (cacheFile) {
    writeFileAtomic(cacheFile, png);
    writeFileAtomic(sizeFile(cacheFile), JSON.stringify(size));
  }
  return { png, ...size };
}

/** A PNG pngOf cached, with its drawing's size; null when either is not there. */
export function cachedPng(cacheFile) {
  const png = readIfThere(cacheFile);
  const size = png && readCache(sizeFile(cacheFile), null);
  return size ? { png, width: size.width, height: size.height } : null;
}

/** The size beside its cached PNG: a chart read back is placed in the page without opening its SVG. */
const sizeFile = (cacheFile) => `${cacheFile}.json`;

/**
 * resvg's drawing of an SVG at 2x on a white sheet: { width, height, pixels }
 * (RGBA, premultiplied), and as `size` the SVG's own width and height, which
 * the page gives the image so nothing moves when it arrives.
 */
export async function drawPixels(svg) {
  const Renderer = await resvg();
  const renderer = new Renderer(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    background: '#ffffff',
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  const { width, height, pixels } = renderer.render();
  return { width, height, pixels, size: { width: renderer.width, height: renderer.height } };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZLIB_LEVEL = 2;

/**
 * An 8-bit RGBA PNG of a drawn image ({ width, height, pixels: RGBA bytes }),
 * every row with filter 0. resvg's pixels are premultiplied by alpha, which is
 * the same as straight alpha only where a pixel is opaque. Every pixel of a
 * chart is: resvg lays the drawing over the white background drawPixels asks
 * for. That is not checked here, where a pass over every pixel cost about a
 * tenth of each chart's PNG; tests/draw/png.test.mjs checks it on drawn
 * charts, so a resvg that stopped doing so fails the tests.
 */
export function opaquePng({ width, height, pixels }) {
  const stride = width * 4;
  const rows = rowsBuffer((stride + 1) * height);
  for (let row = 0; row < height; row += 1) {
    rows[row * (stride + 1)] = 0; // the row's filter: none
    pixels.copy(rows, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type RGBA; compression, filter method and interlace stay 0
  return Buffer.concat([SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows, { level: ZLIB_LEVEL })), pngChunk('IEND', Buffer.alloc(0))]);
}

let rowSpace = Buffer.alloc(0);
/**
 * The filtered rows of the image being encoded, in one buffer per thread,
 * grown for a larger chart and reused: deflate is done with it before the
 * next chart. A fresh buffer of several MB for every chart was first written
 * page by page, a page fault every 4 KB (about 0.7 ms a chart here).
 */
function rowsBuffer(size) {
  if (rowSpace.length < size) rowSpace = Buffer.allocUnsafeSlow(size);
  return rowSpace.subarray(0, size);
}

function pngChunk(type, data) {
  const out = Buffer.allocUnsafe(data.length + 12);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
