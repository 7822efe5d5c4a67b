#!/usr/bin/env node
// Peak memory of parsing and ingesting a long interval log: a generated log
// of BENCH_MEMORY_MB megabytes (default 1024) is parsed in a child process,
// which then streams the document to a JSON file as ingest does, and prints
// its peak resident set size (process.resourceUsage().maxRSS). The budget is
// 300 MB for a 1 GB log. The log and the JSON live in a temporary folder,
// deleted afterwards. `node tests/bench/memory.mjs`, or from `npm run bench`.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { writeIntervalLog } from './interval-log.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const BUDGET_MB = 300;

/** What the child runs: parse the log, write its document, report samples, bytes written and peak RSS. */
const CHILD = `
const [log, out] = process.argv.slice(1);
const { parseFile } = await import(${JSON.stringify(join(HERE, '..', 'parse', 'index.mjs'))});
const { writeJsonIfChanged } = await import(${JSON.stringify(join(HERE, '..', 'lib', 'files.mjs'))});
const t0 = performance.now();
const doc = await parseFile(log);
const parsed = performance.now() - t0;
const parsedRssKb = process.resourceUsage().maxRSS;
await writeJsonIfChanged(out, doc);
const samples = doc.runs.reduce((n, r) => n + (r.intervals?.samples.count ?? 0), 0);
console.log(JSON.stringify({ samples, parsed, total: performance.now() - t0, parsedRssKb, maxRssKb: process.resourceUsage().maxRSS }));
`;

export function benchMemory(megabytes = Number(process.env.BENCH_MEMORY_MB ?? 1024)) {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-memory-'));
  try {
    const log = join(dir, 'long-interval.txt');
    const out = join(dir, 'long-interval.json');
    writeIntervalLog(log, megabytes * 1e6);
    const mb = statSync(log).size / 1e6;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, log, out], { encoding: 'utf8' });
    if (child.status !== 0) {
      console.log(`memory     ${mb.toFixed(0)} MB log: the child process failed (exit ${child.status ?? child.signal}): ${child.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      return null;
    }
    const r = JSON.parse(child.stdout.trim().split('\n').at(-1));
    const peak = r.maxRssKb / 1024;
    console.log(`memory     ${mb.toFixed(0)} MB log, ${r.samples} samples: parse ${(r.parsed / 1000).toFixed(1)} s (${(mb / (r.parsed / 1000)).toFixed(0)} MB/s), parse + JSON ${(r.total / 1000).toFixed(1)} s, ${(statSync(out).size / 1e6).toFixed(0)} MB of JSON; peak RSS ${(r.parsedRssKb / 1024).toFixed(0)} MB after parsing, ${peak.toFixed(0)} MB after writing (budget ${BUDGET_MB} MB: ${peak <= BUDGET_MB ? 'within' : 'OVER'})`);
    return peak;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchMemory();
