// mysqlslap / mariadb-slap output (MySQL 5.1–8.0, MariaDB) → one document
// with every Benchmark block (one per engine × concurrency), the
// `--debug-info` rusage figures and the tool's own error lines.
// See ../shared/corpus/FORMATS.md §11.
//
// print_conclusions() prints `%ld.%03ld seconds`: seconds with millisecond
// resolution, kept as printed. Copies lose the `Benchmark` line, the TAB
// indentation or the space after ':' and may interleave translations, so a
// block starts at whichever of its lines comes first and labels are matched
// after the shared client-output unwrapping (`// ` prefixes, indentation).
// A file with only an error (`Error when connecting to server: 1040 Too many
// connections`) is a document with status failed, not an exception: the
// failure is a result an article may want to show.
import { Problem, quote } from '../problems/problem.mjs';
import { figure, requireFigure } from './shared/figure.mjs';
import { unwrap, matchPrompt, isShellLine, isElision } from './shared/mysql-output.mjs';
import { parseTextWith } from './driver.mjs';
import { agreedOfRuns } from './shared/labels.mjs';

const PROGRAM = '(mysqlslap|mariadb-slap|mysqlslap\\.exe)';
const LINES = {
  benchmark: /^Benchmark$/,
  engine: /^Running for engine +(\S+)$/,
  average: /^Average number of seconds to run all queries: *(\S+) +seconds$/,
  minimum: /^Minimum number of seconds to run all queries: *(\S+) +seconds$/,
  maximum: /^Maximum number of seconds to run all queries: *(\S+) +seconds$/,
  clients: /^Number of clients running queries: *(\S+)$/,
  queries_per_client: /^Average number of queries per client: *(\S+)$/,
  load: /^Load: *(\S.*)$/,
  schema_seconds: /^Average Time took to generate schema and initial data: *(\S+) +seconds$/,
};
const LABELS = {
  average: '"Average number of seconds to run all queries"',
  minimum: '"Minimum number of seconds to run all queries"',
  maximum: '"Maximum number of seconds to run all queries"',
  clients: '"Number of clients running queries"',
  queries_per_client: '"Average number of queries per client"',
  schema_seconds: '"Average Time took to generate schema and initial data"',
};
const REQUIRED = [
  ['average', 'Average number of seconds to run all queries: N seconds'],
  ['minimum', 'Minimum number of seconds to run all queries: N seconds'],
  ['maximum', 'Maximum number of seconds to run all queries: N seconds'],
  ['clients', 'Number of clients running queries: N'],
  ['queries_per_client', 'Average number of queries per client: N'],
];
const CSV = /^([^,\s]*),([a-z]+),(\d+\.\d+),(\d+\.\d+),(\d+\.\d+),(\d+),(\d+)$/;
// getrusage() lines of --debug-info: times in seconds, ru_maxrss in KiB (Linux), the rest counts.
const RUSAGE = [
  [/^User time ([\d.]+), System time ([\d.]+)$/, [['user_time', 's'], ['system_time', 's']]],
  [/^Maximum resident set size (\d+), Integral resident set size (\d+)$/, [['max_rss', 'KiB'], ['integral_rss', 'count']]],
  [/^Non-physical pagefaults (\d+), Physical pagefaults (\d+), Swaps (\d+)$/, [['minor_faults', 'count'], ['major_faults', 'count'], ['swaps', 'count']]],
  [/^Blocks in (\d+) out (\d+), Messages in (\d+) out (\d+), Signals (\d+)$/, [['blocks_in', 'count'], ['blocks_out', 'count'], ['messages_in', 'count'], ['messages_out', 'count'], ['signals', 'count']]],
  [/^Voluntary context switches (\d+), Involuntary context switches (\d+)$/, [['voluntary_switches', 'count'], ['involuntary_switches', 'count']]],
];
const PASSWORD_WARNING = new RegExp(`^(?:${PROGRAM}: \\[Warning\\] |Warning: )Using a password on the command(?: line interface can be insecure\\.)?$`);
const PASSWORD_TAIL = /^line interface can be insecure\.$/;
const TOOL_MESSAGE = new RegExp(`^${PROGRAM}: (.*)$`);
const COMMAND = new RegExp(`^(?:\\S*/)?${PROGRAM}(?:\\s|$)`);
const ANNOTATION = /[\u3000-\u9fff\uac00-\ud7af]/; // CJK: a translation or note the author put between lines

