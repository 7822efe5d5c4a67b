// Finds the shortcodes an article uses, with the line each one sits on, so
// the compiler can build a view for every table, value and chart the author
// placed, and point at index.md:LINE when one is wrong. Pure and linear: one
// pass with indexOf, no backtracking patterns.
//
// A view's key is derived from what Hugo also sees (the shortcode's name, its
// parameters and its inner text), so layouts/_partials/tps/view.html finds
// the same view without the compiler and Hugo having to agree on line
// numbers: editing prose above a chart leaves its key, and its cached view,
// alone.
import { createHash } from 'node:crypto';
import { Problem } from '../problems/problem.mjs';

const NAME = /^[A-Za-z0-9_./-]+/;

/**
 * @returns {{name, params, places, positional, inner, markdown, line, column, key}[]} in page order;
 * `places`: the line and column of each named parameter, for a message about one of them;
 * `inner` is the text between an opening tag and its closing tag, or null;
 * `markdown`: written {{% … %}}, whose output Hugo renders as Markdown.
 */
export function scanShortcodes(text, source, from = 0) {
  const found = [];
  const lineStarts = lineIndex(text);
  let at = from;
  for (;;) {
    const open = nextOpening(text, at);
    if (open < 0) break;
    const tag = readTag(text, open, source, lineStarts);
    at = tag.end;
    if (tag.closing) continue;
    const places = Object.fromEntries(Object.entries(tag.places).map(([key, offset]) => [key, positionOf(lineStarts, offset)]));
    const entry = { name: tag.name, params: tag.params, positional: tag.positional, unquoted: tag.unquoted, inner: null, markdown: tag.delim === '%', places, ...positionOf(lineStarts, open) };
    if (!tag.selfClosed) {
      const close = findClosing(text, tag.end, tag.name, tag.delim);
      if (close) {
        entry.inner = text.slice(tag.end, close.start);
        at = close.end;
      }
    }
    entry.key = viewKey(entry);
    found.push(entry);
  }
  return found;
}

/**
 * The key layouts/_partials/tps/view.html computes from the same shortcode:
 * the sha256 of Go's `printf "%s\n%v\n%s" .Name .Params .inner`, one call
 * where a template loop over the parameters cost Hugo a tenth of a large
 * site's build. Go prints named parameters as map[a:x b:y], sorted by name,
 * positional ones (or none) as [x y], and an unquoted number or boolean as the
 * value Hugo made of it (goPrinted).
 * `unquoted`: the names (or positions, as text) of the values written without quotes.
 */
export function viewKey({ name, params, positional = [], unquoted = [], inner }) {
  const bare = new Set(unquoted);
  const printed = (value, at) => (bare.has(at) ? goPrinted(value) : value);
  const names = Object.keys(params).sort();
  const all = names.length
    ? `map[${names.map((k) => `${k}:${printed(params[k], k)}`).join(' ')}]`
    : `[${positional.map((v, i) => printed(v, String(i))).join(' ')}]`;
  return createHash('sha256').update(`${name}\n${all}\n${inner ?? ''}`).digest('hex');
}

// Hugo's types for an unquoted parameter value (ValTyped in its parser/pageparser/item.go).
const GO_BOOL = /^(true|false)$/;
const GO_INT = /^[-+]?\d+$/;
const GO_FLOAT = /^[-+]?\d*\.\d+$/;
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n];

/** How Go's %v prints the value Hugo makes of an unquoted parameter: 007 → 7, 1.50 → 1.5, 2500000.0 → 2.5e+06. */
export function goPrinted(text) {
  if (GO_BOOL.test(text)) return text;
  if (GO_INT.test(text)) {
    const n = BigInt(text);
    return n >= INT64[0] && n <= INT64[1] ? n.toString() : text;
  }
  if (GO_FLOAT.test(text)) {
    const x = Number(text);
    return Number.isFinite(x) ? goFloat(x) : text;
  }
  return text;
}

/** %v of a float64: the shortest digits that read back as x, with an exponent when it is below -4 or from 6 up. */
function goFloat(x) {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [digits, e] = x.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${digits}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(x);
}

