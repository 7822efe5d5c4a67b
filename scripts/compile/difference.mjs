// The difference between a figure and its baseline as a reader should get
// it: the change of the medians, an interval for it, and a verdict: "within
// noise" when the interval includes no change (or stays inside the report's
// noise band), "single run" when one side is a single run, so nothing is
// called faster or slower on one run without saying so. Used by the compare
// table, chart tooltips and alt text, and claims, so they all agree.
import { ratioInterval, withinNoise, noiseBand } from './stats.mjs';
import { percent } from './html.mjs';
import { parseWhere } from './select.mjs';

/** The figures behind a row: every repeat's value, or the one value printed. */
export function valuesOf(row) {
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

/** The report's noise band for some rows: the spread of those matching the noise reference (`noise_reference: "label=value"`). */
export function bandOf(rows, reference) {
  if (!reference) return { band: 0, n: 0 };
  const filters = parseWhere(reference);
  const values = rows.filter((r) => Object.entries(filters).every(([k, v]) => String(r[k] ?? '') === v)).flatMap((r) => (r.members ? r.values : valuesOf(r)));
  return { band: noiseBand(values), n: values.length };
}
