// What `tpsreport serve` watches: content/ (each report's article and raw
// files), and layouts/, static/ and the site config (hugo.toml or config.toml), which matter to serve only
// while Hugo is down (Hugo watches them itself otherwise).
//
// Every folder is watched on its own, not with fs.watch's `recursive`: on
// Linux, Node 20 follows each file of a recursive watch by its inode, so a
// file an editor saves by writing a new one and renaming it over the old
// (sed -i, vim, many IDEs) is never heard of again. A folder's watch hears
// every name in it, whatever happens to the inodes.
import { watch, readdirSync, statSync, existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONFIG_NAMES, isReportText, slugOfPath } from '../lib/site.mjs';

/** Saves that come this close together are one change (an editor writes a file in several steps). */
const SETTLE_MS = 120;

/**
 * Calls `onChange(slugs)` after each burst of saves, one call at a time:
 * slugs are the reports whose bundles changed (empty
 * when only other files did). A save during a call is handled after it.
 * `onEvent` hears of every save at once.
 */
export function watchChanges(root, { onEvent, onChange }) {
  let slugs = new Set();
  let pending = false;
  let running = false;
  let timer = null;
  const run = async () => {
    if (running) return;
    running = true;
    while (pending) {
      const now = slugs;
      slugs = new Set();
      pending = false;
      await onChange(now);
    }
    running = false;
  };
  const note = (slug) => {
    onEvent();
    if (slug) slugs.add(slug);
    pending = true;
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  };
  const trees = [
    watchTree(join(root, 'content'), (path) => note(reportOf(root, path))),
    ...['layouts', 'static'].map((dir) => watchTree(join(root, dir), () => note(null))),
    watchTree(root, (path) => CONFIG_NAMES.includes(path) && note(null), { depth: 0 }),
  ];
  return {
    close() {
      clearTimeout(timer);
      for (const tree of trees) tree.close();
    },
  };
}

/**
 * The report a path under content/ belongs to: a folder of content/reports/
 * (one copied in whole, or removed, is heard of by its name alone), else the
 * nearest page bundle above the path when its front matter makes it a report.
 */
function reportOf(root, path) {
  const parts = path.split(sep);
  if (parts[0] === 'reports' && parts.length > 1 && parts[1] !== '_index.md') return parts[1];
  for (let n = parts.length; n > 0; n -= 1) {
    const index = join(root, 'content', ...parts.slice(0, n), 'index.md');
    if (!existsSync(index)) continue;
    return isReportText(readHeadSync(index)) ? slugOfPath(parts.slice(0, n).join('/')) : null;
  }
  return null;
}

/** index.md's text, or '' when it went away in between. */
function readHeadSync(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Watches `dir` and the folders in it (down to `depth`, all by default),
 * following folders made and removed later; `onPath` gets the path of what
 * changed, relative to `dir`.
 */
function watchTree(dir, onPath, { depth = Infinity } = {}) {
  const watchers = new Map();
  const isDir = (path) => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  };
  const drop = (path) => {
    for (const [folder, watcher] of watchers) {
      if (folder === path || folder.startsWith(path + sep)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
  };
  const add = (folder, level) => {
    if (watchers.has(folder) || level > depth || !existsSync(folder)) return;
    let watcher;
    try {
      watcher = watch(folder, (event, name) => {
        const path = name ? join(folder, name.toString()) : folder;
        // A name that appeared or went: a folder to follow or to let go.
        if (event === 'rename' && path !== folder) (isDir(path) ? add(path, level + 1) : drop(path));
        onPath(relative(dir, path));
      });
    } catch {
      return; // gone between the listing and the watch
    }
    watcher.on('error', () => drop(folder));
    watchers.set(folder, watcher);
    if (level >= depth) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) if (entry.isDirectory()) add(join(folder, entry.name), level + 1);
  };
  add(dir, 0);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
