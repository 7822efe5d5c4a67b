#!/usr/bin/env node
// The tpsreport command line: a thin shell over the library in scripts/.
// It turns library results into exit codes and printed text, nothing more.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InputError } from './lib/errors.mjs';
import { toJson } from './lib/files.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const HUGO = join(ROOT, '.venv', 'hugo');

const HELP = `tpsreport: database benchmark reports from raw tool output

Usage: tpsreport <command> [options]

Commands:
  parse FILE [--format NAME]   print the normalized JSON document for one raw output file
  formats                      list the input formats and what each produces
  validate [PATH...]           check JSON documents (default: data/) against schemas/
           [--reporter text|github|json]
  ingest                       parse every report's raw files into data/reports/
  compile [SLUG...]            turn every report's tables, values and charts into views
                               (.tpsreport/views/) and chart, table and raw files
  kinds                        list the shortcodes that show data and their parameters
  build [--frozen] [--base-url URL]
                               ingest, validate, compile, run Hugo and publish into public/;
                               each step redoes only what changed. --frozen (what CI runs)
                               never ingests: it builds from the committed data/ and stops
                               when a raw file or the front matter no longer matches it.
                               --base-url builds for publishing at URL (https://…/): every
                               link, embed snippet, feed and Open Graph tag points there
  serve [--port N]             ingest, validate, compile and serve the site with live reload
                               (default port 1313)
  help                         show this text

Exit codes: 0 success, 1 bad input or invalid data, 2 wrong usage.`;

/** What one step of a build tells the next (the reports whose views changed). */
const session = {};

const commands = {
  async parse(args) {
    const { values, positionals } = parseArgs({ args, options: { format: { type: 'string' } }, allowPositionals: true });
    if (positionals.length !== 1) return usage('parse takes exactly one FILE');
    const { parseFile } = await import('./parse/index.mjs');
    const doc = await parseFile(positionals[0], { source: positionals[0], format: values.format });
    process.stdout.write(toJson(doc));
    return 0;
  },

  async formats(args) {
    parseArgs({ args, options: {} });
    const { formats } = await import('./parse/index.mjs');
    const width = Math.max(...formats.map((f) => f.name.length));
    for (const f of formats) console.log(`${f.name.padEnd(width)}  ${f.title}\n${' '.repeat(width)}  → ${f.produces}`);
    return 0;
  },

  async validate(args) {
    const { values, positionals } = parseArgs({ args, options: { reporter: { type: 'string', default: 'text' } }, allowPositionals: true });
    const { reporters } = await import('./reporters.mjs');
    const report = reporters[values.reporter];
    if (!report) return usage(`unknown reporter "${values.reporter}"; use one of ${Object.keys(reporters).join(', ')}`);
    const { validatePaths } = await import('./validate/index.mjs');
    const result = await validatePaths(positionals.length ? positionals : [join(ROOT, 'data')], { root: ROOT });
    console.log(report(result));
    return result.problems.some((p) => p.severity === 'error') ? 1 : 0;
  },

  async ingest(args = [], { listed } = {}) {
    parseArgs({ args, options: {} });
    const { ingestReports } = await import('./ingest/index.mjs');
    const started = performance.now();
    const result = await ingestReports({ root: ROOT, listed });
    for (const error of result.errors) console.error(String(error));
    console.error(`ingest: ${result.documents} document${result.documents === 1 ? '' : 's'} from ${result.reports} report${result.reports === 1 ? '' : 's'} (${result.parsed} parsed) in ${Math.round(performance.now() - started)} ms${result.errors.length ? `, ${result.errors.length} failed` : ''}`);
    return result.errors.length ? 1 : 0;
  },

  async compile(args, { listed } = {}) {
    const { positionals: slugs } = parseArgs({ args, options: {}, allowPositionals: true });
    const { compileReports, formatErrors, reportSlugs } = await import('./compile/index.mjs');
    const known = await reportSlugs(ROOT);
    const unknown = slugs.filter((s) => !known.includes(s));
    if (unknown.length) return usage(`no report ${unknown.map((s) => `"${s}"`).join(', ')} under content/reports/ (there are: ${known.join(', ') || 'none'})`);
    const started = performance.now();
    const result = await compileReports({ root: ROOT, slugs: slugs.length ? slugs : undefined, listed });
    session.compiled = result;
    if (result.errors.length) console.error(formatErrors(result.errors));
    console.error(`compile: ${result.views} view${result.views === 1 ? '' : 's'} in ${result.reports} report${result.reports === 1 ? '' : 's'} (${result.built} built, ${result.compiled} report${result.compiled === 1 ? '' : 's'} recompiled) in ${Math.round(performance.now() - started)} ms${result.errors.length ? `, ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}` : ''}`);
    return result.errors.length ? 1 : 0;
  },

  async kinds(args) {
    parseArgs({ args, options: {} });
    const { kinds } = await import('./compile/kinds/index.mjs');
    const { chartKinds } = await import('./render/charts.mjs');
    for (const kind of Object.values(kinds)) {
      console.log(`${kind.name}: ${kind.summary}`);
      for (const [name, p] of Object.entries(kind.params)) console.log(`  ${name}${p.required ? ' (required)' : ''}${p.default !== undefined ? ` [default ${p.default}]` : ''}: ${p.doc}${p.values ? ` (${p.values.join(', ')})` : ''}`);
      if (kind.name !== 'chart') continue;
      for (const [name, c] of Object.entries(chartKinds)) {
        const defaults = Object.entries(c.defaults ?? {}).map(([k, v]) => `${k}=${v}`).join(', ');
        console.log(`  kind="${name}": ${c.summary}; takes ${c.takes.join(', ')}${c.required.length ? `; needs ${c.required.join(', ')}` : ''}${defaults ? `; defaults ${defaults}` : ''}`);
      }
    }
    return 0;
  },

  async build(args) {
    const { values } = parseArgs({ args, options: { frozen: { type: 'boolean', default: false }, 'base-url': { type: 'string' } } });
    const { buildSite, publishingUrl } = await import('./build/index.mjs');
    const baseUrl = values['base-url'] === undefined ? undefined : publishingUrl(values['base-url']);
    if (baseUrl instanceof Error) return usage(baseUrl.message);
    const steps = values.frozen
      ? [checkFrozen, (o) => commands.compile([], o)]
      : [(o) => commands.ingest([], o), validateForBuild, (o) => commands.compile([], o)];
    return buildSite({ root: ROOT, hugoBin: HUGO, steps, baseUrl, compiled: () => session.compiled?.changed ?? [], log: (line) => console.error(line) });
  },

  async serve(args) {
    const { values } = parseArgs({ args, options: { port: { type: 'string', default: '1313' } } });
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port < 1 || port > 65535) return usage(`--port ${values.port}: expected a port number from 1 to 65535`);
    if (!(await portFree(port))) {
      console.error(`tpsreport serve: port ${port} on 127.0.0.1 is in use (another server?); stop it or pick another with --port N`);
      return 1;
    }
    return (await commands.ingest()) || (await commands.validate([])) || (await commands.compile([])) || hugo(['server', '--bind', '127.0.0.1', '--port', String(port), '--renderToMemory', '--config', await serveConfig()]);
  },

  async help(args) {
    parseArgs({ args, options: {} });
    console.log(HELP);
    return 0;
  },
};

