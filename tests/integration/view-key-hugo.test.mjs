// The compiler and Hugo must derive the same key for a shortcode, or a page
// stops with "no view was compiled". This runs the real Hugo on the project's
// own view partials, with views keyed by viewKey for shortcodes written every
// way an author can: quoted and bare values, numbers Hugo types, positional
// parameters, none at all, and inner text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, cpSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { scanShortcodes, goPrinted } from '../../scripts/compile/shortcodes.mjs';
import { hugoBinary } from '../../scripts/lib/site.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const ARTICLE = `---
title: Keys
---
{{< k >}}

{{< k data="sysbench" metric="transactions.rate" where="server=A" >}}

{{< k top=10 share=0.50 big=2500000.0 tiny=0.00001 signed=+7 padded=007 flag=true word=lines >}}

{{< k Zeta="upper first" alpha=\`raw "quoted"\` empty="" >}}

{{< k "first" 2 1.50 >}}

{{< ki by="server" baseline="A" >}}
- { title: TPS, metric: transactions.rate }
{{< /ki >}}

{{< k name="embed" >}}
`;

function site() {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-viewkey-'));
  mkdirSync(join(dir, 'content', 'p'), { recursive: true });
  mkdirSync(join(dir, 'layouts', '_shortcodes'), { recursive: true });
  cpSync(join(ROOT, 'layouts', '_partials', 'tps', 'view.html'), join(dir, 'layouts', '_partials', 'tps', 'view.html'));
  cpSync(join(ROOT, 'layouts', '_partials', 'tps', 'views-of.html'), join(dir, 'layouts', '_partials', 'tps', 'views-of.html'));
  writeFileSync(join(dir, 'layouts', '_shortcodes', 'k.html'), '{{- partial "tps/view.html" (dict "ctx" .) -}}');
  writeFileSync(join(dir, 'layouts', '_shortcodes', 'ki.html'), '{{- partial "tps/view.html" (dict "ctx" . "inner" .Inner) -}}');
  writeFileSync(join(dir, 'layouts', 'page.html'), '{{ .Content }}');
  writeFileSync(join(dir, 'hugo.toml'), 'baseURL = "https://bench.example.org/"\ndisableKinds = ["home", "section", "taxonomy", "term", "rss", "sitemap"]\n');
  writeFileSync(join(dir, 'content', 'p', 'index.md'), ARTICLE);
  return dir;
}

function hugo(dir) {
  return spawnSync(hugoBinary(ROOT), ['--logLevel', 'error', '--destination', 'out'], { cwd: dir, encoding: 'utf8' });
}

test('Hugo finds every view under the key the compiler gave it, however the shortcode is written', () => {
  const dir = site();
  try {
    const shortcodes = scanShortcodes(ARTICLE, 'content/p/index.md');
    assert.equal(shortcodes.length, 7);
    const views = Object.fromEntries(shortcodes.map((sc, i) => [sc.key, sc.params.name === 'embed'
      ? { html: `<p>view ${i} at __TPS_PAGE_URL__charts/x.svg</p>`, pageUrl: true }
      : { html: `<p>view ${i}</p>` }]));
    mkdirSync(join(dir, '.tpsreport', 'views'), { recursive: true });
    writeFileSync(join(dir, '.tpsreport', 'views', 'p.json'), JSON.stringify({ views, page: {} }));
    const run = hugo(dir);
    assert.equal(run.status, 0, run.stderr);
    const page = readFileSync(join(dir, 'out', 'p', 'index.html'), 'utf8');
    for (let i = 0; i < 6; i += 1) assert.match(page, new RegExp(`<p>view ${i}</p>`));
    // Only a view marked pageUrl gets the page's address.
    assert.match(page, /<p>view 6 at https:\/\/bench\.example\.org\/p\/charts\/x\.svg<\/p>/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a key the compiler got wrong stops the Hugo build at the shortcode', () => {
  const dir = site();
  try {
    const shortcodes = scanShortcodes(ARTICLE, 'content/p/index.md');
    // The third shortcode keyed as if its bare values were quoted text: 0.50 instead of Hugo's 0.5, and so on.
    const wrong = shortcodes.map((sc, i) => [i === 2 ? scanShortcodes(ARTICLE.replace(/share=0\.50/, 'share="0.50"'), 'x')[2].key : sc.key, { html: `<p>view ${i}</p>` }]);
    mkdirSync(join(dir, '.tpsreport', 'views'), { recursive: true });
    writeFileSync(join(dir, '.tpsreport', 'views', 'p.json'), JSON.stringify({ views: Object.fromEntries(wrong), page: {} }));
    const run = hugo(dir);
    assert.notEqual(run.status, 0);
    assert.match(`${run.stdout}${run.stderr}`, /index\.md:8:1.*no view was compiled for this k shortcode/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('goPrinted prints an unquoted value as Go prints the value Hugo makes of it', () => {
  const cases = { 10: '10', '007': '7', '+7': '7', '-3': '-3', '0.50': '0.5', '.25': '0.25', '2500000.0': '2.5e+06', '123456.0': '123456', '0.0001': '0.0001', '0.00001': '1e-05', '-0.0': '-0', true: 'true', lines: 'lines', '1.5e3': '1.5e3', '99999999999999999999': '99999999999999999999' };
  for (const [text, printed] of Object.entries(cases)) assert.equal(goPrinted(text), printed, text);
});
