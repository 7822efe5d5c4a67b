// `sysbench-summary`: everything sysbench printed in its summary, one column per variant.
//   {{< sysbench-summary by="server" where="workload=read/write" caption="…" >}}
// Lines: queries read/write/other/total, transactions and their rate, queries,
// read/write requests and other operations with rates where printed,
// deadlocks, ignored errors, reconnects, total time, events, latency min, avg,
// max and the percentile the run asked for, and the report a Lua script's
// cumulative hook printed instead. A line shows only when some run printed
// it; a run that did not print it shows a dash.
import { uniqueBy } from '../select.mjs';
import { figCell, th, ordinal, unitSpan, esc } from '../html.mjs';

/** [path, line heading, group heading] in the order sysbench prints them. */
const SUMMARY_LINES = [
  ['queries.read', 'read', 'Queries performed'],
  ['queries.write', 'write', 'Queries performed'],
  ['queries.other', 'other', 'Queries performed'],
  ['queries.total', 'total', 'Queries performed'],
  ['transactions.count', 'transactions', 'Throughput'],
  ['transactions.rate', 'transactions per second', 'Throughput'],
  ['queries_rate.count', 'queries', 'Throughput'],
  ['queries_rate.rate', 'queries per second', 'Throughput'],
  ['read_write_requests.count', 'read/write requests', 'Throughput'],
  ['read_write_requests.rate', 'read/write requests per second', 'Throughput'],
  ['other_operations.count', 'other operations', 'Throughput'],
  ['other_operations.rate', 'other operations per second', 'Throughput'],
  ['deadlocks.count', 'deadlocks', 'Errors'],
  ['ignored_errors.count', 'ignored errors', 'Errors'],
  ['reconnects.count', 'reconnects', 'Errors'],
  ['general.total_time', 'total time', 'Execution'],
  ['general.events', 'total number of events', 'Execution'],
  ['latency.min', 'min', 'Latency'],
  ['latency.avg', 'avg', 'Latency'],
  ['latency.max', 'max', 'Latency'],
  ['latency.percentile.value', 'percentile', 'Latency'],
  // A Lua script's report_cumulative hook (sysbench.report_json / report_csv) prints these instead.
  ['cumulative.t', 'time', 'Cumulative report (Lua hook)'],
  ['cumulative.tps', 'transactions', 'Cumulative report (Lua hook)'],
  ['cumulative.qps', 'queries', 'Cumulative report (Lua hook)'],
  ['cumulative.reads', 'reads', 'Cumulative report (Lua hook)'],
  ['cumulative.writes', 'writes', 'Cumulative report (Lua hook)'],
  ['cumulative.other', 'other queries', 'Cumulative report (Lua hook)'],
  ['cumulative.latency', 'latency at --percentile', 'Cumulative report (Lua hook)'],
  ['cumulative.errors', 'errors', 'Cumulative report (Lua hook)'],
  ['cumulative.reconnects', 'reconnects', 'Cumulative report (Lua hook)'],
];

export default {
  name: 'sysbench-summary',
  summary: 'Everything sysbench printed at the end of each run, one column per variant.',
  params: {
    by: { default: 'server', doc: 'label naming each column (a variant)' },
    where: { doc: 'label=value;label=value filter' },
    caption: { doc: 'table caption' },
  },
  build({ select, title }, p) {
    const runs = select({ data: 'sysbench', metric: 'status', labels: [p.by], where: p.where });
    const variants = [...uniqueBy(runs, [p.by], 'sysbench-summary').keys()];
    const lines = SUMMARY_LINES.map(([path, title, group]) => {
      const rows = select({ data: 'sysbench', metric: path, fields: { rank: 'latency.percentile.rank' }, labels: [p.by], where: p.where, optional: true });
      return rows.length ? summaryLine(rows, p.by, path, title, group) : null;
    }).filter(Boolean);
    const head = [{ cells: [th(title(p.by)), ...variants.map((v) => th(v, { cls: 'num' }))] }];
    const body = [];
    let group = '';
    for (const line of lines) {
      if (line.group !== group) {
        group = line.group;
        body.push({ cls: 'group', cells: [th(group, { scope: 'colgroup', colspan: variants.length + 1 })] });
      }
      const unitShown = line.unit && line.unit !== 'count';
      body.push({
        cells: [
          th(`${line.title}${unitShown ? ` (${line.unit})` : ''}`, { html: `${esc(line.title)}${unitShown ? unitSpan(line.unit) : ''}` }),
          ...variants.map((v) => {
            const row = line.cells.get(v) ?? null;
            return figCell(row, { unit: row && row.unit !== line.unit ? row.unit : '' });
          }),
        ],
      });
    }
    return { tables: [{ caption: p.caption ?? '', cls: 'sysbench-summary', label: p.caption || 'Results table', head, body }] };
  },
};

/** One line of the summary: the figure of each variant that printed it. */
function summaryLine(rows, by, path, title, group) {
  const ranks = [...new Set(rows.map((r) => r.rank).filter((r) => r !== null && r !== undefined))];
  const heading = path === 'latency.percentile.value' ? (ranks.length === 1 ? `${ordinal(ranks[0])} percentile` : 'percentile (rank per run)') : title;
  return { title: heading, group, unit: rows[0].unit, cells: new Map(rows.map((r) => [String(r[by]), r])) };
}
