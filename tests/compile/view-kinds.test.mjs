// Every shortcode that shows data is one module listed in
// scripts/compile/kinds.mjs: these tests hold each entry to what the compiler
// (checkParams, buildView), the reference (tpsreport kinds) and the page read
// from it. The chart kinds' own registry has chart-kinds.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { kinds, PREFIX } from '../../scripts/compile/kinds.mjs';

const COMPILE = join(import.meta.dirname, '..', '..', 'scripts', 'compile');
const FIELDS = ['name', 'summary', 'params', 'build', 'inline', 'inner'];
const PARAM_FIELDS = ['doc', 'required', 'default', 'values'];
const entries = Object.entries(kinds);

/** The kind each module of a folder of view kinds exports. */
const modulesOf = async (folder) => Promise.all(readdirSync(join(COMPILE, folder)).filter((f) => f.endsWith('.mjs')).sort()
  .map(async (file) => [`${folder}/${file}`, (await import(`../../scripts/compile/${folder}/${file}`)).default]));

test('every table and value module is listed under its name, and the chart shortcode too', async () => {
  for (const [file, kind] of [...await modulesOf('tables'), ...await modulesOf('values')]) assert.equal(kinds[kind?.name], kind, file);
  assert.ok(kinds.chart, 'the chart shortcode');
});

test('every kind answers to the name it is listed under, with a one-line summary, its parameters and a build function', () => {
  assert.ok(entries.length > 0);
  for (const [name, kind] of entries) {
    assert.equal(kind.name, name);
    assert.ok(!name.startsWith(PREFIX), `${name}: ${PREFIX} names every kind a second time (kinds.mjs pageKinds)`);
    assert.deepEqual(Object.keys(kind).filter((k) => !FIELDS.includes(k)), [], `${name}: what no step reads`);
    assert.match(kind.summary, /^\S[^\n]*\S$/, name);
    assert.equal(typeof kind.build, 'function', `${name} builds`);
    assert.ok(kind.params && typeof kind.params === 'object' && Object.keys(kind.params).length > 0, `${name} takes parameters`);
    for (const flag of ['inline', 'inner']) if (flag in kind) assert.equal(kind[flag], true, `${name}.${flag}`);
  }
});

test('every parameter has a doc, is required or defaulted or neither, and a default is one of the values it allows', () => {
  for (const [name, kind] of entries) {
    for (const [param, p] of Object.entries(kind.params)) {
      const where = `${name} ${param}`;
      assert.deepEqual(Object.keys(p).filter((k) => !PARAM_FIELDS.includes(k)), [], where);
      assert.equal(typeof p.doc, 'string', where);
      assert.match(p.doc, /^\S[^\n]*\S$/, where);
      if ('required' in p) assert.equal(p.required, true, where);
      if ('default' in p) assert.equal(typeof p.default, 'string', where);
      assert.ok(!(p.required && 'default' in p), `${where}: a required parameter has no default`);
      if ('values' in p) {
        assert.ok(Array.isArray(p.values) && p.values.length > 1 && p.values.every((v) => typeof v === 'string'), `${where}: values are the strings it takes`);
        if ('default' in p) assert.ok(p.values.includes(p.default), `${where}: default ${p.default} is not one of its values`);
      }
      // checkParams gives a kind its shortcode's text between tags as p.inner.
      assert.notEqual(param, 'inner', `${where}: the name of the text between tags`);
    }
  }
});
