// How long something took, as the timing tools print it: bash's `time`
// keyword (`real\t0m1.234s`), POSIX `time -p` (`real 1.23`), GNU
// `/usr/bin/time` (default two-line summary and `-v`), zsh's one-line `time`,
// and the mysql/mariadb client's statement timings (`Query OK, 10000 rows
// affected (28 min 18.34 sec)`). Benchmark write-ups use them for load times.
//
// Every duration keeps its text and the numbers in it as printed (28 min,
// 18.34 s) and adds the seconds computed from them beside, marked derived.
import { Problem, quote } from '../problems/problem.mjs';
import { figure, requireFigure } from './shared/figure.mjs';
import { columnOf, withoutAnnotation, terminatorSpan } from '../lib/text.mjs';
import { parseTextWith } from './driver.mjs';
import { matchPrompt, matchContinuation } from './shared/sql-prompt.mjs';

const NUM = String.raw`\d+(?:\.\d+)?`;
const BASH = new RegExp(String.raw`^(real|user|sys)\s+((?:(\d+)m)?(${NUM})s)$`);
const POSIX = new RegExp(String.raw`^(real|user|sys) +(${NUM})$`);
const GNU_DEFAULT = new RegExp(String.raw`^(${NUM})user (${NUM})system ((?:\d+:)?\d+:\d+(?:\.\d+)?)elapsed (\?|\d+)%CPU \((\d+)avgtext\+(\d+)avgdata (\d+)maxresident\)k$`);
const GNU_FIRST_LINE_RESOURCES = 4; // cpu, avgtext, avgdata, maxresident; the second line adds five
const GNU_IO = /^(\d+)inputs\+(\d+)outputs \((\d+)major\+(\d+)minor\)pagefaults (\d+)swaps$/;
const GNU_EXIT = /^Command (exited with non-zero status|terminated by signal) (\d+)$/;
// The command before zsh's figures: `(?<!\s)` lets the blanks before them be
// tried once from their start, not again from each blank (quadratic on a long run).
const ZSH = new RegExp(String.raw`^(.*?)(?<!\s)\s+(${NUM})s user (${NUM})s system (\?|\d+)% cpu ((?:\d+:)?(?:\d+:)?${NUM}) total$`);
const MYSQL = /^(Query OK, (\d+) rows? affected|(\d+) rows? in set|Empty set)(?:, (\d+) warnings?)? \(([^)]*\bsec)\)$/;
const MYSQL_INFO = /^(Records|Rows matched): \d+/;
// zsh's `%` prompt only counts at the very start: `100% done` is not a prompt.
const PROMPT = /^(?:(?:\[[^\]]*\]|[\w.-]+@[\w.-]+(?::\S*)?|[\w.~/-]+)?\s?[$#]|%)\s+(\S.*)$/;

export const format = {
  name: 'elapsed-time',
  role: 'timing',
  items: 'timings',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: false,
  runLabels: null,
  labels: null,
  loadTimes: { each: '', metric: 'real.seconds', fields: { printed: 'real.text' }, rows: '' },
  // `tpsreport new report` tables the first timing of every capture (bash time and GNU time of one load would share a line).
  newReport: { allCaptures: { kind: 'load-time-table', part: 'timing', columns: '', caption: 'Load times' } },
  version: '1.0.0',
  title: 'Elapsed times: bash time, time -p, GNU time (default and -v), zsh time, mysql/mariadb client statement timings',
  produces: 'Every timing in the file: real/user/sys (or the statement time) as printed with seconds derived, plus GNU time resource figures',
  detect,
  mentions: /(?:real|user|sys)\s|elapsed|Elapsed \(wall clock\) time|Command being timed:|% cpu|Query OK, | in set|Empty set/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/**
 * Shell timings are distinctive. mysql client footers are not: every pasted
 * SHOW TABLE STATUS ends with `N rows in set (0.01 sec)`, so they only score
 * a little, and only `Query OK` lines (statements that did work) score more.
 */
function detect(lines) {
  let score = 0;
  let rowsInSet = 0;
  let tables = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (BASH.test(line) || POSIX.test(line)) score += line.startsWith('real') ? 20 : 5;
    else if (GNU_DEFAULT.test(line)) score += 30;
    else if (/^Elapsed \(wall clock\) time/.test(line) || /^Command being timed:/.test(line)) score += 20;
    else if (ZSH.test(line)) score += 20;
    else if (/^Query OK, \d+ rows? affected/.test(line)) score += 2;
    else if (/^(\d+ rows? in set|Empty set)\b/.test(line)) rowsInSet += 1;
    else if (/^[|+]|\*{5,} \d+\. row \*{5,}/.test(line)) tables += 1;
  }
  if (score === 0 && tables > 0) return 0;
  return Math.min(score + rowsInSet, 200);
}

function createParser() {
  const timings = [];
  const notes = [];
  const warnings = [];
  let command = null; // { text, line } of the shell or SQL command seen last
  let pendingExit = null; // GNU time prints the exit status before its summary
  let shell = null; // a bash / time -p block being filled
  let verbose = null; // a GNU time -v block being filled
  let lastGnu = null; // the default summary waiting for its second line
  let lastMysql = null;
  let sqlBlock = null; // the statement between -vvv `--------------` rules
  let previous = null; // the timing the previous non-blank line belonged to
  let current = null; // the timing the line being read belongs to
  let trailing = null; // the command of a prompt line that nothing has followed yet
  let verboseClient = false; // a mysql -vvv log (statements between rules of dashes)
  let saidBye = false; // the last non-blank line was the client's "Bye"
  let lastLine = 0;

  const add = (timing) => {
    timings.push(timing);
    command = null;
    current = timing;
    return timing;
  };
  const extend = (timing, n) => {
    timing.lines.last = n;
    current = timing;
  };

  const closeShell = () => {
    // bash and time -p always print real, user and sys; fewer means a cut paste
    // (a lone `real` line is how authors quote a load time, so it stands, unless
    // the `time …` command above shows this is what the shell printed).
    const ran = /(?:^|\s)time\s/.test(shell?.command ?? '');
    if (shell && (!shell.real || (shell.user && !shell.sys) || (ran && !shell.user))) {
      const missing = !shell.real ? 'real' : shell.user ? 'sys' : 'user';
      throw new Problem({ line: shell.lines.last, column: 1, expected: `a "${missing}" line in this time output`, found: `${['real', 'user', 'sys'].filter((k) => shell[k]).join(' and ')} only`, rule: 'elapsed-time/cut' });
    }
    shell = null;
  };

  const handlers = [
    // bash `time` and `time -p`: real, user, sys on three lines
    (t, n) => {
      const m = BASH.exec(t) ?? POSIX.exec(t);
      if (!m) return false;
      const layout = BASH.test(t) ? 'bash' : 'posix';
      const key = m[1];
      if (!shell || shell.layout !== layout || shell[key] || (key === 'real' && (shell.user || shell.sys))) {
        shell = add({ layout, command: command?.text ?? null, lines: { first: n, last: n }, real: null, user: null, sys: null });
      }
      shell[key] = layout === 'bash' ? bashDuration(m[2], t, n) : secondsDuration(m[2], t, n);
      extend(shell, n);
      return true;
    },
    (t, n) => {
      const m = GNU_EXIT.exec(t);
      if (!m) return false;
      pendingExit = { line: n, signal: m[1].startsWith('terminated'), code: m[2] };
      return true;
    },
    (t, n) => {
      const m = GNU_DEFAULT.exec(t);
      if (!m) return false;
      const [, user, sys, elapsed, cpu, avgtext, avgdata, maxres] = m;
      lastGnu = add({
        layout: 'gnu-time',
        command: command?.text ?? null,
        lines: { first: pendingExit?.line ?? n, last: n },
        real: clockDuration(elapsed, t, n),
        user: secondsDuration(user, t, n),
        sys: secondsDuration(sys, t, n),
        resources: [
          resource('cpu', `${cpu}%`, cpu === '?' ? null : cpu, 'percent', n),
          resource('avgtext', avgtext, avgtext, 'KiB', n),
          resource('avgdata', avgdata, avgdata, 'KiB', n),
          resource('maxresident', maxres, maxres, 'KiB', n),
        ],
      });
      takeExit(lastGnu);
      return true;
    },
    (t, n) => {
      const m = GNU_IO.exec(t);
      if (!m || !lastGnu || previous !== lastGnu) return false;
      ['inputs', 'outputs', 'major', 'minor', 'swaps'].forEach((name, i) => {
        lastGnu.resources.push(resource(name, m[i + 1], m[i + 1], 'count', n));
      });
      extend(lastGnu, n);
      return true;
    },
    (t, n) => {
      const m = gnuVerbose(t);
      if (!m) return false;
      const [, label, value] = m;
      if (label === 'Command being timed') {
        verbose = add({
          layout: 'gnu-time-verbose',
          command: value.replace(/^"(.*)"$/, '$1'),
          lines: { first: n, last: n },
          real: null,
          user: null,
          sys: null,
          resources: [],
        });
        takeExit(verbose);
        return true;
      }
      if (!verbose || previous !== verbose) return false;
      readVerbose(verbose, label, value, t, n);
      extend(verbose, n);
      return true;
    },
    (t, n) => {
      const m = ZSH.exec(t);
      if (!m) return false;
      add({
        layout: 'zsh',
        command: m[1],
        lines: { first: n, last: n },
        real: clockDuration(m[5], t, n),
        user: secondsDuration(m[2], t, n, false),
        sys: secondsDuration(m[3], t, n, false),
        resources: [resource('cpu', `${m[4]}%`, m[4] === '?' ? null : m[4], 'percent', n)],
      });
      return true;
    },
    (t, n) => {
      const m = MYSQL.exec(t);
      if (!m) return false;
      const [, result, affected, inSet, warningCount, time] = m;
      const rows = affected ?? inSet ?? '0';
      lastMysql = add({
        layout: 'mysql-client',
        command: sqlBlock?.text ?? command?.text ?? null,
        lines: { first: n, last: n },
        result: result.replace(/,.*$/, '').replace(/^\d+ rows? /, 'rows '),
        rows: figure(rows, 'rows', n, affected ?? inSet ? {} : { implied: true }),
        real: mysqlDuration(time, t, n),
        user: null,
        sys: null,
      });
      if (warningCount !== undefined) lastMysql.warnings = figure(warningCount, 'count', n);
      sqlBlock = null;
      return true;
    },
    (t, n) => {
      if (!MYSQL_INFO.test(t) || !lastMysql || previous !== lastMysql) return false;
      lastMysql.info = [...t.matchAll(/([A-Z][\w ]*?): (\d+)/g)].map(([, label, v]) => ({ label, value: figure(v, 'rows', n) }));
      extend(lastMysql, n);
      return true;
    },
  ];

  const wrapper = (t, n) => {
    const sql = matchPrompt(t);
    if (sql) {
      notes.push({ line: n, text: t, kind: 'sql-prompt' });
      if (sql.statement !== '') command = { text: sql.statement, line: n, sql: true };
      return true;
    }
    const more = matchContinuation(t);
    if (more !== null && command) {
      notes.push({ line: n, text: t, kind: 'sql-prompt' });
      command.text += ` ${more}`;
      return true;
    }
    const shellPrompt = PROMPT.exec(t);
    if (shellPrompt) {
      notes.push({ line: n, text: t, kind: 'command' });
      command = { text: shellPrompt[1], line: n };
      return true;
    }
    return false;
  };

  const noise = (t, n, raw) => {
    if (/^-{14}$/.test(t)) {
      // mysql -vvv frames each statement with two rules of 14 dashes.
      verboseClient = true;
      sqlBlock = sqlBlock && !sqlBlock.closed ? { ...sqlBlock, closed: true } : { text: null, closed: false };
      return 'rule';
    }
    if (sqlBlock && !sqlBlock.closed) {
      sqlBlock.text = sqlBlock.text ? `${sqlBlock.text} ${t}` : t;
      notes.push({ line: n, text: raw, kind: 'sql-statement' });
      return 'statement';
    }
    if (/^\+[-+]+\+$/.test(t) || /^\|.*\|$/.test(t) || /^\*+ \d+\. row \*+$/.test(t)) {
      notes.push({ line: n, text: raw, kind: 'result-set' });
      return 'result';
    }
    if (/^(Bye|Welcome to the (MySQL|MariaDB) monitor\..*|Your (MySQL|MariaDB) connection id is \d+|Server version: .*|Copyright \(c\).*|Oracle is a registered trademark.*|affiliates\. Other names may be trademarks.*|owners\.|Type 'help;' or '\\h' for help\..*|Reading table information for completion.*|You can turn off this feature to get a quicker startup with -A|Database changed|Logging to file .*|Outfile disabled\.|mysql: \[Warning\] .*|WARNING: .*|Query OK, \d+ rows? affected.*)$/.test(t)) {
      notes.push({ line: n, text: raw, kind: 'mysql-client' });
      return 'client';
    }
    return null;
  };

  const takeExit = (timing) => {
    if (!pendingExit) return;
    timing[pendingExit.signal ? 'signal' : 'exit_status'] = figure(pendingExit.code, 'count', pendingExit.line);
    pendingExit = null;
  };

  return {
    push(line, lineNo) {
      const t = withoutAnnotation(line, lineNo, notes);
      if (t === '') return;
      lastLine = lineNo;
      saidBye = t === 'Bye';
      if (shell && !/^(user|sys)\s/.test(t)) closeShell();
      current = null;
      const handled = handlers.some((h) => h(t, lineNo));
      previous = current;
      trailing = null;
      if (handled || noise(t, lineNo, line)) return;
      if (wrapper(t, lineNo)) {
        // Only a prompt that names a command (or continues one) leaves it waiting for its timing.
        const named = command && (command.line === lineNo || matchContinuation(t) !== null);
        trailing = named ? { ...command, last: lineNo } : null;
        return;
      }
      warnings.push({ line: lineNo, message: 'not a timing line (time, /usr/bin/time or mysql client)', text: line });
    },
    end() {
      closeShell();
      // GNU time -v always ends its block with `Exit status: N`; a block without it was cut.
      if (verbose && timings.at(-1) === verbose && !verbose.exit_status && !verbose.signal) {
        throw new Problem({ line: verbose.lines.last + 1, column: 1, expected: 'the rest of the GNU time -v output, through "Exit status: N"', found: 'end of file', rule: 'elapsed-time/cut' });
      }
      cutAfterCommand(trailing);
      cutBeforeInfoLine(lastMysql, previous);
      // mysql -vvv prints "Bye" when it exits: a -vvv log without it stops mid-session.
      if (sqlBlock !== null || (verboseClient && !saidBye)) {
        throw new Problem({ line: lastLine + 1, column: 1, expected: 'the rest of the mysql -vvv log, through the "Bye" the client prints when it exits', found: 'end of file', rule: 'elapsed-time/cut' });
      }
      // GNU time's default summary is two lines; a file that stops after the first was cut
      // (a summary quoted without its second line reads as such only when more follows).
      if (lastGnu && previous === lastGnu && lastGnu.resources.length === GNU_FIRST_LINE_RESOURCES) {
        throw new Problem({ line: lastGnu.lines.last + 1, column: 1, expected: 'the second line of GNU time\'s summary ("…inputs+…outputs (…major+…minor)pagefaults …swaps")', found: 'end of file', rule: 'elapsed-time/cut' });
      }
      if (timings.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'a timing (real/user/sys, GNU time or "(N sec)")', found: 'none', rule: 'elapsed-time' });
      }
      return { tool: toolOf(timings[0]), notes, warnings, timings };
    },
  };
}

