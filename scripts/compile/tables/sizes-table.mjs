// `sizes-table`: sizes the way people read them (2.3 GiB, binary units) with
// the exact bytes one hover away, where the tool printed a count (a size it
// printed rounded, 2.3G, keeps its digits and claims no more).
//   {{< sizes-table where="table=file-sizes" caption="…" >}}               (data="published-table", the default)
//   {{< sizes-table data="file-sizes" rows="file" columns="server" caption="…" >}}
//   {{< sizes-table data="table-status" rows="format" caption="…" >}}     (SHOW TABLE STATUS, any form)
// A published table's columns (the variants) become lines and its row labels
// (Data, Index) columns. SHOW TABLE STATUS gives Data_length and Index_length
// as columns, one line per table (rows="name") or per label. rows/columns name
// a label or a field of the row.

import { figCell, th, bytesText, lineHead, ROW_TITLE_PARAM } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';
import { declaring } from '../../parse/formats.mjs';
import { wordList } from '../../lib/text.mjs';

/**
 * Where each source kind keeps its sizes (its format's `sizes`: the list in
 * each run, the figure, the fields kept, the default lines and columns), the
 * default first. A kind whose sizes are columns of one row (`sizeColumns`,
 * SHOW TABLE STATUS) has each read on its own, in that order.
 */
const DEFAULT = 'published-table';
const SOURCES = declaring('sizes', DEFAULT);
const FIELDS = ['file', 'row', 'column', 'name'];

/** The fields of a source's rows that rows= and columns= take besides its labels (SHOW TABLE STATUS's Data_length and Index_length are its `column`). */
const fieldsOf = (source) => [...new Set([...Object.keys(source.fields).filter((f) => FIELDS.includes(f)), ...(source.sizeColumns ? ['column'] : [])])];

/** What rows= and columns= take, for the reference: each source's fields. */
const FIELDS_DOC = Object.entries(SOURCES).map(([name, source]) => `${fieldsOf(source).join(', ')} of ${name}`).join('; ');

export default {
  name: 'sizes-table',
  summary: 'Sizes as 2.3 GiB with the exact bytes of a count on hover, from published tables, ls/du listings or SHOW TABLE STATUS.',
  params: {
    data: { default: DEFAULT, doc: wordList(Object.keys(SOURCES), 'or'), values: Object.keys(SOURCES) },
    rows: { doc: `label or field naming each line (default: the source's usual one); fields: ${FIELDS_DOC}` },
    columns: { doc: `label or field naming each column; fields: ${FIELDS_DOC}` },
    where: { doc: 'label=value;label=value filter' },
    caption: { doc: 'table caption' },
    ...ROW_TITLE_PARAM,
  },
  build({ select, title }, p) {
    const source = SOURCES[p.data];
    const rowsBy = p.rows || source.rows;
    const colsBy = p.columns || source.columns;
    const fieldNames = fieldsOf(source);
    const labels = [p.rows, p.columns].filter((l) => l && !fieldNames.includes(l));
    const query = { data: p.data, items: source.items, each: source.each, metric: source.metric, fields: source.fields, fieldNames, labels, where: p.where };
    const rows = source.sizeColumns
      ? source.sizeColumns.flatMap(([metric, title]) => select({ ...query, metric }).map((r) => ({ ...r, column: title })))
      : select(query);
    return { tables: [sizeGrid(rows, rowsBy, colsBy, { ...p, rowsTitle: title(rowsBy) })] };
  },
};

const columnOf = (row, colsBy) => (colsBy && row[colsBy] !== null && row[colsBy] !== undefined && row[colsBy] !== '' ? String(row[colsBy]) : 'Size');

function sizeGrid(rows, rowsBy, colsBy, p) {
  const lines = [...new Set(rows.map((r) => String(r[rowsBy])))];
  const columns = [...new Set(rows.map((r) => columnOf(r, colsBy)))];
  const cells = new Map();
  for (const r of rows) {
    const key = `${r[rowsBy]}\u0000${columnOf(r, colsBy)}`;
    if (cells.has(key)) throw mistake(`two sizes for ${rowsBy}="${r[rowsBy]}", ${columnOf(r, colsBy)} (${cells.get(key).source}:${cells.get(key).line} and ${r.source}:${r.line}); narrow with where="…"`);
    cells.set(key, r);
  }
  const head = [{ cells: [lineHead(p['row-title'] ?? (rowsBy === 'column' ? '' : p.rowsTitle)), ...columns.map((c) => th(c, { cls: 'num' }))] }];
  const body = lines.map((l) => ({
    cells: [th(l), ...columns.map((c) => {
      const row = cells.get(`${l}\u0000${c}`);
      if (!row) return figCell(null);
      const bytes = row.bytes ?? (row.unit === 'bytes' ? row.value : null);
      // A view's row of SHOW TABLE STATUS prints NULL for its sizes: the cell reads as the server printed it.
      if (row.value === null && row.text === 'NULL') return figCell(row, { shown: 'NULL' });
      if (bytes === null || bytes === undefined) throw mistake(`${row.source} line ${row.line} holds "${row.text}", which is not a size (no bytes known)`);
      const rounded = row.rounded === true && row.unit !== 'bytes';
      return figCell(row, { shown: rounded ? roundedReading(row) : bytesText(bytes), bytes, roundedBytes: rounded });
    })],
  }));
  return { caption: p.caption ?? '', cls: 'sizes-table', label: p.caption || 'Sizes', head, body };
}

/**
 * A size the tool printed rounded (2.3G, 592M) in binary units, with the
 * digits it printed ("2.3 GiB"): it is known to those digits only, so the
 * reading adds none.
 */
function roundedReading(row) {
  return `${/^\d+(?:[.,]\d+)?/.exec(String(row.text))?.[0] ?? row.value}\u00a0${row.unit}`;
}
