// `tpsreport new site DIR`: a results site of the author's own. It gets its
// content/, config, README and one sample report (scripts/scaffold/site/),
// and depends on the tpsreport it was made with. tpsreport's layouts, assets
// and documentation pages (content/docs/, mounted as the site's /docs/) stay in
// node_modules/tpsreport, imported by the site's config as a Hugo module, so
// nothing of the tool is copied into the site.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { spawnSync } from 'node:child_process';
import { TOOL_ROOT } from '../lib/site.mjs';
import { setup } from '../site/setup.mjs';
import { ingestReports } from '../ingest/index.mjs';
import { toJson } from '../lib/files.mjs';

const TEMPLATE = join(TOOL_ROOT, 'scripts', 'scaffold', 'site');

/**
 * The site's npm scripts: the same two commands as tpsreport's own
 * repository, `npm start` and `npm test`, each of which installs what is
 * missing first. npm installs the packages, tpsreport among them, and only
 * then can tpsreport's setup add Hugo: on a fresh clone node_modules/ is empty.
 */
const SCRIPTS = {
  setup: 'npm install --no-audit --no-fund && tpsreport setup',
  start: 'npm run setup && tpsreport serve',
  build: 'npm run setup && tpsreport build',
  test: 'npm run setup && tpsreport build --frozen && tpsreport check',
};

/**
 * Writes the site into DIR (whole or not at all: it is assembled beside DIR
 * and renamed into place), ingests its sample report so `npm test` can build
 * from data/ at once, then installs its packages and Hugo with tpsreport's
 * setup script unless `install` is false.
 * @returns {Promise<number>} the exit status
 */
export async function newSite(dir, { install = true, log = () => {} } = {}) {
  const target = resolve(dir);
  if (existsSync(target) && readdirSync(target).length) {
    log(`tpsreport new site: ${dir} already exists and is not empty; give a new folder`);
    return 1;
  }
  const staging = `${target}.tpsreport-new-${process.pid}`;
  try {
    cpSync(TEMPLATE, staging, { recursive: true });
    // npm leaves .gitignore files out of a package, so the template keeps them under other names.
    renameSync(join(staging, 'gitignore'), join(staging, '.gitignore'));
    renameSync(join(staging, 'github'), join(staging, '.github'));
    writeFileSync(join(staging, 'package.json'), toJson(sitePackage(basename(target), installSpec())));
    const ingested = await ingestReports({ root: staging });
    if (ingested.errors.length) throw new Error(ingested.errors.map(String).join('\n'));
    rmSync(join(staging, '.tpsreport'), { recursive: true, force: true });
    mkdirSync(dirname(target), { recursive: true });
    if (existsSync(target)) rmSync(target, { recursive: true });
    renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  log(`new site: ${relative(process.cwd(), target) || '.'} with the sample report content/reports/sysbench-threads/`);
  if (install) {
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: target, stdio: ['ignore', 'inherit', 'inherit'] });
    if (npm.status !== 0 || setup({ root: target })) {
      log(`tpsreport new site: installing the site's packages and Hugo failed; run \`npm run setup\` in ${dir} once that is fixed`);
      return 1;
    }
  }
  log(`next: cd ${dir} && npm start`);
  return 0;
}

function sitePackage(name, spec) {
  return {
    name: name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '') || 'results',
    version: '0.1.0',
    private: true,
    description: 'Database benchmark reports built with tpsreport',
    type: 'module',
    scripts: SCRIPTS,
    dependencies: { tpsreport: spec },
  };
}

/**
 * What the new site's package.json asks for as tpsreport: the spec this
 * tpsreport was installed from (a tarball, a git URL or a version range, as
 * the installing project's package.json says; npx keeps one too); this
 * folder itself when tpsreport runs from a checkout; its own version
 * otherwise. A local path is written absolute, so that a clone of the site
 * in any other folder of this machine still finds it.
 */
export function installSpec(tool = TOOL_ROOT) {
  const version = JSON.parse(readFileSync(join(tool, 'package.json'), 'utf8')).version;
  const parts = tool.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return `file:${tool}`;
  const project = parts.slice(0, at).join(sep) || sep;
  const manifest = join(project, 'package.json');
  if (!existsSync(manifest)) return `^${version}`;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const spec = pkg.dependencies?.tpsreport ?? pkg.devDependencies?.tpsreport;
  if (!spec) return `^${version}`;
  const local = /^file:(.*)$/.exec(spec);
  return local ? `file:${resolve(project, local[1])}` : spec;
}