// Statements after whose "Query OK" the client always prints a line of counts
// (mysql_info): "Records: N  Duplicates: N  Warnings: N", "Rows matched: …".
const INFO_STATEMENT = /^(?:ALTER\s+TABLE|UPDATE|LOAD\s+DATA|INSERT\b.*\bSELECT\b|REPLACE\b.*\bSELECT\b)/i;

/** A file that ends on the "Query OK" of such a statement, before its line of counts. */
function cutBeforeInfoLine(last, previous) {
  if (!last || previous !== last || last.info || last.result !== 'Query OK' || !INFO_STATEMENT.test(last.command ?? '')) return;
  throw new Problem({
    line: last.lines.last + 1, column: 1, rule: 'elapsed-time/cut',
    expected: `the line of counts ("Records: …" or "Rows matched: …") the client prints after ${last.command.split(/\s+/).slice(0, 2).join(' ')}`,
    found: 'end of file',
  });
}

// Statements that end a client session print nothing.
const SESSION_END = /^(?:exit|quit|\\q)\b/i;

/**
 * A file that ends on a prompt line: a timed shell command or an SQL statement
 * whose timing never came, so the copy stops between two timings.
 */
function cutAfterCommand(trailing) {
  if (!trailing || SESSION_END.test(trailing.text)) return;
  if (!trailing.sql && !/(?:^|\s)time\s/.test(trailing.text)) return;
  throw new Problem({
    line: trailing.last + 1, column: 1, rule: 'elapsed-time/cut',
    expected: `the ${trailing.sql ? 'result' : 'timing'} of the command on line ${trailing.line}`,
    found: 'end of file',
  });
}

