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
// Unchanged files are hard links to the old site's (no bytes copied), so
// they keep their mtime and a web server's caches stay warm. A build that
// renders only some reports makes its site out of the one before the shown
// one, changing just the paths the last publish and this one change (noted
// in .public-changes.json), not every file of the site. The site before the
// shown one is left as it is until the next build: a deploy that opened it
// just before the switch reads it whole.
//
// For a deploy, public/ is the folder to name with a trailing slash
// (`rsync -a public/ host:/srv/site/`, `cp -rL public site`): a tool told to
// copy the link itself copies just the link.
import { stat } from 'node:fs/promises';
import { readFileSync, statSync, lstatSync, readlinkSync, readdirSync, linkSync, copyFileSync, utimesSync, symlinkSync, renameSync, rmSync, mkdirSync, rmdirSync } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { newFolderWhole, isTemporary, listFiles, removeDeadTemporaries, tmpBeside, readCache, writeFileAtomic } from '../lib/files.mjs';

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
  const last = readCache(changesFile(dest));
  const reused = reusableSite(dest, current, last, scope);
  removeOldSites(dest, [current, reused]);
  // After a folder public/, or a link of the user's own to some other folder, the sites start at 1.
  const next = siteName(dest, (siteNumberIn(dest, basename(current ?? '')) || 0) + 1);
  const { changes, counts } = await changesFrom(current, wanted, scope);
  const steps = reused ? [...undoneSince(last.changed, current), ...changes] : await wholeSite(current, changes);
  pauseSteps.total = steps.length + 3;
  try {
    makeSite(next, steps, reused);
  } catch (error) {
    // A site before that cannot be made the new one (a file where a folder must go) is not needed: made anew.
    if (!reused) throw error;
    makeSite(next, await wholeSite(current, changes), null);
  }
  pausePoint('the new site is complete');
  switchLink(dest, next, current);
  // Said after the switch: a record that does not name the site public/ shows is not used.
  if (current && current !== dest) writeFileAtomic(changesFile(dest), JSON.stringify({ from: basename(current), to: basename(next), changed: changes.map(([rel]) => rel) }));
  else rmSync(changesFile(dest), { force: true });
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
 * How the new site differs from the one public/ shows: `changes`, each
 * [path, { path, linkable }] for a file to place or [path, null] for one that
 * goes, and the counts publish returns. A wanted file the published one
 * matches is no change; a file of the site before goes when it is in `scope`
 * and no source has it.
 */
async function changesFrom(current, wanted, scope) {
  const counts = { copied: 0, kept: 0, removed: 0 };
  const changes = [];
  for (const [rel, source] of wanted) {
    if (current && sameFile(source.path, join(current, rel))) counts.kept += 1;
    else {
      changes.push([rel, source]);
      counts.copied += 1;
    }
  }
  const folders = scope === true ? [''] : scope || [];
  for (const folder of current ? folders : []) {
    for (const name of await listFiles(join(current, folder))) {
      const rel = folder ? `${folder}/${name}` : name;
      if (wanted.has(rel)) continue;
      changes.push([rel, null]);
      counts.removed += 1;
    }
  }
  return { changes, counts };
}

/**
 * The steps that make the new site in an empty folder: each change placed,
 * and every other file of the site before kept (but a file a killed build
 * left half written there, whatever the scope).
 */
async function wholeSite(current, changes) {
  const steps = changes.filter(([, source]) => source);
  const changed = new Set(changes.map(([rel]) => rel));
  for (const rel of current ? await listFiles(current) : []) {
    if (!changed.has(rel) && !isTemporary(basename(rel))) steps.push([rel, { path: join(current, rel), published: true }]);
  }
  return steps;
}

/**
 * The steps that make the site before the last publish the one public/ shows
 * now: each path that publish changed, as public/ has it (null: not there).
 * See reusableSite.
 */
function undoneSince(changed, current) {
  return changed.map((rel) => {
    const path = join(current, rel);
    return [rel, statSync(path, { throwIfNoEntry: false })?.isFile() ? { path, published: true } : null];
  });
}

