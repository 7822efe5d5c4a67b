// A few worker threads that take tasks as messages: the parse and draw steps
// each keep one such pool. A task goes to the thread with the fewest waiting,
// so one long file does not hold up the short ones queued behind it. A
// thread starts when a task finds every running one busy, up to the pool's
// size, and the threads let the process exit while idle.
// A Problem thrown on a thread reaches the caller as a Problem, with
// its location; anything else as an Error carrying the thread's stack.
import { Worker, parentPort } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { Problem } from '../problems/problem.mjs';

/**
 * How many worker threads a pool runs: one per core but one, which the main
 * thread keeps (it builds tables while the threads parse and draw), at least
 * two on a machine of two cores, and at most six, each drawing thread holding
 * its own vega and pixel buffers. TPSREPORT_THREADS sets the number where a
 * process may use fewer cores than the machine shows (a container's CPU quota).
 */
export function threadCount(setting = process.env.TPSREPORT_THREADS, cores = availableParallelism()) {
  if (setting === undefined || setting === '') return Math.min(MAX_THREADS, Math.max(Math.min(2, cores), cores - 1));
  const n = Number(setting);
  if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
  throw new Problem({ file: 'TPSREPORT_THREADS', expected: 'a whole number of threads from 1 to 64', found: JSON.stringify(setting) });
}

const MAX_THREADS = 6;

/**
 * @param {URL} script  the worker module; it calls serveTasks(handler)
 * @param {object} o    { workerData, threads }
 * @returns {{ run(task): Promise<any>, close(): Promise<void> }}
 */
export function createPool(script, { workerData, threads = threadCount() } = {}) {
  const workers = [];
  const pending = new Map();
  let seq = 0;
  function start() {
    const worker = new Worker(script, { workerData });
    worker.waiting = 0;
    worker.on('message', ({ id, result, error }) => {
      const { resolve, reject } = pending.get(id);
      pending.delete(id);
      worker.waiting -= 1;
      if (!worker.waiting) worker.unref();
      if (error) reject(error.problem ? Problem.from(error.problem) : Object.assign(new Error(error.message), { stack: error.stack }));
      else resolve(result);
    });
    worker.on('error', (error) => {
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    });
    worker.unref();
    workers.push(worker);
    return worker;
  }
  // A thread starts only when every running one has a task waiting: a step
  // with one file to parse or one chart to draw loads the parsers or vega on
  // one thread, not on each.
  function pick() {
    const least = workers.reduce((a, b) => (b.waiting < a.waiting ? b : a), workers[0]);
    return least && (least.waiting === 0 || workers.length >= threads) ? least : start();
  }
  return {
    run(task) {
      const worker = pick();
      const id = (seq += 1);
      worker.waiting += 1;
      worker.ref();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, task });
      });
    },
    async close() {
      await Promise.all(workers.splice(0).map((w) => w.terminate()));
    },
  };
}

/**
 * The thread's side: `handler(task)` resolves to { result, transfer? }. Tasks
 * run one after another in the order they came: a thread that started every
 * task waiting in its queue at once (a thousand charts posted together) would
 * hold all of them half done in memory, and gain nothing, having one core.
 */
export function serveTasks(handler) {
  let queue = Promise.resolve();
  parentPort.on('message', ({ id, task }) => {
    queue = queue.then(() => runTask(handler, id, task)).then(nextTurn);
  });
}

/**
 * A turn of the event loop between two tasks. Memory a native module holds
 * for a JavaScript object (resvg's pixels, several MB a chart) is freed by a
 * finalizer that runs only on such a turn, and a queue of tasks that do no
 * I/O of their own is otherwise one chain of promises: 300 charts queued at
 * once held 3.1 GB, against 0.6 GB with a turn after each.
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function runTask(handler, id, task) {
  try {
    const { result, transfer = [] } = await handler(task);
    parentPort.postMessage({ id, result }, transfer);
  } catch (error) {
    const problem = error instanceof Problem ? error.toJSON() : null;
    parentPort.postMessage({ id, error: { problem, message: String(error?.message ?? error), stack: error?.stack } });
  }
}
