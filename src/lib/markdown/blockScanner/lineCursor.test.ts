import { describe, expect, it } from 'vitest';
import { LineCursor } from './lineCursor';

describe('LineCursor', () => {
  it('measures indentation in columns, with tabs to the next multiple of four', () => {
    expect(new LineCursor('  \tx', 0, 4).indent()).toBe(4);
    expect(new LineCursor(' \t\tx', 0, 4).indent()).toBe(8);
    expect(new LineCursor('x', 0, 1).indent()).toBe(0);
  });

  it('consumes part of a tab and reads the rest as spaces', () => {
    const cursor = new LineCursor('>\tfoo', 0, 5);
    cursor.advance();
    expect(cursor.skipSpaces(1)).toBe(1);
    expect(cursor.peek()).toBe(32);
    expect(cursor.indent()).toBe(2);
    expect(cursor.skipSpaces(5)).toBe(2);
    expect(cursor.peek()).toBe('f'.charCodeAt(0));
  });

  it('backs out to a saved mark', () => {
    const cursor = new LineCursor('\t\tx', 0, 3);
    const mark = cursor.mark();
    cursor.skipSpaces(6);
    expect(cursor.col).toBe(6);
    cursor.reset(mark);
    expect(cursor.indent()).toBe(8);
  });

  it('works inside a larger text', () => {
    const cursor = new LineCursor('ab\n   \nc', 3, 6);
    expect(cursor.restIsBlank()).toBe(true);
    expect(cursor.peek()).toBe(32);
    cursor.skipSpaces();
    expect(cursor.peek()).toBe(-1);
  });
});
