// Extra config layers for Hugo runs. Hugo replaces, not merges, the mount
// list when a second config file declares mounts, so a layer that adds or
// narrows a mount repeats config.toml's whole [module] section with its
// change.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { configName, reportSlugs, reportPath } from '../lib/site.mjs';

/**
 * Writes .tpsreport/<name>.toml: `head` (settings outside [module]), then
 * the site config's [module] section and `mounts` (more [[module.mounts]] entries).
 * @returns {Promise<string>} the --config value: "<hugo.toml or config.toml>,<layer>"
 */
export async function configLayer(root, name, { head = '', mounts = '' } = {}) {
  const site = configName(root) ?? 'config.toml';
  const config = await readFile(join(root, site), 'utf8');
  const at = config.indexOf('\n[module]');
  const module = at < 0 ? '[module]\n' : config.slice(at + 1);
  const path = join(root, '.tpsreport', `${name}.toml`);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${head}\n${module}\n${mounts}`);
  return `${site},${path}`;
}

/** A [[module.mounts]] entry, TOML-quoted; `files` is a glob list of what the mount includes. */
export function mount(source, target, files) {
  const include = files ? `\n    files = [${files.map((f) => JSON.stringify(f)).join(', ')}]` : '';
  return `  [[module.mounts]]\n    source = ${JSON.stringify(source)}\n    target = ${JSON.stringify(target)}${include}\n`;
}

/**
 * Content as every Hugo run sees it: without the reports' raw/ folders.
 * compile publishes each raw file beside its line-numbered view
 * (.tpsreport/site/), so Hugo copying them as page resources made a second
 * copy of most of a site's files, which publish then copied a third time.
 * A report in another section (a blog's post) leaves out its own raw/.
 */
export async function contentMount(root) {
  const elsewhere = (await reportSlugs(root)).map(reportPath).filter((path) => !/^reports\/[^/]+$/.test(path));
  return mount('content', 'content', ['! reports/*/raw/**', ...elsewhere.map((path) => `! ${path}/raw/**`)]);
}

/** The --config value of a full build's Hugo run (the bench's bare Hugo uses it too, to compare like with like). */
export async function buildConfig(root) {
  return configLayer(root, 'build', { mounts: await contentMount(root) });
}
