// File helpers with one promise: an output file is either the old one or the
// complete new one, never half written (write to a temp file, then rename).
import { mkdir, rename, writeFile, rm } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';

export async function writeFileAtomic(path, contents) {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, contents);
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

export function toJson(value) {
  return `${JSON.stringify(value, null, 2)}\n`;
}
