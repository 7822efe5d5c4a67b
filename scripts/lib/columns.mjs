// Sample tables in columns: one array per field over a shared row index, so
// a long `--report-interval` log costs a few bytes per figure instead of an
// object per sample.
//
// In a document (data/*.json) a table is a plain object:
//   { "count": 3, "line": [17, 18, 19], "t": [1, 2, 3], "tps": [96.1, null, 97.4],
//     "field_lines": { "t": [..], … } }
// every array holding `count` values (null where the tool printed no value or
// the sample has no such field), and a nested object holding more columns of
// the same rows. `rowAt` is the one way to read a sample back as an object.
//
// While parsing, a TableBuilder keeps each column in chunks of 4,096 values,
// each stored in the smallest exact form: an arithmetic run (time stamps,
// line numbers, a constant thread count) as two numbers, values that are
// whole hundredths (what sysbench prints with %4.2f) as 16-, 24- or 32-bit
// integers, anything else as 64-bit floats. `table()` hands the document
// read-only array views over those chunks: they read as plain arrays (JSON,
// schema validation, tests), and the streaming JSON writer in files.mjs reads
// the chunks directly, so a table is never expanded into objects or text.

const CHUNK = 4096;
const SHIFT = 12;
const SCALES = [1, 10, 100, 1000, 10000, 100000, 1000000];
const INT32_NULL = -0x80000000;
const UINT16_NULL = 0xffff;
const UINT24_NULL = 0xffffff;

/** The storage behind a column view (see `columnStore`). */
const STORE = Symbol('column store');

/** Is `node` a sample table: an object with a whole `count` and arrays of that length? */
export function isTable(node) {
  return node !== null && typeof node === 'object' && !Array.isArray(node) && Number.isInteger(node.count)
    && Object.entries(node).some(([k, v]) => k !== 'count' && Array.isArray(v));
}

/** Sample j of a table as an object: each column's value (nested tables as nested objects). */
export function rowAt(table, j) {
  const row = {};
  for (const [name, column] of Object.entries(table)) {
    if (name === 'count') continue;
    if (Array.isArray(column)) row[name] = column[j] ?? null;
    else if (column && typeof column === 'object') row[name] = rowAt(column, j);
  }
  return row;
}

/**
 * Sample j of a table, read a field at a time with `sampleField`: a view that
 * takes one figure from each sample of a long log need not build every
 * sample as an object. `rowAt(sample.table, sample.j)` is the whole sample.
 */
export class Sample {
  constructor(table, j) {
    this.table = table;
    this.j = j;
  }
}

/** Field `key` of a sample as rowAt would hold it (null where it has no value, a nested table's Sample), or undefined. */
export function sampleField(sample, key) {
  if (key === 'count' || !Object.hasOwn(sample.table, key)) return undefined;
  const column = sample.table[key];
  if (Array.isArray(column)) return column[sample.j] ?? null;
  return column && typeof column === 'object' ? new Sample(column, sample.j) : undefined;
}

/** The elements at a path as {length, at(j)}: a list as it is, a table's samples as Sample. */
export function elementsOf(node) {
  if (Array.isArray(node)) return node;
  if (!isTable(node)) return [];
  return { length: node.count, at: (j) => new Sample(node, j) };
}

// ─── one column while parsing ───────────────────────────────────────────────

/** A sealed chunk: decodes value i (0 ≤ i < n); `telling`, its telling rows (see tellingRows). */
function sealChunk(buffer, n) {
  const values = buffer.subarray(0, n);
  const telling = tellingIn(values);
  const exact = affine(values) ?? integers(values);
  if (exact) return Object.assign(exact, { telling });
  const copy = Float64Array.from(values); // the open buffer is reused for the next chunk
  return { n, get: (i) => (Number.isNaN(copy[i]) ? null : copy[i]), values: copy, telling };
}

/**
 * The rows of values (NaN: null) that decide every check made on one value at
 * a time against a type or a bound: the first null, the first fraction, the
 * first value that is not finite, the least and the greatest (-1: none).
 * Taken from the plain values when a chunk is sealed, a few microseconds a
 * chunk, where reading a long log's columns back through their views cost
 * about a third of its parse.
 */
function tellingIn(values) {
  const found = { firstNull: -1, firstFraction: -1, firstInfinite: -1, least: -1, greatest: -1, low: Infinity, high: -Infinity };
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i];
    if (Number.isNaN(v)) {
      if (found.firstNull < 0) found.firstNull = i;
    } else if (v === Infinity || v === -Infinity) {
      if (found.firstInfinite < 0) found.firstInfinite = i;
    } else {
      if (v < found.low) [found.low, found.least] = [v, i];
      if (v > found.high) [found.high, found.greatest] = [v, i];
      if (found.firstFraction < 0 && v % 1 !== 0) found.firstFraction = i;
    }
  }
  return found;
}

