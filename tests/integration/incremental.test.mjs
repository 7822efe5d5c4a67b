// A second build with nothing changed touches no file, and a change to one raw
// file rebuilds that report only. Runs the real pipeline (parsers, compile,
// Hugo) on a copy of the project's own reports in a temporary folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeSite, sourceReports } from '../bench/scale.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

function build(dir) {
  const r = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stderr;
}

function mtimes(dir, sub) {
  const base = join(dir, sub);
  return new Map(readdirSync(base, { recursive: true }).map((f) => [f, statSync(join(base, f))]).filter(([, s]) => s.isFile()).map(([f, s]) => [f, s.mtimeMs]));
}

test('a build with nothing changed rewrites nothing, and a changed raw file rebuilds only its report', { timeout: 300_000 }, () => {
  const dir = makeSite(ROOT, 7);
  try {
    build(dir);
    const before = { public: mtimes(dir, 'public'), data: mtimes(dir, 'data') };
    assert.ok(before.public.size > 100);
    // Raw files are published from compile's copy beside their views; Hugo leaves raw/ out of content.
    const published = readdirSync(join(dir, 'content', 'reports')).filter((d) => !d.endsWith('.md'));
    for (const s of published) {
      const rawDir = join(dir, 'content', 'reports', s, 'raw');
      for (const name of readdirSync(rawDir, { recursive: true }).filter((n) => statSync(join(rawDir, n)).isFile())) {
        assert.deepEqual(readFileSync(join(dir, 'public', 'reports', s, 'raw', name)), readFileSync(join(dir, 'content', 'reports', s, 'raw', name)), `${s}/raw/${name} published byte for byte`);
      }
      assert.ok(!existsSync(join(dir, '.tpsreport', 'hugo-out', 'reports', s, 'raw')), `Hugo copied ${s}/raw/`);
    }

    assert.match(build(dir), /nothing changed since the last build/);
    assert.deepEqual(mtimes(dir, 'public'), before.public);
    assert.deepEqual(mtimes(dir, 'data'), before.data);

    // A report's folder removed from public/ is built and published again; then nothing has changed once more.
    const gone = published[0];
    const pages = mtimes(dir, join('public', 'reports', gone));
    rmSync(join(dir, 'public', 'reports', gone), { recursive: true });
    assert.match(build(dir), /hugo: every page/);
    assert.deepEqual([...mtimes(dir, join('public', 'reports', gone)).keys()].sort(), [...pages.keys()].sort());
    assert.match(build(dir), /nothing changed since the last build/);
    // A frozen build checks data/ against the raw files every time, even with nothing changed.
    const frozen = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build', '--frozen'], { cwd: dir, encoding: 'utf8' });
    assert.equal(frozen.status, 0, frozen.stderr);
    assert.match(frozen.stderr, /frozen: \d+ documents checked against the raw files/);
    const before2 = { public: mtimes(dir, 'public'), data: mtimes(dir, 'data') };
    Object.assign(before, before2);

    const slug = readdirSync(join(dir, 'content', 'reports')).find((d) => d.startsWith('innodb-plugin-vs-builtin-'));
    const raw = join(dir, 'content', 'reports', slug, 'raw', 'sysbench-5.5.9-rw.txt');
    const rate = (file) => /transactions: +\d+ +\((\d+\.\d+) per sec\.\)/.exec(readFileSync(file, 'utf8'))[1];
    const printed = rate(raw);
    // Another capture's real figure, so the page must change to it.
    const other = rate(join(dir, 'content', 'reports', slug, 'raw', 'sysbench-5.1-builtin-rw.txt'));
    assert.notEqual(other, printed);
    const count = (html, figure) => html.split(`>${figure}</a>`).length - 1;
    const shownBefore = count(readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8'), other);
    writeFileSync(raw, readFileSync(raw, 'utf8').replace(`(${printed} per sec.)`, `(${other} per sec.)`));

    const log = build(dir);
    assert.match(log, /ingest: .*\(1 parsed\)/);
    assert.match(log, /compile: .*\(\d+ built, 1 report recompiled\)/);
    assert.match(log, /hugo: 1 changed report/);
    const after = mtimes(dir, 'public');
    const touched = [...after].filter(([f, m]) => before.public.get(f) !== m).map(([f]) => f);
    assert.ok(touched.length > 0);
    for (const f of touched) assert.ok(f.startsWith(`reports/${slug}/`), `${f} was rewritten although its report did not change`);
    const page = readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8');
    assert.ok(count(page, other) > shownBefore, 'the new figure is on the page where the old one was');
    assert.ok(!page.includes(`>${printed}</a>`), 'the old figure is gone');

    // Two prose edits in a row reuse every view; the page changes and its chart files stay published.
    const index = join(dir, 'content', 'reports', slug, 'index.md');
    const charts = readdirSync(join(dir, 'public', 'reports', slug, 'charts')).sort();
    assert.ok(charts.length >= 5);
    const rawFiles = mtimes(dir, join('public', 'reports', slug, 'raw'));
    assert.ok([...rawFiles.keys()].some((f) => f.endsWith('.txt.html')));
    for (const word of ['first', 'second']) {
      writeFileSync(index, readFileSync(index, 'utf8').replace(/\n\n([A-Z][a-z]+ )/, `\n\nEdited (${word}). $1`));
      const edited = build(dir);
      assert.match(edited, /compile: .*\(0 built, 1 report recompiled\)/);
      assert.match(edited, /hugo: 1 changed report/);
      assert.ok(readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8').includes(`Edited (${word}).`));
      assert.deepEqual(readdirSync(join(dir, 'public', 'reports', slug, 'charts')).sort(), charts);
      assert.deepEqual(mtimes(dir, join('public', 'reports', slug, 'raw')), rawFiles, 'the raw files and their line-numbered views stay, unwritten');
    }
    // A label title is front matter a view reads: changing it alone rebuilds the views that show it.
    writeFileSync(index, readFileSync(index, 'utf8').replace(/^sources:/m, 'labels: { server: "Server build" }\nsources:'));
    const titled = build(dir);
    assert.doesNotMatch(titled, /compile: .*\(0 built/);
    assert.ok(readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8').includes('>Server build</th>'), 'the new label title heads the table');
    // Hugo saw only that report for the edit; the page must be what a build of the whole site writes.
    const edited = readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8');
    rmSync(join(dir, '.tpsreport', 'cache', 'build.json'));
    assert.match(build(dir), /hugo: every page/);
    assert.equal(readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8'), edited);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a raw file replaced by a copy that keeps its size and mtime (cp -p, touch -r) is seen by a plain build', { timeout: 300_000 }, () => {
  const dir = makeSite(ROOT, sourceReports(ROOT).length);
  try {
    build(dir);
    const slug = readdirSync(join(dir, 'content', 'reports')).find((d) => d.startsWith('mariadb-sysbench-threads'));
    const raw = join(dir, 'content', 'reports', slug, 'raw', 'oltp_read_only-t1.txt');
    const text = readFileSync(raw, 'utf8');
    const [line, rate] = /^ *transactions: +\d+ +\((\d+\.\d+) per sec\.\)$/m.exec(text);
    // The same number of characters: only the last digit of the rate changes.
    const edited = `${rate.slice(0, -1)}${rate.at(-1) === '9' ? '8' : '9'}`;
    const before = statSync(raw, { bigint: true });
    const ref = join(dir, 'mtime-reference');
    assert.equal(spawnSync('cp', ['-p', raw, ref]).status, 0);
    writeFileSync(raw, text.replace(line, line.replace(rate, edited)));
    assert.equal(spawnSync('touch', ['-r', ref, raw]).status, 0);
    const after = statSync(raw, { bigint: true });
    assert.equal(after.size, before.size);
    assert.equal(after.mtimeNs, before.mtimeNs, 'the mtime is kept to the nanosecond');

    assert.doesNotMatch(build(dir), /nothing changed since the last build/);
    const page = readFileSync(join(dir, 'public', 'reports', slug, 'index.html'), 'utf8');
    assert.ok(page.includes(`data-source="raw/oltp_read_only-t1.txt"`) && page.includes(`>${edited}</a>`), 'the page shows the edited figure');
    assert.ok(!page.includes(`>${rate}</a>`), 'the old figure is gone');
    assert.equal(readFileSync(join(dir, 'public', 'reports', slug, 'raw', 'oltp_read_only-t1.txt'), 'utf8'), readFileSync(raw, 'utf8'), 'the published raw file is the new one');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
