import { describe, expect, it } from 'vitest';
import { indexLines, linesText } from './lines';
import { PAGE_BYTES, readLines, replaceLines } from './lineRange';

describe('lines', () => {
  it('counts a final line break as the end of the last line, not a new one', () => {
    expect(indexLines('a\nb\n').total).toBe(2);
    expect(indexLines('a\nb').total).toBe(2);
    expect(indexLines('a\n\n').total).toBe(2);
    expect(indexLines('').total).toBe(0);
    expect(linesText(indexLines('a\nb\nc\n'), 2, 3)).toBe('b\nc');
  });
});

describe('readLines', () => {
  const text = 'one\ntwo\nthree\nfour\n';

  it('answers the lines asked for, without the break after the last', () => {
    expect(readLines(text, { startLine: 2, endLine: 3 })).toEqual({
      content: 'two\nthree',
      startLine: 2,
      endLine: 3,
      totalLines: 4,
    });
  });

  it('refuses lines outside the document, saying how many it has', () => {
    expect(readLines(text, { startLine: 5, endLine: 5 })).toMatchObject({ totalLines: 4 });
    expect(readLines(text, { startLine: 3, endLine: 2 })).toHaveProperty('error');
    expect(readLines(text, { startLine: 1, endLine: 9 })).toMatchObject({
      error: expect.stringContaining('4'),
      totalLines: 4,
    });
    expect(readLines('', { startLine: 1, endLine: 1 })).toMatchObject({ totalLines: 0 });
  });

  it('pages at whole lines, and the pages join into the text', () => {
    const big = Array.from({ length: 500 }, (_, i) => `line ${i} ${'é'.repeat(i % 40)}`).join('\n');
    const total = indexLines(big).total;
    const parts: string[] = [];
    let startLine = 1;
    for (let guard = 0; guard < 1000; guard++) {
      const page = readLines(big, { startLine, endLine: total }, 1, 2_000);
      if ('error' in page) throw new Error(page.error);
      expect(JSON.stringify(page.content).length - 2).toBeLessThanOrEqual(2_000);
      parts.push(page.content);
      if (page.nextLine === undefined) break;
      expect(page.nextColumn).toBeUndefined();
      startLine = page.nextLine;
    }
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join('\n')).toBe(big);
  });

  it('cuts a line longer than a page between code points and goes on with nextColumn', () => {
    const long = `${'😀'.repeat(3000)}x\nend`;
    const pieces: string[] = [];
    let startColumn = 1;
    for (;;) {
      const page = readLines(long, { startLine: 1, endLine: 1 }, startColumn, 1_001);
      if ('error' in page) throw new Error(page.error);
      // Never half a pair: each piece is well-formed on its own.
      expect(page.content).toBe(page.content.toWellFormed());
      pieces.push(page.content);
      if (page.nextColumn === undefined) break;
      expect(page.nextLine).toBe(1);
      startColumn = page.nextColumn;
    }
    expect(pieces.join('')).toBe(long.split('\n')[0]);
    expect(readLines(long, { startLine: 1, endLine: 1 }, 99_999)).toHaveProperty('error');
  });

  it('keeps its pages under the output limit by default', () => {
    const note = 'A paragraph of ordinary words.\n\n'.repeat(40_000);
    const total = indexLines(note).total;
    const page = readLines(note, { startLine: 1, endLine: total });
    if ('error' in page) throw new Error(page.error);
    expect(new TextEncoder().encode(JSON.stringify(page)).length).toBeLessThan(75_000);
    expect(JSON.stringify(page.content).length).toBeGreaterThan(PAGE_BYTES - 100);
    expect(page.nextLine).toBe(page.endLine + 1);
  });
});

describe('replaceLines', () => {
  const text = 'a\nb\nc\n';
  const replaced = (t: string, startLine: number, endLine: number, content: string) => {
    const r = replaceLines(t, { startLine, endLine }, content);
    if ('error' in r) throw new Error(r.error);
    return r.text;
  };

  it('replaces those lines and keeps the line break after the last', () => {
    expect(replaced(text, 2, 2, 'B')).toBe('a\nB\nc\n');
    expect(replaced(text, 2, 3, 'X\nY\nZ')).toBe('a\nX\nY\nZ\n');
    expect(replaced('a\nb', 2, 2, 'B')).toBe('a\nB');
  });

  it('writing back what was read changes nothing', () => {
    const read = readLines(text, { startLine: 1, endLine: 2 });
    if ('error' in read) throw new Error(read.error);
    expect(replaced(text, 1, 2, read.content)).toBe(text);
  });

  it('inserts with endLine = startLine − 1 and appends with startLine = totalLines + 1', () => {
    expect(replaced(text, 2, 1, 'new')).toBe('a\nnew\nb\nc\n');
    expect(replaced(text, 4, 3, 'd')).toBe('a\nb\nc\nd\n');
    expect(replaced('a\nb', 3, 2, 'c')).toBe('a\nb\nc');
    expect(replaced('', 1, 0, 'first')).toBe('first');
  });

  it('refuses a range outside the document with its number of lines', () => {
    expect(replaceLines(text, { startLine: 5, endLine: 5 }, 'x')).toMatchObject({ totalLines: 3 });
    expect(replaceLines(text, { startLine: 2, endLine: 0 }, 'x')).toHaveProperty('error');
    expect(replaceLines(text, { startLine: 1, endLine: 4 }, 'x')).toHaveProperty('error');
    expect(replaceLines(text, { startLine: 1.5, endLine: 2 }, 'x')).toHaveProperty('error');
  });
});
