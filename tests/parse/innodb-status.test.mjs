// The innodb-status parser's contract: SEMAPHORES read into latch counters and
// thread waits with their lines, every other section's labelled numbers as
// figures keyed by label, lines without them kept as notes, in every form the
// client prints (\G, bordered, batch with \n escapes, bare monitor text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat } from '../../scripts/parse/index.mjs';
import { parse } from '../../scripts/parse/innodb-status.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'innodb-status');
const read = (name) => readFileSync(join(FIXTURES, name), 'utf8');
const parseFixture = (name) => parse(read(name), { source: name });
const only = (name) => parseFixture(name).snapshots[0];

test('parse() reads 8.0 SEMAPHORES: wait array counts, spins/rounds/OS waits per latch kind, spin rounds per wait', () => {
  const s = only('hand-8.0-vertical-semaphores-thread-wait.txt').sections.semaphores;
  assert.deepEqual(s.figures.reservation_count, { value: 62588, text: '62588', unit: 'count', line: 18 });
  assert.deepEqual(s.figures.signal_count, { value: 68727, text: '68727', unit: 'count', line: 23 });
  assert.deepEqual(s.latches.map((l) => [l.name, l.spins.value, l.rounds.value, l.os_waits.value, l.os_waits.line]),
    [['RW-shared', 1520, 20431, 903, 24], ['RW-excl', 611, 9183, 277, 25], ['RW-sx', 14, 220, 6, 26]]);
  assert.deepEqual(s.latches[2].spin_rounds_per_wait, { value: 15.71, text: '15.71', unit: 'ratio', line: 27 });
});

test('parse() keeps a `--Thread … has waited` entry with its seconds and the lines printed under it', () => {
  const [wait] = only('hand-8.0-vertical-semaphores-thread-wait.txt').sections.semaphores.waits;
  assert.deepEqual([wait.thread, wait.file, wait.file_line, wait.seconds.value, wait.seconds.unit], ['140233', 'buf0flu.cc', 1466, 1, 's']);
  assert.deepEqual(wait.detail.map((d) => d.line), [20, 21, 22]);
});

test('parse() reads the 5.5 `Mutex spin waits` line and both wait-array counts on one line', () => {
  const s = only('hand-5.5-bordered-mutex-spin-waits.txt').sections.semaphores;
  const mutex = s.latches.find((l) => l.name === 'Mutex');
  assert.deepEqual([mutex.spin_waits.value, mutex.rounds.value, mutex.os_waits.value, mutex.spin_rounds_per_wait.value], [1250, 5830, 125, 4.66]);
  assert.equal(s.figures.reservation_count.line, s.figures.signal_count.line);
});

test('parse() reads the 5.0/5.1 `RW-shared spins N, OS waits N; RW-excl …` line into two latches', () => {
  const s = only('hand-5.0-plain-two-halves-cut-short.txt').sections.semaphores;
  assert.deepEqual(s.latches.slice(1).map((l) => [l.name, l.spins.value, l.os_waits.value, l.rounds]), [['RW-shared', 812, 405, undefined], ['RW-excl', 77, 39, undefined]]);
});

test('parse() reads ROW OPERATIONS rows and rates, system rows apart from user rows, and the main thread state', () => {
  const r = only('hand-8.0-vertical-semaphores-thread-wait.txt').sections.row_operations;
  assert.equal(r.figures.number_of_rows_updated.value, 822077);
  assert.deepEqual(r.figures.reads_per_s, { value: 14903.51, text: '14903.51', unit: 'ops/s', line: 92 });
  assert.equal(r.figures.system_reads_per_s.value, 0);
  assert.equal(r.figures.number_of_system_rows_updated.value, 315);
  assert.equal(r.figures.queries_inside_innodb.line, 88);
  assert.deepEqual(r.texts.state, { text: 'sleeping', line: 90 });
});

test('parse() reads LOG positions (bytes, implied) and BUFFER POOL pages, dirty share and hit rate', () => {
  const { log, buffer_pool_and_memory: bp } = only('mariadb-10.11-vertical-after-run.txt').sections;
  assert.deepEqual(log.figures.log_sequence_number, { value: 280640196, text: '280640196', unit: 'bytes', line: 33, implied: true });
  assert.equal(log.figures.last_checkpoint_at.value, 209384968);
  assert.deepEqual([bp.figures.buffer_pool_size.value, bp.figures.free_buffers.value, bp.figures.modified_db_pages.value], [16224, 9410, 3246]);
  assert.equal(bp.figures.percent_of_dirty_pages_lru_free_pages.unit, 'percent');
  assert.deepEqual(bp.figures.buffer_pool_hit_rate_ratio, { value: 1, text: '1000 / 1000', unit: 'ratio', line: 55, derived: true });
});

