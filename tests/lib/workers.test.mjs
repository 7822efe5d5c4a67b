import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createPool, threadCount } from '../../scripts/lib/workers.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const WORKER = new URL('../helpers/task-worker.mjs', import.meta.url);

test('a task goes to the thread with the fewest waiting: a long task does not hold up the short ones', async () => {
  const pool = createPool(WORKER, { threads: 2 });
  try {
    let longDone = false;
    const long = pool.run({ wait: 400 }).then((r) => ((longDone = true), r));
    const short = [];
    for (let i = 0; i < 3; i += 1) short.push(await pool.run({}));
    assert.equal(longDone, false);
    const longThread = (await long).thread;
    assert.deepEqual(short.map((r) => r.thread === longThread), [false, false, false]);
  } finally {
    await pool.close();
  }
});

test('a thread starts only when every running one is busy, up to the pool\'s size', async () => {
  const pool = createPool(WORKER, { threads: 2 });
  try {
    // The process's threads as the kernel lists them: a worker that never ran a task is among them too.
    const osThreads = () => readdirSync('/proc/self/task').length;
    const before = osThreads();
    // One task at a time: one thread does them all, and no other starts.
    const alone = [];
    for (let i = 0; i < 3; i += 1) alone.push((await pool.run({})).thread);
    assert.equal(new Set(alone).size, 1);
    const one = osThreads() - before;
    assert.ok(one > 0);
    // Four at once: a second thread starts, and no third.
    const together = await Promise.all([0, 1, 2, 3].map(() => pool.run({ wait: 50 })));
    assert.equal(new Set(together.map((r) => r.thread)).size, 2);
    assert.ok(together.some((r) => r.thread === alone[0]));
    assert.equal(osThreads() - before, 2 * one);
  } finally {
    await pool.close();
  }
});

test('a Problem thrown on a thread arrives as a Problem with its location; another error with its message', async () => {
  const pool = createPool(WORKER, { threads: 1 });
  try {
    await assert.rejects(pool.run({ fail: true }), (error) => {
      assert.ok(error instanceof Problem);
      assert.equal(error.toString(), 'raw/x.txt:7:3: expected a number, found "abc"');
      assert.equal(error.rule, 'number');
      return true;
    });
    await assert.rejects(pool.run({ crash: true }), (error) => !(error instanceof Problem) && error.message === 'boom' && /task-worker\.mjs/.test(error.stack));
    // The thread still serves after both.
    assert.ok((await pool.run({})).thread > 0);
  } finally {
    await pool.close();
  }
});

test('a pool runs one thread per core but one, two on two cores, six at most, or what TPSREPORT_THREADS says', () => {
  assert.deepEqual([1, 2, 3, 4, 8, 64].map((cores) => threadCount(undefined, cores)), [1, 2, 2, 3, 6, 6]);
  assert.equal(threadCount('', 4), 3);
  assert.equal(threadCount('1', 16), 1);
  assert.equal(threadCount('12', 2), 12);
  for (const bad of ['abc', '0', '1.5', '65', '-2']) {
    assert.throws(() => threadCount(bad, 4), (error) => {
      assert.ok(error instanceof Problem);
      assert.equal(error.toString(), `TPSREPORT_THREADS: expected a whole number of threads from 1 to 64, found "${bad}"`);
      return true;
    });
  }
});

test('a thread takes a turn of the event loop between two tasks, where native memory (resvg\'s pixels) is freed, even when its tasks do no I/O', async () => {
  const pool = createPool(WORKER, { threads: 1 });
  try {
    const answers = await Promise.all([0, 1, 2, 3].map(() => pool.run({ quick: true })));
    assert.deepEqual(answers.map((a) => a.turns), [0, 1, 2, 3]);
  } finally {
    await pool.close();
  }
});
