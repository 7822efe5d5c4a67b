// The client's prompts are read by one module (scripts/parse/shared/sql-prompt.mjs):
// client results, sysbench logs and timed statements take a prompt line alike,
// and no other parser keeps a pattern of its own for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { matchPrompt, matchContinuation } from '../../scripts/parse/shared/sql-prompt.mjs';
import { parseText } from '../../scripts/parse/index.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const PROMPTS = [
  ['mysql> SELECT SLEEP(1);', 'mysql'],
  ['MariaDB [test]> SELECT SLEEP(1);', 'mariadb'],
  ['(root@localhost) [test]> SELECT SLEEP(1);', null],
  ['mysql [localhost:8032] {msandbox} (test) > SELECT SLEEP(1);', 'mysql'],
  ['MySQL  localhost:33060+ ssl  test  SQL > SELECT SLEEP(1);', 'mysqlsh'],
];
const RESULT = '+----------+\n| SLEEP(1) |\n+----------+\n|        0 |\n+----------+\n1 row in set (1.00 sec)\n';

test('each prompt form is a prompt, with the client it names and the statement after it', () => {
  for (const [line, client] of PROMPTS) {
    assert.deepEqual([matchPrompt(line)?.client, matchPrompt(line)?.statement], [client, 'SELECT SLEEP(1);'], line);
  }
  for (const line of ['hammerdb>', 'mysql: [Warning] Using a password', '| mysql> |', '100% done']) assert.equal(matchPrompt(line), null, line);
  assert.equal(matchContinuation("    -> WHERE id < 10;"), 'WHERE id < 10;');
  assert.equal(matchContinuation('->'), '');
  assert.equal(matchContinuation('WHERE id < 10;'), null);
});

test('timed statements and sysbench logs take every prompt form as a prompt', () => {
  for (const [line] of PROMPTS) {
    const timed = parseText(`${line}\n${RESULT}`, { format: 'elapsed-time' });
    assert.deepEqual([timed.timings.length, timed.timings[0].command, timed.timings[0].real.text], [1, 'SELECT SLEEP(1);', '1.00 sec'], line);
    const log = parseText(`${line}\nsysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 8\n`, { format: 'sysbench' });
    assert.deepEqual(log.notes[0], { line: 1, text: line, kind: 'prompt' }, line);
  }
});

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.mjs') ? [join(dir, e.name)] : []));
}

test('no module but sql-prompt.mjs keeps a pattern of the client\'s prompts', () => {
  // A regular expression naming the MariaDB prompt (`MariaDB \[`) or anchoring `mysql>` (`^(mysql)>`).
  const PATTERN = /MariaDB \\\[|\^\(?mysql\)?>/;
  const holders = sources(join(ROOT, 'scripts')).filter((p) => PATTERN.test(readFileSync(p, 'utf8'))).map((p) => relative(ROOT, p).split('\\').join('/'));
  assert.deepEqual(holders, ['scripts/parse/shared/sql-prompt.mjs']);
});
