/**
 * Contract rows of `document` on part of a tab (issue 28): the outline, section and line reads in
 * pages, find (literal and regex, the regex stopped after its time limit in a real worker), and
 * section and range writes with their refusals.
 */
import { expect } from '@playwright/test';
import { STALE, refusalOf } from './common';
import type { Answer, ContractContext, ContractRow } from './context';
import {
  ABSENT,
  arrayOf,
  boolean,
  count,
  literal,
  nonEmptyString,
  object,
  positiveInt,
  revision,
  string,
  tabId,
} from './shapes';

const GUIDE =
  '# Guide\r\nIntro.\r\n## Install\r\nRun it.\r\n# Appendix\r\n## Install\r\nAgain.\r\n';

const section = object({
  level: positiveInt,
  text: string,
  path: string,
  startLine: positiveInt,
  endLine: count,
  bytes: count,
});

const PAGE = {
  content: string,
  revision,
  tabId,
  startLine: positiveInt,
  endLine: positiveInt,
  totalLines: positiveInt,
};

const FOUND = {
  revision,
  matches: arrayOf(object({ line: positiveInt, text: string })),
  truncated: boolean,
};

/** A line of the 1 MB note the paging rows read. */
const PARAGRAPH = 'An ordinary paragraph of a long note, with words and more words.\n\n';

/** `first` and the pages read after it, each with the arguments `more` makes of the one before. */
async function readOn(
  ctx: ContractContext,
  first: Answer,
  more: (page: Answer) => Record<string, unknown> | undefined,
): Promise<Answer[]> {
  const pages = [first];
  for (let args = more(first); args !== undefined; args = more(pages[pages.length - 1])) {
    pages.push(await ctx.ok('document', { action: 'read', ...args }));
  }
  return pages;
}

