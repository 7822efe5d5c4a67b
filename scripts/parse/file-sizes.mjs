// File sizes as `ls -l` / `ls -ls` / `ls -lh` and `du` (-b, -k, -h, -sh, plain)
// print them: benchmark write-ups compare .ibd, ibdata1 and ib_logfile sizes
// across row formats and compression settings.
//
// Neither tool prints its unit. `ls -l` sizes are bytes, `ls -s` blocks and the
// `total` line are 1 KiB blocks, `-h` adds a K/M/G suffix in powers of 1024.
// `du` is the hard case: plain `du` and `du -k` print KiB, `du -b` prints bytes,
// and nothing in the output tells them apart. So the shell command line above
// the output (`$ du -b …`) decides when it is there; otherwise a plain number is
// read as KiB, flagged `implied`, and a warning asks for the command line.
//
// Sizes may carry marks between digits: `--block-size="'1"` (or BLOCK_SIZE)
// groups thousands (114,688; 114.688 in a German locale), and -h prints one
// decimal in the locale's mark (2.3G, 2,3G). The two never look alike: a
// group has three digits after its mark, a -h decimal one.
import { Problem, quote } from '../problems/problem.mjs';
import { columnOf, withoutAnnotation } from '../lib/text.mjs';
import { beyondDouble, beyondDoubleError } from './shared/figure.mjs';
import { parseTextWith } from './driver.mjs';

const HUMAN_UNITS = { '': 'bytes', K: 'KiB', M: 'MiB', G: 'GiB', T: 'TiB', P: 'PiB' };
const POWERS = { bytes: 0, KiB: 1, MiB: 2, GiB: 3, TiB: 4, PiB: 5 };

const MODE = String.raw`([-dlcbpsD?])([-rwxsStTlL]{9})([.+@]?)`;
const DATE = String.raw`(?:\d{4}-\d\d-\d\d(?: \d\d:\d\d(?::\d\d(?:\.\d+)?)?)?(?: [+-]\d{4})?|\d\d-\d\d \d\d:\d\d|\S+ +\d{1,2},? +(?:\d{1,2}:\d\d|\d{4}))`;
// Digits with marks between them; sizeValue() tells thousands from decimals.
const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
const SIZE = String.raw`(${NUMBER}[KMGTPEkB]?|\d+, *\d+)`;
// Owner and group are optional (`ls -o`, `ls -g`, `ls -n` still fit).
const LS_ENTRY = new RegExp(String.raw`^\s*(?:(${NUMBER}[KMGTPE]?)\s+)?${MODE}\s+(\d+)\s+(?:(\S+)\s+)??(?:(\S+)\s+)??${SIZE}\s+(${DATE})\s(.+)$`);
// The start of an ls -l line: anything that begins so but did not parse was cut off.
const LS_START = new RegExp(String.raw`^(?:\d\S*\s+)?${MODE}\s`);
const LS_TOTAL = new RegExp(String.raw`^total\s+(${NUMBER}[KMGTPE]?)$`);
const DU_ENTRY = new RegExp(String.raw`^(${NUMBER}[KMGTPE]?)(?:\t+|\s+)(\S.*)$`);
// du prints two fields, size TAB path: a line with more tabs is some other table (EXPLAIN pasted from the mysql client).
const DU_LINE = new RegExp(String.raw`^${NUMBER}[KMGTPE]?\t[^\t]+$`);
const GROUPED = /^[1-9]\d{0,2}(?:,\d{3})+$|^[1-9]\d{0,2}(?:\.\d{3})+$/;
const DECIMAL = /^\d+(?:[.,]\d{1,2})?$/;
const HEADING = /^(\S.*):$/;
const PROMPT = /^(?:\[[^\]]*\]|[\w.-]+@[\w.-]+(?::\S*)?|[\w.~/-]+)?\s?[$#]\s+(\S.*)$/;

export const format = {
  name: 'file-sizes',
  role: 'sizes',
  items: 'listings',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: false,
  runLabels: null,
  labels: null,
  // `rounded`: the parser's own word that the bytes were worked out from a size printed rounded (ls -h).
  sizes: { each: 'files', metric: 'size', fields: { file: 'name', bytes: 'bytes', rounded: 'approximate' }, rows: 'file', columns: '' },
  // `tpsreport new report` tables the first listing of every capture (ls -l and du of one file would share a cell).
  newReport: { allCaptures: { kind: 'sizes-table', part: 'listing', columns: 'file', caption: 'File sizes' } },
  version: '1.1.0',
  title: 'File sizes from ls -l / ls -ls / ls -lh and du / du -b / du -k / du -h / du -sh (GNU coreutils)',
  produces: 'Every listing with each file or directory: the size as printed, its bytes (derived) and the total line',
  detect,
  mentions: /[-dlcbpsD?][-rwxsStTlL]{9}[.+@]?\s+\d|\t/,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/** `ls -l` rows are unmistakable; `du` rows (number, TAB, path) less so. */
function detect(lines) {
  let ls = 0;
  let du = 0;
  let other = 0;
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || LS_TOTAL.test(t) || PROMPT.test(t) || HEADING.test(t)) continue;
    if (LS_ENTRY.test(line)) ls += 1;
    else if (DU_LINE.test(line) && /[/.]|total$/.test(line)) du += 1;
    else other += 1;
  }
  if (ls + du === 0 || other > ls + du) return 0;
  return ls > 0 ? 60 : 40;
}