function toolOf(timing) {
  const names = { bash: 'bash time', posix: 'time -p', 'gnu-time': 'GNU time', 'gnu-time-verbose': 'GNU time', zsh: 'zsh time', 'mysql-client': 'mysql client' };
  return { name: names[timing.layout], version: null, line: timing.lines.first };
}

/**
 * `[, label, value]` of a GNU time -v line, or null. The label may hold colons
 * itself (`(h:mm:ss or m:ss)`): it ends at the first `: `. Read as
 * `/^([A-Z].*?):\s+(.*)$/` would, without its backtracking over blanks.
 */
function gnuVerbose(t) {
  if (!/^[A-Z]/.test(t)) return null;
  // `.` matches no line terminator (`\s` does): the label and the value may hold none.
  const { first, last } = terminatorSpan(t);
  for (let colon = t.indexOf(':'); colon > 0; colon = t.indexOf(':', colon + 1)) {
    if (!/\s/.test(t[colon + 1] ?? '')) continue;
    if (first >= 0 && first < colon) return null;
    let value = colon + 1;
    while (value < t.length && /\s/.test(t[value])) value += 1;
    if (last >= value) continue;
    return [t, t.slice(0, colon), t.slice(value)];
  }
  return null;
}

/** GNU time -v: one `Label: value` per line; the label carries the unit. */
function readVerbose(timing, label, value, line, n) {
  if (label.startsWith('Elapsed (wall clock) time')) timing.real = clockDuration(value, line, n);
  else if (label === 'User time (seconds)') timing.user = secondsDuration(value, line, n, false);
  else if (label === 'System time (seconds)') timing.sys = secondsDuration(value, line, n, false);
  else if (label === 'Exit status') timing.exit_status = requireFigure(value, 'count', n, line, label);
  else {
    const unit = /\(kbytes\)/.test(label) ? 'KiB' : /\(bytes\)/.test(label) ? 'bytes' : /^Percent/.test(label) ? 'percent' : 'count';
    const text = value.replace(/%$/, '');
    timing.resources.push({
      name: label,
      value: text === '?' ? { value: null, text: value, unit, line: n } : { ...requireFigure(text, unit, n, line, label), text: value },
    });
  }
}

