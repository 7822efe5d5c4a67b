// `tpsreport serve` on a copy of real reports in a temporary folder: a raw
// file's new figure reaches the page, the charts are the ones a build
// publishes, and errors (in a shortcode, in the front matter, in Hugo's own
// first build) are shown over the page with file and line and printed once,
// while the server stays up and the page comes back when they are fixed.
// TPSREPORT_SERVE_PORT picks the port (a free one otherwise).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, cpSync, symlinkSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const ROOT = join(import.meta.dirname, '..', '..');
const SLUG = 'innodb-plugin-vs-builtin';
const RAW = `content/reports/${SLUG}/raw/sysbench-5.1-builtin-rw.txt`;
/** A transactions line of another real capture, to put into RAW in place of its own. */
const OTHER_CAPTURE = 'content/reports/mariadb-sysbench-threads/raw/oltp_read_write-t1.txt';
const TRANSACTIONS = /^ *transactions: .*\((\d+\.\d+) per sec\.\)$/m;

/** A project folder with the real reports `slugs` and their committed data, as a clean clone holds them. */
function siteWith(slugs) {
  const dir = mkdtempSync(join(tmpdir(), 'tpsreport-serve-'));
  for (const name of ['scripts', 'layouts', 'static', 'schemas', 'config.toml', 'package.json']) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of ['node_modules', '.venv']) symlinkSync(join(ROOT, name), join(dir, name));
  const paths = ['content/_index.md', 'content/reports/_index.md', 'content/docs', ...slugs.flatMap((s) => [`content/reports/${s}`, `data/reports/${s}`])];
  for (const path of paths) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  return dir;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `tpsreport serve` in `dir`, in a process group of its own so that stopping it stops Hugo too. */
async function serve(dir) {
  const port = Number(process.env.TPSREPORT_SERVE_PORT) || (await freePort());
  const child = spawn(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'serve', '--port', String(port)], { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => { log += chunk; });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // If this test process dies first, the server must not outlive it.
  const orphan = () => kill('SIGKILL');
  process.once('exit', orphan);
  return {
    port,
    log: () => log,
    exitCode: () => child.exitCode,
    async page(path) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        return { status: response.status, text: await response.text() };
      } catch {
        return { status: 0, text: '' };
      }
    },
    async stop() {
      kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000))]);
      kill('SIGKILL');
      process.removeListener('exit', orphan);
      return code;
    },
  };
}

/**
 * Waits until `check` returns something: up to a minute for a change (so a
 * busy machine does not fail it), three for a first start, which compiles
 * every report cold.
 */
async function until(what, check, server, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) assert.fail(`after ${seconds} s, still waiting for ${what}\n--- serve printed:\n${server.log()}`);
    if (server.exitCode() !== null) assert.fail(`serve exited (${server.exitCode()}) while waiting for ${what}\n--- serve printed:\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A live reload client as the page's livereload.js is one: a WebSocket to
 * /livereload (through serve's front server to Hugo) that says hello and
 * collects what Hugo sends. Enough of RFC 6455 for short text frames.
 */
function liveReload(port) {
  const socket = connect(port, '127.0.0.1');
  const messages = [];
  let buffer = Buffer.alloc(0);
  let open = false;
  const send = (text) => {
    const payload = Buffer.from(text);
    const mask = randomBytes(4);
    socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, payload.map((b, i) => b ^ mask[i % 4])]));
  };
  socket.write(`GET /livereload HTTP/1.1\r\nHost: localhost:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!open) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      assert.match(buffer.subarray(0, end).toString(), /^HTTP\/1\.1 101 /);
      open = true;
      buffer = buffer.subarray(end + 4);
      send('{"command":"hello","protocols":["http://livereload.com/protocols/official-7"]}');
    }
    for (;;) {
      if (buffer.length < 2) return;
      let length = buffer[1] & 0x7f;
      let at = 2;
      if (length === 126) [length, at] = [buffer.length >= 4 ? buffer.readUInt16BE(2) : Infinity, 4];
      else if (length === 127) [length, at] = [buffer.length >= 10 ? Number(buffer.readBigUInt64BE(2)) : Infinity, 10];
      if (buffer.length < at + length) return;
      if ((buffer[0] & 0x0f) === 1) messages.push(buffer.subarray(at, at + length).toString());
      buffer = buffer.subarray(at + length);
    }
  });
  socket.on('error', () => {});
  return { messages, close: () => socket.destroy() };
}

