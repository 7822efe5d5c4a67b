// `load-time-table`: load times, each as printed ("28m 18s", "28m18.000s") and
// as a normalised reading ("28 min 18 s"), with the seconds the parser derived.
//   {{< load-time-table where="table=load-time" caption="…" >}}          (a published table: one line per column)
//   {{< load-time-table data="elapsed-time" rows="format" caption="…" >}} (time / GNU time output, one line per run)

import { figCell, th, durationText, lineHead, ROW_TITLE_PARAM } from '../html.mjs';
import { fixed, printedDecimals, wordList } from '../../lib/text.mjs';
import { declaring } from '../../parse/formats.mjs';
import { mistake } from '../../problems/problem.mjs';
import { combineRepeats } from '../stats/repeats.mjs';

/** Where each source kind keeps its load times (its format's `loadTimes`), the default first; rows '' when the author names them. */
const DEFAULT = 'published-table';
const SOURCES = declaring('loadTimes', DEFAULT);
const UNNAMED = Object.keys(SOURCES).filter((name) => !SOURCES[name].rows);

export default {
  name: 'load-time-table',
  summary: 'Load times as printed and as "28 min 18 s", with the seconds derived from them.',
  params: {
    data: { default: DEFAULT, doc: wordList(Object.keys(SOURCES), 'or'), values: Object.keys(SOURCES) },
    rows: { doc: `label naming each run (needed for ${wordList(UNNAMED)})` },
    where: { doc: 'label=value;label=value filter' },
    caption: { doc: 'table caption' },
    ...ROW_TITLE_PARAM,
  },
  build({ select, title }, p) {
    const source = SOURCES[p.data];
    const rowsBy = p.rows || source.rows;
    if (!rowsBy) throw mistake(`data="${p.data}" needs rows="<label>" naming each run`);
    const labels = ['column', 'row'].includes(rowsBy) ? [] : [rowsBy];
    const rows = select({ data: p.data, items: source.items, each: source.each, metric: source.metric, fields: source.fields, labels, where: p.where });
    // Two lines that read alike would leave the reader guessing which load each is: refused as a table refuses
    // two runs in a cell, naming the label that tells them apart (repeats, which a table combines, are each shown).
    combineRepeats(rows, rows.some((r) => r.row) ? [rowsBy, 'row'] : [rowsBy], { what: 'load-time-table' });
    const head = [{ cells: [lineHead(p['row-title'] ?? (rowsBy === 'column' ? '' : title(rowsBy))), th('Load time', { cls: 'num' }), th('As printed', { cls: 'num' }), th('Seconds (derived)', { cls: 'num', html: 'Seconds <span class="unit">(derived)</span>' })] }];
    const body = rows.map((r) => {
      // The reading and the derived seconds keep the decimals printed: 0m0.980s is 0.980 s, not 1 s.
      const decimals = printedDecimals(r.printed);
      return {
        cells: [
          th(`${r[rowsBy]}${r.row ? ` · ${r.row}` : ''}`),
          figCell({ ...r, text: r.printed }, { shown: durationText(r.value, decimals) }),
          { text: r.printed, cls: 'num printed' },
          { text: fixed(r.value, decimals), cls: 'num derived' },
        ],
      };
    });
    return { tables: [{ caption: p.caption ?? '', cls: 'load-time-table', label: p.caption || 'Load times', head, body }] };
  },
};
