// `config`: a configuration block: a raw option file from the report bundle,
// shown as written, with a link to download it.
//   {{< config file="raw/my.cnf" title="Server options for every run" >}}
// With format="table" (the file listed under `sources`, parsed as my-cnf) it
// shows the options as a table grouped by [section], values as written, a
// line that a later one overrides struck through.

import { th, esc, attrs, bundleHref } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';

export default {
  name: 'config',
  summary: 'An option file as written, or (format="table") its options grouped by section.',
  params: {
    file: { required: true, doc: 'a file in the report\'s raw/ folder, e.g. raw/my.cnf' },
    title: { default: 'Configuration', doc: 'caption above the block' },
    format: { default: 'raw', doc: 'raw (the file as written) or table (parsed, my-cnf)', values: ['raw', 'table'] },
  },
  async build(ctx, p) {
    const text = await ctx.readBundleFile(p.file);
    const caption = `<figcaption>${esc(p.title)} · <a${attrs({ href: bundleHref(p.file) })} download>${esc(p.file.split('/').pop())}</a></figcaption>`;
    // A block wider than the column scrolls, and a scrolling region must take the keyboard's focus.
    if (p.format === 'raw') return { html: `<figure class="tps-config">\n${caption}\n<pre tabindex="0"><code>${esc(text)}</code></pre>\n</figure>` };
    const doc = ctx.docOfFile(p.file);
    if (doc.kind !== 'my-cnf') throw mistake(`format="table" shows my-cnf documents; ${p.file} was parsed as ${doc.kind}`);
    return { tables: [optionsTable(doc, p)], wrap: `<figure class="tps-config">\n${caption}\n<!--table:0-->\n</figure>` };
  },
};

function optionsTable(doc, p) {
  const body = [];
  let section = null;
  for (const o of doc.options) {
    if ((o.section ?? '') !== section) {
      section = o.section ?? '';
      if (section) body.push({ cls: 'section', cells: [th(`[${section}]`, { scope: 'colgroup', colspan: 2 })] });
    }
    const shown = o.value === null || o.value === undefined ? '(set, no value)' : o.value;
    const title = `${p.file}, line ${o.line}${o.effective ? '' : `; set again on line ${o.overridden_by}`}`;
    body.push({
      cls: o.effective ? null : 'overridden',
      cells: [
        th(o.name, { html: `<code>${esc(o.name)}</code>` }),
        { text: shown, cls: 'value', html: `<a${attrs({ class: 'cfg', href: bundleHref(p.file), 'data-source': p.file, 'data-line': o.line, 'data-name': o.name, title })}>${esc(shown)}</a>` },
      ],
    });
  }
  return { cls: 'tps-config-table', label: p.title, caption: '', head: [{ cells: [th('Option'), th('Value')] }], body };
}
