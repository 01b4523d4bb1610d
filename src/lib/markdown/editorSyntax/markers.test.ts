import { describe, expect, it } from 'vitest';
import { looksLikeMarkdown } from './markers';

describe('looksLikeMarkdown', () => {
  it.each([
    ['**brave**'],
    ['*brave*'],
    ['a *brave* step'],
    ['- item'],
    ['* item'],
    ['1. first'],
    ['# Title\n\nbody'],
    ['para one\n\npara two'],
    ['> quoted'],
    ['```\ncode\n```'],
    ['~~~\ncode\n~~~'],
    ['---'],
    ['use `npm test`'],
    ['see [the docs](https://example.com)'],
    ['![logo](logo.png)'],
    ['~~gone~~'],
    ['a ==marked== word'],
    ['<https://example.com>'],
    ['<span>x</span>'],
    ['line\n## Heading'],
    ['a claim[^src]'],
    ['[^src]: Where it comes from.'],
  ])('%j has markers', (text) => {
    expect(looksLikeMarkdown(text)).toBe(true);
  });

  it.each([
    ['Hello world'],
    ['  spaced  '],
    ['snake_case_name'],
    ['_not emphasis_'],
    ['__init__'],
    ['5*4 result'],
    ['2 * 3 * 4'],
    ['a*'],
    ['price: $5'],
    ['[not a link]'],
    ['[^ spaced]'],
    ['array[i][1]'],
    ['x < y and y > z'],
    ['a == b'],
    ['if a==b then'],
    ['=== not a highlight ==='],
    ['first line\nsecond line'],
    ['C# and F#'],
    ['-5 degrees'],
    ['1.5 million'],
    ['中文内容，没有标记。'],
  ])('%j is plain text', (text) => {
    expect(looksLikeMarkdown(text)).toBe(false);
  });
});
