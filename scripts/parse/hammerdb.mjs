// HammerDB TPROC-C (TPC-C) console output and hammerdb.log (FORMATS.md §7).
// The figure is the TEST RESULT line, printed in two orders:
//   v4.0+:    `TEST RESULT : System achieved 35576 NOPM from 81705 SQL Server TPM`
//   ≤ v3.3:   `TEST RESULT : System achieved 3370315 PostgreSQL TPM at 1465149 NOPM`
// A CLI sequence (`foreach z {1 2 4}`) prints several results: each is paired
// with the `N Active Virtual Users configured` line before it. A log without a
// TEST RESULT is still a document (status failed / no result, with the tool's
// error lines): the benchmark author wants to see why a run produced nothing.
import { Problem, quote, quoteRest, located } from '../problems/problem.mjs';
import { figure } from './shared/figure.mjs';
import { columnOf } from '../lib/text.mjs';
import { parseTextWith } from './driver.mjs';
import { agreedOfRuns } from './shared/labels.mjs';

const RESULT_NOPM_FIRST = /TEST RESULT\s*:\s*System achieved (\S+) NOPM from (\S+) (.+?) TPM$/;
const RESULT_TPM_FIRST = /TEST RESULT\s*:\s*System achieved (\S+) (.+?) TPM at (\S+) NOPM$/;
const PROMPT = /^hammerdb>\s*/;
const VUSER = /^Vuser (\d+):(.*)$/;

// Messages a virtual user prints in a normal run; their figures (ramp-up and
// test minutes, configured users) are picked up by name below.
const VUSER_KNOWN = [
  /^RUNNING$/,
  /^Beginning rampup time of \d+ minutes?$/,
  /^Processing \d+ transactions with output suppressed\.\.\.$/,
  /^Rampup \d+ minutes? complete \.\.\.$/,
  /^Rampup complete, Taking start .+\.$/,
  /^(?:Start|End) Snapshot \d+ taken at .+$/,
  /^Timing test period of \d+ in minutes$/,
  /^\d+ \.\.\.,$/,
  /^Test complete, Taking end .+\.$/,
  /^Test complete: view report from SNAPID \d+ to \d+$/,
  /^\d+ Active Virtual Users configured$/,
  /^FINISHED SUCCESS$/,
  /^Operating in .+$/,
  /^Delivery Threads .+$/,
];

