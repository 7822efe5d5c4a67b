// `parse` and `ingest` never hand on a document its schema refuses: damage a
// parser's patterns let through (an interval stamped "[ infs]", a JSON number
// too large for a double) is refused at the raw line it came from, with
// nothing printed or written, and the checks of a long log's sample columns
// cost a handful of values a column, not every sample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile, parseText } from '../../scripts/parse/index.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { SCHEMA_DIR } from '../../scripts/validate/schemas.mjs';
import { writeIntervalLog } from '../bench/interval-log.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'tpsreport.mjs');

/** A fixture with `from` replaced by `to` on its first line holding `from`, and that line's number. */
function damaged(fixture, from, to) {
  const lines = readFileSync(join(ROOT, 'tests/fixtures', fixture), 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes(from));
  assert.ok(at >= 0, `${fixture} has no ${from}`);
  lines[at] = lines[at].replace(from, to);
  return { text: lines.join('\n'), line: at + 1 };
}

function tempDir(t) {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-written-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const MUTANTS = [
  { what: 'a sysbench interval stamped "[  infs]"', fixture: 'sysbench/hand-0.5-intervals-nocomma-p99.txt', from: '[  20s]', to: '[  infs]', pointer: '/runs/0/intervals/samples/t/1', found: /^null/ },
  { what: 'a BenchBase summary count too large for a double', fixture: 'benchbase-summary/summary-reconstructed-from-resultwriter-final-state-error-synthetic-values.json', from: '"Measured Requests": 0,', to: '"Measured Requests": -1e999,', pointer: '/runs/0/measured_requests/value', found: /^-infinity/ },
  { what: 'a HammerDB job sample too large for a double', fixture: 'hammerdb-job/real-v6.0-mariadb-tproc-c-hammerdb-results-repository-6A1F3800DC4703E203530393.json', from: '"value": 1482582', to: '"value": 14e2582', pointer: '/results/0/intervals/samples/11/tpm', found: /^infinity/ },
];

for (const { what, fixture, from, to, pointer, found } of MUTANTS) {
  test(`${what} is refused at its raw line, not read as a document its schema refuses`, async (t) => {
    const { text, line } = damaged(fixture, from, to);
    const path = join(tempDir(t), fixture.split('/')[1]);
    writeFileSync(path, text);
    const refusal = await parseFile(path, { source: 'raw/damaged' }).then(() => null, (error) => error);
    assert.ok(refusal instanceof Problem, `not refused: ${refusal}`);
    assert.deepEqual([refusal.file, refusal.line, refusal.pointer, refusal.rule], ['raw/damaged', line, pointer, 'schema/type']);
    assert.match(refusal.expected, /^a value of type (number|integer) \(the [a-z-]+ schema\)$/);
    assert.match(refusal.found, found);
    assert.throws(() => parseText(text, { source: 'raw/damaged' }), (error) => error instanceof Problem && error.line === line);

    const cli = spawnSync(process.execPath, [CLI, 'parse', path], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(cli.status, 1, cli.stderr);
    assert.equal(cli.stdout, '', 'no document printed');
    assert.ok(cli.stderr.startsWith(`${path}:${line} ${pointer}: expected a value of type`), cli.stderr);
    assert.doesNotMatch(cli.stderr, /\n\s+at /, 'no stack trace');
  });
}

test('a value the schema refuses deep in a long log is placed at its own sample and line', async (t) => {
  const dir = tempDir(t);
  const path = join(dir, 'long.txt');
  writeIntervalLog(path, 1 << 20);
  const lines = readFileSync(path, 'utf8').split('\n');
  const clean = await parseFile(path);
  const samples = clean.runs[0].intervals.samples;
  assert.ok(samples.count > 2 * 4096, 'the log spans several sealed chunks');
  // Sample 6999 sits in a sealed chunk, sample count-1 in the open one.
  for (const sample of [6999, samples.count - 1]) {
    const at = samples.line[sample] - 1;
    const stamp = `[ ${samples.t[sample]}s ]`;
    assert.ok(lines[at].startsWith(stamp), lines[at]);
    writeFileSync(path, [...lines.slice(0, at), lines[at].replace(stamp, '[ infs ]'), ...lines.slice(at + 1)].join('\n'));
    const refusal = await parseFile(path).then(() => null, (error) => error);
    assert.ok(refusal instanceof Problem, `sample ${sample} not refused`);
    assert.deepEqual([refusal.line, refusal.pointer], [at + 1, `/runs/0/intervals/samples/t/${sample}`]);
  }
});

test('ingest writes no document for a raw file whose document its schema refuses, and says where', async (t) => {
  const root = tempDir(t);
  const raw = join(root, 'content/reports/r/raw');
  mkdirSync(raw, { recursive: true });
  const { text, line } = damaged('sysbench/hand-0.5-intervals-nocomma-p99.txt', '[  10s]', '[  infs]');
  writeFileSync(join(raw, 'run.txt'), text);
  writeFileSync(join(root, 'content/reports/r/index.md'), '---\ntitle: T\nsources:\n  - file: raw/run.txt\n---\nText.\n');
  const result = await ingestReports({ root });
  assert.equal(result.errors.length, 1, String(result.errors));
  const [error] = result.errors;
  assert.deepEqual([error.file, error.line, error.rule], ['content/reports/r/raw/run.txt', line, 'schema/type']);
  assert.equal(existsSync(join(root, 'data/reports/r/run.json')), false);
});

/**
 * parse/written.mjs checks a sample column by a few of its values (its first
 * null, fraction and value that is not finite, its least and greatest), which
 * holds only while every check a column's schema makes is one value at a time
 * against a type or a bound. A table in a schema: an object with an integer
 * `count` and nothing else but columns (arrays) and nested tables.
 */
test('every sample column schema checks one value at a time, against a type or a bound', () => {
  const common = JSON.parse(readFileSync(join(SCHEMA_DIR, 'common.schema.json'), 'utf8'));
  const PER_VALUE = new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'description']);
  const tables = [];
  const walk = (node, where) => {
    if (!node || typeof node !== 'object') return;
    const props = node.properties;
    const columns = props && Object.entries(props).filter(([k]) => k !== 'count').map(([, p]) => p.type);
    if (props?.count?.type === 'integer' && columns.includes('array') && columns.every((t) => t === 'array' || t === 'object')) tables.push([node, where]);
    for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
  };
  for (const name of ['sysbench']) walk(JSON.parse(readFileSync(join(SCHEMA_DIR, `${name}.schema.json`), 'utf8')), name);
  assert.ok(tables.length >= 2, 'the sample columns and their field lines are found');
  for (const [table, where] of tables) {
    assert.equal(table.additionalProperties, false, `${where}: a column not named in the schema would go unchecked`);
    for (const [name, column] of Object.entries(table.properties)) {
      if (column.type !== 'array') continue;
      assert.deepEqual(Object.keys(column).filter((k) => !['type', 'items', 'description'].includes(k)), [], `${where}/${name}`);
      const items = column.items.$ref ? common.$defs[column.items.$ref.split('/').pop()] : column.items;
      assert.deepEqual(Object.keys(items).filter((k) => !PER_VALUE.has(k)), [], `${where}/${name}/items`);
    }
  }
});
