// `dbt2-table`: DBT-2's per-transaction table, one table per variant, as the
// tool lays it out: transaction, mix %, average and 90th percentile response
// time, total, rollbacks, rollback %; NOTPM, duration and ramp-up below.
//   {{< dbt2-table by="server" where="…" caption="…" >}}
import { uniqueBy } from '../select.mjs';
import { figCell, figLink, figText, th, esc, unitSpan } from '../html.mjs';

const METRICS = ['mix', 'response_time_average', 'response_time_p90', 'total', 'rollbacks', 'rollback_percent'];
const FOOTER = [['notpm', 'NOTPM (new-order transactions per minute)'], ['duration', 'duration'], ['ramp_up', 'ramp-up']];

export default {
  name: 'dbt2-table',
  summary: "DBT-2's per-transaction table for each run, with NOTPM, duration and ramp-up below.",
  params: {
    by: { default: 'server', doc: 'label naming each DBT-2 report (one table per value)' },
    where: { doc: 'label=value;label=value filter' },
    caption: { doc: 'a line above the tables' },
  },
  build({ select }, p) {
    const reports = select({ data: 'dbt2', items: 'reports', metric: 'lines.first', labels: [p.by], where: p.where });
    const variants = [...uniqueBy(reports, [p.by], 'dbt2-table').keys()];
    const byMetric = Object.fromEntries(METRICS.map((m) => [m, select({ data: 'dbt2', items: 'reports', each: 'transactions', metric: m, fields: { name: 'name' }, labels: [p.by], where: p.where })]));
    const footers = FOOTER.map(([path, title]) => ({ title, cells: footerCells(select, p, path) }));
    const rtUnit = byMetric.response_time_average[0]?.unit ?? '';
    const tables = variants.map((v) => variantTable(v, p.by, byMetric, footers, rtUnit));
    const caption = p.caption ? `<p class="tables-caption">${esc(p.caption)}</p>` : '';
    return { tables, wrap: `<div class="tps-dbt2">${caption}${tables.map((_, i) => `<!--table:${i}-->`).join('\n')}</div>` };
  },
};

/** A footer figure per variant, from the reports that printed it. */
function footerCells(select, p, path) {
  const rows = select({ data: 'dbt2', items: 'reports', metric: path, labels: [p.by], where: p.where, optional: true });
  return new Map(rows.map((r) => [String(r[p.by]), r]));
}

function variantTable(v, by, byMetric, footers, rtUnit) {
  const mine = (m) => byMetric[m].filter((r) => String(r[by]) === v);
  const names = mine('mix').map((r) => r.name);
  const head = [
    { cells: [th('Transaction', { rowspan: 2 }), th('Mix (%)', { rowspan: 2, cls: 'num', html: `Mix${unitSpan('%')}` }),
      th(`Response time (${rtUnit})`, { scope: 'colgroup', colspan: 2, cls: 'num', html: `Response time${unitSpan(rtUnit)}` }),
      th('Total', { rowspan: 2, cls: 'num' }), th('Rollbacks', { rowspan: 2, cls: 'num' }), th('Rollbacks (%)', { rowspan: 2, cls: 'num', html: `Rollbacks${unitSpan('%')}` })] },
    { cells: [th('average', { cls: 'num' }), th('90th percentile', { cls: 'num' })] },
  ];
  const body = names.map((name) => ({
    cells: [th(name), ...METRICS.map((m) => figCell(mine(m).find((r) => r.name === name) ?? null))],
  }));
  const items = footers.map((f) => ({ f, row: f.cells.get(v) })).filter((x) => x.row);
  const foot = [{ cells: [{ colspan: 7, text: items.map(({ f, row }) => `${f.title} ${figText(row, { unit: row.unit })}`).join('; '), html: items.map(({ f, row }) => `<span class="dbt2-footer-item">${esc(f.title)} ${figLink(row, { unit: row.unit })}</span>`).join(' ') }] }];
  // A number says nothing on its own ("1"): it is named by its label ("report 1").
  const name = /^\d+$/.test(v) ? `${by} ${v}` : v;
  return { caption: name, cls: 'dbt2-table', label: `DBT-2 results, ${name}`, head, body, foot };
}
