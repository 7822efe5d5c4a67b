// A worker for tests/lib/workers.test.mjs: answers with its thread id, or
// throws what the task asks for. A `quick` task does no I/O and answers at
// once, with how many turns of the event loop the thread has taken so far.
import { threadId } from 'node:worker_threads';
import { serveTasks } from '../../scripts/lib/workers.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

let turns = 0;

serveTasks(async ({ wait = 0, fail, crash, quick }) => {
  if (quick) {
    setImmediate(() => { turns += 1; });
    return { result: { thread: threadId, turns } };
  }
  if (fail) throw new Problem({ file: 'raw/x.txt', line: 7, column: 3, expected: 'a number', found: '"abc"', rule: 'number' });
  if (crash) throw new TypeError('boom');
  await new Promise((resolve) => setTimeout(resolve, wait));
  return { result: { thread: threadId } };
});
