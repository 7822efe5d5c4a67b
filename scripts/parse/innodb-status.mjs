// SHOW ENGINE INNODB STATUS (MySQL 5.0–8.x, MariaDB 10.x) → every InnoDB
// monitor output in the input, as printed by the client in any of its forms:
// `\G` (Type/Name/Status record), a bordered table whose Status cell spans
// many lines, batch output with the whole Status on one line and `\n`
// escapes, or the monitor text pasted on its own.
//
// The client framing around the monitor text (prompts, echoed statements,
// `*** 1. row ***`, footers) goes through the shared client reader; the
// monitor text itself never does, because its lines look like client chatter
// to that reader (`state: sleeping` like a `\G` field, `insert 0, delete mark
// 0` like an INSERT statement).
//
// Inside the monitor text, each `----- / TITLE / -----` heading opens a
// section. SEMAPHORES is read line by line into its counters (OS wait array
// reservations and signals, spins / rounds / OS waits per latch kind, spin
// rounds per wait, and the `--Thread … has waited` entries). Every other
// section is read generically: a line that is a list of labelled numbers
// (`179 OS file reads, 11594 OS file writes`, `Buffer pool size   16224`,
// `Pending writes: LRU 0, flush list 0`) becomes figures keyed by their
// label; any other line (transaction lists, deadlocks, thread states) is kept
// as a `monitor-text` note, so no figure disappears without a trace.
import { Problem, quote } from '../problems/problem.mjs';
import { figure, requireFigure } from './shared/figure.mjs';
import { createClientParser, rowObjects, scanHeaders, unwrap } from './shared/mysql-output.mjs';
import { parseTextWith } from './driver.mjs';

const STATEMENT = /\bshow\s+(?:engine\s+)?innodb\s+status\b/i;
const RULE_EQ = /^={20,}$/;
const RULE_DASH = /^-{3,}$/;
const TITLE = /^[A-Z][A-Z/&]*(?: [A-Z/&]+)*$/;
const MONITOR_HEAD = /^(\d{4}-\d{2}-\d{2} +\d{1,2}:\d{2}:\d{2}|\d{6} +\d{1,2}:\d{2}:\d{2})(?: +(0x[0-9a-fA-F]+|\d+))? +INNODB MONITOR OUTPUT$/;
const MONITOR_END = /^END OF INNODB MONITOR OUTPUT$/;
const AVERAGES = /^Per second averages calculated from the last (\S+) seconds$/;
const TABLE_ROW_START = /^\|\s*InnoDB\s*\|[^|]*\|\s?(.*)$/;
const BATCH_ROW = /^InnoDB\t([^\t]*)\t(.*)$/;
// A Status cell's own text, read as lines of their own in the batch form.
const ESCAPED_NEWLINE = /\\n/;

// ─── SEMAPHORES ─────────────────────────────────────────────────────────────

const WAIT_ARRAY = /^OS WAIT ARRAY INFO: (.*)$/;
const LATCH_COUNTERS = /^(Mutex|RW-shared|RW-excl|RW-sx) spin(?:s| waits) (\S+), rounds (\S+), OS waits (\S+)$/;
const LATCH_COUNTERS_51 = /^(RW-shared|RW-excl) spins (\S+), OS waits (\S+)$/;
const SPIN_ROUNDS = /^Spin rounds per wait: (.*)$/;
const THREAD_WAIT = /^--Thread (\d+) has waited at (\S+) line (\d+) for (\S+) seconds the semaphore:$/;
const LATCH_KEYS = { Mutex: 'mutex', 'RW-shared': 'rw_shared', 'RW-excl': 'rw_excl', 'RW-sx': 'rw_sx' };

// ─── generic labelled numbers ───────────────────────────────────────────────

