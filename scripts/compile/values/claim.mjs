// `claim`: a sentence's comparison, checked against the data at build time.
// It names two figures (two filters over one metric) and the relation the
// prose states, prints the figure the sentence needs, and stops the build
// with the page's file and line when the data says otherwise, or when a
// "higher"/"lower" difference is within noise.
//   Two cores managed {{< claim data="sysbench" metric="transactions.rate"
//       a="cores=2;threads=2" b="cores=1;threads=1" where="ahi=ON" relation="higher" >}}
//   than one.
// relation: higher, lower, about (equal within noise) or at-least with
// percent="N" (a is at least N % above b over its whole interval, and not
// within noise; percent="-N": at least N % below). Repeats of a configuration
// combine as everywhere else (their median unless stat= says); two repeats
// of one configuration are no comparison.
// show: difference (default: "17.2 % higher"), percent ("17.2 %"), a, b, or both
// ("413.61 vs 352.80").

import { figLink, esc, attrs, UNIT_PARAM, unitShown } from '../html.mjs';
import { checkStat, repeatLabels, configurationOf } from '../stats/repeats.mjs';
import { difference, bandOf, ratioText } from '../stats/difference.mjs';
import { oneFigure } from './value.mjs';
import { mistake } from '../../problems/problem.mjs';

const RELATIONS = ['higher', 'lower', 'about', 'at-least'];

export default {
  name: 'claim',
  // Placed inside a sentence: a note about incomplete output is printed inline.
  inline: true,
  summary: 'A comparison stated in prose, checked against the data; the build stops when the data contradicts it.',
  params: {
    data: { required: true, doc: 'document kind, e.g. sysbench' },
    metric: { required: true, doc: 'dotted path to the figure, e.g. transactions.rate' },
    a: { required: true, doc: 'label=value;… filter for the figure the sentence is about' },
    b: { required: true, doc: 'label=value;… filter for the figure it is compared with' },
    where: { doc: 'label=value;… filter both share' },
    relation: { required: true, doc: 'higher, lower, about (equal within noise) or at-least', values: RELATIONS },
    percent: { doc: 'for relation="at-least": the smallest difference the sentence claims, in per cent (negative: a below b)' },
    show: { doc: 'what to print: difference (default, "N % higher"), percent ("N %"), a, b or both', values: ['difference', 'percent', 'a', 'b', 'both', ''] },
    stat: { doc: 'how repeats combine: median (default), mean, min, max, best' },
    items: { doc: 'dotted path to the list of items' },
    each: { doc: 'dotted path to a list inside each item' },
    ...UNIT_PARAM,
  },
  build({ select, combine, report }, p) {
    if (p.relation === 'at-least' && !/^-?\d+(\.\d+)?$/.test(p.percent ?? '')) throw mistake(`relation="at-least" needs percent="N", the smallest difference the sentence claims in per cent (a number: 20, or -50 for a below b)${p.percent ? `, not percent="${p.percent}"` : ''}`);
    if (p.relation !== 'at-least' && p.percent) throw mistake(`percent="${p.percent}" is the threshold of relation="at-least"; relation="${p.relation}" takes none`);
    const stat = checkStat(p.stat);
    const figure = (side) => {
      const where = [p.where, p[side]].filter(Boolean).join(';');
      return oneFigure(select({ data: p.data, metric: p.metric, where, items: p.items, each: p.each }), { where, stat }, combine);
    };
    const [a, b] = [figure('a'), figure('b')];
    sameConfiguration(a, b, p, repeatLabels(report.meta));
    const reference = report.meta.noise_reference;
    const { band, n } = reference ? bandOf(select({ data: p.data, metric: p.metric, where: p.where, items: p.items, each: p.each }), reference, repeatLabels(report.meta)) : { band: 0, n: 0 };
    if (reference && !n) throw mistake(`noise_reference "${reference}" matches no run of ${p.data} ${p.metric}${p.where ? ` where="${p.where}"` : ''}, so the claim has no noise band to be judged against; narrow the reference or widen where`);
    const d = difference(a, b, { band });
    if (!d) throw mistake(`a="${p.a}" or b="${p.b}" has no figure to compare (the run failed or printed none)`);
    const wrong = contradiction(d, p);
    if (wrong) throw mistake(`the data does not support relation="${p.relation}"${p.percent ? ` percent="${p.percent}"` : ''}: ${describe(a, b, d, p)}; ${wrong}`);
    return { html: claimHtml(a, b, d, p) };
  },
};

