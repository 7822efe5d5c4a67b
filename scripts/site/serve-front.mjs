// The server an author's browser talks to during `tpsreport serve`. Hugo's own
// server runs behind it on an inner port; this one stays up whatever Hugo does
// (a first build that fails ends Hugo's server), so the page can always say
// what is wrong:
//   - pages come from Hugo, with the current problems laid over them and a
//     small script that reloads the page when that list changes;
//   - while Hugo is down, every page is the list of problems itself;
//   - Hugo's live reload (a WebSocket at /livereload) is passed through.
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { overlay } from '../problems/reporters.mjs';
import { esc } from '../compile/html.mjs';

const OWN = '/__tpsreport/';

/** Reloads the page when the problem list or Hugo's state is no longer the one it was rendered with. */
const CLIENT = `// tpsreport serve: reload when what the server reports changes.
const rendered = document.currentScript.dataset.state;
const events = new EventSource('${OWN}events');
events.onmessage = (event) => { if (event.data !== rendered) location.reload(); };
`;

const STYLE = `.tpsreport-serve { position: fixed; inset: 0 0 auto 0; z-index: 2147483647; max-height: 70vh; overflow: auto;
  margin: 0; padding: 1rem 1.5rem; background: #fff4f4; color: #3b0000; border-bottom: 4px solid #c00;
  font: 15px/1.5 system-ui, sans-serif; box-shadow: 0 4px 16px rgb(0 0 0 / 0.25); }
.tpsreport-serve h2 { margin: 0 0 0.25rem; font-size: 1.1rem; }
.tpsreport-serve p { margin: 0 0 0.5rem; }
.tpsreport-serve ol { margin: 0; padding-left: 1.5rem; }
.tpsreport-serve li { margin: 0.25rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.tpsreport-serve code { font: 600 14px/1.4 ui-monospace, monospace; }
.tpsreport-serve--quiet { background: #f4f8ff; color: #00264d; border-color: #0057b3; }
.tps-view-error { display: block; margin: 1rem 0; padding: 0.75rem 1rem; background: #fff4f4; color: #3b0000;
  border: 1px solid #c00; border-left-width: 6px; border-radius: 4px; font: 15px/1.5 system-ui, sans-serif; }
.tps-view-error--inline { display: inline; margin: 0; padding: 0.1rem 0.4rem; border-left-width: 4px; -webkit-box-decoration-break: clone; box-decoration-break: clone; }
.tps-view-error__title { display: block; margin-bottom: 0.25rem; }
.tps-view-error--inline .tps-view-error__title { display: inline; }
.tps-view-error__problem { display: block; white-space: pre-wrap; overflow-wrap: anywhere; }
.tps-view-error--inline .tps-view-error__problem { display: inline; }
.tps-view-error code { font: 600 14px/1.4 ui-monospace, monospace; }
.tps-view-pending { background: #fff4f4; color: #3b0000; outline: 1px dashed #c00; padding: 0 0.25rem; }
`;

/** The panel listing every problem, each with its file and line; empty when there is none. */
export function problemPanel(problems) {
  return overlay(problems, esc);
}

/** The style and the reloading script every page gets, told which state it shows. */
function tail(id) {
  return `<link rel="stylesheet" href="${OWN}serve.css"><script src="${OWN}serve.js" data-state="${id}" defer></script>`;
}

/** The page shown for every address while Hugo is not serving. */
function standIn(problems) {
  const list = problems.list();
  const body = list.length ? problemPanel(list) : '<aside class="tpsreport-serve tpsreport-serve--quiet" role="status"><h2>tpsreport serve: building the site…</h2><p>This page reloads when it is ready.</p></aside>';
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>tpsreport serve</title></head><body>${body}${tail(problems.id())}</body></html>\n`;
}

/**
 * Listens on 127.0.0.1:port.
 * @param {object} o
 * @param {object} o.problems  from createProblems
 * @param {() => number|null} o.inner  Hugo's port while it serves, null otherwise
 * @returns {Promise<import('node:http').Server|string>} the server, or the code of the error that kept it from listening
 */
export function openFront({ port, problems, inner }) {
  const server = createServer((req, res) => {
    const path = req.url.split('?')[0];
    if (path === `${OWN}events`) return events(req, res, problems);
    if (path === `${OWN}serve.js`) return send(res, 200, 'text/javascript', CLIENT);
    if (path === `${OWN}serve.css`) return send(res, 200, 'text/css', STYLE);
    const target = inner();
    if (!target) return send(res, problems.list().length ? 500 : 503, 'text/html', standIn(problems));
    proxy(req, res, target, problems);
  });
  server.on('upgrade', (req, socket, head) => tunnel(req, socket, head, inner()));
  return new Promise((resolve, reject) => {
    server.once('error', (error) => (error.code ? resolve(error.code) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function send(res, status, type, text) {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(text);
}

/** Server-sent events: the problem list's id now and at every change. */
function events(req, res, problems) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.write(`retry: 500\ndata: ${problems.id()}\n\n`);
  const off = problems.onChange((id) => res.write(`data: ${id}\n\n`));
  req.on('close', off);
}

/** One request passed to Hugo; HTML comes back with the additions before </body>. */
function proxy(req, res, target, problems) {
  const headers = { ...req.headers };
  delete headers['accept-encoding'];
  const upstream = request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers }, (answer) => {
    if (!/^text\/html/.test(answer.headers['content-type'] ?? '') || req.method === 'HEAD') {
      res.writeHead(answer.statusCode, endToEnd(answer.headers));
      answer.pipe(res);
      return;
    }
    const chunks = [];
    answer.on('data', (c) => chunks.push(c));
    answer.on('end', () => {
      const html = Buffer.concat(chunks).toString('utf8');
      const added = problemPanel(problems.list()) + tail(problems.id());
      const at = html.lastIndexOf('</body>');
      const out = at < 0 ? html + added : html.slice(0, at) + added + html.slice(at);
      res.writeHead(answer.statusCode, { ...endToEnd(answer.headers, { body: false }), 'content-length': Buffer.byteLength(out), 'cache-control': 'no-store' });
      res.end(out);
    });
  });
  // Hugo went away between the check and the request: the stand-in page reloads when it is back.
  upstream.on('error', () => {
    if (!res.headersSent) send(res, 503, 'text/html', standIn(problems));
    else res.destroy();
  });
  req.pipe(upstream);
}

// Headers about Hugo's connection to this server, not this server's to the
// browser (RFC 9110, section 7.6.1): Node frames each response it sends itself.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

/**
 * Hugo's response headers as this server can pass them on. Hugo sends an
 * error page chunked: its transfer-encoding beside the content-length of a
 * page with the problem panel added made a response a browser may refuse and
 * Node's fetch does. `body: false` when the body is rewritten, so its old
 * length goes too.
 */
export function endToEnd(headers, { body = true } = {}) {
  const named = String(headers.connection ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const drop = new Set([...HOP_BY_HOP, ...named, ...(body ? [] : ['content-length'])]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name.toLowerCase())));
}

/** A WebSocket upgrade (Hugo's live reload) passed through byte for byte. */
function tunnel(req, socket, head, target) {
  if (!target) return socket.destroy();
  const upstream = connect(target, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head?.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
  upstream.on('close', close);
  socket.on('close', close);
}
