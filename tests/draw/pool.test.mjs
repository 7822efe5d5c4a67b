// The drawing caches: a chart drawn before is read back, and only a drawing
// made by the same drawing code and libraries counts as drawn before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { createDrawer, drawingVersion } from '../../scripts/draw/pool.mjs';
import { specHash } from '../../scripts/draw/svg.mjs';

const SPEC = {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  data: { values: [{ threads: 1, tps: 905.1 }, { threads: 8, tps: 4156.25 }] },
  mark: 'bar',
  encoding: { x: { field: 'threads', type: 'ordinal' }, y: { field: 'tps', type: 'quantitative' } },
};

test('a drawing is cached under the current drawing version, read back unchanged, and other versions are dropped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-drawcache-'));
  const svgCache = join(dir, 'svg');
  const pngCache = join(dir, 'png');
  // What an older tpsreport (or vega) left: a drawing of the very same spec, which must not be reused.
  const key = specHash(SPEC);
  mkdirSync(join(svgCache, 'older'), { recursive: true });
  writeFileSync(join(svgCache, 'older', `${key}.svg`), '<svg xmlns="http://www.w3.org/2000/svg">stale</svg>');
  try {
    const drawer = createDrawer({ svgCache, pngCache });
    const first = await drawer.draw({ spec: SPEC, title: 'Throughput', alt: 'two bars' });
    assert.match(first.drawn, /^<svg[^>]*class="marks"/);
    // The size the page gives the image is the drawing's own, fresh or read back from the caches.
    assert.ok(first.drawn.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" class="marks" width="${first.width}" height="${first.height}" `), first.drawn.slice(0, 200));
    assert.doesNotMatch(first.drawn, /stale/);
    assert.deepEqual(readdirSync(svgCache), [drawingVersion()]);
    assert.ok(existsSync(join(svgCache, drawingVersion(), `${key}.svg`)));
    assert.ok(existsSync(join(pngCache, drawingVersion(), `${key}.png`)));
    const again = await drawer.draw({ spec: SPEC, title: 'Throughput', alt: 'two bars' });
    assert.equal(again.drawn, first.drawn);
    assert.equal(again.standalone, first.standalone);
    assert.ok(again.png.equals(first.png));
    assert.deepEqual([again.width, again.height], [first.width, first.height]);
    // Another title is another standalone file with the same pixels: the title and description are not drawn.
    const retitled = await drawer.draw({ spec: SPEC, title: 'Transactions per second', alt: 'two bars' });
    assert.equal(retitled.drawn, first.drawn);
    assert.match(retitled.standalone, /<title>Transactions per second<\/title>/);
    assert.ok(retitled.png.equals(first.png));
    await drawer.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the drawing threads start with resvg told to keep its pixel memory, unless the user chose otherwise', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-drawenv-'));
  const script = join(dir, 'draw.mjs');
  writeFileSync(script, `
    const { createDrawer } = await import(${JSON.stringify(new URL('../../scripts/draw/pool.mjs', import.meta.url).href)});
    const drawer = createDrawer({ threads: 1 });
    const { png } = await drawer.draw({ spec: ${JSON.stringify(SPEC)}, title: 't', alt: 'a' });
    await drawer.close();
    console.log(process.env.MIMALLOC_PURGE_DELAY, png.subarray(1, 4).toString());`);
  const { MIMALLOC_PURGE_DELAY: _, ...unset } = process.env;
  const run = (env) => spawnSync(process.execPath, [script], { encoding: 'utf8', env }).stdout.trim();
  try {
    assert.equal(run(unset), '-1 PNG');
    assert.equal(run({ ...unset, MIMALLOC_PURGE_DELAY: '25' }), '25 PNG');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
