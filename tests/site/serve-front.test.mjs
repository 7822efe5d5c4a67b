// The headers serve's front server passes on from Hugo: those of the
// response itself, never those of Hugo's connection to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endToEnd } from '../../scripts/site/serve-front.mjs';

test('a chunked answer loses its framing and connection headers; a rewritten body loses its old length too', () => {
  const hugo = { 'content-type': 'text/html; charset=utf-8', 'transfer-encoding': 'chunked', connection: 'keep-alive, x-hugo-hint', 'keep-alive': 'timeout=5', 'x-hugo-hint': '1', date: 'Wed, 02 Dec 2026 11:20:28 GMT' };
  assert.deepEqual(endToEnd(hugo), { 'content-type': 'text/html; charset=utf-8', date: 'Wed, 02 Dec 2026 11:20:28 GMT' });
  const sized = { 'content-type': 'image/svg+xml', 'content-length': '1234' };
  assert.deepEqual(endToEnd(sized), sized);
  assert.deepEqual(endToEnd(sized, { body: false }), { 'content-type': 'image/svg+xml' });
});
