// Every format of the registry declares what the rest of the tool reads of it
// (scripts/parse/formats.mjs lists the fields), with "none" said as null rather
// than left out, and what it declares holds for the documents its own golden
// fixtures parse to: its runs are where `items` says, its headline figures
// are figures its runs print, its labels are read without error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formats, formatNamed, formatsOfRole, declaring, ROLES } from '../../scripts/parse/formats.mjs';
import { kinds } from '../../scripts/compile/kinds.mjs';
import { at, isMissing, kindItems, measures } from '../../scripts/compile/select.mjs';
import { rawFixtureNames, goldenPathOf } from '../helpers/fixtures.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const REQUIRED = ['name', 'version', 'title', 'produces', 'detect', 'createParser', 'role', 'items', 'headline', 'overTime', 'timeField', 'describedByServer', 'labels', 'runLabels'];
const OPTIONAL = ['keepsPartial', 'mentions', 'sizes', 'loadTimes', 'cpuSamples', 'newReport', 'timeHint'];

/** What `tpsreport new report` writes for a format's files, and what each needs beside its shortcode kind. */
const NEW_REPORT = { loneCapture: ['caption'], loneRun: ['caption'], allFiles: ['by', 'caption'], eachFile: ['title'], allCaptures: ['part', 'caption'], histogram: ['each', 'caption'], topWaits: ['each', 'x', 'title'] };

const isFigure = (f) => f && typeof f.metric === 'string' && f.metric !== '' && typeof f.title === 'string' && f.title !== '';
const nullOr = (check) => (v) => v === null || check(v);

/** What each field must hold. */
const CHECKS = {
  name: (v) => /^[a-z][a-z0-9-]*$/.test(v),
  version: (v) => /^\d+\.\d+\.\d+$/.test(v),
  title: (v) => typeof v === 'string' && v !== '',
  produces: (v) => typeof v === 'string' && v !== '',
  detect: (v) => typeof v === 'function',
  createParser: (v) => typeof v === 'function',
  role: (v) => Object.hasOwn(ROLES, v),
  items: (v) => typeof v === 'string' && v !== '',
  headline: nullOr((v) => Array.isArray(v) && v.length > 0 && v.every(isFigure)),
  overTime: nullOr(isFigure),
  timeField: nullOr((v) => typeof v === 'string' && v !== ''),
  describedByServer: (v) => typeof v === 'boolean',
  labels: nullOr((v) => typeof v === 'function'),
  runLabels: nullOr((v) => typeof v === 'function'),
  keepsPartial: (v) => typeof v === 'boolean',
  mentions: (v) => v instanceof RegExp,
  sizes: (v) => ['each', 'metric', 'rows', 'columns'].every((k) => typeof v[k] === 'string') && typeof v.fields === 'object',
  loadTimes: (v) => ['each', 'metric', 'rows'].every((k) => typeof v[k] === 'string') && typeof v.fields === 'object',
  cpuSamples: (v) => ['each', 'idle', 'iowait', 'cpu'].every((k) => typeof v[k] === 'string' && v[k] !== ''),
  newReport: (v) => Object.keys(v).length > 0 && Object.entries(v).every(([what, p]) => Object.hasOwn(NEW_REPORT, what) && (what === 'topWaits' ? Object.keys(p.counters ?? {}).length > 0 : Object.hasOwn(kinds, p.kind)) && NEW_REPORT[what].every((k) => typeof p[k] === 'string' && p[k] !== '')),
  timeHint: (v) => typeof v === 'string' && v !== '',
};

/** The documents a format's golden fixtures hold. */
function goldenDocs(name) {
  const dir = join(ROOT, 'tests', 'fixtures', name);
  if (!existsSync(dir)) return [];
  return rawFixtureNames(dir).map((raw) => JSON.parse(readFileSync(goldenPathOf(join(dir, raw)), 'utf8')));
}

