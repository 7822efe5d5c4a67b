// Repeats: runs that share every label except the report's repeat labels
// (`repeat`, or those the front matter lists under `repeat: [...]`) are one
// configuration measured several times. A view keyed by some labels gets one
// figure per key: a lone run as printed, repeats combined by a statistic
// (the median unless the view asks for another), with their spread and every
// member run kept, so the page can link each repeat to its raw line. Runs that
// share a key but differ in a label that is not a repeat label are two
// configurations, and that stays an author error.

import { summarize } from './stats.mjs';
import { greatest } from '../../lib/numbers.mjs';
import { nearest } from '../../lib/nearest.mjs';
import { fixed, printedDecimals } from '../../lib/text.mjs';
import { mistake } from '../../problems/problem.mjs';

/** How a view may combine repeats; `best` follows the view's `better` direction. */
const STATS = ['median', 'mean', 'min', 'max', 'best'];

/** Fields a combined row carries besides its labels (and that charts add for their tooltips). */
const STAT_FIELDS = ['stat', 'n', 'runs', 'min', 'max', 'cv', 'decimals', 'values', 'members', 'spread', 'vs_baseline', 'verdict', 'best_of', 'printed', 'phase', 'stall'];

export const NOT_LABELS = new Set(['value', 'text', 'unit', 'line', 'source', 'tool', 'status', 'doc', 'item', 'element', 'panel', 'cpu', 'iowait', 'incomplete', ...STAT_FIELDS]);

/** The labels that number repeats in this report. */
export function repeatLabels(meta = {}) {
  const declared = meta.repeat;
  if (declared === undefined || declared === null) return ['repeat'];
  const list = [].concat(declared).map(String);
  if (!list.length || list.some((l) => !/^[A-Za-z_][\w-]*$/.test(l))) throw mistake(`front matter repeat: ${JSON.stringify(declared)}: expected a list of label names, e.g. repeat: [repeat]`);
  return list;
}

/** Checks a view's `stat` parameter. */
export function checkStat(stat) {
  if (stat === undefined || stat === '') return 'median';
  if (!STATS.includes(stat)) throw mistake(`stat="${stat}": expected one of ${STATS.join(', ')} (a single repeat: where="repeat=N")`);
  return stat;
}

const labelNames = (row) => Object.keys(row).filter((k) => !NOT_LABELS.has(k) && !k.startsWith('x_'));

/** The labels that say which configuration a row is of: all of its labels but the repeat labels. */
export function configurationOf(row, repeat = ['repeat']) {
  return Object.fromEntries(labelNames(row).filter((k) => !repeat.includes(k)).map((k) => [k, row[k]]));
}

/**
 * One row per key: a lone row as it is, repeats combined.
 * @param {object[]} rows     rows from selectRows
 * @param {string[]} keys     the row fields a view plots or tabulates
 * @param {object}   o        { what, repeat: repeat label names, stat, better }
 * @returns {Map<string, object>} key (values joined by \0) → row; a combined row
 *          has stat, n, min, max, cv, values and members besides the usual fields
 */
export function combineRepeats(rows, keys, { what, repeat = ['repeat'], stat = 'median', better = 'higher' } = {}) {
  const groups = new Map();
  for (const row of rows) {
    const key = keys.map((k) => String(row[k])).join('\u0000');
    (groups.get(key) ?? groups.set(key, []).get(key)).push(row);
  }
  const out = new Map();
  for (const [key, group] of groups) out.set(key, group.length === 1 ? group[0] : combineGroup(group, keys, { what, repeat, stat, better }));
  return out;
}

/** A mistake() that also says which labels told the runs apart, for views that word it their own way. */
function differError(message, labels) {
  return Object.assign(mistake(message), { differ: labels });
}

/** Two repeats numbered alike, or a run without the repeat label among runs with it: either would be counted as a repeat it is not. */
function repeatClash(group, repeat) {
  const seen = new Map();
  for (const r of group) {
    const has = repeat.filter((k) => r[k] !== undefined && r[k] !== null && r[k] !== '');
    if (!has.length) {
      const other = group.find((o) => o !== r && repeat.some((k) => o[k] !== undefined));
      return `${r.source}:${r.line} has no ${repeat.map((k) => `"${k}"`).join(' or ')} label, which ${other.source}:${other.line} has`;
    }
    const id = repeat.map((k) => `${k}=${r[k] ?? ''}`).join(';');
    if (seen.has(id)) return `${seen.get(id).source}:${seen.get(id).line} and ${r.source}:${r.line} are both ${id}`;
    seen.set(id, r);
  }
  return null;
}

