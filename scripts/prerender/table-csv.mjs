// Every table in a report can be downloaded as CSV: the prerender step reads
// each rendered .tps-table back (captions, headers, cells as shown), writes
// tables/<n>-<caption>.csv beside the page and links it under the table.
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/files.mjs';
import { toCsv } from './exports.mjs';

const TABLE = /<table class="tps-table[^"]*"[^>]*>[\s\S]*?<\/table>(\s*<\/div>)?/g;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', '#34': '"' };

function text(html) {
  return html
    .replace(/<span class="visually-hidden">[\s\S]*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#?\w+);/g, (m, e) => ENTITIES[e] ?? (e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : m))
    .replace(/\s+/g, ' ')
    .trim();
}

function slug(caption) {
  return caption.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'table';
}

/**
 * Rows of a rendered table as arrays of cell texts, laid out on a grid so a
 * cell spanning rows or columns fills every slot it covers.
 */
export function tableRows(html) {
  const grid = [];
  [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].forEach(([, row], r) => {
    grid[r] ??= [];
    let c = 0;
    for (const [, attrs, cell] of row.matchAll(/<t[hd]([^>]*)>([\s\S]*?)<\/t[hd]>/g)) {
      while (grid[r][c] !== undefined) c += 1;
      const colspan = Number(/colspan="(\d+)"/.exec(attrs)?.[1] ?? 1);
      const rowspan = Number(/rowspan="(\d+)"/.exec(attrs)?.[1] ?? 1);
      for (let dr = 0; dr < rowspan; dr += 1) {
        grid[r + dr] ??= [];
        for (let dc = 0; dc < colspan; dc += 1) grid[r + dr][c + dc] = text(cell);
      }
      c += colspan;
    }
  });
  return grid.map((row) => Array.from(row, (v) => v ?? ''));
}

/** One name per column from one or more header rows ("Response time (s) average"), unique. */
function columnNames(headRows, width) {
  const seen = new Map();
  return Array.from({ length: width }, (_, i) => {
    const parts = headRows.map((r) => r[i] ?? '').filter((p, j, all) => p && all.indexOf(p) === j);
    const name = parts.join(' ') || `column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

/** Writes a CSV per table of one page and returns the page with download links added. */
export async function addTableDownloads(html, dir) {
  let n = 0;
  const writes = [];
  const out = html.replace(TABLE, (table) => {
    n += 1;
    const caption = text(/<caption>([\s\S]*?)<\/caption>/.exec(table)?.[1] ?? '');
    const file = `tables/${n}-${slug(caption)}.csv`;
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(table)?.[1] ?? '';
    const headRows = tableRows(head);
    const rows = tableRows(table.replace(/<thead>[\s\S]*?<\/thead>/, ''));
    const width = Math.max(...[...headRows, ...rows].map((r) => r.length));
    const header = columnNames(headRows, width);
    const values = rows.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ''])));
    writes.push(writeFileAtomic(join(dir, file), toCsv(values)));
    return `${table}\n<p class="tps-table-download"><a href="${file}" download>Download this table as CSV</a></p>`;
  });
  await Promise.all(writes);
  return out;
}