function detect(lines) {
  let score = 0;
  const seen = new Set();
  for (const raw of lines) {
    const { text } = unwrap(raw);
    if (LINES.average.test(text) || LINES.minimum.test(text)) seen.add('seconds');
    else if (LINES.queries_per_client.test(text) || LINES.clients.test(text)) seen.add('clients');
    else if (LINES.engine.test(text)) seen.add('engine');
    else if (TOOL_MESSAGE.test(text)) seen.add('message');
    else if (CSV.test(text)) seen.add('csv');
    else if (COMMAND.test(text) || (isShellLine(text) && /slap\b/.test(text))) seen.add('command');
  }
  if (seen.has('seconds')) score += 70;
  if (seen.has('clients')) score += 20;
  if (seen.has('engine')) score += 10;
  if (seen.has('message')) score += 60;
  if (seen.has('command')) score += 10;
  if (seen.has('csv')) score += 50;
  return Math.min(score, 100);
}

class MysqlslapParser {
  constructor() {
    this.runs = [];
    this.block = null;
    this.rusage = [];
    this.messages = [];
    this.notes = [];
    this.warnings = [];
    this.tool = null;
    this.pendingPassword = false;
    this.announced = null; // {line, blocks, before} of the last mysqlslap command line
  }

  push(line, n) {
    const { text, offset } = unwrap(line);
    if (text === '') return;
    const at = { n, line, offset };
    if (this.readBlockLine(text, at)) return;
    if (this.readCsv(text, at)) return;
    if (this.readRusage(text, at)) return;
    this.readWrapper(text, at);
  }

  readBlockLine(text, at) {
    if (LINES.benchmark.test(text)) {
      this.open(at, 'Benchmark');
      return true;
    }
    const engine = LINES.engine.exec(text);
    if (engine) {
      if (!this.block || this.block.engine || this.block.average) this.open(at, text);
      this.block.engine = { name: engine[1], line: at.n };
      this.block.last = at.n;
      return true;
    }
    for (const [key, re] of Object.entries(LINES)) {
      if (key === 'benchmark' || key === 'engine') continue;
      const m = re.exec(text);
      if (!m) continue;
      if (!this.block || this.block[key]) this.open(at, text);
      this.block[key] = this.value(key, m[1], at);
      this.block.last = at.n;
      return true;
    }
    return false;
  }

  value(key, printed, at) {
    if (key === 'load') return { text: printed, line: at.n };
    const label = LABELS[key];
    if (key === 'clients' || key === 'queries_per_client') return requireFigure(printed, 'count', at.n, at.line, label);
    return requireFigure(printed, 's', at.n, at.line, label);
  }

  /** Starts a block; the one before it must be complete. */
  open(at, text) {
    this.close(at, text);
    this.block = { index: this.runs.length, form: 'report', first: at.n, last: at.n, header: text === 'Benchmark' };
  }

  close(at, found) {
    const b = this.block;
    if (!b) return;
    this.block = null;
    for (const [key, label] of REQUIRED) {
      if (b[key]) continue;
      throw new Problem({
        line: at ? at.n : b.last + 1,
        column: at ? at.offset + 1 : 1,
        expected: `"${label}" in the Benchmark block that starts at line ${b.first}`,
        found: at ? quote(found) : 'the end of the input',
        rule: 'mysqlslap/block-cut',
      });
    }
    this.runs.push(this.run(b));
  }

  run(b) {
    const out = { index: b.index, form: b.form, lines: { first: b.first, last: b.last } };
    if (!b.header && b.form === 'report') out.header_missing = true;
    out.engine = b.engine ?? null;
    if (b.load_type) out.load_type = b.load_type;
    if (b.load) out.load = b.load;
    for (const [key] of REQUIRED) out[key] = b[key];
    if (b.schema_seconds) out.schema_seconds = b.schema_seconds;
    return out;
  }

  /** `--csv` to stdout: engine,load type,avg,min,max,clients,queries per client (units not printed). */
  readCsv(text, at) {
    const m = CSV.exec(text);
    if (!m) return false;
    this.close(at, text);
    const s = (t) => figure(t, 's', at.n, { implied: true });
    this.runs.push({
      index: this.runs.length,
      form: 'csv',
      lines: { first: at.n, last: at.n },
      engine: m[1] ? { name: m[1], line: at.n } : null,
      load_type: { text: m[2], line: at.n },
      average: s(m[3]),
      minimum: s(m[4]),
      maximum: s(m[5]),
      clients: figure(m[6], 'count', at.n),
      queries_per_client: figure(m[7], 'count', at.n),
    });
    return true;
  }

  readRusage(text, at) {
    for (const [re, names] of RUSAGE) {
      const m = re.exec(text);
      if (!m) continue;
      const entry = { line: at.n };
      names.forEach(([name, unit], i) => { entry[name] = figure(m[i + 1], unit, at.n, { implied: true }); });
      this.rusage.push(entry);
      return true;
    }
    return false;
  }

