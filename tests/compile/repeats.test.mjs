// Repeats, differences with their verdict, claims, and the stability and
// histogram tables. Expected figures are worked out by hand in the comments
// (or read off the raw files), never taken from the functions under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { combineRepeats, repeatLabels, spreadText, decimalsOf } from '../../scripts/compile/stats/repeats.mjs';
import { difference, bandOf } from '../../scripts/compile/stats/difference.mjs';

import { viewContext, loadDocuments, loadReport } from '../../scripts/compile/report.mjs';
import { checkParams } from '../../scripts/compile/index.mjs';
import { kinds } from '../../scripts/compile/kinds.mjs';
import { tableCsv } from '../../scripts/compile/html.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} ≈ ${b}`);
const row = (config, repeat, value, line = 18) => ({ config, repeat, value, text: value.toFixed(2), unit: 'tx/s', line, source: `raw/${config}-r${repeat}.txt`, tool: 'sysbench 1.0.20', status: 'ok' });

test('repeats of one configuration combine into their median, linked to the run that printed it', () => {
  const rows = [row('base', 1, 400), row('base', 2, 420), row('base', 3, 410), row('ahi', 1, 500)];
  const out = combineRepeats(rows, ['config'], { what: 'table' });
  const base = out.get('base');
  assert.equal(base.value, 410);
  assert.equal(base.text, '410.00');
  assert.equal(base.source, 'raw/base-r3.txt', 'the median is the third run');
  assert.deepEqual([base.n, base.min, base.max], [3, 400, 420]);
  // sd of 400, 410, 420 is 10, mean 410: CV 2.439 %
  close(base.cv, 10 / 410);
  assert.equal(spreadText(base), '400.00–420.00 · CV\u00a02.4\u00a0% · 3\u00a0runs');
  assert.equal(base.members.length, 3);
  assert.equal(base.repeat, undefined, 'a combined figure has no single repeat number');
  assert.equal(out.get('ahi').members, undefined, 'a lone run stays as printed');
});

test('a view can ask for the mean, min, max or best of the repeats', () => {
  const rows = [row('base', 1, 400), row('base', 2, 430), row('base', 3, 410), row('base', 4, 420)];
  const of = (stat, better) => combineRepeats(rows, ['config'], { what: 't', stat, better }).get('base');
  assert.equal(of('median').value, 415); // (410 + 420) / 2
  assert.equal(of('median').text, '415.00');
  assert.equal(of('mean').value, 415);
  assert.equal(of('min').value, 400);
  assert.equal(of('max').value, 430);
  assert.equal(of('best').value, 430);
  assert.equal(of('best', 'lower').value, 400);
  assert.equal(of('best', 'lower').stat, 'best (min)');
});

test('runs that share a key but differ in another label, or in nothing, stay an error', () => {
  const rows = [row('base', 1, 400), { ...row('base', 1, 410), threads: 8 }];
  assert.throws(() => combineRepeats(rows, ['config'], { what: 'table' }),
    (e) => e instanceof Problem && e.message === 'table: two runs match config="base" (raw/base-r1.txt:18 and raw/base-r1.txt:18) but differ in "threads"; narrow with where="…" or show that label too' && e.differ[0] === 'threads');
  const same = [row('base', 1, 400), row('base', 1, 410)];
  assert.throws(() => combineRepeats(same, ['config'], { what: 'table' }), /have the same labels; if they are repeats give each a "repeat" label/);
  const declared = [{ ...row('base', 1, 400), round: 1 }, { ...row('base', 1, 410), round: 2 }];
  assert.equal(combineRepeats(declared, ['config'], { what: 't', repeat: repeatLabels({ repeat: ['round'] }) }).get('base').value, 405);
  assert.throws(() => repeatLabels({ repeat: ['bad label'] }), /expected a list of label names/);
});

