// Proposes `glob:` sources for a folder of raw files: files of one format
// whose names have the same shape (the same number of dash-separated parts,
// the same extension) and differ only in some parts become one pattern, each
// differing part a `{capture}`. A pattern is proposed only when it matches
// exactly its files among everything in raw/, so accepting it never changes
// which file a source reads, and only when it keeps every label their outputs
// state (a label they state differently is one of its captures).
import { matchGlob } from '../ingest/front-matter.mjs';

/** Capture names for a part written as letters and a number (t16, bp32M), by its letters. */
const PREFIX_NAMES = { t: 'threads', th: 'threads', thr: 'threads', threads: 'threads', bp: 'buffer_pool', c: 'clients', clients: 'clients', u: 'users', users: 'users', vu: 'users', w: 'warehouses', wh: 'warehouses', r: 'repeat', run: 'repeat', rep: 'repeat' };
const WORKLOAD = /^(oltp|select|insert|update|delete|point|read|write|tpcc|bulk)/i;
const SHAPED = /^([A-Za-z]*?)(\d+(?:\.\d+)?)([A-Za-z]*)$/;

/**
 * @param {{ file: string, format: string, labels: object }[]} files  parsed raw files ("raw/x.txt"), labels from their output
 * @param {string[]} rawFiles  every file in raw/, which a pattern must not match beyond its group
 * @returns {{ glob, format, files, captures: string[] }[]} one entry per pattern, largest first
 */
export function proposePatterns(files, rawFiles) {
  const groups = new Map();
  for (const f of files) {
    const { stem, ext } = splitName(f.file);
    const key = `${f.format}\0${ext}\0${stem.split('-').length}`;
    (groups.get(key) ?? groups.set(key, []).get(key)).push(f);
  }
  const proposals = [];
  for (const group of groups.values()) {
    const proposal = proposalFor(group, rawFiles);
    if (proposal) {
      proposals.push(proposal);
      continue;
    }
    // Same shape, different runs (sysbench-compact-bp32M-t1 beside
    // prepare-staging-compressed-kbs4): one pattern per leading word then.
    const byFirst = new Map();
    for (const f of group) {
      const first = splitName(f.file).stem.split('-')[0];
      (byFirst.get(first) ?? byFirst.set(first, []).get(first)).push(f);
    }
    if (byFirst.size > 1) proposals.push(...[...byFirst.values()].map((g) => proposalFor(g, rawFiles)).filter(Boolean));
  }
  return proposals.sort((a, b) => b.files.length - a.files.length);
}

/**
 * The pattern of a group of files, when it matches those files and no others.
 * Two files make one only when every part their names differ in is a number
 * (trx-commit-1 and trx-commit-2, t8 and t16): two names that differ in a word
 * are as likely two unrelated files.
 */
function proposalFor(group, rawFiles) {
  if (group.length < 2) return null;
  const proposal = patternOf(group);
  if (!proposal) return null;
  if (group.length === 2 && !proposal.captures.every((c) => proposal.glob.includes(`{${c}:number}`))) return null;
  if (lostLabel(proposal.captures, group)) return null;
  // A text capture may match more than its group ("{variant}" also matches
  // "compressed-kbs8"): then it takes only the texts its files have.
  for (const values of [undefined, textValues(proposal, group)]) {
    const matched = matchesOf(proposal.glob, values, rawFiles);
    if (!matched || matched.length !== group.length || !group.every((f) => matched.some((m) => m.file === f.file))) continue;
    return contradiction(matched, group) ? null : values ? { ...proposal, values } : proposal;
  }
  return null;
}

/**
 * A capture that reads from a file's name a label its output states otherwise
 * (rw-t8.txt whose sysbench printed "Number of threads: 1"): the name is
 * wrong, not the output, so such files are listed one by one with the labels
 * they print. { file, name, captured, stated }, or null.
 */
export function contradiction(matched, group) {
  for (const { file, labels } of matched) {
    const stated = group.find((f) => f.file === file).labels;
    const name = Object.keys(labels).find((n) => Object.hasOwn(stated, n) && String(stated[n]) !== String(labels[n]));
    if (name) return { file, name, captured: labels[name], stated: stated[name] };
  }
  return null;
}

