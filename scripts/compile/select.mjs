// Selects figures from a report's normalized documents as flat rows: the
// run's labels, plus value, text, unit, line, source (bundle-relative raw
// file), tool, status, the document/item/element indexes, `incomplete` when
// the document's output stops early, and any extra fields. Selecting only;
// the table and chart kinds do the arithmetic.
//
// Every author mistake is a Problem (mistake()) naming what would have been valid
// (the kinds in the report, the labels the runs have, the figure paths of the
// document, the nearest one to a typo). The compiler adds the shortcode's
// file and line.
import { elementsOf, rowAt, Sample, sampleField, isTable } from '../lib/columns.mjs';
import { nearest, didYouMean } from '../lib/nearest.mjs';
import { labelFilters } from '../lib/where.mjs';
import { mistake } from '../problems/problem.mjs';
import { formatNamed } from '../parse/formats.mjs';
import { measures } from '../parse/shared/labels.mjs';
import { reportPath } from '../lib/site.mjs';

export { measures };

/** The usual list of items at the root of a document kind: its format's `items`, else runs. */
export const defaultItems = (kind) => formatNamed(kind)?.items ?? 'runs';

const MISSING = Symbol('missing');

/**
 * The value at a dotted path, or MISSING. A list's element is named by its
 * position ("tables.0.rows") or, when its elements have names, by its name
 * ("variables.innodb_buffer_pool_size.value"): a setting's place in SHOW
 * VARIABLES moves between server versions, its name does not.
 */
export function at(node, path) {
  return path === '' || path === '.' ? node : atKeys(node, path.split('.'));
}

/** at() of a path already split at its dots; a table sample (Sample) is read a field at a time. */
function atKeys(node, keys) {
  let v = node;
  for (const key of keys) {
    if (v instanceof Sample) {
      v = sampleField(v, key);
      if (v === undefined) return MISSING;
    } else if (Array.isArray(v)) v = listElement(v, key) ?? MISSING;
    else if (v && typeof v === 'object' && Object.hasOwn(v, key)) v = v[key];
    else return MISSING;
    if (v === MISSING) return MISSING;
  }
  return whole(v);
}

/** Element `key` of a list: by position when the key is a number, else the element named `key`; undefined when there is none. */
function listElement(list, key) {
  if (/^\d+$/.test(key)) return list[Number(key)];
  return list.find((el) => el && typeof el === 'object' && el.name === key);
}

/** The names the elements of a list go by, or [] when they have none. */
function elementNames(list) {
  return list.filter((el) => el && typeof el === 'object' && typeof el.name === 'string').map((el) => el.name);
}

/** A value as the document holds it: a table sample made the whole object rowAt gives. */
const whole = (v) => (v instanceof Sample ? rowAt(v.table, v.j) : v);

/** Field `key` of an element: an object's property, or a table sample's field. */
function field(el, key) {
  return el instanceof Sample ? sampleField(el, key) : el?.[key];
}

export const isMissing = (v) => v === MISSING;

/** "label=value;label=value" as a map; a malformed pair is an author error. */
export function parseWhere(where) {
  const filters = labelFilters(where);
  if (!filters) throw mistake(`where="${where}": expected label=value pairs separated by ';'`);
  return filters;
}

/** "name=path,name=path" as a map. */
function parseFields(fields) {
  const out = {};
  if (!fields) return out;
  for (const pair of String(fields).split(',')) {
    const kv = pair.split('=');
    if (kv.length !== 2) throw mistake(`fields="${fields}": expected name=path pairs separated by ','`);
    out[kv[0].trim()] = kv[1].trim();
  }
  return out;
}

/** The tool and version a document says printed it, as a caption reads it. */
export function toolOf(doc) {
  const tool = doc.provenance?.tool;
  if (!tool) return `${doc.kind}, version not printed`;
  return tool.version ? `${tool.name} ${tool.version}` : `${tool.name}, version not printed`;
}

/** The raw file a document came from, relative to its report bundle ("raw/x.txt"). */
export function bundlePath(doc, slug) {
  const prefix = `content/${reportPath(slug)}/`;
  const source = doc.provenance?.source ?? '';
  return source.startsWith(prefix) ? source.slice(prefix.length) : source;
}

/**
 * Where and why a document's output stops early ({ source, line, reason }),
 * or null: the parser kept what a cut-off or dying run printed (scripts/parse
 * `keepsPartial`), so every figure read from it says so on the page.
 */
