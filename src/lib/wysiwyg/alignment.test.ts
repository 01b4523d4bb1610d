import { describe, expect, it } from 'vitest';
import { alignTexts, coarsen, place, pointAt, realign } from './alignment';
import { diffTexts, diffWords, type Segment } from './textDiff';

/** The stretches as pairs of texts, `=` for shared ones. */
function show(source: string, canonical: string, segments: readonly Segment[]): string[] {
  return place(segments).map(
    (p) =>
      `${p.same ? '=' : '~'}${JSON.stringify(source.slice(p.s, p.s + p.a))}` +
      (p.same ? '' : `/${JSON.stringify(canonical.slice(p.c, p.c + p.b))}`),
  );
}

describe('coarsen', () => {
  it('makes a run of spaces of different length normalised syntax as a whole', () => {
    const source = '| beta     |';
    const canonical = '| beta  |';
    const align = coarsen(diffTexts(source, canonical) as Segment[], source, canonical);
    expect(show(source, canonical, align)).toEqual(['="| beta"', '~"     "/"  "', '="|"']);
  });

  it('leaves stretches that differ in more than spaces alone', () => {
    const source = 'word  \nnext';
    const canonical = 'word\\\nnext';
    const align = coarsen(diffTexts(source, canonical) as Segment[], source, canonical);
    expect(show(source, canonical, align)).toEqual(['="word"', '~"  "/"\\\\"', '="\\nnext"']);
  });
});

describe('pointAt', () => {
  it('tells the source offsets on both sides of syntax only the source has', () => {
    const align = place(diffTexts('a &amp; b', 'a & b') as Segment[]);
    expect(pointAt(align, 3)).toMatchObject({ kind: 'between', left: 3, right: 7 });
    expect(pointAt(align, 1)).toEqual({ kind: 'exact', s: 1 });
  });
});

describe('realign', () => {
  it('follows an edit carried over to the source', () => {
    const source = '_one_ two';
    const before = '*one* two';
    const after = '*one* three';
    const align = diffTexts(source, before) as Segment[];
    const change = diffWords(before, after) ?? [];
    const text = '_one_ three';
    const carried = [{ from: 6, to: 9, from1: 6, to1: 11, sFrom: 6, sTo: 9 }];
    const next = realign(align, change, carried, text, after) as Segment[];
    expect(show(text, after, next)).toEqual(['~"_"/"*"', '="one"', '~"_"/"*"', '=" three"']);
  });

  it('gives null when the pieces do not fit together', () => {
    const align = diffTexts('ab', 'ab') as Segment[];
    const carried = [{ from: 0, to: 1, from1: 0, to1: 1, sFrom: 0, sTo: 1 }];
    expect(realign(align, [{ from: 0, to: 1, from1: 0, to1: 1 }], carried, 'zb', 'yb')).toBeNull();
  });
});

describe('alignTexts', () => {
  it('aligns a big table padded differently line by line, where a whole diff gives up', () => {
    const rows = Array.from({ length: 700 }, (_, i) => i);
    const source = rows.map((i) => `|r${i}|v|`).join('\n');
    const canonical = rows.map((i) => `| r${i} | v |`).join('\n');
    expect(diffTexts(source, canonical)).toBeNull();
    const align = alignTexts(source, canonical) as Segment[];
    let x = 0;
    let y = 0;
    for (const seg of align) {
      if (seg.same) expect(source.slice(x, x + seg.a)).toBe(canonical.slice(y, y + seg.b));
      x += seg.a;
      y += seg.b;
    }
    expect([x, y]).toEqual([source.length, canonical.length]);
  });
});
