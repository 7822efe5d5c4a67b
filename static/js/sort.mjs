// A reader sorts a table by any column: each column head becomes a button
// (reachable with Tab, pressed with Enter or Space), the first press sorts
// ascending, the next descending, the third restores the author's order.
// Without JavaScript the table keeps the order the report gave it.
//
// Only tables whose cells line up one to one with the last head row are
// sortable: a cell spanning columns or rows (a compare table's groups, a
// DBT-2 table's two head rows) has no single column to sort by.
const ORDERS = ['ascending', 'descending', 'none'];

function sortable(table) {
  const head = table.tHead?.rows;
  if (!head?.length || table.tBodies.length !== 1) return false;
  const columns = head[head.length - 1].cells.length;
  const rows = [...table.tBodies[0].rows];
  if (rows.length < 2) return false;
  const spans = (cell) => cell.colSpan > 1 || cell.rowSpan > 1;
  if (head.length > 1 || [...head[0].cells].some(spans)) return false;
  return rows.every((row) => row.cells.length === columns && ![...row.cells].some(spans));
}

/**
 * What a cell sorts by: a figure's exact bytes (a size shown as 2.3 GiB
 * beside one of 592 MiB), else its number, else its text. A cell with no
 * figure (–) sorts after every other in either direction.
 */
function key(cell) {
  const fig = cell.querySelector('[data-bytes], [data-value]');
  const raw = fig?.dataset.bytes ?? fig?.dataset.value;
  if (raw !== undefined && raw !== '' && Number.isFinite(Number(raw))) return { number: Number(raw) };
  const text = cell.textContent.trim();
  if (text === '' || text === '–') return { empty: true };
  const number = Number(text.replace(/[,\u00a0 ]/g, ''));
  return Number.isFinite(number) ? { number } : { text };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a, b) {
  if (a.empty || b.empty) return (a.empty ? 1 : 0) - (b.empty ? 1 : 0);
  if (a.number !== undefined && b.number !== undefined) return a.number - b.number;
  if (a.number !== undefined) return -1;
  if (b.number !== undefined) return 1;
  return collator.compare(a.text, b.text);
}

function sortBy(table, index, order, authored) {
  const body = table.tBodies[0];
  const rows = order === 'none' ? authored : [...body.rows].map((row) => ({ row, key: key(row.cells[index]) }))
    .sort((x, y) => {
      const c = compare(x.key, y.key);
      // Empty cells stay last whichever way the column is sorted.
      return x.key.empty || y.key.empty || order === 'ascending' ? c : -c;
    })
    .map((x) => x.row);
  body.append(...rows);
}

function enhance(table) {
  const authored = [...table.tBodies[0].rows];
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'tps-sort';
    button.append(...th.childNodes);
    th.append(button);
    button.addEventListener('click', () => {
      const now = ORDERS[(ORDERS.indexOf(th.getAttribute('aria-sort') ?? 'none') + 1) % ORDERS.length];
      for (const other of heads) other.removeAttribute('aria-sort');
      if (now !== 'none') th.setAttribute('aria-sort', now);
      sortBy(table, index, now, authored);
    });
  });
  table.dataset.sortable = 'true';
}

for (const table of document.querySelectorAll('table.tps-table')) if (sortable(table)) enhance(table);
