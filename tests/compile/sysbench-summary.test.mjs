// The sysbench-summary table on runs whose end a Lua report hook printed:
// sysbench.report_json / report_csv as report_cumulative replace the text
// summary, and the table shows their figures, each linked to its raw line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseText } from '../../scripts/parse/index.mjs';
import { viewContext } from '../../scripts/compile/report.mjs';
import { checkParams } from '../../scripts/compile/index.mjs';
import { kinds } from '../../scripts/compile/kinds.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = [
  ['tests/fixtures/sysbench/real-1.0.20-hooks-mariadb-oltp-read-write-csv-cumulative-t2.txt', 'CSV hook'],
  ['tests/fixtures/sysbench/real-1.0.20-hooks-mariadb-oltp-read-write-json-t2.txt', 'text summary'],
];

function context() {
  const docs = FIXTURES.map(([source, end], order) => ({ ...parseText(readFileSync(join(ROOT, source), 'utf8'), { source }), labels: { end }, order }));
  return viewContext({ slug: 'hooks', meta: {}, docs, bundleDir: ROOT });
}

const FIG = /data-source="([^"]+)" data-line="(\d+)"(?: data-text="([^"]*)")?[^>]*>([^<]*)<\/a>/;

test('sysbench-summary shows a cumulative hook report beside a text summary, each figure on the raw line it links to', async () => {
  const kind = kinds['sysbench-summary'];
  const view = await kind.build(context(), checkParams(kind, { name: 'sysbench-summary', params: { by: 'end' }, positional: [], inner: null }));
  const rows = view.tables[0].body.map((r) => r.cells.map((c) => c.html ?? c.text ?? ''));
  assert.ok(rows.some((cells) => cells[0].includes('Cumulative report (Lua hook)')));
  const group = rows.findIndex((cells) => cells[0].includes('Cumulative report (Lua hook)'));
  const hookTps = rows.slice(group).find((cells) => cells[0].startsWith('transactions'));
  const [, source, line, printed, shown] = FIG.exec(hookTps[1]);
  assert.equal(source, FIXTURES[0][0]);
  assert.ok(readFileSync(join(ROOT, source), 'utf8').split('\n')[Number(line) - 1].includes(printed ?? shown));
  assert.equal(printed ?? shown, '356.01');
  assert.doesNotMatch(hookTps[2], /<a /, 'the text-summary run printed no cumulative report');
});
