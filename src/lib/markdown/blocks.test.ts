/**
 * Conformance suite for the top-level block splitter: for real documents and hostile synthetic
 * ones, parsing each chunk on its own (with the document's definitions appended) must give
 * exactly the blocks that parsing the whole document gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mathFromMarkdown } from 'mdast-util-math';
import { describe, expect, it } from 'vitest';
import { chunkSource, collectDefinitions, splitTopLevelBlocks, type Chunk } from './index';
import { splitFrontMatter } from './frontMatter';

const CORPUS = new URL('../../../tests/corpus/markdown/', import.meta.url);
const SLOW = 120_000;

function parse(text: string): Root {
  // As the editor parses: GFM and math (`$$` blocks).
  return fromMarkdown(text, {
    extensions: [gfm(), math()],
    mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()],
  });
}

/** A deep copy of a node without its `position` fields. */
function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key !== 'position') copy[key] = withoutPositions(field);
  }
  return copy;
}

function expectContiguous(text: string, chunks: readonly Chunk[]): void {
  if (text.length === 0) {
    expect(chunks).toEqual([]);
    return;
  }
  expect(chunks.length).toBeGreaterThan(0);
  expect(chunks[0].start).toBe(0);
  chunks.forEach((chunk, index) => {
    expect(chunk.end, `chunk ${index} is empty`).toBeGreaterThan(chunk.start);
    if (index > 0) expect(chunk.start).toBe(chunks[index - 1].end);
  });
  expect(chunks[chunks.length - 1].end).toBe(text.length);
}

interface Conformance {
  chunks: Chunk[];
  topLevelNodes: number;
}

/**
 * Checks that the chunks cover the text and that parsing them one by one gives the same
 * top-level nodes as parsing the whole text. When the text starts with front matter, the cuts
 * must also suit the body parsed on its own, as the editor parses it.
 */
function expectSameBlocks(text: string): Conformance {
  const chunks = splitTopLevelBlocks(text);
  expectContiguous(text, chunks);
  const topLevelNodes = expectChunksParseAlike(text, chunks);
  const frontMatterEnd = splitFrontMatter(text).frontMatter.length;
  if (frontMatterEnd > 0) {
    const bodyChunks = chunks
      .map(({ start, end }) => ({
        start: Math.max(start, frontMatterEnd) - frontMatterEnd,
        end: end - frontMatterEnd,
      }))
      .filter(({ start, end }) => end > start);
    expectChunksParseAlike(text.slice(frontMatterEnd), bodyChunks);
  }
  return { chunks, topLevelNodes };
}

/** Compares the whole parse with the chunk-by-chunk parse; returns the top-level node count. */
function expectChunksParseAlike(text: string, chunks: readonly Chunk[]): number {
  const whole = parse(text).children;
  const definitions = collectDefinitions(text);
  const pieces: Array<{ node: RootContent; chunk: number }> = [];
  chunks.forEach((chunk, index) => {
    const source = chunkSource(text.slice(chunk.start, chunk.end), definitions);
    for (const node of parse(source.text).children) {
      const offset = node.position?.start.offset ?? -1;
      if (offset >= source.chunkStart && offset < source.chunkEnd) {
        pieces.push({ node, chunk: index });
      }
    }
  });
  const count = Math.max(whole.length, pieces.length);
  for (let index = 0; index < count; index += 1) {
    const expected = JSON.stringify(withoutPositions(whole[index]));
    const piece = pieces[index];
    const actual = JSON.stringify(withoutPositions(piece?.node));
    if (expected !== actual) {
      const chunk = piece ? chunks[piece.chunk] : undefined;
      const where = chunk
        ? `chunk ${piece.chunk} ${JSON.stringify(text.slice(chunk.start, chunk.end).slice(0, 400))}`
        : 'past the last chunk';
      expect(actual, `top-level node ${index} differs (${where})`).toBe(expected);
    }
  }
  return whole.length;
}

