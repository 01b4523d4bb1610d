import { describe, expect, it } from 'vitest';
import { collectDefinitions } from './definitions';

describe('collectDefinitions', () => {
  it('collects link definitions from any depth, and footnote labels as stubs', () => {
    const text = '[a]: /a\n\n> [b]: /b "t"\n\n- [c]:\n  /c\n\n[^n]: note\n\npara [a]\n';
    expect(collectDefinitions(text)).toBe('[a]: /a\n\n[b]: /b "t"\n\n[c]:\n    /c\n\n[^n]:');
  });

  it('stops at the paragraph text that follows definitions', () => {
    expect(collectDefinitions('[a]: /a\n[b]: /b\nnot a definition [a]\n')).toBe(
      '[a]: /a\n    [b]: /b',
    );
  });

  it('keeps a title on the next line, and drops one that is followed by text', () => {
    expect(collectDefinitions('[a]: /a\n"title"\n')).toBe('[a]: /a\n    "title"');
    expect(collectDefinitions('[a]: /a\n"title" text\n')).toBe('[a]: /a');
  });

  it('ignores definition-like text inside code and HTML', () => {
    expect(collectDefinitions('```\n[a]: /a\n```\n\n    [b]: /b\n\n<div>\n[c]: /c\n</div>\n')).toBe(
      '',
    );
  });

  it('ignores what only looks like a definition', () => {
    const samples = [
      '[a]:\n\n/a',
      '[a] : /a',
      '[]: /a',
      '[a]: <b\nc>',
      '[a]: /a "t" x',
      'x\n[a]: /a',
    ];
    for (const text of samples) expect(collectDefinitions(text), text).toBe('');
  });

  it('lists each definition once', () => {
    expect(collectDefinitions('[a]: /a\n\n[a]: /a\n\n[^n]: x\n\n[^n]: y')).toBe('[a]: /a\n\n[^n]:');
  });
});
