#!/usr/bin/env node
// `npm run bench`: the numbers behind tpsreport's performance budget, measured
// rather than asserted in tests (the machine is shared and noisy, so each
// figure is the median of several rounds, and ratios matter more than ms).
//   parse     MB/s streaming a long --report-interval log, and peak RSS growth
//   validate  files/s through one Ajv instance
//   prerender ms per chart cold, and with the SVG cache warm
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFile } from '../parse/index.mjs';
import { validatePaths } from '../validate/index.mjs';
import { buildSpec } from '../render/charts.mjs';
import { renderSvg } from '../prerender/svg.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** A long interval log: the real capture's header, its interval lines repeated, its summary. */
function longIntervalLog(dir, targetBytes) {
  const lines = readFileSync(join(ROOT, 'content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t4-interval.txt'), 'utf8').split('\n');
  const first = lines.findIndex((l) => l.startsWith('[ '));
  const last = lines.findLastIndex((l) => l.startsWith('[ '));
  const intervals = lines.slice(first, last + 1);
  const body = [];
  let bytes = 0;
  for (let t = 0; bytes < targetBytes; t += 1) {
    const line = intervals[t % intervals.length].replace(/^\[ \d+s \]/, `[ ${t + 1}s ]`);
    body.push(line);
    bytes += line.length + 1;
  }
  const path = join(dir, 'long-interval.txt');
  writeFileSync(path, [...lines.slice(0, first), ...body, ...lines.slice(last + 1)].join('\n'));
  return path;
}

async function benchParse(dir) {
  const path = longIntervalLog(dir, 64 * 1024 * 1024);
  const mb = statSync(path).size / 1e6;
  const rssBefore = process.memoryUsage().rss;
  let samples = 0;
  const ms = [];
  for (let i = 0; i < ROUNDS; i += 1) ms.push(await time(async () => { samples = (await parseFile(path)).runs[0].intervals.samples.length; }));
  const m = median(ms);
  console.log(`parse      ${mb.toFixed(0)} MB, ${samples} interval samples: median ${m.toFixed(0)} ms = ${(mb / (m / 1000)).toFixed(0)} MB/s (rounds: ${ms.map((x) => x.toFixed(0)).join(', ')}); RSS grew ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`);
}

async function benchValidate(dir) {
  const source = join(ROOT, 'data/reports');
  const docs = readdirSync(source, { recursive: true }).filter((f) => f.endsWith('.json')).map((f) => readFileSync(join(source, f), 'utf8'));
  const out = join(dir, 'data');
  const count = 2000;
  for (let i = 0; i < count; i += 1) writeFileSync(join(out, `${i}.json`), docs[i % docs.length], { flag: 'w' });
  const ms = [];
  for (let i = 0; i < ROUNDS; i += 1) ms.push(await time(() => validatePaths([out], { root: ROOT })));
  const m = median(ms);
  console.log(`validate   ${count} files: median ${m.toFixed(0)} ms = ${Math.round(count / (m / 1000))} files/s`);
}

async function benchPrerender(dir) {
  const rows = ['A', 'B', 'C'].flatMap((server, i) => ['read/write', 'read-only'].map((w, j) => ({ server, workload: w, value: 100 + 10 * i + j, text: String(100 + 10 * i + j), source: 'raw/x.txt', line: 7 })));
  const spec = (n) => buildSpec({ kind: 'grouped-bar', rows, options: { title: `chart ${n}`, x: { field: 'server' }, color: { field: 'workload' }, y: { title: 'Transactions per second', unit: 'tx/s' } } });
  const load = await time(() => renderSvg(spec(-1)));
  const cold = [];
  for (let i = 0; i < 20; i += 1) cold.push(await time(() => renderSvg(spec(i), { cacheDir: join(dir, 'cache') })));
  const warm = [];
  for (let i = 0; i < 20; i += 1) warm.push(await time(() => renderSvg(spec(i), { cacheDir: join(dir, 'cache') })));
  console.log(`prerender  first chart (imports vega) ${load.toFixed(0)} ms; then per chart median ${median(cold).toFixed(1)} ms cold, ${median(warm).toFixed(2)} ms from cache`);
}

const dir = mkdtempSync(join(tmpdir(), 'tpsreport-bench-'));
try {
  writeFileSync(join(dir, '.keep'), '');
  await import('node:fs').then((fs) => fs.mkdirSync(join(dir, 'data')));
  await benchParse(dir);
  await benchValidate(dir);
  await benchPrerender(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