function resource(name, printed, number, unit, n) {
  return { name, value: { value: number === null ? null : Number(number), text: printed, unit, line: n } };
}

/** A duration: its text, each number in it with its printed unit, and seconds derived. */
function duration(text, parts, n) {
  const seconds = parts.reduce((sum, p) => sum + p.value * SECONDS[p.unit], 0);
  const single = parts.length === 1 && parts[0].unit === 's';
  return {
    text,
    parts,
    seconds: single ? parts[0] : { value: round(seconds), text: String(round(seconds)), unit: 's', line: n, derived: true },
  };
}

const SECONDS = { d: 86400, h: 3600, min: 60, s: 1 };
const round = (x) => Math.round(x * 1e6) / 1e6;

/** bash: `0m1.234s`, `28m18.000s`. */
function bashDuration(text, line, n) {
  const m = /^(?:(\d+)m)?(\d+(?:\.\d+)?)s$/.exec(text);
  const parts = [];
  if (m[1] !== undefined) parts.push(requireFigure(m[1], 'min', n, line, 'minutes'));
  parts.push(requireFigure(m[2], 's', n, line, 'seconds'));
  return duration(text, parts, n);
}

/** A bare number of seconds (`time -p`, GNU `0.01user`): the unit is implied. */
function secondsDuration(text, line, n, implied = true) {
  const part = { ...requireFigure(text, 's', n, line, 'seconds'), ...(implied ? { implied: true } : {}) };
  return duration(text, [part], n);
}

