// `latency-table`: latency of each run: min, avg, the percentile the run asked for, max.
//   {{< latency-table rows="server,workload" where="…" caption="…" >}}
// `rows` names one or two labels; with two, runs are grouped under the first.
// `data` defaults to sysbench (any kind whose runs have latency.min/avg/max).
import { uniqueBy } from '../select.mjs';
import { figCell, th, ordinal, unitSpan, esc } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';

const COLUMNS = [['min', 'latency.min'], ['avg', 'latency.avg'], ['pct', 'latency.percentile.value'], ['max', 'latency.max']];

export default {
  name: 'latency-table',
  summary: 'Latency of each run: min, avg, the percentile the run asked for, max.',
  params: {
    rows: { required: true, doc: 'one or two labels naming each line ("server,workload")' },
    data: { default: 'sysbench', doc: 'document kind whose runs have latency.min/avg/max' },
    where: { doc: 'label=value;label=value filter' },
    caption: { doc: 'table caption' },
  },
  build({ select, title }, p) {
    const labels = p.rows.split(',').map((l) => l.trim()).filter(Boolean);
    if (labels.length > 2) throw mistake(`rows="${p.rows}": name one or two labels`);
    const byColumn = Object.fromEntries(COLUMNS.map(([key, metric]) => [key, select({ data: p.data, metric, fields: { rank: 'latency.percentile.rank' }, labels, where: p.where })]));
    uniqueBy(byColumn.min, labels, 'latency-table');
    const ranks = [...new Set(byColumn.pct.map((r) => r.rank).filter((r) => r !== null && r !== undefined))];
    const units = [...new Set(Object.values(byColumn).flat().filter((r) => r.status === 'ok').map((r) => r.unit))];
    if (units.length > 1) throw mistake(`the runs print latency in different units (${units.join(', ')}); narrow them with where="…"`);
    const pctTitle = ranks.length === 1 ? `${ordinal(ranks[0])} percentile` : ranks.length ? 'percentile' : `${ordinal(95)} percentile`;
    const head = [{ cells: [...labels.map((l) => th(title(l))), ...['min', 'avg', pctTitle, 'max'].map((t) => th(t, { cls: 'num' }))] }];
    const body = groupedLines(byColumn, labels, ranks.length > 1);
    const caption = p.caption ?? '';
    return {
      tables: [{
        caption: caption && units[0] ? `${caption} (${units[0]})` : caption,
        captionHtml: caption ? `${esc(caption)}${units[0] ? unitSpan(units[0]) : ''}` : '',
        cls: 'latency-table',
        label: p.caption || 'Latency table',
        head,
        body,
      }],
    };
  },
};

/** Lines in source order, grouped under the first label with a row-spanning heading when there are two. */
function groupedLines(byColumn, labels, perRunRank) {
  const [first, second] = labels;
  const groups = [...new Set(byColumn.min.map((r) => String(r[first])))];
  const body = [];
  for (const g of groups) {
    const indexes = byColumn.min.map((r, i) => [r, i]).filter(([r]) => String(r[first]) === g).map(([, i]) => i);
    indexes.forEach((i, n) => {
      const cells = [];
      if (n === 0) cells.push(th(g, { scope: 'rowgroup', rowspan: indexes.length }));
      if (second) cells.push(th(String(byColumn.min[i][second])));
      for (const [key] of COLUMNS) {
        const row = byColumn[key][i];
        const note = perRunRank && key === 'pct' && row ? ` <span class="unit">(p${esc(row.rank)})</span>` : '';
        cells.push(figCell(row, { after: note }));
      }
      body.push({ cls: n === 0 && second ? 'group-start' : null, cells });
    });
  }
  return body;
}