function lineIndex(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function positionOf(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

// Offset of the next `{{<` or `{{%` that is not a commented-out example ({{< /* … * / >}} in Hugo's syntax).
function nextOpening(text, from) {
  let i = text.indexOf('{{', from);
  while (i >= 0) {
    const d = text[i + 2];
    if (d === '<' || d === '%') {
      let j = i + 3;
      while (text[j] === ' ' || text[j] === '\t') j += 1;
      if (!text.startsWith('/*', j)) return i;
      const end = text.indexOf('*/', j + 2);
      if (end < 0) return -1;
      i = text.indexOf('{{', end + 2);
      continue;
    }
    i = text.indexOf('{{', i + 2);
  }
  return -1;
}

function readTag(text, start, source, lineStarts) {
  const delim = text[start + 2];
  const closer = closerOf(delim);
  const fail = (offset, expected, found) => new Problem({ file: source, ...positionOf(lineStarts, offset), expected, found, rule: 'shortcode' });
  let i = skipBlanks(text, start + 3);
  const closing = text[i] === '/';
  if (closing) i = skipBlanks(text, i + 1);
  const name = NAME.exec(text.slice(i, i + 200))?.[0];
  if (!name) throw fail(i, 'a shortcode name after {{<', JSON.stringify(text.slice(i, i + 20)));
  i += name.length;
  const params = {};
  const places = {};
  const positional = [];
  const unquoted = [];
  for (;;) {
    i = skipBlanks(text, i);
    if (text.startsWith(closer, i)) return { name, params, places, positional, unquoted, closing, selfClosed: false, delim, end: i + 3 };
    if (text.startsWith(`/${closer}`, i)) return { name, params, places, positional, unquoted, closing, selfClosed: true, delim, end: i + 4 };
    if (i >= text.length) throw fail(start, `a closing ${closer} for the ${name} shortcode`, 'end of file');
    const key = /^[A-Za-z0-9_-]+(?==)/.exec(text.slice(i, i + 100))?.[0];
    if (key) i += key.length + 1;
    const [value, next, bare] = readValue(text, i, closer, fail);
    // "caption="…" >}" or "%}}": a closer mistyped, which Hugo would read as one more parameter.
    if (bare && !key && /^[>%}]/.test(value)) throw fail(i, `${closer} closing the ${name} shortcode`, JSON.stringify(value));
    if (bare) unquoted.push(key ?? String(positional.length));
    if (key) {
      params[key] = value;
      places[key] = i - key.length - 1;
    }
    else positional.push(value);
    i = next;
  }
}

/** `{{< … >}}` and `{{% … %}}`. */
const closerOf = (delim) => (delim === '<' ? '>}}' : '%}}');

function skipBlanks(text, i) {
  while (i < text.length && /\s/.test(text[i])) i += 1;
  return i;
}

/** A parameter value: "double quoted" (with \" escapes), `raw`, or a bare word; [value, end, whether it was bare]. */
function readValue(text, i, closer, fail) {
  const q = text[i];
  if (q === '"') {
    let out = '';
    for (let j = i + 1; j < text.length; j += 1) {
      if (text[j] === '\\' && (text[j + 1] === '"' || text[j + 1] === '\\')) { out += text[j + 1]; j += 1; continue; }
      if (text[j] === '"') return [out, j + 1];
      // A value that runs into the shortcode's end lost its closing quote: the next " may be a page further on.
      if (text.startsWith(closer, j)) throw fail(i, `a closing " for the parameter value before ${closer}`, `${closer} inside it`);
      out += text[j];
    }
    throw fail(i, 'a closing " for the parameter value', 'end of file');
  }
  if (q === '`') {
    const end = text.indexOf('`', i + 1);
    if (end < 0) throw fail(i, 'a closing ` for the parameter value', 'end of file');
    return [text.slice(i + 1, end), end + 1];
  }
  let j = i;
  while (j < text.length && !/\s/.test(text[j]) && !text.startsWith(closer, j) && !text.startsWith(`/${closer}`, j)) j += 1;
  if (j === i) throw fail(i, 'a parameter value', JSON.stringify(text.slice(i, i + 10)));
  return [text.slice(i, j), j, true];
}

function findClosing(text, from, name, delim) {
  let at = from;
  for (;;) {
    const i = nextOpening(text, at);
    if (i < 0) return null;
    let j = skipBlanks(text, i + 3);
    if (text[j] !== '/') {
      // Another opening of the same shortcode first: this one has no inner part.
      const other = NAME.exec(text.slice(j, j + 200))?.[0];
      if (other === name) return null;
      at = i + 3;
      continue;
    }
    j = skipBlanks(text, j + 1);
    // The name whole: {{< /kind-table >}} does not close a `kind` shortcode.
    if (NAME.exec(text.slice(j, j + 200))?.[0] === name) {
      const end = text.indexOf(closerOf(text[i + 2]), j + name.length);
      if (end >= 0 && text[i + 2] === delim) return { start: i, end: end + 3 };
    }
    at = i + 3;
  }
}
