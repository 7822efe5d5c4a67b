// MySQL / MariaDB option files (my.cnf, my.ini, conf.d/*.cnf) and the bare
// `key = value` blocks benchmark articles paste to say how the server was set
// up. Grammar from the MySQL manual ("Using Option Files"): `[group]` lines,
// `name`, `name=value`, `name = value`, `#` and `;` comment lines, `#` comments
// after a value, quoted values with backslash escapes, `!include` and
// `!includedir`. Option names treat `-` and `_` alike and may carry the
// `loose-` prefix, so each option keeps its name as written plus a canonical one.
import { Problem, quote, quoteRest } from '../problems/problem.mjs';
import { columnOf } from '../lib/text.mjs';
import { parseTextWith } from './driver.mjs';

const SECTION = /^\[([^\]]*)\]\s*(?:[#;].*)?$/;
const OPTION = /^([A-Za-z][\w.-]*)\s*(?:=\s*(.*))?$/;
const INCLUDE = /^!(include|includedir)\s+(.+)$/;
const PROMPT = /^(?:\[[^\]]*\]|[\w.-]+@[\w.-]+(?::\S*)?|[\w.~/-]+)?\s?\$\s+(\S.*)$/;
// Suffixes the server accepts on numeric options (powers of 1024).
const SIZE = /^(\d+(?:\.\d+)?)([KMGTPE])$/i;
const SIZE_UNITS = { K: 'KiB', M: 'MiB', G: 'GiB', T: 'TiB', P: 'PiB' };
const KNOWN_GROUPS = /^(mysqld|mysqld_safe|mysqld_multi|mysqld-\S+|mysql|mysqldump|mysqladmin|client|client-server|client-mariadb|server|mariadb|mariadbd|mariadb-\S+|galera|embedded|xtrabackup|mysqlslap|sysbench|safe_mysqld|isamchk|myisamchk|mysqlhotcopy)$/;
const ESCAPES = { b: '\b', t: '\t', n: '\n', r: '\r', s: ' ', '\\': '\\', '"': '"', "'": "'" };

export const format = {
  name: 'my-cnf',
  role: 'server-config',
  items: '.',
  headline: null,
  overTime: null,
  timeField: null,
  describedByServer: false,
  // `tpsreport new report` shows each option file listed on its own as written.
  newReport: { eachFile: { kind: 'config', title: 'Server options' } },
  runLabels: null,
  // The option that wins: the last effective one, as the server reads the file.
  labels: (doc) => ({ buffer_pool: (doc.options ?? []).filter((o) => o.canonical === 'innodb_buffer_pool_size' && o.effective !== false).at(-1)?.value }),
  version: '1.0.0',
  title: 'MySQL / MariaDB option files (my.cnf, my.ini, conf.d) and pasted key = value configuration blocks',
  produces: 'Every option with its section, name as written and canonical name, value, sizes in bytes (derived) and which repeat wins',
  detect,
  mentions: /=|!include|^\s*[a-z][a-z0-9]*[_-]/m,
  createParser,
};

export function parse(text, opts = {}) {
  return parseTextWith(format, text, opts);
}

/**
 * A known `[mysqld]`-style group is decisive. Without one, several
 * `name = value` lines must make up most of the text: sysbench and mysqlslap
 * print `label: value`, never `name = value`.
 */
function detect(lines) {
  let groups = 0;
  let options = 0;
  let other = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || /^[#;]/.test(line)) continue;
    const section = SECTION.exec(line);
    if (section) {
      groups += KNOWN_GROUPS.test(section[1].trim()) ? 2 : 1;
      continue;
    }
    if (INCLUDE.test(line)) options += 1;
    else if (/^[a-z][\w.-]*\s*=\s*\S/i.test(line) && !/:\s/.test(line.split('=')[0])) options += /[_-]/.test(line.split('=')[0]) ? 2 : 1;
    else if (/^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$/.test(line)) options += 1;
    else other += 1;
  }
  if (groups > 0 && options > 0 && other <= options) return 20 + 10 * groups + options;
  if (options >= 6 && other * 2 <= options) return Math.min(10 + options, 40);
  return 0;
}

function createParser() {
  const options = [];
  const sections = [];
  const notes = [];
  const warnings = [];
  let section = null;
  const seen = new Map(); // section + canonical name → the option that wins so far

  const add = (option) => {
    const key = `${option.section ?? ''}\u0000${option.canonical}`;
    const earlier = seen.get(key);
    if (earlier) {
      earlier.effective = false;
      earlier.overridden_by = option.line;
    }
    seen.set(key, option);
    options.push(option);
  };

  return {
    push(line, lineNo) {
      const t = line.trim();
      if (t === '') return;
      if (/^[#;]/.test(t)) {
        notes.push({ line: lineNo, text: t, kind: 'comment' });
        return;
      }
      const include = INCLUDE.exec(t);
      if (include) {
        notes.push({ line: lineNo, text: t, kind: include[1] });
        return;
      }
      const prompt = PROMPT.exec(t);
      if (prompt) {
        notes.push({ line: lineNo, text: t, kind: 'command' });
        return;
      }
      if (t.startsWith('[')) {
        const m = SECTION.exec(t);
        if (!m) throw new Problem({ line: lineNo, column: columnOf(line, '[') + 1, expected: 'a group name closed by "]"', found: quote(t), rule: 'my-cnf/section' });
        section = m[1].trim();
        sections.push({ name: section, line: lineNo });
        return;
      }
      const m = OPTION.exec(t);
      if (m) {
        const option = optionOf(m[1], m[2], section, line, lineNo);
        if (option.comment) notes.push({ line: lineNo, text: option.comment, kind: 'comment' });
        delete option.comment;
        add(option);
        return;
      }
      warnings.push({ line: lineNo, message: 'not an option-file line ([group], name = value, name, # comment)', text: line });
    },
    end() {
      if (options.length === 0) {
        throw new Problem({ line: 1, column: 1, expected: 'option lines (name = value)', found: 'none', rule: 'my-cnf' });
      }
      return { tool: null, notes, warnings, sections, options };
    },
  };
}

function optionOf(written, rawValue, section, line, lineNo) {
  let name = written;
  const read = rawValue === undefined ? { value: null, comment: null } : unquote(rawValue, line, lineNo);
  let { value } = read;
  // MySQL 4 spelled `set-variable = name=value`; the inner name is the option.
  if (/^set[-_]variable$/.test(written) && value !== null && /^[\w.-]+\s*=/.test(value)) {
    const at = value.indexOf('=');
    name = value.slice(0, at).trim();
    value = value.slice(at + 1).trim();
  }
  const loose = /^loose[-_]/.test(name);
  if (!/^[a-z0-9_.]+$/.test(canonicalName(name))) {
    // `loose-` alone, or a name a cut or a stray byte left in pieces.
    throw new Problem({ line: lineNo, column: columnOf(line, written), expected: 'an option name (letters, digits, - _ .)', found: quote(written), rule: 'my-cnf/name' });
  }
  const option = {
    section,
    name: written,
    canonical: canonicalName(name),
    value,
    line: lineNo,
  };
  if (loose) option.loose = true;
  if (value !== null) {
    const size = SIZE.exec(value);
    if (size) {
      const unit = SIZE_UNITS[size[2].toUpperCase()];
      if (!unit) throw new Problem({ line: lineNo, column: columnOf(line, value), expected: 'a size suffix K, M, G, T or P', found: quoteRest(value), rule: 'my-cnf/size' });
      const bytes = Math.round(Number(size[1]) * 1024 ** (Object.keys(SIZE_UNITS).indexOf(size[2].toUpperCase()) + 1));
      option.size = { value: Number(size[1]), text: value, unit, line: lineNo };
      option.bytes = { value: bytes, text: String(bytes), unit: 'bytes', line: lineNo, derived: true };
    } else if (/^[-+]?\d+(?:\.\d+)?$/.test(value)) {
      option.number = Number(value);
    }
  }
  option.effective = true;
  if (read.comment) option.comment = read.comment;
  return option;
}

/** `loose-innodb-buffer-pool-size` and `innodb_buffer_pool_size` name one option. */
function canonicalName(name) {
  return name.replace(/^loose[-_]/, '').replace(/-/g, '_').toLowerCase();
}

/** A value as the server reads it (quotes removed, escapes applied) and the `#` comment after it. */
function unquote(raw, line, lineNo) {
  const text = raw.trim();
  const q = text[0];
  if (q === '"' || q === "'") {
    let out = '';
    for (let i = 1; i < text.length; i += 1) {
      const c = text[i];
      if (c === '\\' && i + 1 < text.length) {
        const next = text[i + 1];
        out += ESCAPES[next] ?? `\\${next}`;
        i += 1;
      } else if (c === q) {
        const rest = text.slice(i + 1).trim();
        if (rest !== '' && !rest.startsWith('#')) {
          throw new Problem({ line: lineNo, column: columnOf(line, rest), expected: 'the end of the line or a # comment after the quoted value', found: quote(rest), rule: 'my-cnf/quote' });
        }
        return { value: out, comment: rest || null };
      } else {
        out += c;
      }
    }
    throw new Problem({ line: lineNo, column: columnOf(line, text), expected: `a closing ${q} for the quoted value`, found: quote(text), rule: 'my-cnf/quote' });
  }
  const comment = /(?:^|\s)(#.*)$/.exec(text);
  return comment ? { value: text.slice(0, comment.index).trim(), comment: comment[1] } : { value: text, comment: null };
}
