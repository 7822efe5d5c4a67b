// A minimal static file server for the built site (public/), used by the
// browser tests and the screenshot script: tests run against the production
// build, exactly the files a reader would get.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, extname, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv; charset=utf-8', '.cnf': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8', '.rst': 'text/plain; charset=utf-8',
};

/**
 * The strictest policy the site is built to work under: no inline script or
 * style, no eval or Function, nothing from another origin. A site owner can
 * send it as the Content-Security-Policy header.
 */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";

/**
 * @param {string} root   folder to serve
 * @param {number} port   0 picks a free port (read it from server.address().port)
 * @param {{ headers?: Record<string, string> }} [options]  headers sent with every file, e.g. a CSP
 */
export function serveStatic(root, port, { headers = {} } = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(normalize(root))) return res.writeHead(403).end();
    try {
      if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      res.writeHead(200, { ...headers, 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// node tests/helpers/static-server.mjs [ROOT] [PORT] [--csp]: --csp sends STRICT_CSP with every file.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const csp = args.includes('--csp');
  const [root = 'public', port = '4173'] = args.filter((a) => a !== '--csp');
  await serveStatic(root, Number(port), csp ? { headers: { 'content-security-policy': STRICT_CSP } } : {});
  console.log(`serving ${root} at http://127.0.0.1:${port}/${csp ? ' under a strict Content-Security-Policy' : ''}`);
}