const NUMBER = '[-+]?\\d+(?:\\.\\d+)?';
// A label starts with a letter and does not end in a digit, so `Log sequence number 0 43655`
// (5.0's two 32-bit halves) is not read as the label `Log sequence number 0`.
const LABEL = "[A-Za-z_(][A-Za-z0-9_/()&%'.<>:\\- ]*?[A-Za-z_()%'/-]";
const ITEM_NUMBER_FIRST = new RegExp(`^(${NUMBER}) (${LABEL})$`);
const ITEM_LABEL_FIRST = new RegExp(`^(${LABEL}):? +(${NUMBER})(/s)?$`);
const ITEM_LABEL_COLON = new RegExp(`^(${LABEL}): *(${NUMBER})(/s)?$`);
// `srv_master_thread loops: 4 srv_active`, `node heap has 3 buffer(s)`: one word after the number.
const ITEM_LABEL_NUMBER_WORD = new RegExp(`^(${LABEL}):? (${NUMBER}) ([A-Za-z_][A-Za-z_()]*)$`);
const TWO_HALVES = /^(Log sequence number|Log flushed up to|Last checkpoint at|Trx id counter) +(\d+) +(\d+)$/;
const HIT_RATE = /^Buffer pool hit rate (\d+) \/ (\d+)(?:, young-making rate (\d+) \/ (\d+) not (\d+) \/ (\d+))?$/;
const SUBHEADING = /^([A-Za-z][A-Za-z ]*):$/;
const STATE = /^(?:.*, )?state: (.*)$/;
const POOL = /^---BUFFER POOL (\d+)$/;
// Sections whose lines are free text (per-transaction lists, deadlock reports).
const TEXT_SECTIONS = new Set(['latest_detected_deadlock', 'latest_foreign_key_error']);
const TRX_LIST = /^LIST OF TRANSACTIONS FOR EACH SESSION:$/;

function detect(lines) {
  let score = 0;
  if (lines.some((l) => /INNODB MONITOR OUTPUT/.test(l))) score += 90;
  const { statements } = scanHeaders(lines);
  if (statements.some((s) => STATEMENT.test(s))) score += 40;
  return Math.min(score, 100);
}