export function incompleteOf(doc, slug) {
  return doc.incomplete ? { source: bundlePath(doc, slug), line: doc.incomplete.line, reason: doc.incomplete.reason } : null;
}

/** Labels of item i of a document: the file's labels, then that run's own. */
export function labelsOf(doc, i) {
  return { ...(doc.labels ?? {}), ...(doc.run_labels?.[i] ?? {}) };
}

/**
 * A document's runs: the items of its kind's usual list (defaultItems), the
 * document itself for a kind that is one run, [] when it holds none.
 */
export function kindItems(doc) {
  const path = defaultItems(doc.kind);
  if (path === '.') return [doc];
  const items = at(doc, path);
  return Array.isArray(items) ? items : [];
}

/** The items of a document at `itemsPath`, or an author error naming the path. */
function itemsOf(doc, itemsPath) {
  if (itemsPath === '.') return [doc];
  const items = at(doc, itemsPath);
  if (!Array.isArray(items)) throw mistake(`${doc.provenance?.source} has no list "${itemsPath}"; name the list of runs with items="…"`);
  return items;
}

const ROW_COLUMNS = new Set(['value', 'text', 'unit', 'line', 'source', 'tool', 'status', 'doc', 'item', 'element', 'incomplete']);

/**
 * @param {object} report  { slug, docs } with docs sorted in source order
 * @param {object} q       { data, items, each, metric, fields, labels, where, optional }
 *                          optional: leave out runs that did not print the metric
 *                          (sysbench 0.4 has no queries per second) instead of refusing
 * @param {function} [saw]  called with each document a row is selected from
 * @returns {object[]} rows in source order (empty only when optional)
 */
export function selectRows(report, q, saw = () => {}) {
  const docs = report.docs.filter((d) => d.kind === q.data);
  if (!docs.length) throw mistake(noKind(report, q.data));
  const filters = parseWhere(q.where);
  const extra = typeof q.fields === 'string' ? parseFields(q.fields) : (q.fields ?? {});
  const itemsPath = q.items || defaultItems(q.data);
  const read = readers(q, extra);
  const rows = [];
  const seenLabels = new Map();
  for (const doc of docs) {
    // What every row from this document says of where it came from.
    const from = { source: bundlePath(doc, report.slug), tool: toolOf(doc), doc: doc.order ?? 0, incomplete: incompleteOf(doc, report.slug) };
    itemsOf(doc, itemsPath).forEach((item, i) => {
      const labels = labelsOf(doc, i);
      for (const [k, v] of Object.entries(labels)) (seenLabels.get(k) ?? seenLabels.set(k, new Set()).get(k)).add(String(v));
      if (!matches(labels, filters)) return;
      for (const name of q.labels ?? []) {
        if (!Object.hasOwn(labels, name)) {
          const fields = q.fieldNames ?? [];
          const also = fields.length ? `, or one of the fields of each row: ${fields.join(', ')}` : '';
          throw mistake(`run ${i + 1} of ${doc.provenance?.source} has no label "${name}"${didYouMean(name, [...fields, ...Object.keys(labels)])} (its labels: ${Object.keys(labels).join(', ') || 'none'}); add it under \`sources\` in the front matter${also}`);
        }
      }
      // A prepare step is listed by the runs table; a figure it does not print is no one's to show.
      if (q.metric && !measures(item) && isMissing(q.each ? at(item, q.each) : read.metric(item))) return;
      const status = item?.status ?? doc.status ?? 'ok';
      // Interval samples are kept in columns; elementsOf reads them back a sample at a time.
      const elements = q.each ? elementsOf(at(item, q.each)) : [item];
      const unit = q.each && q.metric ? sampleUnit(item, q.each, q.metric) : '';
      const decimals = q.each && q.metric ? besideSamples(item, q.each)?.decimals : null;
      const before = rows.length;
      for (let j = 0; j < elements.length; j += 1) {
        const el = elements.at(j);
        const found = read.metric(el);
        if (q.optional && q.metric && (isMissing(found) || found === null)) continue;
        const row = rowOf({ doc, from, item, el, found, i, j, labels, status, q, read });
        // A figure the parser kept as a bare number (mpstat's columns, interval samples) shows as its raw line printed it ("0.80", not "0.8"; "1236.00", not "1236").
        if (typeof found === 'number') row.text = (q.each ? printedText(decimals, el, q.metric, found) : printedOnPath(item, q.metric, found)) ?? row.text;
        if (!row.unit && unit) row.unit = unit;
        rows.push(row);
      }
      if (rows.length > before) saw(doc);
    });
  }
  if (!rows.length && !q.optional) throw mistake(noMatch(q, filters, seenLabels));
  return rows;
}