/** tellingIn over chunks, each `{ at, telling }` (its first row and its own telling rows), as rows of the whole column. */
function tellingOver(parts) {
  const whole = { firstNull: -1, firstFraction: -1, firstInfinite: -1, least: -1, greatest: -1, low: Infinity, high: -Infinity };
  for (const { at, telling } of parts) {
    for (const key of ['firstNull', 'firstFraction', 'firstInfinite']) if (whole[key] < 0 && telling[key] >= 0) whole[key] = at + telling[key];
    if (telling.least >= 0 && telling.low < whole.low) [whole.low, whole.least] = [telling.low, at + telling.least];
    if (telling.greatest >= 0 && telling.high > whole.high) [whole.high, whole.greatest] = [telling.high, at + telling.greatest];
  }
  return [...new Set([whole.firstNull, whole.firstFraction, whole.firstInfinite, whole.least, whole.greatest])].filter((i) => i >= 0).sort((a, b) => a - b);
}

/** start + i·step for every i (no null), as two numbers. */
function affine(values) {
  const n = values.length;
  const start = values[0];
  const step = n > 1 ? values[1] - start : 0;
  if (Number.isNaN(start) || Number.isNaN(step)) return null;
  for (let i = 0; i < n; i += 1) if (start + i * step !== values[i]) return null;
  return { n, get: (i) => start + i * step };
}

const SCRATCH = new Float64Array(CHUNK);

/**
 * Values that are exact multiples of 1/scale, stored as small integers
 * (offset from the least). An integer k read back as k / scale is the double
 * nearest the printed decimal, as Number(text) is; every value is checked.
 */
function integers(values) {
  const n = values.length;
  const ints = SCRATCH; // reused: a chunk is sealed at a time, and a buffer per chunk would be garbage
  let s = 0;
  let scale = SCALES[0];
  let min = Infinity;
  let max = -Infinity;
  // One pass reads each value as k / scale; a value that is not one starts it
  // over at the next scale (only the first few values of a chunk do that).
  for (let i = 0; i < n; i += 1) {
    const v = values[i];
    if (Number.isNaN(v)) continue;
    const k = Math.round(v * scale);
    if (Math.abs(k) >= 2 ** 31 - 1 || k / scale !== v) {
      s += 1;
      if (s === SCALES.length) return null;
      scale = SCALES[s];
      min = Infinity;
      max = -Infinity;
      i = -1;
      continue;
    }
    ints[i] = k;
    if (k < min) min = k;
    if (k > max) max = k;
  }
  if (min === Infinity) min = 0;
  if (max - min < UINT16_NULL) {
    const packed = new Uint16Array(n);
    for (let i = 0; i < n; i += 1) packed[i] = Number.isNaN(values[i]) ? UINT16_NULL : ints[i] - min;
    return { n, get: (i) => (packed[i] === UINT16_NULL ? null : (packed[i] + min) / scale), values: packed };
  }
  // Three bytes a value: transactions and queries per second in hundredths span more than 16 bits.
  if (max - min < UINT24_NULL) {
    const bytes = new Uint8Array(3 * n);
    for (let i = 0; i < n; i += 1) {
      const k = Number.isNaN(values[i]) ? UINT24_NULL : ints[i] - min;
      bytes[3 * i] = k & 0xff;
      bytes[3 * i + 1] = (k >> 8) & 0xff;
      bytes[3 * i + 2] = k >> 16;
    }
    const at = (i) => bytes[3 * i] | (bytes[3 * i + 1] << 8) | (bytes[3 * i + 2] << 16);
    return { n, get: (i) => (at(i) === UINT24_NULL ? null : (at(i) + min) / scale), values: bytes };
  }
  const packed = new Int32Array(n);
  for (let i = 0; i < n; i += 1) packed[i] = Number.isNaN(values[i]) ? INT32_NULL : ints[i];
  return { n, get: (i) => (packed[i] === INT32_NULL ? null : packed[i] / scale), values: packed };
}

class ColumnBuilder {
  constructor() {
    this.chunks = [];
    this.open = new Float64Array(CHUNK);
    this.filled = 0;
    this.length = 0;
  }

  /** null is kept as NaN inside the open chunk (a parsed number is never NaN: nan reads as null). */
  push(value) {
    if (this.filled === CHUNK) {
      this.chunks.push(sealChunk(this.open, CHUNK));
      this.filled = 0;
    }
    this.open[this.filled] = value === null || value === undefined ? NaN : value;
    this.filled += 1;
    this.length += 1;
  }

  /** Replaces the last value (it is always in the open chunk). */
  setLast(value) {
    this.open[this.filled - 1] = value === null || value === undefined ? NaN : value;
  }

  padTo(n) {
    while (this.length < n) this.push(null);
  }

  get(i) {
    const c = i >> SHIFT;
    if (c < this.chunks.length) return this.chunks[c].get(i & (CHUNK - 1));
    const v = this.open[i - this.chunks.length * CHUNK];
    return Number.isNaN(v) ? null : v;
  }