/** `Pages made young` → `pages_made_young`; `reads/s` → `reads_per_s`. */
function keyOf(label) {
  return label.toLowerCase().replace(/i\/o/g, 'io').replace(/\//g, ' per ').replace(/%/g, ' percent ')
    .replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** What a labelled number counts, from its label; the monitor prints no units. */
function unitOf(label, perSecond) {
  const l = label.toLowerCase();
  if (perSecond || l.endsWith('/s') || l.endsWith('/second')) return { unit: 'ops/s' };
  if (/percent|%/.test(l)) return { unit: 'percent' };
  if (/seconds?$|\bsec$/.test(l)) return { unit: 's' };
  if (/memory allocated|bytes/.test(l)) return { unit: 'bytes', implied: true };
  if (/sequence number|up to|checkpoint at|checkpoint age/.test(l)) return { unit: 'bytes', implied: true };
  if (/pages|buffers|pool size|lru len/.test(l)) return { unit: 'pages', implied: true };
  return { unit: 'count' };
}

/** A line of comma/semicolon separated labelled numbers → [{label, text, perSecond}]; null if any part is not one. */
function labelledNumbers(text) {
  const items = [];
  for (const raw of text.split(/[,;] +/)) {
    const part = raw.trim();
    let m = ITEM_LABEL_COLON.exec(part) ?? ITEM_LABEL_FIRST.exec(part);
    if (m) {
      items.push({ label: m[1].trim(), text: m[2], perSecond: Boolean(m[3]), labelFirst: true });
      continue;
    }
    m = ITEM_NUMBER_FIRST.exec(part);
    if (m) {
      items.push({ label: m[2].trim(), text: m[1], perSecond: false });
      continue;
    }
    m = ITEM_LABEL_NUMBER_WORD.exec(part);
    if (!m) return null;
    items.push({ label: `${m[1].trim()} ${m[3].trim()}`, text: m[2], perSecond: false });
  }
  return items.length ? items : null;
}

function createParser() {
  let lastLine = 0;
  const snapshots = [];
  // Client results end after the monitor text they frame (the footer comes last),
  // so each one goes to the first snapshot inside it that has no frame yet.
  const onResult = (result, reader) => {
    const snapshot = snapshots.find((x) => !x.framed && x.lines.first >= result.lines.first);
    if (snapshot) {
      applyFrame(snapshot, result);
      return;
    }
    reader.warnings.push({ line: result.lines.first, message: `a ${result.form} result${result.columns.length ? ` with columns ${result.columns.join(', ')}` : ''} holds no InnoDB monitor output; not read` });
  };
  const client = createClientParser({ labels: ['Type', 'Name', 'Status'], onResult });
  const notes = client.reader.notes;
  const warnings = client.reader.warnings;
  let body = null; // the monitor output being read
  let opening = null; // a `=====` line that may open a monitor output

  function applyFrame(snapshot, result) {
    snapshot.framed = true;
    if (result.form !== 'empty') snapshot.form = result.form;
    if (result.statement) snapshot.statement = result.statement;
    const [row] = rowObjects(result);
    for (const [k, v] of Object.entries(row?.values ?? {})) {
      if (k.toLowerCase() === 'type') snapshot.type = v;
      if (k.toLowerCase() === 'name') snapshot.name = v;
    }
  }

  function startSnapshot(n, form) {
    const snapshot = {
      index: snapshots.length,
      form,
      statement: null,
      lines: { first: n, last: n },
      type: undefined,
      name: undefined,
      timestamp: null,
      thread: undefined,
      averages_window: undefined,
      complete: false,
      sections: {},
    };
    if (!snapshot.statement && client.reader.statement) {
      snapshot.statement = { text: client.reader.statement.text, line: client.reader.statement.line };
    }
    snapshots.push(snapshot);
    body = { snapshot, section: null, held: [], ended: false, form, prefix: null, pool: null };
    return body;
  }

  function note(n, text, kind) {
    notes.push({ line: n, text, kind });
  }

  // ─── the monitor text, one line at a time ────────────────────────────────

  function monitorLine(text, n) {
    const b = body;
    b.snapshot.lines.last = n;
    if (text === '') return;
    if (b.ended) {
      if (RULE_EQ.test(text)) {
        b.snapshot.complete = true;
        if (b.form !== 'table') body = null;
        else b.closing = true;
        return;
      }
      // the closing rule is missing: the output ended at END OF … anyway
      b.snapshot.complete = true;
      body = null;
      outside(text, n);
      return;
    }
    if (heading(text, n)) return;
    if (MONITOR_END.test(text)) {
      flushHeld();
      closeSection(n - 1);
      b.ended = true;
      return;
    }
    const head = MONITOR_HEAD.exec(text);
    if (head && !b.snapshot.timestamp) {
      b.snapshot.timestamp = { text: head[1], line: n };
      if (head[2]) b.snapshot.thread = head[2];
      return;
    }
    if (RULE_EQ.test(text) && !b.section) return; // the rules around the monitor's first line
    const avg = AVERAGES.exec(text);
    if (avg && !b.section) {
      b.snapshot.averages_window = requireFigure(avg[1], 's', n, text, 'the averaging window in seconds');
      return;
    }
    if (!b.section) {
      note(n, text, 'monitor-text');
      return;
    }
    if (b.section.key === 'semaphores') semaphoreLine(text, n);
    else sectionLine(text, n);
  }

  /** `-----` / `TITLE` / `-----` opens a section; held lines that turn out not to be one are read as text. */
  function heading(text, n) {
    const b = body;
    const held = b.held;
    if (held.length === 0) {
      if (RULE_DASH.test(text)) {
        held.push({ text, n });
        return true;
      }
      return false;
    }
    if (held.length === 1 && TITLE.test(text) && !MONITOR_END.test(text)) {
      held.push({ text, n });
      return true;
    }
    if (held.length === 2 && RULE_DASH.test(text)) {
      closeSection(held[0].n - 1);
      const title = held[1].text;
      const key = keyOf(title);
      const section = { title, line: held[1].n, lines: { first: held[0].n, last: n }, figures: {} };
      // Latch counters and thread waits are lists even when the server printed none (MariaDB 10.6+).
      if (key === 'semaphores') Object.assign(section, { latches: [], waits: [] });
      b.snapshot.sections[key] = section;
      b.section = { key, entry: section, trxList: false };
      b.held = [];
      b.prefix = null;
      b.pool = null;
      return true;
    }
    flushHeld();
    return heading(text, n);
  }

  function flushHeld() {
    const held = body.held;
    body.held = [];
    for (const h of held) {
      if (RULE_DASH.test(h.text)) continue; // a rule on its own is layout, not text
      if (body.section) sectionLine(h.text, h.n);
      else note(h.n, h.text, 'monitor-text');
    }
  }

  function closeSection(last) {
    if (body.section && last >= body.section.entry.lines.first) body.section.entry.lines.last = Math.max(body.section.entry.lines.last, last);
  }

  function touch(n) {
    body.section.entry.lines.last = n;
  }

  // ─── SEMAPHORES ──────────────────────────────────────────────────────────

  function semaphoreLine(text, n) {
    touch(n);
    const s = body.section.entry;
    let m = WAIT_ARRAY.exec(text);
    if (m) {
      for (const part of m[1].split(/, */)) {
        const c = /^(reservation count|signal count) (\S+)$/.exec(part);
        if (!c) {
          throw new Problem({ line: n, column: text.indexOf(part) + 1, expected: 'OS WAIT ARRAY INFO: reservation count N, signal count N', found: quote(part), rule: 'innodb-status/wait-array' });
        }
        s.figures[keyOf(c[1])] = requireFigure(c[2], 'count', n, text, `the OS wait array ${c[1]}`);
      }
      return;
    }
    m = LATCH_COUNTERS.exec(text);
    if (m) {
      const latch = latchEntry(s, m[1], n);
      const what = m[1] === 'Mutex' ? 'spin_waits' : 'spins';
      latch[what] = requireFigure(m[2], 'count', n, text, `${m[1]} spins`);
      latch.rounds = requireFigure(m[3], 'count', n, text, `${m[1]} rounds`);
      latch.os_waits = requireFigure(m[4], 'count', n, text, `${m[1]} OS waits`);
      return;
    }
    if (text.split(/; */).every((p) => LATCH_COUNTERS_51.test(p))) {
      for (const part of text.split(/; */)) {
        const p = LATCH_COUNTERS_51.exec(part);
        const latch = latchEntry(s, p[1], n);
        latch.spins = requireFigure(p[2], 'count', n, text, `${p[1]} spins`);
        latch.os_waits = requireFigure(p[3], 'count', n, text, `${p[1]} OS waits`);
      }
      return;
    }
    m = SPIN_ROUNDS.exec(text);
    if (m) {
      for (const part of m[1].split(/, */)) {
        const r = /^(\S+) (Mutex|mutex|RW-shared|RW-excl|RW-sx)$/.exec(part);
        if (!r) {
          throw new Problem({ line: n, column: text.indexOf(part) + 1, expected: 'Spin rounds per wait: N mutex, N RW-shared, N RW-excl[, N RW-sx]', found: quote(part), rule: 'innodb-status/spin-rounds' });
        }
        const name = r[2] === 'mutex' ? 'Mutex' : r[2];
        latchEntry(s, name, n).spin_rounds_per_wait = requireFigure(r[1], 'ratio', n, text, `spin rounds per wait of ${name}`);
      }
      return;
    }
    m = THREAD_WAIT.exec(text);
    if (m) {
      s.waits.push({
        line: n,
        thread: m[1],
        file: m[2],
        file_line: Number(m[3]),
        seconds: requireFigure(m[4], 's', n, text, 'the seconds a thread waited'),
        detail: [],
      });
      return;
    }
    const wait = s.waits[s.waits.length - 1];
    if (wait) {
      // The lines under `--Thread … has waited` describe that wait (latch, holder, waiters flag).
      wait.detail.push({ line: n, text });
      return;
    }
    note(n, text, 'monitor-text');
  }

  function latchEntry(s, name, n) {
    let latch = s.latches.find((l) => l.name === name);
    if (!latch) {
      latch = { name, key: LATCH_KEYS[name], line: n };
      s.latches.push(latch);
    }
    return latch;
  }

  // ─── every other section ─────────────────────────────────────────────────

  function sectionLine(text, n) {
    touch(n);
    const b = body;
    const s = b.section.entry;
    if (TEXT_SECTIONS.has(b.section.key) || b.section.trxList) {
      note(n, text, 'monitor-text');
      return;
    }
    if (TRX_LIST.test(text)) {
      b.section.trxList = true;
      note(n, text, 'monitor-text');
      return;
    }
    const pool = POOL.exec(text);
    if (pool) {
      s.pools ??= [];
      b.pool = { index: Number(pool[1]), line: n, figures: {} };
      s.pools.push(b.pool);
      return;
    }
    const target = b.pool ? b.pool.figures : s.figures;
    const sub = SUBHEADING.exec(text);
    if (sub) {
      b.prefix = `${keyOf(sub[1])}_`;
      note(n, text, 'monitor-heading');
      return;
    }
    const prefix = b.prefix ?? '';
    b.prefix = null;
    if (twoHalves(text, n, target) || hitRate(text, n, target)) return;
    const state = b.section.key === 'row_operations' ? STATE.exec(text) : null;
    if (state && !labelledNumbers(text)) {
      s.texts ??= {};
      s.texts.state = { text: state[1], line: n };
      return;
    }
    const items = labelledNumbers(text);
    if (!items) {
      note(n, text, 'monitor-text');
      return;
    }
    // `Number of system rows …` and the rates on the line after it repeat the user-row labels.
    if (/^Number of system rows/.test(text)) b.prefix = 'system_';
    // `Number of rows inserted 5, updated 2`: a one-word label after the first item continues it.
    const lead = /^(.*) \S+$/.exec(items[0].label);
    items.forEach((item, i) => {
      const continues = i > 0 && lead && item.labelFirst && !/ /.test(item.label);
      const label = continues ? `${lead[1]} ${item.label}` : item.label;
      let key = prefix + keyOf(label);
      if (item.perSecond) key += '_per_s';
      key = freeKey(target, key);
      const { unit, implied } = unitOf(label, item.perSecond);
      target[key] = figure(item.text, unit, n, implied ? { implied: true } : {});
    });
  }

  /** 5.0 prints a log sequence number as two 32-bit halves: both kept, the whole derived. */
  function twoHalves(text, n, target) {
    const m = TWO_HALVES.exec(text);
    if (!m) return false;
    const key = keyOf(m[1]);
    const unit = m[1] === 'Trx id counter' ? 'count' : 'bytes';
    target[`${key}_high`] = figure(m[2], unit, n, { implied: true });
    target[`${key}_low`] = figure(m[3], unit, n, { implied: true });
    const whole = Number(m[2]) * 2 ** 32 + Number(m[3]);
    target[key] = { value: whole, text: String(whole), unit, line: n, implied: true, derived: true };
    return true;
  }

  /** `Buffer pool hit rate 999 / 1000` is per mille: the numerator as printed, the share derived. */
  function hitRate(text, n, target) {
    const m = HIT_RATE.exec(text);
    if (!m) return false;
    const pair = (key, a, b) => {
      target[key] = figure(a, 'count', n);
      target[`${key}_per`] = figure(b, 'count', n);
      // A share of nothing (`/ 0`) has no value; the text keeps what was printed.
      const share = Number(b) === 0 ? null : Number(a) / Number(b);
      target[`${key}_ratio`] = { value: share, text: `${a} / ${b}`, unit: 'ratio', line: n, derived: true };
    };
    pair('buffer_pool_hit_rate', m[1], m[2]);
    if (m[3] !== undefined) {
      pair('young_making_rate', m[3], m[4]);
      pair('not_young_making_rate', m[5], m[6]);
    }
    return true;
  }

  // ─── outside the monitor text ────────────────────────────────────────────

  function outside(text, n, raw = text) {
    if (RULE_EQ.test(text)) {
      opening = { text, n };
      return;
    }
    const head = MONITOR_HEAD.exec(text);
    if (head) {
      const b = startSnapshot(opening ? opening.n : n, 'plain');
      opening = null;
      monitorLine(text, n);
      return b;
    }
    if (opening) {
      note(opening.n, opening.text, 'frame');
      opening = null;
    }
    const tableRow = TABLE_ROW_START.exec(text);
    if (tableRow) {
      // The Status cell spans many lines; the client reader sees the row with that cell emptied.
      client.push('| InnoDB |  |  |', n);
      startSnapshot(n, 'table');
      if (tableRow[1]) monitorLine(tableRow[1], n);
      return;
    }
    const batch = BATCH_ROW.exec(text);
    if (batch && ESCAPED_NEWLINE.test(batch[2])) {
      client.push(`InnoDB\t${batch[1]}\t`, n);
      startSnapshot(n, 'batch');
      for (const piece of batch[2].split('\\n')) {
        if (body) monitorLine(piece.trimEnd(), n);
        else if (piece.trim()) outside(piece.trim(), n);
      }
      return;
    }
    client.push(raw, n);
  }

  return {
    push(line, n) {
      lastLine = n;
      const { text } = unwrap(line);
      if (body?.closing) {
        body = null;
        if (/^\|$/.test(text)) {
          note(n, text, 'frame');
          return;
        }
      }
      if (body) {
        // the bordered form ends the cell with ` |` on the line after the closing rule
        const end = body.form === 'table' && body.ended ? beforeClosingBar(text) : null;
        if (end !== null && RULE_EQ.test(end)) {
          monitorLine(end, n);
          body = null;
          note(n, text, 'frame');
          return;
        }
        monitorLine(text, n);
        return;
      }
      outside(text, n, line);
    },
    end() {
      if (opening) note(opening.n, opening.text, 'frame');
      let incomplete = null;
      if (body && !body.snapshot.complete) {
        flushHeld();
        incomplete = { reason: `the monitor output that starts at line ${body.snapshot.lines.first} has no END OF INNODB MONITOR OUTPUT line (cut short?); what was printed is kept`, line: lastLine };
      }
      const envelope = client.end();
      if (snapshots.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'SHOW ENGINE INNODB STATUS output (an INNODB MONITOR OUTPUT block)', found: 'none in the input', rule: 'innodb-status/empty' });
      }
      for (const s of snapshots) delete s.framed;
      return { ...envelope, ...(incomplete ? { incomplete } : {}), snapshots };
    },
  };
}

