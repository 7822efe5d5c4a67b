// Words for a chart: the alt text and the accessible description generated
// from the same rows the chart draws, so a screen reader hears the figures a
// sighted reader sees ("… highest: MySQL 5.1.49sp1 InnoDB plugin, read/write,
// 112.32 tx/s"). Pure; used by the compile step's chart views.
import { countText } from '../../lib/text.mjs';
import { chartKinds } from './index.mjs';
import { titleWithUnit } from './common.mjs';

function labelOf(row, options) {
  const fields = [options.x, options.color, options.facet].filter((f) => f && f.field && f.field !== 'value');
  const seen = new Set();
  return fields
    .filter((f) => !seen.has(f.field) && seen.add(f.field))
    // A bare number says nothing without its name ("2" → "threads 2"); a word names itself.
    .map((f) => (/^-?[\d.]+$/.test(String(row[f.field])) ? `${f.title ?? f.field} ${row[f.field]}${f.unit && f.unit !== 'count' ? ` ${f.unit}` : ''}` : `${row[f.field]}`))
    .join(', ');
}

function withUnit(row, unit) {
  return unit && unit !== 'count' ? `${row.text} ${unit}` : row.text;
}

/** A point read from output that stops early: the compile step names where it stops; other points of such a chart say "no". */
const fromIncomplete = (row) => Boolean(row.incomplete) && row.incomplete !== 'no';

/** The rows of the chart's own figures: all of them, unless its kind draws them beside samples of another quantity (`figures`). */
const figureRows = (kind, rows) => kind.figures?.(rows) ?? rows;

/**
 * One sentence: what is plotted, and where its highest and lowest figures
 * are; of its bars' sums, where a kind's bars add rows up (`bars`).
 */
export function altText({ kind: name, rows: all, options }) {
  const kind = chartKinds[name];
  const rows = figureRows(kind, all);
  const values = (kind.bars?.(rows, options) ?? rows).filter((r) => typeof r.value === 'number');
  const unit = options.y?.unit ?? values[0]?.unit ?? '';
  const what = options.title ?? 'Chart';
  if (values.length === 0) return `${what}: no figures.`;
  const top = values.reduce((a, b) => (b.value > a.value ? b : a));
  const low = values.reduce((a, b) => (b.value < a.value ? b : a));
  const parts = [`${what} (${countText(values.length)} figure${values.length === 1 ? '' : 's'})`];
  parts.push(`highest: ${[labelOf(top, options), withUnit(top, unit)].filter(Boolean).join(', ')}`);
  if (low !== top) parts.push(`lowest: ${[labelOf(low, options), withUnit(low, unit)].filter(Boolean).join(', ')}`);
  const repeats = values.filter((r) => (r.runs ?? 1) > 1);
  if (repeats.length) parts.push(`each figure is the ${repeats[0].stat} of its repeated runs (${[...new Set(repeats.map((r) => r.runs))].join(' or ')} runs), whiskers from the lowest to the highest`);
  const against = values.filter((r) => r.vs_baseline && r.vs_baseline !== 'baseline');
  if (against.length) parts.push(`against ${options.baseline.value}: ${against.map((r) => `${labelOf(r, options)} ${r.vs_baseline}`).join(', ')}`);
  const cut = values.filter(fromIncomplete);
  if (cut.length) parts.push(`${countText(cut.length)} figure${cut.length === 1 ? '' : 's'} from incomplete output (${[...new Set(cut.map((r) => r.incomplete))].join('; ')})`);
  return `${parts.join('; ')}.`;
}

/**
 * The chart as tables a reader can read: its figures, then the samples a
 * kind draws from beside them, when it says which (`samples`), each with its
 * own columns.
 * [{ caption, columns: [{ field, title }], rows }]
 */
export function tableParts({ kind: name, rows, options }) {
  const kind = chartKinds[name];
  const figures = figureRows(kind, rows);
  const columns = tableColumns({ rows: figures, options });
  const parts = [{ caption: null, columns, rows: figures }];
  // The samples are told apart by the labels the figures are: every column but the figure and its incomplete mark.
  const labels = columns.filter((c) => c.field !== 'text' && c.field !== 'incomplete');
  const samples = kind.samples?.(rows, options, labels);
  if (samples?.rows.length) parts.push(samples);
  return parts;
}

/** The columns a reader needs to read the chart's figures as a table. */
function tableColumns({ rows, options }) {
  const fields = [options.x, options.color, options.facet, options.series].filter((f) => f && f.field && f.field !== 'value');
  const seen = new Set();
  // A label in a unit says it, as the chart's axis does: "Time (s)", "Latency (ms)".
  const labels = fields.filter((f) => !seen.has(f.field) && seen.add(f.field)).map((f) => ({ field: f.field, title: titleWithUnit(f.title ?? f.field, f.unit) }));
  if (rows.some((r) => r.t !== undefined) && !seen.has('t')) labels.push({ field: 't', title: 'time (s)' });
  const unit = options.y?.unit ?? rows[0]?.unit;
  const figure = { field: 'text', title: titleWithUnit(options.y?.title ?? 'value', unit) };
  return [...labels, figure, ...(rows.some(fromIncomplete) ? [{ field: 'incomplete', title: 'incomplete output' }] : [])];
}
