// The publish step: makes public/ the site of the build that just succeeded,
// all at once. It runs last, so a failed build leaves the previous good site
// in place.
//
// public/ is a symbolic link to a hidden folder beside it, .public-<n>, that
// holds one whole site and is never written again once public/ points at it.
// A build makes the next site under a temporary name, renames it .public-<n+1>
// when it is complete, and switches public/ over with one rename(2) of a new
// link onto the old one, which the kernel makes atomic: whoever opens public/
// (a web server, a deploy, `tpsreport check`) finds the old site or the new
// one, never a mix of the two nor a temporary file, and a build killed at any
// moment leaves one of them behind. Why a link: rename(2) cannot put a folder
// where a folder that holds files is, and moving the old public/ away before
// moving the new one in leaves a moment with no site at all, which a build
// killed between the two renames would make a lasting one.
//
// Unchanged files are hard links to the old site's (one system call each,
// no bytes copied), so they keep their mtime and a web server's caches stay
// warm. The site before stays until the next build: a deploy that opened it
// just before the switch reads it whole.
//
// For a deploy, public/ is the folder to name with a trailing slash
// (`rsync -a public/ host:/srv/site/`, `cp -rL public site`): a tool told to
// copy the link itself copies just the link.
import { stat } from 'node:fs/promises';
import { readFileSync, statSync, lstatSync, readlinkSync, readdirSync, linkSync, copyFileSync, utimesSync, symlinkSync, renameSync, rmSync } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { newFolderWhole, isTemporary, listFiles, removeDeadTemporaries, tmpBeside } from '../lib/files.mjs';

/** The folder names of the sites `dest` points at: .public-1, .public-2, … for public/. */
const siteName = (dest, n) => join(dirname(dest), `.${basename(dest)}-${n}`);
function siteNumberIn(dest, name) {
  const prefix = `.${basename(dest)}-`;
  return name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)) ? Number(name.slice(prefix.length)) : NaN;
}

/**
 * Makes `dest` (public/) show the union of `sources` (later sources win on the same path).
 * A source is a folder, or { dir, newerThan, only, linkable }: with `newerThan` (ms
 * since the epoch) only files written since then count (after a partial Hugo
 * run, the rest of the staging folder is what public/ already holds); with
 * `only`, just those subfolders (the reports that changed). `linkable`: its
 * files are only ever replaced whole (compile writes by rename), so they are
 * hard-linked rather than copied.
 * `scope` says which files of the site before may go: a list of subfolders
 * (the reports that changed), true for all (a full build), or false for none;
 * every other file of the site before is kept.
 * @returns {Promise<{ copied, kept, removed }>}
 */
export async function publish(sources, dest, { scope = true } = {}) {
  const wanted = await wantedFiles(sources);
  const current = shownSite(dest);
  removeOldSites(dest, current);
  const before = current ? await listFiles(current) : [];
  // After a folder public/, or a link of the user's own to some other folder, the sites start at 1.
  const next = siteName(dest, (siteNumberIn(dest, basename(current ?? '')) || 0) + 1);
  const counts = newFolderWhole(next, (place) => fillSite(place, { wanted, current, before, scope }));
  pausePoint('the new site is complete');
  switchLink(dest, next, current);
  return counts;
}

/** The files `sources` give, each relative path to { path, linkable }. */
async function wantedFiles(sources) {
  const wanted = new Map();
  for (const source of sources) {
    const { dir, newerThan = 0, only = null, linkable = false } = typeof source === 'string' ? { dir: source } : source;
    const roots = only ? only.map((prefix) => join(dir, prefix)) : [dir];
    for (const root of roots) {
      for (const rel of await listFiles(root)) {
        // A file still being written, or half written by a killed build, is not the site's.
        if (isTemporary(basename(rel))) continue;
        const path = join(root, rel);
        if (newerThan && (await stat(path)).mtimeMs < newerThan) continue;
        wanted.set(path.slice(dir.length + 1).split('\\').join('/'), { path, linkable });
      }
    }
  }
  return wanted;
}

/**
 * Writes the new site through `place` (see newFolderWhole): each wanted file,
 * as the published one where that holds the same bytes, and every file of the
 * site before that is neither replaced nor in `scope`. Synchronous: on the
 * 1,000-report scale site, 152,486 files took 3.8–4.7 s this way against
 * 11.8–15.5 s through the thread pool.
 */
