// While serving, compile builds a report with an error all the same: the view
// of the shortcode at fault is its error, every other view is fresh, and the
// report is compiled again next time. A build (without errorViews) writes
// nothing for such a report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, readFileSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { compileReports } from '../../scripts/compile/index.mjs';
import { esc } from '../../scripts/compile/html.mjs';
import { undrawn } from '../helpers/undrawn.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const RUN = join(ROOT, 'content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t1.txt');
const HEAD = '---\ntitle: X\ndate: 2026-11-28\nsources:\n  - file: raw/run.txt\n    labels: { server: a }\n---\n\n';
const GOOD = 'Rate: {{< value data="sysbench" metric="transactions.rate" where="server=a" >}}.\n';
const BAD = 'Broken: {{< value data="sysbench" metric="transactions.rat" where="server=a" >}}.\n';

function site(body) {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-error-views-'));
  mkdirSync(join(root, 'content', 'reports', 'x', 'raw'), { recursive: true });
  copyFileSync(RUN, join(root, 'content', 'reports', 'x', 'raw', 'run.txt'));
  writeFileSync(join(root, 'content', 'reports', 'x', 'index.md'), HEAD + body);
  return root;
}

const viewsOf = (root) => JSON.parse(readFileSync(join(root, '.tpsreport', 'views', 'x.json'), 'utf8'));
const rate = /^ *transactions: .*\((\d+\.\d+) per sec\.\)$/m.exec(readFileSync(RUN, 'utf8'))[1];

test('with errorViews, the shortcode at fault shows its error and the others their figures; without, nothing is written', async () => {
  const root = site(GOOD + BAD);
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    const built = await compileReports({ root, drawer: undrawn });
    assert.equal(built.errors.length, 1);
    assert.equal(existsSync(join(root, '.tpsreport', 'views', 'x.json')), false, 'a build writes no views for a report with errors');

    for (const round of [1, 2]) {
      const served = await compileReports({ root, drawer: undrawn, errorViews: true });
      assert.deepEqual(served.errors.map(String), built.errors.map(String), `round ${round}: the same error, found again`);
      const html = Object.values(viewsOf(root).views).map((v) => v.html);
      assert.equal(html.length, 2);
      const [error] = html.filter((h) => h.includes('tps-view-error'));
      assert.ok(error.startsWith('<span class="tps-view-error tps-view-error--inline" role="alert">'), error);
      const [{ line, column, message }] = built.errors;
      assert.equal(line, HEAD.split('\n').length + 1);
      assert.ok(error.includes(`<code>content/reports/x/index.md:${line}:${column}</code>`), error);
      assert.ok(error.includes(esc(message)), error);
      assert.ok(!error.includes('</a>'), 'no figure in the error');
      assert.ok(html.some((h) => h.includes(`>${rate}</a>`)), 'the good value shows the raw line\'s figure');
    }

    writeFileSync(join(root, 'content', 'reports', 'x', 'index.md'), `${HEAD}${GOOD}`);
    assert.deepEqual((await compileReports({ root, drawer: undrawn })).errors, []);
    const fixed = Object.values(viewsOf(root).views).map((v) => v.html);
    assert.equal(fixed.length, 1);
    assert.ok(fixed[0].includes(`>${rate}</a>`) && !fixed[0].includes('tps-view-error'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('with errorViews, a report whose article does not scan has no views left from before', async () => {
  const root = site(GOOD);
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    assert.deepEqual((await compileReports({ root, drawer: undrawn, errorViews: true })).errors, []);
    assert.equal(Object.keys(viewsOf(root).views).length, 1);
    writeFileSync(join(root, 'content', 'reports', 'x', 'index.md'), `${HEAD}${GOOD}Unclosed: {{< value data="sysbench"\n`);
    const served = await compileReports({ root, drawer: undrawn, errorViews: true });
    assert.equal(served.errors.length, 1);
    assert.deepEqual(viewsOf(root), { views: {}, page: { unbuilt: true } });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
