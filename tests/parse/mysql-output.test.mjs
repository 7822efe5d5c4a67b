// The shared reader of mysql/mariadb client output: the table logic every
// SHOW / INFORMATION_SCHEMA parser relies on, tested once here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createResultReader, matchFooter, matchPrompt, unwrap } from '../../scripts/parse/shared/mysql-output.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

function read(text, labels = []) {
  const results = [];
  const reader = createResultReader({ labels, onResult: (r) => results.push(r) });
  const other = [];
  text.split('\n').forEach((line, i) => {
    const left = reader.push(line, i + 1);
    if (left) other.push(left.text);
  });
  reader.end();
  return { results, other, notes: reader.notes, warnings: reader.warnings, client: reader.client };
}

test('a bordered table splits on | even when padding is collapsed and borders do not line up', () => {
  const { results } = read('+--------+------------+\n| Type | Name | Status |\n+---+\n| InnoDB | log0log.cc:844 | os_waits=1 |\n+---+\n');
  assert.equal(results.length, 1);
  assert.deepEqual(results[0].columns, ['Type', 'Name', 'Status']);
  assert.deepEqual(results[0].rows[0].cells, ['InnoDB', 'log0log.cc:844', 'os_waits=1']);
});

test('a value holding | is cut at the border columns when the row is exactly as wide as its border', () => {
  const text = [
    '+-------------------+----------------+',
    '| Variable_name     | Value          |',
    '+-------------------+----------------+',
    '| ft_boolean_syntax | + -><()~*:""&| |',
    '+-------------------+----------------+',
  ].join('\n');
  assert.deepEqual(read(text).results[0].rows[0].cells, ['ft_boolean_syntax', '+ -><()~*:""&|']);
});

test('the footer row count and time attach to the table before it; Empty set is a result with no rows', () => {
  const { results } = read('mysql> show engine innodb mutex;\nEmpty set (0.00 sec)\n\nmysql> select 1 as a;\n+---+\n| a |\n+---+\n| 1 |\n+---+\n1 row in set (0.0111 sec)\n');
  assert.equal(results[0].form, 'empty');
  assert.equal(results[0].statement.text, 'show engine innodb mutex;');
  assert.equal(results[1].footer.rows, 1);
  assert.deepEqual(results[1].footer.seconds, { value: 0.0111, text: '0.0111', unit: 's', line: 10 });
});

test('a footer counting more rows than were read is a note at the footer line and makes the capture incomplete', () => {
  const results = [];
  const reader = createResultReader({ onResult: (r) => results.push(r) });
  '+---+\n| a |\n+---+\n| 1 |\n+---+\n3 rows in set (0.00 sec)\n'.split('\n').forEach((line, i) => reader.push(line, i + 1));
  reader.end();
  assert.deepEqual(results[0].rows.map((r) => r.cells), [['1']], 'the row read is kept');
  assert.deepEqual(reader.warnings, []);
  assert.deepEqual(reader.notes.filter((n) => n.kind === 'short-result').map((n) => n.line), [6]);
  assert.equal(reader.incomplete.line, 6);
  assert.match(reader.incomplete.reason, /counts 3 rows, but the result that starts at line 1 holds 1/);
});

test('a footer counting fewer rows than were read stays a warning: nothing is missing', () => {
  const { warnings } = read('+---+\n| a |\n+---+\n| 1 |\n| 2 |\n+---+\n1 row in set (0.00 sec)\n');
  assert.deepEqual(warnings.map((w) => w.line), [7]);
});

test('a \\G record without its row line starts at a label the caller named, and a repeated label starts the next', () => {
  const { results } = read('Name: t1\nEngine: InnoDB\nName: t2\nEngine: MyISAM\n', ['Name', 'Engine']);
  assert.equal(results[0].form, 'vertical');
  assert.deepEqual(results[0].rows.map((r) => r.values), [{ Name: 't1', Engine: 'InnoDB' }, { Name: 't2', Engine: 'MyISAM' }]);
});

test('joined `A: x B: y` lines split only on labels the caller named, so a value may contain `word:`', () => {
  const { results } = read('*** 1. row ***\nName: t1 Engine: MyISAM\nComment: note: keep Version: 10\n', ['Name', 'Engine', 'Comment', 'Version']);
  assert.deepEqual(results[0].rows[0].values, { Name: 't1', Engine: 'MyISAM', Comment: 'note: keep', Version: '10' });
});