/**
 * Two repeats of one configuration (a="repeat=1" b="repeat=2") differ by
 * noise alone; a claim that one is higher would prove nothing.
 */
function sameConfiguration(a, b, p, repeat) {
  const [ca, cb] = [a, b].map((row) => configurationOf(row, repeat));
  const keys = [...new Set([...Object.keys(ca), ...Object.keys(cb)])];
  if (keys.every((k) => String(ca[k]) === String(cb[k]))) {
    throw mistake(`a="${p.a}" and b="${p.b}" are runs of one configuration (they differ only in ${repeat.map((k) => `"${k}"`).join(' or ')}): their difference is noise; compare two configurations, or show the spread of these repeats`);
  }
}

/** Why the data contradicts the relation, or null when it supports it. */
function contradiction(d, p) {
  const change = (d.ratio - 1) * 100;
  if (p.relation === 'about') return d.verdict === 'within-noise' ? null : d.verdict === 'single' ? 'single runs cannot show two figures are equal; repeat the runs or declare a noise_reference' : 'the difference is larger than the noise';
  if (d.verdict === 'within-noise') return 'that difference is within noise; say "about" or measure more repeats';
  if (p.relation === 'higher' && change <= 0) return `a is not higher than b`;
  if (p.relation === 'lower' && change >= 0) return `a is not lower than b`;
  if (p.relation === 'at-least') return shortOf(d, Number(p.percent));
  return null;
}

/** Why a difference falls short of at least `percent` % (negative: below), judged on the whole interval; null when it does not. */
function shortOf(d, percent) {
  const above = percent >= 0;
  const worst = ((above ? d.interval.lo : d.interval.hi) - 1) * 100;
  const size = `${Math.abs(percent)} % ${above ? 'above' : 'below'} b`;
  if (above ? (d.ratio - 1) * 100 < percent : (d.ratio - 1) * 100 > percent) return `a is not ${size}`;
  if (above ? worst < percent : worst > percent) return `the interval reaches ${ratioText(above ? d.interval.lo : d.interval.hi)}, so a is not surely ${size}; measure more repeats or claim less`;
  return null;
}

function describe(a, b, d, p) {
  return `a="${p.a}" is ${a.text} and b="${p.b}" is ${b.text} (${a.source}:${a.line}, ${b.source}:${b.line}), a difference of ${d.text}${d.note ? ` (${d.note})` : ''}`;
}

/** The words the sentence prints, with the verdict in small print when a reader needs it. */
function phrase(d, p, show) {
  const size = `${Math.abs(d.number).toFixed(1)}\u00a0%`;
  if (show === 'percent') return size;
  if (p.relation === 'about') return 'about the same';
  return `${size} ${d.ratio >= 1 ? 'higher' : 'lower'}`;
}

function claimHtml(a, b, d, p) {
  const show = p.show || 'difference';
  let body;
  const figure = (row) => figLink(row, { cls: 'inline-fig', unit: unitShown(p, row) });
  if (show === 'a') body = figure(a);
  else if (show === 'b') body = figure(b);
  else if (show === 'both') body = `${figure(a)} vs ${figure(b)}`;
  else body = `<span class="claim-figure">${esc(phrase(d, p, show))}</span>`;
  const threshold = p.relation === 'at-least' ? `at least ${Math.abs(Number(p.percent))}\u00a0% ${Number(p.percent) >= 0 ? 'higher' : 'lower'}` : '';
  // "about the same (−0.5 %; within noise; …)": the difference leads the small print, in one pair of brackets.
  const lead = p.relation === 'about' && show === 'difference' ? d.text : '';
  const small = [lead, threshold, d.note].filter(Boolean).join('; ');
  const note = d.verdict === 'single' || (['difference', 'percent'].includes(show) && small) ? ` <span class="claim-note">(${esc(small)})</span>` : '';
  return `<span${attrs({
    class: 'tps-claim',
    'data-relation': p.relation,
    'data-verdict': d.verdict,
    'data-ratio': String(d.ratio),
    title: `checked at build time: ${a.text} (${a.source}:${a.line}) against ${b.text} (${b.source}:${b.line}), ${d.text}`,
  })}>${body}${note}</span>`;
}
