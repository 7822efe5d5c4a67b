// `table`: one figure per run, pivoted by one or two labels; repeats of a
// configuration show their median (or `stat`) with the spread beside it.
//   {{< table data="sysbench" metric="transactions.rate" rows="server" columns="workload" caption="…" >}}
import { distinct } from '../select.mjs';
import { checkStat } from '../stats/repeats.mjs';
import { figCell, hasRepeats, th, esc, unitSpan } from '../html.mjs';

export default {
  name: 'table',
  summary: 'One figure per run, pivoted: a line per value of `rows`, a column per value of `columns`.',
  params: {
    data: { required: true, doc: 'document kind, e.g. sysbench' },
    metric: { required: true, doc: 'dotted path to the figure, e.g. transactions.rate' },
    rows: { required: true, doc: 'label naming each line' },
    columns: { doc: 'label naming each column (default: one column of values)' },
    where: { doc: 'label=value;label=value filter' },
    caption: { doc: 'table caption' },
    stat: { doc: 'how repeats combine: median (default), mean, min, max, best' },
    better: { doc: 'higher or lower: which direction `best` takes', values: ['higher', 'lower', ''] },
  },
  build({ select, combine, title }, p) {
    const labels = [p.rows, p.columns].filter(Boolean);
    const rows = select({ data: p.data, metric: p.metric, labels, where: p.where });
    const cells = combine(rows, labels, { what: 'table', stat: checkStat(p.stat), better: p.better });
    const lineKeys = distinct(rows, p.rows);
    const colKeys = p.columns ? distinct(rows, p.columns) : [null];
    const unit = rows[0].unit;
    const amongRepeats = hasRepeats(cells);
    const head = [{ cells: [th(title(p.rows)), ...colKeys.map((c) => th(c ?? 'Value', { cls: 'num' }))] }];
    const body = lineKeys.map((l) => ({
      cells: [th(l), ...colKeys.map((c) => figCell(cells.get(c === null ? l : `${l}\u0000${c}`) ?? null, { amongRepeats }))],
    }));
    const caption = p.caption ?? '';
    return {
      tables: [{
        caption: caption && unit ? `${caption} (${unit})` : caption,
        captionHtml: caption ? `${esc(caption)}${unit ? unitSpan(unit) : ''}` : '',
        label: p.caption || 'Results table',
        head,
        body,
      }],
    };
  },
};
