// Labels a raw file states itself: what the tool printed about the run
// (threads, clients, warehouses, test name, tool and server version, table,
// row format, buffer pool). `tpsreport new report` offers them in the front
// matter it writes, so an author checks them instead of typing them; ingest
// still reads labels from the front matter only.
import { kindItems } from '../compile/select.mjs';
import { formatNamed } from '../parse/formats.mjs';
import { measures } from '../parse/shared/labels.mjs';

/**
 * The labels a parsed document states about its runs, as { name: value },
 * leaving out what the output does not say or says differently for two runs.
 * tool_version is the version the tool printed in its banner.
 */
export function outputLabels(doc) {
  const labels = { tool_version: doc.provenance?.tool?.version ?? undefined, ...(formatNamed(doc.kind)?.labels?.(doc) ?? {}) };
  return Object.fromEntries(Object.entries(labels).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/**
 * For a file of several measuring runs that state different things of
 * themselves (a mysqlslap --concurrency=2,8, sysbench runs one after another
 * in one log): each run's own labels, one entry per run in file order, as
 * `run_labels` takes them; null when the runs do not tell themselves apart
 * or the file holds a step that measures nothing.
 */
export function outputRunLabels(doc) {
  const own = formatNamed(doc.kind)?.runLabels;
  const runs = kindItems(doc);
  if (!own || runs.length < 2 || !runs.every(measures)) return null;
  const each = runs.map(own);
  const differ = Object.keys(each[0]).filter((k) => each.every((l) => l[k] !== undefined && l[k] !== null) && new Set(each.map((l) => l[k])).size > 1);
  if (!differ.length) return null;
  const entries = each.map((l) => Object.fromEntries(differ.map((k) => [k, l[k]])));
  // Two runs that state the same labels still could not be told apart in a table.
  return new Set(entries.map((e) => JSON.stringify(e))).size === entries.length ? entries : null;
}

/** Whether a kind's labels (server version, buffer pool) describe the server every benchmark run of the folder ran against. */
export const isServerConfig = (kind) => formatNamed(kind)?.role === 'server-config';
