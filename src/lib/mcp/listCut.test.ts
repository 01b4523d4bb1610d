import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes, longestFittingPrefix } from './listCut';

const encoder = new TextEncoder();

/** An answer listing the first `n` of `items`, with a note when some were left out. */
function listing(items: readonly string[]) {
  return (n: number) =>
    n === items.length
      ? { items }
      : { items: items.slice(0, n), truncated: true, note: `${n} of ${items.length} listed` };
}

describe('jsonBytes', () => {
  it('counts the UTF-8 bytes of the compact JSON', () => {
    const value = { name: '회의록', list: [1, 2], emoji: '😀' };
    expect(jsonBytes(value)).toBe(encoder.encode(JSON.stringify(value)).length);
  });
});

describe('longestFittingPrefix', () => {
  it('keeps the whole list when it fits, without a note', () => {
    const items = ['a', 'b', 'c'];
    const render = listing(items);
    const bytes = jsonBytes(render(3));
    expect(longestFittingPrefix(3, render, bytes)).toBe(3);
  });

  it('keeps the most whole elements that fit, counting the note', () => {
    const items = Array.from({ length: 100 }, (_, i) => `item-${i}`);
    const render = listing(items);
    for (const max of [60, 100, 333, 1000, jsonBytes(render(100)) - 1]) {
      const n = longestFittingPrefix(items.length, render, max);
      expect(n).toBeLessThan(100);
      expect(jsonBytes(render(n))).toBeLessThanOrEqual(max);
      expect(jsonBytes(render(n + 1))).toBeGreaterThan(max);
    }
  });

  it('gives 0 when not even an empty list fits', () => {
    expect(longestFittingPrefix(5, listing(['a', 'b', 'c', 'd', 'e']), 10)).toBe(0);
  });

  it('gives 0 for an empty list that does not fit, and for one that does', () => {
    expect(longestFittingPrefix(0, listing([]), 1)).toBe(0);
    expect(longestFittingPrefix(0, listing([]), 100)).toBe(0);
  });

  it('agrees with trying every length, for multibyte elements of any size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 3_000 }),
        (items, max) => {
          const render = listing(items);
          const n = longestFittingPrefix(items.length, render, max);
          let best = 0;
          for (let k = 0; k <= items.length; k++) if (jsonBytes(render(k)) <= max) best = k;
          expect(n).toBe(best);
          const answer = render(n);
          // What is kept is whole elements, in order, and parses as JSON.
          expect(JSON.parse(JSON.stringify(answer)).items).toEqual(items.slice(0, n));
        },
      ),
    );
  });
});
