// The golden fixtures as test inputs for property tests (truncation, fuzz):
// every raw file under tests/fixtures/<kind>/, outside the errors/ folders.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'tests', 'fixtures');
const TEXT_RAW = /\.(txt|log|out|cnf|rst)$/;
const DATA_RAW = /\.(json|csv)$/;
const NOT_RAW = /\.golden\.json$|-changed\.json$/;

/**
 * The raw fixtures in one kind's folder. A text output's golden document is
 * `<name>.json` beside `<name>.txt`; an output that is itself JSON or CSV
 * (`<name>.json`, `<name>.csv`) has its golden document in `<name>.golden.json`.
 * So a `.json` file is raw unless it is a golden file or a text output's golden.
 */
export function rawFixtureNames(dir) {
  const names = readdirSync(dir);
  const textStems = new Set(names.filter((f) => TEXT_RAW.test(f)).map((f) => f.replace(TEXT_RAW, '')));
  return names.filter((f) => TEXT_RAW.test(f)
    || (DATA_RAW.test(f) && !NOT_RAW.test(f) && !(f.endsWith('.json') && textStems.has(f.slice(0, -5)))));
}

/** Where a raw fixture's golden document is. */
export function goldenPathOf(path) {
  return TEXT_RAW.test(path) ? path.replace(TEXT_RAW, '.json') : path.replace(DATA_RAW, '.golden.json');
}

/** `[{kind, source, text}]`, one per golden fixture, in a stable order. */
export function goldenFixtures() {
  const kinds = readdirSync(FIXTURES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'errors')
    .map((d) => d.name)
    .sort();
  return kinds.flatMap((kind) => rawFixtureNames(join(FIXTURES, kind))
    .sort()
    .map((name) => {
      const path = join(FIXTURES, kind, name);
      return { kind, source: relative(ROOT, path), text: readFileSync(path, 'utf8') };
    }));
}

/**
 * Every line a document cites for a figure or a row it read, leaving out
 * provenance, line ranges, and the notes, warnings and tool messages: a cut
 * that removes a cited line has lost a figure or a row the page would show.
 */
export function citedLines(doc) {
  const lines = [];
  const walk = (value) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === 'line' && typeof v === 'number') lines.push(v);
        else if (k === 'line' && Array.isArray(v)) lines.push(...v); // a column of sample lines (lib/columns.mjs)
        else if (!SKIP.has(k)) walk(v);
      }
    }
  };
  walk(doc);
  return lines;
}

const SKIP = new Set(['provenance', 'notes', 'warnings', 'incomplete', 'messages', 'lines']);

/**
 * Each thing a document cites a line for (a figure, a row), as the text of its
 * plain fields: two documents that read a line alike give the same strings.
 * `printedFigures` keeps only figures the tool printed (a unit, not derived).
 */
export function citedItems(doc, { printedFigures = false } = {}) {
  const items = [];
  const walk = (value) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      if (typeof value.line === 'number' && (!printedFigures || (value.unit && !value.derived))) {
        items.push(JSON.stringify(Object.entries(value).filter(([, v]) => v === null || typeof v !== 'object')));
      }
      for (const [k, v] of Object.entries(value)) if (!SKIP.has(k)) walk(v);
    }
  };
  walk(doc);
  return items;
}
