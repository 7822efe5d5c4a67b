// A sentence whose claim the data contradicts stops the build, naming the
// page's file and the claim's line, and leaves the site that was there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeSite, sourceReports } from '../bench/scale.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

test('a claim the data contradicts stops the build with the page\'s file and line', { timeout: 300_000 }, () => {
  const sources = sourceReports(ROOT);
  const n = sources.indexOf('cpu-efficiency-by-cores') + 1;
  assert.ok(n > 0);
  const dir = makeSite(ROOT, n);
  try {
    const slug = `cpu-efficiency-by-cores-${String(n - 1).padStart(4, '0')}`;
    const index = join(dir, 'content', 'reports', slug, 'index.md');
    const text = readFileSync(index, 'utf8');
    // The report says the second core lifted throughput (with the hash index off and eight
    // sessions per core, a median of 853.55 against 654.74 tx/s over two passes); claim the opposite.
    const claim = '{{< claim data="sysbench" metric="transactions.rate" where="variant=AHI off;threads_per_core=8" a="cores=2" b="cores=1" relation="higher" >}}';
    assert.ok(text.includes(claim), 'the report still has the claim this test turns around');
    const before = text.slice(0, text.indexOf(claim));
    const [line, column] = [before.split('\n').length, before.length - before.lastIndexOf('\n')];
    writeFileSync(index, text.replace(claim, claim.replace('relation="higher"', 'relation="lower"')));
    const r = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, encoding: 'utf8' });
    assert.notEqual(r.status, 0);
    const expected = `content/reports/${slug}/index.md:${line}:${column}: claim: the data does not support relation="lower": a="cores=2" is 853.55 and b="cores=1" is 654.74`;
    assert.ok(r.stderr.includes(expected), `stderr should name the claim:\n${r.stderr}`);
    assert.equal(r.stderr.split('\n').filter((l) => l.includes(': claim: ')).length, 1, 'the mistake is reported once');
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    assert.ok(!existsSync(join(dir, 'public', 'reports', slug, 'index.html')), 'no page was published from the failed build');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
