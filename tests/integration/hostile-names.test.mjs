// The sample site built with one more report whose labels and raw file names
// are hostile (tests/helpers/hostile-site.mjs): every file the build writes
// stays safe to open, whatever an author or a raw file named.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hostileSite, cli, filesUnder, csvRows, readText, SLUG, RUNS } from '../helpers/hostile-site.mjs';

let site;
let built;

before(() => {
  site = hostileSite();
  built = cli(site, 'build');
});
after(() => rmSync(site, { recursive: true, force: true }));

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

test('the site with the hostile report builds', () => {
  assert.equal(built.status, 0, built.stderr);
});

test('no cell of any CSV, of the sample reports or the hostile one, opens like a spreadsheet formula unless it is a plain number', () => {
  const csvs = filesUnder(join(site, 'public'), '.csv');
  const hostile = csvs.filter((f) => f.includes(`/reports/${SLUG}/`));
  assert.ok(csvs.length > 80 && hostile.length >= 3, `${csvs.length} CSVs, ${hostile.length} of the hostile report`);
  const text = hostile.map(readText).join('\n');
  for (const [, server] of Object.values(RUNS)) assert.ok(text.includes(`'${server}`), `the label ${server} reaches a CSV, as text`);
  for (const file of csvs) {
    for (const [r, row] of csvRows(readText(file)).entries()) {
      for (const cell of row) assert.ok(!FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell), `${relative(site, file)} row ${r + 1}: ${JSON.stringify(cell)}`);
    }
  }
});