  readWrapper(text, at) {
    const note = (kind) => this.notes.push({ line: at.n, text, kind });
    if (PASSWORD_WARNING.test(text)) {
      this.pendingPassword = !/insecure\.$/.test(text);
      this.nameTool(text, at);
      return note('wrapper');
    }
    if (this.pendingPassword && PASSWORD_TAIL.test(text)) {
      this.pendingPassword = false;
      return note('wrapper');
    }
    this.pendingPassword = false;
    const message = TOOL_MESSAGE.exec(text);
    if (message) {
      this.nameTool(text, at);
      this.messages.push({ level: /\[Warning\]/.test(message[2]) ? 'warning' : 'error', text: message[2], line: at.n });
      return undefined;
    }
    const prompt = matchPrompt(text);
    if (prompt) return note('prompt');
    if (isShellLine(text) || COMMAND.test(text)) {
      const bare = text.replace(/^\S*?[>$#] +/, '');
      if (COMMAND.test(bare)) {
        this.nameTool(bare, at);
        this.announced = { line: at.n, blocks: announcedBlocks(bare), before: this.runs.length };
      }
      return note('command');
    }
    if (isElision(text)) return note('elision');
    if (ANNOTATION.test(text)) return note('annotation');
    this.warnings.push({ line: at.n, message: 'line is not part of mysqlslap output', text });
    return undefined;
  }

  /**
   * The command line names its engines and concurrencies, and mysqlslap prints
   * one Benchmark block for each pair: fewer blocks after it, with no error
   * that stopped the tool, means the copy stops between two blocks.
   */
  cutBeforeAnnounced(errors) {
    const a = this.announced;
    if (!a || errors.some((m) => m.line > a.line)) return null;
    const printed = this.runs.length - a.before;
    if (printed === 0 || printed >= a.blocks) return null;
    const last = this.runs[this.runs.length - 1].lines.last;
    return { reason: `the command on line ${a.line} asks for ${a.blocks} Benchmark blocks (engines × concurrencies); the file ends after ${printed}`, line: last };
  }

  nameTool(text, at) {
    const m = new RegExp(`(?:^|/)${PROGRAM}\\b`).exec(text);
    if (m && !this.tool) this.tool = { name: m[1].replace(/\.exe$/, ''), version: null, line: at.n };
  }

  end() {
    this.close(null, null);
    const errors = this.messages.filter((m) => m.level === 'error');
    if (this.runs.length === 0 && errors.length === 0) {
      throw new Problem({
        line: 1,
        column: 1,
        expected: 'mysqlslap output (a Benchmark block or a mysqlslap: error line)',
        found: 'none in the input',
        rule: 'mysqlslap/empty',
      });
    }
    const status = this.runs.length === 0 ? 'failed' : errors.length ? 'errors' : 'ok';
    const incomplete = this.cutBeforeAnnounced(errors);
    const tool = this.tool ?? (this.runs.length ? { name: 'mysqlslap', version: null, line: this.runs[0].lines.first } : null);
    return {
      tool,
      notes: this.notes,
      warnings: this.warnings,
      status,
      ...(incomplete ? { incomplete } : {}),
      runs: this.runs,
      rusage: this.rusage,
      messages: this.messages,
    };
  }
}

/** Benchmark blocks a mysqlslap command asks for: one per engine and concurrency. */
function announcedBlocks(command) {
  const count = (long, short) => {
    const m = new RegExp(`(?:--${long}[= ]|-${short} ?)(\\S+)`).exec(command);
    return m ? m[1].split(',').filter(Boolean).length : 1;
  };
  return count('engine', 'e') * count('concurrency', 'c');
}

export const format = {
  name: 'mysqlslap',
  role: 'benchmark',
  items: 'runs',
  headline: [{ metric: 'average', title: 'Average time to run all queries' }],
  overTime: null,
  timeField: null,
  describedByServer: true,
  runLabels: ownLabels,
  labels: agreedOfRuns('runs', ownLabels),
  version: '1.0.0',
  // A run that died mid-way still shows what it measured: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'mysqlslap / mariadb-slap (MySQL 5.1–8.0, MariaDB): Benchmark blocks, --csv lines, --debug-info',
  produces: 'every Benchmark block (engine, average/min/max seconds, clients, queries per client), rusage figures, the tool\'s error lines and a status (ok, errors, failed)',
  detect,
  mentions: /slap|seconds to run all queries|queries per client|clients running queries|Running for engine|,[a-z]+,\d+\.\d+,\d+\.\d+,\d+\.\d+,\d+,\d+/,
  createParser: () => new MysqlslapParser(),
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/** What one run states: its engine and clients (a --concurrency=2,8 file holds a run of each). */
function ownLabels(r) {
  return { engine: r.engine?.name, clients: r.clients?.value };
}
