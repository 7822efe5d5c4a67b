// Hugo's server behind `tpsreport serve`: started on an inner port, its
// output read line by line so that its errors join the others (printed once,
// shown in the page) instead of scrolling past at every rebuild.
//
// What Hugo 0.168 (the pinned version) prints, and what it means here:
//   "Web Server is available at …"           the first build is done, pages are served
//   "Change detected, rebuilding site …"      a rebuild starts
//   "ERROR …"                                 the build in progress failed (one line each)
//   "Total in N ms"                           the rebuild is done
//   an exit                                   the first build failed (Hugo stops then)
//   "panic: …" and a stack trace              Hugo crashed
// Everything else (the banner, the statistics table, which files changed)
// is Hugo telling its own user what tpsreport serve already says.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { relative, isAbsolute } from 'node:path';
import { hugoMissing } from '../lib/site.mjs';
import { Problem } from '../problems/problem.mjs';

const START = /^Change detected, rebuilding site/;
const DONE = /^Total in \d+/;
const UP = /^Web Server is available at /;
const ERROR = /^ERROR (.*)$/;
const WARN = /^WARN (.*)$/;
const CRASH = /^(panic: |fatal error: )/;
// Also the excerpt Hugo prints under an error ("> 10 | tags: …", a caret line): its numbers count from the front matter, not the file, and the error line above says where.
const CHATTER = /^(>? ?\d+ \| |\^\s*$|Watching|adding created directory|File no longer exists|Data changed|Change of |Start building|hugo v|Built in|Environment:|Serving pages|Running in Fast Render|Press Ctrl\+C|Source changed|Asset changed|Static file changes|Template changed|Syncing|Rebuilt in|\d{4}-\d\d-\d\d |[\s│─┼]*$|.*│)/;

/**
 * One line of Hugo's error as a Problem at its file, line and column, the
 * file relative to the site: Hugo wraps the place in the page or template
 * that failed in quotes inside a chain of "while doing X:" prefixes.
 */
export function hugoProblem(text, root) {
  const place = /"?((?:\/|[A-Za-z]:\\)[^":]+):(\d+):(\d+)"?: /.exec(text);
  if (!place) return hugoSays(text.replace(/^(Rebuild failed|error building site): /, ''));
  const file = isAbsolute(place[1]) ? relative(root, place[1]).split('\\').join('/') : place[1];
  return new Problem({ file, line: Number(place[2]), column: Number(place[3]), rule: 'hugo', message: text.slice(place.index + place[0].length) });
}

/** Something Hugo said that names no place: its words, as Hugo's. */
const hugoSays = (message) => new Problem({ file: 'hugo', rule: 'hugo', message });

/**
 * Runs `hugo server` with `args`.
 * @param {object} o
 * @param {(errors: Problem[]) => void} o.onUp     the first build is served (errors: none)
 * @param {(errors: Problem[]) => void} o.onBuilt  a rebuild ended, with its errors
 * @param {(errors: Problem[], code: number) => void} o.onExit  Hugo stopped (its last errors)
 * @param {(line: string) => void} o.onOther     a warning or a line of Hugo's not known here
 * @returns {{ stop(): Promise<void> }}
 */
export function runHugoServer({ bin, root, args, onUp, onBuilt, onExit, onOther }) {
  let errors = [];
  let up = false;
  let crashed = false;
  const child = spawn(bin, ['server', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const read = (line) => {
    const text = line.trim();
    // A crash is one problem, not the page of goroutine traces that follows it.
    if (crashed) return;
    if (CRASH.test(text)) {
      crashed = true;
      errors.push(hugoSays(text));
    } else if (START.test(text)) errors = [];
    else if (ERROR.test(text)) errors.push(hugoProblem(ERROR.exec(text)[1], root));
    else if (UP.test(text) && !up) {
      up = true;
      onUp(errors);
    } else if (DONE.test(text)) onBuilt(errors);
    else if (WARN.test(text)) onOther(`hugo: warning: ${WARN.exec(text)[1]}`);
    else if (!CHATTER.test(text) && !UP.test(text)) onOther(`hugo: ${text}`);
  };
  createInterface({ input: child.stdout }).on('line', read);
  createInterface({ input: child.stderr }).on('line', read);
  let ended = false;
  let closed;
  const done = new Promise((resolve) => { closed = resolve; });
  const end = (code, extra = []) => {
    if (ended) return;
    ended = true;
    onExit([...errors, ...extra], code);
    closed();
  };
  child.on('error', (error) => end(1, [hugoSays(hugoMissing(bin, error.code))]));
  // Output can still be in the pipes when the process is gone: read it before saying so.
  child.on('close', (code, signal) => end(code ?? 1, errors.length || signal ? [] : [hugoSays(`the server stopped (exit status ${code})`)]));
  return {
    /** Ends Hugo; resolves once it is gone. */
    stop() {
      if (!ended) child.kill('SIGTERM');
      return done;
    },
  };
}
