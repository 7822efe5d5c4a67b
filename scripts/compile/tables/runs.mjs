// `runs`: every run behind a report, failed ones included: raw file, labels,
// status, tool and the first message the tool printed.
//   {{< runs data="sysbench" >}}
import { bundlePath, labelsOf, toolOf, incompleteOf, kindItems, noKind } from '../select.mjs';
import { esc, attrs, th, bundleHref, rawLineHref, incompleteMark, incompleteSuffix } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';

export default {
  name: 'runs',
  summary: 'Every run of one document kind with its status, so failed runs stay visible.',
  params: {
    data: { required: true, doc: 'document kind, e.g. sysbench' },
    caption: { doc: 'table caption (default: Every run in this report)' },
  },
  build({ report, documents }, p) {
    const docs = documents(p.data);
    if (!docs.length) throw mistake(noKind(report, p.data));
    const caption = p.caption ?? 'Every run in this report';
    const lines = docs.flatMap((doc) => runsOf(doc).map((run, i, all) => runLine(doc, run, i, report.slug, all.length)));
    // No run printed a message: an empty column would only narrow the others.
    const messages = lines.some((line) => line.cells.at(-1).text);
    const body = messages ? lines : lines.map((line) => ({ ...line, cells: line.cells.slice(0, -1) }));
    return {
      tables: [{
        caption,
        cls: 'tps-runs',
        label: p.caption || 'Runs',
        head: [{ cells: ['Raw file', 'Labels', 'Status', 'Tool', ...(messages ? ['Message'] : [])].map((t) => th(t)) }],
        body,
      }],
    };
  },
};

/**
 * The runs of a document: its kind's list of items (sysbench runs, DBT-2
 * reports, HammerDB results, the document itself for tpcc-mysql). A file in
 * which no run started (a refused connection) is one line of its own, with the
 * document's status and first message, so a failed run never drops out of sight.
 */
/** How grave a message's level is: what stopped the run first, then warnings, then the rest. */
const GRAVITY = { FATAL: 3, ALERT: 3, CRITICAL: 3, ERROR: 3, WARNING: 2, WARN: 2 };

/**
 * The message a run's row shows: the first of its gravest level (a run that
 * failed on a FATAL line after two WARNINGs about deprecated options shows
 * the FATAL).
 */
function gravest(messages) {
  const level = (m) => GRAVITY[String(m.level).toUpperCase()] ?? 1;
  return (messages ?? []).reduce((best, m) => (best === undefined || level(m) > level(best) ? m : best), undefined);
}

function runsOf(doc) {
  const items = kindItems(doc);
  return items.length ? items : [{ status: doc.status ?? 'no result', messages: doc.messages }];
}

function runLine(doc, run, i, slug, count) {
  const source = bundlePath(doc, slug);
  // A run without a status of its own has its document's, as select.mjs reads it.
  const status = run.status ?? doc.status ?? 'ok';
  // The file's output stops early: its runs say so beside their status, unless the run's status already does.
  const cut = status === 'incomplete' ? null : incompleteOf(doc, slug);
  const several = count > 1;
  const labels = Object.entries(labelsOf(doc, i)).sort(([a], [b]) => (a < b ? -1 : 1));
  // A file's messages belong to its one run, not to one of several.
  const message = gravest(run.messages) ?? (several ? undefined : gravest(doc.messages));
  const tool = doc.provenance?.tool ? toolOf(doc) : 'not printed';
  // A step that measures nothing (sysbench prepare, cleanup) says so, so it is not read as a run with no figures.
  const step = run.command && run.command !== 'run' ? run.command : '';
  const meta = [several ? `run ${i + 1}` : '', step].filter(Boolean).join(', ');
  const fileText = `${source.split('/').pop()}${meta ? ` ${meta}` : ''}`;
  return {
    cls: `status-${status}`,
    cells: [
      { text: fileText, html: `<a${attrs({ href: bundleHref(source) })}>${esc(source.split('/').pop())}</a>${meta ? ` <span class="meta">${esc(meta)}</span>` : ''}` },
      { text: labels.map(([k, v]) => `${k}=${v}`).join(' '), html: labels.map(([k, v]) => `<span class="label">${esc(k)}=${esc(v)}</span> `).join('') },
      { text: `${status}${incompleteSuffix({ incomplete: cut })}`, html: `${esc(status)}${incompleteMark({ incomplete: cut })}` },
      { text: tool },
      message
        ? {
          text: `${message.level}: ${message.text}${message.count > 1 ? ` (×${message.count})` : ''}`,
          html: `<a${attrs({ href: rawLineHref(source, message.line), title: `${source}, line ${message.line}` })}>${esc(message.level)}: ${esc(message.text)}</a>${message.count > 1 ? ` <span class="meta">(×${message.count})</span>` : ''}`,
        }
        : { text: '' },
    ],
  };
}
