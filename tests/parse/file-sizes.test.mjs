// The file-sizes parser's contract: sizes kept as ls/du printed them, bytes
// beside them, and no unit guessed without saying so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// index.mjs first: it loads formats.mjs, which loads file-sizes.mjs.
import { detectFormat } from '../../scripts/parse/index.mjs';
import { format, parse } from '../../scripts/parse/file-sizes.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'file-sizes');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const byName = (listing) => Object.fromEntries(listing.files.map((f) => [f.name, f]));

test('parse() keeps the seed-002 .ibd sizes 2.3G, 1.2G, 592M as printed, in GiB/MiB, with rounded bytes derived', () => {
  const [listing] = parseFixture('ls-lh-ibd-row-formats.txt').listings;
  const files = byName(listing);
  const compact = files['compact/test/sbtest.ibd'];
  assert.deepEqual(compact.size, { value: 2.3, text: '2.3G', unit: 'GiB', line: 2 });
  assert.deepEqual(compact.bytes, { value: 2469606195, text: '2469606195', unit: 'bytes', line: 2, derived: true });
  assert.equal(compact.approximate, true);
  assert.equal(files['compressed8k/test/sbtest.ibd'].size.text, '1.2G');
  assert.equal(files['compressed4k/test/sbtest.ibd'].bytes.value, 592 * 1024 ** 2);
  assert.equal(files['dynamic/test/sbtest.ibd'].size.unit, 'GiB');
});

test('parse() reads ls -l sizes as bytes (implied) and the total line as 1 KiB blocks with bytes derived', () => {
  const doc = parseFixture('ls-l-datadir.txt');
  const [listing] = doc.listings;
  assert.equal(listing.command, 'ls -l /var/lib/mysql');
  const files = byName(listing);
  assert.deepEqual(files.ib_logfile0.size, { value: 100663296, text: '100663296', unit: 'bytes', line: 7, implied: true });
  assert.equal(files.ibdata1.bytes.value, 12582912);
  assert.equal(files.mysql.type, 'directory');
  assert.deepEqual(listing.total.size, { value: 111040, text: '111040', unit: 'KiB', line: 2, implied: true });
  assert.equal(listing.total.bytes.value, 111040 * 1024);
  assert.equal(listing.total.bytes.derived, true);
});

test('parse() keeps ls -s allocated blocks beside the apparent size', () => {
  const files = byName(parseFixture('ls-ls-schema-dir.txt').listings[0]);
  assert.equal(files['column_stats.frm'].size.value, 2367);
  assert.deepEqual(files['column_stats.frm'].allocated, { value: 4, text: '4', unit: 'KiB', line: 5, implied: true });
  assert.equal(files['column_stats.frm'].allocated_bytes.value, 4096);
});

test('parse() takes the du unit from the command line: du -b is bytes, du -k is KiB', () => {
  const bytes = byName(parseFixture('du-b-ibd.txt').listings[0]);
  assert.deepEqual(bytes['/var/lib/mysql/mysql/transaction_registry.ibd'].size, { value: 114688, text: '114688', unit: 'bytes', line: 5, implied: true });
  const kib = parseFixture('du-k-datadir.txt');
  assert.equal(kib.listings[0].unit_source, 'command');
  assert.equal(byName(kib.listings[0])['/var/lib/mysql'].bytes.value, 115724 * 1024);
  assert.deepEqual(kib.warnings, []);
});

test('parse() reads plain du numbers as KiB only with a warning asking for the command line', () => {
  const doc = parseFixture('du-plain-no-command.txt');
  assert.equal(doc.listings[0].unit_source, 'assumed');
  assert.equal(doc.listings[0].files[0].size.unit, 'KiB');
  assert.equal(doc.listings[0].files[0].size.implied, true);
  assert.equal(doc.warnings.length, 1);
  assert.match(doc.warnings[0].message, /du -b/);
});

test('parse() keeps the du -c total apart from the files', () => {
  const [listing] = parseFixture('du-ch-total.txt').listings;
  assert.equal(listing.files.length, 5);
  assert.equal(listing.total.size.text, '109M');
  assert.equal(listing.total.bytes.value, 109 * 1024 ** 2);
  assert.ok(!listing.files.some((f) => f.name === 'total'));
});

test('parse() splits ls -l of two directories into two listings and keeps symlink targets and author notes', () => {
  const doc = parseFixture('ls-l-long-iso-pasted-crlf.txt');
  assert.deepEqual(doc.listings.map((l) => l.directory), ['/data/mysql', '/data/mysql/sbtest']);
  const first = byName(doc.listings[0]);
  assert.equal(first.sbtest.target, '/data2/mysql/sbtest');
  assert.equal(first.ibdata1.date, '2008-05-02 14:07');
  const ibd = byName(doc.listings[1])['sbtest.ibd'];
  assert.equal(ibd.bytes.value, 2462056448);
  assert.ok(doc.notes.some((n) => n.kind === 'annotation' && n.text === '# compact row format' && n.line === 17));
});

