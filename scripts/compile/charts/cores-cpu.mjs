// The `cores-cpu` chart kind: the parameters its shortcode takes, with their
// docs, the per-CPU samples it reads beside the throughput figures, their
// table, and the Vega-Lite spec it draws both panels with.
import { shared, required } from './params.mjs';
import { formats } from '../../parse/formats.mjs';
import { LAYOUTS, plotWidth, PLOT_HEIGHT, titleWithUnit, figureFormat, orderOf, datum, uniqueFields, tooltip, levelTitle, log2Axis, frame, seriesLayers, yValue, numericLabel } from './common.mjs';

/**
 * Where the CPU samples are read, unless cpu-data and cpu-each say otherwise:
 * documents of the format that declares its per-CPU samples (their list, and
 * each sample's CPU, %idle and %iowait).
 */
const CPU = formats.find((f) => f.cpuSamples);
const CPU_SAMPLES = { data: CPU.name, ...CPU.cpuSamples };

export const name = 'cores-cpu';
export const summary = `Throughput by cores and the CPU busy share of the allowed cores (${CPU.name})`;

/** What `{{< chart kind="cores-cpu" … >}}` takes beyond the parameters every chart takes. */
export const params = {
  metric: required(shared.metric),
  x: required(shared.x),
  color: shared.color,
  'x-title': shared['x-title'],
  'color-title': shared['color-title'],
  cpus: { doc: 'label holding the pinned CPUs (default cpus)' },
  'cpu-data': { doc: `kind of the CPU samples (default ${CPU.name})` },
  'cpu-each': { doc: 'list of CPU samples (default samples)' },
  'cpu-title': { doc: 'CPU panel title' },
};

/** x names a numeric label of each run (the cores it may use). */
export const xIsLabel = true;

/** The label holding each run's pinned CPUs is plotted: the CPU panel keeps those CPUs' samples. */
export const columns = (params) => ({ plotted: [params.cpus || 'cpus'] });

/** The throughput figures, then the per-CPU samples of the same runs, each row tagged with its panel. */
export function shape(rows, { params, labels, ctx }) {
  const cpus = params.cpus || 'cpus';
  const samples = ctx.select({
    data: params['cpu-data'] || CPU_SAMPLES.data, each: params['cpu-each'] || CPU_SAMPLES.each, metric: CPU_SAMPLES.idle,
    fields: { cpu: CPU_SAMPLES.cpu, iowait: CPU_SAMPLES.iowait }, labels: [...labels, cpus], where: params.where,
  });
  return {
    rows: [...rows.map((r) => ({ ...r, panel: 'throughput' })), ...samples.map((r) => ({ ...r, panel: 'cpu' }))],
    options: { cpus: { field: cpus }, ...(params['cpu-title'] ? { cpuTitle: params['cpu-title'] } : {}) },
  };
}

/** The chart's own figures, the throughput: the CPU samples are another quantity, in another unit. */
export const figures = (rows) => rows.filter((r) => r.panel === 'throughput');

/**
 * The rows the spec carries, which the chart's CSV lists too: the throughput
 * panel's, then the CPU panel's, x as a number in both.
 */
export function data(rows, { x }) {
  const asNumber = (r) => ({ ...r, [x.field]: Number(r[x.field]) });
  return [...figures(rows).map(asNumber), ...rows.filter((r) => r.panel === 'cpu').map(asNumber)];
}

/**
 * Expression true when a per-CPU row belongs to the CPUs the run was allowed
 * to use. The CPU list is the author's label in taskset syntax ("0", "0-1",
 * "0,2-3"); it is expanded here into plain comparisons so the spec shows
 * exactly which rows were kept.
 */
export function cpusInUseFilter(rows, cpusField) {
  const lists = orderOf(rows, cpusField).filter((l) => l !== undefined && l !== null);
  const clauses = lists.map((list) => {
    const cpus = expandCpuList(String(list));
    return `(${datum(cpusField)} === ${JSON.stringify(list)} && indexof(${JSON.stringify(cpus)}, datum.cpu) >= 0)`;
  });
  return clauses.length ? clauses.join(' || ') : 'false';
}

