import { describe, expect, it } from 'vitest';
import { fuzzyScore, rankByQuery } from './fuzzy';

const labels = [
  'Save',
  'Save As…',
  'Switch mode',
  'Show the Breakdown view',
  'CJK: spacing',
  'Settings',
];

describe('fuzzy ranking', () => {
  it('needs every character in order, ignoring case and accents', () => {
    expect(fuzzyScore('sv', 'Save')).not.toBeNull();
    expect(fuzzyScore('vs', 'Save')).toBeNull();
    expect(fuzzyScore('CAFE', 'Café')).not.toBeNull();
    expect(fuzzyScore('', 'Anything')).toBe(0);
  });

  it('puts prefixes and word starts first, keeping the list order for ties', () => {
    expect(rankByQuery('save', labels, (l) => l).slice(0, 2)).toEqual(['Save', 'Save As…']);
    expect(rankByQuery('sm', labels, (l) => l)[0]).toBe('Switch mode');
    expect(rankByQuery('break', labels, (l) => l)).toEqual(['Show the Breakdown view']);
    expect(rankByQuery('cjk sp', labels, (l) => l)).toEqual(['CJK: spacing']);
    expect(rankByQuery('', labels, (l) => l)).toEqual(labels);
    expect(rankByQuery('zzz', labels, (l) => l)).toEqual([]);
  });

  it('finds an item by any of its labels, ranked by the best one', () => {
    const items = [
      { shown: '저장', english: 'Save' },
      { shown: '찾기 및 바꾸기', english: 'Find and replace' },
    ];
    const both = (i: (typeof items)[number]) => [i.shown, i.english];
    expect(rankByQuery('바꾸기', items, both)).toEqual([items[1]]);
    expect(rankByQuery('replace', items, both)).toEqual([items[1]]);
    expect(rankByQuery('sa', items, both)).toEqual([items[0]]);
    expect(rankByQuery('저장', items, (i) => i.english)).toEqual([]);
  });
});
