import { describe, expect, it } from 'vitest';
import { applySplices, diffSplice } from './textEdit';

describe('applySplices', () => {
  it('applies several splices against the original offsets', () => {
    expect(
      applySplices('hello world', [
        { from: 0, to: 1, insert: 'H' },
        { from: 6, to: 11, insert: 'there' },
      ]),
    ).toBe('Hello there');
  });
  it('inserts at the end and deletes', () => {
    expect(applySplices('abc', [{ from: 3, to: 3, insert: 'd' }])).toBe('abcd');
    expect(applySplices('abc', [{ from: 0, to: 3, insert: '' }])).toBe('');
  });
  it('refuses overlapping, reversed or out-of-range splices with the offending offsets', () => {
    expect(() => applySplices('abc', [{ from: 2, to: 1, insert: '' }])).toThrow(/2\.\.1/);
    expect(() => applySplices('abc', [{ from: 0, to: 4, insert: '' }])).toThrow(/length 3/);
    expect(() =>
      applySplices('abc', [
        { from: 1, to: 2, insert: '' },
        { from: 0, to: 1, insert: '' },
      ]),
    ).toThrow(RangeError);
  });
});

describe('diffSplice', () => {
  const cases: [string, string][] = [
    ['', 'a'],
    ['a', ''],
    ['abc', 'abXc'],
    ['aaaa', 'aaa'],
    ['한국어', '한국어 텍스트'],
    ['x\ny\nz', 'x\nz'],
    ['same', 'same'],
  ];
  it.each(cases)('turns %j into %j', (a, b) => {
    const s = diffSplice(a, b);
    expect(s === null ? a : applySplices(a, [s])).toBe(b);
  });
  it('keeps the change minimal', () => {
    expect(diffSplice('hello world', 'hello, world')).toEqual({ from: 5, to: 5, insert: ',' });
  });
});
