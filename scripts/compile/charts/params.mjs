// The parameters several chart kinds take, each worded once: a kind's module
// lists the ones it takes beside its own in its `params`, so the reference,
// the checks and every kind that takes a parameter say the same of it. A
// parameter may carry `check(value, name)`, which the chart shortcode calls
// on a value the author gave. Also how a parameter naming a field of each
// element becomes a row column.
import { isRowColumn } from '../select.mjs';
import { mistake } from '../../problems/problem.mjs';

export const shared = {
  metric: { doc: 'dotted path to the figure (inside each run, or each element with `each`)' },
  x: { doc: 'label (grouped-bar, lines, cores-cpu) or element field on the x axis' },
  color: { doc: 'label naming each series' },
  facet: { doc: 'label naming each panel' },
  'x-title': { doc: 'x axis title' },
  'color-title': { doc: 'legend title' },
  'facet-title': { doc: 'panel title' },
  items: { doc: 'dotted path to the list of items' },
  each: { doc: 'dotted path to a list inside each item' },
  top: {
    doc: 'top-waits: how many bars (default 10); over-time with series: how many series, those the data ranks first (its rank field)',
    check: (value, name) => {
      if (!/^[1-9][0-9]*$/.test(String(value))) throw mistake(`${name}="${value}": expected a whole number of bars, e.g. 10`);
    },
  },
  stat: { doc: 'how repeats combine: median (default), mean, min, max, best; the spread is drawn as a whisker' },
  better: { doc: 'higher or lower: the direction of stat=best' },
};

/** A check that a parameter's value is one of `values`, which the message lists as `listed`. */
export const oneOf = (values, listed = values.join(' or ')) => (value, name) => {
  if (!values.includes(value)) throw mistake(`${name}="${value}": expected ${listed}`);
};

/** A parameter a kind cannot draw without. */
export const required = (param) => ({ ...param, required: true });

/** A parameter with the value a kind takes when the author gives none. */
export const defaulting = (param, value) => ({ ...param, default: value });

/** Columns the compile step adds to a chart's rows, which a field of each element must not overwrite either. */
const ROW_EXTRA = new Set(['order', 'panel', 'cpu', 'iowait']);

/** A field of each element read as a row column, renamed when it would shadow one (value, text, …). */
export function columnFor(path) {
  const column = path.replace(/\./g, '_');
  return isRowColumn(column) || ROW_EXTRA.has(column) ? `x_${column}` : column;
}
