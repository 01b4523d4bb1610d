import { describe, expect, it } from 'vitest';
import { deletesPair, onType } from './autoPair';

describe('auto-pairing', () => {
  it('pairs brackets and quotes, CJK brackets included, before space or an edge', () => {
    expect(onType('(', '', '', false)).toEqual({ kind: 'pair', open: '(', close: ')' });
    expect(onType('「', 'は', ' ', false)).toEqual({ kind: 'pair', open: '「', close: '」' });
    for (const [open, close] of [
      ['『', '』'],
      ['（', '）'],
      ['【', '】'],
      ['《', '》'],
    ])
      expect(onType(open, '', '', false)).toEqual({ kind: 'pair', open, close });
    expect(onType('"', ' ', '', false)).toEqual({ kind: 'pair', open: '"', close: '"' });
  });

  it('does not pair in front of a word, nor a quote after a letter (an apostrophe)', () => {
    expect(onType('(', ' ', 'x', false)).toEqual({ kind: 'none' });
    expect(onType("'", 'n', 't', false)).toEqual({ kind: 'none' });
    expect(onType("'", 'l', '', false)).toEqual({ kind: 'none' });
    expect(onType('"', 'é', ' ', false)).toEqual({ kind: 'none' });
    // …but a bracket after a word pairs: f(|)
    expect(onType('(', 'f', '', false)).toEqual({ kind: 'pair', open: '(', close: ')' });
    // …and before a closer or punctuation: ((|)) and (|).
    expect(onType('(', '(', ')', false)).toEqual({ kind: 'pair', open: '(', close: ')' });
    expect(onType('「', '', '。', false)).toEqual({ kind: 'pair', open: '「', close: '」' });
  });

  it('steps over a closing character typed in front of the same one', () => {
    expect(onType(')', 'x', ')', false)).toEqual({ kind: 'step-over' });
    expect(onType('」', 'x', '」', false)).toEqual({ kind: 'step-over' });
    expect(onType('"', 'x', '"', false)).toEqual({ kind: 'step-over' });
    expect(onType(')', 'x', ']', false)).toEqual({ kind: 'none' });
  });

  it('wraps a selection, and leaves other keys alone', () => {
    expect(onType('【', 'a', 'b', true)).toEqual({ kind: 'wrap', open: '【', close: '】' });
    expect(onType('x', 'a', 'b', true)).toEqual({ kind: 'none' });
    expect(onType('x', '', '', false)).toEqual({ kind: 'none' });
  });

  it('deletes an empty pair on Backspace, nothing else', () => {
    expect(deletesPair('(', ')')).toBe(true);
    expect(deletesPair('《', '》')).toBe(true);
    expect(deletesPair('(', ']')).toBe(false);
    expect(deletesPair('', ')')).toBe(false);
  });
});
