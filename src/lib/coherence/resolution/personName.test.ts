import { describe, expect, it } from 'vitest';
import {
  checkPersonName,
  PERSON_NAME_MAX,
  recordedName,
  suggestedPersonName,
  UNNAMED_PERSON,
} from './personName';

describe('checkPersonName', () => {
  it('takes names in any script, trimmed and in NFC', () => {
    expect(checkPersonName('  Ann Lee ')).toEqual({ ok: true, name: 'Ann Lee' });
    expect(checkPersonName('김지은')).toEqual({ ok: true, name: '김지은' });
    expect(checkPersonName('陳美玲')).toEqual({ ok: true, name: '陳美玲' });
    expect(checkPersonName('Zoe\u0301')).toEqual({ ok: true, name: 'Zoé' });
    expect(checkPersonName('O’Brien-Smith, J.')).toEqual({ ok: true, name: 'O’Brien-Smith, J.' });
    // Persian spells with the zero-width non-joiner.
    expect(checkPersonName('می\u200cخواهم')).toMatchObject({ ok: true });
  });

  it('takes an empty name as no name', () => {
    expect(checkPersonName('')).toEqual({ ok: true, name: '' });
    expect(checkPersonName('   ')).toEqual({ ok: true, name: '' });
  });

  it('refuses a name longer than the limit, counting characters, not UTF-16 units', () => {
    expect(checkPersonName('a'.repeat(PERSON_NAME_MAX))).toMatchObject({ ok: true });
    expect(checkPersonName('a'.repeat(PERSON_NAME_MAX + 1))).toEqual({
      ok: false,
      problem: 'too-long',
    });
    // 64 characters outside the BMP are 128 UTF-16 units, and still fit.
    expect(checkPersonName('𠀋'.repeat(PERSON_NAME_MAX))).toMatchObject({ ok: true });
  });

  it('refuses line breaks, tabs and invisible characters inside a name', () => {
    for (const bad of ['Ann\nLee', 'Ann\tLee', 'Ann\u2028Lee', 'Ann\u202eeeL', 'Ann\u200bLee'])
      expect(checkPersonName(bad), JSON.stringify(bad)).toEqual({
        ok: false,
        problem: 'invisible',
      });
  });

  it('refuses a name without a letter or digit', () => {
    expect(checkPersonName('---')).toEqual({ ok: false, problem: 'no-letter' });
    expect(checkPersonName('🙂')).toEqual({ ok: false, problem: 'no-letter' });
    expect(checkPersonName('R2')).toMatchObject({ ok: true });
  });
});

describe('recordedName', () => {
  it('is the name given, else unknown-human', () => {
    expect(recordedName('Ann')).toBe('Ann');
    expect(recordedName('')).toBe(UNNAMED_PERSON);
    expect(UNNAMED_PERSON).toBe('unknown-human');
    // A stored value that is not a name (edited by hand, say) names nobody.
    expect(recordedName('a\nb')).toBe(UNNAMED_PERSON);
  });
});

describe('suggestedPersonName', () => {
  it('ends with the last four hex digits of the writer id, the same each time', () => {
    const writer = '0198fc00-0000-7000-8000-00000000a1b2';
    expect(suggestedPersonName(writer)).toBe('person-a1b2');
    expect(suggestedPersonName(writer)).toBe(suggestedPersonName(writer));
    expect(suggestedPersonName('0198fc00-0000-7000-8000-00000000C3D4')).toBe('person-c3d4');
    expect(checkPersonName(suggestedPersonName(writer))).toMatchObject({ ok: true });
  });
});