export const documentPartRows: ContractRow[] = [
  {
    name: 'view "outline" → the headings with their paths, lines and UTF-8 sizes',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({ tabId: await ctx.open('outline.md', GUIDE), view: 'outline' }),
    shape: object({ revision, tabId, totalLines: literal(7), outline: arrayOf(section) }),
    async then(answer) {
      expect(answer.outline).toEqual([
        { level: 1, text: 'Guide', path: 'Guide', startLine: 1, endLine: 4, bytes: 34 },
        { level: 2, text: 'Install', path: 'Guide > Install', startLine: 3, endLine: 4, bytes: 19 },
        { level: 1, text: 'Appendix', path: 'Appendix', startLine: 5, endLine: 7, bytes: 29 },
        {
          level: 2,
          text: 'Install',
          path: 'Appendix > Install',
          startLine: 6,
          endLine: 7,
          bytes: 18,
        },
      ]);
    },
  },
  {
    name: 'view "outline" of a workflow → top-level keys, jobs and their steps',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({
      tabId: await ctx.open(
        '.github/workflows/ci.yml',
        'on: push\njobs:\n  build:\n    runs-on: x\n    steps:\n      - name: Test\n        run: npm test\n',
      ),
      view: 'outline',
    }),
    shape: object({ revision, totalLines: literal(7), outline: arrayOf(section) }),
    async then(answer) {
      expect((answer.outline as { path: string }[]).map((s) => s.path)).toEqual([
        'on',
        'jobs',
        'jobs > build',
        'jobs > build > Test',
      ]);
    },
  },
  {
    name: 'a section by its path → its lines, heading included, with the revision',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({ tabId: await ctx.open('section.md', GUIDE), section: 'Guide' }),
    shape: object({
      ...PAGE,
      content: literal('# Guide\nIntro.\n## Install\nRun it.'),
      startLine: literal(1),
      endLine: literal(4),
      totalLines: literal(7),
      nextLine: ABSENT,
    }),
    async then(answer, ctx, args) {
      expect(answer.revision).toBe(await ctx.revisionOf(args.tabId as string));
    },
  },
  {
    name: 'a 1 MB note by lines → pages under the output limit that join into the text',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({
      tabId: await ctx.open('big.md', PARAGRAPH.repeat(16_000)),
      startLine: 1,
    }),
    shape: object({ ...PAGE, startLine: literal(1), nextLine: positiveInt }),
    async then(answer, ctx, args) {
      const pages = await readOn(ctx, answer, (page) =>
        page.nextLine === undefined ? undefined : { tabId: args.tabId, startLine: page.nextLine },
      );
      for (const page of pages) {
        expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(75_000);
        expect(page.revision).toBe(answer.revision);
      }
      expect(`${pages.map((p) => p.content).join('\n')}\n`).toBe(PARAGRAPH.repeat(16_000));
    },
  },
  {
    name: 'a line longer than a page → cut between characters, continued with nextColumn',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({
      tabId: await ctx.open('long-line.md', `${'😀'.repeat(40_000)}\nend\n`),
      startLine: 1,
      endLine: 1,
    }),
    shape: object({ ...PAGE, endLine: literal(1), nextLine: literal(1), nextColumn: positiveInt }),
    async then(answer, ctx, args) {
      const pages = await readOn(ctx, answer, (page) =>
        page.nextColumn === undefined
          ? undefined
          : { tabId: args.tabId, startLine: 1, endLine: 1, startColumn: page.nextColumn },
      );
      for (const page of pages)
        expect(page.nextLine === undefined).toBe(page.nextColumn === undefined);
      // 160,000 bytes of emoji: three pages, each cut between two emoji, never inside one.
      expect(pages).toHaveLength(3);
      expect(pages.map((p) => p.content).join('')).toBe('😀'.repeat(40_000));
    },
  },
  {
    name: 'lines outside the document → INVALID_ARGUMENT with totalLines',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({ tabId: await ctx.open('range.md', GUIDE), startLine: 8 }),
    refusal: true,
    shape: refusalOf('INVALID_ARGUMENT', { totalLines: literal(7) }),
  },
  {
    name: 'a path several sections match → INVALID_ARGUMENT listing the candidates',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({ tabId: await ctx.open('twice.md', GUIDE), section: 'Install' }),
    refusal: true,
    shape: refusalOf('INVALID_ARGUMENT', { candidates: arrayOf(section, { min: 2 }) }),
    async then(answer) {
      expect((answer.candidates as { path: string }[]).map((c) => c.path)).toEqual([
        'Guide > Install',
        'Appendix > Install',
      ]);
    },
  },
  {
    name: 'find (literal) → {revision, matches: [{line, text}], truncated}',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({ tabId: await ctx.open('find.md', GUIDE), find: 'it.' }),
    shape: object({ ...FOUND, truncated: literal(false) }),
    async then(answer) {
      expect(answer.matches).toEqual([{ line: 4, text: 'Run it.' }]);
    },
  },
  {
    name: 'find with regex: true → run in a window worker, ≤ 200 lines with truncated',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({
      tabId: await ctx.open('regex.md', 'item 1\n'.repeat(250)),
      find: '^item \\d$',
      regex: true,
    }),
    shape: object({ ...FOUND, truncated: literal(true) }),
    async then(answer) {
      expect(answer.matches).toHaveLength(200);
    },
  },
  {
    name: 'a regex that backtracks for ever → stopped at its time limit, INVALID_ARGUMENT; the app goes on',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({
      tabId: await ctx.open('stall.md', `${'a'.repeat(40)}!\n`),
      find: '^(a+)+$',
      regex: true,
    }),
    refusal: true,
    shape: refusalOf('INVALID_ARGUMENT'),
    async then(answer, ctx, args) {
      expect(answer.message).toContain('stopped');
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId, find: 'a!' });
      expect(read.matches).toEqual([{ line: 1, text: `${'a'.repeat(40)}!` }]);
    },
  },
  {
    name: 'a pattern that is not a regular expression → refused in plain words',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({ tabId: await ctx.open('bad.md', GUIDE), find: '(', regex: true }),
    plain: /^find is not a valid regular expression/,
    shape: object({}),
  },
  {
    name: 'a section write → that section replaced, saved, CRLF kept, every other byte the same',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('edit.md', GUIDE);
      return {
        tabId: tab,
        section: 'Appendix > Install',
        content: '## Install\nAgain, faster.',
        expected_revision: await ctx.revisionOf(tab),
      };
    },
    shape: object({ revision, saved: literal(true), save_skipped: ABSENT, save_error: ABSENT }),
    async then(answer, ctx, args) {
      expect(answer.revision).not.toBe(args.expected_revision);
      expect(await ctx.read('edit.md')).toBe(GUIDE.replace('Again.', 'Again, faster.'));
    },
  },
  {
    name: 'a line write with endLine = startLine − 1 → inserted before startLine',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('insert.md', 'one\ntwo\n');
      return {
        tabId: tab,
        startLine: 2,
        endLine: 1,
        content: 'between',
        expected_revision: await ctx.revisionOf(tab),
        save: false,
      };
    },
    shape: object({ revision, saved: literal(false), save_skipped: literal('opt_out') }),
    async then(_answer, ctx, args) {
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read.content).toBe('one\nbetween\ntwo\n');
    },
  },
  {
    name: 'a section write with an older expected_revision → STALE, nothing written',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('section-stale.md', GUIDE);
      const old = await ctx.revisionOf(tab);
      await ctx.ok('document', { action: 'write', tabId: tab, content: '# Guide\nNew.\n' });
      return { tabId: tab, section: 'Guide', content: '# Guide', expected_revision: old };
    },
    refusal: true,
    shape: STALE,
    async then(_answer, ctx) {
      expect(await ctx.read('section-stale.md')).toBe('# Guide\r\nNew.\r\n');
    },
  },
  {
    name: 'a section write without expected_revision → refused in plain words, nothing written',
    tool: 'document',
    action: 'write',
    args: async (ctx) => ({
      tabId: await ctx.open('unguarded.md', GUIDE),
      section: 'Guide',
      content: 'x',
    }),
    plain: /needs expected_revision/,
    shape: object({}),
    async then(_answer, ctx) {
      expect(await ctx.read('unguarded.md')).toBe(GUIDE);
    },
  },
  {
    name: 'a line write past the end → INVALID_ARGUMENT with totalLines, nothing written',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('past.md', GUIDE);
      return {
        tabId: tab,
        startLine: 9,
        endLine: 9,
        content: 'x',
        expected_revision: await ctx.revisionOf(tab),
      };
    },
    refusal: true,
    shape: refusalOf('INVALID_ARGUMENT', { totalLines: literal(7), message: nonEmptyString }),
    async then(_answer, ctx) {
      expect(await ctx.read('past.md')).toBe(GUIDE);
    },
  },
];