test('a difference carries its interval and says when it is within noise or rests on single runs', () => {
  const base = combineRepeats([row('b', 1, 100), row('b', 2, 104), row('b', 3, 96)], ['config'], { what: 't' }).get('b');
  const near = combineRepeats([row('n', 1, 101), row('n', 2, 103), row('n', 3, 99)], ['config'], { what: 't' }).get('n');
  const d = difference(near, base);
  // medians 101 / 100; pairwise ratios range from 99/104 = 0.951923 to 103/96 = 1.072917
  close(d.ratio, 1.01);
  assert.equal(d.text, '+1.0\u00a0%');
  close(d.interval.lo, 99 / 104);
  close(d.interval.hi, 103 / 96);
  assert.equal(d.verdict, 'within-noise');
  assert.equal(d.note, 'within noise; pairwise range \u22124.8\u00a0% to +7.3\u00a0%');
  const single = difference(row('a', 1, 150), row('b', 1, 100));
  assert.equal(single.verdict, 'single');
  assert.equal(single.note, 'single runs, noise unknown');
  // Two single runs that print the same figure, with no band: no noise is known, so nothing is "within" it.
  const same = difference(row('a', 1, 100), row('b', 1, 100));
  assert.deepEqual([same.text, same.verdict, same.note], ['±0.0\u00a0%', 'single', 'single runs, noise unknown']);
  // a noise band of ±5 % makes a 4 % difference between single runs within noise
  assert.equal(difference(row('a', 1, 104), row('b', 1, 100), { band: 0.05 }).verdict, 'within-noise');
  assert.equal(difference(row('a', 1, 110), row('b', 1, 100), { band: 0.05 }).verdict, 'single');
});

test('the noise band is the widest distance of the reference repeats from their median', () => {
  const rows = [row('base', 1, 100), row('base', 2, 103), row('base', 3, 98), row('other', 1, 200)];
  // median 100; distances 0, 3 %, 2 %
  const { band, n } = bandOf(rows, 'config=base');
  close(band, 0.03);
  assert.equal(n, 3);
});

test('a noise reference that reaches one run, or runs of several configurations, is an error; one that reaches none gives no band', () => {
  const rows = [row('base', 1, 100), row('base', 2, 103), row('other', 1, 200), { ...row('base', 1, 150), threads: 8 }];
  assert.throws(() => bandOf(rows, 'config=other'), (e) => e instanceof Problem
    && e.message === 'noise_reference "config=other" matches one run here (raw/other-r1.txt:18); a noise band is the spread of two or more repeats of one configuration');
  const mixed = [row('base', 1, 100), row('base', 2, 103), { ...row('base', 1, 150), threads: 8 }, { ...row('base', 2, 160), threads: 8 }].map((r) => ({ threads: 4, ...r }));
  assert.throws(() => bandOf(mixed, 'config=base'), (e) => e instanceof Problem
    && e.message === 'noise_reference "config=base" matches runs of 2 configurations here (they differ in "threads"), whose spread is their difference, not noise; name one, e.g. "config=base;threads=4"');
  close(bandOf(mixed, 'config=base;threads=4').band, 1.5 / 101.5); // median 101.5, each 1.5 from it
  assert.deepEqual(bandOf(rows, 'config=elsewhere'), { band: 0, n: 0 });
});

/** A report built in memory from sysbench-like documents, one run each. */
function syntheticContext(runs, meta = {}) {
  const docs = runs.map(([config, repeat, value], i) => ({
    kind: 'sysbench',
    order: i,
    status: 'ok',
    labels: { config, repeat },
    provenance: { source: `content/reports/t/raw/${config}-r${repeat}.txt`, tool: { name: 'sysbench', version: '1.0.20' } },
    runs: [{ status: 'ok', transactions: { rate: { value, text: value.toFixed(2), unit: 'tx/s', line: 18 } } }],
  }));
  return viewContext({ slug: 't', meta, docs, text: '' });
}

const claim = async (ctx, params) => kinds.claim.build(ctx, checkParams(kinds.claim, { name: 'claim', params: { data: 'sysbench', metric: 'transactions.rate', ...params }, positional: [], inner: null }));

test('at least N % is judged on the whole interval: a median above N whose interval reaches below it is refused', async () => {
  // fast: 480, 520, 560; base: 400, 410, 420. Medians +26.8 %; pairwise range 480/420 = +14.3 % to 560/400 = +40.0 %.
  const runs = [[480, 400], [520, 410], [560, 420]].flatMap(([f, b], i) => [['fast', i + 1, f], ['base', i + 1, b]]);
  const ctx = syntheticContext(runs);
  await assert.rejects(claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'at-least', percent: '20' }), /the interval reaches \+14\.3\u00a0%, so a is not surely 20 % above b; measure more repeats or claim less$/);
  assert.match((await claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'at-least', percent: '14' })).html, /26\.8\u00a0% higher/);
});