/**
 * The unit of a sample field, from the `units` beside the samples (sysbench's
 * intervals.units: { tps: 'tx/s', … }): a sample is a bare number, so its row
 * had none, and the CSV of an over-time chart said nothing of its unit.
 */
function sampleUnit(item, each, metric) {
  const units = besideSamples(item, each)?.units;
  return units && typeof units === 'object' && typeof units[metric] === 'string' ? units[metric] : '';
}

/** What holds the samples at path `each` of an item: the item, or the object the path's last key is in. */
function besideSamples(item, each) {
  const parent = each.split('.').slice(0, -1).join('.');
  return parent ? at(item, parent) : item;
}

/**
 * How the raw line printed `value`, field `metric` of sample `el`, as its
 * parser kept it: the sample's own `printed` text, else the `decimals` the
 * field printed with, kept beside the samples; else null. Parsers keep some
 * figures as plain numbers (mpstat's columns, sysbench's interval samples),
 * which lose trailing zeros.
 */
function printedText(decimals, el, metric, value) {
  const own = el && typeof el === 'object' && !(el instanceof Sample) ? el.printed?.[metric] : undefined;
  if (typeof own === 'string') return own;
  const d = decimals && typeof decimals === 'object' ? decimals[metric] : undefined;
  return Number.isInteger(d) && Number.isFinite(value) ? value.toFixed(d) : null;
}

/**
 * printedText for a metric read through a list from the item
 * ("averages.1.values.%nice"): an element's own `printed` text on the way,
 * else the `decimals` the deepest object on the path keeps for the elements
 * of the list after it.
 */
function printedOnPath(item, metric, value) {
  const keys = metric.split('.');
  let node = item;
  let found = null;
  for (let i = 0; i < keys.length; i += 1) {
    if (!node || typeof node !== 'object' || node instanceof Sample) break;
    if (!Array.isArray(node)) {
      const own = node.printed?.[keys.slice(i).join('.')];
      if (typeof own === 'string') return own;
      if (node.decimals && Array.isArray(node[keys[i]])) found = printedText(node.decimals, null, keys.slice(i + 2).join('.'), value) ?? found;
    }
    node = node[keys[i]];
  }
  return found;
}

function matches(labels, filters) {
  for (const [k, v] of Object.entries(filters)) if (String(labels[k] ?? '') !== v) return false;
  return true;
}

/**
 * The paths a query reads from every element, each split at its dots once:
 * `metric(el)` (null without a metric), `line(el)` (lineOnPath of the
 * metric) and `extra`, a [name, read] pair per extra field.
 */
function readers(q, extra) {
  const reader = (path) => {
    if (path === '' || path === '.') return (node) => node;
    const keys = path.split('.');
    return (node) => atKeys(node, keys);
  };
  const metricKeys = q.metric && q.metric !== '.' ? q.metric.split('.') : [];
  return {
    metric: q.metric ? reader(q.metric) : () => null,
    line: (el) => lineOnKeys(el, metricKeys),
    extra: Object.entries(extra).map(([name, path]) => [name, reader(path)]),
  };
}

function rowOf({ doc, from, item, el, found, i, j, labels, status, q, read }) {
  // An element printed over several lines (a sysbench.report_json sample) names each field's line.
  const fallbackLine = field(field(el, 'field_lines'), q.metric) ?? read.line(el) ?? field(el, 'line') ?? item?.line ?? item?.lines?.first ?? 1;
  const where = () => `${q.each ? `item ${i}, ${q.each} ${j}` : `item ${i}`} of ${doc.provenance?.source}`;
  if (isMissing(found) && (status === 'ok' || status === 'complete')) throw mistake(`metric "${q.metric}" is not in ${where()}; ${suggestPaths(whole(el), q.metric)}`);
  // A path that stops at a group of figures (latency) or at one of a figure's parts showed "[object Object]".
  if (found && typeof found === 'object' && !Array.isArray(found) && !isFigure(found)) {
    const under = figurePaths(found, q.metric).slice(0, 12);
    throw mistake(`metric "${q.metric}" in ${where()} is a group of figures, not one figure; ${under.length ? `name one of them: ${under.join(', ')}` : 'it holds no figure'}`);
  }
  const figure = figureColumns(isMissing(found) ? null : found, fallbackLine, status);
  // Set one at a time: rows of one query share a shape, which a spread and Object.assign per row did not give.
  const row = { ...labels };
  row.value = figure.value;
  row.text = figure.text;
  row.unit = figure.unit;
  row.line = figure.line;
  row.source = from.source;
  row.tool = from.tool;
  row.status = status;
  row.doc = from.doc;
  row.item = i;
  row.element = j;
  if (from.incomplete) row.incomplete = from.incomplete;
  for (const [name, reads] of read.extra) {
    const v = reads(el);
    row[name] = isMissing(v) ? null : (v && typeof v === 'object' && !Array.isArray(v) ? v.value : v);
  }
  return row;
}

