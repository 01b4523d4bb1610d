import { describe, expect, it } from 'vitest';
import { transformMarkdown, transformText } from '../transform';

const space = (text: string) => transformMarkdown(text, 'cjk-spacing');

describe('cjk-spacing', () => {
  it.each([
    ['中文English文本', '中文 English 文本'],
    ['学习Python编程', '学习 Python 编程'],
    ['共100个', '共 100 个'],
    ['使用macOS系统', '使用 macOS 系统'],
    ['日本語とEnglishの混在', '日本語と English の混在'],
    ['カタカナABC', 'カタカナ ABC'],
    ['ラーメンTokyo', 'ラーメン Tokyo'],
    ['中文café中文', '中文 café 中文'],
    ['已有 空格', '已有 空格'],
    ['中文 English 中文', '中文 English 中文'],
    ['版本v1.2.3发布', '版本 v1.2.3 发布'],
    ['温度是3.14度', '温度是 3.14 度'],
    ['时间12:30开始', '时间 12:30 开始'],
    ['编辑config.yaml文件', '编辑 config.yaml 文件'],
    ['联系a@b.com获取', '联系 a@b.com 获取'],
    ['访问https://example.com/docs获取', '访问 https://example.com/docs 获取'],
    ['然后...继续', '然后...继续'],
  ])('%s → %s', (input, output) => {
    expect(space(input)).toBe(output);
  });

  it.each([
    ['有50%的用户', '有 50% 的用户'],
    ['气温30°C左右', '气温 30°C 左右'],
    ['角度30°的', '角度 30° 的'],
    ['今天20℃很热', '今天 20℃ 很热'],
    ['花了$100买', '花了 $100 买'],
    ['价格€5起', '价格 €5 起'],
    ['修复了#123的问题', '修复了 #123 的问题'],
    ['感谢@alice的贡献', '感谢 @alice 的贡献'],
    ['学习C#语言', '学习 C# 语言'],
    ['用C++开发', '用 C++ 开发'],
    ['话题#中文#标签', '话题#中文#标签'],
    ['百分号%中文', '百分号%中文'],
  ])('symbols: %s → %s', (input, output) => {
    expect(space(input)).toBe(output);
  });

  it.each([
    ['API를 사용', 'API를 사용'],
    ['VMark는 MCP를', 'VMark는 MCP를'],
    ['한국어English', '한국어English'],
    ['2개의 파일', '2개의 파일'],
  ])('leaves Hangul alone: %s', (input, output) => {
    expect(space(input)).toBe(output);
  });

  it.each([
    ['中文，English', '中文，English'],
    ['English。中文', 'English。中文'],
    ['（English）', '（English）'],
    ['「中文」English', '「中文」English'],
    ['中文——English', '中文——English'],
  ])('adds no space next to full-width punctuation: %s', (input, output) => {
    expect(space(input)).toBe(output);
  });

  it.each([
    ['中文`code`中文', '中文`code`中文'],
    ['`中文code`', '`中文code`'],
    ['中文**bold**中文', '中文**bold**中文'],
    ['$x中文$', '$x中文$'],
    ['[中文abc](https://x.cn/中文abc)', '[中文 abc](https://x.cn/中文abc)'],
    ['<span title="中文abc">中文abc</span>', '<span title="中文abc">中文 abc</span>'],
    ['```\n中文abc\n```\n', '```\n中文abc\n```\n'],
    ['中文\\abc', '中文\\abc'],
  ])('protects and does not space across markup: %s', (input, output) => {
    expect(space(input)).toBe(output);
  });

  it('keeps CRLF line endings', () => {
    expect(space('中文abc\r\n第二行2行\r\n')).toBe('中文 abc\r\n第二行 2 行\r\n');
  });

  it('handles characters outside the BMP', () => {
    expect(space('𠀀abc𠀀')).toBe('𠀀 abc 𠀀');
  });

  it('spaces a selection the same way, still protecting inline code', () => {
    expect(transformText('中文abc`中文abc`', 'cjk-spacing')).toBe('中文 abc`中文abc`');
  });
});
