// What a format's `labels` and `runLabels` share: the labels a raw file states
// about its runs (threads, clients, server version…), which `tpsreport new
// report` offers in the front matter it writes. A label describes the whole
// file only when every run states it alike.

/**
 * Whether a run measures anything: a sysbench prepare or cleanup step, which
 * shares a log with the run it serves, prints no figure of its own.
 */
export const measures = (item) => item?.command !== 'prepare' && item?.command !== 'cleanup';

/** A byte count as an option file would write it: 128M, 4G, or the bytes. */
export function sizeText(bytes) {
  for (const [unit, size] of [['G', 2 ** 30], ['M', 2 ** 20], ['K', 2 ** 10]]) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return bytes;
}

/** One value when every item agrees on it, else undefined (a label describes the whole file). */
export function agreed(values) {
  const seen = [...new Set(values.filter((v) => v !== undefined && v !== null && v !== ''))];
  return seen.length === 1 && values.every((v) => v === seen[0]) ? seen[0] : undefined;
}

/** A count printed as text ("8") as the number it is; other text as it is. */
export const wholeNumber = (text) => (/^\d+$/.test(text ?? '') ? Number(text) : text);

/**
 * A format's `labels` from its `runLabels`: each label the measuring runs
 * (the list at `items`) state alike.
 */
export const agreedOfRuns = (items, runLabels) => (doc) => {
  const runs = (Array.isArray(doc[items]) ? doc[items] : []).filter(measures);
  const each = runs.map(runLabels);
  return Object.fromEntries(Object.keys(each[0] ?? {}).map((k) => [k, agreed(each.map((l) => l[k]))]));
};