/** The ids serve's event stream sends (the page reloads when one differs from the id it was rendered with). */
function serveEvents(port) {
  const ids = [];
  const controller = new AbortController();
  (async () => {
    const response = await fetch(`http://127.0.0.1:${port}/__tpsreport/events`, { signal: controller.signal });
    const decoder = new TextDecoder();
    for await (const chunk of response.body) for (const m of decoder.decode(chunk).matchAll(/^data: (\S+)$/gm)) ids.push(m[1]);
  })().catch(() => {});
  return { ids, close: () => controller.abort() };
}

/** Every chart's image on a page (its address names the drawing's content). */
const chartSvgs = (html) => [...html.matchAll(/<div class="tps-chart__svg"><picture><source [^>]*><img [^>]*><\/picture><\/div>/g)].map((m) => /<img [^>]*>/.exec(m[0])[0]);
/** The drawing each chart image of a page shows, as served. */
const chartDrawings = (server, path, html) => Promise.all(chartSvgs(html).map((img) => server.page(`${path}${/ src="([^"?]+)/.exec(img)[1]}`).then((r) => r.text)));
const pageState = (html) => /<script src="\/__tpsreport\/serve\.js" data-state="(\w+)"/.exec(html)?.[1];
const panel = (html) => /<aside class="tpsreport-serve" role="alert">[\s\S]*?<\/aside>/.exec(html)?.[0] ?? null;
const count = (text, part) => text.split(part).length - 1;
const lineOf = (text, part) => text.slice(0, text.indexOf(part)).split('\n').length;