test('parse() keeps 5.0 two-half log sequence numbers as printed and derives the whole beside them', () => {
  const { log } = only('hand-5.0-plain-two-halves-cut-short.txt').sections;
  assert.equal(log.figures.log_sequence_number_high.value, 3);
  assert.equal(log.figures.log_sequence_number_low.value, 1401261536);
  assert.deepEqual(log.figures.log_sequence_number, { value: 3 * 2 ** 32 + 1401261536, text: '14286163424', unit: 'bytes', line: 22, implied: true, derived: true });
});

test('parse() reads MariaDB 10.11 output whose SEMAPHORES section is empty as empty lists, not an error', () => {
  const doc = parseFixture('mariadb-10.11-vertical-after-run.txt');
  const s = doc.snapshots[0];
  assert.deepEqual([s.form, s.type, s.complete, s.averages_window.value], ['vertical', 'InnoDB', true, 5]);
  assert.deepEqual(s.sections.semaphores.latches, []);
  assert.deepEqual(s.sections.semaphores.waits, []);
  assert.deepEqual(doc.warnings, []);
  assert.equal(s.sections.file_io.figures.fsyncs_per_s.value, 637.07);
});

test('parse() keeps lines without labelled numbers as monitor-text notes, never silently', () => {
  const doc = parseFixture('mariadb-10.11-vertical-after-run.txt');
  const texts = doc.notes.filter((n) => n.kind === 'monitor-text').map((n) => n.line);
  assert.deepEqual(texts, [21, 23, 58]);
});

test('parse() reads the bordered form whose Status cell spans the monitor text, and its statement', () => {
  const s = only('hand-5.5-bordered-mutex-spin-waits.txt');
  assert.deepEqual([s.form, s.statement.text, s.complete], ['table', 'show engine innodb status;', true]);
  assert.equal(s.sections.file_io.figures.os_fsyncs.value, 3217);
  assert.deepEqual(parseFixture('hand-5.5-bordered-mutex-spin-waits.txt').warnings, []);
});

test('parse() splits batch output with \\n escapes into lines, all on the row\'s raw line', () => {
  const s = only('hand-5.7-batch-escaped-newlines.txt');
  assert.equal(s.form, 'batch');
  assert.equal(s.sections.semaphores.latches[0].os_waits.value, 17);
  assert.equal(s.sections.row_operations.figures.inserts_per_s.line, 2);
});

test('parse() marks a monitor output cut short before END OF INNODB MONITOR OUTPUT incomplete and keeps what was printed', () => {
  const doc = parseFixture('hand-5.0-plain-two-halves-cut-short.txt');
  assert.equal(doc.snapshots[0].complete, false);
  assert.match(doc.incomplete.reason, /no END OF INNODB MONITOR OUTPUT/);
  assert.equal(doc.incomplete.line, 25);
  assert.equal(doc.snapshots[0].sections.log.figures.pending_chkp_writes.line, 25);
});

test('parse() refuses a semaphore counter that is not a number, at the number', () => {
  assert.throws(() => parseFixture('errors/semaphore-count-not-a-number.txt'), (e) => e instanceof Problem && e.line === 8 && e.column === 30);
});

test('detect() picks innodb-status over innodb-mutex for a Type/Name/Status table holding monitor output', () => {
  assert.equal(detectFormat(read('hand-5.5-bordered-mutex-spin-waits.txt').split('\n')).name, 'innodb-status');
  assert.equal(detectFormat(read('mariadb-10.11-vertical-after-run.txt').split('\n')).name, 'innodb-status');
});

test('parse() gives a hit rate over zero (`1000 / 0000`) no share, keeping the text as printed', () => {
  const [s] = parseFixture('mariadb-10.11-hit-rate-over-zero.txt').snapshots;
  const ratio = s.sections.buffer_pool_and_memory.figures.buffer_pool_hit_rate_ratio;
  assert.equal(ratio.value, null);
  assert.equal(ratio.text, '1000 / 0000');
});