test('detect picks ls and du output and scores other tools at zero', () => {
  assert.equal(detectFormat(read('ls-lh-datadir.txt').split('\n')).name, 'file-sizes');
  assert.equal(detectFormat(read('du-sh-datadir.txt').split('\n')).name, 'file-sizes');
  assert.equal(format.detect(['OLTP test statistics:', '    queries performed:', '        read:  140000']), 0);
  assert.equal(format.detect(['innodb_buffer_pool_size = 100M', 'innodb_log_file_size = 25M']), 0);
});

test('parse() refuses an ls line cut off before the file name, at its line', () => {
  const error = (() => { try { parse(read('errors/ls-cut-off.txt')); } catch (e) { return e; } return null; })();
  assert.ok(error instanceof Problem);
  assert.equal(error.line, 5);
  assert.match(error.message, /expected a complete ls -l line/);
});

test('parse() reads du sizes grouped in thousands (114,688) as 114688 bytes, never 114.688', () => {
  const [listing] = parseFixture('du-block-size-thousands-separators.txt').listings;
  assert.equal(listing.unit_source, 'command');
  const files = byName(listing);
  assert.deepEqual(files['/var/lib/mysql/mysql/transaction_registry.ibd'].size, { value: 114688, text: '114,688', unit: 'bytes', line: 4, implied: true });
  assert.equal(files['/var/lib/mysql/test/sbtest1.ibd'].bytes.value, 12582912);
  assert.equal(listing.total.bytes.value, 12828672);
});

test('parse() reads ls -l --block-size="\'1" sizes and total grouped in thousands as bytes', () => {
  const [listing] = parseFixture('ls-l-block-size-thousands-separators.txt').listings;
  const files = byName(listing);
  assert.equal(files.ib_logfile0.size.value, 100663296);
  assert.equal(files.ib_logfile0.size.text, '100,663,296');
  assert.equal(files.mysql.bytes.value, 4096);
  assert.deepEqual(listing.total.size, { value: 113672192, text: '113,672,192', unit: 'bytes', line: 2, implied: true });
});

test('parse() reads a -h size with a decimal comma (2,3G) as 2.3 GiB, not as thousands', () => {
  const files = byName(parseFixture('du-h-decimal-comma-locale.txt').listings[0]);
  assert.deepEqual(files['/var/lib/mysql/sbtest/sbtest1.ibd'].size, { value: 2.3, text: '2,3G', unit: 'GiB', line: 2 });
  assert.equal(files['/var/lib/mysql/sbtest/db.opt'].bytes.value, 4096);
});

test('parse() refuses a size whose mark is neither a thousands group nor a -h decimal, at its line and column', () => {
  for (const [text, found] of [['$ du -b /x\n1,23456\t/x/a\n', '"1,23456"'], ['$ du -b /x\n1,234.5\t/x/a\n', '"1,234.5"'], ['$ du /x\n2,5\t/x/a\n', '"2,5"']]) {
    const error = (() => { try { parse(text, { source: 'sizes.txt' }); } catch (e) { return e; } return null; })();
    assert.ok(error instanceof Problem, text);
    assert.equal(error.line, 2);
    assert.equal(error.column, 1);
    assert.match(error.message, /^expected a size as ls or du print it: .*, found /);
    assert.equal(error.found, found);
  }
});

test('options.du_unit says what plain du numbers are when the paste has no command line, and a unit it does not know is refused', () => {
  const text = readFileSync(join(FIXTURES, 'du-plain-no-command.txt'), 'utf8');
  const doc = parse(text, { options: { du_unit: 'bytes' } });
  const [listing] = doc.listings;
  assert.equal(listing.unit_source, 'option');
  assert.deepEqual(doc.warnings, []);
  const [file] = listing.files;
  assert.equal(file.size.unit, 'bytes');
  assert.equal(file.bytes.value, Number(file.size.text));
  assert.throws(() => parse(text, { source: 'raw/du.txt', options: { du_unit: 'blocks' } }), (e) => e instanceof Problem
    && String(e) === 'raw/du.txt:1:1: expected options.du_unit as one of bytes, KiB, MiB (the unit of the plain numbers du printed: bytes for du -b), found "blocks"');
});

test('a tab-separated result with a number first (EXPLAIN from the mysql client) is not taken for du output', () => {
  const explain = readFileSync(join(import.meta.dirname, '..', '..', 'content/reports/scalability-by-users/raw/explain-join.txt'), 'utf8').split('\n');
  assert.equal(format.detect(explain), 0);
  assert.throws(() => detectFormat(explain), (e) => e instanceof Problem && e.rule === 'detect');
});

test('parse() refuses a du -c listing cut before the total line du -c always prints last', () => {
  const lines = read('du-ch-total.txt').split('\n');
  const totalAt = lines.findIndex((l) => /\ttotal$/.test(l));
  assert.match(lines[0], /^\$ du -ch /);
  assert.equal(parseFixture('du-ch-total.txt').listings[0].total.line, totalAt + 1);
  const cut = lines.slice(0, totalAt).join('\n');
  assert.throws(() => parse(cut, { source: 'du.txt' }), (e) => e instanceof Problem
    && e.line === totalAt + 1 && /"total" line that du -ch .* prints after its last entry/.test(e.message));
});