/** The first run of `group` and the first that differs from it in label `k`. */
function pairDiffering(group, k) {
  const first = group[0];
  return [first, group.find((r) => String(r[k] ?? '') !== String(first[k] ?? ''))];
}

function combineGroup(group, keys, { what, repeat, stat, better }) {
  const differing = labelNames(group[0]).concat(...group.slice(1).map(labelNames))
    .filter((k, i, all) => all.indexOf(k) === i && !keys.includes(k))
    .filter((k) => new Set(group.map((r) => String(r[k] ?? ''))).size > 1);
  const other = differing.filter((k) => !repeat.includes(k));
  // The two runs named are two that differ in the first label that tells them apart, not merely the first two.
  const [a, b] = other.length ? pairDiffering(group, other[0]) : group;
  const desc = keys.map((k) => `${k}="${a[k]}"`).join(', ') || 'the filter';
  const where = `${a.source}:${a.line} and ${b.source}:${b.line}`;
  if (other.length) {
    const slip = other.map((k) => [k, nearest(k, repeat)]).find(([k, near]) => near && near !== k);
    const hint = slip ? `; "${slip[0]}" may be the repeat label "${slip[1]}" misspelt in the front matter` : '';
    throw differError(`${what}: two runs match ${desc} (${where}) but differ in ${other.map((k) => `"${k}"`).join(', ')}; narrow with where="…" or show that label too${hint}`, other);
  }
  if (!differing.length) {
    throw mistake(`${what}: two runs match ${desc} (${where}) and have the same labels; if they are repeats give each a "${repeat[0]}" label (front matter \`repeat: [...]\` names others), otherwise narrow with where="…"`);
  }
  const clash = repeatClash(group, repeat);
  if (clash) throw mistake(`${what}: ${clash}; each repeat of a configuration needs its own "${repeat[0]}" label`);
  return combined(group, repeat, stat, better);
}

/** The most decimals the tool printed in rows' figures (0 for none), so a median or a threshold reads like its members. */
export function decimalsOf(rows) {
  return Math.max(0, greatest(rows.map((r) => printedDecimals(r.text))));
}

function combined(group, repeat, stat, better) {
  const ok = group.filter((r) => typeof r.value === 'number' && (r.status === 'ok' || r.status === 'complete'));
  const values = ok.map((r) => r.value);
  const s = summarize(values);
  const pick = stat === 'best' ? (better === 'lower' ? 'min' : 'max') : stat;
  const value = values.length ? s[pick] : null;
  const decimals = decimalsOf(ok);
  // The run a reader lands on from the figure: the one printing the chosen value, or the nearest to it.
  const anchor = ok.length ? ok.reduce((x, y) => (Math.abs(y.value - value) < Math.abs(x.value - value) ? y : x)) : group[0];
  const members = group.map((r) => ({ source: r.source, line: r.line, text: r.text, value: r.value, status: r.status, repeat: repeat.map((k) => r[k]).filter((v) => v !== undefined).join(' '), ...(r.incomplete ? { incomplete: r.incomplete } : {}) }));
  const row = { ...anchor };
  for (const k of repeat) delete row[k];
  // A statistic over repeats is as incomplete as any run it was worked out from.
  const cut = group.find((r) => r.incomplete);
  if (cut) row.incomplete = cut.incomplete;
  return {
    ...row,
    value,
    text: value === null ? 'failed' : fixed(value, decimals),
    status: ok.length ? 'ok' : group[0].status,
    stat: pick === stat ? stat : `best (${pick})`,
    n: ok.length,
    runs: group.length,
    min: s.min,
    max: s.max,
    cv: s.cv,
    decimals,
    values,
    members,
  };
}

/** "398.10–420.50 · CV 2.1 % · 5 runs": the spread printed beside a combined figure. */
export function spreadText(row) {
  if (!row?.members) return '';
  // No-break spaces hold each part together ("5 runs", "CV 2.4 %"): a narrow column wraps only between parts.
  if (!row.n) return `${row.runs}\u00a0runs, none succeeded`;
  const parts = [`${fixed(row.min, row.decimals)}\u2013${fixed(row.max, row.decimals)}`];
  if (row.cv !== null) parts.push(`CV\u00a0${fixed(row.cv * 100, 1)}\u00a0%`);
  parts.push(`${row.n}\u00a0runs${row.runs > row.n ? `\u00a0of\u00a0${row.runs}` : ''}`);
  return parts.join(' · ');
}
