import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanShortcodes, viewKey } from '../../scripts/compile/shortcodes.mjs';
import { Problem } from '../../scripts/problems/problem.mjs';

const page = `---
title: x
---
Intro with {{< value data="sysbench" metric="transactions.rate" where="server=A" >}} inline.

{{< chart kind="lines" name="a" top=10 title=\`raw "quoted"\` >}}

Not a shortcode: {{</* chart kind="lines" */>}}

{{< compare by="server" baseline="A" >}}
- { title: TPS, data: sysbench, metric: transactions.rate }
{{< /compare >}}
{{% table data="x" %}}
`;

test('scanShortcodes lists every shortcode in page order with its line, column and named parameters', () => {
  const found = scanShortcodes(page, 'index.md');
  assert.deepEqual(found.map((s) => [s.name, s.line, s.column]), [['value', 4, 12], ['chart', 6, 1], ['compare', 10, 1], ['table', 13, 1]]);
  assert.deepEqual(found[0].params, { data: 'sysbench', metric: 'transactions.rate', where: 'server=A' });
  assert.deepEqual(found[1].positional, []);
});

test('scanShortcodes reads double-quoted, backtick and bare values, and skips commented-out examples', () => {
  const chart = scanShortcodes(page, 'index.md')[1];
  assert.equal(chart.params.top, '10');
  assert.equal(chart.params.title, 'raw "quoted"');
  assert.equal(scanShortcodes(page, 'index.md').filter((s) => s.name === 'chart').length, 1);
});

test('scanShortcodes gives a paired shortcode the text between its tags as inner, and others none', () => {
  const [value, , compare] = scanShortcodes(page, 'index.md');
  assert.equal(value.inner, null);
  assert.equal(compare.inner, '\n- { title: TPS, data: sysbench, metric: transactions.rate }\n');
});

test('a view key depends on the name, parameters and inner text, not on parameter order or position', () => {
  const a = scanShortcodes('{{< value data="x" metric="y" >}}', 'a.md')[0];
  const b = scanShortcodes('\n\n  {{< value metric="y" data="x" >}}', 'b.md')[0];
  const c = scanShortcodes('{{< value metric="z" data="x" >}}', 'c.md')[0];
  assert.equal(a.key, b.key);
  assert.notEqual(a.key, c.key);
  assert.equal(a.key, viewKey({ name: 'value', params: { metric: 'y', data: 'x' }, inner: null }));
  assert.match(a.key, /^[0-9a-f]{64}$/);
});

test('an unterminated shortcode is refused at its line', () => {
  assert.throws(() => scanShortcodes('a\n\n{{< value data="x"\n', 'index.md'), (e) => e instanceof Problem && e.line === 3 && /closing >}} for the value shortcode/.test(e.message));
  assert.throws(() => scanShortcodes('{{< value data="x >}}', 'index.md'), (e) => e instanceof Problem && /closing "/.test(e.message));
});

test('a closing tag closes only the shortcode of its whole name, not one whose name starts it', () => {
  const [config, diff] = scanShortcodes('{{< config data="my.cnf" >}}\n\n{{< config-diff by="server" >}}\nnotes\n{{< /config-diff >}}\n', 'index.md');
  assert.equal(config.inner, null);
  assert.deepEqual([diff.name, diff.inner], ['config-diff', '\nnotes\n']);
});

test('a shortcode whose closer is mistyped, or whose value lost its closing quote, is refused where it goes wrong, not taken for a positional parameter', () => {
  const page = (tag) => `Some prose.\n${tag}\nMore "quoted" prose.\n{{< chart name="x" >}}\n`;
  assert.throws(() => scanShortcodes(page('{{< table data="sysbench" caption="Transactions per second" >}'), 'index.md'), (e) => String(e) === 'index.md:2:61: expected >}} closing the table shortcode, found ">}"');
  assert.throws(() => scanShortcodes(page('{{< table data="sysbench" caption="Transactions per second >}}'), 'index.md'), (e) => String(e) === 'index.md:2:35: expected a closing " for the parameter value before >}}, found >}} inside it');
  assert.deepEqual(scanShortcodes('{{< table data="x"\n   caption="a > b" >}}', 'index.md').map((sc) => [sc.name, sc.params.caption]), [['table', 'a > b']]);
});
