import { describe, expect, it } from 'vitest';
import { chordLabel, keyChord } from './keyChord.js';

describe('keyChord', () => {
  it('passes named keys and single characters, with modifiers held in a fixed order', () => {
    expect(keyChord('Enter')).toEqual({ ok: true, chord: 'Enter', key: 'Enter' });
    expect(keyChord('a', { meta: true, ctrl: true, shift: true })).toEqual({
      ok: true,
      chord: 'Control+Shift+Meta+a',
      key: 'a',
    });
    expect(keyChord('F5').ok).toBe(true);
    expect(keyChord('한')).toEqual({ ok: true, chord: '한', key: '한' });
    expect(keyChord('+', { ctrl: true })).toEqual({ ok: true, chord: 'Control++', key: '+' });
  });
  it('reads the usual other spellings of named keys', () => {
    expect(keyChord('esc')).toMatchObject({ chord: 'Escape' });
    expect(keyChord('ENTER')).toMatchObject({ chord: 'Enter' });
    expect(keyChord('Space')).toEqual({ ok: true, chord: 'Space', key: ' ' });
    expect(keyChord(' ')).toEqual({ ok: true, chord: 'Space', key: ' ' });
    expect(keyChord('Down')).toMatchObject({ chord: 'ArrowDown' });
  });
  it('does not hold a modifier twice when it is the key itself', () => {
    expect(keyChord('Shift', { shift: true })).toMatchObject({ chord: 'Shift' });
  });
  it('refuses what is no key, saying what is', () => {
    const bad = keyChord('Enterr');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/"Enterr" is not a key.*Enter, Tab/);
    expect(keyChord('ab').ok).toBe(false);
    expect(keyChord('\n').ok).toBe(false);
    expect(keyChord('F13').ok).toBe(false);
  });
  it('labels chords for the person', () => {
    expect(chordLabel('a', { ctrl: true, shift: true })).toBe('Ctrl+Shift+a');
    expect(chordLabel('space')).toBe('Space');
    expect(chordLabel('esc')).toBe('Escape');
  });
});
