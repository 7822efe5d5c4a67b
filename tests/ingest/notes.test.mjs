// What ingest tells an author beside its errors: a line the parser could not
// read, output that stops early, and a raw file a parser reads that no source
// lists, each at its file and line; the build goes on, and the raw file stays as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ingestReports } from '../../scripts/ingest/index.mjs';
import { textLine } from '../../scripts/problems/reporters.mjs';

const formatNotes = (notes) => notes.map(textLine).join('\n');

const ROOT = join(import.meta.dirname, '..', '..');
const RAW = join(ROOT, 'content/reports/mariadb-sysbench-threads/raw');

test('ingest notes a line the parser did not read, output cut short and an unlisted run, once each, and changes no raw file', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-notes-'));
  const raw = join(root, 'content/reports/x/raw');
  try {
    mkdirSync(raw, { recursive: true });
    const lines = readFileSync(join(RAW, 'oltp_read_write-t4-interval.txt'), 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('[ 2s ]'));
    const damaged = [...lines.slice(0, at), 'xx garbage !!@@ line', ...lines.slice(at)].join('\n');
    writeFileSync(join(raw, 'damaged.txt'), damaged);
    const cut = lines.findIndex((l) => l.startsWith('[ 10s ]'));
    writeFileSync(join(raw, 'cut.txt'), `${lines.slice(0, cut).join('\n')}\n${lines[cut].slice(0, 20)}`);
    cpSync(join(RAW, 'oltp_read_write-t8.txt'), join(raw, 'late-run.txt'));
    cpSync(join(RAW, 'commands.txt'), join(raw, 'commands.txt'));
    writeFileSync(join(root, 'content/reports/x/index.md'), '---\ntitle: Notes\nsources:\n  - file: raw/damaged.txt\n  - file: raw/cut.txt\n---\nText.\n');
    const result = await ingestReports({ root });
    assert.deepEqual(result.errors, []);
    assert.equal(formatNotes(result.notes), [
      'content/reports/x/index.md: note: a raw file holds output a parser reads, but no source lists it: raw/late-run.txt (sysbench); published as it is, in no table or chart (`tpsreport labels` lists the runs that are read)',
      `content/reports/x/raw/damaged.txt:${at + 1}: note: unrecognised line ("xx garbage !!@@ line")`,
      `content/reports/x/raw/cut.txt:${cut + 1}: note: the file ends on this interval line, which is not whole; left out ("${lines[cut].slice(0, 20)}")`,
      `content/reports/x/raw/cut.txt:${cut + 1}: note: the output stops here (${JSON.parse(readFileSync(join(root, 'data/reports/x/cut.json'), 'utf8')).incomplete.reason}); its run is shown as incomplete`,
    ].join('\n'));
    assert.equal(readFileSync(join(raw, 'damaged.txt'), 'utf8'), damaged, 'the raw file is as it was');
    assert.deepEqual((await ingestReports({ root })).notes, [], 'an unchanged report is not read again, and says nothing again');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a number kept exact as text (past 2^53) is no note: nothing in the raw file is wrong', async () => {
  const { parseFile } = await import('../../scripts/parse/index.mjs');
  const { parserNotes } = await import('../../scripts/ingest/notes.mjs');
  for (const fixture of ['global-variables/hand-batch-value-past-the-largest-double.txt', 'perf-schema-waits/hand-batch-snapshots-sum-timer-wait-past-2-53.txt', 'innodb-cmp/hand-batch-compress-ops-20-digit-counter.txt']) {
    const doc = await parseFile(join(ROOT, 'tests/fixtures', fixture));
    assert.ok(doc.warnings.length > 0 && doc.warnings.every((w) => w.exact_text), `${fixture}: its warnings are all of exact text`);
    assert.deepEqual(parserNotes(doc), [], fixture);
    const damaged = { ...doc, warnings: [...doc.warnings, { line: 2, message: 'unrecognised line', text: 'xx' }] };
    assert.deepEqual(parserNotes(damaged), [{ line: 2, message: 'unrecognised line ("xx")' }], `${fixture}: another warning is still a note`);
  }
});

test('a shortcode written in Hugo\'s commented-out form is a note at its line: it would place nothing', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-notes-'));
  try {
    mkdirSync(join(root, 'content/reports/x/raw'), { recursive: true });
    cpSync(join(RAW, 'oltp_read_write-t8.txt'), join(root, 'content/reports/x/raw/t8.txt'));
    // Line 6 is the first line of the body; the shortcode opens on line 8.
    const text = '---\ntitle: Commented\nsources:\n  - file: raw/t8.txt\n---\nIntro.\n\n{{</* table data="sysbench" metric="transactions.rate"\n    rows="threads" */>}}\n\n{{% /* value data="sysbench" */ %}}\n';
    writeFileSync(join(root, 'content/reports/x/index.md'), text);
    const { notes } = await ingestReports({ root });
    assert.equal(formatNotes(notes), "content/reports/x/index.md:8: note: {{</* table … */>}} is Hugo's commented-out form: the page prints it as text and places no table (and 1 more below); write {{< table … >}}");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('raw files the front matter keeps under `unread` are no note; an entry that matches nothing is an error at its line', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tpsreport-notes-'));
  const raw = join(root, 'content/reports/x/raw');
  try {
    mkdirSync(join(raw, 'vars'), { recursive: true });
    cpSync(join(RAW, 'oltp_read_write-t8.txt'), join(raw, 't8.txt'));
    cpSync(join(RAW, 'oltp_read_write-t4.txt'), join(raw, 'prepare.txt'));
    cpSync(join(RAW, 'global-variables.txt'), join(raw, 'vars/global-variables-a.txt'));
    cpSync(join(RAW, 'global-variables.txt'), join(raw, 'vars/global-variables-b.txt'));
    cpSync(join(RAW, 'oltp_read_write-t1.txt'), join(raw, 'forgotten.txt'));
    const index = join(root, 'content/reports/x/index.md');
    const front = (unread) => `---\ntitle: Kept\nsources:\n  - file: raw/t8.txt\nunread:\n${unread}---\nText.\n`;
    writeFileSync(index, front('  - raw/prepare.txt\n  - "raw/vars/global-variables-*.txt"\n'));
    const result = await ingestReports({ root });
    assert.deepEqual(result.errors, []);
    assert.equal(formatNotes(result.notes), 'content/reports/x/index.md: note: a raw file holds output a parser reads, but no source lists it: raw/forgotten.txt (sysbench); published as it is, in no table or chart (`tpsreport labels` lists the runs that are read)');
    writeFileSync(index, front('  - raw/prepare.txt\n  - raw/prepared.txt\n'));
    assert.deepEqual((await ingestReports({ root })).errors.map(String), ['content/reports/x/index.md:7:1: expected raw files matching raw/prepared.txt, found none among the 5 files in raw/']);
    writeFileSync(index, front('').replace('unread:\n', 'unread: raw/prepare.txt\n'));
    assert.match((await ingestReports({ root })).errors.map(String).join('\n'), /^content\/reports\/x\/index\.md:5:1: expected a list of raw files or patterns under `unread`/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