test('serve shows a raw file\'s new figure, the charts a build publishes, and a shortcode error over the page until it is fixed', { timeout: 600_000 }, async () => {
  const dir = siteWith([SLUG]);
  let server;
  let live;
  let events;
  try {
    const built = spawnSync(process.execPath, [join(dir, 'scripts', 'tpsreport.mjs'), 'build'], { cwd: dir, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const published = readFileSync(join(dir, 'public', 'reports', SLUG, 'index.html'), 'utf8');
    server = await serve(dir);
    const path = `/reports/${SLUG}/`;

    const raw = readFileSync(join(dir, RAW), 'utf8');
    const before = TRANSACTIONS.exec(raw)[1];
    const first = await until('the report page', async () => {
      const { status, text } = await server.page(path);
      return status === 200 && text.includes(`>${before}</a>`) ? text : null;
    }, server, 180);
    const svgs = chartSvgs(first);
    const article = readFileSync(join(dir, 'content', 'reports', SLUG, 'index.md'), 'utf8');
    assert.equal(svgs.length, count(article, '{{< chart '));
    assert.deepEqual(svgs, chartSvgs(published), 'the served charts are the SVG a build publishes');
    const drawings = await chartDrawings(server, path, first);
    assert.deepEqual(drawings, chartSvgs(published).map((img) => readFileSync(join(dir, 'public', 'reports', SLUG, / src="([^"?]+)/.exec(img)[1]), 'utf8')));
    assert.ok(drawings.every((svg) => svg.includes('<svg ')));
    assert.equal(panel(first), null);

    // Another real capture's transactions line in place of this one's; the open page hears of it.
    live = liveReload(server.port);
    await until('the live reload connection', () => live.messages.some((m) => m.includes('"hello"')), server);
    const line = TRANSACTIONS.exec(readFileSync(join(ROOT, OTHER_CAPTURE), 'utf8'));
    const after = line[1];
    assert.ok(!first.includes(`>${after}</a>`));
    writeFileSync(join(dir, RAW), raw.replace(TRANSACTIONS, line[0]));
    const changed = await until(`${after} on the page`, async () => {
      const { text } = await server.page(path);
      return text.includes(`>${after}</a>`) && !text.includes(`>${before}</a>`) ? text : null;
    }, server);
    await until('a reload over the live reload connection', () => live.messages.some((m) => m.includes('"reload"')), server);
    assert.match(server.log(), new RegExp(`^serve: ${SLUG}: 1 raw file parsed, \\d+ views built, in \\d+ ms$`, 'm'));
    assert.notDeepEqual(chartSvgs(changed), svgs, 'the charts were drawn again');
    assert.notDeepEqual(await chartDrawings(server, path, changed), drawings, 'the drawings served changed with them');

    // A shortcode whose filter matches no run: compile names the file and line; the page shows it, escaped.
    const index = join(dir, 'content', 'reports', SLUG, 'index.md');
    const broken = `${article}\nBroken: {{< value data="sysbench" metric="transactions.rate" where="server=<b>none</b>" >}}\n`;
    events = serveEvents(server.port);
    await until('the event stream', () => events.ids.length === 1, server);
    assert.equal(events.ids[0], pageState(changed));
    writeFileSync(index, broken);
    const at = `content/reports/${SLUG}/index.md:${lineOf(broken, 'Broken: ')}:9`;
    const message = 'value: no "sysbench" runs match where="server=<b>none</b>": server takes "MySQL 5.1.49sp1 built-in InnoDB", "MySQL 5.1.49sp1 InnoDB plugin", "MySQL 5.5.9"';
    const shown = await until('the error over the page', async () => panel((await server.page(path)).text), server);
    assert.ok(shown.includes(`<code>${at}</code>`), shown);
    assert.ok(shown.includes('where=&#34;server=&lt;b&gt;none&lt;/b&gt;&#34;'), shown);
    assert.ok(!shown.includes('<b>none</b>'));
    const page = (await server.page(path)).text;
    assert.ok(page.includes(`>${after}</a>`), 'the rest of the report is still there under the error');
    assert.ok(events.ids.includes(pageState(page)), 'an open page was told to reload');

    writeFileSync(index, article);
    await until('the page without the error', async () => {
      const { status, text } = await server.page(path);
      return status === 200 && panel(text) === null && text.includes(`>${after}</a>`);
    }, server);
    assert.equal(count(server.log(), `error: ${at}: ${message}\n`), 1, server.log());
    assert.match(server.log(), /^serve: no errors left$/m);
  } finally {
    live?.close();
    events?.close();
    const stopped = await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    if (server) assert.equal(stopped, 0, 'serve ends with status 0 on SIGTERM');
  }
});