/** Units `options.du_unit` may name: what plain du numbers are when the paste has no command line to say. */
const DU_UNITS = ['bytes', 'KiB', 'MiB'];

function createParser({ options = {} } = {}) {
  const duUnit = options.du_unit;
  if (duUnit !== undefined && !DU_UNITS.includes(duUnit)) {
    throw new Problem({ line: 1, column: 1, expected: `options.du_unit as one of ${DU_UNITS.join(', ')} (the unit of the plain numbers du printed: bytes for du -b)`, found: JSON.stringify(duUnit), rule: 'file-sizes/options' });
  }
  const listings = [];
  const notes = [];
  const warnings = [];
  let command = null;
  let heading = null;
  let current = null;
  let assumedUnitWarned = false;

  const open = (tool, lineNo) => {
    current = {
      tool,
      command: command?.text ?? null,
      directory: heading,
      size_unit: null,
      unit_source: null,
      lines: { first: lineNo, last: lineNo },
      total: null,
      files: [],
    };
    listings.push(current);
    return current;
  };
  const listingFor = (tool, lineNo) => {
    if (!current || current.tool !== tool) open(tool, lineNo);
    current.lines.last = lineNo;
    return current;
  };

  return {
    push(line, lineNo) {
      const t = line.trim();
      if (t === '') return;
      const body = withoutAnnotation(line, lineNo, notes);
      const prompt = PROMPT.exec(t);
      if (prompt && !LS_ENTRY.test(line)) {
        notes.push({ line: lineNo, text: t, kind: 'command' });
        command = { text: prompt[1], options: commandOptions(prompt[1]) };
        current = null;
        heading = null;
        return;
      }
      const total = LS_TOTAL.exec(body);
      if (total) {
        const listing = current?.tool === 'ls' && current.files.length === 0 ? current : open('ls', lineNo);
        listing.total = totalOf(total[1], body, lineNo, command);
        listing.lines.last = lineNo;
        return;
      }
      const ls = LS_ENTRY.exec(body);
      if (ls) {
        const listing = listingFor('ls', lineNo);
        listing.files.push(lsEntry(ls, body, lineNo, listing, command));
        return;
      }
      const du = DU_ENTRY.exec(body);
      if (du && (!current || current.tool === 'du' || /\t/.test(line))) {
        const listing = listingFor('du', lineNo);
        const entry = duEntry(du, body, lineNo, listing, command, duUnit);
        if (entry.name === 'total' && listing.files.length > 0) {
          listing.total = { size: entry.size, bytes: entry.bytes, line: lineNo };
        } else {
          listing.files.push(entry);
        }
        if (listing.unit_source === 'assumed' && !assumedUnitWarned) {
          assumedUnitWarned = true;
          warnings.push({
            line: lineNo,
            message: 'du printed plain numbers and no command line says which unit: read as KiB (plain du, du -k); if it was du -b, say so under the source in the front matter (`options: { du_unit: bytes }`), or paste the command (`$ du -b …`) above the output',
            text: line,
          });
        }
        return;
      }
      if (LS_START.test(t)) throw cutOff(line, lineNo);
      const dir = HEADING.exec(t);
      if (dir) {
        heading = dir[1];
        current = null;
        notes.push({ line: lineNo, text: t, kind: 'directory-heading' });
        return;
      }
      if (/^(?:ls|du): /.test(t)) {
        notes.push({ line: lineNo, text: t, kind: 'tool-message' });
        return;
      }
      warnings.push({ line: lineNo, message: 'not a line of ls or du output', text: line });
    },
    end() {
      if (listings.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'a line of ls -l or du output', found: 'none', rule: 'file-sizes' });
      }
      const cut = listings.find(missingGrandTotal);
      if (cut) {
        throw new Problem({
          line: cut.lines.last + 1,
          column: 1,
          expected: `the "total" line that ${cut.command.trim()} prints after its last entry (du -c always ends with it)`,
          found: 'none',
          rule: 'file-sizes/total',
        });
      }
      const first = listings[0];
      return {
        tool: { name: first.tool, version: null, line: first.lines.first },
        notes,
        warnings,
        listings,
      };
    },
  };
}

