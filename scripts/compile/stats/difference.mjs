// The difference between a figure and its baseline as a reader should get
// it: the change of the medians, an interval for it, and a verdict: "within
// noise" when the interval includes no change (or stays inside the report's
// noise band), "single run" when one side is a single run, so nothing is
// called faster or slower on one run without saying so. Used by the compare
// table, chart tooltips and alt text, and claims, so they all agree.
import { ratioInterval, withinNoise, noiseBand } from './stats.mjs';
import { percent } from '../html.mjs';
import { parseWhere } from '../select.mjs';
import { configurationOf } from './repeats.mjs';
import { mistake } from '../../problems/problem.mjs';

/** The figures behind a row: every repeat's value, or the one value printed. */
function valuesOf(row) {
  if (!row) return [];
  if (row.values) return row.values;
  return typeof row.value === 'number' && (row.status === 'ok' || row.status === 'complete') ? [row.value] : [];
}

/** "+3.1 %" for a ratio of 1.031. */
export const ratioText = (ratio) => percent(ratio, 1).text;

/**
 * @param {object} row   the figure (a run, or repeats combined)
 * @param {object} base  the baseline's figure
 * @param {object} [o]   { band: noise band as a fraction (0.02 = ±2 %), seed }
 * @returns {null|{ number, text, ratio, interval, verdict: 'within-noise'|'single'|'different', note }}
 */
export function difference(row, base, { band = 0, seed = 1 } = {}) {
  const interval = ratioInterval(valuesOf(row), valuesOf(base), { seed });
  if (!interval) return null;
  const { number, text } = percent(interval.ratio, 1);
  const single = interval.n.includes(1);
  const within = withinNoise(interval, band);
  const verdict = within ? 'within-noise' : single ? 'single' : 'different';
  return { number, text, ratio: interval.ratio, interval, verdict, note: noteOf(interval, verdict, band) };
}

/** What the cell's small print says: the verdict, then the interval and how it was made. */
function noteOf(interval, verdict, band) {
  const parts = [];
  if (verdict === 'within-noise') parts.push('within noise');
  if (interval.method === 'single') parts.push(band ? `single runs; noise band ±${(band * 100).toFixed(1)}\u00a0%` : 'single runs, noise unknown');
  else {
    const range = `${ratioText(interval.lo)} to ${ratioText(interval.hi)}`;
    parts.push(interval.method === 'bootstrap' ? `95\u00a0% CI ${range}` : `pairwise range ${range}`);
    if (interval.n.includes(1)) parts.push('one side a single run');
  }
  return parts.join('; ');
}

/**
 * The report's noise band for some rows: the spread of those matching the
 * noise reference (`noise_reference: "label=value"`), which must be the
 * repeats of one configuration. Rows the reference does not reach (another
 * tool's figures) get no band; a reference that reaches one run, whose spread
 * is unknown, or runs of several configurations, whose spread is their
 * difference and not noise, is an author error.
 */
export function bandOf(rows, reference, repeat = ['repeat']) {
  if (!reference) return { band: 0, n: 0 };
  const filters = parseWhere(reference);
  const matched = rows.filter((r) => Object.entries(filters).every(([k, v]) => String(r[k] ?? '') === v));
  const values = matched.flatMap((r) => (r.members ? r.values : valuesOf(r)));
  if (values.length === 1) throw mistake(`noise_reference "${reference}" matches one run here (${matched[0].source}:${matched[0].line}); a noise band is the spread of two or more repeats of one configuration`);
  const configurations = [...new Map(matched.map((r) => configurationOf(r, repeat)).map((c) => [JSON.stringify(c), c])).values()];
  if (configurations.length > 1) {
    const differ = Object.keys(configurations[0]).filter((k) => configurations.some((c) => String(c[k]) !== String(configurations[0][k])));
    const example = differ.map((k) => `${k}=${configurations[0][k]}`).join(';');
    throw mistake(`noise_reference "${reference}" matches runs of ${configurations.length} configurations here (they differ in ${differ.map((k) => `"${k}"`).join(', ')}), whose spread is their difference, not noise; name one, e.g. "${reference};${example}"`);
  }
  return { band: noiseBand(values), n: values.length };
}
