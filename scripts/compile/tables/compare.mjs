// `compare`: variants side by side, one or more figures each, every figure
// beside its difference to a baseline variant ("+49.8 %"). With JavaScript a
// reader can pick another baseline (static/js/compare.mjs only swaps texts
// worked out here); without it the author's baseline shows.
//
// One figure per variant:
//   {{< compare by="server" baseline="MySQL 5.5.9" data="sysbench" metric="transactions.rate"
//       where="workload=read/write" title="read/write" caption="…" >}}
// Several (columns as YAML inside; each takes title, data, metric, where, items, each, better):
//   {{< compare by="server" baseline="MySQL 5.1.49sp1 built-in InnoDB" caption="…" >}}
//   - { title: "sysbench read/write", data: sysbench, metric: transactions.rate, where: "workload=read/write" }
//   - { title: DBT-2, data: dbt2, metric: notpm }
//   {{< /compare >}}
// `better: higher|lower` marks which direction is an improvement (colour only).
//
// Repeats of a variant show their median (or `stat`) and spread; every
// difference carries an interval and reads "within noise" when that interval
// includes no change, or stays inside the spread of the report's
// `noise_reference` (scripts/compile/stats/difference.mjs).
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';

import { figCell, hasRepeats, th, esc, attrs, unitSpan } from '../html.mjs';
import { checkStat, repeatLabels } from '../stats/repeats.mjs';
import { difference, bandOf } from '../stats/difference.mjs';
import { mistake } from '../../problems/problem.mjs';

const COLUMN_KEYS = ['title', 'data', 'metric', 'where', 'items', 'each', 'better'];

export default {
  name: 'compare',
  summary: 'Variants side by side, each figure beside its difference to a baseline the reader can switch.',
  inner: true,
  params: {
    by: { default: 'server', doc: 'label naming each variant (a line of the table)' },
    baseline: { required: true, doc: 'the variant the others are set against' },
    caption: { doc: 'table caption' },
    data: { doc: 'document kind, for a single column without YAML inside' },
    metric: { doc: 'dotted path to the figure, for a single column' },
    where: { doc: 'label=value;label=value filter, for a single column' },
    items: { doc: 'dotted path to the list of items, for a single column' },
    each: { doc: 'dotted path to a list inside each item, for a single column' },
    title: { doc: 'column title, for a single column' },
    better: { doc: 'higher or lower: which direction is an improvement (colour; the direction of stat=best)', values: ['higher', 'lower', ''] },
    stat: { doc: 'how repeats combine: median (default), mean, min, max, best' },
  },
  build({ select, combine, report, title: labelTitle }, p) {
    const stat = checkStat(p.stat);
    const specs = columnSpecs(p);
    const variants = [];
    const columns = specs.map((spec, i) => {
      const title = spec.title || spec.metric;
      const rows = select({ data: spec.data, items: spec.items, each: spec.each, metric: spec.metric, labels: [p.by], where: spec.where });
      const units = [...new Set(rows.filter((r) => r.status === 'ok' || r.status === 'complete').map((r) => r.unit))];
      if (units.length > 1) throw mistake(`column ${i + 1} ("${title}") mixes units (${units.join(', ')}); a column holds one unit, split it or narrow it with where`);
      const cells = combine(rows, [p.by], { what: `column ${i + 1} ("${title}")`, stat, better: spec.better || p.better });
      for (const v of cells.keys()) if (!variants.includes(v)) variants.push(v);
      // A column without two runs of the noise reference gets no band: one run has no spread.
      const noise = bandOf(rows, report.meta.noise_reference, repeatLabels(report.meta));
      return { title, unit: units[0] ?? '', better: spec.better ?? '', cells, band: noise.band };
    });
    if (!variants.includes(p.baseline)) throw mistake(`baseline="${p.baseline}" is not one of the ${p.by} values: ${variants.join(', ')}`);
    return compareTable(columns, variants, { ...p, byTitle: labelTitle(p.by) }, report.meta.noise_reference);
  },
};

