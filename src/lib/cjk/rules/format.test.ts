import { describe, expect, it } from 'vitest';
import { CJK_FORMAT_RULES, DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from './settings';
import { transformMarkdown } from '../transform';

/** Settings with every switch off except the given ones. */
function only(overrides: Partial<CjkFormatSettings>): CjkFormatSettings {
  const settings = { ...DEFAULT_CJK_FORMAT_SETTINGS } as Record<string, unknown>;
  for (const { key, choices } of CJK_FORMAT_RULES) if (!choices) settings[key] = false;
  return { ...(settings as unknown as CjkFormatSettings), ...overrides };
}

const format = (text: string, settings?: Partial<CjkFormatSettings>) =>
  transformMarkdown(text, 'cjk-format', settings);

describe('cjk-format with the default settings', () => {
  it('formats mixed prose end to end', () => {
    const input = [
      '我们用TypeScript写了３个模块,一共１２００行.测试--也就是vitest--全部通过!',
      '',
      '他回答"没问题"然后说"let\'s go",我们就出发了. . .真的!!!',
      '',
      '配置见`config.yaml`,地址https://example.com/docs,价格$ 99,时间12:30.',
      '',
      '- **前端**--Svelte(组件框架)',
      '- 后端 / 数据库',
      '',
    ].join('\n');
    const output = [
      '我们用 TypeScript 写了 3 个模块，一共 1200 行。测试——也就是 vitest——全部通过！',
      '',
      "他回答“没问题”然后说 “let's go”，我们就出发了...真的！！！",
      '',
      '配置见`config.yaml`，地址 https://example.com/docs，价格 $99，时间 12:30.',
      '',
      '- **前端**——Svelte（组件框架）',
      '- 后端/数据库',
      '',
    ].join('\n');
    expect(format(input)).toBe(output);
  });

  it('gives the documented narrow-transform example', () => {
    expect(format('中文English,内容\n')).toBe('中文 English，内容\n');
  });

  it('leaves empty input and pure Latin prose alone', () => {
    expect(format('')).toBe('');
    expect(format('Hello, world. "Quoted" text -- dashes, (parens) and 10 / 2.\n')).toBe(
      'Hello, world. "Quoted" text -- dashes, (parens) and 10 / 2.\n',
    );
  });

  it('leaves lines without Han or Kana alone, whatever the settings', () => {
    const everything = only({});
    for (const { key, choices } of CJK_FORMAT_RULES) {
      if (!choices) (everything as unknown as Record<string, boolean>)[key] = true;
    }
    everything.contextualQuotes = false;
    const latin = 'Two  spaces, "quotes", a / b, $ 5 and -- dashes.  \n한국어  문장 / 테스트 \n';
    expect(format(latin, everything)).toBe(latin);
  });

  it('accepts partial and invalid settings, filling in defaults', () => {
    const loose = {
      quoteStyle: 'nonsense',
      cjkEnglishSpacing: 'yes',
    } as unknown as Partial<CjkFormatSettings>;
    expect(format('中文abc', loose)).toBe('中文 abc');
  });
});

describe('cjk-format rules one at a time', () => {
  it.each<[keyof CjkFormatSettings, string, string]>([
    ['fullwidthAlphanumeric', 'ＡＢＣ１２３ａｂｃ', 'ABC123abc'],
    ['ellipsisNormalization', '等等. . .然后', '等等...然后'],
    ['ellipsisNormalization', '等等。。。', '等等……'],
    ['dashConversion', '原因--结果', '原因——结果'],
    ['dashConversion', '原因 -- 结果', '原因 —— 结果'],
    ['fullwidthPunctuation', '你好,世界', '你好，世界'],
    ['fullwidthParentheses', '(注意)', '（注意）'],
    ['fullwidthBrackets', '[重点]内容', '【重点】内容'],
    ['cjkEnglishSpacing', '学习Python编程', '学习 Python 编程'],
    ['cjkParenthesisSpacing', '中文(English)中文', '中文 (English) 中文'],
    ['cjkParenthesisSpacing', '中文 （注） 中文', '中文（注）中文'],
    ['currencySpacing', '价格 $ 100 或 € 5', '价格 $100 或 €5'],
    ['slashSpacing', 'A / B 和 中文 / English', 'A/B 和 中文/English'],
    ['spaceCollapsing', '多个   空格  在这里', '多个 空格 在这里'],
    ['emdashSpacing', '原因 —— 结果 —— English', '原因——结果——English'],
    ['trailingSpaceRemoval', '行尾 \t\n下一行 ', '行尾\n下一行'],
    ['newlineCollapsing', '一\n\n\n\n二\r\n\r\n\r\n三', '一\n\n二\r\n\r\n三'],
  ])('%s: %s → %s', (key, input, output) => {
    expect(format(input, only({ [key]: true }))).toBe(output);
  });

  it.each<[Partial<CjkFormatSettings>, string, string]>([
    [
      { smartQuoteConversion: true, contextualQuotes: true },
      '他说"中文"和"English"',
      '他说“中文”和“English”',
    ],
    [{ smartQuoteConversion: true, contextualQuotes: true }, '"English" only', '"English" only'],
    [{ smartQuoteConversion: true, contextualQuotes: true }, '见 "a"、"b"', '见 "a"、"b"'],
    [
      { smartQuoteConversion: true, contextualQuotes: true },
      '"English" 和中文',
      '"English" 和中文',
    ],
    [
      { smartQuoteConversion: true, contextualQuotes: false },
      '"English" 和中文',
      '“English” 和中文',
    ],
    [{ smartQuoteConversion: true }, "他说'中文'", '他说‘中文’'],
    [{ smartQuoteConversion: true }, "don't 中文 5'10\" '90s", "don't 中文 5'10\" '90s"],
    [{ smartQuoteConversion: true, quoteStyle: 'corner' }, '他说"中文"', '他说「中文」'],
    [{ smartQuoteConversion: true, quoteStyle: 'corner' }, "他说'中文'", '他说『中文』'],
    [{ smartQuoteConversion: true, quoteStyle: 'guillemets' }, '他说"中文"', '他说«中文»'],
    [{ cjkCornerQuotes: true }, '“中文”和“English”', '「中文」和“English”'],
    [{ cjkCornerQuotes: true }, '“ひらがな”', '“ひらがな”'],
    [{ cjkNestedQuotes: true }, '「包含‘嵌套’的」', '「包含『嵌套』的」'],
    [{ cjkNestedQuotes: true }, "「包含'嵌套'的」", '「包含『嵌套』的」'],
    [{ quoteSpacing: true }, '他说“hello”然后', '他说 “hello” 然后'],
    [{ quoteSpacing: true }, '他说“中文”然后', '他说“中文”然后'],
    [{ singleQuoteSpacing: true }, '他说‘hello’然后', '他说 ‘hello’ 然后'],
    [{ consecutivePunctuationLimit: 1 }, '太棒了！！！真的吗？？', '太棒了！真的吗？'],
    [{ consecutivePunctuationLimit: 2 }, '太棒了！！！', '太棒了！！'],
  ])('%o: %s → %s', (settings, input, output) => {
    expect(format(input, only(settings))).toBe(output);
  });

  it('keeps a two-space hard line break but drops other trailing spaces', () => {
    const settings = only({ trailingSpaceRemoval: true });
    expect(format('第一行  \n第二行  \n\n段落 \n', settings)).toBe('第一行  \n第二行\n\n段落\n');
  });

  it('keeps table padding, indentation and tabs when collapsing spaces', () => {
    const settings = only({ spaceCollapsing: true });
    const table = '| 名称   | 说明     |\n|--------|----------|\n| a  b   | 中\t\t文 |\n';
    expect(format(table, settings)).toBe(
      '| 名称   | 说明     |\n|--------|----------|\n| a b   | 中\t\t文 |\n',
    );
  });

  it.each([
    ['运行 --help 查看', 'a command-line option'],
    ['a--b', 'Latin words'],
    ['---', 'a thematic break'],
    ['한국어--테스트', 'Korean'],
  ])('dash conversion leaves %s alone (%s)', (input) => {
    expect(format(input, only({ dashConversion: true }))).toBe(input);
  });

  it.each([
    ['10 / 2', 'arithmetic'],
    ['문서 / 워크스페이스', 'Korean words'],
    ['a // b', 'a double slash'],
  ])('slash spacing leaves %s alone (%s)', (input) => {
    expect(format(input, only({ slashSpacing: true }))).toBe(input);
  });

  it('does not join a dollar sign when another dollar follows on the line', () => {
    expect(format('从 $ 5 到 $10', only({ currencySpacing: true }))).toBe('从 $ 5 到 $10');
  });

  it.each([
    ['[中文](https://x.cn)', 'an inline link'],
    ['![中文](a.png)', 'an image'],
    ['[中文][ref]', 'a full reference'],
    ['[中文]: https://x.cn', 'a definition'],
    ['[English]', 'Latin content'],
  ])('lenticular brackets leave %s alone (%s)', (input) => {
    expect(format(input, only({ fullwidthBrackets: true }))).toBe(input);
  });

  it('skips reference sections only when asked to', () => {
    const source = '正文abc\n\n## 参考文献\n\n- 作者abc,书名\n';
    expect(format(source)).toBe('正文 abc\n\n## 参考文献\n\n- 作者 abc，书名\n');
    expect(format(source, { skipReferenceSections: true })).toBe(
      '正文 abc\n\n## 参考文献\n\n- 作者abc,书名\n',
    );
  });
});