/**
 * Makes the folder `next` by `steps` ([path, source or null]): in a new
 * folder, or in the reused site renamed to a temporary name first, so that a
 * build killed part way leaves nothing a later one would take for a site.
 * Synchronous: on the 1,000-report scale site, placing 152,486 files took
 * 3.8–4.7 s this way against 11.8–15.5 s through the thread pool.
 */
function makeSite(next, steps, reused) {
  if (!reused) {
    newFolderWhole(next, (place) => {
      for (const [rel, source] of steps) {
        placeFile(source, place(rel));
        pausePoint(rel);
      }
    });
    return;
  }
  const tmp = tmpBeside(next);
  renameSync(reused, tmp);
  try {
    for (const [rel, source] of steps) {
      const target = join(tmp, rel);
      rmSync(target, { recursive: true, force: true });
      if (source) {
        mkdirSync(dirname(target), { recursive: true });
        placeFile(source, target);
      } else removeEmptyFolders(dirname(target), tmp);
      pausePoint(rel);
    }
    renameSync(tmp, next);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

/** A file of the new site: a published one kept, a linkable source linked, any other copied. */
function placeFile(source, target) {
  if (source.published) keep(source.path, target);
  else if (!source.linkable || !tryLink(source.path, target)) copyFileSync(source.path, target);
}

/** Removes `dir` and each folder above it up to (not including) `top` while it is empty: a removed report leaves no empty folders behind. */
function removeEmptyFolders(dir, top) {
  for (let at = dir; at.startsWith(`${top}/`); at = dirname(at)) {
    // rmdir refuses a folder that still holds something: that ends the climb.
    try {
      rmdirSync(at);
    } catch {
      return;
    }
  }
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
 * Removes the sites public/ no longer shows but those in `keep` (the one
 * shown, the one to reuse), and what a killed build left: a half-made site
 * or link under its temporary name.
 */
function removeOldSites(dest, keep) {
  const dir = dirname(dest);
  for (const name of readdirSync(dir)) {
    if (siteNumberIn(dest, name) >= 0 && !keep.includes(join(dir, name))) rmSync(join(dir, name), { recursive: true, force: true });
  }
  removeDeadTemporaries(dir);
}

/** Where publish notes which paths its last site changed (see reusableSite). */
const changesFile = (dest) => join(dirname(dest), `.${basename(dest)}-changes.json`);

/**
 * The site before the one public/ shows, where it can be made the new one by
 * changing only the paths the last publish changed and those this one does:
 * placing every file of a site anew cost a one-sentence edit of a 7-report
 * site about 40 times the publish it had been. Only for a build that
 * renders some reports (a list `scope`): a full build compares every file
 * anyway, and it is the one that follows a public/ someone changed by hand,
 * which the last publish's record would not know of. The record is used only
 * when it names the site public/ shows and the site before is still there.
 */
function reusableSite(dest, current, last, scope) {
  if (!Array.isArray(scope) || !current || current === dest || last?.to !== basename(current) || !Array.isArray(last.changed)) return null;
  const site = join(dirname(dest), String(last.from));
  return siteNumberIn(dest, String(last.from)) >= 0 && statSync(site, { throwIfNoEntry: false })?.isDirectory() ? site : null;
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

// TPSREPORT_PUBLISH_PAUSE=i/n stops the process (SIGSTOP), after a line on
// stderr, i/n of the way through publish's steps (each file placed or
// removed, the new site complete, its link made, the switch), so that
// tests/integration/publish-kill.test.mjs can kill the build there and look
// at public/.
const PAUSE = /^(\d+)\/(\d+)$/.exec(process.env.TPSREPORT_PUBLISH_PAUSE ?? '');
const pauseSteps = { total: 0, done: 0 };

function pausePoint(what) {
  if (!PAUSE) return;
  pauseSteps.done += 1;
  if (pauseSteps.done !== Math.max(1, Math.ceil((pauseSteps.total * Number(PAUSE[1])) / Number(PAUSE[2])))) return;
  process.stderr.write(`publish: paused at step ${pauseSteps.done} of ${pauseSteps.total} (${what})\n`);
  process.kill(process.pid, 'SIGSTOP');
}
