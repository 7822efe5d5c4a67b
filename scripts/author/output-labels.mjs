// Labels a raw file states itself: what the tool printed about the run
// (threads, clients, warehouses, test name, tool and server version, table,
// row format, buffer pool). `tpsreport new report` offers them in the front
// matter it writes, so an author checks them instead of typing them; ingest
// still reads labels from the front matter only.
import { kindItems, measures } from '../compile/select.mjs';

/** A byte count as an option file would write it: 128M, 4G, or the bytes. */
export function sizeText(bytes) {
  for (const [unit, size] of [['G', 2 ** 30], ['M', 2 ** 20], ['K', 2 ** 10]]) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return bytes;
}

/** One value when every item agrees on it, else undefined (a label describes the whole file). */
function agreed(values) {
  const seen = [...new Set(values.filter((v) => v !== undefined && v !== null && v !== ''))];
  return seen.length === 1 && values.every((v) => v === seen[0]) ? seen[0] : undefined;
}

const wholeNumber = (text) => (/^\d+$/.test(text ?? '') ? Number(text) : text);

/** What one run of a kind states about itself: the labels a file of several such runs gives each run. */
const OF_RUN = {
  // sysbench 0.4 runs its oltp test in a mode it names ("Running mixed OLTP test", "simple"): two modes are two workloads.
  // The pgsql driver speaks only to PostgreSQL; the mysql driver to MySQL and MariaDB alike, so it names no database.
  sysbench: (r) => ({
    threads: r.options?.threads?.value,
    workload: r.test?.name ? [r.test.name, r.test.mode].filter(Boolean).join(' ') : undefined,
    database: r.options?.db_driver === 'pgsql' ? 'PostgreSQL' : undefined,
  }),
  mysqlslap: (r) => ({ engine: r.engine?.name, clients: r.clients?.value }),
  // HammerDB names the database on its result line ("… NOPM from 97188 MySQL TPM").
  hammerdb: (r) => ({ users: r.active_virtual_users?.value, database: r.database ?? undefined }),
  'hammerdb-job': (r) => ({ users: r.active_virtual_users?.value, database: r.database ?? undefined }),
  // BenchBase writes its settings as text ("terminals": "8"); a count is offered as the number it is.
  'benchbase-summary': (r) => ({ terminals: wholeNumber(r.settings?.terminals?.value), benchmark: r.benchmark?.value, server_version: r.dbms_version?.value }),
};

/** Each label of OF_RUN the measuring runs (not a sysbench prepare or cleanup step) of a file state alike. */
const agreedOfRuns = (kind) => (doc) => {
  const runs = kindItems(doc).filter(measures);
  const each = runs.map(OF_RUN[kind]);
  return Object.fromEntries(Object.keys(each[0] ?? {}).map((k) => [k, agreed(each.map((l) => l[k]))]));
};

const fromKind = {
  sysbench: agreedOfRuns('sysbench'),
  mysqlslap: agreedOfRuns('mysqlslap'),
  hammerdb: agreedOfRuns('hammerdb'),
  // A job states its benchmark and warehouses (TPROC-C) or scale factor (TPROC-H) once, and its virtual users in its configuration
  // as well as on its result (a TPROC-H result states none).
  'hammerdb-job': (doc) => {
    const own = agreedOfRuns('hammerdb-job')(doc);
    return { ...own, users: own.users ?? doc.config?.virtual_users?.value, benchmark: doc.job?.benchmark?.value, warehouses: doc.config?.warehouses?.value, scale_factor: doc.config?.scale_factor?.value };
  },
  'benchbase-summary': agreedOfRuns('benchbase-summary'),
  // DBT-2's report states the server ("PostgreSQL 16.2 on x86_64-pc-linux-gnu, …": up to " on ") and its warehouses.
  dbt2: (doc) => ({
    server_version: agreed((doc.reports ?? []).map((r) => r.summary?.dbms?.text?.split(' on ')[0])),
    warehouses: agreed((doc.reports ?? []).map((r) => r.summary?.scale_factor?.value)),
  }),
  // tpcc_start echoes its options: -w warehouses, -c connections.
  'tpcc-mysql': (doc) => ({ warehouses: doc.parameters?.warehouse?.value, connections: doc.parameters?.connection?.value }),
  'global-variables': (doc) => {
    const variable = (name) => agreed((doc.variables ?? []).filter((v) => v.name.toLowerCase() === name).map((v) => v.value));
    const pool = agreed((doc.variables ?? []).filter((v) => v.name.toLowerCase() === 'innodb_buffer_pool_size').map((v) => v.bytes?.value ?? v.number));
    return { server_version: variable('version'), buffer_pool: pool === undefined ? undefined : sizeText(pool) };
  },
  'my-cnf': (doc) => {
    // The option that wins: the last effective one, as the server reads the file.
    const pool = (doc.options ?? []).filter((o) => o.canonical === 'innodb_buffer_pool_size' && o.effective !== false).at(-1);
    return { buffer_pool: pool?.value };
  },
  'table-status': (doc) => ({
    table: agreed((doc.tables ?? []).map((t) => t.name)),
    row_format: agreed((doc.tables ?? []).map((t) => t.row_format)),
  }),
};

/**
 * The labels a parsed document states about its runs, as { name: value },
 * leaving out what the output does not say or says differently for two runs.
 * tool_version is the version the tool printed in its banner.
 */
export function outputLabels(doc) {
  const labels = { tool_version: doc.provenance?.tool?.version ?? undefined, ...(fromKind[doc.kind]?.(doc) ?? {}) };
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
  const own = OF_RUN[doc.kind];
  const runs = kindItems(doc);
  if (!own || runs.length < 2 || !runs.every(measures)) return null;
  const each = runs.map(own);
  const differ = Object.keys(each[0]).filter((k) => each.every((l) => l[k] !== undefined && l[k] !== null) && new Set(each.map((l) => l[k])).size > 1);
  if (!differ.length) return null;
  const entries = each.map((l) => Object.fromEntries(differ.map((k) => [k, l[k]])));
  // Two runs that state the same labels still could not be told apart in a table.
  return new Set(entries.map((e) => JSON.stringify(e))).size === entries.length ? entries : null;
}

/** Kinds whose labels (server version, buffer pool) describe the server every benchmark run of the folder ran against. */
export const SERVER_KINDS = new Set(['global-variables', 'my-cnf']);
