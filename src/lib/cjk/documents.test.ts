/**
 * The transforms over real documents: the CommonMark corpus (English, full of code) and our own
 * fixtures in `fixtures/` (Traditional Chinese, Korean, Japanese with Simplified Chinese, and
 * French prose mixed with Latin technical terms, code, links, math and HTML).
 */

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitProtected } from './protect/protect';
import {
  CJK_FORMAT_RULES,
  DEFAULT_CJK_FORMAT_SETTINGS,
  type CjkFormatSettings,
} from './rules/settings';
import { TRANSFORM_KINDS, transformMarkdown } from './transform';

const CORPUS = new URL('../../../tests/corpus/markdown/', import.meta.url);
const FIXTURES = new URL('./fixtures/', import.meta.url);

function readFixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

const corpus = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.md'))
  .map((name) => [name, readFileSync(new URL(name, CORPUS), 'utf8')] as const);

/** Every rule on, quotes converted everywhere on CJK lines, blank lines collapsed. */
const EVERYTHING: CjkFormatSettings = Object.fromEntries(
  CJK_FORMAT_RULES.map(({ key, choices }) => [
    key,
    choices ? DEFAULT_CJK_FORMAT_SETTINGS[key] : key !== 'contextualQuotes',
  ]),
) as unknown as CjkFormatSettings;
EVERYTHING.consecutivePunctuationLimit = 1;

const VARIANTS = [
  ...TRANSFORM_KINDS.map((kind) => ({ name: kind, kind, settings: undefined })),
  { name: 'cjk-format (every rule on)', kind: 'cjk-format' as const, settings: EVERYTHING },
];

/**
 * Fenced code blocks found by a deliberately simple, independent reading: a fence of three or
 * more backticks or tildes, indented at most three spaces, closed by a fence of the same
 * character that is at least as long.
 */
function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  let open: { marker: string; size: number; lines: string[] } | null = null;
  for (const line of text.split('\n')) {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line.replace(/\r$/, ''));
    if (open) {
      open.lines.push(line);
      const closes =
        fence && fence[1][0] === open.marker && fence[1].length >= open.size && !fence[2].trim();
      if (closes) {
        blocks.push(open.lines.join('\n'));
        open = null;
      }
    } else if (fence && !(fence[1][0] === '`' && fence[2].includes('`'))) {
      open = { marker: fence[1][0], size: fence[1].length, lines: [line] };
    }
  }
  if (open) blocks.push(open.lines.join('\n'));
  return blocks;
}

/** Single-line code spans outside fences, by a simple regular expression. */
function codeSpans(text: string): string[] {
  const fenced = new Set(fencedBlocks(text).flatMap((block) => block.split('\n')));
  return text
    .split('\n')
    .filter((line) => !fenced.has(line))
    .flatMap((line) => line.match(/(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)/g) ?? []);
}

/** The protected pieces of one kind group, as a list of texts. */
function protectedTexts(text: string, kinds: readonly string[]): string[] {
  return splitProtected(text).flatMap((run) =>
    run.protected && kinds.includes(run.kind) ? [run.text] : [],
  );
}

const CODE_AND_LINKS = [
  'front-matter',
  'code-block',
  'html-block',
  'math-block',
  'code-span',
  'math',
  'html',
  'autolink',
  'url',
  'email',
  'link-destination',
  'definition',
];

describe('the CommonMark corpus', () => {
  it('has documents with code in them', () => {
    expect(corpus.length).toBeGreaterThan(0);
    expect(corpus.reduce((sum, [, text]) => sum + fencedBlocks(text).length, 0)).toBeGreaterThan(
      100,
    );
  });

  describe.each(VARIANTS)('$name', ({ kind, settings }) => {
    it.each(corpus)('changes no byte of fenced code or code spans in %s', (_name, text) => {
      const output = transformMarkdown(text, kind, settings);
      expect(fencedBlocks(output)).toEqual(fencedBlocks(text));
      expect(codeSpans(output)).toEqual(codeSpans(text));
    });

    it.each(corpus)(
      'keeps every protected region of %s, found again in the output',
      (_name, text) => {
        const output = transformMarkdown(text, kind, settings);
        expect(protectedTexts(output, CODE_AND_LINKS)).toEqual(
          protectedTexts(text, CODE_AND_LINKS),
        );
        expect(transformMarkdown(output, kind, settings)).toBe(output);
      },
    );
  });

  it.each(corpus)('is left byte-identical by the default transforms: %s', (_name, text) => {
    for (const kind of TRANSFORM_KINDS) expect(transformMarkdown(text, kind)).toBe(text);
  });
});

