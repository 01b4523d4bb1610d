import { describe, expect, it } from 'vitest';
import { handsOutRefs, noteRefs, staleRef } from './refGenerations.js';

function tab(generation: number, refGeneration: number | null = null) {
  return { generation, refGeneration };
}

describe('ref generations', () => {
  it('refuse a ref on a page no answer has handed refs out for', () => {
    expect(staleRef(tab(1))).toMatchObject({ ok: false, error: 'STALE_REF' });
  });

  it('take refs from any answer made on the page as it is', () => {
    const t = tab(3);
    noteRefs(t, 3);
    expect(t.refGeneration).toBe(3);
    expect(staleRef(t)).toBeNull();
  });

  it('ignore an answer the page navigated away from while it was made', () => {
    const t = tab(4, 2);
    noteRefs(t, 3);
    expect(t.refGeneration).toBe(2);
    expect(staleRef(t)).toMatchObject({
      error: 'STALE_REF',
      message: expect.stringMatching(/earlier page.*read again/),
    });
  });

  it('refuse refs from an earlier generation', () => {
    const t = tab(5);
    noteRefs(t, 5);
    t.generation = 6;
    expect(staleRef(t)).toMatchObject({ error: 'STALE_REF' });
  });

  it('count a ref or candidates in an answer as refs handed out', () => {
    expect(handsOutRefs({ found: true, clicked: true, ref: 'e3' })).toBe(true);
    expect(handsOutRefs({ found: true, reason: 'ambiguous', candidates: [] })).toBe(true);
    expect(handsOutRefs({ found: false, clicked: false, matchedTotal: 0 })).toBe(false);
    expect(handsOutRefs({ matched: true })).toBe(false);
  });
});