test('a claim prints its figure when the data bears it out and refuses when it does not', async () => {
  const runs = [1, 2, 3, 4, 5].flatMap((r) => [['base', r, 400 + r], ['fast', r, 500 + r], ['same', r, 401 + ((r * 7) % 5)]]);
  const ctx = syntheticContext(runs);
  // medians: base 403, fast 503: +24.8 %
  const html = (await claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'higher' })).html;
  assert.match(html, /<span class="claim-figure">24\.8\u00a0% higher<\/span>/);
  assert.match(html, /data-verdict="different"/);
  await assert.rejects(claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'lower' }),
    (e) => e instanceof Problem && /^the data does not support relation="lower": a="config=fast" is 503\.00 and b="config=base" is 403\.00 .*a difference of \+24\.8\u00a0% \(95\u00a0% CI .*\); a is not lower than b$/.test(e.message));
  await assert.rejects(claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'at-least', percent: '30' }), /a is not 30 % above b/);
  const atLeast = (await claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'at-least', percent: '20' })).html;
  assert.match(atLeast, /24\.8\u00a0% higher<\/span> <span class="claim-note">\(at least 20\u00a0% higher; 95\u00a0% CI /);
  // b below a: a negative percent is "at least N % lower".
  assert.match((await claim(ctx, { a: 'config=base', b: 'config=fast', relation: 'at-least', percent: '-19' })).html, /19\.9\u00a0% lower<\/span> <span class="claim-note">\(at least 19\u00a0% lower; /);
  await assert.rejects(claim(ctx, { a: 'config=base', b: 'config=fast', relation: 'at-least', percent: '-25' }), /a is not 25 % below b/);
  await assert.rejects(claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'higher', percent: '20' }), /^percent="20" is the threshold of relation="at-least"; relation="higher" takes none$/);
  await assert.rejects(claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'at-least', percent: '20%' }), /needs percent="N", .*, not percent="20%"$/);
  // Two repeats of one configuration differ by noise alone.
  await assert.rejects(claim(ctx, { a: 'repeat=2', b: 'repeat=1', where: 'config=fast', relation: 'higher' }),
    (e) => e.message === 'a="repeat=2" and b="repeat=1" are runs of one configuration (they differ only in "repeat"): their difference is noise; compare two configurations, or show the spread of these repeats');
  // "same" repeats are 403, 405, 402, 404, 401 (401 + 7r mod 5): median 403 against 403, interval across 1
  await assert.rejects(claim(ctx, { a: 'config=same', b: 'config=base', relation: 'lower' }), /that difference is within noise; say "about"/);
  assert.match((await claim(ctx, { a: 'config=same', b: 'config=base', relation: 'about' })).html, /about the same<\/span> <span class="claim-note">\(±0\.0\u00a0%; within noise; /);
  await assert.rejects(claim(ctx, { a: 'config=fast', b: 'config=base', relation: 'about' }), /the difference is larger than the noise/);
  // A reference the claim's runs do not reach leaves it nothing to be judged against.
  await assert.rejects(claim(syntheticContext(runs, { noise_reference: 'config=slow' }), { a: 'config=fast', b: 'config=base', relation: 'higher' }),
    (e) => e instanceof Problem && e.message === 'noise_reference "config=slow" matches no run of sysbench transactions.rate, so the claim has no noise band to be judged against; narrow the reference or widen where');
});

test('a claim on single runs says so on the page, and "about" cannot rest on them', async () => {
  const ctx = syntheticContext([['a', 1, 120], ['b', 1, 100]]);
  const html = (await claim(ctx, { a: 'config=a', b: 'config=b', relation: 'higher' })).html;
  assert.match(html, /20\.0\u00a0% higher<\/span> <span class="claim-note">\(single runs, noise unknown\)<\/span>/);
  await assert.rejects(claim(ctx, { a: 'config=a', b: 'config=b', relation: 'about' }), /single runs cannot show two figures are equal/);
  await assert.rejects(claim(ctx, { a: 'config=a', b: 'config=b', relation: 'at-least' }), /needs percent="N"/);
});