/**
 * A label the files' outputs state differently that the captures do not take
 * (clients 400 in one file, 1000 in another, under notes-{variant}): one
 * `labels:` entry serves every file of a pattern, so it would lose what each
 * output says, and the files are better listed one by one.
 * { name, files: the first two files that differ }, or null.
 */
export function lostLabel(captures, group) {
  const names = new Set(group.flatMap((f) => Object.keys(f.labels)));
  for (const name of names) {
    if (captures.includes(name)) continue;
    const other = group.find((f) => JSON.stringify(f.labels[name]) !== JSON.stringify(group[0].labels[name]));
    if (other) return { name, files: [group[0], other] };
  }
  return null;
}

/**
 * The letters every part starts with when each is those letters and a number
 * (t1, t16 → "t"; bp32M, bp512M → "bp"; 1, 8 → ""), or null when the parts differ in shape.
 */
function sharedPrefix(column) {
  const shaped = column.map((t) => SHAPED.exec(t));
  return shaped.every((m) => m && m[1] === shaped[0][1]) ? shaped[0][1] : null;
}

function splitName(file) {
  const name = file.slice('raw/'.length);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { stem: name.slice(0, dot), ext: name.slice(dot) } : { stem: name, ext: '' };
}

/** The pattern of one group of same-shaped names, or null when no part of the names is shared. */
function patternOf(group) {
  const { ext } = splitName(group[0].file);
  const parts = group.map((f) => splitName(f.file).stem.split('-'));
  const used = new Set();
  const captures = [];
  let shared = false;
  // Neighbouring parts that vary as whole words are one capture ("load-time",
  // "file-sizes"): two captures side by side could not tell where one ends.
  const columns = [];
  for (let i = 0; i < parts[0].length; i += 1) {
    const column = parts.map((p) => p[i]);
    const whole = !column.every((t) => t === column[0]) && sharedPrefix(column) === null;
    const last = columns.at(-1);
    if (whole && last?.whole) last.column = last.column.map((t, k) => `${t}-${column[k]}`);
    else columns.push({ column, whole });
  }
  const pieces = columns.map(({ column }) => {
    if (column.every((t) => t === column[0])) {
      shared = true;
      return column[0];
    }
    const prefix = sharedPrefix(column);
    if (prefix) shared = shared || prefix !== '';
    const numeric = prefix !== null && column.every((t) => SHAPED.exec(t)[3] === '');
    const values = column.map((t) => t.slice(prefix?.length ?? 0));
    const name = captureName({ prefix, values, numeric, group, used });
    used.add(name);
    captures.push(name);
    return `${prefix ?? ''}{${name}${numeric ? ':number' : ''}}`;
  });
  if (!shared) return null;
  return { glob: `raw/${pieces.join('-')}${ext}`, format: group[0].format, files: group.map((f) => f.file), captures };
}

/** A capture is named after the output label it agrees with, else after its letters or the look of its values. */
function captureName({ prefix, values, numeric, group, used }) {
  const agreeing = Object.keys(group[0].labels).find((label) => !used.has(label)
    && group.every((f, k) => String(f.labels[label]) === values[k]));
  if (agreeing) return agreeing;
  const byPrefix = PREFIX_NAMES[prefix?.toLowerCase()];
  if (byPrefix && !used.has(byPrefix)) return byPrefix;
  if (!numeric && values.every((v) => WORKLOAD.test(v)) && !used.has('workload')) return 'workload';
  let n = 1;
  while (used.has(n === 1 ? 'variant' : `variant_${n}`)) n += 1;
  return n === 1 ? 'variant' : `variant_${n}`;
}

/** `values` for each text capture: the texts its files have, each read as itself. */
function textValues(proposal, group) {
  const matches = matchGlob({ glob: proposal.glob }, group.map((f) => f.file), () => new Error('no match'));
  const values = {};
  for (const name of proposal.captures.filter((c) => !proposal.glob.includes(`{${c}:number}`))) {
    values[name] = Object.fromEntries([...new Set(matches.map((m) => m.texts[name]))].map((t) => [t, t]));
  }
  return values;
}

function matchesOf(glob, values, rawFiles) {
  try {
    return matchGlob({ glob, values }, rawFiles, () => new Error('no match'));
  } catch {
    return null;
  }
}
