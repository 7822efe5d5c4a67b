// `tpsreport serve`: the site with live reload while an author writes.
//   - content/ is watched; a change in a report's bundle (a raw file,
//     the front matter, the text) runs the build's own incremental steps on
//     that report: ingest (which parses only what changed), validation of
//     the changed data, compile of the changed reports. Compile writes the
//     views Hugo reads as resources, so Hugo renders those pages again and
//     its live reload shows them, charts drawn by the same code as a build.
//   - Hugo's server runs behind a front server (serve-front.mjs) on the port
//     the author asked for. An error at any step, Hugo's included, is listed
//     over the page with its file and line and printed once; the site goes on
//     being served, and a first build that fails leaves the front server up,
//     showing the errors until a save makes Hugo start again.
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ingestReports } from '../ingest/index.mjs';
import { Problem } from '../problems/problem.mjs';
import { textLine } from '../problems/reporters.mjs';
import { compileReports } from '../compile/index.mjs';
import { reportSlugs, reportKey } from '../lib/site.mjs';
import { validateChanged } from '../validate/changed.mjs';
import { treeIndex } from '../lib/files.mjs';
import { configLayer, mount, contentMount } from './hugo-config.mjs';
import { createProblems, createNotes, isOfReport } from './serve-problems.mjs';
import { openFront } from './serve-front.mjs';
import { runHugoServer } from './serve-hugo.mjs';
import { watchChanges } from './serve-watch.mjs';
import { writeReference } from '../author/reference.mjs';

/**
 * Serves the site at http://localhost:port/ until SIGINT or SIGTERM.
 * @returns {Promise<number>} the exit status: 1 when the port is taken, 0 when stopped
 */