test('an author note after two spaces and # leaves the value and becomes an annotation note', () => {
  const { results, notes } = read('*************************** 1. row ***************************\n  Engine: MyISAM  #the table type\n');
  assert.equal(results[0].rows[0].values.Engine, 'MyISAM');
  assert.deepEqual(notes, [{ line: 2, text: '# the table type', kind: 'annotation' }]);
});

test('batch output: a TAB header of known labels, rows padded where normalisation dropped trailing empty cells', () => {
  const { results } = read('Variable_name\tValue\ninnodb_ft_server_stopword_table\nversion\t10.11.19\n', ['Variable_name', 'Value']);
  assert.equal(results[0].form, 'batch');
  assert.deepEqual(results[0].rows.map((r) => r.cells), [['innodb_ft_server_stopword_table', ''], ['version', '10.11.19']]);
});

test('two \\G results printed back to back without a footer split where the second one numbers its rows from 1 again', () => {
  const text = '*** 1. row ***\nName: t1\n*** 2. row ***\nName: t2\n*** 1. row ***\nName: t3\n';
  const { results } = read(text, ['Name']);
  assert.deepEqual(results.map((r) => [r.lines, r.rows.map((row) => row.values.Name)]), [
    [{ first: 1, last: 4 }, ['t1', 't2']],
    [{ first: 5, last: 6 }, ['t3']],
  ]);
});

function readBatch(text, batchRow) {
  const results = [];
  const other = [];
  const reader = createResultReader({ labels: ['a', 'b'], batchRow, onResult: (r) => results.push(r) });
  text.split('\n').forEach((line, i) => {
    const left = reader.push(line, i + 1);
    if (left) other.push(left.text);
  });
  reader.end();
  return { results, other };
}

test('batch output: a caller whose rows always have a second cell ends the result at a line without a TAB', () => {
  const text = 'a\tb\nx\t1\n-- next\na\tb\ny\t2\n';
  const kept = readBatch(text);
  assert.deepEqual(kept.results[0].rows.map((r) => r.cells), [['x', '1'], ['-- next', '']]);
  const split = readBatch(text, (line) => line.includes('\t'));
  assert.deepEqual(split.results.map((r) => r.rows.map((row) => row.cells)), [[['x', '1']], [['y', '2']]]);
  assert.deepEqual(split.other, ['-- next']);
});

test('`// ` prefixes and indentation are stripped with the offset kept for error columns', () => {
  assert.deepEqual(unwrap('//   | a |'), { text: '| a |', offset: 5, commented: true });
});

test('prompts of mysql, MariaDB and custom --prompt settings are recognised; hammerdb> is not', () => {
  assert.equal(matchPrompt('MariaDB [slurm_acct_db]> SHOW TABLE STATUS;').client, 'mariadb');
  assert.equal(matchPrompt('(root@localhost) [emp]> select 1;').statement, 'select 1;');
  assert.equal(matchPrompt('hammerdb>vurun'), null);
});

test('footers with warnings, with the row count lost, and in MySQL Shell precision are footers', () => {
  assert.deepEqual(matchFooter('2 rows in set, 1 warning (0.01 sec)'), { rows: 2, seconds: '0.01', empty: false });
  assert.deepEqual(matchFooter('row in set (0.00 sec)'), { rows: null, seconds: '0.00', empty: false });
  assert.equal(matchFooter('Empty set (0.000 sec)').empty, true);
});

test('a bordered table that stops before its closing border is a Problem at the end of the input', () => {
  assert.throws(() => read('+---+\n| a |\n+---+\n| 1 |\n'), (e) => e instanceof Problem && e.line === 5 && /closing border/.test(e.message));
});

test('echoed statements of mysql -vvv become the statement of the next result', () => {
  const { results } = read('--------------\nselect * from information_schema.INNODB_CMP\n--------------\n\n+---+\n| a |\n+---+\n| 1 |\n+---+\n1 row in set (0.00 sec)\n');
  assert.deepEqual(results[0].statement, { text: 'select * from information_schema.INNODB_CMP', line: 2 });
});

test('a mysql -vvv table without the footer -vvv prints after it is cut there; -v (tab-separated rows) has no footer', () => {
  assert.throws(() => read('--------------\nselect 1\n--------------\n\n+---+\n| 1 |\n+---+\n| 1 |\n+---+\n'),
    (e) => e instanceof Problem && e.toString() === '<input>:10:1: expected the "N rows in set" footer of the result that starts at line 5, found end of file');
  assert.equal(read('--------------\nselect 1 a, 2 b\n--------------\n\na\tb\n1\t2\n').results.length, 1);
});
