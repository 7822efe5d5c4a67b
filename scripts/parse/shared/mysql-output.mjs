// The result forms the mysql / mariadb command-line client prints, read one
// line at a time: bordered tables (`+---+` / `| a | b |`), tab-separated batch
// output with a header row, and vertical `\G` records. Around them: prompts,
// echoed statements, `N rows in set (0.01 sec)` footers and client chatter.
//
// Every SHOW / INFORMATION_SCHEMA parser in tpsreport feeds its lines through
// one reader, so the table logic lives here once. Public copies of this output
// are mangled in known ways, all tolerated here:
// - padding collapsed or borders misaligned → cells are found by splitting on
//   `|`, never by column positions (positions are only a fallback when a
//   value itself holds a `|`, and only when the row is exactly as wide as its
//   border);
// - a `// ` comment prefix or an indentation on every line;
// - blank lines between lines;
// - `\G` records without the `*** 1. row ***` line (a record then starts when
//   its first label comes round again), and several `Label: value` pairs
//   joined on one line (split only on labels the caller names, so a value that
//   happens to contain `word:` stays whole);
// - author notes after two spaces or a TAB and `#` in a `\G` value.
//
// The reader classifies each line: part of a result (handed to `onResult`
// when the result is complete), known noise, a note (prompts, statements,
// client errors, elisions, annotations), or text it does not know, which it
// hands back to the caller to place or warn about.
import { Problem, quote } from '../../problems/problem.mjs';
import { figure, beyondDouble, beyondDoubleError, roundedInDouble, exactTextWarning } from './figure.mjs';
import { toNumber, terminatorSpan } from '../../lib/text.mjs';
import { matchPrompt, matchContinuation } from './sql-prompt.mjs';

// ─── single-line patterns ───────────────────────────────────────────────────

