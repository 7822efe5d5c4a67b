// A copy of the sample site with one more report whose author-given names
// are hostile: labels and raw file names that open like spreadsheet formulas,
// and a raw file name that a bidirectional control makes read as another.
// The raw files are real sysbench runs of the sample reports, copied under
// other names; the sample's own files are only read.
import { mkdtempSync, mkdirSync, cpSync, symlinkSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = join(import.meta.dirname, '..', '..');
const FROM = join(ROOT, 'content/reports/mariadb-sysbench-threads/raw');
export const SLUG = 'hostile-names';

/** Raw file name → [sample file it copies, the server label its run gets]. */
export const RUNS = {
  "=cmd|' -C calc'!A0.txt": ['oltp_read_write-t1.txt', "=cmd|' /C calc'!A0"],
  '@SUM(1+1)-t2.txt': ['oltp_read_write-t2.txt', '@SUM(1+1)'],
  '+1.txt': ['oltp_read_write-t4.txt', '+1'],
  '-x.txt': ['oltp_read_write-t8.txt', '-x'],
  // Shown as it is, U+202E (right-to-left override) makes this name read "rw-t16-exe.txt".
  'rw-t16-\u202Etxt.exe': ['oltp_read_write-t16.txt', 'rtl'],
};

function index() {
  const sources = Object.entries(RUNS).map(([file, [, server]]) => `  - file: ${JSON.stringify(`raw/${file}`)}\n    labels: { set: runs, server: ${JSON.stringify(server)} }`);
  return `---
title: "Hostile names"
date: 2026-11-30
author: tpsreport tests
summary: Runs whose labels and file names open like spreadsheet formulas.
sources:
${sources.join('\n')}
---
{{< table data="sysbench" metric="transactions.rate" rows="server" caption="=Transactions by server" >}}

{{< table data="sysbench" metric="transactions.rate" rows="set" columns="server" caption="@Transactions across" >}}

{{< chart kind="grouped-bar" name="tps" data="sysbench" metric="transactions.rate" x="server" title="-Transactions" y-title="Transactions per second" >}}

{{< runs data="sysbench" >}}
`;
}

/** A copy of the project in a new folder (its node_modules and .venv linked), with the hostile report beside the samples. */
export function hostileSite() {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-hostile-'));
  for (const name of ['scripts', 'layouts', 'static', 'schemas', 'content', 'data', 'config.toml', 'package.json']) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of ['node_modules', '.venv']) symlinkSync(join(ROOT, name), join(dir, name));
  const bundle = join(dir, 'content/reports', SLUG);
  mkdirSync(join(bundle, 'raw'), { recursive: true });
  for (const [file, [from]] of Object.entries(RUNS)) cpSync(join(FROM, from), join(bundle, 'raw', file));
  writeFileSync(join(bundle, 'index.md'), index());
  return dir;
}

/** Runs the site's own CLI in `dir`. */
export function cli(dir, ...args) {
  return spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), ...args], { cwd: dir, encoding: 'utf8' });
}

/** Every file under `dir` whose name ends with `ext`, as paths. */
export function filesUnder(dir, ext) {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith(ext)).map((e) => join(e.parentPath, e.name));
}

/** The cells of a CSV (RFC 4180: quoted cells may hold commas, quotes and line breaks), row after row. */
export function csvRows(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i += 1; }
    else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

export const readText = (path) => readFileSync(path, 'utf8');
