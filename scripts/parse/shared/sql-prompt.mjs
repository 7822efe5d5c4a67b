// The prompts of the mysql / mariadb command-line client, as copies of an
// interactive session show them before a statement: `mysql>`, `MariaDB [db]>`,
// common custom `--prompt` settings, and the continuation prompts of a
// statement that goes on over several lines. Every parser that meets client
// sessions (client results, sysbench logs, timed statements) reads them here.

// Prompts of the client and common custom `--prompt` settings; `hammerdb>` is another tool's.
const PROMPTS = [
  [/^(mysql)> ?(.*)$/, 'mysql'],
  [/^(MariaDB \[[^\]]*\])> ?(.*)$/, 'mariadb'],
  // `--prompt="(\u@\h) [\d]> "` and the like.
  [/^(\([^()]*\) \[[^\]]*\])> ?(.*)$/, null],
  [/^(mysql \[[^\]]*\] \{[^}]*\} \([^)]*\)) ?> ?(.*)$/, 'mysql'], // dbdeployer sandboxes
  [/^(MySQL +[^>]*? (?:SQL|JS|Py)) ?> ?(.*)$/, 'mysqlsh'],
];
const CONTINUATION = /^\s*(?:->|'>|">|`>|\/\*>)\s?(.*)$/;

/** A prompt line → {prompt, client, statement}; null otherwise. `client` is null for a custom prompt that names none. */
export function matchPrompt(text) {
  for (const [re, client] of PROMPTS) {
    const m = re.exec(text);
    if (m) return { prompt: m[1], client, statement: m[2].trim() };
  }
  return null;
}

/** A continuation line (`->`, `'>`, …) → the text after its prompt; null otherwise. */
export function matchContinuation(text) {
  const m = CONTINUATION.exec(text);
  return m ? m[1] : null;
}
