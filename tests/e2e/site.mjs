// What the browser tests know about the built site: its pages (from the
// sitemap Hugo writes) and the raw files behind each figure.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const PUBLIC = join(import.meta.dirname, '..', '..', 'public');

/** Site-relative paths of every page in the sitemap. */
export function sitePages() {
  const xml = readFileSync(join(PUBLIC, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url, 'http://site.invalid/').pathname);
}

/** Report pages: everything under /reports/ but the section list itself. */
export function reportPages() {
  return sitePages().filter((p) => /^\/reports\/[^/]+\/$/.test(p));
}

/** One line-numbered raw view per report (its smallest, so an axe run stays short), as site paths. */
export function rawViewSample() {
  return reportPages().flatMap((page) => {
    const dir = join(PUBLIC, page, 'raw');
    const views = readdirSync(dir).filter((n) => n.endsWith('.html')).map((n) => [statSync(join(dir, n)).size, n]).sort((a, b) => a[0] - b[0]);
    return views.length ? [`${page}raw/${encodeURIComponent(views[0][1])}`] : [];
  });
}

/** Lines of a raw file as published beside a report page. */
export function rawLines(pagePath, source) {
  return readFileSync(join(PUBLIC, pagePath, source), 'utf8').split('\n');
}
