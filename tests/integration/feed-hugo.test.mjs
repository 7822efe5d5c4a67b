// The feed's item descriptions, as the real Hugo writes them with the
// project's rss.xml and summary partial: a summary with an ampersand, quotes
// and markup reads back, after one XML decoding, as the text a reader sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, cpSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hugoBinary } from '../../scripts/lib/site.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const XML_ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&#34;': '"', '&#39;': "'" };

function site(summary) {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-feed-'));
  mkdirSync(join(dir, 'content', 'reports', 'r'), { recursive: true });
  mkdirSync(join(dir, 'layouts', '_partials', 'tps'), { recursive: true });
  cpSync(join(ROOT, 'layouts', 'rss.xml'), join(dir, 'layouts', 'rss.xml'));
  for (const name of ['summary.html', 'report-pages.html']) cpSync(join(ROOT, 'layouts', '_partials', 'tps', name), join(dir, 'layouts', '_partials', 'tps', name));
  for (const name of ['home.html', 'section.html', 'page.html']) writeFileSync(join(dir, 'layouts', name), '{{ .Title }}');
  writeFileSync(join(dir, 'hugo.toml'), 'baseURL = "https://bench.example.org/"\ntitle = "t"\ndisableKinds = ["taxonomy", "term", "sitemap"]\n[markup.goldmark.renderer]\n  unsafe = false\n');
  writeFileSync(join(dir, 'content', 'reports', 'r', 'index.md'), `---\ntitle: R\ndate: 2026-11-01\nsummary: ${JSON.stringify(summary)}\n---\nBody.\n`);
  return dir;
}

test('a summary with &, quotes and markup is escaped once in the feed, never twice', () => {
  const dir = site('It\'s *A & B* "quoted", 2 < 3 <b>bold</b>.');
  try {
    const r = spawnSync(hugoBinary(ROOT), ['--logLevel', 'error', '--destination', 'out'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const xml = readFileSync(join(dir, 'out', 'index.xml'), 'utf8');
    const description = /<item>[\s\S]*?<description>([^<]*)<\/description>/.exec(xml)[1];
    assert.equal(description.replace(/&(?:amp|lt|gt|quot|apos|#34|#39);/g, (e) => XML_ENTITIES[e]), 'It’s A & B “quoted”, 2 < 3 bold.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
