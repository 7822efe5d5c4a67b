// `tpsreport validate` compares every figure's value with the text ingest
// kept beside it, as a frozen build does: a value edited by hand in data/,
// its printed text left as it was, is refused at its document and pointer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, cpSync, symlinkSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { validatePaths } from '../../scripts/validate/index.mjs';
import { frozenProblems } from '../../scripts/site/frozen.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const SLUG = 'innodb-plugin-vs-builtin';
const DOC = `data/reports/${SLUG}/sysbench-5.1-builtin-rw.json`;
const RAW = `content/reports/${SLUG}/raw/sysbench-5.1-builtin-rw.txt`;
let root;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'tpsreport-values-'));
  for (const path of ['config.toml', `content/reports/${SLUG}`, `data/reports/${SLUG}`]) cpSync(join(ROOT, path), join(root, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
});
after(() => rmSync(root, { recursive: true, force: true }));

/** Writes the document with the first figure printed as `text` given the value `value`; returns the figure's line in the JSON. */
function editValue(text, value) {
  const original = readFileSync(join(ROOT, DOC), 'utf8');
  const figure = new RegExp(`"value": ${text.replace('.', '\\.')},\\n(\\s+)"text": "${text.replace('.', '\\.')}"`);
  const at = original.search(figure);
  assert.ok(at > 0, `a figure printed as ${text} in ${DOC}`);
  writeFileSync(join(root, DOC), original.replace(figure, `"value": ${value},\n$1"text": "${text}"`));
  // The figure's own line, its key's ("rate": {), is where the pointer leads: the one above its value.
  return { line: original.slice(0, at).split('\n').length - 1 };
}

test('validate refuses a value that no longer matches its printed text, at the document, pointer and raw line, with what was expected', async () => {
  const { line } = editValue('74.76', 1.5);
  const rawLine = readFileSync(join(ROOT, RAW), 'utf8').split('\n').findIndex((l) => /^\s+transactions:.*\(74\.76 per sec\.\)/.test(l)) + 1;
  assert.ok(rawLine > 0);
  const { problems } = await validatePaths([join(root, 'data')], { root });
  assert.deepEqual(problems.map((p) => p.toJSON()), [{
    file: DOC,
    line,
    pointer: '/runs/0/transactions/rate',
    severity: 'error',
    rule: 'figure-printed',
    expected: `the figure ${RAW}:${rawLine} prints (data/ is written by \`tpsreport ingest\`, never by hand)`,
    found: 'value 1.5 beside the text "74.76"',
    raw: { source: RAW, line: rawLine },
    message: `expected the figure ${RAW}:${rawLine} prints (data/ is written by \`tpsreport ingest\`, never by hand), found value 1.5 beside the text "74.76"`,
  }]);
  // The frozen build's check is the same one: it reports the figure once, as validate does.
  const frozen = (await frozenProblems({ root })).problems.filter((p) => p.rule === 'figure-printed');
  assert.deepEqual(frozen.map((p) => p.toJSON()), problems.map((p) => p.toJSON()));
});

test('the validate command exits non-zero and prints the figure\'s place; the document as ingest wrote it passes', () => {
  editValue('74.76', 1.5);
  const refused = spawnSync(process.execPath, [join(ROOT, 'scripts/tpsreport.mjs'), 'validate'], { cwd: root, encoding: 'utf8' });
  assert.notEqual(refused.status, 0);
  assert.match(`${refused.stdout}${refused.stderr}`, new RegExp(`${DOC.replace(/[.]/g, '\\.')}:\\d+.*/runs/0/transactions/rate.*value 1\\.5 beside the text "74\\.76"`));
  cpSync(join(ROOT, DOC), join(root, DOC));
  const passed = spawnSync(process.execPath, [join(ROOT, 'scripts/tpsreport.mjs'), 'validate'], { cwd: root, encoding: 'utf8' });
  assert.equal(passed.status, 0, `${passed.stdout}${passed.stderr}`);
});
