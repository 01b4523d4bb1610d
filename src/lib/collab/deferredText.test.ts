import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySplices, type Splice } from '../core/store/textEdit';
import { changeSetOf } from './changes';
import { DeferredText, MAX_DEFERRED } from './deferredText';

/** One random splice against a text of `length`. */
function spliceArb(length: number): fc.Arbitrary<Splice> {
  return fc
    .record({
      at: fc.integer({ min: 0, max: length }),
      span: fc.integer({ min: 0, max: 4 }),
      insert: fc.string({ maxLength: 3, unit: fc.constantFrom('x', 'y', '\n', '\r', '字') }),
    })
    .map(({ at, span, insert }) => ({ from: at, to: Math.min(at + span, length), insert }));
}

describe('DeferredText', () => {
  it('reads as the text with every change applied in turn, read or not in between', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20, unit: fc.constantFrom('a', 'b', '\n', '\r', '字') }),
        fc.array(fc.tuple(fc.nat(1000), fc.boolean()), { minLength: 1, maxLength: 150 }),
        (start, steps) => {
          let plain = start;
          let deferred = DeferredText.of(start);
          for (const [seed, read] of steps) {
            const splice = fc.sample(spliceArb(plain.length), { seed, numRuns: 1 })[0];
            deferred = deferred.changed(changeSetOf([splice], deferred.length));
            plain = applySplices(plain, [splice]);
            expect(deferred.length).toBe(plain.length);
            if (read) expect(deferred.text).toBe(plain);
          }
          expect(deferred.text).toBe(plain);
        },
      ),
    );
  });

  it('leaves the value it was changed from as it was', () => {
    const before = DeferredText.of('hello');
    const after = before.changed(changeSetOf([{ from: 5, to: 5, insert: '!' }], 5));
    const other = before.changed(changeSetOf([{ from: 0, to: 1, insert: 'J' }], 5));
    expect([before.text, after.text, other.text]).toEqual(['hello', 'hello!', 'Jello']);
    expect(before.slice(1, 3)).toBe('el');
  });

  it('rebuilds the text after MAX_DEFERRED changes, with the same result', () => {
    let text = DeferredText.of('');
    let plain = '';
    for (let i = 0; i < MAX_DEFERRED * 3 + 1; i++) {
      text = text.changed(changeSetOf([{ from: 0, to: 0, insert: String(i % 10) }], text.length));
      plain = String(i % 10) + plain;
    }
    expect(text.length).toBe(MAX_DEFERRED * 3 + 1);
    expect(text.text).toBe(plain);
  });

  it('refuses a change made for a text of another length, changing nothing', () => {
    const text = DeferredText.of('abc');
    expect(() => text.changed(changeSetOf([{ from: 0, to: 0, insert: 'x' }], 4))).toThrow(
      /length 4 cannot apply to one of length 3/,
    );
    expect(text.text).toBe('abc');
  });
});
