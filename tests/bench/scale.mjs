// The scale scenario of `npm run bench`: a site of N reports made from the
// project's own reports (each copy's chart titles differ, so every chart is
// really drawn), built the way an author builds: cold, after editing one
// sentence and with nothing changed (three builds each, the median kept),
// and after a checkout that gave every raw file a new mtime but the same
// bytes. Each phase is set against floors measured in the same run on the
// same machine:
//   bare Hugo   the same pages with every shortcode removed;
//   SVG floor   vega-lite compile + vega toSVG of the same chart specs in one process.
// Beside them, for reading the cold build's ratio, the floors of the rest of
// its work: resvg's 2x pixels of the same drawings (not encoded), and readline + three regexes
// over the same raw files. Each floor runs in a fresh node process of its own
// (floorApart): in the bench's own process, after the parse and memory
// benches had grown its heap, the same SVG floor took 71 to 98 s from run to
// run, and the cold build's ratio moved with it.
import { mkdtempSync, cpSync, symlinkSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync, mkdirSync, statSync, utimesSync } from 'node:fs';
import { tmpdir, loadavg, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { bodyOffset } from '../../scripts/lib/site.mjs';
import { logger } from '../../scripts/draw/svg.mjs';
import { buildConfig } from '../../scripts/site/hugo-config.mjs';
import { FONT_FILES, keepPixelMemory } from '../../scripts/draw/png.mjs';
import { floorRead } from './big-logs.mjs';
import { median } from '../../scripts/compile/stats/stats.mjs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Every folder the scenario makes is removed when the whole bench ends (see
// removeScaleFolders), never between two builds it measures. On ext4 without
// a journal, the kind some VM images use, the kernel does not hand out an
// inode freed less than a minute ago, or up to five while its inode table
// block is not yet written back (recently_deleted() in fs/ext4/ialloc.c):
// each file created steps over every such inode first.
// Removing the 100-report sites right before the 1,000-report cold build made
// its file creations several times slower (100–470 µs each instead of
// 20–60 µs), a cost no author's build pays.
const made = [];

/** Removes the folders the scale scenarios made (call once the last measurement is done). */
export function removeScaleFolders() {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const COPY = ['scripts', 'layouts', 'static', 'schemas', 'config.toml', 'package.json'];
const LINK = ['node_modules', '.venv'];

export function sourceReports(root) {
  const dir = join(root, 'content', 'reports');
  return readdirSync(dir).filter((d) => existsSync(join(dir, d, 'index.md'))).sort();
}

/** A project folder holding n reports cycled from the real ones. */
export function makeSite(root, n, { stripShortcodes = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `tpsreport-scale-${n}-`));
  made.push(dir);
  for (const name of COPY) cpSync(join(root, name), join(dir, name), { recursive: true });
  for (const name of LINK) symlinkSync(join(root, name), join(dir, name));
  mkdirSync(join(dir, 'content', 'reports'), { recursive: true });
  cpSync(join(root, 'content', '_index.md'), join(dir, 'content', '_index.md'));
  cpSync(join(root, 'content', 'reports', '_index.md'), join(dir, 'content', 'reports', '_index.md'));
  cpSync(join(root, 'content', 'docs'), join(dir, 'content', 'docs'), { recursive: true });
  const sources = sourceReports(root);
  for (let i = 0; i < n; i += 1) {
    const src = sources[i % sources.length];
    const slug = `${src}-${String(i).padStart(4, '0')}`;
    cpSync(join(root, 'content', 'reports', src), join(dir, 'content', 'reports', slug), { recursive: true });
    const index = join(dir, 'content', 'reports', slug, 'index.md');
    let text = readFileSync(index, 'utf8');
    const end = bodyOffset(text);
    let body = text.slice(end).replace(/ title="/g, ` title="[${i}] `);
    if (stripShortcodes) body = body.replace(/\{\{<[\s\S]*?>\}\}/g, '');
    text = text.slice(0, end) + body;
    writeFileSync(index, text);
  }
  return dir;
}

/**
 * CPU time (ms) of every child process that has finished, from /proc (NaN
 * without it): { cpu, system }. The kernel's part is shown apart: on this kind
 * of machine it is where a slow filesystem shows (see `made` above).
 */
function childrenCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime, fields 16 and 17 of stat(5), in clock ticks (100 a second on Linux).
    const [user, system] = [Number(fields[13]) * 10, Number(fields[14]) * 10];
    return { cpu: user + system, system };
  } catch {
    return { cpu: NaN, system: NaN };
  }
}

function run(dir, args) {
  const t0 = performance.now();
  const before = childrenCpu();
  const r = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - t0;
  const after = childrenCpu();
  if (r.status !== 0) throw new Error(`tpsreport ${args.join(' ')} failed in ${dir}:\n${r.stderr.slice(-3000)}`);
  const phase = (name) => Number(new RegExp(`^${name}: .* in (\\d+) ms`, 'm').exec(r.stderr)?.[1] ?? NaN);
  return { ms, cpu: after.cpu - before.cpu, system: after.system - before.system, ingest: phase('ingest'), validate: phase('validate'), compile: phase('compile'), hugo: phase('hugo'), publish: phase('publish'), log: r.stderr };
}

/** Hugo alone on the pages of `dir`, with the config layer a full build gives it: ms. */
async function hugoAlone(root, dir) {
  const config = await buildConfig(dir);
  const t0 = performance.now();
  const r = spawnSync(join(root, '.venv', 'hugo'), ['--destination', join(dir, 'out'), '--logLevel', 'error', '--config', config], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bare hugo failed: ${r.stderr.slice(-2000)}`);
  return performance.now() - t0;
}

/** Every chart spec the build published (its .vl.json files). */
function chartSpecs(dir) {
  return siteFiles(dir, 'charts', (f) => f.endsWith('.vl.json')).map((f) => JSON.parse(readFileSync(f, 'utf8')));
}

/** vega-lite compile + toSVG of every chart spec the build published, in this one process. */
async function svgFloor(dir) {
  const specs = chartSpecs(dir);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  for (const spec of specs) {
    const view = new vega.View(vega.parse(vegaLite.compile(spec, { logger }).spec), { renderer: 'none' });
    await view.toSVG();
    view.finalize();
  }
  return { ms: performance.now() - t0, cpu: cpuMs(process.cpuUsage(cpu0)), charts: specs.length };
}

const FLOORS = { svg: svgFloor, png: pngFloor, parse: parseFloor };

/** One of FLOORS over the site in `dir`, measured in a node process started for it: { ms, cpu, … }. */
function floorApart(name, dir) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'floor', name, dir], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`the ${name} floor failed in ${dir}:\n${r.stderr.slice(-3000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

/** The files of every report's folder `sub` of the built site for which `keep(name)` holds. */
function siteFiles(dir, sub, keep) {
  const site = join(dir, '.tpsreport', 'site', 'reports');
  return readdirSync(site).flatMap((slug) => {
    const folder = join(site, slug, sub);
    return existsSync(folder) ? readdirSync(folder, { recursive: true }).filter(keep).map((f) => join(folder, f)).filter((f) => statSync(f).isFile()) : [];
  });
}

/**
 * resvg's 2x pixels, with the same fonts, of every standalone chart drawing the
 * build published, in this one process: the drawing alone, no PNG encoding, so
 * no encoder's speed flatters the ratio.
 */
async function pngFloor(dir) {
  const svgs = siteFiles(dir, 'charts', (f) => f.endsWith('.svg') && !f.endsWith('.page.svg')).map((f) => readFileSync(f, 'utf8'));
  keepPixelMemory();
  const { Resvg } = await import('@resvg/resvg-js');
  const font = { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };
  const collect = garbageCollector();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const [i, svg] of svgs.entries()) {
    new Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, background: '#ffffff', font }).render();
    // resvg's pixels live outside V8's heap, which does not count them: a loop of nothing but drawings
    // never collects, and its finalizers run on a turn of the event loop. Without both, 334 drawings
    // held 1.7 GB and 3,375 ran the machine out of memory; with them, drawing is a little faster.
    if (i % 8 === 7) {
      collect({ type: 'minor' });
      await new Promise(setImmediate);
    }
  }
  return { ms: performance.now() - t0, cpu: cpuMs(process.cpuUsage(cpu0)), charts: svgs.length };
}

/** V8's collector as a function (the --expose-gc one), asked for at run time. */
function garbageCollector() {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc');
}

/** readline and three patterns over every raw file the build published (the parse floor of big-logs.mjs), in this one process. */
async function parseFloor(dir) {
  const files = siteFiles(dir, 'raw', (f) => !f.endsWith('.html'));
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const file of files) await floorRead(file);
  return { ms: performance.now() - t0, cpu: cpuMs(process.cpuUsage(cpu0)), files: files.length };
}

/** The compile step's own drawing (SVG and 2x PNG on the worker threads) of the same specs, cold and then from its caches. */
async function drawPool(specs) {
  const { createDrawer } = await import('../../scripts/draw/pool.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-draw-'));
  made.push(dir);
  const caches = { svgCache: join(dir, 'svg'), pngCache: join(dir, 'png') };
  // process.cpuUsage() counts every thread of this process, the drawing threads too.
  const time = async () => {
    const drawer = createDrawer(caches);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(specs.map((spec, i) => drawer.draw({ spec, title: `chart ${i}`, alt: 'bench' })));
    const ms = performance.now() - t0;
    const cpu = cpuMs(process.cpuUsage(cpu0));
    await drawer.close();
    return { ms, cpu };
  };
  const [cold, warm] = [await time(), await time()];
  return { cold: cold.ms, coldCpu: cold.cpu, warm: warm.ms };
}

/** What a checkout does to files it rewrites with the same bytes: every raw file gets a new mtime. */
function touchEveryRawFile(dir) {
  const now = new Date();
  const reports = join(dir, 'content', 'reports');
  for (const slug of readdirSync(reports).filter((d) => !d.endsWith('.md'))) {
    const raw = join(reports, slug, 'raw');
    for (const name of readdirSync(raw, { recursive: true })) if (statSync(join(raw, name)).isFile()) utimesSync(join(raw, name), now, now);
  }
}

/** Adds three words to the first sentence of the prose of the report in the middle (again each time). */
function editOneSentence(dir) {
  const reports = readdirSync(join(dir, 'content', 'reports')).filter((d) => !d.endsWith('.md')).sort();
  const index = join(dir, 'content', 'reports', reports[Math.floor(reports.length / 2)], 'index.md');
  const text = readFileSync(index, 'utf8');
  const edited = text.replace(/(\n[A-Z][^\n{]{20,}?)\.(\s)/, '$1, as measured.$2');
  // A build after an edit that changed nothing would be timed as a prose edit.
  if (edited === text) throw new Error(`${index}: no sentence to edit`);
  writeFileSync(index, edited);
}

const EDIT_ROUNDS = 3;

/** The build of median time of `rounds` builds, each after prepare(), with every round's time. */
function medianBuild(dir, prepare = () => {}) {
  const runs = Array.from({ length: EDIT_ROUNDS }, () => {
    prepare();
    return run(dir, ['build']);
  });
  const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
  return { ...median, rounds: runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ') };
}

/** The median of three runs of `measure` (resolving to ms), run one after another. */
async function medianOfThree(measure) {
  return median([await measure(), await measure(), await measure()]);
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
const cpuMs = ({ user, system }) => (user + system) / 1000;

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

export async function benchScale(root, n) {
  console.log(`scale      ${n} reports: load average at start ${load()} (1, 5, 15 min) on ${availableParallelism()} cores`);
  const dir = makeSite(root, n);
  const bare = makeSite(root, n, { stripShortcodes: true });
  const cold = run(dir, ['build']);
  const prose = medianBuild(dir, () => editOneSentence(dir));
  const unchanged = medianBuild(dir);
  touchEveryRawFile(dir);
  const touched = run(dir, ['build']);
  // The documentation's reference page places what compile wrote; bare Hugo renders the same page from the same file.
  mkdirSync(join(bare, '.tpsreport'), { recursive: true });
  cpSync(join(dir, '.tpsreport', 'reference.json'), join(bare, '.tpsreport', 'reference.json'));
  const bareMs = await medianOfThree(() => hugoAlone(root, bare));
  // The build's own Hugo run, timed as bare Hugo is: one run in the cold build moved the ratio by a third from bench to bench.
  const hugoMs = await medianOfThree(() => hugoAlone(root, dir));
  const floor = floorApart('svg', dir);
  const pool = await drawPool(chartSpecs(dir));
  const png = floorApart('png', dir);
  const parse = floorApart('parse', dir);
  const budget = bareMs + floor.ms;
  const allFloors = budget + png.ms + parse.ms;
  console.log(`scale      ${n} reports, ${floor.charts} charts`);
  const perChart = (ms) => `${(ms / floor.charts).toFixed(1)} ms`;
  const cpu = (r) => `${fmt(r.cpu)} CPU (system ${fmt(r.system)})`;
  console.log(`scale      cold build ${fmt(cold.ms)}, ${cpu(cold)} (ingest ${fmt(cold.ingest)}, validate ${fmt(cold.validate)}, compile ${fmt(cold.compile)}, hugo ${fmt(cold.hugo)}, publish ${fmt(cold.publish)}) = ${(cold.ms / budget).toFixed(2)}× (bare Hugo ${fmt(bareMs)} + SVG floor ${fmt(floor.ms)}); target ≤ 2×`);
  console.log(`scale      cold build against the floors of all its work, each in a process of its own: bare Hugo ${fmt(bareMs)} + SVG ${fmt(floor.ms)} + PNG ${fmt(png.ms)} (resvg's 2x pixels of ${png.charts} drawings, not encoded) + parse ${fmt(parse.ms)} (readline + 3 regexes, ${parse.files} raw files) = ${fmt(allFloors)}; cold build ${(cold.ms / allFloors).toFixed(2)}× wall, ${(cold.cpu / (floor.cpu + png.cpu + parse.cpu)).toFixed(2)}× the CPU of the SVG, PNG and parse floors`);
  console.log(`scale      cold build without parsing (compile + hugo + publish) ${fmt(cold.compile + cold.hugo + cold.publish)} = ${((cold.compile + cold.hugo + cold.publish) / budget).toFixed(2)}×`);
  console.log(`scale      hugo on the built site, median of 3: ${fmt(hugoMs)} = ${(hugoMs / bareMs).toFixed(2)}× bare Hugo (median of 3); target ≤ 2×. In the cold build: ${fmt(cold.hugo)} = ${(cold.hugo / bareMs).toFixed(2)}×`);
  console.log(`scale      draw: ${perChart(pool.cold)} per chart cold (SVG + 2x PNG, drawing threads) vs SVG floor ${perChart(floor.ms)} = ${(pool.cold / floor.ms).toFixed(2)}×, target ≤ 1.5×; unchanged chart ${perChart(pool.warm)}, target ≤ 1 ms`);
  console.log(`scale      draw CPU: ${perChart(pool.coldCpu)} per chart cold (both threads) vs SVG floor ${perChart(floor.cpu)} = ${(pool.coldCpu / floor.cpu).toFixed(2)}×; on a busy machine the threads share its cores with everything else`);
  console.log(`scale      whole compile step ${perChart(cold.compile)} per chart (every table, value, raw view and chart file)`);
  console.log(`scale      one sentence edited: median ${fmt(prose.ms)}, ${cpu(prose)} = ${((prose.ms / cold.ms) * 100).toFixed(1)} % of cold (rounds: ${prose.rounds} s); target ≤ 2 s and ≤ 5 %`);
  console.log(`scale      nothing changed: median ${fmt(unchanged.ms)}, ${cpu(unchanged)} (rounds: ${unchanged.rounds} s); target ≤ 1.5 s`);
  console.log(`scale      every raw file touched, bytes the same (as a checkout leaves them): ${fmt(touched.ms)}, ${cpu(touched)} = ${((touched.ms / cold.ms) * 100).toFixed(1)} % of cold (ingest ${fmt(touched.ingest)}, compile ${fmt(touched.compile)}); checked by sha256, nothing parsed or drawn again`);
  console.log(`scale      ${n} reports: load average at end ${load()}`);
}

// `node scale.mjs floor <svg|png|parse> <site>` measures that floor and prints it as JSON (see floorApart).
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'floor') {
  console.log(JSON.stringify(await FLOORS[process.argv[3]](process.argv[4])));
}
