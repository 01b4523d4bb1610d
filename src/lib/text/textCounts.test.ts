import { describe, expect, it } from 'vitest';
import { countMarkdown, countPlain, readableText } from './textCounts';

describe('word counts by language', () => {
  it('counts English and French words by the segmenter', () => {
    expect(countPlain('The quick brown fox.').words).toBe(4);
    // An elided article stays with its word; a hyphen splits: L'été · est · là · n'est · ce · pas.
    expect(countPlain("L'été est là, n'est-ce pas ?").words).toBe(6);
    expect(countPlain('  ').words).toBe(0);
    expect(countPlain('version 2.5 of it').words).toBe(4);
  });

  it('counts each Han character and each kana as one word', () => {
    expect(countPlain('我喜欢读书。').words).toBe(5);
    expect(countPlain('東京は晴れです').words).toBe(7);
    expect(countPlain('カタカナー').words).toBe(5);
    expect(countPlain('繁體中文字').words).toBe(5);
  });

  it('counts Korean by its space-separated words', () => {
    expect(countPlain('나는 책을 읽습니다.').words).toBe(3);
  });

  it('counts mixed text as the sum of both rules', () => {
    expect(countPlain('VMark 支持中文 and English').words).toBe(2 + 4 + 1);
    expect(countPlain('iPhone很好').words).toBe(1 + 2);
  });
});

describe('character counts', () => {
  it('counts grapheme clusters, with and without white space', () => {
    expect(countPlain('a b')).toMatchObject({ characters: 3, charactersNoSpaces: 2 });
    // A family emoji (one grapheme of several code points) and an e with a combining accent.
    expect(countPlain('👨‍👩‍👧 e\u0301')).toMatchObject({ characters: 3, charactersNoSpaces: 2 });
    expect(countPlain('한국어\n中文')).toMatchObject({ characters: 6, charactersNoSpaces: 5 });
  });
});

describe('what a reader sees of markdown', () => {
  it('leaves out front matter, heading and list marks, link targets, tags and fences', () => {
    const doc = [
      '---',
      'title: Not counted',
      '---',
      '# Heading one',
      '',
      '- [x] done **bold** _it_',
      '> quoted [link](https://example.com/a_b) ![alt](i.png)',
      '',
      '```js',
      'let x = 1;',
      '```',
      '<details><summary>More</summary></details>',
      '',
      '| a | b |',
      '|---|:-:|',
      '| 1 | 2 |',
      '',
      '[ref]: https://example.com',
    ].join('\n');
    const seen = readableText(doc);
    for (const gone of [
      'title',
      'Not counted',
      '#',
      '[x]',
      '**',
      'https',
      '```',
      '<details',
      '|---',
    ])
      expect(seen).not.toContain(gone);
    for (const kept of ['Heading one', 'done bold it', 'quoted link alt', 'let x = 1;', 'More'])
      expect(seen).toContain(kept);
    expect(countMarkdown(doc).words).toBe(
      countPlain('Heading one done bold it quoted link alt let x 1 More a b 1 2').words,
    );
  });

  it('counts a document in Chinese by its characters, not its markup', () => {
    expect(countMarkdown('## 第一章\n\n**她**走进雨里。\n').words).toBe(3 + 5);
  });

  it('never counts more than the source has', () => {
    const doc = '*a* **b** `c` [d](e) <f> ~~g~~ ==h==';
    expect(countMarkdown(doc).characters).toBeLessThanOrEqual(doc.length);
    expect(countMarkdown(doc).words).toBe(6);
  });
});