export async function serveSite({ root, hugoBin, port, log = (line) => console.error(line) }) {
  const problems = createProblems(log);
  const notes = createNotes(log);
  const hugo = superviseHugo({ root, hugoBin, port, problems, log });
  const front = await openFront({ port, problems, inner: hugo.port });
  if (typeof front === 'string') {
    log(front === 'EADDRINUSE'
      ? `tpsreport serve: port ${port} on 127.0.0.1 is in use (another server?); stop it or pick another with --port N`
      : `tpsreport serve: cannot listen on 127.0.0.1:${port} (${front}); pick another port with --port N`);
    return 1;
  }
  // Stopping is possible from here on, also in the middle of the first build: Hugo never outlives serve.
  let changes = null;
  let closing = false;
  const stopped = new Promise((resolve) => {
    const stop = async () => {
      closing = true;
      changes?.close();
      await hugo.stop();
      front.closeAllConnections();
      front.close(() => resolve(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await refresh({ root, problems, notes, log });
  if (closing) return stopped;
  changes = watchChanges(root, {
    // Before Hugo's own watcher acts on the save (see superviseHugo).
    onEvent: hugo.retire,
    async onChange(slugs) {
      const { appeared, gone } = slugs.size ? await refresh({ root, problems, notes, log, slugs: [...slugs] }) : { appeared: [], gone: [] };
      // Hugo renders a page again when its views change, but not when they first appear
      // (a new report, or one whose compile failed so far), and it goes on serving a
      // report whose folder was removed: a fresh Hugo renders the site as it is.
      if (appeared.length || gone.length) hugo.retire({ always: true });
      await hugo.ensure();
    },
  });
  await hugo.ensure();
  if (!hugo.port() && !closing) log(`serve: http://localhost:${port}/ shows the errors above until they are fixed`);
  return stopped;
}

/**
 * Hugo's server behind the front one. After Hugo reports an error it is not
 * trusted again: Hugo 0.168's incremental rebuilds after a failed one can
 * miss that a page is still broken, or crash. So the next save stops it
 * before it rebuilds, and a fresh Hugo's full first build says what is still
 * wrong (or, failing, leaves the front server listing it).
 */
function superviseHugo({ root, hugoBin, port, problems, log }) {
  let run = null;
  let inner = null;
  let suspect = false;
  let generation = 0;
  let stopping = Promise.resolve();
  let starting = null;
  let closed = false;
  let release = () => {}; // ends the wait for a first build, when serve stops during it
  let announced = false;
  const other = once(log);
  // The status names the run, so every page reloads when a new Hugo serves (its live reload went with the old one).
  const report = (lines, status) => {
    problems.set('hugo', lines);
    problems.setStatus(status);
    problems.settle();
  };

  /** Starts Hugo; resolves once its first build is served or has failed. */
  async function start() {
    const mine = ++generation;
    const at = await freePort();
    const args = await hugoArgs(root, port, at);
    if (mine !== generation) return; // stopped meanwhile
    suspect = false;
    await new Promise((settled) => {
      release = settled;
      const current = (fn) => (...a) => (mine === generation ? fn(...a) : undefined);
      run = runHugoServer({
        bin: hugoBin,
        root,
        args,
        onUp: current((errors) => {
          inner = at;
          report(errors, `up ${mine}`);
          if (!announced) log(`serve: http://localhost:${port}/ (live reload; Ctrl+C stops)`);
          announced = true;
          settled();
        }),
        onBuilt: current((errors) => {
          if (errors.length) suspect = true;
          report(errors, `up ${mine}`);
        }),
        onExit: current((errors) => {
          run = null;
          inner = null;
          report(errors, `down ${mine}`);
          settled();
        }),
        onOther: current(other),
      });
    });
  }

  return {
    port: () => inner,
    /** A save happened: a Hugo that reported an error (or `always`) stops now; its last errors stay listed until the next one builds. */
    retire({ always = false } = {}) {
      if (!run || !(suspect || always)) return;
      // What the old Hugo said is stale from here: printed at the next settle, it came just before "no errors left". A fresh Hugo says again what is still wrong.
      problems.set('hugo', []);
      const old = run;
      run = null;
      inner = null;
      generation += 1;
      stopping = old.stop();
    },
    /** Hugo running, started again when it stopped. */
    async ensure() {
      await stopping;
      if (closed) return;
      // The first start and a save's can overlap: one Hugo for both.
      if (!run) await (starting ??= start().finally(() => { starting = null; }));
    },
    async stop() {
      closed = true;
      generation += 1;
      release();
      await run?.stop();
      await stopping;
    },
  };
}

/**
 * The build's steps, on the reports that changed (every report the first
 * time): ingest and validation look at every report but redo only the
 * changed ones; compile is given the changed reports.
 * @returns {Promise<{ appeared: string[], gone: string[] }>} of `slugs`, the reports that
 *   have views now and had none before, and those whose folder is gone
 */
async function refresh({ root, problems, notes, log, slugs }) {
  const started = performance.now();
  // Where compile writes a report's views (scripts/compile/index.mjs).
  const hasViews = (slug) => existsSync(join(root, '.tpsreport', 'views', `${reportKey(slug)}.json`));
  const without = (slugs ?? []).filter((s) => !hasViews(s));
  let gone = [];
  let done = null;
  try {
    // One listing for the three steps, as a build does: ingest refreshes what it writes.
    const listed = await treeIndex([join(root, 'content'), join(root, 'data', 'reports')]);
    const ingested = await ingestReports({ root, listed });
    problems.set('ingest', ingested.errors);
    notes(ingested.notes, slugs);
    problems.set('validate', (await validateChanged({ root, listed })).problems.filter((p) => p.severity === 'error'));
    const known = await reportSlugs(root, listed);
    gone = (slugs ?? []).filter((s) => !known.includes(s));
    // A report folder that went away: compile everything, which removes its views.
    const chosen = slugs && slugs.every((s) => known.includes(s)) ? slugs : undefined;
    // A shortcode with an error shows it in its place; the report's other views are built all the same.
    const compiled = await compileReports({ root, slugs: chosen, listed, errorViews: true });
    if (!chosen) await writeReference(root);
    problems.setForReports('compile', chosen, compiled.errors);
    problems.set('serve', []);
    const what = chosen ? chosen.join(', ') : `${known.length} report${known.length === 1 ? '' : 's'}`;
    done = `serve: ${what}: ${ingested.parsed} raw file${ingested.parsed === 1 ? '' : 's'} parsed, ${compiled.built} view${compiled.built === 1 ? '' : 's'} built`;
  } catch (error) {
    // A bug, not an author's mistake; the server stays up so the next save can try again.
    problems.set('serve', [new Problem({ file: 'tpsreport', rule: 'internal', message: `internal error: ${error?.message ?? error}` })]);
    if (process.env.TPSREPORT_DEBUG) console.error(error);
  }
  // The errors of the reports just saved are listed again while they are open: the save did not fix them.
  problems.settle({ again: (p) => (slugs ?? []).some((slug) => isOfReport(p, slug)) });
  const open = problems.errors();
  if (done) log(`${done}${open ? `, ${open} error${open === 1 ? '' : 's'} open` : ''}, in ${Math.round(performance.now() - started)} ms`);
  return { appeared: without.filter(hasViews), gone };
}

/** Logs each distinct line once. */
function once(log) {
  const seen = new Set();
  return (line) => {
    if (seen.has(line)) return;
    seen.add(line);
    log(line);
  };
}

/**
 * Hugo's server on the inner port, writing pages for the front server's
 * address (links, feeds and embed snippets name the port the author opened)
 * and pointing its live reload there too. Pages render to memory: public/
 * holds only what a build published. The config layer adds what compile
 * wrote beside each report (.tpsreport/site/, raw files included, which it
 * leaves out of content), the files a build copies itself.
 */
async function hugoArgs(root, port, inner) {
  const config = await configLayer(root, 'serve', { mounts: (await contentMount(root)) + mount('.tpsreport/site', 'static') });
  return ['--bind', '127.0.0.1', '--port', String(inner), '--baseURL', `http://localhost:${port}/`, '--appendPort=false', '--liveReloadPort', String(port), '--renderToMemory', '--config', config];
}

/** A port nothing listens on, for Hugo's inner server. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