/** A label can repeat within a section (`insert` under merged and discarded operations): later ones get _2, _3. */
function freeKey(target, key) {
  if (!Object.hasOwn(target, key)) return key;
  let i = 2;
  while (Object.hasOwn(target, `${key}_${i}`)) i += 1;
  return `${key}_${i}`;
}

export const format = {
  name: 'innodb-status',
  role: 'server-status',
  items: 'snapshots',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: true,
  runLabels: null,
  labels: null,
  version: '1.0.0',
  // A monitor output cut short still holds the sections printed before the cut: kept, marked incomplete.
  keepsPartial: true,
  title: 'SHOW ENGINE INNODB STATUS (MySQL 5.0–8.x, MariaDB 10.x; \\G, bordered, batch and bare monitor text)',
  produces: 'every InnoDB monitor output: timestamp, averaging window, SEMAPHORES counters per latch kind and thread waits, and each section\'s labelled numbers as figures; other lines kept as notes',
  detect,
  mentions: /innodb/i,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/**
 * The text before a closing ` |` (what `/^(.*?)\s*\|$/` captures), or null;
 * trimmed rather than matched, as that lazy pattern retries its `\s*` from
 * every blank of a long run.
 */
function beforeClosingBar(text) {
  if (!text.endsWith('|')) return null;
  const before = text.slice(0, -1).trimEnd();
  return /[\n\r\u2028\u2029]/.test(before) ? null : before;
}
