// Labels a raw file states itself: what the tool printed about the run
// (threads, clients, warehouses, test name, tool and server version, table,
// row format, buffer pool). `tpsreport new report` offers them in the front
// matter it writes, so an author checks them instead of typing them; ingest
// still reads labels from the front matter only.

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

const fromKind = {
  sysbench: (doc) => {
    const runs = (doc.runs ?? []).filter((r) => r.command !== 'prepare' && r.command !== 'cleanup');
    return {
      threads: agreed(runs.map((r) => r.options?.threads?.value)),
      workload: agreed(runs.map((r) => r.test?.name ?? undefined)),
    };
  },
  mysqlslap: (doc) => ({
    engine: agreed((doc.runs ?? []).map((r) => r.engine?.name)),
    clients: agreed((doc.runs ?? []).map((r) => r.clients?.value)),
  }),
  hammerdb: (doc) => ({ users: agreed((doc.results ?? []).map((r) => r.active_virtual_users?.value)) }),
  // DBT-2's report states the server ("PostgreSQL 16.2 on x86_64-pc-linux-gnu, …": up to " on ") and its warehouses.
  dbt2: (doc) => ({
    server_version: agreed((doc.reports ?? []).map((r) => r.summary?.dbms?.text?.split(' on ')[0])),
    warehouses: agreed((doc.reports ?? []).map((r) => r.summary?.scale_factor?.value)),
  }),
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

/** Kinds whose labels (server version, buffer pool) describe the server every benchmark run of the folder ran against. */
export const SERVER_KINDS = new Set(['global-variables', 'my-cnf']);