test('serve stays up when its first build fails, prints each error once however many other reports change, and serves the site once they are fixed', { timeout: 600_000 }, async () => {
  const other = 'chart-gallery';
  const dir = siteWith([SLUG, other]);
  let server;
  try {
    // Two mistakes: a raw file the front matter lists that is not there, and a shortcode Hugo has no template for.
    const index = join(dir, 'content', 'reports', SLUG, 'index.md');
    const article = readFileSync(index, 'utf8');
    const broken = `${article.replace('file: raw/sysbench-5.5.9-ro.txt', 'file: raw/sysbench-5.5.9-ro-lost.txt')}\nBroken: {{< nosuch a="b" >}}\n`;
    writeFileSync(index, broken);
    const missing = `error: content/reports/${SLUG}/index.md:${lineOf(broken, 'sysbench-5.5.9-ro-lost.txt')}:1: expected a raw file beside the report (content/reports/${SLUG}/raw/sysbench-5.5.9-ro-lost.txt), found no such file\n`;
    const unknown = `error: content/reports/${SLUG}/index.md:${lineOf(broken, 'Broken: ')}:9: failed to extract shortcode: template for shortcode "nosuch" not found\n`;

    server = await serve(dir);
    const path = `/reports/${SLUG}/`;
    const shown = await until('both errors on the page', async () => {
      const { status, text } = await server.page(path);
      const list = panel(text);
      return status === 500 && list?.includes('sysbench-5.5.9-ro-lost.txt') && list.includes('&#34;nosuch&#34;') ? list : null;
    }, server, 180);
    assert.ok(shown.includes(`<code>content/reports/${SLUG}/index.md:${lineOf(broken, 'Broken: ')}:9</code>`), shown);
    assert.ok(panel((await server.page('/')).text), 'every page says what is wrong while Hugo cannot build');

    // Saves in another report rebuild it; the errors, still there, are not printed again.
    const otherIndex = join(dir, 'content', 'reports', other, 'index.md');
    for (const n of [1, 2]) {
      writeFileSync(otherIndex, `${readFileSync(otherIndex, 'utf8')}\nAn added sentence (${n}).\n`);
      await until(`rebuild ${n} of ${other}`, () => count(server.log(), `serve: ${other}: `) === n, server);
    }
    assert.equal(count(server.log(), missing), 1, server.log());
    assert.equal(count(server.log(), unknown), 1, server.log());

    writeFileSync(index, article);
    await until('the report page without errors', async () => {
      const { status, text } = await server.page(path);
      return status === 200 && text.includes('<h1') && panel(text) === null;
    }, server);
    assert.ok((await server.page(`/reports/${other}/`)).text.includes('An added sentence (2).'));
    assert.match(server.log(), /^serve: no errors left$/m);
    assert.equal(count(server.log(), missing), 1);

    // A report folder copied in whole while serving is ingested, compiled and served.
    cpSync(join(dir, 'content', 'reports', other), join(dir, 'content', 'reports', 'gallery-copy'), { recursive: true });
    const copied = await until('the copied report with its charts', async () => {
      const { status, text } = await server.page('/reports/gallery-copy/');
      return status === 200 && !text.includes('tps-view-pending') && chartSvgs(text).length ? text : null;
    }, server);
    assert.deepEqual(chartSvgs(copied), chartSvgs((await server.page(`/reports/${other}/`)).text));

  } finally {
    if (server) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a report folder removed while serving is served no more, and its data goes with it', { timeout: 600_000 }, async () => {
  const dir = siteWith([SLUG, 'mariadb-sysbench-threads']);
  let server;
  try {
    server = await serve(dir);
    const path = '/reports/mariadb-sysbench-threads/';
    await until('the report served', async () => (await server.page(path)).status === 200, server, 180);
    rmSync(join(dir, 'content', 'reports', 'mariadb-sysbench-threads'), { recursive: true });
    await until('the removed report gone', async () => (await server.page(path)).status === 404, server);
    assert.equal(existsSync(join(dir, 'data', 'reports', 'mariadb-sysbench-threads')), false);
    assert.equal((await server.page(`/reports/${SLUG}/`)).status, 200);
  } finally {
    if (server) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Every response at `paths`, read with Node's fetch, which refuses a response whose framing breaks HTTP/1.1 (a content-length beside transfer-encoding: chunked). */
async function responses(server, paths) {
  const out = [];
  for (const path of paths) {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`).catch((error) => assert.fail(`${path}: ${error.message} (${error.cause?.message ?? 'no cause'})`));
    const body = Buffer.from(await response.arrayBuffer());
    const length = response.headers.get('content-length');
    if (length !== null) assert.equal(Number(length), body.length, `${path}: content-length`);
    assert.ok(length === null || response.headers.get('transfer-encoding') === null, `${path}: content-length beside transfer-encoding`);
    out.push({ path, status: response.status, text: body.toString('utf8') });
  }
  return out;
}

test('every response is well formed, with the site as it is and while a front matter is broken', { timeout: 600_000 }, async () => {
  const dir = siteWith([SLUG]);
  let server;
  try {
    server = await serve(dir);
    const path = `/reports/${SLUG}/`;
    const page = await until('the report page', async () => {
      const { status, text } = await server.page(path);
      return status === 200 && chartSvgs(text).length ? text : null;
    }, server, 180);
    const chart = `${path}${/ src="([^"?]+)/.exec(chartSvgs(page)[0])[1]}`;
    const paths = ['/', path, chart, '/css/site.css', '/__tpsreport/serve.js', '/no-such-page/'];
    const normal = await responses(server, paths);
    assert.deepEqual(normal.map((r) => r.status), [200, 200, 200, 200, 200, 404]);

    const index = join(dir, 'content', 'reports', SLUG, 'index.md');
    writeFileSync(index, readFileSync(index, 'utf8').replace(/^title: .*$/m, 'title: [never closed'));
    await until('the front matter error on the page', async () => {
      const { status, text } = await server.page(path);
      return status === 500 && panel(text)?.includes('index.md:2:') ? text : null;
    }, server);
    const broken = await responses(server, paths);
    // Hugo's error page, chunked, with the problem panel added to it.
    assert.deepEqual(broken.slice(0, 2).map((r) => r.status), [500, 500]);
    assert.ok(panel(broken[1].text).includes(`content/reports/${SLUG}/index.md:2`), 'the broken page names the front matter line');
  } finally {
    if (server) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The markup of the error box in place of a view (scripts/problems/reporters.mjs, errorBlock), each one on the page. */
const errorBoxes = (html) => [...html.matchAll(/<(div|span) class="tps-view-error[^"]*" role="alert">[\s\S]*?<\/\1>/g)].map((m) => m[0]);
/** The table whose caption is `caption`, from its opening tag to its end. */
const tableWith = (html, caption) => {
  const at = html.indexOf(`<caption>${caption}`);
  return at < 0 ? null : html.slice(at, html.indexOf('</table>', at));
};

test('a shortcode with an error shows it in its place while every other block of the page shows its fresh figures', { timeout: 600_000 }, async () => {
  const dir = siteWith([SLUG]);
  let server;
  try {
    const index = join(dir, 'content', 'reports', SLUG, 'index.md');
    const article = readFileSync(index, 'utf8');
    // A raw file no source lists: ingest says so in a note, which is printed once however often the report is saved.
    cpSync(join(ROOT, OTHER_CAPTURE), join(dir, 'content', 'reports', SLUG, 'raw', 'unlisted.txt'));
    const note = `content/reports/${SLUG}/index.md: note: a raw file holds output a parser reads, but no source lists it: raw/unlisted.txt (sysbench)`;
    const rates = (file) => TRANSACTIONS.exec(readFileSync(join(dir, 'content', 'reports', SLUG, 'raw', file), 'utf8'))[1];
    const builtinRw = rates('sysbench-5.1-builtin-rw.txt');
    server = await serve(dir);
    const path = `/reports/${SLUG}/`;
    await until('the report page', async () => {
      const { status, text } = await server.page(path);
      return status === 200 && text.includes(`>${builtinRw}</a>`);
    }, server, 180);

    // One save: a value's where= names no server, another raw file gets a new figure, a new table is added.
    const good = 'where="server=MySQL 5.1.49sp1 built-in InnoDB;workload=read/write"';
    const bad = 'where="server=MySQL 5.1.49sp1 built-in InnoDX;workload=read/write"';
    assert.equal(count(article, good), 1);
    const added = 'Transactions per second, added while serving';
    const broken = `${article.replace(good, bad)}\n{{< table data="sysbench" metric="transactions.rate" rows="workload" columns="server" caption="${added}" >}}\n`;
    const rawPath = join(dir, 'content', 'reports', SLUG, 'raw', 'sysbench-5.5.9-rw.txt');
    const raw = readFileSync(rawPath, 'utf8');
    const other = TRANSACTIONS.exec(readFileSync(join(ROOT, OTHER_CAPTURE), 'utf8'));
    assert.ok(!article.includes(other[1]) && !raw.includes(other[1]));
    writeFileSync(rawPath, raw.replace(TRANSACTIONS, other[0]));
    writeFileSync(index, broken);
    const brokenLine = broken.split('\n')[lineOf(broken, bad) - 1];
    const at = `content/reports/${SLUG}/index.md:${lineOf(broken, bad)}:${brokenLine.indexOf('{{<') + 1}`;
    const message = 'value: no "sysbench" runs match where="server=MySQL 5.1.49sp1 built-in InnoDX;workload=read/write": server takes "MySQL 5.1.49sp1 built-in InnoDB", "MySQL 5.1.49sp1 InnoDB plugin", "MySQL 5.5.9" (did you mean "MySQL 5.1.49sp1 built-in InnoDB"?)';
    const page = await until('the error in place of the broken value', async () => {
      const { text } = await server.page(path);
      return errorBoxes(text).length && tableWith(text, added) ? text : null;
    }, server);
    const boxes = errorBoxes(page);
    assert.equal(boxes.length, 1, boxes.join('\n'));
    assert.ok(boxes[0].includes(`<code>${at}</code>`), boxes[0]);
    assert.ok(boxes[0].includes('built-in InnoDX;workload=read/write&#34;: server takes'), boxes[0]);
    assert.ok(!/\d<\/a>/.test(boxes[0]), 'no figure in the error box');
    // The broken value's figure is nowhere in the sentence that held it.
    const sentence = page.slice(page.indexOf('In read/write mode the built-in engine'), page.indexOf('for the plugin on the very same'));
    assert.ok(sentence.includes(boxes[0]) && !sentence.includes(`>${builtinRw}</a>`), sentence);

    // Every other block shows the raw files' figures as they are now: the new one in the value, the table, the added table.
    const now = ['5.1-builtin-rw', '5.1-builtin-ro', '5.1-plugin-rw', '5.1-plugin-ro', '5.5.9-rw', '5.5.9-ro'].map((name) => rates(`sysbench-${name}.txt`));
    assert.equal(now[4], other[1]);
    const table = tableWith(page, added);
    for (const rate of now) assert.ok(table.includes(`>${rate}</a>`), `${rate} in the added table:\n${table}`);
    const before = tableWith(page, 'sysbench OLTP transactions per second by server');
    for (const rate of now) assert.ok(before.includes(`>${rate}</a>`), `${rate} in the article's table`);
    const plugin55 = page.slice(page.indexOf('for the plugin on the very same'), page.indexOf('for MySQL 5.5.9.'));
    assert.ok(plugin55.includes(`>${other[1]}</a>`), plugin55);
    assert.ok(!page.includes('tps-view-pending'));
    assert.ok(panel(page).includes(`<code>${at}</code>`), 'the error is listed over the page too');

    // The terminal lists the error once for that save, and says it is open.
    const error = `error: ${at}: ${message}\n`;
    await until('the error in the terminal', () => server.log().includes(error), server);
    assert.equal(count(server.log(), error), 1, server.log());
    assert.match(server.log(), new RegExp(`^serve: ${SLUG}: 1 raw file parsed, \\d+ views built, 1 error open, in \\d+ ms$`, 'm'));

    // A second save, of prose alone: the error, still open, is listed again; the note is not.
    const saves = count(server.log(), `serve: ${SLUG}: `);
    writeFileSync(index, broken.replace('## Results', '## Results as measured'));
    await until('the second save built', () => count(server.log(), `serve: ${SLUG}: `) === saves + 1, server);
    assert.equal(count(server.log(), error), 2, server.log());
    assert.equal(count(server.log(), note), 1, server.log());

    // Fixed: the value is back, with no error box anywhere.
    writeFileSync(index, article);
    await until('the page without the error', async () => {
      const { status, text } = await server.page(path);
      return status === 200 && !errorBoxes(text).length && panel(text) === null && text.includes(`>${builtinRw}</a>`) && !text.includes(added);
    }, server);
    assert.match(server.log(), /^serve: no errors left$/m);
    assert.equal(count(server.log(), note), 1, server.log());
    assert.equal(count(server.log(), error), 2, server.log());
  } finally {
    if (server) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
