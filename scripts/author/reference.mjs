// The reference of everything an author writes: each shortcode and its
// parameters, each chart kind, each input format. It is read from the modules
// that declare them (scripts/compile/tables/*, scripts/compile/values/*, scripts/compile/charts/*,
// scripts/parse/formats.mjs) and nowhere else, so `tpsreport help shortcodes`,
// `tpsreport help formats` and the site's /docs/shortcodes/ page say what the
// compiler checks.
import { join } from 'node:path';
import { kinds } from '../compile/kinds.mjs';
import { chartKinds } from '../compile/charts/index.mjs';
import { formats } from '../parse/formats.mjs';
import { esc, th, tableHtml } from '../compile/html.mjs';
import { writeIfChanged, toJson } from '../lib/files.mjs';

/** Where the build leaves the reference page's view for its template (layouts/reference.html). */
const REFERENCE_VIEW = join('.tpsreport', 'reference.json');

/**
 * @returns {{ shortcodes: { name, summary, inner, params: { name, required, default?, doc, values? }[] }[],
 *   charts: { name, summary, params: { name, required, default?, doc }[] }[], formats: { name, title, produces }[] }}
 */
export function reference() {
  return {
    shortcodes: Object.values(kinds).map((k) => ({
      name: k.name,
      summary: k.summary,
      inner: Boolean(k.inner),
      params: Object.entries(k.params).map(([name, p]) => ({ name, required: Boolean(p.required), ...(p.default !== undefined ? { default: String(p.default) } : {}), doc: p.doc, ...(p.values ? { values: p.values.filter((v) => v !== '') } : {}) })),
    })),
    charts: Object.values(chartKinds).map((c) => ({
      name: c.name,
      summary: c.summary,
      params: Object.entries(c.params).map(([name, p]) => ({ name, required: Boolean(p.required), ...(p.default !== undefined ? { default: String(p.default) } : {}), doc: p.doc })),
    })),
    formats: formats.map((f) => ({ name: f.name, title: f.title, produces: f.produces })),
  };
}

const paramLine = (p) => `    ${p.name}${p.required ? ' (required)' : ''}${p.default !== undefined ? ` [default ${p.default}]` : ''}: ${p.doc}${p.values?.length ? ` (${p.values.join(', ')})` : ''}`;

/** `tpsreport help shortcodes`: every shortcode with its parameters, then every chart kind with what it takes beyond them. */
export function shortcodesText(ref = reference()) {
  const out = ['Shortcodes that show data ({{< name param="value" >}} in a report\'s index.md):', ''];
  for (const s of ref.shortcodes) {
    out.push(`  ${s.name}: ${s.summary}${s.inner ? ' Takes text between {{< name >}} and {{< /name >}}.' : ''}`, ...s.params.map(paramLine), '');
  }
  out.push('Chart kinds ({{< chart kind="…" >}}), each with the chart parameters it takes beyond kind, name, data, where, title, subtitle and y-title:', '');
  for (const c of ref.charts) out.push(`  ${c.name}: ${c.summary}`, ...c.params.map(paramLine), '');
  return out.join('\n').trimEnd();
}

/** `tpsreport help formats`: every input format, what it reads and what its document holds. */
export function formatsText(ref = reference()) {
  const width = Math.max(...ref.formats.map((f) => f.name.length));
  return ['Input formats (format: NAME in a source skips detection):', '', ...ref.formats.map((f) => `  ${f.name.padEnd(width)}  ${f.title}\n  ${' '.repeat(width)}  → ${f.produces}`)].join('\n');
}

const code = (text) => `<code>${esc(text)}</code>`;
/** A summary or parameter text as the modules write it, `name` in backquotes set as code. */
const prose = (text) => esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** One parameter as a table row: its name as the row head, then required or its default, then what it takes. */
const paramRow = (p) => ({
  cells: [
    { th: true, html: code(p.name) },
    { text: p.required ? 'required' : (p.default ?? '') },
    { html: `${prose(p.doc)}${p.values?.length ? ` (${p.values.map(code).join(', ')})` : ''}` },
  ],
});

/** A table of parameters in the site's table markup (scripts/compile/html.mjs), keyboard-reachable when it scrolls. */
function paramTable(name, params) {
  return tableHtml({
    cls: 'tps-runs reference',
    captionHtml: `Parameters of ${code(name)}`,
    label: `Parameters of ${name}`,
    head: [{ cells: ['Parameter', 'Required or default', 'What it takes'].map((t) => th(t)) }],
    body: params.map(paramRow),
  });
}

function formatTable(formats) {
  return tableHtml({
    cls: 'tps-runs reference',
    caption: 'What each input format reads and what its document holds',
    label: 'Input formats',
    head: [{ cells: ['Format', 'Reads', 'Produces'].map((t) => th(t)) }],
    body: formats.map((f) => ({ attrs: { id: `format-${f.name}` }, cells: [{ th: true, html: code(f.name) }, { text: f.title }, { text: f.produces }] })),
  });
}

/** The reference page's body as finished markup: a section per shortcode, chart kind and format, with an id to link to. */
function referenceHtml(ref = reference()) {
  const parts = ['<h2 id="shortcodes">Shortcodes</h2>'];
  for (const s of ref.shortcodes) {
    const inner = s.inner ? ` It takes text between ${code(`{{< ${s.name} >}}`)} and ${code(`{{< /${s.name} >}}`)}.` : '';
    parts.push(`<section class="reference-item" id="shortcode-${esc(s.name)}"><h3>${code(s.name)}</h3><p>${prose(s.summary)}${inner}</p>\n${paramTable(s.name, s.params)}</section>`);
  }
  parts.push(`<h2 id="chart-kinds">Chart kinds</h2><p>Each takes the parameters of <a href="#shortcode-chart">${code('chart')}</a> that every chart takes (${['kind', 'name', 'data', 'where', 'title', 'subtitle', 'y-title'].map(code).join(', ')}) and these.</p>`);
  for (const c of ref.charts) parts.push(`<section class="reference-item" id="chart-${esc(c.name)}"><h3>${code(`kind="${c.name}"`)}</h3><p>${prose(c.summary)}.</p>\n${paramTable(`kind="${c.name}"`, c.params)}</section>`);
  parts.push('<h2 id="formats">Input formats</h2>', formatTable(ref.formats));
  return parts.join('\n');
}

/** Writes the reference page's view; unchanged content keeps its file, so Hugo sees no change. */
export async function writeReference(root) {
  return writeIfChanged(join(root, REFERENCE_VIEW), toJson({ html: referenceHtml() }));
}
