import { describe, expect, it } from 'vitest';
import { footnoteIds, footnoteKey, NOTE_TITLE_MAX, noteTitle } from './footnotes';

describe('footnotes', () => {
  it('ties references to definitions as GFM does: case and white space do not matter', () => {
    expect(footnoteKey('Note')).toBe(footnoteKey('note'));
    expect(footnoteKey('1')).not.toBe(footnoteKey('2'));
    expect(footnoteKey('註一')).toBe('註一');
  });

  it('shows the definition as the tooltip, one line per block', () => {
    expect(noteTitle(['First  paragraph\nwrapped.', '', 'Second one.'])).toBe(
      'First paragraph wrapped.\nSecond one.',
    );
  });

  it('cuts a long definition with an ellipsis', () => {
    const title = noteTitle(['字'.repeat(NOTE_TITLE_MAX + 50)]);
    expect([...title]).toHaveLength(NOTE_TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(noteTitle(['short'])).toBe('short');
  });

  it('gives exported notes ids made of the label', () => {
    expect(footnoteIds('1')).toEqual({ note: 'fn-1', ref: 'fnref-1' });
    expect(footnoteIds('Long Note')).toEqual(footnoteIds('long note'));
    expect(footnoteIds('a"b<c').note).toBe('fn-a-b-c');
    expect(footnoteIds('註').note).toBe('fn-註');
  });
});
