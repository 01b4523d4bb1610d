import { describe, expect, it } from 'vitest';
import { findProtectedRanges, splitProtected, type ProtectOptions } from './protect';

/** The protected pieces of `source` as `[kind, text]`. */
function protectedPieces(source: string, options?: ProtectOptions): Array<[string, string]> {
  return splitProtected(source, options).flatMap((run) =>
    run.protected ? [[run.kind, run.text] as [string, string]] : [],
  );
}

describe('splitProtected', () => {
  it('covers the whole source with runs in order', () => {
    const source = '中文`a`中文 https://x.cn 中文\n';
    const runs = splitProtected(source);
    expect(runs.map((run) => run.text).join('')).toBe(source);
    runs.forEach((run, index) => {
      expect(source.slice(run.start, run.end)).toBe(run.text);
      if (index > 0) expect(run.start).toBe(runs[index - 1].end);
    });
  });

  it('returns no runs for empty text and one text run for plain prose', () => {
    expect(splitProtected('')).toEqual([]);
    expect(splitProtected('中文和English')).toEqual([
      { protected: false, start: 0, end: 10, text: '中文和English' },
    ]);
  });
});

describe('protected regions', () => {
  it.each<[string, string, Array<[string, string]>]>([
    [
      'YAML front matter',
      '---\ntitle: 中文\n---\n正文',
      [['front-matter', '---\ntitle: 中文\n---\n']],
    ],
    [
      'TOML front matter',
      '+++\na = "中文"\n+++\n正文',
      [['front-matter', '+++\na = "中文"\n+++\n']],
    ],
    ['a fenced code block', '```js\nx,中\n\n```\n', [['code-block', '```js\nx,中\n\n```']]],
    ['a tilde fence', '~~~\n中,文\n~~~', [['code-block', '~~~\n中,文\n~~~']]],
    [
      'a fence inside a block quote',
      '> ```\n> 中,文\n> ```\n',
      [['code-block', '> ```\n> 中,文\n> ```']],
    ],
    ['indented code', '段落\n\n    中,文\n', [['code-block', '    中,文']]],
    [
      'indented code in a list item',
      '- 项目\n\n      中,文\n',
      [
        ['syntax', '- '],
        ['code-block', '      中,文'],
      ],
    ],
    ['an inline code span', '中`a,b`文', [['code-span', '`a,b`']]],
    ['a double-backtick code span', '中``a`b``文', [['code-span', '``a`b``']]],
    ['inline math', '设$x,y$为', [['math', '$x,y$']]],
    ['display math on one line', '公式$$a,b$$结束', [['math', '$$a,b$$']]],
    ['a math block', '$$\n中,文\n$$\n', [['math-block', '$$\n中,文\n$$']]],
    ['an HTML block', '<div>\n中,文\n</div>\n', [['html-block', '<div>\n中,文\n</div>']]],
    [
      'inline tags',
      '中<b class="x">文</b>',
      [
        ['html', '<b class="x">'],
        ['html', '</b>'],
      ],
    ],
    [
      'the content of an inline code element',
      '中<code>a,b</code>文',
      [['html', '<code>a,b</code>']],
    ],
    ['an HTML comment', '中<!-- a,b -->文', [['html', '<!-- a,b -->']]],
    ['an autolink', '见<https://x.cn/a>。', [['autolink', '<https://x.cn/a>']]],
    ['an e-mail autolink', '见<a@b.cn>。', [['autolink', '<a@b.cn>']]],
    ['a bare URL stopping at CJK', '访问https://x.cn/a?b=1获取', [['url', 'https://x.cn/a?b=1']]],
    ['a www URL without its final period', '见www.example.com.', [['url', 'www.example.com']]],
    ['a URL with balanced parentheses', '见https://x.cn/a_(b)）', [['url', 'https://x.cn/a_(b)']]],
    [
      'ftp and mailto URLs',
      'ftp://x.cn 和 mailto:a@b.cn',
      [
        ['url', 'ftp://x.cn'],
        ['url', 'mailto:a@b.cn'],
      ],
    ],
    ['an e-mail address', '联系a.b@c.cn。', [['email', 'a.b@c.cn']]],
    [
      'a link destination and title',
      '[中文](https://x.cn/a "标题,x")',
      [['link-destination', '(https://x.cn/a "标题,x")']],
    ],
    ['no destination with a space in it', '![图,片](a b.png)', []],
    [
      'an image destination in angle brackets',
      '![图](<a b.png>)',
      [['link-destination', '(<a b.png>)']],
    ],
    ['a full reference label', '[中文][标签,1]', [['reference', '[标签,1]']]],
    [
      'a defined shortcut reference',
      '[中文,abc]\n\n[中文，abc]: /u',
      [
        ['reference', '[中文,abc]'],
        ['definition', '[中文，abc]: /u'],
      ],
    ],
    ['a collapsed reference', '[中文][]', [['reference', '[中文][]']]],
    [
      'a footnote reference and definition',
      '中文[^注1]\n\n[^注1]: 说明',
      [
        ['reference', '[^注1]'],
        ['syntax', '[^注1]: '],
      ],
    ],
    ['a wiki link', '见[[页面,一]]', [['reference', '[[页面,一]]']]],
    ['a backslash escape', '价格\\,很贵', [['escape', '\\,']]],
    [
      'entities',
      '&amp;中&#12345;&#x4E2D;',
      [
        ['entity', '&amp;'],
        ['entity', '&#12345;'],
        ['entity', '&#x4E2D;'],
      ],
    ],
    [
      'list markers and quote prefixes',
      '> 1. 中文\n> - 中文',
      [
        ['syntax', '> 1. '],
        ['syntax', '> - '],
      ],
    ],
    ['a table delimiter row', '| a | b |\n|---|:-:|\n| 中 | 文 |', [['syntax', '|---|:-:|']]],
    [
      'thematic breaks and setext underlines',
      '标题\n--\n\n***\n',
      [
        ['syntax', '--'],
        ['syntax', '***'],
      ],
    ],
  ])('%s', (_name, source, expected) => {
    expect(protectedPieces(source)).toEqual(expected);
  });

  it.each([
    ['a price is not math', '价格$5，运费$3'],
    ['prices on both sides of text are not math', '从$5涨到$10'],
    ['a dollar after a letter is not math', 'US$5和US$6'],
    ['a lone dollar sign', '美元符号$'],
    ['unmatched backticks', '中`文'],
    ['a backslash before a letter', '中\\文'],
    ['a lone less-than sign', 'a < b 中文'],
    ['brackets that are no link', '[中文] 和 (English)'],
    ['an undefined shortcut reference', '[中文abc]'],
    ['an unclosed inline comment', '中文 <!-- 中文'],
    ['a file name', 'config.yaml'],
    ['Hangul text', 'API를 사용합니다.'],
  ])('%s', (_name, source) => {
    expect(protectedPieces(source)).toEqual([]);
  });

  it('finds a URL only once, inside the code span that holds it', () => {
    expect(protectedPieces('`https://x.cn`')).toEqual([['code-span', '`https://x.cn`']]);
  });

  it('keeps the final line ending out of a block', () => {
    expect(protectedPieces('```\r\n中,文\r\n```\r\n')).toEqual([
      ['code-block', '```\r\n中,文\r\n```'],
    ]);
  });

  it('treats a thematic break at the start as no front matter', () => {
    expect(protectedPieces('---\n\n中文\n---\n')).toEqual([
      ['syntax', '---'],
      ['syntax', '---'],
    ]);
  });

  describe('fragment mode (selections)', () => {
    it('does not read front matter or indented code', () => {
      expect(protectedPieces('---\na: 中文\n---\n', { mode: 'fragment' })).toEqual([
        ['syntax', '---'],
        ['syntax', '---'],
      ]);
      expect(protectedPieces('    中,文', { mode: 'fragment' })).toEqual([['syntax', '    ']]);
    });

    it('still protects inline code, URLs and fences', () => {
      expect(protectedPieces('中`a`文 https://x.cn\n```\nx\n```', { mode: 'fragment' })).toEqual([
        ['code-span', '`a`'],
        ['url', 'https://x.cn'],
        ['code-block', '```\nx\n```'],
      ]);
    });
  });

  describe('reference sections', () => {
    const source =
      '# 文档\n\n正文\n\n## 参考文献\n\n1. 作者,书名\n\n### 细节\n\n## 附录\n\n附录,内容\n';

    it('are ordinary text by default', () => {
      expect(findProtectedRanges(source).some((range) => range.kind === 'reference-section')).toBe(
        false,
      );
    });

    it('run to the next heading of the same or a higher level when asked for', () => {
      const sections = findProtectedRanges(source, { referenceSections: true }).filter(
        (range) => range.kind === 'reference-section',
      );
      expect(sections.map((range) => source.slice(range.start, range.end))).toEqual([
        '## 参考文献\n\n1. 作者,书名\n\n### 细节\n\n',
      ]);
    });
  });
});
