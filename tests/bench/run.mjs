#!/usr/bin/env node
// `npm run bench`: the numbers behind tpsreport's performance budget, measured
// rather than asserted in tests (the machine is shared and noisy, so each
// figure is the median of several rounds, and ratios matter more than ms).
//   parse     MB/s streaming a long --report-interval log, and peak RSS growth
//   long line ms per MB of a 1 MB line of blanks and a 100,000-character table
//             value, per format, at two sizes (long-lines.mjs)
//   draw      ms per chart cold, and with the SVG cache warm
//   scale     a site of N reports (BENCH_SCALE, default 100,1000) built cold,
//             after a one-sentence edit and unchanged, against bare Hugo and
//             the SVG floor (scale.mjs)
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFile } from '../../scripts/parse/index.mjs';
import { median } from '../../scripts/compile/stats/stats.mjs';
import { buildSpec } from '../../scripts/compile/charts/index.mjs';
import { renderSvg } from '../../scripts/draw/svg.mjs';
import { benchScale, removeScaleFolders } from './scale.mjs';
import { benchLongLines } from './long-lines.mjs';
import { benchBigLogs } from './big-logs.mjs';
import { writeIntervalLog } from './interval-log.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function time(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** A long interval log: the real capture's header, its interval lines repeated, its summary. */
function longIntervalLog(dir, targetBytes) {
  const path = join(dir, 'long-interval.txt');
  writeIntervalLog(path, targetBytes);
  return path;
}

async function benchParse(dir) {
  const path = longIntervalLog(dir, 64 * 1024 * 1024);
  const mb = statSync(path).size / 1e6;
  const rssBefore = process.memoryUsage().rss;
  let samples = 0;
  const ms = [];
  for (let i = 0; i < ROUNDS; i += 1) ms.push(await time(async () => { samples = (await parseFile(path)).runs[0].intervals.samples.count; }));
  const m = median(ms);
  console.log(`parse      ${mb.toFixed(0)} MB, ${samples} interval samples: median ${m.toFixed(0)} ms = ${(mb / (m / 1000)).toFixed(0)} MB/s (rounds: ${ms.map((x) => x.toFixed(0)).join(', ')}); RSS grew ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`);
}

/** One chart description per kind, sized like a real report's (a 1–512 sweep, a 5-minute interval log…). */
function chartExamples() {
  const fig = (value, extra) => ({ value, text: value.toFixed(2), unit: 'tx/s', source: 'raw/x.txt', line: 7, ...extra });
  const tps = { title: 'Transactions per second', unit: 'tx/s' };
  const threads = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
  return {
    'grouped-bar': { rows: ['A', 'B', 'C'].flatMap((server, i) => ['read/write', 'read-only'].map((w, j) => fig(100 + 10 * i + j, { server, workload: w }))), options: { x: { field: 'server' }, color: { field: 'workload' }, y: tps } },
    lines: { rows: threads.flatMap((t, i) => ['MariaDB 10.11', 'MySQL 8.0', 'Percona 8.0'].map((server, j) => fig(300 + 90 * i + 40 * j, { threads: t, server }))), options: { x: { field: 'threads' }, color: { field: 'server' }, y: tps } },
    'over-time': { rows: ['t4', 't16'].flatMap((run, k) => Array.from({ length: 300 }, (_, i) => fig(900 + ((i * 37 + k * 11) % 200), { t: i + 1, run }))), options: { x: { field: 't', unit: 's' }, color: { field: 'run' }, y: tps, interpolate: 'step' } },
    'cores-cpu': {
      rows: [1, 2, 4].flatMap((cores) => ['OFF', 'ON'].flatMap((ahi) => [
        fig(400 * cores, { panel: 'throughput', cores, ahi, cpus: `0-${cores - 1}` }),
        ...Array.from({ length: 15 * (cores + 1) }, (_, i) => ({ panel: 'cpu', cores, ahi, cpus: `0-${cores - 1}`, cpu: i % (cores + 1) === 0 ? 'all' : String((i % (cores + 1)) - 1), value: 10 + (i % 7), iowait: 1, source: `raw/mpstat-${ahi}-${cores}.txt`, line: 4 + i })),
      ])),
      options: { x: { field: 'cores' }, color: { field: 'ahi' }, y: tps, cpus: { field: 'cpus' } },
    },
    'top-waits': { rows: Array.from({ length: 60 }, (_, i) => ({ name: `file${i % 40}.cc:${i}`, value: (i * 7919) % 5000, text: String((i * 7919) % 5000), source: 'raw/m.txt', line: i + 3 })), options: { x: { field: 'name' }, y: { title: 'OS waits', unit: 'count' }, top: 10 } },
    histogram: { rows: Array.from({ length: 220 }, (_, i) => ({ bucket: Number((0.2 * 1.018 ** i).toFixed(3)), value: 1 + ((i * 13) % 900), text: '', source: 'raw/h.txt', line: 16 + i })), options: { x: { field: 'bucket', unit: 'ms' }, y: { title: 'Events', unit: 'count' } } },
  };
}

async function benchDraw(dir) {
  const examples = chartExamples();
  const spec = (kind, n) => buildSpec({ kind, rows: examples[kind].rows, options: { ...examples[kind].options, title: `${kind} ${n}` } });
  const load = await time(() => renderSvg(spec('grouped-bar', -1)));
  console.log(`draw       first chart (imports vega) ${load.toFixed(0)} ms`);
  for (const kind of Object.keys(examples)) {
    const cold = [];
    const cpu = [];
    for (let i = 0; i < 12; i += 1) {
      const before = process.cpuUsage();
      cold.push(await time(() => renderSvg(spec(kind, i), { cacheDir: join(dir, 'cache') })));
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    const warm = [];
    for (let i = 0; i < 12; i += 1) warm.push(await time(() => renderSvg(spec(kind, i), { cacheDir: join(dir, 'cache') })));
    console.log(`draw       ${kind.padEnd(11)} ${String(examples[kind].rows.length).padStart(4)} rows: median ${median(cold).toFixed(1)} ms cold (${median(cpu).toFixed(1)} ms CPU), ${median(warm).toFixed(2)} ms from cache`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'tpsreport-bench-'));
try {
  writeFileSync(join(dir, '.keep'), '');
  await import('node:fs').then((fs) => fs.mkdirSync(join(dir, 'data')));
  await benchParse(dir);
  await benchBigLogs(dir);
  benchLongLines();
  await benchDraw(dir);
  await (await import('./page-load.mjs')).benchPageLoad(ROOT);
  for (const n of (process.env.BENCH_SCALE ?? '100,1000').split(',').filter(Boolean).map(Number)) await benchScale(ROOT, n);
} finally {
  rmSync(dir, { recursive: true, force: true });
  removeScaleFolders();
}
