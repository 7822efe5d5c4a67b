// A long `--report-interval` log for the benchmarks, made from a real
// capture: its header, its interval lines repeated with the time stamp
// counting on, and its summary. Written a block at a time, so a 1 GB log
// costs no more memory than a 1 MB one.
import { openSync, writeSync, closeSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CAPTURE = join(ROOT, 'content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t4-interval.txt');

/** Writes the log to `path`, its interval lines adding up to about `targetBytes`; returns the number of samples. */
export function writeIntervalLog(path, targetBytes) {
  const lines = readFileSync(CAPTURE, 'utf8').split('\n');
  const first = lines.findIndex((l) => l.startsWith('[ '));
  const last = lines.findLastIndex((l) => l.startsWith('[ '));
  const intervals = lines.slice(first, last + 1).map((l) => l.replace(/^\[ \d+s \]/, ''));
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `${lines.slice(0, first).join('\n')}\n`);
    let bytes = 0;
    let t = 0;
    let block = '';
    while (bytes < targetBytes) {
      const line = `[ ${t + 1}s ]${intervals[t % intervals.length]}\n`;
      block += line;
      bytes += line.length;
      t += 1;
      if (block.length > 1 << 20) {
        writeSync(fd, block);
        block = '';
      }
    }
    writeSync(fd, `${block}${lines.slice(last + 1).join('\n')}`);
    return t;
  } finally {
    closeSync(fd);
  }
}
