// The messages pgbench prints on stderr, in both of its modes (a run and
// `pgbench -i`): `pgbench: error: …` (PostgreSQL 12 and later, `fatal:` in
// 12–14, bare `pgbench: …` before); the server's own messages, which libpq
// prints as they come with two spaces after the severity (`FATAL:  terminating
// connection due to administrator command`, `NOTICE:  table … does not
// exist, skipping`); and the DETAIL/HINT/CONTEXT lines under a server error.
const MESSAGE = /^pgbench: (?:(error|fatal|warning|detail|hint|log|debug): )?(.*)$/;
const SERVER = /^(PANIC|FATAL|ERROR|WARNING|NOTICE|INFO|LOG|DEBUG): {2}(.*)$/;
const LIBPQ_DETAIL = /^(DETAIL|HINT|CONTEXT): {1,2}(.*)$/;

/**
 * The message `text` (a trimmed line) holds, as { level, text, line }, or
 * null. A DETAIL/HINT/CONTEXT line counts only right under another message
 * (`messages` so far): elsewhere it would be some other program's.
 */
export function pgbenchMessage(text, lineNo, messages) {
  const m = MESSAGE.exec(text);
  if (m) return { level: m[1] ?? 'error', text: m[2], line: lineNo };
  const server = SERVER.exec(text);
  if (server) return { level: server[1].toLowerCase(), text: server[2], line: lineNo };
  const previous = messages[messages.length - 1];
  const detail = previous?.line === lineNo - 1 && LIBPQ_DETAIL.exec(text);
  return detail ? { level: detail[1].toLowerCase(), text: detail[2], line: lineNo } : null;
}
