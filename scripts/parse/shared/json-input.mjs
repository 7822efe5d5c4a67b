// The line-fed parser shape for formats whose raw file is one JSON document:
// lines are collected as they come (a benchmark tool's summary JSON is a few
// kilobytes, unlike an interval log) and read whole at the end, with the line
// of every value. Keys carrying a unit in their text ("Elapsed Time
// (nanoseconds)") are read by `unitOfKey`.
import { Problem, quote, located } from '../../problems/problem.mjs';
import { parseJsonSource, describeNode } from './json-source.mjs';

/** `{push, end}` for the driver; `read(root, {lastLine})` turns the parsed tree into the document body. */
export function jsonParser({ source } = {}, read) {
  const lines = [];
  return located(source, {
    push: (line) => {
      lines.push(line);
    },
    end: () => {
      while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
      const root = parseJsonSource(lines.join('\n'));
      return read(root, { lastLine: lines.length });
    },
  });
}

const UNITS = {
  nanoseconds: 'ns', microseconds: 'us', millisecond: 'ms', milliseconds: 'ms', second: 's', seconds: 's',
  'requests/second': 'req/s', 'req/s': 'req/s',
};

/** `{name, unit}` of a key such as "95th Percentile Latency (microseconds)"; unit null when the key names none tpsreport knows. */
export function unitOfKey(key) {
  const m = key.match(/^(.*?)\s*\(([^()]+)\)(.*)$/);
  if (!m) return { name: key, unit: null, printed: null };
  return { name: `${m[1]}${m[3]}`.trim(), unit: UNITS[m[2].trim().toLowerCase()] ?? null, printed: m[2].trim() };
}

/** Refuses a node of the wrong kind, placed at the node. */
export function expectKind(node, kind, what) {
  if (node.kind === kind) return node;
  throw new Problem({ line: node.line, column: node.column, expected: `${kind === 'object' || kind === 'array' ? `an ${kind}` : `a ${kind}`} for ${what}`, found: describeNode(node), rule: 'json-type' });
}

/** A figure from a JSON number node: as written, in `unit`, on its line. */
export function numberFigure(node, unit, what) {
  expectKind(node, 'number', what);
  return { value: node.value, text: node.text, unit, line: node.line };
}

/** A string value with its line. */
export function stringValue(node, what) {
  expectKind(node, 'string', what);
  return { value: node.value, line: node.line };
}

/** Refuses a document that lacks a key it must have, placed at the object that should hold it. */
export function missingKey(object, key, lastLine, where = 'the summary') {
  return new Problem({ line: lastLine, column: 1, expected: `the key ${quote(key)} in ${where} (object at line ${object.line})`, found: 'none', rule: 'json-missing-key' });
}
