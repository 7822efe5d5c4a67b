// `compression-table`: INNODB_CMP as a table, one line per page size, with the
// share of compressions that succeeded (compress_ops_ok / compress_ops) beside
// the two counts. Columns keep the names the source printed.
//   {{< compression-table where="table=innodb-cmp" caption="…" >}}          (a published table, the default)
//   {{< compression-table data="innodb-cmp" rows="format,after" hide-unused="true" caption="…" >}}
// data="innodb-cmp" reads the INNODB_CMP result of each selected capture
// (`table` names another, e.g. INNODB_CMP_RESET); it must be at the same place
// in every selected file (narrow with where otherwise). rows names the labels
// that tell the lines apart ("Compressed (8K) · load"); the page size is its
// own column. hide-unused="true" leaves out page sizes with no compression and
// no decompression, which INNODB_CMP lists for every size the server knows.

import { figCell, th, percent, esc, unitSpan, lineHead, ROW_TITLE_PARAM } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';
import { formatsOfRole } from '../../parse/formats.mjs';

/** The format whose captures hold INNODB_CMP results (data="…" reads them), beside a published table. */
const CAPTURE = formatsOfRole('compression')[0];

export const CMP_COLUMNS = ['page_size', 'compress_ops', 'compress_ops_ok', 'compress_time', 'uncompress_ops', 'uncompress_time'];

export default {
  name: 'compression-table',
  summary: 'INNODB_CMP with the share of compressions that succeeded, from captures or a published table.',
  params: {
    data: { default: 'published-table', doc: `published-table or ${CAPTURE.name}`, values: ['published-table', CAPTURE.name] },
    rows: { doc: `labels naming each line, comma-separated (${CAPTURE.name})` },
    table: { default: 'INNODB_CMP', doc: `which result of the capture to read (${CAPTURE.name})` },
    'hide-unused': { doc: 'true leaves out page sizes with no compression and no decompression', values: ['true', 'false'] },
    where: { doc: 'label=value;label=value filter' },
    caption: { doc: 'table caption' },
    ...ROW_TITLE_PARAM,
  },
  build({ select }, p) {
    const rows = p.data === CAPTURE.name ? captureRows(select, p) : publishedRows(select, p);
    return { tables: [compressionGrid(rows, p, lineHeader(p))] };
  },
};

function publishedRows(select, p) {
  return select({ data: 'published-table', items: '.', each: 'cells', metric: 'figure', fields: { row: 'row', column: 'column' }, where: p.where })
    .map((r) => ({ ...r, line_key: `${r.source}|${r.row ?? ''}`, name: r.row ?? '' }));
}

const rowLabels = (p) => (p.rows ?? '').split(',').map((l) => l.trim()).filter(Boolean);

/** The cells of the named result in each selected capture, as rows naming their line and column. */
function captureRows(select, p) {
  const labels = rowLabels(p);
  const results = select({ data: CAPTURE.name, items: CAPTURE.items, metric: 'table', labels, where: p.where });
  const places = [...new Set(results.filter((r) => r.text === p.table).map((r) => r.item))];
  const sources = [...new Set(results.map((r) => r.source))].sort();
  const holding = [...new Set(results.filter((r) => r.text === p.table).map((r) => r.source))].sort();
  if (places.length !== 1) throw mistake(`${p.table} is ${places.length ? 'at different places' : 'in none'} of the selected captures; it must be the same result in each (narrow with where)`);
  if (!labels.length && sources.length > 1) throw mistake(`selects ${sources.length} captures (${sources.map((f) => f.split('/').pop()).join(', ')}), whose lines would read alike; name the labels that tell them apart with rows= (e.g. rows="format"), or narrow with where`);
  if (sources.join(',') !== holding.join(',')) throw mistake(`not every selected capture holds ${p.table} (${holding.join(', ')} do); narrow with where`);
  return CMP_COLUMNS.flatMap((column) => select({ data: CAPTURE.name, items: `${CAPTURE.items}.${places[0]}.rows`, metric: column, fields: { page: 'page_size' }, labels, where: p.where })
    .map((r) => ({ ...r, column, line_key: `${r.source}|${r.page}`, name: labels.length ? labels.map((l) => String(r[l])).join(' · ') : String(r.page) })));
}

/**
 * The head of the column naming each line: the labels rows= names, the page
 * size for a single capture, and for a published table (whose source heads
 * that column with nothing) a name only screen readers and the CSV get.
 */
function lineHeader(p) {
  const labels = rowLabels(p);
  if (p['row-title']) return lineHead(p['row-title']);
  return lineHead(p.data !== CAPTURE.name ? '' : labels.length ? labels.join(' · ') : 'page_size');
}

function compressionGrid(rows, p, lineTh) {
  let lines = [...new Set(rows.map((r) => r.line_key))];
  const columns = [...new Set(rows.map((r) => r.column))];
  const find = (name) => columns.find((c) => c.toLowerCase() === name) ?? '';
  const [ops, ok, unops] = [find('compress_ops'), find('compress_ops_ok'), find('uncompress_ops')];
  if (!ops || !ok) throw mistake(`needs the columns compress_ops and compress_ops_ok (INNODB_CMP); found ${columns.join(', ')}`);
  const cell = (line, column) => rows.find((r) => r.line_key === line && r.column === column) ?? null;
  if (p['hide-unused'] === 'true') lines = lines.filter((l) => [ops, unops].some((c) => c && Number(cell(l, c)?.value ?? 0) !== 0));
  const head = [{
    cells: [lineTh, ...columns.flatMap((c) => {
      const unit = rows.find((r) => r.column === c)?.unit;
      const shown = unit && unit !== 'count' && unit !== 'text';
      const own = th(`${c}${shown ? ` (${unit})` : ''}`, { cls: 'num', html: `${esc(c)}${shown ? unitSpan(unit) : ''}` });
      return c === ok ? [own, th(`succeeded (% of ${ops})`, { cls: 'num', html: `succeeded${unitSpan(`% of ${ops}`)}` })] : [own];
    })],
  }];
  const body = lines.map((l) => ({
    cells: [th(rows.find((r) => r.line_key === l).name), ...columns.flatMap((c) => {
      const row = cell(l, c);
      if (c !== ok) return [figCell(row)];
      const base = cell(l, ops);
      const share = row && base ? percent(row.value, base.value, 'share') : null;
      return [figCell(row), { text: share?.text ?? '–', cls: 'num ratio', attrs: { 'data-ratio': share ? String(share.number) : '', title: `${c} / ${ops} = ${row?.text} / ${base?.text}` } }];
    })],
  }));
  return { caption: p.caption ?? '', cls: 'compression-table', label: p.caption || 'Compression statistics', head, body };
}
