import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPool } from '../../scripts/lib/workers.mjs';
import { InputError } from '../../scripts/lib/errors.mjs';

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

test('an InputError thrown on a thread arrives as an InputError with its location; another error with its message', async () => {
  const pool = createPool(WORKER, { threads: 1 });
  try {
    await assert.rejects(pool.run({ fail: true }), (error) => {
      assert.ok(error instanceof InputError);
      assert.equal(error.toString(), 'raw/x.txt:7:3: expected a number, found "abc"');
      assert.equal(error.rule, 'number');
      return true;
    });
    await assert.rejects(pool.run({ crash: true }), (error) => !(error instanceof InputError) && error.message === 'boom' && /task-worker\.mjs/.test(error.stack));
    // The thread still serves after both.
    assert.ok((await pool.run({})).thread > 0);
  } finally {
    await pool.close();
  }
});
