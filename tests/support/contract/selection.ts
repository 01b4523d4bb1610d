/** Contract rows of `selection`: the focused tab's live editor. */
import { expect } from '@playwright/test';
import { STALE } from './common';
import type { ContractRow } from './context';
import { boolean, count, object, oneOf, revision, string, tabId } from './shapes';

export const selectionRows: ContractRow[] = [
  {
    name: 'the selected word, its range and the revision to pass to set',
    tool: 'selection',
    action: 'get',
    async args(ctx) {
      ctx.memo.tab = await ctx.selectEnd('get.md', 'Hello world\n', 5);
      return {};
    },
    shape: object({
      text: string,
      isEmpty: boolean,
      range: object({ from: count, to: count }),
      mode: oneOf('wysiwyg', 'source'),
      kind: oneOf('markdown', 'yaml-workflow'),
      tabId,
      revision,
    }),
    async then(answer, ctx) {
      expect(answer).toMatchObject({
        text: 'world',
        isEmpty: false,
        range: { from: 7, to: 12 },
        mode: 'wysiwyg',
        kind: 'markdown',
        tabId: ctx.memo.tab,
      });
      expect(await ctx.revisionOf(ctx.memo.tab as string)).toBe(answer.revision);
    },
  },
  {
    name: 'the selection replaced: the new revision and how much was replaced',
    tool: 'selection',
    action: 'set',
    async args(ctx) {
      ctx.memo.tab = await ctx.selectEnd('set.md', 'Hello world\n', 5);
      const got = await ctx.ok('selection', { action: 'get' });
      return { content: 'everyone', expected_revision: got.revision };
    },
    shape: object({ revision, replaced_chars: count }),
    async then(answer, ctx, args) {
      expect(answer.replaced_chars).toBe(5);
      expect(answer.revision).not.toBe(args.expected_revision);
      const read = await ctx.ok('document', { action: 'read', tabId: ctx.memo.tab });
      expect(read).toMatchObject({ content: 'Hello everyone\n', revision: answer.revision });
    },
  },
  {
    name: 'an older expected_revision → STALE, the editor unchanged',
    tool: 'selection',
    action: 'set',
    async args(ctx) {
      ctx.memo.tab = await ctx.selectEnd('stale-sel.md', 'Hello world\n', 5);
      const got = await ctx.ok('selection', { action: 'get' });
      await ctx.page.keyboard.press('End');
      await ctx.page.keyboard.type('!');
      await expect.poll(() => ctx.revisionOf(ctx.memo.tab as string)).not.toBe(got.revision);
      return { content: 'everyone', expected_revision: got.revision };
    },
    refusal: true,
    shape: STALE,
    async then(_answer, ctx) {
      const read = await ctx.ok('document', { action: 'read', tabId: ctx.memo.tab });
      expect(read.content).toBe('Hello world!\n');
    },
  },
];