  /** The telling rows (see tellingIn) of the first `length` values, ascending. */
  telling(length) {
    const parts = [];
    for (let c = 0; c * CHUNK < length; c += 1) {
      const at = c * CHUNK;
      const chunk = this.chunks[c];
      // A view shorter than the column ends inside a chunk: that chunk's first values are read again.
      if (chunk && at + chunk.n <= length) parts.push({ at, telling: chunk.telling });
      else if (chunk) parts.push({ at, telling: tellingIn(Float64Array.from({ length: length - at }, (_, i) => chunk.get(i) ?? NaN)) });
      else parts.push({ at, telling: tellingIn(this.open.subarray(0, length - at)) });
    }
    return tellingOver(parts);
  }
}

// ─── read-only array views ──────────────────────────────────────────────────

const INDEX = /^(?:0|[1-9]\d*)$/;

/** A read-only array of the first `length` values of a column, without copying them. */
function columnView(column, length) {
  const store = { length, get: (i) => column.get(i), telling: () => column.telling(length) };
  const index = (key) => (typeof key === 'string' && INDEX.test(key) && Number(key) < length ? Number(key) : -1);
  return new Proxy([], {
    get(target, key, receiver) {
      if (key === STORE) return store;
      if (key === 'length') return length;
      const i = index(key);
      if (i >= 0) return column.get(i);
      return Reflect.get(target, key, receiver);
    },
    has: (target, key) => index(key) >= 0 || Reflect.has(target, key),
    ownKeys: () => [...Array.from({ length }, (_, i) => String(i)), 'length'],
    getOwnPropertyDescriptor(target, key) {
      if (key === 'length') return { value: length, writable: true, enumerable: false, configurable: false };
      const i = index(key);
      return i >= 0 ? { value: column.get(i), writable: false, enumerable: true, configurable: true } : undefined;
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}

/**
 * The storage of a column view, or undefined for any other value:
 * { length, get(i), telling() }, telling() being the rows of the values that
 * decide every check made on one value at a time against a type or a bound
 * (its first null, fraction and value that is not finite, its least and its
 * greatest), ascending.
 */
export function columnStore(value) {
  return Array.isArray(value) ? value[STORE] : undefined;
}

// ─── a table while parsing ──────────────────────────────────────────────────

/**
 * Rows pushed as objects of numbers (and nested objects of numbers); a field
 * a row lacks is null in that row. Column order is first appearance.
 */
export class TableBuilder {
  constructor() {
    this.count = 0;
    this.columns = new Map();
    this.nested = new Map();
  }

  push(row) {
    this.count += 1;
    for (const name in row) {
      const v = row[name];
      if (v !== null && typeof v === 'object') this.nestedTable(name).pushAt(v, this.count);
      else this.column(name).push(v);
    }
  }

  /**
   * Starts a row whose fields come one at a time, field(i, name, value) for
   * the i-th field the line prints: a reader's numbers go straight into their
   * columns, with no object or array per row (null: no value).
   */
  startRow() {
    this.count += 1;
    this.slots ??= [];
  }

  field(i, name, value) {
    // Consecutive rows print the same fields in the same places: remember each place's column.
    let slot = this.slots[i];
    if (slot === undefined || slot.name !== name) slot = this.slots[i] = { name, column: this.column(name) };
    slot.column.padTo(this.count - 1);
    slot.column.push(value);
  }

  /** Sets fields of the last row (a line that completes the sample before it). */
  setLast(fields) {
    for (const [name, v] of Object.entries(fields)) {
      const column = this.column(name);
      if (column.length === this.count) column.setLast(v);
      else column.push(v);
    }
  }

  /** The value of a field in row i, or null. */
  get(name, i) {
    const column = this.columns.get(name);
    return column && i < column.length ? column.get(i) : null;
  }

  pushAt(row, count) {
    this.count = count;
    for (const [name, v] of Object.entries(row)) this.column(name).push(v);
  }

  column(name) {
    let column = this.columns.get(name);
    if (!column) {
      column = new ColumnBuilder();
      this.columns.set(name, column);
      this.order(name);
    }
    column.padTo(this.count - 1);
    return column;
  }

  nestedTable(name) {
    let table = this.nested.get(name);
    if (!table) {
      table = new TableBuilder();
      this.nested.set(name, table);
      this.order(name);
    }
    return table;
  }

  order(name) {
    (this.names ??= []).push(name);
  }

  /** The document form of the first `rows` rows: {count, column: array view, nested: {…}}. */
  table(rows = this.count) {
    const out = { count: rows };
    for (const name of this.names ?? []) {
      const nested = this.nested.get(name);
      if (nested) {
        out[name] = nested.table(rows);
        continue;
      }
      const column = this.columns.get(name);
      column.padTo(rows);
      out[name] = columnView(column, rows);
    }
    return out;
  }
}

/** Every sample of a table as objects: for tests and small tables only (a long log's would not fit in memory). */
export function rowsOf(table) {
  return Array.from({ length: table.count }, (_, j) => rowAt(table, j));
}
