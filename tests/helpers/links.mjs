// The links of a built site: every href and src in public/**/*.html that stays
// on the site must name a file the build published, and a #fragment an id on
// that page. Links are resolved as a browser would, against the page's own
// address under the site's base URL, so a base with a path
// (https://example.org/results/) is checked as published.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

const ATTRIBUTE = /<[a-zA-Z][^>]*?\s(?:href|src)="([^"]*)"/g;
const ANCHOR = /\s(?:id|name)="([^"]*)"/g;
const NOT_A_PLACE = /^(?:mailto|tel|data|javascript):/i;

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's text as the browser reads it (&amp; → &, &#39; → '). */
export function unescapeHtml(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });
}

/** Every .html file under `dir`, as paths relative to it with forward slashes. */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.html') && statSync(join(dir, name)).isFile())
    .map((name) => name.split(sep).join('/'))
    .sort();
}

/** The address a published file is served at: `docs/index.html` → `<base>docs/`. */
function addressOf(file, base) {
  return new URL(file.endsWith('index.html') ? file.slice(0, -'index.html'.length) : file, base);
}

/**
 * The file a site-internal URL names, relative to the published folder, or
 * null for a link that leaves the site (another origin, or above the base's path).
 */
function fileOf(url, base) {
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const path = decodeURIComponent(url.pathname.slice(base.pathname.length));
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

/**
 * Every broken site-internal link of the site published in `dir`.
 * @param {string} dir      the published folder (public/)
 * @param {object} o
 * @param {string} o.base   the base URL it was built for (config.toml's baseURL or --base-url)
 * @returns {{ pages: number, links: number, targets: Set<string>, broken: { page: string, link: string, reason: string }[] }}
 *   targets: every file a link named, found or not
 */
export function brokenLinks(dir, { base }) {
  const root = new URL(base.endsWith('/') ? base : `${base}/`);
  const anchors = new Map();
  const idsOf = (file) => {
    if (!anchors.has(file)) anchors.set(file, new Set([...readFileSync(join(dir, file), 'utf8').matchAll(ANCHOR)].map((m) => unescapeHtml(m[1]))));
    return anchors.get(file);
  };
  const broken = [];
  const targets = new Set();
  let links = 0;
  const pages = htmlFiles(dir);
  for (const page of pages) {
    const html = readFileSync(join(dir, page), 'utf8');
    const here = addressOf(page, root);
    for (const [, raw] of html.matchAll(ATTRIBUTE)) {
      const link = unescapeHtml(raw).trim();
      if (link === '' || NOT_A_PLACE.test(link)) continue;
      let url;
      try {
        url = new URL(link, here);
      } catch {
        broken.push({ page, link, reason: 'not a URL' });
        continue;
      }
      if (!['http:', 'https:'].includes(url.protocol)) continue;
      const target = fileOf(url, root);
      if (target === null) {
        // Same host, outside the base's path: a root-relative link that forgot the base.
        if (url.origin === root.origin) broken.push({ page, link, reason: `leaves the site's base ${root.pathname}` });
        continue;
      }
      links += 1;
      targets.add(target);
      if (!existsSync(join(dir, target)) || !statSync(join(dir, target)).isFile()) {
        broken.push({ page, link, reason: `no file ${target}` });
        continue;
      }
      const fragment = url.hash.slice(1);
      if (fragment && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(fragment))) {
        broken.push({ page, link, reason: `no id "${decodeURIComponent(fragment)}" on ${target}` });
      }
    }
  }
  return { pages: pages.length, links, targets, broken };
}

/** One line per broken link, for an assertion message: the page (relative to the published folder), the link, what is wrong. */
export function brokenLines(broken) {
  return broken.map((b) => `${b.page}: ${b.link}: ${b.reason}`);
}
