// The address a site is published at, read in one place. Every page's
// canonical link, its Open Graph tags, the feed and the chart embed snippets
// carry it, so a build takes it, in this order, from `--base-url`, from the
// TPSREPORT_BASE_URL environment variable (for CI), or from the site
// config's baseURL. None of them may name this machine: only `tpsreport
// serve` uses a local address, and it renders to memory, never into public/.
// With no address at all, links are relative to the server's root.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Problem } from '../problems/problem.mjs';
import { configName } from '../lib/site.mjs';

export const ADDRESS_VARIABLE = 'TPSREPORT_BASE_URL';

/** Hugo's baseURL for a site with no address: every link relative to the server's root. */
export const NO_ADDRESS = '/';

const THIS_MACHINE = /^(localhost|localhost\.localdomain|.+\.localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

/**
 * The address a build for publishing uses: an absolute http(s) URL that is not
 * this machine, ending in "/"; an Error saying what was expected otherwise.
 * `source` names where the text came from, as the message starts.
 */
export function publishingUrl(text, source = '--base-url') {
  const url = parsed(text);
  if (!url) return new Error(`${source} ${text}: expected the address the site will be published at, such as https://bench.example.org/`);
  if (!['http:', 'https:'].includes(url.protocol)) return new Error(`${source} ${text}: expected an http or https address`);
  if (isThisMachine(url)) return new Error(`${source} ${text}: a published site cannot point at this machine (${url.hostname}); give the address readers will use`);
  // Every page's address is the base with a path after it: a query or fragment would sit in the middle, and a user name or password would be published in every link.
  if (url.username || url.password) return new Error(`${source} ${text}: expected an address without a user name or password, which every page, feed and embed snippet would publish`);
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return new Error(`${source} ${text}: expected an address without a query (?…) or fragment (#…): page paths are added after it`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

function parsed(text) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function isThisMachine(url) {
  return THIS_MACHINE.test(url.hostname);
}

/**
 * The address a build publishes for.
 * @returns {{ url: string, note?: string }} url: the published address, or
 *   NO_ADDRESS with a note saying why there is none and how to give one
 * @throws {Problem} an address that cannot be published: rule "usage" for
 *   --base-url and the environment (exit 2), placed at the config's line for baseURL
 */
export function siteAddress({ root, flag, env = process.env }) {
  const given = flag !== undefined ? [flag, '--base-url'] : env[ADDRESS_VARIABLE] ? [env[ADDRESS_VARIABLE], ADDRESS_VARIABLE] : null;
  if (given) {
    const url = publishingUrl(...given);
    if (url instanceof Error) throw new Problem({ rule: 'usage', message: url.message });
    return { url };
  }
  const config = configBaseUrl(root);
  const how = `set baseURL in ${config?.file ?? 'the site config'}, or pass --base-url or ${ADDRESS_VARIABLE}`;
  if (!config || config.value === '' || config.value === NO_ADDRESS) {
    return { url: NO_ADDRESS, note: `build: the site has no address, so its links, feed and embed snippets are relative to the server's root; ${how}` };
  }
  const url = parsed(config.value);
  if (url && isThisMachine(url)) {
    return { url: NO_ADDRESS, note: `build: ${config.file}'s baseURL ${config.value} is this machine, which a published site never names, so links, feed and embed snippets are relative to the server's root; ${how} with the address readers will use` };
  }
  const checked = publishingUrl(config.value, 'baseURL');
  if (checked instanceof Error) throw new Problem({ file: config.file, line: config.line, rule: 'base-url', message: checked.message });
  return { url: checked };
}

/**
 * The site config's top-level baseURL (Hugo reads its keys in any case),
 * with its file and line; null when the config sets none.
 */
export function configBaseUrl(root) {
  const file = configName(root);
  if (!file) return null;
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    if (/^\s*\[/.test(line)) return null;
    const m = /^\s*baseurl\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(line);
    if (m) return { file, line: i + 1, value: m[1] ?? m[2] };
  }
  return null;
}