/** "0,2-3" → ["0", "2", "3"]: taskset / cpuset list syntax. */
export function expandCpuList(list) {
  const out = [];
  for (const part of list.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`CPU list "${list}": "${part}" is not a CPU number or range like 0-3`);
    const [lo, hi] = [Number(m[1]), Number(m[2] ?? m[1])];
    for (let c = lo; c <= hi; c += 1) out.push(String(c));
  }
  return out;
}

/**
 * The mpstat samples the CPU panel draws from, as a table beside the chart's
 * figures (render/describe.mjs tableParts): the figures' `labels` columns,
 * then the CPUs a run was allowed, each CPU and its %idle and %iowait.
 */
export function samples(rows, options, labels) {
  const samples = rows.filter((r) => r.panel === 'cpu');
  const when = samples.some((r) => r.t !== undefined) ? [{ field: 't', title: 'time (s)' }] : [];
  const columns = [...labels, { field: options.cpus?.field ?? 'cpus', title: 'CPUs allowed' }, ...when, { field: 'cpu', title: 'CPU' }, { field: 'text', title: '%idle' }, { field: 'iowait', title: '%iowait' }];
  return { caption: `the mpstat samples of ${options.cpuTitle ?? 'the CPU panel'} (busy = 100 − %idle − %iowait, on the CPUs each run was allowed)`, columns, rows: samples };
}

/**
 * Throughput by number of cores for each variant, and below it the CPU busy
 * share of the cores the run was allowed to use (100 % = every allowed core
 * busy for the whole run). Rows carry `panel`: "throughput" rows are one
 * figure per run; "cpu" rows are mpstat per-CPU samples (value = %idle, plus
 * `cpu` and `iowait`). The spec keeps the allowed CPUs, computes busy =
 * 100 − %idle − %iowait per sample and averages it per run.
 */
export function spec(rows, options, layout = LAYOUTS.column) {
  const { x } = options;
  const cpusField = options.cpus?.field ?? 'cpus';
  const values = data(rows, options);
  const throughput = figures(values);
  const cpu = values.filter((r) => r.panel === 'cpu');
  const xEncoding = { field: x.field, type: 'quantitative', title: titleWithUnit(x.title ?? x.field, x.unit), ...log2Axis(values, x.field, layout) };
  const groupby = uniqueFields([x, options.color]).map((f) => f.field).concat([cpusField, 'source']);
  const busyTitle = options.cpuTitle ?? 'CPU busy, share of the cores in use';
  const top = {
    data: { values: throughput },
    transform: [numericLabel(x.field)],
    width: plotWidth(layout), height: PLOT_HEIGHT * 0.8,
    ...seriesLayers(throughput, options, {
      xEncoding, yEncoding: yValue(options, {}, layout), tooltipFields: tooltip(options, { format: figureFormat(throughput, options.y.unit) }),
    }, layout),
  };
  const bottom = {
    data: { values: cpu },
    transform: [
      numericLabel(x.field),
      { filter: cpusInUseFilter(cpu, cpusField) },
      { calculate: 'isValid(datum.value) ? 100 - datum.value - (isValid(datum.iowait) ? datum.iowait : 0) : null', as: 'busy' },
      { aggregate: [{ op: 'mean', field: 'busy', as: 'value' }, { op: 'count', as: 'samples' }, { op: 'min', field: 'line', as: 'first' }, { op: 'max', field: 'line', as: 'last' }], groupby },
      { calculate: "datum.first + '–' + datum.last", as: 'line' },
    ],
    width: plotWidth(layout), height: PLOT_HEIGHT * 0.8,
    ...seriesLayers(cpu, options, {
      xEncoding,
      yEncoding: { field: 'value', type: 'quantitative', title: titleWithUnit(busyTitle, 'percent'), scale: { domain: [0, 100], nice: false }, axis: levelTitle({ values: [0, 25, 50, 75, 100], format: 'd' }, layout) },
      tooltipFields: [
        ...tooltip(options, { valueTitle: titleWithUnit(busyTitle, 'percent'), format: '.1f', labels: [{ field: cpusField, title: 'CPUs in use' }] })
          .map((t) => (t.field === 'line' ? { ...t, title: 'lines' } : t)),
        { field: 'samples', type: 'quantitative', title: 'per-CPU samples averaged' },
      ],
    }, layout),
  };
  return frame(options, { vconcat: [top, bottom], spacing: 24, resolve: { scale: { color: 'shared', shape: 'shared', strokeDash: 'shared' } } }, layout);
}
