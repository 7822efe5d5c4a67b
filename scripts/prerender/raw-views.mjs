// A line-numbered view of every raw file a report publishes, at
// raw/<file>.html#L<line>, so each figure's provenance (raw file, line, the
// tool and version that printed it, the parser that read it) is one click
// from the figure. The raw file itself stays beside it, byte for byte.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeFileAtomic } from '../lib/files.mjs';
import { escapeXml } from './exports.mjs';

/** Documents of one report keyed by their raw source path ("content/reports/x/raw/y.txt"). */
async function documentsBySource(dataDir) {
  const bySource = new Map();
  if (!existsSync(dataDir)) return bySource;
  for (const name of await readdir(dataDir)) {
    if (!name.endsWith('.json')) continue;
    const doc = JSON.parse(await readFile(join(dataDir, name), 'utf8'));
    if (doc.provenance) bySource.set(doc.provenance.source, doc);
  }
  return bySource;
}

function describe(doc) {
  if (!doc) return 'Published with the report; not read by any parser.';
  const { tool, parser } = doc.provenance;
  const printed = tool ? `${tool.name}${tool.version ? ` ${tool.version}` : ''}${tool.line ? ` (as printed on line ${tool.line})` : ''}` : 'a tool that did not print its name and version';
  return `Output of ${printed}, read by the tpsreport ${parser.name} parser ${parser.version}; sha256 ${doc.provenance.sha256}.`;
}

export function rawView({ name, text, reportTitle, doc }) {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const items = lines.map((l, i) => `<li id="L${i + 1}"><a class="ln" href="#L${i + 1}" aria-label="line ${i + 1}"></a><code>${escapeXml(l) || ' '}</code></li>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeXml(name)} · ${escapeXml(reportTitle)}</title>
<link rel="stylesheet" href="../../../css/site.css">
</head>
<body class="raw-view">
<header class="site-header"><a class="site-title" href="../">${escapeXml(reportTitle)}</a><nav><a href="${escapeXml(name)}" download>Download ${escapeXml(name)}</a></nav></header>
<main>
<h1>${escapeXml(name)}</h1>
<p class="meta">${escapeXml(describe(doc))}</p>
<ol class="raw-lines">
${items}
</ol>
</main>
</body>
</html>
`;
}

/** Writes raw/<file>.html for every raw file of every report under publicDir/reports. */
export async function writeRawViews(publicDir, { root }) {
  const reports = join(publicDir, 'reports');
  if (!existsSync(reports)) return 0;
  let count = 0;
  for (const slug of await readdir(reports)) {
    const rawDir = join(reports, slug, 'raw');
    if (!existsSync(rawDir)) continue;
    const docs = await documentsBySource(join(root, 'data', 'reports', slug));
    const html = await readFile(join(reports, slug, 'index.html'), 'utf8').catch(() => '');
    const reportTitle = /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? slug;
    for (const name of await readdir(rawDir)) {
      if (name.endsWith('.html')) continue;
      const text = await readFile(join(rawDir, name), 'utf8');
      const doc = docs.get(relative(root, join(root, 'content', 'reports', slug, 'raw', name)));
      await writeFileAtomic(join(rawDir, `${name}.html`), rawView({ name, text, reportTitle, doc }));
      count += 1;
    }
  }
  return count;
}