const CONSOLE_KNOWN = [
  /^Copyright\b/,
  /^Type "help" for a list of commands$/,
  /^The xml is well-formed, applying configuration$/,
  /^Hammerdb Log @ .+$/i,
  /^(?:\+-)+\+?$/,
  /^Timestamp \d+ @ .+$/,
  /^Vuser \d+ created(?: MONITOR)? - WAIT IDLE$/,
  /^\d+ Virtual Users Created(?: with Monitor VU)?$/,
  /^Logging activated$/,
  /^to .*hammerdb.*\.log$/,
  /^ALL VIRTUAL USERS COMPLETE$/,
  /^Timer: \d+ minutes? elapsed$/,
  /^runtimer returned after \d+ seconds$/,
  /^vudestroy success$/,
  /^SEQUENCE STARTED$/,
  /^TEST SEQUENCE COMPLETE$/,
  /^SETTING CONFIGURATION$/,
  /^Database set to \S+$/,
  /^Clearing Script, reload script to activate new setting$/,
  /^Script cleared$/,
  /^Changed \S+ from .* to .* for \S+$/,
  /^Script loaded, Type "print script" to view$/,
  /^Primary complete$/,
  /^Replica complete$/,
  /^deleting port_file .+$/,
  /^Step workload complete$/,
  /^Benchmark Run jobid=\w+$/,
  /^Value .+ for \S+ is .+$/,
  /^\d+ \w[\w ]* tpm$/, // the GUI transaction counter, not a result
];
const ELISION = /^(?:\.{3,}|…|~~\s*snip\s*~~)$/i;
const ERROR = /\b(?:error|failed|exception|FINISHED FAILED|not found|cannot|couldn't|could not)\b/i;
// Tcl prints a stack trace under an error: indented "while executing", the quoted command, "(file … line N)".
const TRACE = /^(?:\s|"|\(|while executing|invoked from within)/;

export const format = {
  name: 'hammerdb',
  role: 'benchmark',
  items: 'results',
  headline: [{ metric: 'nopm', title: 'New orders per minute (NOPM)' }],
  overTime: null,
  timeField: null,
  describedByServer: true,
  runLabels: ownLabels,
  labels: agreedOfRuns('results', ownLabels),
  version: '1.0.0',
  // A run that died mid-way still shows what it measured: a cut file is kept, marked incomplete.
  keepsPartial: true,
  title: 'HammerDB TPROC-C / TPC-C console and hammerdb.log (v2.x–v6.x, both TEST RESULT orders)',
  produces: 'Every TEST RESULT (NOPM and database TPM) with its configured virtual users, plus the tool\'s error lines when a run produced none.',
  detect,
  mentions: /System achieved|hammerdb|Virtual Users Created|Vuser \d/i,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

// Vuser messages that show a run under way (it then owes a TEST RESULT).
const RUN_STARTS = /^(?:RUNNING$|Beginning rampup|Rampup|Timing test period|\d+ Active Virtual Users configured)/;

function detect(lines) {
  let score = 0;
  let vusers = 0;
  for (const raw of lines) {
    const text = raw.trim();
    if (/TEST RESULT\s*:\s*System achieved/.test(text)) score += 20;
    else if (/^HammerDB CLI v/i.test(text) || /^Hammerdb Log @/i.test(text)) score += 20;
    else if (/Virtual Users Created/.test(text) || /^hammerdb>/.test(text)) score += 5;
    else if (vusers < 5 && /^Vuser \d+:/.test(text)) {
      vusers += 1;
      score += 2;
    }
  }
  return score;
}

function createParser({ source } = {}) {
  const notes = [];
  const warnings = [];
  const results = [];
  const messages = [];
  const jobs = [];
  let tool = null;
  let seen = false; // any line only HammerDB prints
  let run = freshRun();
  let inTrace = false;
  // A run is owed its TEST RESULT from its first sign of life on; errors after that explain its absence.
  let started = null;
  // The CLI ends a run whose virtual users it created with ALL VIRTUAL USERS COMPLETE, after the TEST RESULT.
  let created = false;
  let owedComplete = null; // line of a TEST RESULT still waiting for it
  let lastLine = 1;
  const start = (no) => {
    started ??= no;
  };

  const warn = (no, text, message) => warnings.push({ line: no, message, text });

  function freshRun() {
    return { heading: null, active_virtual_users: null, rampup: null, duration: null };
  }

  function result(no, text, raw, vuser = null) {
    const newer = text.match(RESULT_NOPM_FIRST);
    const older = newer ? null : text.match(RESULT_TPM_FIRST);
    if (!newer && !older) {
      throw new Problem({ line: no, column: columnOf(raw, 'TEST RESULT'), expected: 'a TEST RESULT ("System achieved N NOPM from M <database> TPM" or "M <database> TPM at N NOPM")', found: quote(text.slice(text.indexOf('TEST RESULT'))), rule: 'hammerdb-result' });
    }
    const [nopmText, tpmText, database] = newer ? [newer[1], newer[2], newer[3]] : [older[3], older[1], older[2]];
    for (const [value, label] of [[nopmText, 'NOPM'], [tpmText, 'TPM']]) {
      if (!/^\d+$/.test(value)) {
        throw new Problem({ line: no, column: columnOf(raw, value), expected: `a whole number for ${label}`, found: quoteRest(value), rule: 'hammerdb-result' });
      }
    }
    results.push({
      line: no,
      vuser,
      order: newer ? 'nopm-first' : 'tpm-first',
      database,
      nopm: figure(nopmText, 'tx/min', no),
      tpm: figure(tpmText, 'tx/min', no),
      ...run,
    });
    run = freshRun();
    started = null;
    if (created) owedComplete = no;
  }

  function vuserMessage(no, vuser, message, raw) {
    if (message.includes('TEST RESULT')) return result(no, message, raw, Number(vuser));
    if (RUN_STARTS.test(message)) start(no);
    let m = message.match(/^(\d+) Active Virtual Users configured$/);
    if (m) run.active_virtual_users = figure(m[1], 'count', no);
    m = message.match(/^Beginning rampup time of (\d+) minutes?$/);
    if (m) run.rampup = figure(m[1], 'min', no);
    m = message.match(/^Timing test period of (\d+) in minutes$/);
    if (m) run.duration = figure(m[1], 'min', no);
    if (VUSER_KNOWN.some((re) => re.test(message))) return undefined;
    if (/FINISHED FAILED/.test(message) || ERROR.test(message)) return messages.push({ level: 'error', text: `Vuser ${vuser}:${message}`, line: no });
    if (/CLIENT (?:SIDE )?TPM|WARNING/.test(message)) return messages.push({ level: 'warning', text: `Vuser ${vuser}:${message}`, line: no });
    return warn(no, raw.trim(), 'HammerDB virtual-user message not recognised');
  }

  function line(no, raw) {
    let text = raw.trim();
    const traced = inTrace;
    inTrace = false;
    if (text === '') return undefined;
    lastLine = no;
    if (PROMPT.test(text)) {
      seen = true;
      const rest = text.replace(PROMPT, '');
      if (rest === '' || !VUSER.test(rest)) return notes.push({ line: no, text, kind: rest === '' ? 'prompt' : 'command' });
      notes.push({ line: no, text: 'hammerdb>', kind: 'prompt' });
      text = rest;
    }
    const banner = text.match(/^HammerDB CLI v(\S+)$/i);
    if (banner) {
      seen = true;
      tool = { name: 'HammerDB', version: banner[1], line: no };
      return undefined;
    }
    const vuser = text.match(VUSER);
    if (vuser) {
      seen = true;
      return vuserMessage(no, vuser[1], vuser[2], raw);
    }
    if (text.includes('TEST RESULT')) {
      seen = true;
      return result(no, text, raw);
    }
    const heading = text.match(/^(\d+) VU TEST$/);
    if (heading) {
      start(no);
      return (run.heading = { text, line: no });
    }
    const job = text.match(/^Benchmark Run jobid=(\w+)$/);
    if (job) jobs.push({ id: job[1], line: no });
    if (/Virtual Users Created|^Vuser \d+ created/i.test(text)) {
      start(no);
      created = true;
    }
    if (/^ALL VIRTUAL USERS COMPLETE$/.test(text)) {
      owedComplete = null;
      created = false;
    }
    if (CONSOLE_KNOWN.some((re) => re.test(text))) {
      if (/Virtual Users Created|^Vuser \d+ created|^Hammerdb Log @/i.test(text)) seen = true;
      if (/^Copyright\b/.test(text)) tool ??= { name: 'HammerDB', version: null, line: no };
      return undefined;
    }
    if (ELISION.test(text)) return notes.push({ line: no, text, kind: 'elision' });
    if (/^(?:error|can't|couldn't)\b/i.test(text) || ERROR.test(text)) {
      inTrace = true;
      return messages.push({ level: 'error', text, line: no });
    }
    if (traced && TRACE.test(raw)) {
      inTrace = true;
      return messages.push({ level: 'trace', text, line: no });
    }
    return warn(no, text, 'line is not HammerDB output');
  }

  function finish() {
    if (!seen && !tool && results.length === 0) {
      throw new Problem({ line: 1, column: 1, expected: 'HammerDB output (a TEST RESULT, "Vuser N:" lines or the CLI banner)', found: 'none in the file', rule: 'hammerdb-missing' });
    }
    const status = results.length > 0 ? 'complete' : messages.some((m) => m.level === 'error') ? 'failed' : 'no result';
    const body = { tool: tool ?? { name: 'HammerDB', version: null }, notes, warnings, status, results, jobs, messages };
    if (started !== null && !messages.some((m) => m.level === 'error' && m.line >= started)) {
      body.incomplete = { reason: `the run that starts at line ${started} has no TEST RESULT (it did not finish, or the file was cut)`, line: lastLine };
    } else if (status === 'no result') {
      body.incomplete = { reason: 'the output stops before any TEST RESULT or error (the file was cut?)', line: lastLine };
    } else if (owedComplete !== null) {
      body.incomplete = { reason: `the run whose TEST RESULT is at line ${owedComplete} stops before ALL VIRTUAL USERS COMPLETE (the file was cut?)`, line: lastLine };
    }
    return body;
  }

  return located(source, { push: (raw, no) => line(no, raw), end: finish });
}

/** What one result states: its virtual users, and the database HammerDB names on it ("… NOPM from 97188 MySQL TPM"). */
export function ownLabels(r) {
  return { users: r.active_virtual_users?.value, database: r.database ?? undefined };
}