/**
 * The line recorded by the deepest object on a dotted path below `node`
 * (`averages.0.values.%idle` → the line of `averages.0`), so a plain number
 * inside a list element cites that element's line, not its run's first one.
 * A sample of a table in columns (`intervals.samples.tps.0`, see
 * lib/columns.mjs) cites its own row's line.
 */
export function lineOnPath(node, path) {
  return !path || path === '.' ? undefined : lineOnKeys(node, path.split('.'));
}

/** lineOnPath of a path split at its dots: the objects on keys but the last (the figure's own key). */
function lineOnKeys(node, keys) {
  let line;
  let v = node;
  for (let k = 0; k < keys.length - 1; k += 1) {
    v = Array.isArray(v) ? listElement(v, keys[k]) : field(v, keys[k]);
    if (!v || typeof v !== 'object') break;
    if (isTable(v) && Array.isArray(v.line)) return rowLine(v, keys.slice(k + 1)) ?? line;
    const own = field(v, 'line');
    if (Number.isInteger(own)) line = own;
    else if (k === keys.length - 2 && !Array.isArray(v)) line = figuresLine(v) ?? line;
  }
  return line;
}

/** The one line every figure directly in `node` came from (a percentile's value, beside its rank), or undefined. */
function figuresLine(node) {
  let line;
  for (const v of Object.values(node)) {
    if (!v || typeof v !== 'object' || !Number.isInteger(v.line)) continue;
    if (line !== undefined && v.line !== line) return undefined;
    line = v.line;
  }
  return line;
}

/** The line of the sample a path below a table in columns reaches (`tps.0`, or `latency.p95.0` in a nested table): its field's own line where the table keeps one. */
function rowLine(table, keys) {
  const row = Number(keys[keys.length - 1]);
  if (keys.length < 2 || !Number.isInteger(row) || row < 0 || row >= table.count) return undefined;
  const own = table.field_lines?.[keys[0]]?.[row];
  return Number.isInteger(own) ? own : table.line[row];
}

/**
 * value/text/unit/line of what a path found: a figure keeps the text and line
 * the parser recorded; a plain number (an interval sample's field) takes the
 * element's line; null (a gap the tool printed as nan) stays null.
 */
/** A figure as parsers write it: { value, text, unit, line }, its value a number, a word or null. */
const isFigure = (v) => 'value' in v && (v.value === null || typeof v.value !== 'object');

function figureColumns(v, fallbackLine, status = 'ok') {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return { value: v.value ?? null, text: v.text ?? String(v.value), unit: v.unit ?? '', line: v.line ?? fallbackLine };
  }
  if (v === null || v === undefined) return { value: null, text: status, unit: '', line: fallbackLine };
  if (Array.isArray(v)) return { value: null, text: v.join(', '), unit: '', line: fallbackLine };
  return { value: v, text: String(v), unit: '', line: fallbackLine };
}

export function isRowColumn(name) {
  return ROW_COLUMNS.has(name);
}

/** Why a shortcode's `data` names no document of the report, with the kinds it has and the nearest. */
export function noKind(report, kind) {
  const kinds = [...new Set(report.docs.map((d) => d.kind))].sort();
  const near = nearest(kind, kinds);
  return `no "${kind}" documents in this report${near ? `; did you mean "${near}"?` : ''} (it has: ${kinds.join(', ') || 'none; list raw files under `sources`'})`;
}

