/**
 * The transforms over real documents: the CommonMark corpus (English, full of code) and the
 * seed documents (Korean and Chinese prose mixed with Latin technical terms).
 */

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitProtected } from './protect';
import { CJK_FORMAT_RULES, DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from './settings';
import { TRANSFORM_KINDS, transformMarkdown } from './transform';

const CORPUS = new URL('../../../tests/corpus/markdown/', import.meta.url);
const SEEDS = new URL('../../../../shared/seeds/', import.meta.url);

function readSeed(prefix: string): string {
  const name = readdirSync(SEEDS).find((file) => file.startsWith(prefix));
  if (!name) throw new Error(`no seed document starting with ${prefix}`);
  return readFileSync(new URL(name, SEEDS), 'utf8');
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

describe('the seed documents', () => {
  const korean = readSeed('000_');
  const chinese = readSeed('001_');

  describe.each([
    ['Korean', korean],
    ['Chinese', chinese],
  ])('%s', (_language, text) => {
    it.each(VARIANTS)('$name is idempotent and keeps code and URLs', ({ kind, settings }) => {
      const output = transformMarkdown(text, kind, settings);
      expect(transformMarkdown(output, kind, settings)).toBe(output);
      expect(protectedTexts(output, CODE_AND_LINKS)).toEqual(protectedTexts(text, CODE_AND_LINKS));
      expect(fencedBlocks(output)).toEqual(fencedBlocks(text));
      expect(codeSpans(output)).toEqual(codeSpans(text));
    });
  });

  it('has code spans and URLs to protect', () => {
    expect(codeSpans(chinese).length).toBeGreaterThan(50);
    expect(protectedTexts(korean, ['code-span', 'url']).length).toBeGreaterThan(0);
  });

  it('leaves every Hangul–Latin boundary of the Korean seed alone', () => {
    const boundaries = (text: string) =>
      text.match(/\p{Script=Hangul}[A-Za-z0-9]|[A-Za-z0-9]\p{Script=Hangul}/gu) ?? [];
    expect(boundaries(korean).length).toBeGreaterThan(20);
    for (const { kind, settings } of VARIANTS) {
      expect(boundaries(transformMarkdown(korean, kind, settings))).toEqual(boundaries(korean));
    }
  });

  it('finds nothing to change in the already spaced and punctuated Chinese seed', () => {
    expect(transformMarkdown(chinese, 'cjk-spacing')).toBe(chinese);
    expect(transformMarkdown(chinese, 'cjk-punctuation')).toBe(chinese);
  });

  it('spaces and punctuates the Chinese seed once its spaces and full-width marks are gone', () => {
    // Undo the seed's typography in plain prose lines, then check the transforms restore it.
    const lines = chinese.split('\n').filter((line) => /^[^`\s|{}"[\]<>#*-]+$/u.test(line));
    const sample = lines.slice(0, 40).join('\n');
    const stripped = sample
      .replace(/(?<=\p{Script=Han}) (?=[A-Za-z0-9])|(?<=[A-Za-z0-9]) (?=\p{Script=Han})/gu, '')
      .replace(/，(?=\p{Script=Han})/gu, ',');
    expect(stripped).not.toBe(sample);
    const restored = transformMarkdown(
      transformMarkdown(stripped, 'cjk-spacing'),
      'cjk-punctuation',
    );
    expect(restored).toBe(sample);
  });
});
