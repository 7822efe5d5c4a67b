// `value`: one figure inside a sentence, read from the raw data instead of retyped.
//   {{< value data="sysbench" metric="transactions.rate" where="server=MySQL 5.5.9;workload=read/write" >}}
// The filter must match exactly one run.
import { AuthorError } from '../select.mjs';
import { figLink } from '../html.mjs';

export default {
  name: 'value',
  summary: 'One figure inside a sentence; the filter must match exactly one run.',
  params: {
    data: { required: true, doc: 'document kind, e.g. sysbench' },
    metric: { required: true, doc: 'dotted path to the figure, e.g. transactions.rate' },
    where: { required: true, doc: 'label=value;label=value filter that matches one run' },
    items: { doc: 'dotted path to the list of items (default: the kind\'s runs)' },
    each: { doc: 'dotted path to a list inside each item' },
    unit: { doc: 'any non-empty value prints the figure\'s unit after it' },
  },
  build({ select }, p) {
    const rows = select({ data: p.data, metric: p.metric, where: p.where, items: p.items, each: p.each });
    if (rows.length !== 1) {
      const list = rows.slice(0, 4).map((r) => `${r.source}:${r.line}`).join(', ');
      throw new AuthorError(`where="${p.where}" matches ${rows.length} figures (${list}${rows.length > 4 ? ', …' : ''}); it must match exactly one`);
    }
    const [row] = rows;
    return { html: figLink(row, { cls: 'inline-fig', unit: p.unit ? row.unit : '' }) };
  },
};