/** The columns: the YAML list inside the shortcode, or the one column its parameters describe. */
function columnSpecs(p) {
  if (p.inner && p.inner.trim()) {
    if (p.data) throw mistake('takes its columns either as data=… or as YAML inside, not both');
    let specs;
    try {
      specs = parseYaml(p.inner);
    } catch (error) {
      throw mistake(`the YAML inside is not valid: ${error.message.split('\n')[0]}`);
    }
    if (!Array.isArray(specs)) throw mistake('the YAML inside must be a list of columns like - { title: TPS, data: sysbench, metric: transactions.rate }');
    specs.forEach((spec, i) => {
      for (const k of Object.keys(spec ?? {})) if (!COLUMN_KEYS.includes(k)) throw mistake(`column ${i + 1} has no key "${k}"; a column takes ${COLUMN_KEYS.join(', ')}`);
      if (!spec?.data || !spec?.metric) throw mistake(`column ${i + 1} needs data and metric`);
    });
    return specs;
  }
  if (!p.data || !p.metric) throw mistake('needs data=… and metric=…, or a YAML list of columns inside');
  return [{ title: p.title, data: p.data, metric: p.metric, where: p.where, items: p.items, each: p.each, better: p.better }];
}

/** Every variant's difference to every other, so the reader's baseline switch only swaps text. */
function deltasOf(column, v, variants) {
  const row = column.cells.get(v);
  return Object.fromEntries(variants.map((b) => {
    if (b === v) return [b, { text: 'baseline', number: 0, note: '', verdict: 'baseline' }];
    const base = column.cells.get(b);
    const d = row && base ? difference(row, base, { band: column.band }) : null;
    return [b, d ? { text: d.text, number: d.number, note: d.note, verdict: d.verdict } : { text: '–', number: '', note: '', verdict: 'none' }];
  }));
}

/** A difference cell: the change, and in small print the verdict and its interval. */
function deltaCell(delta, deltas, column, isBaseline) {
  return {
    text: delta.note ? `${delta.text} (${delta.note})` : delta.text,
    html: `<span class="delta-value">${esc(delta.text)}</span> <span class="delta-note">${esc(delta.note)}</span>`,
    cls: `num delta${isBaseline ? ' is-baseline' : ''}`,
    attrs: { 'data-better': column.better, 'data-delta': String(delta.number), 'data-verdict': delta.verdict, 'data-deltas': JSON.stringify(deltas) },
  };
}

/** How to read the differences: said once above the table, only when something was combined or a band applies. */
function methodNote(columns, reference) {
  const repeats = columns.some((c) => [...c.cells.values()].some((r) => r.members));
  const band = columns.find((c) => c.band > 0);
  if (!repeats && !band) return '';
  const parts = [];
  if (repeats) parts.push('Repeated runs show their median, with the lowest–highest run, the coefficient of variation and the number of runs beside it. A difference is the ratio of medians, with a 95\u00a0% bootstrap interval when both sides have at least 5 runs and the range of every pairwise ratio when they have fewer.');
  parts.push(`It reads <em>within noise</em> when its interval includes no change${band ? ` or lies inside the spread of the noise reference (<code>${esc(reference)}</code>: ±${(band.band * 100).toFixed(1)}\u00a0% in “${esc(band.title)}”)` : ''}.`);
  return `<p class="compare-method">${parts.join(' ')}</p>`;
}

function compareTable(columns, variants, p, reference) {
  const id = `compare-${createHash('md5').update(JSON.stringify([variants, columns.map((c) => [c.title, [...c.cells.keys()]])])).digest('hex').slice(0, 8)}`;
  const head = [{
    cells: [th(p.byTitle), ...columns.map((c) => th(`${c.title}${c.unit ? ` (${c.unit})` : ''}`, { scope: 'colgroup', colspan: 2, cls: 'num', html: `${esc(c.title)}${c.unit ? unitSpan(c.unit) : ''}` }))],
  }];
  const body = variants.map((v) => ({
    cls: v === p.baseline ? 'is-baseline' : null,
    attrs: { 'data-variant': v },
    cells: [th(v), ...columns.flatMap((c) => {
      const deltas = deltasOf(c, v, variants);
      const shown = deltas[p.baseline];
      return [figCell(c.cells.get(v) ?? null, { amongRepeats: hasRepeats(c.cells) }), deltaCell(shown, deltas, c, v === p.baseline)];
    })],
  }));
  const picker = `<p class="baseline-picker" hidden><label>Compare with\n  <select>${variants.map((v) => `<option${v === p.baseline ? ' selected' : ''}>${esc(v)}</option>`).join('')}</select></label></p>`;
  return {
    tables: [{ caption: p.caption ?? '', cls: 'compare-table', id, label: p.caption || 'Comparison table', head, body }],
    wrap: `<div class="tps-compare"${attrs({ 'data-baseline': p.baseline })}>\n<p class="compare-note">Differences are relative to ${/^[\d.]+$/.test(p.baseline) ? `${esc(p.byTitle)} = ` : ''}<strong class="baseline-name">${esc(p.baseline)}</strong>.</p>\n${methodNote(columns, reference)}${picker}\n<!--table:0-->\n</div>`,
  };
}
