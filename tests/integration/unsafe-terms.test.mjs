// A taxonomy term is a folder of the built site: a term that climbs out of
// its folder is refused at its front matter line, and the build leaves every
// page of the last good site as it was and writes nothing outside public/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, readFileSync, writeFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, basename } from 'node:path';
import { hostileSite, cli, filesUnder, SLUG } from '../helpers/hostile-site.mjs';

let site;
let outside;

before(() => {
  site = hostileSite();
  outside = mkdtempSync(join(tmpdir(), 'tpsreport-outside-'));
});
after(() => {
  rmSync(site, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** Every file of public/ with its bytes. */
const snapshot = (dir) => new Map(filesUnder(dir, '').map((f) => [relative(dir, f), readFileSync(f)]));

test('terms that climb out of their folder stop the build at their line, and no page or outside file is written', () => {
  const first = cli(site, 'build');
  assert.equal(first.status, 0, first.stderr);
  const gallery = join(site, 'public/reports/chart-gallery/index.html');
  assert.match(readFileSync(gallery, 'utf8'), /<title>Latency histograms from sysbench cpu/);
  const before = snapshot(join(site, 'public'));

  const index = join(site, 'content/reports', SLUG, 'index.md');
  const target = join(outside, 'x');
  const climb = `${'../'.repeat(12)}${target.replace(/^\//, '')}`;
  const text = readFileSync(index, 'utf8');
  writeFileSync(index, text.replace('\nsummary:', `\ntags: [fine, "../reports/chart-gallery"]\nservers: [${JSON.stringify(climb)}]\nsummary:`));
  const lineOf = (needle) => readFileSync(index, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

  const second = cli(site, 'build');
  assert.notEqual(second.status, 0, 'the build fails');
  assert.ok(second.stderr.includes(`content/reports/${SLUG}/index.md:${lineOf('../reports/chart-gallery')}:1: expected each of tags a term that names one page under tags/`), second.stderr);
  assert.ok(second.stderr.includes(`content/reports/${SLUG}/index.md:${lineOf(climb)}:1: expected each of servers a term that names one page under servers/`), second.stderr);
  assert.ok(!/\n\s+at /.test(second.stderr), 'no stack trace');
  assert.ok(!existsSync(target), `nothing written at ${target}`);
  const after = snapshot(join(site, 'public'));
  assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort(), 'public/ has the same files');
  for (const [file, bytes] of before) assert.ok(after.get(file).equals(bytes), `${file} unchanged`);
  assert.ok(!filesUnder(join(site, '.tpsreport'), '').some((f) => f.includes(basename(outside))), 'Hugo staged no page for the term either');
});
