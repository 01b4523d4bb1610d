/**
 * Where our `cjk-spacing` and pangu (the reference spacing tool) disagree on our Traditional
 * Chinese fixture, and why. Every difference must fall in a category listed here and in
 * `docs/cjk.md`, with the counts in the document's table matching what this test measures.
 */

import { readFileSync } from 'node:fs';
import pangu from 'pangu';
import { describe, expect, it } from 'vitest';
import { isEmphasisMarker } from './rules/chars';
import { findProtectedRanges } from './protect/protect';
import { transformMarkdown } from './transform';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const DOC = new URL('../../../docs/cjk.md', import.meta.url);

/** The categories of difference, in the order they are tried. */
const CATEGORIES = [
  'protected',
  'dash',
  'ellipsis',
  'emphasis',
  'inside-brackets',
  'brackets',
  'quotes',
  'code-spans',
  'operators',
  'punctuation',
  'other-scripts',
] as const;
type Category = (typeof CATEGORIES)[number] | 'unexplained';

interface Difference {
  category: Category;
  /** A short excerpt of our output and pangu's around the difference. */
  ours: string;
  theirs: string;
}

/** The text between consecutive non-space characters: `gaps[k]` comes before character k. */
function gaps(text: string): string[] {
  const result: string[] = [];
  let current = '';
  for (const ch of text) {
    if (/\s/.test(ch)) current += ch;
    else {
      result.push(current);
      current = '';
    }
  }
  result.push(current);
  return result;
}

function classify(left: string, right: string, inProtected: boolean): Category {
  // `left` or `right` is '' at either end of the document, which no set below contains.
  const oneOf = (set: string) => (ch: string) => ch !== '' && set.includes(ch);
  const either = (test: (ch: string) => boolean) => test(left) || test(right);
  if (inProtected) return 'protected';
  if (either(oneOf('—'))) return 'dash';
  if (either(oneOf('…'))) return 'ellipsis';
  if (either(isEmphasisMarker)) return 'emphasis';
  if (oneOf('{[(')(left) || oneOf('}])')(right)) return 'inside-brackets';
  if (oneOf('[(')(right) || oneOf('])')(left)) return 'brackets';
  if (either(oneOf('"\''))) return 'quotes';
  if (either(oneOf('`'))) return 'code-spans';
  if (either(oneOf('-+=/&|<>^'))) return 'operators';
  if (either(oneOf(',.!?;:'))) return 'punctuation';
  if (either((ch) => /[\p{Script=Greek}\p{Script=Cyrillic}]/u.test(ch))) return 'other-scripts';
  return 'unexplained';
}

/** Compares our spacing with pangu's, gap by gap (both only ever change whitespace). */
function compare(source: string): Difference[] {
  const ours = transformMarkdown(source, 'cjk-spacing');
  const theirs = pangu.spacingText(source);
  const skeleton = (text: string) => text.replace(/\s+/g, '');
  expect(skeleton(ours)).toBe(skeleton(source));
  expect(skeleton(theirs)).toBe(skeleton(source));

  const chars: Array<{ ch: string; offset: number }> = [];
  let offset = 0;
  for (const ch of source) {
    if (!/\s/.test(ch)) chars.push({ ch, offset });
    offset += ch.length;
  }
  const ranges = findProtectedRanges(source);
  const ourGaps = gaps(ours);
  const theirGaps = gaps(theirs);
  const excerpt = (gapList: string[], index: number) =>
    chars
      .slice(Math.max(0, index - 6), index + 6)
      .map((entry, at) => (at === Math.min(6, index) ? gapList[index] : '') + entry.ch)
      .join('');
  const differences: Difference[] = [];
  for (let index = 0; index < ourGaps.length; index += 1) {
    if (ourGaps[index] === theirGaps[index]) continue;
    const before = chars[index - 1];
    const after = chars[index];
    const gapStart = before ? before.offset + before.ch.length : 0;
    const gapEnd = after ? after.offset : source.length;
    // A gap is protected when its whitespace overlaps a protected region, or (for an empty
    // gap) when a protected region runs across it.
    const inProtected = ranges.some((range) =>
      gapEnd > gapStart
        ? range.start < gapEnd && range.end > gapStart
        : range.start < gapStart && range.end > gapStart,
    );
    differences.push({
      category: classify(before?.ch ?? '', after?.ch ?? '', inProtected),
      ours: excerpt(ourGaps, index),
      theirs: excerpt(theirGaps, index),
    });
  }
  return differences;
}

