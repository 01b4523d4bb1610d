import { describe, expect, it } from 'vitest';
import { isRevision, newRevision } from './revision';

describe('revision tokens', () => {
  it('have the rev-XXXXXXXX shape', () => {
    for (let i = 0; i < 200; i++) expect(newRevision()).toMatch(/^rev-[A-Za-z0-9]{8}$/);
  });

  it('are not repeated across many draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(newRevision());
    expect(seen.size).toBe(5000);
  });

  it('never equal the previous token, even when the random source repeats itself', () => {
    let calls = 0;
    const stuck = (bytes: Uint8Array) => {
      calls++;
      return bytes.fill(calls <= 2 ? 0 : 1);
    };
    const first = newRevision(undefined, (b) => b.fill(0));
    expect(first).toBe('rev-AAAAAAAA');
    expect(newRevision(first, stuck)).toBe('rev-BBBBBBBB');
  });

  it('recognises only well-formed tokens', () => {
    expect(isRevision('rev-abcDEF12')).toBe(true);
    for (const bad of [
      '',
      ' ',
      'rev-',
      'rev-abc',
      'rev-abcDEF123',
      'REV-abcDEF12',
      'rev-abc_EF12',
      42,
      null,
    ])
      expect(isRevision(bad)).toBe(false);
  });
});
