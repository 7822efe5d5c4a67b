// `config-diff`: the options whose values differ between two configurations,
// and those set in only one, by canonical name (innodb-buffer-pool-size and
// innodb_buffer_pool_size are one option); values as written. Sizes that
// name the same bytes (1G, 1024M) count as equal.
//   {{< config-diff a="raw/my-trx-commit-1.cnf" b="raw/my-trx-commit-2.cnf"
//       a-title="commit 1" b-title="commit 2" section="mysqld" caption="…" >}}
// Both files must be listed under `sources`: two option files (my-cnf), two
// SHOW GLOBAL VARIABLES outputs (global-variables), or one of each: then the
// options the file sets are set against what the server reports (did it take
// them?), a bare flag (skip-networking) reading as ON.

import { th, esc, attrs, unitSpan, rawLineHref } from '../html.mjs';
import { mistake } from '../../problems/problem.mjs';

export default {
  name: 'config-diff',
  summary: 'The options two option files or SHOW GLOBAL VARIABLES outputs set differently.',
  params: {
    a: { required: true, doc: 'first file, bundle-relative (raw/a.cnf)' },
    b: { required: true, doc: 'second file' },
    'a-title': { doc: 'column title for a (default: its file name)' },
    'b-title': { doc: 'column title for b' },
    section: { doc: 'option group to compare (my-cnf only), e.g. mysqld' },
    caption: { default: 'Options that differ', doc: 'table caption' },
  },
  build(ctx, p) {
    const files = [p.a, p.b];
    const docs = files.map((f) => ctx.docOfFile(f));
    const [a, b] = docs.map((doc) => settingsOf(doc, p.section));
    const fileAgainstServer = docs[0].kind !== docs[1].kind;
    const names = fileAgainstServer ? [...(docs[0].kind === 'my-cnf' ? a : b).keys()].sort() : [...new Set([...a.keys(), ...b.keys()])].sort();
    const diff = names.filter((n) => !sameSetting(a.get(n), b.get(n)));
    const titles = [p['a-title'] || p.a.split('/').pop(), p['b-title'] || p.b.split('/').pop()];
    const body = diff.length
      ? diff.map((n) => ({ cells: [th(n, { html: `<code>${esc(n)}</code>` }), ...[a.get(n), b.get(n)].map((s, i) => settingCell(s, n, files[i]))] }))
      : [{ cells: [{ text: 'The two files set the same options to the same values.', colspan: 3 }] }];
    const count = `${diff.length} of ${names.length}`;
    return {
      tables: [{
        caption: `${p.caption} (${count})`,
        captionHtml: `${esc(p.caption)}${unitSpan(count)}`,
        cls: 'tps-config-table config-diff',
        label: p.caption,
        head: [{ cells: [th('Option'), ...titles.map((t) => th(t))] }],
        body,
      }],
    };
  },
};

/** Same value as written, or, when both are sizes, the same bytes; a bare flag is ON. */
function sameSetting(x, y) {
  if (!x || !y) return false;
  if (x.bytes !== null && y.bytes !== null) return x.bytes === y.bytes;
  const value = (s) => (s.flag ? 'ON' : s.value);
  return value(x) === value(y) || (x.flag !== y.flag && /^(on|1)$/i.test(value(x.flag ? y : x)));
}

/**
 * The settings a configuration makes, by canonical name (dashes as
 * underscores, lower case), the last effective one winning: what a server
 * reading that file would use.
 */
function settingsOf(doc, section) {
  const out = new Map();
  const bytesOf = (o) => (o.bytes && typeof o.bytes === 'object' ? o.bytes.value : null);
  if (doc.kind === 'my-cnf') {
    for (const o of doc.options) {
      if (!o.effective || (section && o.section !== section)) continue;
      out.set(o.canonical, { name: o.name, value: o.value ?? '', flag: o.value === null || o.value === undefined, bytes: bytesOf(o), section: o.section ?? '', line: o.line });
    }
  } else if (doc.kind === 'global-variables') {
    for (const v of doc.variables) out.set(v.name.replace(/-/g, '_').toLowerCase(), { name: v.name, value: v.value ?? '', flag: false, bytes: bytesOf(v), section: '', line: v.line });
  } else {
    throw mistake(`reads my-cnf and global-variables documents; ${doc.provenance?.source} is ${doc.kind}`);
  }
  return out;
}

function settingCell(s, name, file) {
  if (!s) return { text: 'not set', cls: 'value only' };
  const shown = s.flag ? '(set, no value)' : s.value;
  const title = `${file}, line ${s.line}${s.section ? ` [${s.section}]` : ''}`;
  const written = s.name !== name ? ` <span class="unit">written ${esc(s.name)}</span>` : '';
  return { text: `${shown}${s.name !== name ? ` written ${s.name}` : ''}`, cls: 'value', html: `<a${attrs({ class: 'cfg', href: rawLineHref(file, s.line), 'data-source': file, 'data-line': s.line, 'data-name': s.name, title })}>${esc(shown)}</a>${written}` };
}
