import { describe, expect, it } from 'vitest';
import { transformMarkdown, transformText } from '../transform';

const punctuate = (text: string) => transformMarkdown(text, 'cjk-punctuation');

describe('cjk-punctuation', () => {
  it.each([
    ['你好,世界', '你好，世界'],
    ['Hello,世界', 'Hello，世界'],
    ['什么?', '什么？'],
    ['注意:重要', '注意：重要'],
    ['太好了!', '太好了！'],
    ['第一;第二', '第一；第二'],
    ['结束.', '结束。'],
    ['真的吗?!', '真的吗？！'],
    ['日本語です.', '日本語です。'],
    ['（见附录）.', '（见附录）。'],
    ['**重要**,然后', '**重要**，然后'],
    ['Hello!世界', 'Hello！世界'],
  ])('%s → %s', (input, output) => {
    expect(punctuate(input)).toBe(output);
  });

  it.each([
    ['中文 , English', 'a space breaks adjacency'],
    ['Hello, world.', 'Latin text'],
    ['然后...继续', 'an ellipsis'],
    ['中文..', 'two dots'],
    ['请打开说明.md文件', 'a file extension'],
    ['访问example.com', 'a domain'],
    ['圆周率3.14', 'a decimal'],
    ['现在12:30', 'a time'],
    ['共1,000个', 'a thousands separator'],
    ['版本v1.2.3', 'a version'],
    ['English.中文', 'a period is only converted after CJK'],
    ['e.g.中文', 'an abbreviation before CJK'],
    ['中文![图](a.png)', 'an image'],
    ['链接://x', 'a URL scheme separator'],
    ['表情:smile:很好', 'an emoji short code'],
    ['tabId?、runId', 'a mark next to CJK punctuation only'],
    ['API를 사용했다, 그리고', 'Hangul context'],
    ['한국어.', 'Hangul before a period'],
  ])('leaves %s alone (%s)', (input) => {
    expect(punctuate(input)).toBe(input);
  });

  it.each([
    ['`中文,code`', 'inline code'],
    ['```\n中文,代码\n```\n', 'fenced code'],
    ['    中文,代码\n', 'indented code'],
    ['$中文,x$', 'math'],
    ['$$\n中文,x\n$$\n', 'a math block'],
    ['---\ntitle: 中文,标题\n---\n', 'front matter'],
    ['价格\\,很贵', 'a backslash escape'],
    ['<span title="中文,x">', 'an HTML tag'],
    ['<div>\n中文,内容\n</div>\n', 'an HTML block'],
    ['<!-- 中文,注释 -->', 'an HTML comment'],
    ['https://x.cn/a,b?c=1', 'a URL'],
    ['[链接](https://x.cn/中文,x "中文,标题")', 'a link destination and title'],
    ['[中文]: https://x.cn/中文,x', 'a reference definition'],
    ['&nbsp;中文', 'an entity'],
  ])('never changes %s (%s)', (input) => {
    expect(punctuate(input)).toBe(input);
  });

  it('converts text next to protected regions but not inside them', () => {
    expect(punctuate('用`x,y`,然后')).toBe('用`x,y`，然后');
    expect(punctuate('见[文档](https://x.cn/a,b),谢谢')).toBe('见[文档](https://x.cn/a,b)，谢谢');
  });

  it('keeps ordered-list markers', () => {
    expect(punctuate('1. 中文\n2. 中文.\n')).toBe('1. 中文\n2. 中文。\n');
  });

  describe('parentheses', () => {
    it.each([
      ['(中文)', '（中文）'],
      ['中文(English)中文', '中文（English）中文'],
      ['领域错误(Domain errors)——', '领域错误（Domain errors）——'],
      ['Markdown(标记语言)', 'Markdown（标记语言）'],
      ['(1)中文', '（1）中文'],
      ['中文(English(nested))', '中文（English(nested)）'],
      ['中文(English).', '中文（English）。'],
    ])('%s → %s', (input, output) => {
      expect(punctuate(input)).toBe(output);
    });

    it.each([
      ['(English)', 'Latin content and context'],
      ['调用f(x)时', 'a call'],
      ['中文 (English) 中文', 'spaces break adjacency'],
      ['中文()', 'an empty pair'],
      ['주석(annotation)은', 'Hangul neighbours'],
      ['(정리 계획의 ADR-7에 따라)', 'Hangul content'],
      ['好的 :)', 'an unmatched parenthesis'],
      ['(中文\n)', 'a pair across lines'],
    ])('leaves %s alone (%s)', (input) => {
      expect(punctuate(input)).toBe(input);
    });
  });

  it('converts a selection with the same rules', () => {
    expect(transformText('你好,世界`a,b`', 'cjk-punctuation')).toBe('你好，世界`a,b`');
  });
});