function lsEntry(m, line, lineNo, listing, command) {
  const [, blocks, type, perms, attr, links, owner, group, size, date, rest] = m;
  const human = command?.options.human || /[KMGTPE]$/.test(size) || (blocks && /[KMGTPE]$/.test(blocks));
  const entry = {
    name: rest,
    type: TYPES[type] ?? 'other',
    mode: `${type}${perms}${attr}`,
    links: Number(links),
    owner: group === undefined ? null : owner ?? null,
    group: group ?? owner ?? null,
    date,
  };
  if (type === 'l' && rest.includes(' -> ')) {
    const at = rest.indexOf(' -> ');
    entry.name = rest.slice(0, at);
    entry.target = rest.slice(at + 4);
  }
  if (/,/.test(size) && (type === 'c' || type === 'b')) {
    entry.device = size.replace(/\s+/g, '');
    entry.size = null;
    entry.bytes = null;
  } else {
    const blockSize = command?.options.blockSize;
    const unit = human ? humanUnit(size, line, lineNo) : blockSize ?? 'bytes';
    if (!listing.size_unit) listing.size_unit = human ? 'human' : unit;
    listing.unit_source ??= human ? 'suffix' : blockSize ? 'command' : 'layout';
    Object.assign(entry, sized(size, unit, lineNo, line, human));
  }
  if (blocks !== undefined) {
    const unit = /[KMGTPE]$/.test(blocks) ? humanUnit(blocks, line, lineNo) : command?.options.blockSize ?? 'KiB';
    entry.allocated = { value: sizeValue(blocks, line, lineNo), text: blocks, unit, line: lineNo };
    if (unit === 'KiB' && !/K$/.test(blocks)) entry.allocated.implied = true;
    entry.allocated_bytes = bytesOf(entry.allocated, lineNo);
  }
  entry.line = lineNo;
  return entry;
}

const TYPES = { '-': 'file', d: 'directory', l: 'symlink', c: 'device', b: 'device', p: 'fifo', s: 'socket' };

function duEntry(m, line, lineNo, listing, command, duUnit) {
  const [, size, name] = m;
  const hasSuffix = /[KMGTPE]$/.test(size);
  let unit;
  let source;
  if (hasSuffix || command?.options.human) [unit, source] = [humanUnit(size, line, lineNo), command?.options.human ? 'command' : 'suffix'];
  else if (command?.options.unit) [unit, source] = [command.options.unit, 'command'];
  else if (listing.size_unit === 'human') [unit, source] = ['bytes', 'suffix'];
  else if (duUnit) [unit, source] = [duUnit, 'option'];
  else [unit, source] = ['KiB', 'assumed'];
  const human = hasSuffix || command?.options.human || listing.size_unit === 'human';
  if (!listing.size_unit || listing.size_unit === 'KiB') listing.size_unit = human ? 'human' : unit;
  if (!['command', 'suffix', 'option'].includes(listing.unit_source)) listing.unit_source = source;
  return { name, ...sized(size, unit, lineNo, line, human, source === 'assumed'), line: lineNo };
}

/** `size` as printed and `bytes` beside it (derived unless the tool printed bytes). */
function sized(text, unit, lineNo, line, human, implied = false) {
  const size = { value: sizeValue(text, line, lineNo), text, unit, line: lineNo };
  // Only a K/M/G suffix is a printed unit; bare numbers get theirs from the layout.
  if (implied || !/[A-Za-z]$/.test(text)) size.implied = true;
  if (unit === 'bytes') return { size, bytes: size };
  const out = { size, bytes: bytesOf(size, lineNo) };
  if (human) out.approximate = true;
  return out;
}

function bytesOf(size, lineNo) {
  const bytes = Math.round(size.value * 1024 ** POWERS[size.unit]);
  return { value: bytes, text: String(bytes), unit: 'bytes', line: lineNo, derived: true };
}

