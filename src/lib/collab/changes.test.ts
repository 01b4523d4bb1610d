import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySplices, type Splice } from '../core/store/textEdit';
import { applyChanges, changeSetOf, rebase, splicesOf } from './changes';

/** Random ascending, non-overlapping splices against a text of `length`. */
function splicesArb(length: number): fc.Arbitrary<Splice[]> {
  return fc
    .array(
      fc.record({
        at: fc.integer({ min: 0, max: length }),
        span: fc.integer({ min: 0, max: 3 }),
        insert: fc.string({ maxLength: 3, unit: fc.constantFrom('x', 'y', '\n', '\r', '字') }),
      }),
      { maxLength: 4 },
    )
    .map((raw) => {
      const out: Splice[] = [];
      let at = 0;
      for (const r of [...raw].sort((a, b) => a.at - b.at)) {
        const from = Math.max(r.at, at);
        if (from > length) break;
        const to = Math.min(from + r.span, length);
        if (out.length && from === at && r.insert === '' && to === from) continue;
        out.push({ from, to, insert: r.insert });
        at = to;
      }
      return out;
    });
}

const textArb = fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'b', '\n', '\r', '한') });

describe('changes', () => {
  it('round-trips splices through a change set, keeping a lone CR as text', () => {
    const splices = [
      { from: 0, to: 1, insert: 'A\r' },
      { from: 3, to: 3, insert: 'x\ny' },
    ];
    const set = changeSetOf(splices, 5);
    expect(applyChanges('ab\rcd', set)).toBe(applySplices('ab\rcd', splices));
    expect(splicesOf(set)).toEqual(splices);
  });

  it('refuses a change meant for a text of another length, naming both', () => {
    expect(() => applyChanges('abc', changeSetOf([], 4))).toThrow(/length 4.*length 3/);
  });

  it('two changes on one text converge whichever applies first, and neither is lost', () => {
    fc.assert(
      fc.property(
        textArb.chain((text) =>
          fc.tuple(fc.constant(text), splicesArb(text.length), splicesArb(text.length)),
        ),
        ([text, a, b]) => {
          const first = changeSetOf(a, text.length);
          const second = changeSetOf(b, text.length);
          const { secondAfterFirst, firstAfterSecond } = rebase(first, second);
          const coreOrder = applyChanges(applyChanges(text, first), secondAfterFirst);
          const windowOrder = applyChanges(applyChanges(text, second), firstAfterSecond);
          expect(windowOrder).toBe(coreOrder);
          // Every inserted piece is in the result (deletions may overlap, insertions survive).
          for (const s of [...a, ...b]) expect(coreOrder).toContain(s.insert);
        },
      ),
    );
  });

  it('puts what the core applied first before what the window typed at the same place', () => {
    const first = changeSetOf([{ from: 1, to: 1, insert: 'AI' }], 2);
    const second = changeSetOf([{ from: 1, to: 1, insert: 'me' }], 2);
    const { secondAfterFirst } = rebase(first, second);
    expect(applyChanges(applyChanges('ab', first), secondAfterFirst)).toBe('aAImeb');
  });
});
