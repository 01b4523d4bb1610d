import fc from 'fast-check';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { isPlainEdit, type TextEdit } from './plainEdit';

// The parser Milkdown runs (remark with GFM), so "plain" is checked against real markdown.
const processor = unified().use(remarkParse).use(remarkGfm);

interface Tree {
  type: string;
  children?: Tree[];
  [key: string]: unknown;
}

/** The structure of a parse: node types and the attributes that shape blocks, not the words. */
function shape(node: Tree): unknown {
  const { type, children, depth, ordered, start, spread, checked, align } = node;
  return {
    type,
    depth,
    ordered,
    start,
    spread,
    checked,
    align,
    children: children?.map(shape),
  };
}

const parseShape = (text: string) => shape(processor.parse(text) as Tree);

function applyEdit(text: string, e: TextEdit): string {
  return text.slice(0, e.from) + e.insert + text.slice(e.to);
}

describe('isPlainEdit', () => {
  it('takes a word replaced in the middle of prose', () => {
    const text = 'Some words here, and more.\n';
    expect(isPlainEdit(text, [{ from: 5, to: 10, insert: 'thing' }])).toBe(true);
  });

  it('takes typing at the end of a line and inside emphasis', () => {
    expect(isPlainEdit('- item one\n', [{ from: 10, to: 10, insert: 's' }])).toBe(true);
    expect(isPlainEdit('an _emphasised_ word\n', [{ from: 4, to: 14, insert: 'other' }])).toBe(
      true,
    );
  });

  it('refuses what could change the structure', () => {
    // Trailing spaces before a line break (a hard break).
    expect(isPlainEdit('one \ntwo\n', [{ from: 3, to: 3, insert: ' ' }])).toBe(false);
    // Indentation at the start of a line.
    expect(isPlainEdit('one\n', [{ from: 0, to: 0, insert: '    ' }])).toBe(false);
    // A digit that starts a line could become a list marker.
    expect(isPlainEdit('a\n\nx. one\n', [{ from: 3, to: 4, insert: '1' }])).toBe(false);
    // Letters inside a reference label, an entity, a URL.
    expect(isPlainEdit('[foo bar baz]\n', [{ from: 5, to: 8, insert: 'qux' }])).toBe(false);
    expect(isPlainEdit('a &amp; b\n', [{ from: 3, to: 6, insert: 'lt' }])).toBe(false);
    expect(isPlainEdit('see www.example.com\n', [{ from: 8, to: 15, insert: 'x' }])).toBe(false);
    // Emptying emphasis.
    expect(isPlainEdit('a *b* c\n', [{ from: 3, to: 4, insert: '' }])).toBe(false);
  });

  it('never passes an edit that changes how the text parses', () => {
    const fragment = fc.constantFrom(
      'a',
      'b',
      'x',
      '1',
      '2',
      ' ',
      ' ',
      '  ',
      '\n',
      '\n',
      '\n\n',
      '*',
      '_',
      '~',
      '#',
      '>',
      '-',
      '+',
      '.',
      ')',
      '(',
      '[',
      ']',
      '<',
      '>',
      '&',
      ';',
      '\\',
      '`',
      '|',
      ':',
      '/',
      '@',
      '=',
      '!',
      'www.',
      'http://',
      '&amp;',
      '[a]: /u\n',
      '<span>',
      '1. ',
      '- ',
      '    ',
      '| a | b |\n| - | - |\n',
      '-:',
      '|',
      '==',
      '# ',
      '> ',
      '***',
      '___',
      '1)',
      '* ',
      '+ ',
      '~~',
      '``',
      '```\n',
      'word',
      '\nab\n',
    );
    const text = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));
    const insert = fc
      .array(fc.constantFrom('a', 'b', 'x', 'y', '1', '0', ' ', 'é'), { maxLength: 4 })
      .map((parts) => parts.join(''));
    const runs = Number(process.env.FUZZ_RUNS ?? 1000);
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(3), insert, (t, at, length, ins) => {
        const from = at % (t.length + 1);
        const edit = { from, to: Math.min(t.length, from + length), insert: ins };
        fc.pre(isPlainEdit(t, [edit]));
        expect(parseShape(applyEdit(t, edit))).toEqual(parseShape(t));
      }),
      { numRuns: runs },
    );
  }, 120_000);
});
