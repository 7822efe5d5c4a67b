#!/usr/bin/env node
// `npm run corpus`: parses every real-world sample in ../shared/corpus/ (when
// that folder exists; it is not part of tpsreport) and reports, per format,
// how many parsed, were detected as the right kind and passed their schema.
// Samples that really are broken output should be refused with a located
// message; this check lists those messages so a reader can judge them.
import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFile } from '../../scripts/parse/index.mjs';
import { documentProblems } from '../../scripts/validate/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CORPUS = process.argv[2] ?? join(ROOT, '..', 'shared', 'corpus');

/** Corpus folder → the document kind its files should be detected as. */
const KIND_OF_FOLDER = {
  'sysbench-0.4': 'sysbench', 'sysbench-0.5': 'sysbench', 'sysbench-1.x': 'sysbench', 'sysbench-errors': 'sysbench',
  dbt2: 'dbt2', 'tpcc-mysql': 'tpcc-mysql', hammerdb: 'hammerdb', mysqlslap: 'mysqlslap',
  'table-status': 'table-status', 'innodb-cmp': 'innodb-cmp', 'innodb-mutex': 'innodb-mutex',
};

async function checkFile(path, expectedKind) {
  const source = relative(join(CORPUS, '..'), path);
  try {
    const doc = await parseFile(path, { source });
    if (expectedKind && doc.kind !== expectedKind) return { verdict: 'wrong kind', detail: `detected as ${doc.kind}` };
    const problems = documentProblems(doc, source, { root: join(CORPUS, '..') });
    if (problems.length) return { verdict: 'invalid', detail: `${problems[0].pointer}: ${problems[0].rule} expected ${problems[0].expected}` };
    const status = doc.status ?? doc.runs?.map((r) => r.status).join(',') ?? 'ok';
    return { verdict: 'parsed', detail: `${doc.warnings.length} warnings, status ${status}` };
  } catch (error) {
    if (error instanceof Problem) return { verdict: 'refused', detail: String(error) };
    return { verdict: 'crashed', detail: error.stack };
  }
}

async function main() {
  if (!existsSync(CORPUS)) {
    console.log(`corpus: ${CORPUS} does not exist; nothing to check`);
    return 0;
  }
  const folders = (await readdir(CORPUS, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  let crashed = 0;
  for (const folder of folders) {
    const files = (await readdir(join(CORPUS, folder))).filter((f) => !f.startsWith('.')).sort();
    const results = [];
    for (const name of files) results.push({ name, ...(await checkFile(join(CORPUS, folder, name), KIND_OF_FOLDER[folder])) });
    const parsed = results.filter((r) => r.verdict === 'parsed').length;
    console.log(`${folder}: ${parsed}/${results.length} parsed`);
    for (const r of results) console.log(`  ${r.verdict.padEnd(10)} ${r.name}${r.verdict === 'parsed' ? ` (${r.detail})` : `\n             ${r.detail.split('\n')[0]}`}`);
    crashed += results.filter((r) => r.verdict === 'crashed').length;
  }
  return crashed ? 1 : 0;
}

process.exitCode = await main();
