// The parse step's last word on a document: it is checked against its
// kind's schema as it will be written (JSON: a number that is not finite
// becomes null, a property holding undefined goes), and one the schema
// refuses is a refusal placed at the raw line it came from, never a
// document `parse` prints or `ingest` writes. A parser can only read what
// it was written for, so a damaged raw file (an interval stamped "[ infs]")
// can slip past its patterns; the schema is what every later step relies on.
import { Problem } from '../problems/problem.mjs';
import { columnStore } from '../lib/columns.mjs';
import { schemaProblems, rawLineOf, valueAt } from '../validate/schema-problems.mjs';

/** `doc` as it is, or a Problem (thrown) naming the raw file, line and what its schema expected. */
export function checkedDocument(doc) {
  const { written, rows } = writtenForm(doc);
  const [problem] = schemaProblems(written, doc.provenance?.source);
  if (!problem) return doc;
  throw refusal(problem, doc, written, rows);
}

/**
 * The document as JSON would write it, with each sample column (lib/columns.mjs)
 * cut to a few of its values, and `rows`: for each column, the samples those
 * values are. Every check a sample column's schema makes is on one value at a
 * time, against a type or a bound (tests/parse/written.test.mjs holds the
 * schemas to that), so a column passes exactly when its telling values pass
 * (its first null, fraction and value that is not finite, its least and its
 * greatest). Checking a long log's millions of samples one by one, through
 * the column's read-only view, cost twice its parse.
 */
function writtenForm(doc) {
  const rows = new WeakMap();
  const text = JSON.stringify(doc, (key, value) => {
    const store = columnStore(value);
    if (!store) return value;
    const picked = store.telling();
    rows.set(store, picked);
    return picked.map((i) => store.get(i));
  });
  return { written: JSON.parse(text), rows };
}

/** The schema's problem, placed in the raw file: its pointer's sample numbers are the document's own again. */
function refusal(problem, doc, written, rows) {
  const pointer = originalPointer(problem.pointer ?? '', doc, rows);
  // A problem no raw line stands behind (the envelope's provenance) is placed at the file's start.
  const line = rawLineOf(doc, pointer) ?? 1;
  return new Problem({
    file: doc.provenance?.source,
    line,
    pointer,
    rule: problem.rule,
    expected: `${problem.expected} (the ${doc.kind} schema)`,
    found: foundIn(problem, valueAt(doc, pointer)),
  });
}

/** A pointer into the written form as a pointer into `doc`: an index into a cut column becomes its sample's. */
function originalPointer(pointer, doc, rows) {
  const parts = pointer.split('/').slice(1);
  let node = doc;
  return parts.map((part) => {
    const picked = rows.get(columnStore(node));
    const own = picked && /^\d+$/.test(part) ? String(picked[Number(part)]) : part;
    node = node?.[own];
    return `/${own}`;
  }).join('');
}

/** What the parser read, in words: a number too large for a double was read as infinity, which JSON can only write as null. */
function foundIn(problem, value) {
  if (typeof value === 'number' && !Number.isFinite(value)) return `${value < 0 ? '-' : ''}infinity (a number too large to hold, which JSON writes as null) read from this line`;
  return `${problem.found}, as read from this line`;
}
