import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import {
  highlight,
  highlightFromMarkdown,
  highlightToMarkdown,
  TYPED_HIGHLIGHT,
} from './highlightSyntax';

const parse = (text: string): Root =>
  fromMarkdown(text, {
    extensions: [gfm(), highlight()],
    mdastExtensions: [gfmFromMarkdown(), highlightFromMarkdown()],
  });

const write = (tree: Root): string =>
  toMarkdown(tree, { extensions: [gfmToMarkdown(), highlightToMarkdown()] });

/** The tree as a compact string: `==…==` for a highlight, other nodes by type, text as is. */
function shape(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'inlineCode') return `code(${node.value})`;
  const inner = 'children' in node ? node.children.map((c) => shape(c as Nodes)).join('') : '';
  if (node.type === 'highlight') return `[${inner}]`;
  if (node.type === 'root' || node.type === 'paragraph') return inner;
  return `${node.type}(${inner})`;
}

const read = (text: string) => shape(parse(text));

describe('highlight syntax', () => {
  it.each([
    ['a ==marked== word', 'a [marked] word'],
    ['==two words==', '[two words]'],
    ['==a==', '[a]'],
    ['a==b==c', 'a[b]c'],
    ['中文==高亮==文字', '中文[高亮]文字'],
    ['文字==「引用」==文字', '文字[「引用」]文字'],
    ['한국어 ==강조== 문장', '한국어 [강조] 문장'],
    ['**==both==**', 'strong([both])'],
    ['==**both**==', '[strong(both)]'],
    ['==a *b* c==', '[a emphasis(b) c]'],
    ['[==in a link==](https://example.com)', 'link([in a link])'],
    ['==line\nbreak==', '[line\nbreak]'],
    ['==a==b==', '[a]b=='],
    ['==a ==b== c==', '[a [b] c]'],
  ])('%j is highlighted', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    ['== spaced ==', 'spaces right inside the markers'],
    ['==left ==', 'a space before the closer'],
    ['== right==', 'a space after the opener'],
    ['===three===', 'runs of three'],
    ['====', 'four'],
    ['=one=', 'single markers'],
    ['\\==escaped==', 'an escaped first marker'],
    ['a == b', 'a comparison'],
    ['if a==b then', 'one marker alone'],
    ['==a [b== c](https://example.com)', 'markers on both sides of a link boundary'],
  ])('%j stays text (%s)', (text) => {
    expect(read(text)).not.toContain('[');
  });

  it('is text inside code spans and autolinks', () => {
    expect(read('`==a==`')).toBe('code(==a==)');
    expect(read('<https://example.com/?q==a==>')).toBe('link(https://example.com/?q==a==)');
  });

  it('works inside table cells, quotes and list items', () => {
    const tree = parse('| ==a== | b |\n| --- | --- |\n| c | ==d== |\n\n> ==q==\n\n- ==l==\n');
    expect(shape(tree)).toBe(
      'table(tableRow(tableCell([a])tableCell(b))tableRow(tableCell(c)tableCell([d])))' +
        'blockquote([q])list(listItem([l]))',
    );
  });

  it('keeps the source offsets of the highlight', () => {
    const node = parse('ab ==cd== ef').children[0];
    const mark = node.type === 'paragraph' ? node.children[1] : undefined;
    expect(mark?.type).toBe('highlight');
    expect(mark?.position?.start.offset).toBe(3);
    expect(mark?.position?.end.offset).toBe(9);
  });
});

describe('writing highlights', () => {
  it.each([
    'a ==marked== word\n',
    '==**both**== and **==both==**\n',
    '中文==高亮==文字\n',
    '| ==a== | b |\n| ----- | - |\n',
  ])('%j is written back as it was', (text) => {
    expect(write(parse(text))).toBe(text);
  });

  it('escapes text that would read as a highlight, and only that', () => {
    const text = (value: string): Root => ({
      type: 'root',
      children: [{ type: 'paragraph', children: [{ type: 'text', value }] }],
    });
    expect(write(text('a==b==c'))).toBe('a\\==b\\==c\n');
    expect(read(write(text('a==b==c')))).toBe('a==b==c');
    expect(write(text('x = y, a === b, c=d'))).toBe('x = y, a === b, c=d\n');
  });
});

describe('typing a highlight', () => {
  it.each([
    ['some ==word==', 'word'],
    ['==two words==', 'two words'],
    ['中文==高亮==', '高亮'],
  ])('%j ends with a typed highlight', (before, content) => {
    expect(TYPED_HIGHLIGHT.exec(before)?.[1]).toBe(content);
  });

  it.each(['== word==', '==word ==', '===word==', 'a ==', '====', 'x ==a=b=='])(
    '%j does not',
    (before) => {
      expect(TYPED_HIGHLIGHT.test(before)).toBe(false);
    },
  );
});