const COMMENT_PREFIX = /^\s*\/\/ ?/;
const BORDER = /^\+(?:-+\+)+$/;
const PIPE_ROW = /^\|.*\|$/;
const ROW_HEADER = /^\*+ *(\d+)\. row *\*+$/;
const FOOTER = /^(?:(\d+) +)?rows? +in +set(?:, *(\d+) +warnings?)?(?: *\( *([\d.]+) *sec *\))?\.?$/i;
const EMPTY_SET = /^Empty set(?:, *(\d+) +warnings?)?(?: *\( *([\d.]+) *sec *\))?\.?$/i;
// Statements that print a result set (a cut after one of these lost its result).
const QUERY = /^(?:select|show|desc|describe|explain|table|values|with)\b/i;
const ECHO_RULE = /^-{14}$/; // `mysql -vvv` puts echoed statements between two of these
const NOISE = [
  /^Bye$/,
  /^Query OK, \d+ rows? affected/,
  /^Database changed$/,
  /^Rows matched: \d+ +Changed: \d+ +Warnings: \d+$/,
  /^Records: \d+ +Duplicates: \d+ +Warnings: \d+$/,
];
const SHELL_LINE = /^(?:\$|shell>|bash[\w.-]*\$|\[[^\]]+\][#$]|[\w.-]+@[\w.-]+:[^$#]*[$#]) +(\S.*)$/;
const STATEMENT = /^(?:select|show|desc|describe|explain|set|use|call|with|flush|create|insert|update|delete|analyze|optimize|check|repair|table|values|pager|nopager|tee)\b/i;
// `\G;` makes the client print `ERROR:` and, on the next line, `No query specified`.
const CLIENT_ERROR = /^(?:ERROR(?: \d+ \([\w]+\))?(?: at line \d+)?:|No query specified$)/;
const CLIENT_WARNING = /^(?:Warning|Note) \(Code \d+\):/;
const ELISION = /^(?:\.{3,}|…+|~~ *snip *~~|\[\.\.\.\]|\[snip\]|<snip>)$/i;
const FIELD = /^([A-Za-z_][A-Za-z0-9_]*) *:(?: *(.*))?$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Strips what copies add in front of every line; `offset` maps back to raw columns. */
export function unwrap(line) {
  const prefix = COMMENT_PREFIX.exec(line);
  let rest = prefix ? line.slice(prefix[0].length) : line;
  let offset = prefix ? prefix[0].length : 0;
  const indent = /^[ \t]*/.exec(rest)[0].length;
  rest = rest.slice(indent);
  offset += indent;
  return { text: rest, offset, commented: Boolean(prefix) };
}

export { matchPrompt };

/** `N rows in set (t sec)` / `Empty set (t sec)` → {rows, seconds}; null otherwise. */
export function matchFooter(text) {
  let m = FOOTER.exec(text);
  if (m) return { rows: m[1] === undefined ? null : Number(m[1]), seconds: m[3] ?? null, empty: false };
  m = EMPTY_SET.exec(text);
  if (m) return { rows: 0, seconds: m[2] ?? null, empty: true };
  return null;
}

export const isShellLine = (text) => SHELL_LINE.test(text);
export const isElision = (text) => ELISION.test(text);
export const isNull = (text) => text === 'NULL';

/**
 * Looks for the markers of each client result form (for format detection).
 * `client` says whether anything only the client prints is there (a border,
 * a `\G` row line, a footer, a prompt, a TAB-separated header): pipe rows
 * alone are an article's own table, which another format reads.
 */
export function scanHeaders(lines) {
  let found = scanned.get(lines);
  if (!found) scanned.set(lines, (found = scanLines(lines)));
  return found;
}

// Six formats' detectors look at the same first lines of a file: they are
// scanned once per lines array, and the result is shared, read-only.
const scanned = new WeakMap();

function scanLines(lines) {
  const headers = [];
  const statements = [];
  let client = false;
  let fields = 0;
  for (const raw of lines) {
    const { text } = unwrap(raw);
    const prompt = matchPrompt(text);
    if (prompt || BORDER.test(text) || ROW_HEADER.test(text) || matchFooter(text)) client = true;
    const sql = prompt ? prompt.statement : text;
    const more = matchContinuation(text);
    if (STATEMENT.test(sql)) statements.push(sql.toLowerCase());
    else if (more !== null && statements.length) statements[statements.length - 1] += ` ${more.toLowerCase()}`;
    if (PIPE_ROW.test(text)) headers.push(splitPipes(text).map((c) => c.toLowerCase()));
    else if (text.includes('\t')) {
      client = true;
      headers.push(text.split('\t').map((c) => c.trim().toLowerCase()));
    } else {
      const f = FIELD.exec(text);
      if (f) {
        headers.push([f[1].toLowerCase()]);
        fields += 1;
      }
    }
  }
  // `Label: value` lines on their own are \G records (or copies that lost the row line).
  return Object.freeze({ headers: Object.freeze(headers), statements: Object.freeze(statements), client: client || fields >= 2 });
}

function splitPipes(text) {
  return text.slice(1, -1).split('|').map((c) => c.trim());
}

// ─── the reader ─────────────────────────────────────────────────────────────

/**
 * @param {object} options
 * @param {string[]} [options.labels]  column names the caller expects: they let
 *   a `\G` record start without its `*** 1. row ***` line, a batch header be
 *   told from data, and joined `A: x B: y` lines be split.
 * @param {string[]} [options.recordEnds]  labels one of which a complete `\G`
 *   record of this statement always prints (its last columns): a lone record
 *   without any of them was cut off
 * @param {(text: string) => boolean} [options.batchRow]  whether a line can be
 *   a row of the batch result being read; a line that cannot ends it. By
 *   default any line can (normalisation strips trailing TABs, so a row whose
 *   cells after the first are empty has none); a caller whose rows always
 *   hold a value after the first cell can say that a line without a TAB is
 *   not one of them
 * @param {(result: object) => void} options.onResult  called once per complete result
 */
export function createResultReader({ labels = [], recordEnds = [], batchRow = () => true, onResult }) {
  return new ResultReader(labels, onResult, recordEnds, batchRow);
}

class ResultReader {
  constructor(labels, onResult, recordEnds = [], batchRow = () => true) {
    this.batchRow = batchRow;
    this.known = new Set(labels.map((l) => l.toLowerCase()));
    this.recordEnds = recordEnds.map((l) => l.toLowerCase());
    this.joined = labels.length
      ? new RegExp(`(?:^|\\s)(${labels.map(escapeRe).join('|')}) *:(?= |$)`, 'gi')
      : null;
    this.onResult = onResult;
    this.notes = [];
    this.warnings = [];
    this.client = null; // {name, line} from the first prompt that names the client
    this.statement = null; // last echoed statement not yet given to a result
    this.echo = null; // lines of a `-vvv` echo block being read
    this.current = null; // the result being read
    this.done = null; // a finished result waiting for its footer
    this.footers = 0; // results that had a footer: then every result of this capture has one
    this.prompted = false; // an interactive session, where the client prints a footer after every result
    this.echoed = false; // statements echoed between rules of dashes (mysql -v and more)
    this.incomplete = null; // {reason, line} of the first result with fewer rows than its footer counts
  }

  /** Returns null when the line is placed, else {text, offset} for the caller. */
  push(line, n) {
    const { text, offset } = unwrap(line);
    if (text === '') return null;
    if (this.echo) return this.readEcho(text, n);
    if (this.current) {
      const handled = this.current.form === 'vertical'
        ? this.readVertical(text, n, offset)
        : this.current.form === 'batch' ? this.readBatch(text, n, offset) : this.readTable(text, n, offset);
      if (handled) return null;
      // Still inside a result: the line is client chatter or text for the caller.
      if (this.current) return this.readWrapper(text, n, offset);
    }
    return this.readOutside(text, n, offset);
  }

  /**
   * The input ended. A capture whose results carry `N rows in set` footers
   * ends each result with one, and an echoed query is followed by its result:
   * anything short of that is a cut copy, refused rather than read as a
   * complete but shorter result.
   */
  end() {
    if (this.echo) this.closeEcho();
    // A `N. row` line with nothing after it: the copy stops where a record starts.
    const record = this.current?.elided ? null : this.current?.record;
    const empty = record && Object.keys(record.cells).length === 0 ? record.line : null;
    if (this.current) this.finishCurrent(null, true);
    if (empty !== null) {
      this.recordCut ??= new Problem({
        line: empty + 1,
        column: 1,
        expected: `the fields of the record that starts at line ${empty}`,
        found: 'end of file',
        rule: 'mysql/record-cut',
      });
    }
    const cut = this.cutAtEnd();
    // Rows already read are checked first: a bad cell is the more precise message.
    this.flushDone();
    if (cut) throw cut;
  }

  cutAtEnd() {
    if (this.recordCut) return this.recordCut;
    const last = this.done;
    // Echoed statements with bordered tables are mysql -vvv, which prints a footer after each
    // result (-v alone echoes too, but prints tab-separated rows and no footer).
    const vvv = this.echoed && last?.form === 'table';
    if (last && !last.footer && !last.elided && (this.footers > 0 || this.prompted || vvv)) {
      return new Problem({
        line: last.lines.last + 1,
        column: 1,
        expected: `the "N rows in set" footer of the result that starts at line ${last.lines.first}`,
        found: 'end of file',
        rule: 'mysql/result-cut',
      });
    }
    if (this.statement && !this.statement.open && QUERY.test(this.statement.text)) {
      return new Problem({
        line: this.statement.line + 1,
        column: 1,
        expected: `the result of the statement at line ${this.statement.line}`,
        found: 'end of file',
        rule: 'mysql/result-cut',
      });
    }
    return null;
  }

  // ─── outside any result ───────────────────────────────────────────────────

  readOutside(text, n, offset) {
    const footer = matchFooter(text);
    if (footer) return this.readFooter(footer, text, n);
    this.flushDone();
    if (BORDER.test(text)) return this.open('table', n, { state: 'top', border: text });
    if (PIPE_ROW.test(text)) {
      this.open('table', n, { state: 'header' });
      return this.readTable(text, n, offset) ? null : { text, offset };
    }
    const rowHeader = ROW_HEADER.exec(text);
    if (rowHeader) {
      this.open('vertical', n, {});
      return this.readVertical(text, n, offset) ? null : { text, offset };
    }
    if (this.isBatchHeader(text)) {
      this.open('batch', n, { columns: text.split('\t').map((c) => c.trim()), header_line: n });
      return null;
    }
    const field = FIELD.exec(text);
    if (field && this.known.has(field[1].toLowerCase())) {
      this.open('vertical', n, {});
      return this.readVertical(text, n, offset) ? null : { text, offset };
    }
    return this.readWrapper(text, n, offset);
  }

  readWrapper(text, n, offset) {
    if (ECHO_RULE.test(text)) {
      this.echo = { first: n, lines: [] };
      this.echoed = true;
      return null;
    }
    if (NOISE.some((re) => re.test(text))) return null;
    const prompt = matchPrompt(text);
    if (prompt) {
      if (prompt.client && !this.client) this.client = { name: prompt.client, line: n };
      this.prompted = true;
      this.note(n, text, 'prompt');
      if (prompt.statement) this.setStatement(prompt.statement, n);
      return null;
    }
    const more = matchContinuation(text);
    if (more !== null && this.statement && this.statement.open) {
      this.statement.text += ` ${more.trim()}`;
      this.statement.open = !/(;|\\G|\\g)$/.test(this.statement.text);
      this.note(n, text, 'prompt');
      return null;
    }
    if (CLIENT_ERROR.test(text) || CLIENT_WARNING.test(text)) {
      const error = CLIENT_ERROR.test(text);
      // An error is the statement's whole answer: no result is owed.
      if (error && this.statement && !this.statement.open) this.statement = null;
      this.note(n, text, error ? 'client-error' : 'client-warning');
      return null;
    }
    if (ELISION.test(text)) {
      this.note(n, text, 'elision');
      return null;
    }
    if (SHELL_LINE.test(text)) {
      this.note(n, text, 'command');
      return null;
    }
    if (STATEMENT.test(text)) {
      this.note(n, text, 'statement');
      this.setStatement(text, n);
      return null;
    }
    return { text, offset };
  }

  setStatement(text, n) {
    this.statement = { text, line: n, open: !/(;|\\G|\\g)$/.test(text) };
  }

  readEcho(text, n) {
    if (ECHO_RULE.test(text)) {
      this.closeEcho();
      return null;
    }
    this.echo.lines.push({ text, n });
    this.note(n, text, 'statement');
    return null;
  }

  closeEcho() {
    const { lines } = this.echo;
    this.echo = null;
    if (lines.length) {
      this.statement = { text: lines.map((l) => l.text).join(' '), line: lines[0].n, open: false };
    }
  }

  readFooter(footer, text, n) {
    const target = this.done;
    const at = { rows: footer.rows, line: n };
    if (footer.seconds !== null) at.seconds = figure(footer.seconds, 's', n);
    if (footer.empty) {
      this.flushDone();
      this.open('empty', n, {});
      this.current.footer = at;
      this.finishCurrent(n);
      this.flushDone();
      return null;
    }
    if (!target) {
      this.note(n, text, 'footer');
      return null;
    }
    target.footer = at;
    this.footers += 1;
    if (footer.rows !== null && footer.rows > target.rows.length && !target.elided) this.shortResult(target, footer.rows, n, text);
    else if (footer.rows !== null && footer.rows !== target.rows.length && !target.elided) {
      this.warnings.push({
        line: n,
        message: `the footer counts ${footer.rows} rows but ${target.rows.length} were read (lines missing from the copy?)`,
        text,
      });
    }
    this.flushDone();
    return null;
  }

  /**
   * The client counts the rows it printed: a footer counting more than were
   * read means rows are missing from the copy. What was read is kept; the
   * capture is incomplete from the first such result on.
   */
  shortResult(target, rows, n, text) {
    const reason = `the footer at line ${n} counts ${rows} rows, but the result that starts at line ${target.lines.first} holds ${target.rows.length} (rows missing from the copy)`;
    this.note(n, text, 'short-result');
    this.incomplete ??= { reason, line: n };
  }

  // ─── results ──────────────────────────────────────────────────────────────

  open(form, n, extra) {
    const statement = this.statement ? { text: this.statement.text, line: this.statement.line } : null;
    this.statement = null;
    this.current = { form, statement, first: n, last: n, columns: [], rows: [], elided: false, ...extra };
  }

  /** Ends the result being read; `eof` says the input ended inside it. */
  finishCurrent(n, eof = false) {
    const r = this.current;
    this.current = null;
    if (r.form === 'table' && r.state !== 'closed' && !r.elided) {
      const opened = `the closing border +---+ of the table that starts at line ${r.first}`;
      throw new Problem({
        line: eof ? r.last + 1 : n,
        column: 1,
        expected: r.state === 'top' ? `the header row of the table that starts at line ${r.first}` : opened,
        found: eof ? 'the end of the input' : 'other text',
        rule: 'mysql/table-cut',
      });
    }
    if (r.form === 'vertical') {
      this.closeRecord(r);
      if (eof && !r.elided) this.recordCut = shortLastRecord(r, this.recordEnds);
    }
    this.done = {
      form: r.form === 'empty' ? 'empty' : r.form,
      statement: r.statement,
      lines: { first: r.first, last: r.last },
      columns: r.columns,
      rows: r.rows,
      elided: r.elided,
      footer: r.footer ?? null,
    };
  }

  flushDone() {
    if (!this.done) return;
    const done = this.done;
    this.done = null;
    this.onResult(done);
  }

  // ─── bordered tables ──────────────────────────────────────────────────────

  readTable(text, n, offset) {
    const r = this.current;
    if (ELISION.test(text)) {
      r.elided = true;
      this.note(n, text, 'elision');
      return true;
    }
    if (BORDER.test(text)) {
      r.last = n;
      r.border = text;
      if (r.state === 'top') return this.tableError(n, text, offset, 'the header row | name | … |');
      if (r.state === 'header') r.state = 'body';
      else {
        r.state = 'closed';
        this.finishCurrent(n);
      }
      return true;
    }
    if (PIPE_ROW.test(text)) {
      r.last = n;
      if (r.state === 'top') {
        r.columns = splitPipes(text);
        r.header_line = n;
        r.state = 'header';
        return true;
      }
      if (r.state === 'header' && r.columns.length === 0) {
        r.columns = splitPipes(text);
        r.header_line = n;
        return true;
      }
      r.state = 'body';
      r.rows.push(this.tableRow(r, text, n, offset));
      return true;
    }
    if (text.startsWith('|') || text.startsWith('+-')) {
      return this.tableError(n, text, offset, `a table row ending in | (${r.columns.length} cells)`, 'a row cut short (wrapped or truncated copy?)');
    }
    if (matchFooter(text) && r.state === 'body' && r.rows.length) {
      // The closing border was lost in the copy; the footer closes the table as well.
      r.state = 'closed';
      this.finishCurrent(n);
      return false;
    }
    this.finishCurrent(n);
    return false;
  }

  tableRow(r, text, n, offset) {
    let cells = splitPipes(text);
    if (cells.length > r.columns.length && r.border && r.border.length === text.length) {
      cells = cutAtBorder(text, r.border);
    }
    if (cells.length !== r.columns.length) {
      this.tableError(n, text, offset, `${r.columns.length} cells separated by |`, `${cells.length} cells`);
    }
    return { line: n, cells, at: cellColumns(text, offset, cells.length) };
  }

  tableError(n, text, offset, expected, found = quote(text)) {
    throw new Problem({ line: n, column: offset + 1, expected, found, rule: 'mysql/table' });
  }

  // ─── batch (tab-separated) ────────────────────────────────────────────────

  isBatchHeader(text) {
    if (!text.includes('\t')) return false;
    const cells = text.split('\t').map((c) => c.trim());
    if (cells.length < 2 || !cells.every((c) => IDENTIFIER.test(c))) return false;
    if (this.known.size === 0) return true;
    return cells.filter((c) => this.known.has(c.toLowerCase())).length >= Math.min(2, cells.length);
  }

  readBatch(text, n, offset) {
    const r = this.current;
    if (matchFooter(text) || ROW_HEADER.test(text) || BORDER.test(text) || PIPE_ROW.test(text)
      || matchPrompt(text) || ECHO_RULE.test(text) || (this.known.size > 0 && this.isBatchHeader(text))) {
      this.finishCurrent(n);
      return false;
    }
    if (!text.includes('\t') && (NOISE.some((re) => re.test(text)) || CLIENT_ERROR.test(text) || ELISION.test(text))) {
      this.finishCurrent(n);
      return false;
    }
    if (!this.batchRow(text)) {
      this.finishCurrent(n);
      return false;
    }
    const cells = splitBatch(text, offset);
    if (cells.length > r.columns.length) {
      throw new Problem({
        line: n, column: offset + 1, expected: `${r.columns.length} TAB-separated cells`, found: `${cells.length} cells`, rule: 'mysql/batch',
      });
    }
    // Normalisation strips trailing TABs, so empty cells at the end of a row are gone; put them back.
    while (cells.length < r.columns.length) cells.push({ text: '', at: offset + text.length + 1 });
    r.last = n;
    r.rows.push({ line: n, cells: cells.map((c) => c.text), at: cells.map((c) => c.at) });
    return true;
  }

  // ─── vertical (\G) ────────────────────────────────────────────────────────

  readVertical(text, n, offset) {
    const r = this.current;
    const rowHeader = ROW_HEADER.exec(text);
    // The client numbers each result's records from 1: `1. row` after records is the next result.
    if (rowHeader && rowHeader[1] === '1' && (r.rows.length > 0 || Object.keys(r.record?.cells ?? {}).length > 0)) {
      this.finishCurrent(n);
      return false;
    }
    if (rowHeader) {
      this.closeRecord(r);
      r.record = { line: n, cells: {}, at: {}, lineOf: {} };
      r.last = n;
      return true;
    }
    if (ELISION.test(text)) {
      r.elided = true;
      this.note(n, text, 'elision');
      return true;
    }
    const pairs = this.fields(text, r);
    if (!pairs) {
      if (matchFooter(text) || BORDER.test(text) || PIPE_ROW.test(text) || matchPrompt(text)
        || ECHO_RULE.test(text) || STATEMENT.test(text) || this.isBatchHeader(text)) {
        this.finishCurrent(n);
        return false;
      }
      return false; // unknown text inside a record: the caller warns, the record goes on
    }
    for (const { label, value, column } of pairs) {
      if (!r.record || Object.hasOwn(r.record.cells, label)) {
        this.closeRecord(r);
        r.record = { line: n, cells: {}, at: {}, lineOf: {} };
      }
      const { value: kept, note } = splitAnnotation(value);
      if (note) this.note(n, note, 'annotation');
      r.record.cells[label] = kept;
      r.record.at[label] = offset + column;
      r.record.lineOf[label] = n;
      r.record.last = n;
      if (!r.columns.includes(label)) r.columns.push(label);
    }
    r.last = n;
    return true;
  }

  /** `Label: value` pairs on one line; several only when they are labels the caller named. */
  fields(text, r) {
    const one = FIELD.exec(text);
    if (!one) return null;
    const inRecord = Boolean(r.record) || r.rows.length > 0;
    if (!inRecord && !this.known.has(one[1].toLowerCase())) return null;
    if (this.joined) {
      const starts = [...text.matchAll(this.joined)].map((m) => ({ index: m.index + m[0].indexOf(m[1]), label: m[1] }));
      if (starts.length > 1 && starts[0].index === 0) {
        return starts.map((s, i) => {
          const part = text.slice(s.index, i + 1 < starts.length ? starts[i + 1].index : undefined).trimEnd();
          const m = FIELD.exec(part);
          return { label: m[1], value: m[2] ?? '', column: s.index + valueColumn(part, m[2]) };
        });
      }
    }
    return [{ label: one[1], value: one[2] ?? '', column: valueColumn(text, one[2]) }];
  }

  closeRecord(r) {
    if (!r.record) return;
    const rec = r.record;
    r.record = null;
    if (Object.keys(rec.cells).length === 0) return;
    r.rows.push({
      line: rec.line,
      lines: { first: rec.line, last: rec.last ?? rec.line },
      values: rec.cells,
      at: rec.at,
      lineOf: rec.lineOf,
    });
  }

  note(line, text, kind) {
    this.notes.push({ line, text, kind });
  }
}

// ─── helpers ────────────────────────────────────────────────────────────────

/**
 * `\G` records of one result all print the same labels, so a last record with
 * fewer labels than the first one was cut off after its last full line
 * (the error to raise, or null).
 */
function shortLastRecord(r, recordEnds) {
  if (r.rows.length === 0) return null;
  const last = r.rows[r.rows.length - 1];
  const has = (label) => Object.keys(last.values).some((l) => l.toLowerCase() === label);
  const missing = r.rows.length > 1
    ? Object.keys(r.rows[0].values).find((label) => !has(label.toLowerCase()))
    : recordEnds.length && !recordEnds.some(has) ? recordEnds[0] : undefined;
  if (missing === undefined) return null;
  return new Problem({
    line: last.lines.last + 1,
    column: 1,
    expected: `"${missing}:" and the rest of the record that starts at line ${last.line}`,
    found: 'end of file',
    rule: 'mysql/record-cut',
  });
}

/** 1-based column of a field's value within `text` (just after the colon when empty). */
function valueColumn(text, value) {
  const colon = text.indexOf(':');
  if (!value) return colon + 2;
  return text.indexOf(value, colon) + 1;
}

function escapeRe(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A row exactly as wide as its border: cut at the border's `+` columns (a value holds a `|`). */
function cutAtBorder(text, border) {
  const cuts = [];
  for (let i = 0; i < border.length; i += 1) if (border[i] === '+') cuts.push(i);
  const cells = [];
  for (let i = 0; i + 1 < cuts.length; i += 1) cells.push(text.slice(cuts[i] + 1, cuts[i + 1]).trim());
  return cells;
}

/** 1-based raw columns of each cell's text (for error messages). */
function cellColumns(text, offset, count) {
  const at = [];
  let pos = 1;
  for (let i = 0; i < count; i += 1) {
    const next = text.indexOf('|', pos);
    const end = next < 0 ? text.length : next;
    const lead = /^ */.exec(text.slice(pos, end))[0].length;
    at.push(offset + pos + lead + 1);
    pos = end + 1;
  }
  return at;
}

function splitBatch(body, offset) {
  const cells = [];
  let start = 0;
  for (const part of body.split('\t')) {
    cells.push({ text: part.trim(), at: offset + start + 1 });
    start += part.length + 1;
  }
  return cells;
}

function splitAnnotation(value) {
  const m = annotation(value);
  if (!m) return { value };
  return { value: m[1].trimEnd(), note: `#${m[2] ? ` ${m[2]}` : ''}` };
}

/**
 * `[, before, note]` as `/^(.*?)(?: {2,}|\t)#\s*(.*)$/` would match, or null,
 * found `#` by `#`: that lazy pattern retries ` {2,}` from every blank of a
 * long run of spaces, in time quadratic in its length.
 */
function annotation(value) {
  const { first, last } = terminatorSpan(value);
  for (let p = value.indexOf('#', 1); p > 0; p = value.indexOf('#', p + 1)) {
    let start = p - 1;
    if (value[start] !== '\t') {
      start = p;
      while (start > 0 && value[start - 1] === ' ') start -= 1;
      if (p - start < 2) continue;
    }
    // `.` matches no line terminator: none before the blanks, none in the note.
    if (first >= 0 && first < start) return null;
    let note = p + 1;
    while (note < value.length && /\s/.test(value[note])) note += 1;
    if (last >= note) continue;
    return [value, value.slice(0, start), value.slice(note)];
  }
  return null;
}

/**
 * Rows of a result as objects keyed by column name (vertical rows already are),
 * each with `line` and `at` (raw column per value) for figures and errors.
 */
export function rowObjects(result) {
  if (result.form === 'vertical') return result.rows;
  return result.rows.map((row) => {
    const values = {};
    const at = {};
    const lineOf = {};
    result.columns.forEach((c, i) => {
      values[c] = row.cells[i];
      at[c] = row.at[i];
      lineOf[c] = row.line;
    });
    return { line: row.line, values, at, lineOf };
  });
}

// ─── what every client-output parser shares ─────────────────────────────────

/**
 * A line parser for one kind of client output: results go to `onResult`
 * (converted by the caller), text the reader does not know goes to `onText`
 * (return true when placed) or becomes a warning naming the line.
 */
export function createClientParser({ labels = [], recordEnds = [], batchRow, onResult, onText = () => false }) {
  const reader = createResultReader({ labels, recordEnds, batchRow, onResult: (result) => onResult(result, reader) });
  /** Envelope keys: the client as its prompt names it, notes and warnings in line order, and `incomplete` when a footer counts rows the copy lacks. */
  const envelope = () => {
    const byLine = (a, b) => a.line - b.line;
    return {
      tool: reader.client ? { name: reader.client.name, version: null, line: reader.client.line } : null,
      notes: reader.notes.sort(byLine),
      warnings: reader.warnings.sort(byLine),
      ...(reader.incomplete ? { incomplete: reader.incomplete } : {}),
    };
  };
  return {
    reader,
    push(line, n) {
      const other = reader.push(line, n);
      if (other && !onText(other, n, reader)) {
        reader.warnings.push({ line: n, message: UNPLACED, text: other.text });
      }
    },
    /** Ends the input (a cut result throws) and returns the envelope keys. */
    end() {
      reader.end();
      return envelope();
    },
    // Apart from end() for a parser that keeps the results before a cut one,
    // and so catches what end() throws.
    envelope,
  };
}

/** The warning for a line the reader and the caller could not place. */
export const UNPLACED = 'line is not part of a client result, prompt or known client message';

/**
 * One cell as a figure: `NULL` keeps its text with a null value; anything else
 * must be a number. Integers beyond 2^53 that a double cannot hold exactly are
 * kept (text is exact) with a warning, never silently rounded.
 */
export function cellFigure(row, column, unit, reader, extra = {}) {
  const text = row.values[column];
  if (text === undefined) return undefined;
  const line = row.lineOf[column] ?? row.line;
  if (isNull(text)) return { value: null, text, unit, line, ...extra };
  const value = toNumber(text);
  if (value === null && beyondDouble(text)) throw beyondDoubleError(text, line, row.at[column] ?? 1, `a number in column ${column}`);
  if (value === null) {
    throw new Problem({
      line,
      column: row.at[column] ?? 1,
      expected: `a number or NULL in column ${column}`,
      found: quote(text),
      rule: 'mysql/number',
    });
  }
  if (roundedInDouble(text, value)) {
    reader.warnings.push(exactTextWarning(line, `${column} ${text} is beyond what a JSON number holds exactly; value is rounded, text is exact`, text));
  }
  return { value, text, unit, line, ...extra };
}

/** A text cell: `NULL` → null. */
export function cellText(row, column) {
  const text = row.values[column];
  if (text === undefined) return undefined;
  return isNull(text) ? null : text;
}

/** The cells of a row that the caller did not use, kept as printed. */
export function extraCells(row, used) {
  const extra = {};
  for (const [k, v] of Object.entries(row.values)) if (!used.has(k.toLowerCase())) extra[k] = v;
  return Object.keys(extra).length ? extra : undefined;
}

/** Result metadata every document keeps beside its rows. */
export function resultInfo(result) {
  const info = { form: result.form, statement: result.statement, lines: result.lines };
  if (result.footer) info.footer = result.footer;
  if (result.elided) info.elided = true;
  return info;
}

/** Lower-cased view of a row's values (client output spells column names either way). */
export function lowerKeys(row) {
  const values = {};
  const at = {};
  const lineOf = {};
  for (const k of Object.keys(row.values)) {
    const low = k.toLowerCase();
    values[low] = row.values[k];
    at[low] = row.at[k];
    lineOf[low] = row.lineOf[k];
  }
  return { line: row.line, lines: row.lines, values, at, lineOf };
}
