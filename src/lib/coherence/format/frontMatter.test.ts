import { describe, expect, it } from 'vitest';
import { findFrontMatter, findVmarkBlock, splitLines, trim } from './frontMatter';

describe('splitLines', () => {
  it('gives back the text exactly, whatever the line breaks', () => {
    for (const text of ['', 'a', 'a\n', 'a\r\nb\rc\n\r\n', '\r\r\n\n']) {
      expect(
        splitLines(text)
          .map((l) => l.text + l.eol)
          .join(''),
      ).toBe(text);
    }
  });

  it('treats \\r\\n as one break and a lone \\r as a break', () => {
    expect(splitLines('a\r\nb\rc').map((l) => [l.text, l.eol, l.start])).toEqual([
      ['a', '\r\n', 0],
      ['b', '\r', 3],
      ['c', '', 5],
    ]);
  });
});

describe('findFrontMatter', () => {
  const closeOf = (text: string) => findFrontMatter(text)?.close ?? null;

  it('finds the block between the opening fence and the first closing one', () => {
    expect(closeOf('---\ntitle: x\n---\nbody\n---\n')).toBe(2);
    expect(closeOf('---\r\ntitle: x\r\n---\r\nbody')).toBe(2);
    expect(closeOf('---\n\n---\n')).toBe(2);
  });

  it('takes a closing fence at the very end of the text', () => {
    expect(closeOf('---\ntitle: x\n---')).toBe(2);
  });

  it('finds none without a closing fence, an opening fence, or with the fences back to back', () => {
    expect(closeOf('---\ntitle: x\n')).toBeNull();
    expect(closeOf('---')).toBeNull();
    expect(closeOf('--- \ntitle: x\n---\n')).toBeNull();
    expect(closeOf('title: x\n---\n')).toBeNull();
    expect(closeOf('---\n---\nbody')).toBeNull();
    expect(closeOf('---\ntitle: x\n--- \nbody')).toBeNull();
    expect(closeOf('\ufeff---\ntitle: x\n---\n')).toBeNull();
  });

  it('the line after back-to-back fences can close the block', () => {
    expect(closeOf('---\n---\n---\nbody')).toBe(2);
  });
});

describe('findVmarkBlock', () => {
  it('spans the vmark: line and the indented lines right after it', () => {
    const fm = findFrontMatter('---\na: 1\nvmark: \n  id: x\n\tfoo: y\nb: 2\n---\n')!;
    expect(findVmarkBlock(fm)).toEqual({ start: 2, end: 5 });
  });

  it('ignores a vmark: line that is indented or outside the block', () => {
    expect(findVmarkBlock(findFrontMatter('---\n  vmark:\n---\nvmark:\n  id: x\n')!)).toBeNull();
  });
});

describe('trim', () => {
  it('trims Unicode whitespace but not a byte-order mark', () => {
    expect(trim('\u3000\u0085 x\u00a0\t')).toBe('x');
    expect(trim('\ufeff')).toBe('\ufeff');
  });
});
