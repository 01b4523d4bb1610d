import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffTexts, type Segment } from './textDiff';

/** Rebuilds both texts from an alignment, checking that equal stretches really are equal. */
function sides(a: string, b: string, segments: readonly Segment[]): [string, string] {
  let x = 0;
  let y = 0;
  let left = '';
  let right = '';
  for (const s of segments) {
    if (s.same) expect(a.slice(x, x + s.a)).toBe(b.slice(y, y + s.b));
    left += a.slice(x, x + s.a);
    right += b.slice(y, y + s.b);
    x += s.a;
    y += s.b;
  }
  return [left, right];
}

function editCost(segments: readonly Segment[]): number {
  return segments.filter((s) => !s.same).reduce((n, s) => n + s.a + s.b, 0);
}

describe('diffTexts', () => {
  it('aligns equal texts as one equal stretch', () => {
    expect(diffTexts('abc', 'abc')).toEqual([{ a: 3, b: 3, same: true }]);
    expect(diffTexts('', '')).toEqual([]);
  });

  it('finds a replaced word', () => {
    expect(diffTexts('one two three', 'one six three')).toEqual([
      { a: 4, b: 4, same: true },
      { a: 3, b: 3, same: false },
      { a: 6, b: 6, same: true },
    ]);
  });

  it('aligns a source with its normalised form around the shared text', () => {
    const d = diffTexts('a word  \nnext', 'a word\\\nnext');
    expect(d).toEqual([
      { a: 6, b: 6, same: true },
      { a: 2, b: 1, same: false },
      { a: 5, b: 5, same: true },
    ]);
  });

  it('gives up past the edit budget', () => {
    expect(diffTexts('aaaa', 'bbbb', 3)).toBeNull();
    expect(diffTexts('aaaa', 'bbbb', 8)).not.toBeNull();
  });

  it('covers both texts with alternating stretches and a minimal number of edits', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '\n'), maxLength: 30 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const d = diffTexts(a, b);
        expect(d).not.toBeNull();
        const segments = d as Segment[];
        expect(sides(a, b, segments)).toEqual([a, b]);
        segments.forEach((s, i) => {
          expect(s.a + s.b).toBeGreaterThan(0);
          if (i > 0) expect(s.same).not.toBe(segments[i - 1].same);
        });
        // Minimal: the cost is that of the longest common subsequence.
        expect(editCost(segments)).toBe(a.length + b.length - 2 * lcs(a, b));
      }),
    );
  });
});

function lcs(a: string, b: string): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}