interface DocumentedRow {
  count: number;
  /** The example's two code spans: our text, and what pangu makes of it. */
  ours: string;
  theirs: string;
}

/** The rows of the "Where we differ from pangu" table in docs/cjk.md, by category. */
function documentedRows(): Map<string, DocumentedRow> {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Where we differ from pangu'));
  if (!section) throw new Error('docs/cjk.md has no "Where we differ from pangu" section');
  const rows = new Map<string, DocumentedRow>();
  for (const match of section.matchAll(/^\|\s*`([a-z-]+)`\s*\|[^|]*\|\s*(\d+)\s*\|([^|]*)\|/gm)) {
    const spans = [...match[3].matchAll(/(`+)(?!`)(.+?)(?<!`)\1(?!`)/g)].map((span) =>
      /^ .* $/.test(span[2]) ? span[2].slice(1, -1) : span[2],
    );
    rows.set(match[1], { count: Number(match[2]), ours: spans[0] ?? '', theirs: spans[1] ?? '' });
  }
  return rows;
}

function readFixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

describe('cjk-spacing compared with pangu on the Chinese fixture', () => {
  const source = readFixture('zh-hant.md');
  const differences = compare(source);

  it('finds differences, each in a documented category', () => {
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.filter((difference) => difference.category === 'unexplained')).toEqual([]);
  });

  it('matches the counts in docs/cjk.md', () => {
    const measured = new Map<string, number>(CATEGORIES.map((category) => [category, 0]));
    for (const { category } of differences) {
      measured.set(category, (measured.get(category) ?? 0) + 1);
    }
    const documented = [...documentedRows()].map(([category, row]) => [category, row.count]);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(measured));
  });

  it('gives a real example for every category the fixture shows', () => {
    const panguOutput = pangu.spacingText(source);
    for (const [category, { count, ours, theirs }] of documentedRows()) {
      expect(ours, category).not.toBe('');
      expect(theirs, category).not.toBe(ours);
      if (count === 0) {
        // Not in the fixture: the example must be what the two tools really do.
        expect(transformMarkdown(ours, 'cjk-spacing'), category).toBe(ours);
        expect(pangu.spacingText(ours), category).toBe(theirs);
      } else {
        expect(source.includes(ours), category).toBe(true);
        expect(panguOutput.includes(theirs), category).toBe(true);
      }
    }
  });
});

describe('differences one at a time', () => {
  it.each([
    ['等等……然後', 'ellipsis'],
    ['- [ ] 待辦', 'inside-brackets'],
    ['中文"English"中文', 'quotes'],
    ['中文`code`中文', 'code-spans'],
    ['中文[link](https://x.cn)中文', 'brackets'],
    ['中文/English', 'operators'],
    ['中文,English', 'punctuation'],
    ['α粒子', 'other-scripts'],
  ])('%s (%s)', (source, category) => {
    const found = compare(source);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((difference) => difference.category === category)).toBe(true);
  });

  it('sorts every difference on the Japanese and Chinese fixture into a known category', () => {
    const found = compare(readFixture('ja-zh.md'));
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((difference) => difference.category === 'unexplained')).toEqual([]);
  });

  it('agrees with pangu on Hangul, which neither spaces', () => {
    const korean = readFixture('ko.md');
    expect(transformMarkdown(korean, 'cjk-spacing')).toBe(korean);
    expect(pangu.spacingText(korean)).toBe(korean);
  });

  it.each([
    '有50%的',
    '价格$5元',
    '修复#123的',
    '感谢@alice的',
    '学习C#语言',
    '访问https://x.cn获取',
  ])('agrees with pangu on %s', (source) => {
    expect(compare(source)).toEqual([]);
  });
});
