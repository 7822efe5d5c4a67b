// `histogram-percentiles`: latency percentiles worked out from a sysbench
// --histogram, each with the two bucket bounds it lies between, next to the
// percentile sysbench printed itself. The bucket latency links to the
// histogram line that printed it.
//   {{< histogram-percentiles by="threads" where="test=cpu" caption="…" >}}
import { byRun } from '../select.mjs';
import { th, figLink, figCell, ordinal } from '../html.mjs';
import { histogramPercentiles } from '../stats/stats.mjs';
import { mistake } from '../../problems/problem.mjs';

const DEFAULT_PS = '50,90,95,99,99.9';

export default {
  name: 'histogram-percentiles',
  summary: 'Latency percentiles from a sysbench --histogram with their bucket bounds, beside the percentile sysbench printed.',
  params: {
    by: { required: true, doc: 'label naming each run' },
    data: { default: 'sysbench', doc: 'document kind whose runs have histogram.buckets' },
    where: { doc: 'label=value;label=value filter' },
    percentiles: { default: DEFAULT_PS, doc: 'comma-separated percentiles to work out' },
    caption: { doc: 'table caption' },
  },
  build({ select, title }, p) {
    const ps = p.percentiles.split(',').map((s) => s.trim());
    if (ps.some((s) => !/^\d+(\.\d+)?$/.test(s) || Number(s) <= 0 || Number(s) >= 100)) throw mistake(`percentiles="${p.percentiles}": expected numbers between 0 and 100, e.g. ${DEFAULT_PS}`);
    const buckets = select({ data: p.data, each: 'histogram.buckets', metric: 'count', fields: { latency: 'value' }, labels: [p.by], where: p.where });
    const printed = select({ data: p.data, metric: 'latency.percentile.value', fields: { rank: 'latency.percentile.rank' }, labels: [p.by], where: p.where, optional: true });
    const unit = 'ms';
    const rank = printed.find((r) => r.rank)?.rank;
    const head = [{ cells: [th(title(p.by)), ...ps.map((x) => th(`p${x}`, { cls: 'num' })), th(rank ? `p${rank} as printed` : 'printed percentile', { cls: 'num', attrs: { title: rank ? `the ${ordinal(rank)} percentile as the tool printed it` : 'the percentile as the tool printed it' } })] }];
    const body = byRun(buckets).map((list) => {
      const got = histogramPercentiles(list.map((b) => ({ value: b.latency, count: b.value, row: b })), ps.map((x) => Number(x) / 100));
      const own = printed.find((r) => r.doc === list[0].doc && r.item === list[0].item) ?? null;
      return { cells: [th(String(list[0][p.by])), ...got.map((g) => bucketCell(g, list)), figCell(own)] };
    });
    return {
      tables: [{ caption: p.caption ? `${p.caption} (${unit})` : '', cls: 'histogram-percentiles', label: p.caption || 'Percentiles from the histogram', head, body }],
      wrap: '<!--table:0-->\n<p class="table-note">Each percentile is the first histogram bucket whose running count reaches that share of all events; the latency lies between the bucket before it and this bucket, shown under the figure. sysbench prints its histogram latencies with three decimals.</p>',
    };
  },
};

/** The bucket a percentile falls in, linked to its histogram line, with the bounds it lies between. */
function bucketCell(g, list) {
  const row = list.find((b) => b.latency === g.upper);
  const text = g.upper.toFixed(3);
  const link = figLink({ ...row, value: g.upper, text }, {});
  return { text: `${text} (${g.lower.toFixed(3)}–${text})`, html: `${link} <span class="spread">${g.lower.toFixed(3)}–${text}</span>`, cls: 'num' };
}
