// `stability-table`: how steady each run was over time, side by side. For every
// run with interval samples: the steady-state window (warm-up and tail cut by
// the rule in scripts/compile/stats/stats.mjs, stated under the table), and inside it
// the median, 5th percentile, coefficient of variation and stalls (intervals
// below half the median); the untrimmed median and CV stay beside them.
//   {{< stability-table data="sysbench" by="config" where="…" caption="…" >}}
import { byRun } from '../select.mjs';
import { th, esc, attrs, incompleteMark, incompleteSuffix, rawLineHref } from '../html.mjs';
import { stability } from '../stats/stats.mjs';
import { repeatLabels, decimalsOf } from '../stats/repeats.mjs';
import { fixed } from '../../lib/text.mjs';
import { titleWithUnit } from '../charts/common.mjs';
import { mistake } from '../../problems/problem.mjs';

export default {
  name: 'stability-table',
  summary: 'Steady-state window, median, p5, CV and stalls of each run over time, side by side.',
  params: {
    data: { default: 'sysbench', doc: 'document kind, e.g. sysbench' },
    by: { required: true, doc: 'label naming each run (repeat labels are added when runs share it)' },
    metric: { default: 'tps', doc: 'sample field, e.g. tps' },
    each: { default: 'intervals.samples', doc: 'dotted path to the samples inside each run' },
    where: { doc: 'label=value;label=value filter' },
    window: { default: '10', doc: 'samples per window in the steady-state rule' },
    tolerance: { default: '10', doc: 'how far (per cent) below the run median a window of samples may be and still count as steady' },
    caption: { doc: 'table caption' },
  },
  build({ select, report }, p) {
    const window = wholeNumber(p.window, 'window', 2);
    const tolerance = wholeNumber(p.tolerance, 'tolerance', 1) / 100;
    const rows = select({ data: p.data, each: p.each, metric: p.metric, fields: { t: 't' }, labels: [p.by], where: p.where });
    const runs = runsOf(rows, p.by, repeatLabels(report.meta));
    const stats = runs.map((run) => ({ run, s: stability(run.samples.map((r) => ({ t: r.t, value: r.value })), { window, tolerance }) }));
    const unit = rows.find((r) => r.unit)?.unit ?? unitOf(report, p);
    const decimals = Math.min(2, decimalsOf(rows));
    const fmt = (v) => (v === null || v === undefined ? '–' : fixed(v, decimals));
    const pct = (v) => (v === null ? '–' : `${fixed(v * 100, 1)}\u00a0%`);
    return {
      tables: [{
        caption: p.caption ?? '',
        cls: 'stability-table',
        label: p.caption || 'Stability of each run',
        head: [{ cells: [th('Run'), th('Steady window', { cls: 'num' }), th(titleWithUnit('Median', unit), { cls: 'num' }), th(titleWithUnit('p5', unit), { cls: 'num' }), th('CV', { cls: 'num' }), th('Stalls', { cls: 'num' }), th('Longest stall', { cls: 'num' }), th(`${titleWithUnit('Untrimmed: median', unit)}, CV`, { cls: 'num' })] }],
        body: stats.map(({ run, s }) => ({
          attrs: { 'data-run': run.name },
          cells: [
            // A run read from output that stops early says so on its row: every figure in it is worked out from those samples.
            th(`${run.name}${incompleteSuffix(run.samples[0])}`, { html: `${esc(run.name)}${incompleteMark(run.samples[0])}` }),
            { text: windowText(run.samples, s), cls: 'num', attrs: { 'data-start': String(s.start), 'data-end': String(s.end), title: `${s.n} of ${run.samples.length} samples kept` } },
            { text: fmt(s.median), cls: 'num derived', attrs: { 'data-value': String(s.median) } },
            { text: fmt(s.p5), cls: 'num derived', attrs: { 'data-value': String(s.p5) } },
            { text: pct(s.cv), cls: 'num derived' },
            { text: String(s.stalls), cls: 'num derived', attrs: { 'data-value': String(s.stalls) } },
            longestCell(run.samples.slice(s.start, s.end), s),
            { text: `${fmt(s.untrimmed.median)}, ${pct(s.untrimmed.cv)}`, cls: 'num derived' },
          ],
        })),
      }],
      wrap: `<!--table:0-->\n<p class="table-note">Steady window: ${esc(stats[0]?.s.rule ?? '')}. A stall is an interval below half the steady median: Stalls counts those intervals, and the longest stall is the most of them in a row. Medians, p5 and CV are worked out from the samples the tool printed; the longest stall links to its first interval.</p>`,
    };
  },
};

function wholeNumber(text, name, min) {
  if (!/^\d+$/.test(String(text)) || Number(text) < min) throw mistake(`${name}="${text}": expected a whole number of at least ${min}`);
  return Number(text);
}

/** The samples of each run (document and item), in source order, named by the `by` label and any repeat label. */
function runsOf(rows, by, repeat) {
  const list = byRun(rows).map((samples) => {
    const [r] = samples;
    return { name: [r[by], ...[].concat(repeat).map((k) => r[k]).filter((v) => v !== undefined).map((v) => `#${v}`)].join(' '), samples };
  });
  const names = list.map((r) => r.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw mistake(`two runs are both named "${twice}" by the label "${by}"; narrow with where="…" or give them a repeat label`);
  return list;
}

function unitOf(report, p) {
  const doc = report.docs.find((d) => d.kind === p.data);
  return doc?.runs?.find((r) => r.intervals)?.intervals?.units?.[p.metric] ?? '';
}

function windowText(samples, s) {
  if (!samples.length) return '–';
  const first = samples[s.start]?.t ?? samples[0].t;
  const last = samples[s.end - 1]?.t ?? samples.at(-1).t;
  return `${first}\u2013${last}\u00a0s`;
}

/**
 * The longest stall: how long, and a link to the raw line of its first interval.
 * A plain link, not a figure: the samples keep numbers, not the text printed.
 */
function longestCell(kept, s) {
  if (!s.longestStall.length) return { text: 'none', cls: 'num' };
  const row = kept.find((r) => r.t === s.longestStall.t);
  const step = kept.length > 1 ? kept[1].t - kept[0].t : 1;
  const shown = `${s.longestStall.length * step}\u00a0s at ${s.longestStall.t}\u00a0s`;
  const link = `<a${attrs({ class: 'raw-line', href: rawLineHref(row.source, row.line), 'data-source': row.source, 'data-line': row.line, title: `${row.source}, line ${row.line}` })}>${esc(shown)}</a>`;
  return { text: shown, html: link, cls: 'num', attrs: { 'data-length': String(s.longestStall.length), 'data-t': String(s.longestStall.t) } };
}