test('each format declares every field the tool reads, each of the right shape, and no field it does not know', () => {
  for (const format of formats) {
    for (const key of REQUIRED) assert.ok(Object.hasOwn(format, key), `${format.name} declares ${key} (null for none)`);
    for (const [key, value] of Object.entries(format)) {
      assert.ok(REQUIRED.includes(key) || OPTIONAL.includes(key), `${format.name}: ${key} is no field of a format`);
      assert.ok(CHECKS[key](value), `${format.name}: ${key} is not what a format's ${key} holds`);
    }
  }
});

test('format names are unique, and the registry finds each by its name and role', () => {
  assert.equal(new Set(formats.map((f) => f.name)).size, formats.length);
  for (const format of formats) {
    assert.equal(formatNamed(format.name), format);
    assert.ok(formatsOfRole(format.role).includes(format));
  }
  assert.equal(formatNamed('no-such-format'), undefined);
});

test('a table kind\'s sources are the formats that declare what it reads, its default first, each with its items', () => {
  for (const field of ['sizes', 'loadTimes']) {
    const declared = formats.filter((f) => f[field]);
    const last = declared.at(-1);
    const sources = declaring(field, last.name);
    assert.deepEqual(Object.keys(sources), [last.name, ...declared.slice(0, -1).map((f) => f.name)]);
    for (const f of declared) assert.deepEqual(sources[f.name], { items: f.items, ...f[field] });
  }
});

test('each format has its schema, for documents of its kind', () => {
  const stems = readdirSync(join(ROOT, 'schemas')).filter((f) => f.endsWith('.schema.json')).map((f) => f.replace('.schema.json', ''));
  for (const { name } of formats) {
    assert.ok(stems.includes(name), `schemas/${name}.schema.json`);
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', `${name}.schema.json`), 'utf8'));
    assert.equal(schema.properties?.kind?.const, name, `schemas/${name}.schema.json is for kind ${name}`);
  }
});

test('what a role implies: a benchmark is described by its server, a figure over time has a time field, one format each reads CPU samples and compression', () => {
  for (const format of formats) {
    if (format.role === 'benchmark') assert.equal(format.describedByServer, true, format.name);
    if (format.overTime) assert.ok(format.timeField, `${format.name} draws ${format.overTime.metric} over time: its samples have a time field`);
    if (format.timeHint) assert.ok(format.timeField, `${format.name}: a time hint for samples it keeps`);
    if (format.runLabels) assert.ok(format.labels, `${format.name}: labels of its runs make labels of its files`);
  }
  assert.equal(formats.filter((f) => f.cpuSamples).length, 1, 'cores-cpu reads one format\'s CPU samples');
  assert.equal(formatsOfRole('compression').length, 1, 'compression-table reads one format\'s captures');
});

test('each format\'s golden documents hold its runs where items says, print its headline figures, and give labels', () => {
  for (const format of formats) {
    const docs = goldenDocs(format.name);
    assert.ok(docs.length > 0, `${format.name} has golden fixtures`);
    for (const doc of docs) {
      assert.equal(doc.kind, format.name);
      if (format.items !== '.') assert.ok(Array.isArray(at(doc, format.items)), `${format.name}: ${format.items} is a list in ${doc.provenance?.source}`);
      const labels = format.labels?.(doc) ?? {};
      assert.equal(typeof labels, 'object', `${format.name}: labels of ${doc.provenance?.source}`);
      if (format.runLabels) for (const run of kindItems(doc)) assert.equal(typeof format.runLabels(run), 'object');
    }
    // Each headline figure, first or a fallback, is a number some run of a fixture prints.
    for (const { metric } of format.headline ?? []) {
      const printed = docs.some((doc) => kindItems(doc).filter(measures).some((run) => {
        const v = at(run, metric);
        return !isMissing(v) && Number.isFinite(v?.value);
      }));
      assert.ok(printed, `${format.name}: no golden fixture's run prints its headline ${metric}`);
    }
  }
});