function totalOf(text, line, lineNo, command) {
  const human = /[KMGTPE]$/.test(text) || command?.options.human;
  const unit = human ? humanUnit(text, line, lineNo) : command?.options.blockSize ?? 'KiB';
  const size = { value: sizeValue(text, line, lineNo), text, unit, line: lineNo };
  if (!human) size.implied = true;
  return { size, bytes: unit === 'bytes' ? size : bytesOf(size, lineNo), line: lineNo };
}

function humanUnit(text, line, lineNo) {
  const suffix = /[A-Za-z]$/.test(text) ? text.slice(-1) : '';
  const unit = HUMAN_UNITS[suffix];
  if (!unit) {
    throw new Problem({
      line: lineNo,
      column: columnOf(line, text),
      expected: 'a size with a K, M, G, T or P suffix',
      found: quote(text),
      rule: 'size-suffix',
    });
  }
  return unit;
}

const stripSuffix = (text) => text.replace(/[A-Za-z]$/, '');

/**
 * The number in a printed size: 114,688 and 114.688 are thousands grouped
 * (ls and du print whole blocks), 2,3G a -h decimal in a comma locale. Marks
 * that fit neither (1,23456, 1,234.5, or 2,3 without a suffix) are refused
 * rather than guessed.
 */
function sizeValue(text, line, lineNo) {
  const digits = stripSuffix(text);
  let plain = null;
  if (GROUPED.test(digits)) plain = digits.replace(/[.,]/g, '');
  else if (/^\d+$/.test(digits) || (digits !== text && DECIMAL.test(digits))) plain = digits.replace(',', '.');
  if (plain !== null && beyondDouble(plain)) throw beyondDoubleError(text, lineNo, columnOf(line, text), 'a size');
  if (plain !== null) return Number(plain);
  throw new Problem({
    line: lineNo,
    column: columnOf(line, text),
    expected: 'a size as ls or du print it: whole blocks (114688, or 114,688 / 114.688 grouped in thousands) or a -h size (2.3G, 2,3G)',
    found: quote(text),
    rule: 'number',
  });
}

/** A du listing whose command line asked for a grand total (-c, --total) that it does not hold: the copy stops early. */
function missingGrandTotal(listing) {
  if (listing.tool !== 'du' || !listing.command || listing.total) return false;
  const words = listing.command.split(/\s+/);
  if (!/(?:^|\/)du$/.test(words[0])) return false;
  return words.some((w) => w === '--total' || (/^-[A-Za-z]+$/.test(w) && w.includes('c')));
}

/**
 * The options of an `ls`/`du` command line that decide the unit of its output.
 * `unit` is du's (-b, -k, -m); `blockSize` is --block-size / -B, which both
 * tools take, with or without the ' that groups thousands.
 */
function commandOptions(cmd) {
  const words = cmd.split(/\s+/);
  const flags = words.filter((w) => /^-[A-Za-z]+$/.test(w) && !w.startsWith('-B')).join('');
  const long = words.filter((w) => w.startsWith('--'));
  const human = /h/.test(flags) || long.includes('--human-readable');
  const blockSize = blockSizeUnit(words);
  let unit = null;
  if (/b/.test(flags) || long.includes('--bytes')) unit = 'bytes';
  else if (/m/.test(flags)) unit = 'MiB';
  else if (/k/.test(flags)) unit = 'KiB';
  return { human, unit: blockSize ?? unit, blockSize };
}

// Block sizes with a number print bare numbers; `--block-size=K` prints a suffix instead.
const BLOCK_UNITS = { 1: 'bytes', 1024: 'KiB', '1K': 'KiB', '1KiB': 'KiB', 1048576: 'MiB', '1M': 'MiB', '1MiB': 'MiB' };

/** The unit --block-size=SIZE / -B SIZE gives bare numbers, or null (not given, or a size tpsreport does not name). */
function blockSizeUnit(words) {
  for (let i = 0; i < words.length; i += 1) {
    const option = /^(?:--block-size(?:=|$)|-B)(.*)$/.exec(words[i]);
    if (!option) continue;
    const size = (option[1] || words[i + 1] || '').replace(/["']/g, '');
    return BLOCK_UNITS[size] ?? null;
  }
  return null;
}

function cutOff(line, lineNo) {
  return new Problem({
    line: lineNo,
    column: 1,
    expected: 'a complete ls -l line (mode, links, owner, group, size, date, name)',
    found: quote(line),
    rule: 'ls-entry',
  });
}