function fillSite(place, { wanted, current, before, scope }) {
  const counts = { copied: 0, kept: 0, removed: 0 };
  for (const [rel, { path, linkable }] of wanted) {
    const published = current && join(current, rel);
    if (published && sameFile(path, published)) {
      keep(published, place(rel));
      counts.kept += 1;
    } else {
      if (!linkable || !tryLink(path, place(rel))) copyFileSync(path, place(rel));
      counts.copied += 1;
    }
    pausePoint(rel);
  }
  const mayGo = scope === true ? () => true : (rel) => Array.isArray(scope) && scope.some((f) => rel.startsWith(`${f}/`));
  for (const rel of before) {
    if (wanted.has(rel)) continue;
    // A file a killed build left half written in an older site's public/ goes, whatever the scope.
    if (mayGo(rel) || isTemporary(basename(rel))) counts.removed += 1;
    else {
      keep(join(current, rel), place(rel));
      pausePoint(rel);
    }
  }
  return counts;
}

/**
 * Whether `published` already holds src. Like rsync's quick check, a copy of
 * the same size made after src was last written is taken as equal without
 * reading it; otherwise the bytes decide (Hugo rewrites every page it
 * renders, mostly unchanged).
 */
function sameFile(src, published) {
  const [a, b] = [statSync(src), statSync(published, { throwIfNoEntry: false })];
  if (!b || a.size !== b.size) return false;
  return b.mtimeMs >= a.mtimeMs || readFileSync(src).equals(readFileSync(published));
}

/** A file of the site before, in the new one: the same file by a hard link, or a copy with its mtime. */
function keep(published, target) {
  if (tryLink(published, target)) return;
  copyFileSync(published, target);
  const { atime, mtime } = statSync(published);
  utimesSync(target, atime, mtime);
}

/** A hard link, or false where the file system refuses one (another device, no links): then the file is copied. */
function tryLink(src, dest) {
  try {
    linkSync(src, dest);
    return true;
  } catch {
    return false;
  }
}

/**
 * The folder public/ shows now: its link's .public-<n>, or public/ itself
 * where it is a folder (an older tpsreport's, or one made by hand); null
 * without a site (none yet, or a link whose folder is gone).
 */
function shownSite(dest) {
  const info = lstatSync(dest, { throwIfNoEntry: false });
  if (!info) return null;
  if (!info.isSymbolicLink()) return info.isDirectory() ? dest : null;
  const target = join(dirname(dest), readlinkSync(dest));
  return statSync(target, { throwIfNoEntry: false })?.isDirectory() ? target : null;
}

/**
 * Removes the sites public/ no longer shows (the one before the last switch,
 * kept until now for a deploy that was reading it) and what a killed build
 * left: a half-made site or link under its temporary name.
 */
function removeOldSites(dest, current) {
  const dir = dirname(dest);
  for (const name of readdirSync(dir)) {
    if (siteNumberIn(dest, name) >= 0 && join(dir, name) !== current) rmSync(join(dir, name), { recursive: true, force: true });
  }
  removeDeadTemporaries(dir);
}

/**
 * Points public/ at `site` with one rename of a new link onto it. A public/
 * that is a folder is first moved aside as a site of its own (removed by the
 * next build): a moment without public/, once, when a site built by an older
 * tpsreport is replaced.
 */
function switchLink(dest, site, current) {
  const link = tmpBeside(dest);
  symlinkSync(basename(site), link);
  pausePoint('the link to the new site is made');
  try {
    if (current === dest) renameSync(dest, siteName(dest, 0));
    renameSync(link, dest);
  } catch (error) {
    rmSync(link, { force: true });
    throw error;
  }
  pausePoint('public/ shows the new site');
}

// TPSREPORT_PUBLISH_PAUSE=k stops the process (SIGSTOP) at publish's k-th step
// (a file placed, the new site complete, its link made, the switch), after a
// line on stderr, so that tests/integration/publish-kill.test.mjs can kill
// the build there and look at public/.
const PAUSE_AT = Number(process.env.TPSREPORT_PUBLISH_PAUSE ?? 0);
let pauseSteps = 0;

function pausePoint(what) {
  if (!PAUSE_AT || (pauseSteps += 1) !== PAUSE_AT) return;
  process.stderr.write(`publish: paused at step ${pauseSteps} (${what})\n`);
  process.kill(process.pid, 'SIGSTOP');
}
