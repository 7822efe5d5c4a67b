// Every chart kind is one module (scripts/compile/charts/index.mjs lists
// them): these tests hold each module to what the chart shortcode, the
// reference and the publishing steps read from it, without drawing anything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { chartKinds } from '../../scripts/compile/charts/index.mjs';
import chart, { COMMON } from '../../scripts/compile/charts/chart.mjs';

const HOOKS = ['settle', 'columns', 'pick', 'unique', 'shape', 'yUnit', 'figures', 'bars', 'samples', 'data'];
const FLAGS = ['xIsLabel', 'reducible'];
const PARAM_FIELDS = ['doc', 'required', 'default', 'check'];
const kinds = Object.entries(chartKinds);

test('every chart kind answers to the name it is listed under, with a one-line summary and a spec function', () => {
  assert.ok(kinds.length > 0);
  for (const [name, kind] of kinds) {
    assert.equal(kind.name, name);
    assert.match(kind.summary, /^\S[^\n]*\S$/, name);
    assert.equal(typeof kind.spec, 'function', `${name} exports spec`);
  }
});

test('every parameter a kind takes has a doc, and is required, defaulted, checked or plain, never required and defaulted', () => {
  for (const [name, kind] of kinds) {
    assert.ok(Object.keys(kind.params).length > 0, `${name} takes parameters`);
    for (const [param, p] of Object.entries(kind.params)) {
      const where = `${name} ${param}`;
      assert.deepEqual(Object.keys(p).filter((k) => !PARAM_FIELDS.includes(k)), [], where);
      assert.equal(typeof p.doc, 'string', where);
      // One line: the reference and `tpsreport kinds` print a parameter's doc after its name.
      assert.match(p.doc, /^\S[^\n]*\S$/, where);
      if ('required' in p) assert.equal(p.required, true, where);
      if ('default' in p) assert.equal(typeof p.default, 'string', where);
      assert.ok(!(p.required && 'default' in p), `${where}: a required parameter has no default`);
      if ('check' in p) assert.equal(typeof p.check, 'function', where);
    }
  }
});

test('no kind takes a parameter every chart takes: the shortcode would lose that parameter\'s own rules', () => {
  for (const [name, kind] of kinds) assert.deepEqual(Object.keys(kind.params).filter((p) => p in COMMON), [], name);
});

test('a parameter several kinds take reads the same in each, and the chart shortcode lists it with that doc', () => {
  const docs = new Map();
  for (const [name, kind] of kinds) {
    for (const [param, { doc }] of Object.entries(kind.params)) {
      if (docs.has(param)) assert.equal(doc, docs.get(param).doc, `${param}: ${name} and ${docs.get(param).kind}`);
      else docs.set(param, { doc, kind: name });
    }
  }
  assert.deepEqual(Object.keys(chart.params), [...Object.keys(COMMON), ...Object.keys(chart.params).filter((p) => !(p in COMMON))]);
  assert.deepEqual(Object.keys(chart.params).filter((p) => !(p in COMMON)).sort(), [...docs.keys()].sort());
  for (const [param, { doc }] of docs) assert.deepEqual(chart.params[param], { doc }, `${param}: no kind's default or requirement applies before the kind is known`);
});

test('a kind\'s hooks are functions and its flags are true, each under the name the pipeline calls', () => {
  for (const [name, kind] of kinds) {
    for (const hook of HOOKS) if (hook in kind) assert.equal(typeof kind[hook], 'function', `${name}.${hook}`);
    for (const flag of FLAGS) if (flag in kind) assert.equal(kind[flag], true, `${name}.${flag}`);
  }
  // A kind that adds rows of another quantity says which rows are its own figures, and tables the others.
  for (const [name, kind] of kinds) if (kind.samples) assert.equal(typeof kind.figures, 'function', `${name} draws samples beside its figures`);
});

test('every module of scripts/compile/charts/ that makes a spec is a kind listed under its name', async () => {
  const dir = join(import.meta.dirname, '..', '..', 'scripts', 'compile', 'charts');
  const modules = await Promise.all(readdirSync(dir).filter((f) => f.endsWith('.mjs')).map(async (f) => [f, await import(join(dir, f))]));
  const makers = modules.filter(([, m]) => typeof m.spec === 'function');
  assert.equal(makers.length, kinds.length);
  for (const [file, m] of makers) assert.equal(chartKinds[m.name]?.spec, m.spec, file);
});

test('every chart kind has a reviewed golden drawing (charts.test.mjs draws each against it)', () => {
  for (const [name] of kinds) assert.ok(existsSync(join(import.meta.dirname, 'golden', `${name}.svg`)), `tests/compile/golden/${name}.svg`);
});