function corpusFiles(): string[] {
  try {
    return readdirSync(fileURLToPath(CORPUS))
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch {
    return [];
  }
}

function readCorpus(name: string): string {
  return readFileSync(fileURLToPath(new URL(name, CORPUS)), 'utf8');
}

function expectPieces(text: string, pieces: readonly string[]): void {
  expect(splitTopLevelBlocks(text).map(({ start, end }) => text.slice(start, end))).toEqual(pieces);
}

/** Documents built to break a splitter: every construct that may swallow what follows. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['empty', ''],
  ['only blank lines', '\n\n  \n\t\n'],
  ['no final newline', '# Title\n\nLast paragraph'],
  ['single line', 'just text'],
  ['headings and paragraphs', '# One\ntext\n## Two\n\nmore text\n### Three'],
  [
    'fence with blank lines and column-0 lines',
    '```js\nconst a = 1;\n\n# not a heading\n- not a list\n```\nafter\n',
  ],
  ['tilde fence, longer closing fence', '~~~~ info\n~~~\nstill code\n~~~~~~\n\npara\n'],
  ['math block with blank lines', 'text\n$$\na\n\n# no heading\n$$\nafter\n\n$$$ m\n$$\n$$$\n'],
  ['dollars that open no math block', '$$ a$b\n\n$x$ and $$y$$\n\n$\n'],
  [
    'backtick fence with info and backtick in info',
    '``` a`b\nnot code\n```\n\n``` ok\ncode\n```\n',
  ],
  ['fence at EOF unclosed', 'para\n\n```\ncode\n\nmore code\n'],
  ['fence at EOF unclosed without newline', '# h\n```\ncode'],
  ['fence closed at EOF without newline', '```\ncode\n```'],
  ['indented fence and indented close', '  ```\n  code\n   ```\nafter\n'],
  ['indented code with blank lines', '    code\n\n    more\n\n\n    last\npara\n\n    code\n'],
  ['indented code then list-like lines', '    a\n-\n\n    b\n\n2. x\n\n- y\n'],
  ['loose list', '- a\n\n- b\n\n- c\n\nafter\n'],
  ['tight then loose', '- a\n- b\n\n\n- c\n'],
  ['bullet change starts new list', '- a\n- b\n+ c\n+ d\n* e\n\n- f\n'],
  ['ordered delimiter change', '1. a\n2. b\n3) c\n\n4) d\n1. e\n'],
  ['ordered start not one after paragraph', 'text\n2. not a list\n1. a list\n'],
  [
    'nested list and continuation paragraphs',
    '- a\n  - b\n\n    continued b\n\n  continued a\n\n- c\n\n      code in c\n',
  ],
  [
    'list items containing fences',
    '- item\n\n  ```\n  code\n\n  more\n  ```\n\n- next\n  ~~~\n\n  ~~~\nafter\n',
  ],
  ['list item fence with column-0 line', '- ```\n  a\nb\n```\n'],
  ['list item starting blank', '-\n  foo\n-\n\n  bar\n- \n  baz\n'],
  ['list lazy continuation', '- a\nlazy\n- b\n\n  c\nd\n'],
  ['list then heading then list', '- a\n# h\n- b\n'],
  ['empty list items', '-\n-\n\n1.\n\ntext\n'],
  ['blockquote with lazy lines', '> a\nlazy\n> b\n\n> c\n\nd\n'],
  ['blockquote containing fence', '> ```\n> code\n\n> more\n```\nafter\n'],
  ['blockquote nested list', '> - a\n>   - b\n>\n> c\n\n> - d\ne\n'],
  ['blockquote lazy html and tables', '> a\n<x-y>\n> c\n\n> a\nb|c\n> -|-\n\n> p\n<div>\nq\n'],
  ['html block type 1', '<script>\nvar a;\n\nvar b;\n</script>\nafter\n\n<pre>\n\n</pre>\n'],
  ['html block type 2', '<!-- a\n\nb -->\nafter\n\n<!-->\n\n<!--->\n'],
  ['html block type 3 and 4', '<?php\n\necho 1;\n?>\n\n<!DOCTYPE html\n\n>\n'],
  ['html block type 5', '<![CDATA[\n\n]]]>\n]]>\ntext\n'],
  ['html block type 6', '<div>\n*a*\n\n</div>\n<table><tr><td>\n</td></tr></table>\n'],
  ['html block type 7', '<x-foo bar="1">\nline\n\n</x-foo>\ntext\n<a href="x">\n'],
  ['html type 7 cannot interrupt a paragraph', 'para\n<x-foo>\nmore\n\n<x-foo>\n'],
  ['setext headings', 'Title\n=====\nText\n---\n\n---\n\nA\n- \nB\n'],
  ['setext after definitions only', '[a]: /u\n===\nfoo\n\n[b]: /v\n---\nbar\n[b]\n'],
  ['thematic break after paragraph', 'para\n***\npara\n- - -\n___\n'],
  ['tables', '| a | b |\n|---|:-:|\n| 1 | 2 |\ntext row\n\n| c |\n| - |\n> quote\n'],
  ['table interrupting a paragraph', 'para\na | b\n--|--\nrow\n# h\n'],
  ['table rows then block starts', '| a |\n|---|\n| 1 |\n    code\n| x |\n|---|\n- item\n'],
  ['table-like non tables', 'a | b\n-- | -- | --\n\n||\n|\n\n| x |\n- |\n'],
  [
    'link reference definitions',
    '[foo]\n\n[foo]: /url "title"\n\n[bar]: <b a r>\n  \'multi\n  line\'\n\n[bar] and [baz]\n',
  ],
  ['definitions in containers', '> [q]: /q\n\n- [l]: /l\n\n[q] [l]\n'],
  [
    'footnotes',
    'Text[^1] and[^note].\n\n[^1]: One\n    continued\n\n    paragraph two\n\n[^note]: Note\nlazy\n\nafter\n',
  ],
  ['front matter yaml', '---\ntitle: x\ntags:\n  - a\n---\n# Heading\n\ntext\n'],
  ['front matter yaml dots', '---\ntitle: x\n...\n\n# Heading\n'],
  ['front matter toml', '+++\ntitle = "x"\n+++\nSome text\n\n# Heading\n'],
  ['thematic break then blank is not front matter', '---\n\ntext\n\n---\n'],
  ['tabs', '-\tfoo\n\n\tbar\n>\t- baz\n\t\tcode\n'],
  ['carriage returns', '# a\r\n\r\ntext\rmore\r\r- x\r\n'],
  ['raw HTML in a list item cut short by a lazy line', '- <!X\n\n\nSetext\n---\n- ```\n  a\nb\n'],
  ['indented code opened on a lazy line', '>\n\t* a\n    -->\n \npara\n'],
  ['kind 7 HTML on a lazy last line', '  [^fn]: note\n<x-y>'],
  [
    'footnote inside a footnote',
    '[^a]:[^a]:```\n    .\n\npara\n\n[^b]:\n    [^b]:\n\t>\n\t    1. <script',
  ],
  [
    'definition lines that could interrupt',
    '[ref]:\r\t<script>\n1. #\n[ref]\n\n[f]:\n    ```\n```\n[f]',
  ],
  ['last chunk ends in an open fence after a reference', '[a]: /u\n\n- [a]\n- ```\ncode'],
];

/** Fragments for random documents: each is a complete or deliberately incomplete construct. */
// prettier-ignore
const FRAGMENTS: readonly string[] = [
  'para', 'para [ref] text', '# h', '## h ##', 'Setext\n===', 'Setext\n---', '---', '***',
  '- a', '- a\n- b', '* a', '+ a', '1. a', '2. a', '1) a', '-', '- ', '1.', '- [ ] task',
  '```\ncode\n```', '```\ncode', '~~~\n~~~', '    code', '\tcode', '  - nested\n    - more',
  '> q', '> q\nlazy', '>', '> ```\n> c', '<div>', '</div>', '<!--', '-->', '<script>',
  '</script>', '<?', '?>', '<!X', '>', '<![CDATA[', ']]>', '<x-y>', '<x-y a="1"/>', '| a | b |',
  '|---|---|', '| 1 | 2 |', 'a|b', '-|-', ':-', '[ref]: /url', '[ref]: /url\n"title"',
  '[^fn]: note', '[^fn]', '    continued', '  indented two', '   three', '=', '- - -', '\\',
  '[a', 'b]: /x', '2) x', '10. x', '$$', '$$\nx^2\n$$', '$$$ m\n$$\n$$$', '$$ a$b', '$x$',
];

/** Markers and snippets that open, close or interrupt blocks, for chaos documents. */
// prettier-ignore
const TOKENS: readonly string[] = [
  '```', '~~~', '<div>', '</div>', '<!--', '-->', '|', '| a |', '|-|', ':-:', '---', '===', '#',
  'text', '[a]', '[a]:', '[^a]', '[^a]:', '<x-y>', '<script>', '</script>', '<?', '?>', '<!D',
  '>', '<![CDATA[', ']]>', '"t"', '/u', '*', '-', '+', '1.', '2)', '\\', 'a|b', '* * *', '\t',
  '$$', '$$$', '$',
];

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** Whole fragments, some lines behind a container prefix, with random blank lines between. */
function fragmentDocument(random: Random): string {
  const prefixes = ['', '', '', '', '> ', '  ', '    ', '- ', '1. ', '\t'];
  const separators = ['\n', '\n', '\n\n', '\n\n\n', '\n \n'];
  const parts: string[] = [];
  for (let count = 2 + Math.floor(random() * 10); count > 0; count -= 1) {
    const prefix = pick(random, prefixes);
    const fragment = pick(random, FRAGMENTS)
      .split('\n')
      .map((line) => (random() < 0.7 ? prefix + line : line))
      .join('\n');
    parts.push(fragment, pick(random, separators));
  }
  const text = parts.join('');
  return random() < 0.2 ? text.trimEnd() : text;
}

/** Lines of random indentation, container markers and block-level tokens. */
function chaosDocument(random: Random): string {
  const lines: string[] = [];
  for (let count = 1 + Math.floor(random() * 16); count > 0; count -= 1) {
    let line = '';
    for (let step = Math.floor(random() * 3); step > 0; step -= 1) {
      line += pick(random, [' ', '  ', '\t']);
    }
    for (let step = Math.floor(random() * 3); step > 0; step -= 1) {
      line += pick(random, ['> ', '>', '- ', '* ', '1. ', '2) ', '[^a]: ', '  ', '    ']);
    }
    for (let step = Math.floor(random() * 4); step > 0; step -= 1) {
      line += pick(random, ['', ' ']) + pick(random, TOKENS);
    }
    lines.push(line);
  }
  return lines.join('\n') + (random() < 0.6 ? '\n' : '');
}

/** A chaos document behind random YAML or TOML front matter. */
function frontMatterDocument(random: Random): string {
  const inner = chaosDocument(random).split('\n').slice(0, 3).join('\n');
  const [open, close] = pick(random, [
    ['---', '---'],
    ['---', '...'],
    ['+++', '+++'],
  ] as const);
  return `${open}\ntitle: x\n${inner}\n${close}\n${pick(random, [fragmentDocument, chaosDocument])(random)}`;
}

describe('splitTopLevelBlocks conformance', () => {
  it('has a corpus to test against', () => {
    expect(corpusFiles().length, `no .md files in ${fileURLToPath(CORPUS)}`).toBeGreaterThan(0);
  });

  for (const name of corpusFiles()) {
    it(
      `keeps every block of ${name} intact`,
      () => {
        const { chunks, topLevelNodes } = expectSameBlocks(readCorpus(name));
        console.log(`${name}: ${chunks.length} chunks for ${topLevelNodes} top-level nodes`);
        expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(topLevelNodes * 0.9));
      },
      SLOW,
    );
  }

  for (const [name, text] of HOSTILE) {
    it(`keeps blocks intact: ${name}`, () => {
      expectSameBlocks(text);
    });
  }

  const generators = [
    ['fragment', fragmentDocument, 1],
    ['chaos', chaosDocument, 2],
    ['front-matter', frontMatterDocument, 3],
  ] as const;
  for (const [name, generate, seed] of generators) {
    it(
      `keeps blocks intact in random ${name} documents`,
      () => {
        const random = mulberry32(seed);
        for (let index = 0; index < 700; index += 1) {
          const text = generate(random);
          try {
            expectSameBlocks(text);
          } catch (error) {
            throw new Error(`random document ${index} ${JSON.stringify(text)}`, { cause: error });
          }
        }
      },
      SLOW,
    );
  }
});

