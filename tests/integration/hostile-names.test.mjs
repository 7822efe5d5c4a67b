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
  for (const [, server] of Object.values(RUNS).filter(([, s]) => FORMULA_START.test(s))) assert.ok(text.includes(`'${server}`), `the label ${server} reaches a CSV, as text`);
  for (const file of csvs) {
    for (const [r, row] of csvRows(readText(file)).entries()) {
      for (const cell of row) assert.ok(!FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell), `${relative(site, file)} row ${r + 1}: ${JSON.stringify(cell)}`);
    }
  }
});

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// What programs read, not people: a link (percent-encoded) and a data- attribute, which keeps the raw file's name as it is.
const FOR_PROGRAMS = /\s(?:href|data-[a-z-]+)="[^"]*"/g;

test('a raw file name with U+202E is shown with \\u202E written out on the page, its raw view, the tables, the chart and the CSVs', () => {
  const [spoof] = Object.keys(RUNS).filter((f) => f.includes('\u202E'));
  const shown = `rw-t16-\\u202Etxt.exe`;
  assert.ok(spoof);
  const bundle = join(site, 'public/reports', SLUG);
  const page = readText(join(bundle, 'index.html'));
  assert.ok(page.includes(`>${shown}</a>`), 'the runs table names the file');
  assert.ok(page.includes(`download>raw/${shown}</a>`), 'the list of raw files names the file');
  assert.ok(page.includes(`title="raw/${shown}, line `), 'a figure\'s title names the file');
  const view = readText(join(bundle, 'raw', `${spoof}.html`));
  assert.ok(view.includes(`<title>${shown} · `) && view.includes(`<h1>${shown}</h1>`), 'the raw view names the file');
  assert.ok(readText(join(bundle, 'charts/tps.svg')).includes(`raw file: raw/${shown}`), 'a bar\'s aria-label names the file');
  assert.ok(readText(join(bundle, 'charts/tps.csv')).includes(`raw/${shown}`), 'the chart\'s CSV names the file');
  const published = ['.html', '.svg', '.csv', '.json'].flatMap((ext) => filesUnder(bundle, ext));
  assert.ok(published.length > 8, `${published.length} files`);
  for (const file of published) {
    const text = readText(file).replace(FOR_PROGRAMS, '');
    const at = text.search(BIDI);
    assert.equal(at, -1, `${relative(site, file)} shows a bidirectional control: ${JSON.stringify(text.slice(at - 40, at + 20))}`);
  }
});