function noMatch(q, filters, seenLabels) {
  // Only the clauses no run satisfies: a valid one listed beside them read as part of the mistake.
  const wrong = Object.keys(filters).filter((k) => !seenLabels.get(k)?.has(filters[k]));
  const hints = wrong.map((k) => {
    const values = seenLabels.get(k);
    if (!values) return `no run has a label "${k}"${didYouMean(k, [...seenLabels.keys()])}`;
    return `${k} takes ${[...values].slice(0, 12).map((v) => `"${v}"`).join(', ')}${values.size > 1 ? didYouMean(filters[k], [...values]) : ''}`;
  });
  if (!hints.length && Object.keys(filters).length > 1) hints.push('some run has each of these, but no run has them all');
  return `no "${q.data}" runs match where="${q.where ?? ''}"${hints.length ? `: ${hints.join('; ')}` : ''}`;
}

/** The figure paths inside an element, and the one nearest to a mistyped path. */
function suggestPaths(el, wanted) {
  const named = namedStep(el, wanted);
  if (named) return named;
  const paths = figurePaths(el).slice(0, 400);
  if (!paths.length) return 'it holds no figure (`tpsreport parse FILE` shows the document)';
  const near = nearest(wanted, paths);
  const list = paths.slice(0, 12).join(', ');
  return `${near ? `did you mean "${near}"? ` : ''}figure paths here: ${list}${paths.length > 12 ? ', …' : ''} (\`tpsreport parse FILE\` shows the document)`;
}

/**
 * When a path stops at a list of named elements (a misspelt setting in
 * "variables.innodb_bufer_pool_size.value"), the names it could have taken.
 */
function namedStep(el, wanted) {
  const keys = wanted.split('.');
  let v = el;
  for (let k = 0; k < keys.length; k += 1) {
    if (Array.isArray(v)) {
      const names = elementNames(v);
      if (listElement(v, keys[k]) !== undefined || !names.length) return null;
      const head = keys.slice(0, k).join('.');
      return `"${head}" has no element named "${keys[k]}"${didYouMean(keys[k], names)}; its ${names.length} names include ${names.slice(0, 6).map((n) => `"${n}"`).join(', ')}${names.length > 6 ? ', …' : ''}`;
    }
    if (!v || typeof v !== 'object' || v instanceof Sample || !Object.hasOwn(v, keys[k])) return null;
    v = v[keys[k]];
  }
  return null;
}

// Where a figure sits in its raw file, not a figure: never offered as a metric path.
const PLACE_KEYS = new Set(['line', 'lines', 'field_lines', 'index']);

function figurePaths(node, prefix = '', out = [], depth = 0) {
  if (!node || typeof node !== 'object' || Array.isArray(node) || depth > 6) return out;
  if ('value' in node && 'text' in node && prefix) {
    out.push(prefix);
    return out;
  }
  for (const [k, v] of Object.entries(node)) {
    if (PLACE_KEYS.has(k)) continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'number') out.push(path);
    else if (v && typeof v === 'object' && !Array.isArray(v)) figurePaths(v, path, out, depth + 1);
  }
  return out;
}

/**
 * Rows keyed by the values of `keys`; two rows with one key are an author
 * error unless the view says how runs combine (repeats arrive with the
 * statistics work), never silently one of them.
 */
export function uniqueBy(rows, keys, what, { or = '' } = {}) {
  const out = new Map();
  for (const row of rows) {
    const key = keys.map((k) => String(row[k])).join('\u0000');
    const other = out.get(key);
    if (other) {
      const desc = keys.map((k) => `${k}="${row[k]}"`).join(', ') || 'every run';
      throw mistake(`${what}: two runs match ${desc} (${other.source}:${other.line} and ${row.source}:${row.line}); ${or ? `narrow with where="…", give the runs a label that tells them apart, or ${or}` : 'narrow with where="…" or give the runs a label that tells them apart'}`);
    }
    out.set(key, row);
  }
  return out;
}

/** Distinct values of a row field in source order, as strings. */
export function distinct(rows, field) {
  return [...new Set(rows.map((r) => String(r[field] ?? '')))];
}

/** Rows of `each` elements (interval samples, histogram buckets) grouped by the run they came from, in source order. */
export function byRun(rows) {
  const runs = new Map();
  for (const r of rows) {
    const key = `${r.doc}/${r.item}`;
    (runs.get(key) ?? runs.set(key, []).get(key)).push(r);
  }
  return [...runs.values()];
}