describe('splitTopLevelBlocks granularity', () => {
  it(
    'gives most top-level blocks of the CommonMark spec a chunk of their own',
    () => {
      const text = readCorpus('commonmark-spec.md');
      const timings: number[] = [];
      let chunks: Chunk[] = [];
      for (let run = 0; run < 10; run += 1) {
        const started = performance.now();
        chunks = splitTopLevelBlocks(text);
        timings.push(performance.now() - started);
      }
      const median = [...timings].sort((a, b) => a - b)[timings.length >> 1];
      const topLevelNodes = parse(text).children.length;
      console.log(
        `commonmark-spec.md: ${text.length} chars, ${chunks.length} chunks for ` +
          `${topLevelNodes} top-level nodes; split in ${timings[0].toFixed(1)} ms on the first ` +
          `run of this test, ${median.toFixed(1)} ms median of ${timings.length}`,
      );
      // Only the front matter, read as markdown, spans two top-level nodes in one chunk.
      expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(topLevelNodes * 0.95));
    },
    SLOW,
  );

  it('keeps blocks that hold blank lines whole', () => {
    expectPieces('```\na\n\nb\n```\n\n<!--\n\n-->\n\n    x\n\n    y\n\n[^1]: a\n\n    b\n\nend\n', [
      '```\na\n\nb\n```\n\n',
      '<!--\n\n-->\n\n',
      '    x\n\n    y\n\n',
      '[^1]: a\n\n    b\n\n',
      'end\n',
    ]);
  });

  it('splits where a block interrupts a paragraph, not at lazy or underline lines', () => {
    expectPieces('para\n# h\n- a\n> q\nlazy\n\nTitle\n===\ntext\n', [
      'para\n',
      '# h\n',
      '- a\n',
      '> q\nlazy\n\n',
      'Title\n===\n',
      'text\n',
    ]);
  });

  it('splits one chunk per block in simple documents', () => {
    const text = '# A\n\npara\n\n- x\n- y\n\n> q\n\n```\nc\n```\n\n---\n\n| a |\n|---|\n';
    const pieces = splitTopLevelBlocks(text).map(({ start, end }) => text.slice(start, end));
    expect(pieces).toEqual([
      '# A\n\n',
      'para\n\n',
      '- x\n- y\n\n',
      '> q\n\n',
      '```\nc\n```\n\n',
      '---\n\n',
      '| a |\n|---|\n',
    ]);
  });

  it('keeps a loose list in one chunk and starts a new one for another bullet', () => {
    const text = '- a\n\n- b\n\n* c\n';
    const pieces = splitTopLevelBlocks(text).map(({ start, end }) => text.slice(start, end));
    expect(pieces).toEqual(['- a\n\n- b\n\n', '* c\n']);
  });

  it('makes leading front matter a chunk of its own', () => {
    const text = '---\ntitle: x\n---\n\n# Heading\n';
    const pieces = splitTopLevelBlocks(text).map(({ start, end }) => text.slice(start, end));
    expect(pieces).toEqual(['---\ntitle: x\n---\n\n', '# Heading\n']);
  });
});
