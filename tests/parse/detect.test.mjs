// Format detection skips a format whose `mentions` pattern is not in a file's
// first lines. That is only safe if the pattern is in every head the format's
// detect scores above 0: held here over every fixture and every raw file of
// the sample reports, from several places in each file and as copies mangle
// them (indented, `// `-commented, Markdown- and HTML-escaped).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formats, detectFormat } from '../../scripts/parse/index.mjs';
import { DETECT_LINES } from '../../scripts/parse/driver.mjs';
import { splitLines } from '../../scripts/lib/text.mjs';
import { listFiles } from '../../scripts/lib/files.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const WINDOW_STEP = 50;
const WINDOWS = 6;

const REPORTS = join(ROOT, 'content', 'reports');
const folders = [join(ROOT, 'tests', 'fixtures'), ...readdirSync(REPORTS, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(REPORTS, d.name, 'raw'))];
// Each file read once: binary files (a NUL in the first 8,000 bytes) are left out, the others keep their text.
const inputs = (await Promise.all(folders.map(async (dir) => (await listFiles(dir)).map((name) => join(dir, name)))))
  .flat()
  .map((path) => ({ path, bytes: readFileSync(path) }))
  .filter(({ bytes }) => !bytes.subarray(0, 8000).includes(0));

const COPIES = {
  as: (line) => line,
  indented: (line) => `    ${line}`,
  commented: (line) => `// ${line}`,
  'Markdown-escaped': (line) => line.replace(/[*[\]_#<>`]/g, '\\$&'),
  'HTML-escaped': (line) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
};

/**
 * Heads of DETECT_LINES lines from the start of each file and from WINDOWS
 * places further in (every WINDOW_STEP lines in a short file), as each copy has them.
 */
function* heads() {
  for (const { path, bytes } of inputs) {
    const lines = splitLines(bytes.toString('utf8'));
    const step = Math.max(WINDOW_STEP, Math.ceil(lines.length / WINDOWS));
    for (let at = 0; at === 0 || at < lines.length; at += step) {
      for (const [copy, change] of Object.entries(COPIES)) yield { where: `${relative(ROOT, path)} from line ${at + 1}, ${copy}`, lines: lines.slice(at, at + DETECT_LINES).map(change) };
    }
  }
}

/**
 * Each distinct head once, with its joined text and every format's detect
 * score: the tests below read these instead of running detect again, and a
 * head two copies leave alike (no character either changes) is scored once.
 */
function scoredHeads() {
  const seen = new Map();
  for (const { where, lines } of heads()) {
    const text = lines.join('\n');
    if (!seen.has(text)) seen.set(text, { where, lines, text, scores: formats.map((f) => f.detect(lines)) });
  }
  return [...seen.values()];
}

/** How many heads a format scores above 0 on (`score` reads its score of a head), and those of them `mentions` is not in. */
function missedHeads(mentions, all, score) {
  const missed = [];
  let scored = 0;
  for (const head of all) {
    if (!(score(head) > 0)) continue;
    scored += 1;
    if (!mentions.test(head.text)) missed.push(head.where);
  }
  return { scored, missed };
}

const all = scoredHeads();
const scoreOf = (format) => {
  const at = formats.indexOf(format);
  return (head) => head.scores[at];
};

test('the sample heads include fixtures and the reports\' raw files', () => {
  assert.ok(inputs.some(({ path }) => path.includes(join('tests', 'fixtures'))));
  assert.ok(inputs.some(({ path }) => path.includes(join('content', 'reports'))));
});

for (const format of formats.filter((f) => f.mentions)) {
  test(`${format.name}: every head its detect scores on mentions ${format.mentions}`, () => {
    assert.ok(!format.mentions.global && !format.mentions.sticky, 'a global or sticky pattern keeps state between files');
    const { scored, missed } = missedHeads(format.mentions, all, scoreOf(format));
    assert.ok(scored > 0, `no sample head scores as ${format.name}, so nothing holds its mentions pattern`);
    assert.deepEqual(missed.slice(0, 5), []);
  });
}

test('a mentions pattern that leaves out what detect scores on is caught', () => {
  const sysbench = formats.find((f) => f.name === 'sysbench');
  const { scored, missed } = missedHeads(/Threads started!/, all, scoreOf(sysbench));
  assert.ok(missed.length > 0 && missed.length < scored);
});

test('detection with the mentions patterns picks what trying every format picks', () => {
  const tryEvery = ({ scores }) => formats.reduce((best, f, at) => (scores[at] > best.score ? { name: f.name, score: scores[at] } : best), { name: null, score: 0 }).name;
  const picked = (lines) => {
    try {
      return detectFormat(lines).name;
    } catch {
      return null;
    }
  };
  const differ = all.filter((head) => tryEvery(head) !== picked(head.lines)).map(({ where }) => where);
  assert.deepEqual(differ.slice(0, 5), []);
});
