// `npm run bench`, long logs and many documents, each against a floor
// measured in the same run on the same input, in turns (the machine is
// shared, so the ratio is the figure to watch; CPU time is printed beside
// wall time because a busy neighbour stretches wall time but not the CPU a
// step used):
//   parse     a BENCH_PARSE_MB (default 100) MB --report-interval log through
//             parseFile, against readline and 3 regexes per line over the same
//             file; targets ≥ 100 MB/s and ≤ 2× the floor; peak RSS after it
//   validate  documents/s through validatePaths in one process, against
//             read + JSON.parse + the compiled ajv validator of each file;
//             targets ≥ 20,000 documents/s and ≤ 1.5× the floor; twice: a
//             data tree of whole reports (mean document 32 KB: interval
//             samples and wait snapshots, where JSON.parse alone is under
//             20,000/s), and the documents of at most 8 KB on their own
//   memory    peak RSS of a BENCH_MEMORY_MB (default 1024) MB log parsed and
//             written as JSON in a child process (memory.mjs; 0 skips it)
import { createReadStream, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFile } from '../../scripts/parse/index.mjs';
import { median } from '../../scripts/compile/stats/stats.mjs';
import { validatePaths } from '../../scripts/validate/index.mjs';
import { schemaValidators } from '../../scripts/validate/schemas.mjs';
import { writeIntervalLog } from './interval-log.mjs';
import { benchMemory } from './memory.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Wall and CPU milliseconds of one call. */
async function measure(fn) {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - t0, cpu: (used.user + used.system) / 1000 };
}

/**
 * A step and its floor measured in turns, the floor first in each round: on a
 * shared machine a slow minute then slows both sides of one round rather than
 * one side of the comparison. Medians of each side's wall and CPU time, and
 * the median of the rounds' own ratios (step / floor), which is the figure
 * the targets are about.
 */
async function againstFloor(step, floor, n = ROUNDS) {
  const runs = [];
  for (let i = 0; i < n; i += 1) runs.push({ floor: await measure(floor), step: await measure(step) });
  const side = (k) => ({ wall: median(runs.map((r) => r[k].wall)), cpu: median(runs.map((r) => r[k].cpu)) });
  const ratio = (t) => median(runs.map((r) => r.step[t] / r.floor[t]));
  return { step: side('step'), floor: side('floor'), ratio: { wall: ratio('wall'), cpu: ratio('cpu') } };
}

// The floor: what any line reader pays: a stream, line splitting, and three
// patterns of the kind a parser needs (an interval line, a "label: value"
// line, a number).
const FLOOR_PATTERNS = [
  /^\[ (\d+)s \] thds: (\d+) tps: ([\d.]+) qps: ([\d.]+) \(r\/w\/o: ([\d.]+)\/([\d.]+)\/([\d.]+)\) lat \(ms,(\d+)%\): ([\d.]+) err\/s:? ([\d.]+) reconn\/s: ([\d.]+)$/,
  /^\s*([^:]+):\s*(.*)$/,
  /-?\d+(?:\.\d+)?/,
];

/** The parse floor of one file: readline and the three patterns; returns the number of lines they matched. */
export async function floorRead(path) {
  let hits = 0;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) for (const re of FLOOR_PATTERNS) if (re.exec(line)) hits += 1;
  return hits;
}

const rate = (mb, ms) => (mb / (ms / 1000)).toFixed(0);

