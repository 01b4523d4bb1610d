import { describe, expect, it } from 'vitest';
import { htmlText, markdownText, wordF1, wordsOf } from './wordF1.js';

describe('words', () => {
  it('are lowercased runs of letters and digits; CJK characters count one by one', () => {
    expect(wordsOf('Hello, World! 42 times — naïve café')).toEqual([
      'hello',
      'world',
      '42',
      'times',
      'naïve',
      'café',
    ]);
    expect(wordsOf('人工智能 AI')).toEqual(['人', '工', '智', '能', 'ai']);
  });

  it('leave link and image destinations out of markdown, and undo escapes', () => {
    expect(
      wordsOf(
        markdownText(
          'See [the docs](https://x.example/a_b) and ![a cat](<https://x.example/c (1).png>) \\# now',
        ),
      ),
    ).toEqual(['see', 'the', 'docs', 'and', 'a', 'cat', 'now']);
  });

  it('keep blocks of an HTML text apart and include image alt text', () => {
    expect(
      wordsOf(htmlText('<p>one</p><p>two<br>three</p><img alt="four"><script>five</script>')),
    ).toEqual(['one', 'two', 'three', 'four']);
  });
});

describe('word F1', () => {
  it('counts the overlap of two multisets of words', () => {
    const score = wordF1(['a', 'a', 'b', 'c'], ['a', 'b', 'b', 'd']);
    expect(score.precision).toBe(0.5);
    expect(score.recall).toBe(0.5);
    expect(score.f1).toBe(0.5);
  });

  it('is 1 for identical texts, 0 for disjoint ones, and 1 when both are empty', () => {
    expect(wordF1(['x', 'y'], ['y', 'x']).f1).toBe(1);
    expect(wordF1(['x'], ['y']).f1).toBe(0);
    expect(wordF1([], ['y']).f1).toBe(0);
    expect(wordF1([], []).f1).toBe(1);
  });
});
