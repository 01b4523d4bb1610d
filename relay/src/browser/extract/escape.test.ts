import { describe, expect, it } from 'vitest';
import { codeFence, codeSpan, escapeLineStart, escapeText, linkDestination } from './escape.js';

describe('page text cannot become markdown syntax', () => {
  it('escapes backslash, backtick, emphasis, brackets, angle brackets, pipes and tildes anywhere', () => {
    expect(escapeText('a\\b `c` *d* _e_ [f](g) <img src=x> h|i ~j~')).toBe(
      'a\\\\b \\`c\\` \\*d\\* \\_e\\_ \\[f\\](g) \\<img src=x> h\\|i \\~j\\~',
    );
  });

  it('escapes an ampersand only where it would spell an entity', () => {
    expect(escapeText('AT&T &amp; &#169; & more')).toBe('AT&T \\&amp; \\&#169; & more');
  });

  it('escapes block openers at the start of a line only', () => {
    expect(escapeLineStart('# Sale')).toBe('\\# Sale');
    expect(escapeLineStart('- item')).toBe('\\- item');
    expect(escapeLineStart('+ item')).toBe('\\+ item');
    expect(escapeLineStart('> quote')).toBe('\\> quote');
    expect(escapeLineStart('=====')).toBe('\\=====');
    expect(escapeLineStart('~~~ fence')).toBe('\\~~~ fence');
    expect(escapeLineStart('1. first')).toBe('1\\. first');
    expect(escapeLineStart('2024) year')).toBe('2024\\) year');
    expect(escapeLineStart('Price: 5 - 3 # > 2. x')).toBe('Price: 5 - 3 # > 2. x');
  });
});

describe('code spans and fences outgrow the backticks inside them', () => {
  it('uses a backtick run longer than any inside the span', () => {
    expect(codeSpan('x')).toBe('`x`');
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('``x')).toBe('``` ``x ```');
    expect(codeSpan('')).toBe('');
  });

  it('uses at least three backticks for a block, and more than any run inside', () => {
    expect(codeFence('plain')).toBe('```');
    expect(codeFence('```js\nx\n```')).toBe('````');
    expect(codeFence('`````')).toBe('``````');
  });
});

describe('link destinations', () => {
  it('are wrapped in angle brackets when they hold spaces or parentheses', () => {
    expect(linkDestination('https://example.com/a')).toBe('https://example.com/a');
    expect(linkDestination('https://en.wikipedia.org/wiki/Foo_(bar)')).toBe(
      '<https://en.wikipedia.org/wiki/Foo_(bar)>',
    );
    expect(linkDestination('https://example.com/a b')).toBe('<https://example.com/a b>');
  });
});