describe('the CommonMark spec examples, with Chinese mixed in', () => {
  const spec = corpus.find(([name]) => name === 'commonmark-spec.md')?.[1] ?? '';
  // Each example's markdown, with Chinese glued to the words the examples use most, so that
  // text, code, links and HTML around them all hold something to transform or to protect.
  const examples = [...spec.matchAll(/^`{32} example\n([\s\S]*?)^\.\n/gm)].map((match) =>
    match[1]
      .replace(/→/g, '\t')
      .replace(/\bfoo\b/g, '中文foo')
      .replace(/\bbar\b/g, 'bar,文本')
      .replace(/\bbaz\b/g, '(说明)baz'),
  );

  it('are all there', () => {
    expect(examples.length).toBeGreaterThan(600);
  });

  it.each(VARIANTS)(
    '$name keeps their protected regions and is idempotent',
    ({ kind, settings }) => {
      for (const example of examples) {
        const output = transformMarkdown(example, kind, settings);
        expect(transformMarkdown(output, kind, settings), example).toBe(output);
        // Every protected run survives in order. (The output may hold more: text such as
        // `<a href='x'title=y>` is no tag until its quotes turn typographic.)
        let cursor = 0;
        for (const run of splitProtected(example)) {
          if (!run.protected) continue;
          const found = output.indexOf(run.text, cursor);
          expect(found, example).toBeGreaterThanOrEqual(0);
          cursor = found + run.text.length;
        }
      }
    },
  );
});

describe('our CJK fixtures', () => {
  const chinese = readFixture('zh-hant.md');
  const korean = readFixture('ko.md');
  const japanese = readFixture('ja-zh.md');
  const french = readFixture('fr.md');

  describe.each([
    ['Chinese', chinese],
    ['Korean', korean],
    ['Japanese and Chinese', japanese],
    ['French', french],
  ])('%s', (_language, text) => {
    it.each(VARIANTS)('$name is idempotent and keeps code and URLs', ({ kind, settings }) => {
      const output = transformMarkdown(text, kind, settings);
      expect(transformMarkdown(output, kind, settings)).toBe(output);
      expect(protectedTexts(output, CODE_AND_LINKS)).toEqual(protectedTexts(text, CODE_AND_LINKS));
      expect(fencedBlocks(output)).toEqual(fencedBlocks(text));
      expect(codeSpans(output)).toEqual(codeSpans(text));
    });
  });

  it('are long enough to matter', () => {
    const lines = (text: string) => text.split('\n').length;
    expect(lines(chinese)).toBeGreaterThan(250);
    expect(lines(korean) + lines(japanese) + lines(french)).toBeGreaterThan(350);
  });

  it('have code, math, HTML, links and front matter to protect', () => {
    expect(codeSpans(chinese).length).toBeGreaterThan(50);
    for (const text of [chinese, korean, japanese, french]) {
      expect(fencedBlocks(text).length).toBeGreaterThanOrEqual(2);
      for (const kind of ['front-matter', 'code-span', 'math', 'math-block', 'html', 'url']) {
        expect(protectedTexts(text, [kind]).length, kind).toBeGreaterThan(0);
      }
    }
  });

  it('leaves every Hangul–Latin boundary of the Korean fixture alone', () => {
    const boundaries = (text: string) =>
      text.match(/\p{Script=Hangul}[A-Za-z0-9]|[A-Za-z0-9]\p{Script=Hangul}/gu) ?? [];
    expect(boundaries(korean).length).toBeGreaterThan(20);
    for (const { kind, settings } of VARIANTS) {
      expect(boundaries(transformMarkdown(korean, kind, settings))).toEqual(boundaries(korean));
    }
  });

  it.each([
    ['Korean', korean],
    ['French', french],
  ])('leaves the %s fixture, with no Han or Kana in it, byte-identical', (_language, text) => {
    expect(text).not.toMatch(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u);
    for (const { kind, settings } of VARIANTS) {
      expect(transformMarkdown(text, kind, settings)).toBe(text);
    }
  });

  it.each([
    ['Chinese', chinese],
    ['Japanese and Chinese', japanese],
  ])('finds nothing to change in the already spaced and punctuated %s fixture', (_l, text) => {
    expect(transformMarkdown(text, 'cjk-spacing')).toBe(text);
    expect(transformMarkdown(text, 'cjk-punctuation')).toBe(text);
  });

  it.each([
    ['Chinese', chinese, '\\p{Script=Han}'],
    ['Japanese and Chinese', japanese, '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]'],
  ])(
    'spaces and punctuates the %s fixture again once its spaces and marks are gone',
    (_l, text, cjk) => {
      // Undo the typography everywhere outside protected regions: drop the spaces between CJK and
      // Latin letters or digits, write full-width commas before CJK and full stops after CJK as
      // ASCII. The two transforms must give back the fixture byte for byte.
      const undo = (run: string) =>
        run
          .replace(new RegExp(`(?<=${cjk}) (?=[A-Za-z0-9])|(?<=[A-Za-z0-9]) (?=${cjk})`, 'gu'), '')
          .replace(new RegExp(`，(?=${cjk})`, 'gu'), ',')
          .replace(new RegExp(`(?<=${cjk})。(?![A-Za-z0-9])`, 'gu'), '.');
      const stripped = splitProtected(text)
        .map((run) => (run.protected ? run.text : undo(run.text)))
        .join('');
      const count = (source: string, pattern: RegExp) => source.match(pattern)?.length ?? 0;
      expect(count(stripped, / /g)).toBeLessThan(count(text, / /g) - 30);
      expect(count(stripped, /,/g)).toBeGreaterThan(count(text, /,/g) + 5);
      expect(count(stripped, /\./g)).toBeGreaterThan(count(text, /\./g) + 5);
      const restored = transformMarkdown(
        transformMarkdown(stripped, 'cjk-spacing'),
        'cjk-punctuation',
      );
      expect(restored).toBe(text);
    },
  );
});
