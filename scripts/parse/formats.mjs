// Every input format tpsreport reads, and all that the rest of the tool knows
// of each: a format module's `format` is the only place its facts live, so
// adding a format is its module, its schema, its fixtures and one line here.
// Each declares (tests/parse/descriptors.test.mjs holds each to it):
//   name, version, title, produces      what it reads and writes (`tpsreport formats`)
//   detect(lines) → score, createParser() how it is recognised and read
//   role               one of ROLES: what its files are in a report
//   items              the list of its runs in a document ('.' when a document is one run)
//   headline           [{ metric, title }]: the figures a first table and chart of it
//                      show, the first one its runs print; null when it has none
//   overTime           { metric, title }: the figure a proposed over-time chart draws; or null
//   timeField          the field of its samples that gives their time in seconds, which
//                      over-time plots them against; null when they have none (or it
//                      keeps no samples)
//   describedByServer  whether a server's settings (version, buffer pool) label it
//   labels(doc)        the labels its output states about the whole file; or null
//   runLabels(run)     the labels one run states about itself; or null
// and, where it has them:
//   keepsPartial       a cut-off output is worth keeping (marked incomplete), not refused
//   mentions           a pattern the joined lines of every head detect scores above 0
//                      contain (tests/parse/detect.test.mjs)
//   sizes, loadTimes   how sizes-table and load-time-table read it
//   cpuSamples         how cores-cpu reads its per-CPU load
//   timeHint           where its samples' times come from, for an error that finds none
//   newReport          what `tpsreport new report` writes for its files: a table of a
//                      lone capture, of a lone run, of all its files or of the first part
//                      (listing, timing) of every capture, percentiles of the runs that
//                      printed a histogram, a block of each file, or a chart of a lone
//                      capture's top waits
//
// Order matters only for ties in detection: more specific formats first.
import { format as sysbench } from './sysbench.mjs';
import { format as dbt2 } from './dbt2.mjs';
import { format as tpccMysql } from './tpcc-mysql.mjs';
import { format as hammerdb } from './hammerdb.mjs';
import { format as fileSizes } from './file-sizes.mjs';
import { format as elapsedTime } from './elapsed-time.mjs';
import { format as vmstat } from './vmstat.mjs';
import { format as mpstat } from './mpstat.mjs';
import { format as myCnf } from './my-cnf.mjs';
import { format as publishedTable } from './published-table.mjs';
import { format as mysqlslap } from './mysqlslap.mjs';
import { format as tableStatus } from './table-status.mjs';
import { format as innodbCmp } from './innodb-cmp.mjs';
import { format as innodbMutex } from './innodb-mutex.mjs';
import { format as globalVariables } from './global-variables.mjs';
import { format as innodbStatus } from './innodb-status.mjs';
import { format as perfSchemaWaits } from './perf-schema-waits.mjs';
import { format as hammerdbJob } from './hammerdb-job.mjs';
import { format as benchbaseSummary } from './benchbase-summary.mjs';
import { format as benchbaseResults } from './benchbase-results.mjs';
import { format as pgbench } from './pgbench.mjs';
import { format as pgbenchInit } from './pgbench-init.mjs';

export const formats = [sysbench, dbt2, tpccMysql, hammerdb, fileSizes, elapsedTime, vmstat, mpstat, myCnf, publishedTable, mysqlslap, tableStatus, innodbCmp, innodbMutex, globalVariables, innodbStatus, perfSchemaWaits, hammerdbJob, benchbaseSummary, benchbaseResults, pgbench, pgbenchInit];

/** What a format's files are in a report. */
export const ROLES = {
  benchmark: 'a benchmark tool\'s results: its runs are what a report measures',
  'server-config': 'the server\'s settings, which label the runs beside them',
  'server-status': 'counters or state captured from the server during the runs',
  compression: 'compression statistics captured from the server',
  sizes: 'sizes of tables or files',
  'host-metrics': 'the machine\'s load sampled alongside the runs',
  timing: 'elapsed times of commands or statements',
  'article-table': 'a result table as an article printed it',
};

const byName = new Map(formats.map((f) => [f.name, f]));

/** The format of that name, or undefined (a document kind no format makes). */
export const formatNamed = (name) => byName.get(name);

/** The formats of one role, in registry order. */
export const formatsOfRole = (role) => formats.filter((f) => f.role === role);

/**
 * What a table kind reads of each format that declares `field` (sizes,
 * loadTimes), as { name: { items, ...declared } }: the `first` format (the
 * table's default) first, the others in registry order.
 */
export function declaring(field, first) {
  const found = formats.filter((f) => f[field]).sort((a, b) => (b.name === first) - (a.name === first));
  return Object.fromEntries(found.map((f) => [f.name, { items: f.items, ...f[field] }]));
}