async function benchIntervalParse(dir) {
  const path = join(dir, 'interval-log.txt');
  const samples = writeIntervalLog(path, Number(process.env.BENCH_PARSE_MB ?? 100) * 1e6);
  const mb = statSync(path).size / 1e6;
  const n = Math.min(ROUNDS, 3); // a round reads 100 MB twice
  let counted = 0;
  const { step: parse, floor, ratio } = await againstFloor(async () => { counted = (await parseFile(path)).runs[0].intervals.samples.count; }, () => floorRead(path), n);
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(`parse      ${mb.toFixed(0)} MB interval log, ${counted} of ${samples} samples kept: median ${rate(mb, parse.wall)} MB/s wall, ${rate(mb, parse.cpu)} MB/s CPU (target ≥ 100); floor (readline + 3 regexes) ${rate(mb, floor.wall)} MB/s wall, ${rate(mb, floor.cpu)} MB/s CPU; parse/floor ${ratio.wall.toFixed(2)}× wall, ${ratio.cpu.toFixed(2)}× CPU, the median of the rounds' ratios (target ≤ 2×); peak RSS so far ${peak.toFixed(0)} MB`);
}

/**
 * The demo site's data/reports folders copied under new names until there are
 * at least `count` documents: a data tree like a real site's, so the checks
 * across each report's documents run as they do in a build.
 */
function copiedReports(out, count) {
  const source = join(ROOT, 'data/reports');
  const slugs = readdirSync(source).filter((d) => statSync(join(source, d)).isDirectory()).sort();
  const files = [];
  for (let copy = 0; files.length < count; copy += 1) {
    const slug = slugs[copy % slugs.length];
    const dir = join(out, `${slug}-${copy}`);
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(join(source, slug)).filter((n) => n.endsWith('.json'))) {
      writeFileSync(join(dir, name), readFileSync(join(source, slug, name)));
      files.push(join(dir, name));
    }
  }
  return files;
}

/**
 * The demo's documents of at most `bytes` bytes (a run's summary, a config
 * dump: the median document is about 5 KB), copied into folders of their own
 * until there are at least `count`. Without report.json, so only each
 * document's own checks run: what documents/s means for small documents.
 */
function copiedSmallDocuments(out, count, bytes) {
  const source = join(ROOT, 'data/reports');
  const small = readdirSync(source, { recursive: true })
    .filter((name) => name.endsWith('.json') && !name.endsWith('report.json') && statSync(join(source, name)).size <= bytes)
    .sort();
  const files = [];
  for (let copy = 0; files.length < count; copy += 1) {
    for (const name of small) {
      const path = join(out, String(copy), name.split('/').join('--'));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, readFileSync(join(source, name)));
      files.push(path);
    }
  }
  return files;
}

/** validatePaths over `out` against the floor over the same files, in turns (againstFloor): wall and CPU. */
async function validateAgainstFloor(label, out, files) {
  const validators = schemaValidators();
  const floorRound = () => {
    for (const f of files) {
      const doc = JSON.parse(readFileSync(f, 'utf8'));
      validators.get(doc.kind)?.(doc);
    }
  };
  let problems = 0;
  const { step: full, floor, ratio } = await againstFloor(async () => { problems = (await validatePaths([out], { root: ROOT })).problems.length; }, floorRound);
  const perS = (ms) => Math.round(files.length / (ms / 1000));
  console.log(`validate   ${files.length} ${label} (${problems} problems): ${perS(full.wall)} docs/s wall, ${perS(full.cpu)} docs/s CPU (target ≥ 20,000); floor (read + JSON.parse + compiled ajv) ${perS(floor.wall)} docs/s wall, ${perS(floor.cpu)} docs/s CPU; validate/floor ${ratio.wall.toFixed(2)}× wall, ${ratio.cpu.toFixed(2)}× CPU, the median of the rounds' ratios (target ≤ 1.5×)`);
}

async function benchValidateFloor(dir) {
  const reports = join(dir, 'validate');
  const files = copiedReports(reports, 2000);
  await validateAgainstFloor(`documents in ${readdirSync(reports).length} report folders`, reports, files);
  const small = join(dir, 'validate-small');
  await validateAgainstFloor('documents of at most 8 KB, without their reports', small, copiedSmallDocuments(small, 4000, 8192));
}

export async function benchBigLogs(dir) {
  await benchIntervalParse(dir);
  await benchValidateFloor(dir);
  if (Number(process.env.BENCH_MEMORY_MB ?? 1024) > 0) benchMemory();
}
