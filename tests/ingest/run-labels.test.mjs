// run_labels must name every run of its file, no more and no fewer: a file
// cut after its first run, with two entries still listed, lost a run from
// every table without a word, and `labels` printed a run the file lacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, cpSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { runLabels } from '../../scripts/author/labels.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
// Four runs: two engines, each at two concurrencies.
const SLAP = join(ROOT, 'tests/fixtures/mysqlslap/mariadb-10.11-engines-concurrency.txt');

function site(sources) {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-run-labels-'));
  const bundle = join(root, 'content', 'reports', 'x');
  mkdirSync(join(bundle, 'raw'), { recursive: true });
  cpSync(SLAP, join(bundle, 'raw', 'slap-a.txt'));
  cpSync(SLAP, join(bundle, 'raw', 'slap-b.txt'));
  writeFileSync(join(bundle, 'index.md'), `---\ntitle: Runs\nsources:\n${sources}---\nText.\n`);
  return root;
}

// As the file prints them: innodb at 1 and 4 clients, then myisam at 1 and 4.
const four = '[{ engine: innodb, clients: 1 }, { engine: innodb, clients: 4 }, { engine: myisam, clients: 1 }, { engine: myisam, clients: 4 }]';

test('run_labels with an entry too few or too many is refused at its line, in ingest and in labels', async () => {
  const cases = [
    ['  - file: raw/slap-a.txt\n    run_labels: [{ clients: 1 }, { clients: 4 }, { clients: 1 }]\n', 5, 'raw/slap-a.txt', '3 entries'],
    [`  - glob: "raw/slap-{copy}.txt"\n    format: mysqlslap\n    run_labels: ${four.replace('}]', '}, { clients: 8 }]')}\n`, 6, 'raw/slap-a.txt', '5 entries'],
  ];
  for (const [sources, line, file, found] of cases) {
    const root = site(sources);
    try {
      const expected = `content/reports/x/index.md:${line}:1: expected run_labels with one entry for each run content/reports/x/${file} holds (4), in the order it prints them, found ${found}`;
      const { errors } = await ingestReports({ root });
      assert.equal(String(errors[0]), expected);
      await assert.rejects(runLabels({ root, slug: 'x' }), (e) => String(e) === expected);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
});

test('run_labels with one entry for each run labels them in order', async () => {
  const root = site(`  - file: raw/slap-a.txt\n    run_labels: ${four}\n`);
  try {
    assert.deepEqual((await ingestReports({ root })).errors, []);
    const { rows } = await runLabels({ root, slug: 'x' });
    const printed = readFileSync(SLAP, 'utf8').split('\n');
    const engines = printed.flatMap((l) => /Running for engine (\w+)/.exec(l)?.[1] ?? []);
    const clients = printed.flatMap((l) => /Number of clients running queries: (\d+)/.exec(l)?.[1] ?? []).map(Number);
    assert.deepEqual(rows.map((r) => [r.run, r.labels.engine, r.labels.clients]), engines.map((e, i) => [String(i + 1), e, clients[i]]));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