/** Validation inside a build: only the report folders whose documents changed. */
async function validateForBuild({ listed } = {}) {
  const { validateChanged } = await import('./build/validate-changed.mjs');
  const { reporters } = await import('./reporters.mjs');
  const started = performance.now();
  const result = await validateChanged({ root: ROOT, listed });
  if (result.files) console.log(reporters.text(result));
  console.error(`validate: ${result.checked} report folder${result.checked === 1 ? '' : 's'} checked, ${result.skipped} unchanged, in ${Math.round(performance.now() - started)} ms`);
  return result.problems.some((p) => p.severity === 'error') ? 1 : 0;
}

/** A frozen build's first step instead of ingest and validate: data/ must be what ingest would write. */
async function checkFrozen() {
  const { frozenProblems } = await import('./build/frozen.mjs');
  const { reporters } = await import('./reporters.mjs');
  const started = performance.now();
  const result = await frozenProblems({ root: ROOT });
  const failed = result.problems.some((p) => p.severity === 'error');
  if (failed) console.error('build --frozen: data/ does not match the raw files and front matter beside it, and a frozen build never ingests:');
  if (result.problems.length) console.error(reporters.text(result));
  console.error(`frozen: ${result.files} document${result.files === 1 ? '' : 's'} checked against the raw files in ${Math.round(performance.now() - started)} ms${failed ? '' : ', data/ is what ingest wrote'}`);
  return failed ? 1 : 0;
}

/**
 * The site's config plus one mount: what compile wrote beside each report
 * (.tpsreport/site/), which a build copies into public/ itself.
 */
async function serveConfig() {
  const { configLayer, mount } = await import('./build/hugo-config.mjs');
  return configLayer(ROOT, 'serve', { mounts: mount('.tpsreport/site', 'static') });
}

/** Whether nothing listens on 127.0.0.1:port yet, so Hugo will not fail there with a page of help. */
async function portFree(port) {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs Hugo in the foreground (serve). The server renders to memory: public/ holds only what a build published. */
function hugo(args) {
  return new Promise((resolve) => {
    const child = spawn(HUGO, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => {
      console.error(`tpsreport: cannot run Hugo at ${HUGO} (${error.code}); run \`npm run setup\` first`);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** A wrong command line: one line saying what was wrong, exit 2. */
function usage(message) {
  console.error(`tpsreport: ${message} (\`tpsreport help\` lists the commands and their options)`);
  return 2;
}

async function main([name = 'help', ...args]) {
  if (name === '--help' || name === '-h') name = 'help';
  const command = commands[name];
  if (!command) return usage(`unknown command "${name}"`);
  try {
    return await command(args);
  } catch (error) {
    if (error instanceof InputError) {
      console.error(String(error));
      return 1;
    }
    if (error?.path && (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'EACCES')) {
      console.error(`${error.path}: expected a readable file, found ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'a directory' : 'no permission to read it'}`);
      return 1;
    }
    if (error?.code?.startsWith?.('ERR_PARSE_ARGS')) return usage(error.message);
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
