import { describe, expect, it } from 'vitest';
import { LATIN_LIKE, NEUTRAL } from './rules/chars';
import { mask, unmask } from './protect/mask';
import {
  TRANSFORM_KINDS,
  isTransformKind,
  transformMarkdown,
  transformMarkdownChecked,
  transformText,
  type TransformKind,
} from './transform';

describe('transformMarkdown', () => {
  it.each(TRANSFORM_KINDS)(
    '%s keeps code fences, inline code, front matter and link URLs',
    (kind) => {
      const source = [
        '---',
        'title: 中文a,b',
        '---',
        '',
        '```ts',
        'const 中文a = 中文.b',
        '```',
        '',
        '用`中文a,b`和[链接a](https://x.cn/中文a,b "中文a,b")。',
        '',
      ].join('\n');
      const output = transformMarkdown(source, kind);
      expect(output).toContain('---\ntitle: 中文a,b\n---\n');
      expect(output).toContain('```ts\nconst 中文a = 中文.b\n```');
      expect(output).toContain('`中文a,b`');
      expect(output).toContain('(https://x.cn/中文a,b "中文a,b")');
    },
  );

  it.each(TRANSFORM_KINDS)('%s turns empty input into empty output', (kind) => {
    expect(transformMarkdown('', kind)).toBe('');
  });

  it.each(TRANSFORM_KINDS)('%s leaves pure Latin text alone', (kind) => {
    const latin = 'Hello, world! (Parenthesised) text: 3.14, 12:30 and "quotes" -- here.  \n';
    expect(transformMarkdown(latin, kind)).toBe(latin);
  });

  it.each<[TransformKind, string, string]>([
    ['cjk-spacing', '中文English文本', '中文 English 文本'],
    ['cjk-punctuation', '你好,世界', '你好，世界'],
    ['cjk-punctuation', 'Hello,世界', 'Hello，世界'],
    ['cjk-punctuation', '(中文)', '（中文）'],
    ['cjk-format', '中文English,内容\n', '中文 English，内容\n'],
  ])('%s: %s → %s', (kind, input, output) => {
    expect(transformMarkdown(input, kind)).toBe(output);
  });

  it('differs from the narrow upstream rule where that rule breaks text', () => {
    expect(transformMarkdown('价格\\,很贵', 'cjk-punctuation')).toBe('价格\\,很贵');
    expect(transformMarkdown('中文...', 'cjk-punctuation')).toBe('中文...');
    expect(transformMarkdown('API를', 'cjk-spacing')).toBe('API를');
  });
});

describe('transformMarkdownChecked', () => {
  it('reports whether anything changed', () => {
    expect(transformMarkdownChecked('中文abc', 'cjk-spacing')).toEqual({
      ok: true,
      text: '中文 abc',
      changed: true,
    });
    expect(transformMarkdownChecked('中文 abc', 'cjk-spacing')).toEqual({
      ok: true,
      text: '中文 abc',
      changed: false,
    });
  });

  it('refuses an unknown kind as a value', () => {
    const result = transformMarkdownChecked('中文', 'cjk-magic' as TransformKind);
    expect(result).toEqual({
      ok: false,
      error: 'kind must be one of: cjk-spacing, cjk-punctuation, cjk-format',
    });
    expect(() => transformMarkdown('中文', 'cjk-magic' as TransformKind)).toThrow(
      'kind must be one of',
    );
  });

  it.each([
    ['ＡＢ１２https://x.cn/a?b=1ー', 'AB12https://x.cn/a?b=1 ー'],
    ['ＡＢ１２www.x.cnー', 'AB12www.x.cn ー'],
    ['１$x$', '1$x$'],
    ['$x$１', '$x$1'],
  ])(
    'stays stable when full-width letters next to a URL or math become ASCII: %s',
    (input, output) => {
      expect(transformMarkdown(input, 'cjk-format')).toBe(output);
      expect(transformMarkdown(output, 'cjk-format')).toBe(output);
    },
  );

  it('keeps private-use characters that look like its own stand-ins', () => {
    const source = `中文${NEUTRAL}abc${LATIN_LIKE}中文`;
    expect(transformMarkdown(source, 'cjk-format')).toBe(source);
  });
});

describe('transformText', () => {
  it('treats indentation and leading fences as text, not code or front matter', () => {
    expect(transformText('    中文abc', 'cjk-spacing')).toBe('    中文 abc');
    expect(transformText('---\n中文abc\n---', 'cjk-spacing')).toBe('---\n中文 abc\n---');
  });

  it('still protects code spans and URLs', () => {
    expect(transformText('见`中文a`和https://x.cn/a,b,谢谢', 'cjk-punctuation')).toBe(
      '见`中文a`和https://x.cn/a,b，谢谢',
    );
  });
});

describe('isTransformKind', () => {
  it.each([...TRANSFORM_KINDS])('accepts %s', (kind) => expect(isTransformKind(kind)).toBe(true));
  it.each(['cjk', '', 3, null])('rejects %o', (kind) => expect(isTransformKind(kind)).toBe(false));
});

describe('mask and unmask', () => {
  it('round-trips protected regions and stray stand-ins', () => {
    const source = `a${NEUTRAL}b https://x.cn c`;
    const masked = mask(source, [{ start: 4, end: 16, kind: 'url' }]);
    expect(masked.text).toBe(`a${NEUTRAL}b ${LATIN_LIKE} c`);
    expect(unmask(masked.text, masked.pieces)).toBe(source);
  });

  it('notices a lost or added stand-in', () => {
    const masked = mask('a`b`c', [{ start: 1, end: 4, kind: 'code-span' }]);
    expect(unmask('ac', masked.pieces)).toBeNull();
    expect(unmask(`a${NEUTRAL}${NEUTRAL}c`, masked.pieces)).toBeNull();
  });
});
