import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitProtected } from './protect/protect';
import { DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from './rules/settings';
import {
  TRANSFORM_KINDS,
  transformMarkdownChecked,
  transformTextChecked,
  type TransformKind,
} from './transform';

/** Runs per property; each ends in well under a second, the timeout allows for a busy machine. */
const RUNS = 800;
const TIMEOUT = 60_000;

/** Pieces of mixed CJK/Latin markdown, including the syntax the protections must handle. */
const PIECES = [
  ...'中文字符日本語カタカナひらがなー한국어글'.split(''),
  ...'abcXYZé'.split(''),
  ...'0123'.split(''),
  ...',.!?;:()[]"\'-/$%#@*_~&<>|\\`'.split(''),
  ...'，。！？；：（）「」『』【】“”‘’…—、'.split(''),
  'ＡＢ１２',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\n\n',
  '...',
  '. . .',
  '--',
  '——',
  '3.14',
  '12:30',
  'v1.2.3',
  'config.yaml',
  'a@b.cn',
  'https://x.cn/a?b=1',
  'www.x.cn',
  '<https://x.cn>',
  '`code`',
  '``',
  '```',
  '```\n',
  '~~~\n',
  '    ',
  '$x$',
  '$$',
  '$5',
  '<b>',
  '</b>',
  '<!-- c -->',
  '<div>\n',
  '[a](b "t")',
  '](',
  '[^1]',
  '[[w]]',
  '[x]: /u\n',
  '![i](p.png)',
  '\\,',
  '&amp;',
  '# ',
  '- ',
  '1. ',
  '> ',
  '**',
  '---\n',
  '+++\n',
  '| a | b |\n|---|---|\n',
  '\uE000',
  'ｗｗｗ.',
  'ａ',
  '１',
  '$ 5',
  '<pre>',
  '</pre>',
  '<!--',
  '-->',
  '](<a b>)',
  '[^a]: ',
  '    - ',
  '\\$',
  '\\\n',
];

const markdown = fc
  .array(fc.constantFrom(...PIECES), { maxLength: 40 })
  .map((pieces) => pieces.join(''));

const settingsArbitrary: fc.Arbitrary<CjkFormatSettings> = fc.record({
  ...Object.fromEntries(
    Object.entries(DEFAULT_CJK_FORMAT_SETTINGS)
      .filter(([, value]) => typeof value === 'boolean')
      .map(([key]) => [key, fc.boolean()]),
  ),
  quoteStyle: fc.constantFrom('curly', 'corner', 'guillemets'),
  consecutivePunctuationLimit: fc.constantFrom(0, 1, 2, 3),
}) as fc.Arbitrary<CjkFormatSettings>;

type Transform = typeof transformMarkdownChecked;

function transformed(
  run: Transform,
  text: string,
  kind: TransformKind,
  settings?: CjkFormatSettings,
) {
  const result = run(text, kind, settings);
  if (!result.ok) throw new Error(`${result.error} for ${JSON.stringify(text)}`);
  return result.text;
}

/** Whether each protected run of `source` appears in `output` unchanged and in order. */
function keepsProtectedRuns(
  source: string,
  output: string,
  mode: 'document' | 'fragment',
): boolean {
  let cursor = 0;
  for (const run of splitProtected(source, { mode })) {
    if (!run.protected) continue;
    const found = output.indexOf(run.text, cursor);
    if (found < 0) return false;
    cursor = found + run.text.length;
  }
  return true;
}

describe.each([
  ['transformMarkdown', transformMarkdownChecked, 'document'],
  ['transformText', transformTextChecked, 'fragment'],
] as const)('%s properties', (_name, run, mode) => {
  it.each(TRANSFORM_KINDS)(
    '%s is idempotent',
    (kind) => {
      fc.assert(
        fc.property(markdown, (text) => {
          const once = transformed(run, text, kind);
          expect(transformed(run, once, kind)).toBe(once);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'cjk-format is idempotent under any settings',
    () => {
      fc.assert(
        fc.property(markdown, settingsArbitrary, (text, settings) => {
          const once = transformed(run, text, 'cjk-format', settings);
          expect(transformed(run, once, 'cjk-format', settings)).toBe(once);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it.each(TRANSFORM_KINDS)(
    '%s keeps protected regions byte for byte',
    (kind) => {
      fc.assert(
        fc.property(markdown, (text) => {
          const output = transformed(run, text, kind);
          expect(keepsProtectedRuns(text, output, mode)).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it.each(TRANSFORM_KINDS)(
    '%s keeps every line ending',
    (kind) => {
      fc.assert(
        fc.property(markdown, (text) => {
          const endings = (value: string) => value.match(/\r\n|\n/g) ?? [];
          const settings = { ...DEFAULT_CJK_FORMAT_SETTINGS, newlineCollapsing: false };
          expect(endings(transformed(run, text, kind, settings))).toEqual(endings(text));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