test('the compare table marks a within-noise difference and gives each its interval', async () => {
  const runs = [1, 2, 3, 4, 5].flatMap((r) => [['base', r, 400 + r], ['fast', r, 500 + r], ['same', r, 401 + ((r * 7) % 5)]]);
  const ctx = syntheticContext(runs, { noise_reference: 'config=base' });
  const view = await kinds.compare.build(ctx, checkParams(kinds.compare, { name: 'compare', params: { by: 'config', baseline: 'base', data: 'sysbench', metric: 'transactions.rate' }, positional: [], inner: null }));
  const csv = tableCsv(view.tables[0]).split('\r\n'); // the CSV writes no-break spaces as spaces
  assert.match(csv[2], /^fast,503\.00 \(median; 501\.00–505\.00 · CV 0\.3 % · 5 runs\),'\+24\.8 % \(95 % CI \+2\d\.\d % to \+2\d\.\d %\)$/);
  assert.match(csv[3], /^same,403\.00 .*,±0\.0 % \(within noise; 95 % CI/);
  assert.match(view.wrap, /lies inside the spread of the noise reference \(<code>config=base<\/code>: ±0\.5\u00a0%/); // 401..405 around 403: 2/403
});

async function realContext(slug) {
  const text = readFileSync(join(ROOT, 'content', 'reports', slug, 'index.md'), 'utf8');
  return viewContext(await loadReport({ root: ROOT, slug, text, docs: await loadDocuments(join(ROOT, 'data', 'reports', slug)) }));
}

test('the stability table finds the stalls of the flush-per-commit run as its raw file prints them', async () => {
  const ctx = await realContext('read-write-stress-over-time');
  const view = await kinds['stability-table'].build(ctx, checkParams(kinds['stability-table'], { name: 'stability-table', params: { by: 'trx_commit', where: 'length=60s' }, positional: [], inner: null }));
  const [, one] = tableCsv(view.tables[0]).split('\r\n');
  // raw/sysbench-trx-commit-1.txt: median of the 60 tps samples 984.465 (983.92 and 985.01,
  // the 30th and 31st), shown as 984.47, rounded half away from zero as by hand (binary
  // arithmetic made it 984.46499…, which read 984.46); below half of it (492.23): 17.00 and 151.01 at 14–15 s, 406.01 and 21.00 at 21–22 s, 343.95 and 107.00
  // at 29–30 s, 413.73 at 36 s: seven stalled intervals in four stretches, the longest two intervals from 14 s. p5: the
  // lowest samples are 17.00, 21.00, 107.00, 151.01; h = 59 × 0.05 = 2.95 → 107 + 0.95 × 44.01
  // = 148.81. CV 33.9 % from Python's statistics.stdev / mean over the same 60 samples.
  assert.match(one, /^1,1–60 s,984\.47,148\.81,33\.9 %,7,2 s at 14 s,"984\.47, 33\.9 %"$/);
});

test('percentiles from a sysbench histogram lie in the bucket the running count reaches, beside the printed one', async () => {
  const ctx = await realContext('chart-gallery');
  const view = await kinds['histogram-percentiles'].build(ctx, checkParams(kinds['histogram-percentiles'], { name: 'histogram-percentiles', params: { by: 'threads', where: 'test=cpu', percentiles: '50,95' }, positional: [], inner: null }));
  const [, one] = tableCsv(view.tables[0]).split('\r\n');
  // raw/sysbench-cpu-histogram-t1.txt: 5382 events; counts 346, 2072, 735 reach 2691 (half) at
  // 0.226, after 0.222; sysbench printed its 95th percentile as 1.06
  assert.match(one, /^1,0\.226 \(0\.222–0\.226\),1\.063 \(1\.044–1\.063\),1\.06$/);
});

test('a label reads as the front matter titles it, in table heads and in the compare note', async () => {
  const ctx = syntheticContext([['1', 1, 100], ['2', 1, 120]], { labels: { config: 'innodb_flush_log_at_trx_commit' } });
  const build = (name, params) => kinds[name].build(ctx, checkParams(kinds[name], { name, params, positional: [], inner: null }));
  const table = await build('table', { data: 'sysbench', metric: 'transactions.rate', rows: 'config' });
  assert.equal(table.tables[0].head[0].cells[0].text, 'innodb_flush_log_at_trx_commit');
  const compare = await build('compare', { by: 'config', baseline: '1', data: 'sysbench', metric: 'transactions.rate' });
  assert.match(compare.wrap, /relative to innodb_flush_log_at_trx_commit = <strong class="baseline-name">1<\/strong>/);
  const untitled = syntheticContext([['a', 1, 100]]);
  assert.equal(untitled.title('row_format'), 'Row format');
});

test('the decimals a stability table or a median keeps are those the tool printed, however many samples a run has', () => {
  const samples = (n) => Array.from({ length: n }, (_, i) => ({ text: i % 3 ? String(900 + i) : `${900 + i}.25` }));
  assert.equal(decimalsOf(samples(10)), 2);
  // Two day-long runs at one sample a second: more values than a call can take as arguments.
  assert.equal(decimalsOf(samples(172_800)), 2);
  assert.equal(decimalsOf([{ text: 'failed' }, { text: '12' }]), 0);
  assert.equal(decimalsOf([]), 0);
});

test('runs that differ in a label the others lack are named by a pair that differs in it, with the repeat label it may be a slip of', () => {
  const rows = [row('base', 1, 100), row('base', 2, 103), { ...row('base', undefined, 98), repaet: 3, source: 'raw/base-r3.txt' }];
  delete rows[2].repeat;
  assert.throws(() => combineRepeats(rows, ['config'], { what: 'table' }), (e) => e instanceof Problem
    && e.message === 'table: two runs match config="base" (raw/base-r1.txt:18 and raw/base-r3.txt:18) but differ in "repaet"; narrow with where="…" or show that label too; "repaet" may be the repeat label "repeat" misspelt in the front matter');
});

test('two repeats numbered alike, or a run without the repeat label among repeats, are refused instead of counted', () => {
  const twice = [row('base', 1, 100), row('base', 2, 103), { ...row('base', 2, 98), source: 'raw/base-r2-again.txt' }];
  assert.throws(() => combineRepeats(twice, ['config'], { what: 'table' }), (e) => e instanceof Problem
    && e.message === 'table: raw/base-r2.txt:18 and raw/base-r2-again.txt:18 are both repeat=2; each repeat of a configuration needs its own "repeat" label');
  const unnumbered = [row('base', 1, 100), row('base', 2, 103), { ...row('base', 3, 98), repeat: undefined, source: 'raw/base.txt' }];
  assert.throws(() => combineRepeats(unnumbered, ['config'], { what: 'table' }), (e) => e instanceof Problem
    && e.message === 'table: raw/base.txt:18 has no "repeat" label, which raw/base-r1.txt:18 has; each repeat of a configuration needs its own "repeat" label');
  assert.equal(combineRepeats(twice.slice(0, 2), ['config'], { what: 'table' }).get('base').n, 2);
});

test('a single run in a table of medians says it is a single run, in the page and in the CSV', async () => {
  const ctx = syntheticContext([['base', 1, 400], ['base', 2, 410], ['base', 3, 420], ['lone', 1, 500]]);
  const view = await kinds.table.build(ctx, checkParams(kinds.table, { name: 'table', params: { data: 'sysbench', metric: 'transactions.rate', rows: 'config' }, positional: [], inner: null }));
  const csv = tableCsv(view.tables[0]).split('\r\n');
  assert.match(csv[1], /^base,410\.00 \(median; 400\.00–420\.00 · CV [\d.]+ % · 3 runs\)$/);
  assert.equal(csv[2], 'lone,500.00 (single run)');
  assert.match(view.tables[0].body[1].cells[1].html, /<\/a> <span class="spread">single run<\/span>$/);
  // Without repeats anywhere, no cell says it.
  const single = await kinds.table.build(syntheticContext([['a', 1, 1], ['b', 1, 2]]), checkParams(kinds.table, { name: 'table', params: { data: 'sysbench', metric: 'transactions.rate', rows: 'config' }, positional: [], inner: null }));
  assert.doesNotMatch(tableCsv(single.tables[0]), /single run/);
});
