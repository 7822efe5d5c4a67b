// JSON as a benchmark tool wrote it, read with the line and column of every
// value, so a figure from a JSON output links back to its raw line like a
// figure from a text output. JSON.parse keeps no positions and takes the last
// of two equal keys silently; this reader keeps the number's text as written
// and refuses a duplicate key. Linear in the input; nesting is bounded.
import { Problem, quote } from '../../problems/problem.mjs';

const MAX_DEPTH = 200;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;
const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Parses `text` into nodes `{kind, line, column, value?, text?, entries?, items?}`:
 * `entries` is a Map of key → node (in the order written) with `keyLine` on
 * each node; `text` is a number exactly as written.
 */
export function parseJsonSource(text) {
  let at = 0;
  let line = 1;
  let lineStart = 0;

  const place = () => ({ line, column: at - lineStart + 1 });
  const advanceTo = (end) => {
    for (let i = at; i < end; i += 1) {
      if (text.charCodeAt(i) === 10) {
        line += 1;
        lineStart = i + 1;
      }
    }
    at = end;
  };
  const skipSpace = () => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    advanceTo(SPACE.lastIndex);
  };
  const fail = (expected, rule = 'json') => {
    const found = at >= text.length ? 'end of file' : quote(text.slice(at, at + 20));
    return new Problem({ ...place(), expected, found, rule });
  };

  function value(depth) {
    skipSpace();
    if (depth > MAX_DEPTH) throw fail(`JSON nested at most ${MAX_DEPTH} deep`);
    const start = place();
    const c = text[at];
    if (c === '{') return object(depth, start);
    if (c === '[') return array(depth, start);
    if (c === '"') return { kind: 'string', value: string(), ...start };
    for (const [word, v] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, at)) {
        advanceTo(at + word.length);
        return { kind: v === null ? 'null' : 'boolean', value: v, ...start };
      }
    }
    NUMBER.lastIndex = at;
    const m = NUMBER.exec(text);
    if (m) {
      advanceTo(NUMBER.lastIndex);
      return { kind: 'number', value: Number(m[0]), text: m[0], ...start };
    }
    throw fail('a JSON value');
  }

  function string() {
    advanceTo(at + 1);
    let out = '';
    let from = at;
    for (;;) {
      if (at >= text.length) throw fail('the rest of a JSON string and its closing quote');
      const c = text[at];
      if (c === '"') {
        out += text.slice(from, at);
        advanceTo(at + 1);
        return out;
      }
      if (c === '\n' || c < ' ') throw fail('a JSON string closed on its own line');
      if (c === '\\') {
        out += text.slice(from, at);
        const e = text[at + 1];
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
          out += String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16));
          at += 6;
        } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
          out += ESCAPES[e];
          at += 2;
        } else {
          throw fail('a JSON escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        }
        from = at;
      } else {
        at += 1;
      }
    }
  }

  function object(depth, start) {
    advanceTo(at + 1);
    const entries = new Map();
    skipSpace();
    if (text[at] === '}') {
      advanceTo(at + 1);
      return { kind: 'object', entries, ...start };
    }
    for (;;) {
      skipSpace();
      if (text[at] !== '"') throw fail('a quoted key');
      const keyAt = place();
      const key = string();
      if (entries.has(key)) {
        throw new Problem({ ...keyAt, expected: 'each key once in an object', found: `${quote(key)} a second time`, rule: 'json-duplicate-key' });
      }
      skipSpace();
      if (text[at] !== ':') throw fail('":" after a key');
      advanceTo(at + 1);
      const node = value(depth + 1);
      entries.set(key, { ...node, keyLine: keyAt.line });
      skipSpace();
      if (text[at] === ',') advanceTo(at + 1);
      else if (text[at] === '}') {
        advanceTo(at + 1);
        return { kind: 'object', entries, ...start };
      } else throw fail('"," or "}" in an object');
    }
  }

  function array(depth, start) {
    advanceTo(at + 1);
    const items = [];
    skipSpace();
    if (text[at] === ']') {
      advanceTo(at + 1);
      return { kind: 'array', items, ...start };
    }
    for (;;) {
      items.push(value(depth + 1));
      skipSpace();
      if (text[at] === ',') advanceTo(at + 1);
      else if (text[at] === ']') {
        advanceTo(at + 1);
        return { kind: 'array', items, ...start };
      } else throw fail('"," or "]" in an array');
    }
  }

  const root = value(0);
  skipSpace();
  if (at < text.length) throw fail('nothing after the JSON value');
  return root;
}

/** What a node is, for "expected …, found …" messages. */
export function describeNode(node) {
  if (node.kind === 'string') return `the string ${quote(node.value, 40)}`;
  if (node.kind === 'number') return `the number ${node.text}`;
  if (node.kind === 'object' || node.kind === 'array') return `an ${node.kind}`;
  return String(node.value);
}