/** GNU time and zsh: `h:mm:ss`, `m:ss.cc` or plain seconds. */
function clockDuration(text, line, n) {
  const fields = text.split(':');
  if (fields.length > 3 || fields.some((f) => !/^\d+(?:\.\d+)?$/.test(f))) {
    throw new Problem({ line: n, column: columnOf(line, text), expected: 'an elapsed time as h:mm:ss or m:ss', found: quote(text), rule: 'elapsed-time/clock' });
  }
  const units = ['h', 'min', 's'].slice(3 - fields.length);
  const parts = fields.map((f, i) => ({ value: Number(f), text: f, unit: units[i], line: n, implied: true }));
  return duration(text, parts, n);
}

/** mysql client `nice_time()`: `0.01 sec`, `28 min 18.34 sec`, `1 hour 2 min 3.45 sec`, `2 days …`. */
function mysqlDuration(text, line, n) {
  const parts = [];
  const re = /(\d+(?:\.\d+)?) (days?|hours?|min|sec)\b/g;
  let consumed = '';
  for (const m of text.matchAll(re)) {
    const unit = { day: 'd', days: 'd', hour: 'h', hours: 'h', min: 'min', sec: 's' }[m[2]];
    parts.push(requireFigure(m[1], unit, n, line, m[2]));
    consumed += `${m[0]} `;
  }
  if (parts.length === 0 || consumed.trim() !== text.trim()) {
    throw new Problem({ line: n, column: columnOf(line, text), expected: 'a mysql client time like "1.23 sec" or "28 min 18.34 sec"', found: quote(text), rule: 'elapsed-time/mysql' });
  }
  return duration(text, parts, n);
}
