// Every input format tpsreport reads. Each module exports `format` with
// { name, version, title, produces, detect(lines) → score, createParser() },
// `keepsPartial` when a cut-off output is worth keeping (marked incomplete)
// rather than refused, and `mentions` when there is a pattern that the joined
// lines of every head detect scores above 0 contain (tests/parse/detect.test.mjs
// holds each format to it).
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
