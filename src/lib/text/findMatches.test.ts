import { describe, expect, it } from 'vitest';
import {
  compileQuery,
  findAll,
  matchAtOrAfter,
  replacementFor,
  type FindQuery,
} from './findMatches';

const q = (text: string, options: Partial<FindQuery> = {}): FindQuery => ({
  text,
  caseSensitive: false,
  wholeWord: false,
  regex: false,
  ...options,
});

function find(text: string, query: FindQuery) {
  const pattern = compileQuery(query);
  if (!(pattern instanceof RegExp)) throw new Error(pattern.error);
  return findAll(text, pattern).map((m) => text.slice(m.from, m.to));
}

describe('finding', () => {
  it('finds literal text, ignoring case unless asked', () => {
    expect(find('Cat cat CAT.', q('cat'))).toEqual(['Cat', 'cat', 'CAT']);
    expect(find('Cat cat CAT.', q('cat', { caseSensitive: true }))).toEqual(['cat']);
    expect(find('a.b axb', q('a.b'))).toEqual(['a.b']);
    expect(find('(1+1)', q('(1+1)'))).toEqual(['(1+1)']);
  });

  it('finds whole words only when asked, in any script', () => {
    expect(find('cat concat cats cat_x cat.', q('cat', { wholeWord: true }))).toEqual([
      'cat',
      'cat',
    ]);
    expect(find('café cafés', q('café', { wholeWord: true }))).toEqual(['café']);
    expect(find('책을 책', q('책', { wholeWord: true }))).toEqual(['책']);
  });

  it('finds regular expressions, lines anchored per line', () => {
    expect(find('a1 b22 c333', q('\\d+', { regex: true }))).toEqual(['1', '22', '333']);
    expect(find('one\ntwo\n', q('^\\w', { regex: true }))).toEqual(['o', 't']);
    expect(find('「一」『二』', q('[「『](.)[」』]', { regex: true }))).toEqual([
      '「一」',
      '『二』',
    ]);
  });

  it('never answers an empty match, and does not split an emoji stepping over one', () => {
    expect(find('aaa', q('a*', { regex: true }))).toEqual(['aaa']);
    expect(find('😀x', q('x?', { regex: true }))).toEqual(['x']);
    expect(find('abc', q('^', { regex: true }))).toEqual([]);
  });

  it('refuses an empty query and a broken pattern with a sentence', () => {
    expect(compileQuery(q(''))).toEqual({ error: 'Type something to find.' });
    const broken = compileQuery(q('a(b', { regex: true }));
    expect(broken).toMatchObject({
      error: expect.stringMatching(/^Not a valid regular expression: /),
    });
    expect(compileQuery(q('a(b'))).toBeInstanceOf(RegExp);
  });

  it('stops at the limit', () => {
    const pattern = compileQuery(q('a'));
    if (!(pattern instanceof RegExp)) throw new Error('no pattern');
    expect(findAll('a'.repeat(50), pattern, 10)).toHaveLength(10);
  });
});

describe('replacing', () => {
  const first = (text: string, query: FindQuery) => {
    const pattern = compileQuery(query);
    if (!(pattern instanceof RegExp)) throw new Error(pattern.error);
    return findAll(text, pattern)[0];
  };

  it('expands group references in regex mode only', () => {
    const m = first('2026-12-03', q('(\\d+)-(?<month>\\d+)-(\\d+)', { regex: true }));
    expect(replacementFor(m, '$3.$<month>.$1 ($&) $$5', true)).toBe('03.12.2026 (2026-12-03) $5');
    expect(replacementFor(m, '$3.$1', false)).toBe('$3.$1');
    expect(replacementFor(m, '$9 $<nope> $0', true)).toBe('$9 $<nope> $0');
    expect(replacementFor(m, '$10', true)).toBe('20260');
  });

  it('picks the match at or after the cursor, wrapping around', () => {
    const pattern = compileQuery(q('x'));
    if (!(pattern instanceof RegExp)) throw new Error('no pattern');
    const matches = findAll('x x x', pattern);
    expect(matchAtOrAfter(matches, 0)).toBe(0);
    expect(matchAtOrAfter(matches, 1)).toBe(1);
    expect(matchAtOrAfter(matches, 5)).toBe(0);
    expect(matchAtOrAfter([], 0)).toBe(-1);
  });
});
