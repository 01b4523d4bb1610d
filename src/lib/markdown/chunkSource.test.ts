import { describe, expect, it } from 'vitest';
import { chunkSource } from './chunkSource';

describe('chunkSource', () => {
  it('appends the definitions after a blank line', () => {
    expect(chunkSource('[a]\n', '[a]: /a')).toEqual({
      text: '[a]\n\n\n[a]: /a',
      chunkStart: 0,
      chunkEnd: 4,
    });
  });

  it('leaves the chunk alone when there are no definitions', () => {
    expect(chunkSource('```\n[a]\n', '')).toEqual({
      text: '```\n[a]\n',
      chunkStart: 0,
      chunkEnd: 8,
    });
  });

  it('puts the definitions first when the chunk ends inside an unclosed fence or HTML block', () => {
    for (const chunk of ['- [a]\n- ```\n', '[a]\n<!-- open\n', '> [a]\n> ~~~\n']) {
      const source = chunkSource(chunk, '[^n]:\n\n[a]: /a');
      expect(source.text).toBe(`[^n]:\n\n[a]: /a\n\n<!---->\n${chunk}`);
      expect(source.text.slice(source.chunkStart, source.chunkEnd)).toBe(chunk);
    }
  });

  it('puts the definitions first when a line ending would change the last line', () => {
    const chunk = '- [a]\n<x-y>';
    const source = chunkSource(chunk, '[a]: /a');
    expect(source.text.slice(source.chunkStart, source.chunkEnd)).toBe(chunk);
    expect(source.chunkStart).toBeGreaterThan(0);
  });
});
