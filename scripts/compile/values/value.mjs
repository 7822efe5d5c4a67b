// `value`: one figure inside a sentence, read from the raw data instead of retyped.
//   {{< value data="sysbench" metric="transactions.rate" where="server=MySQL 5.5.9;workload=read/write" >}}
// The filter must match exactly one run, or repeats of one configuration:
// those print their median (or `stat`) with the spread beside it.

import { figLink, UNIT_PARAM, unitShown } from '../html.mjs';
import { checkStat } from '../stats/repeats.mjs';
import { Problem, mistake } from '../../problems/problem.mjs';

export default {
  name: 'value',
  // Placed inside a sentence: a note about incomplete output is printed inline.
  inline: true,
  summary: 'One figure inside a sentence; the filter must match one run or the repeats of one configuration.',
  params: {
    data: { required: true, doc: 'document kind, e.g. sysbench' },
    metric: { required: true, doc: 'dotted path to the figure, e.g. transactions.rate; a list entry by position or by name, e.g. variables.innodb_buffer_pool_size.value' },
    where: { required: true, doc: 'label=value;label=value filter that matches one run, or the repeats of one configuration' },
    items: { doc: 'dotted path to the list of items (default: the kind\'s runs)' },
    each: { doc: 'dotted path to a list inside each item' },
    ...UNIT_PARAM,
    stat: { doc: 'how repeats combine: median (default), mean, min, max, best' },
    better: { doc: 'higher or lower: which direction `best` takes', values: ['higher', 'lower', ''] },
  },
  build({ select, combine }, p) {
    const rows = select({ data: p.data, metric: p.metric, where: p.where, items: p.items, each: p.each });
    const row = oneFigure(rows, p, combine);
    return { html: figLink(row, { cls: 'inline-fig', unit: unitShown(p, row) }) };
  },
};

/** The one figure a filter names: a single run, or the repeats of one configuration combined. */
export function oneFigure(rows, p, combine) {
  try {
    return [...combine(rows, [], { what: `where="${p.where}"`, stat: checkStat(p.stat), better: p.better }).values()][0];
  } catch (error) {
    if (!(error instanceof Problem) || !error.differ) throw error;
    const list = rows.slice(0, 4).map((r) => `${r.source}:${r.line}`).join(', ');
    throw mistake(`where="${p.where}" matches ${rows.length} figures (${list}${rows.length > 4 ? ', …' : ''}) that differ in ${error.differ.map((k) => `"${k}"`).join(', ')}; it must match exactly one, or repeats of one configuration`);
  }
}
