/** Contract rows of `document`: read, write with each save outcome, transform, and STALE. */
import { expect } from '@playwright/test';
import { STALE } from './common';
import type { ContractRow } from './context';
import {
  ABSENT,
  boolean,
  literal,
  nonEmptyString,
  object,
  oneOf,
  revision,
  string,
  tabId,
  virtualPath,
} from './shapes';

const WRITE = { revision, saved: boolean };

export const documentRows: ContractRow[] = [
  {
    name: 'a file tab: its text, revision, path, kind and dirty state',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({ tabId: await ctx.open('read.md', '# Read\r\n\r\nText.\r\n') }),
    shape: object({
      content: string,
      revision,
      filePath: virtualPath,
      kind: literal('markdown'),
      dirty: literal(false),
      tabId,
    }),
    async then(answer, ctx) {
      expect(answer.content).toBe('# Read\n\nText.\n');
      expect(answer.filePath).toBe(ctx.path('read.md'));
    },
  },
  {
    name: 'an untitled tab with unsaved text',
    tool: 'document',
    action: 'read',
    async args(ctx) {
      const tab = await ctx.untitled();
      await ctx.ok('document', { action: 'write', tabId: tab, content: 'Draft\n' });
      return { tabId: tab };
    },
    shape: object({
      content: literal('Draft\n'),
      revision,
      filePath: literal(null),
      kind: literal('markdown'),
      dirty: literal(true),
    }),
  },
  {
    name: 'a workflow tab',
    tool: 'document',
    action: 'read',
    args: async (ctx) => ({
      tabId: await ctx.open('ci.yml', 'on: push\njobs:\n  a:\n    runs-on: x\n'),
    }),
    shape: object({
      content: string,
      revision,
      filePath: virtualPath,
      kind: literal('yaml-workflow'),
      dirty: boolean,
    }),
  },
  {
    name: 'a file tab, saved: saved:true and nothing else',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('write.md', 'Before\n');
      return { tabId: tab, content: 'After\n', expected_revision: await ctx.revisionOf(tab) };
    },
    shape: object({ ...WRITE, saved: literal(true), save_skipped: ABSENT, save_error: ABSENT }),
    async then(answer, ctx, args) {
      expect(await ctx.read('write.md')).toBe('After\n');
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ revision: answer.revision, dirty: false });
      expect(answer.revision).not.toBe(args.expected_revision);
    },
  },
  {
    name: 'save:false → save_skipped "opt_out"',
    tool: 'document',
    action: 'write',
    args: async (ctx) => ({
      tabId: await ctx.open('optout.md', 'Disk\n'),
      content: 'Buffer only\n',
      save: false,
    }),
    shape: object({
      ...WRITE,
      saved: literal(false),
      save_skipped: literal('opt_out'),
      save_error: ABSENT,
    }),
    async then(_answer, ctx, args) {
      expect(await ctx.read('optout.md')).toBe('Disk\n');
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ content: 'Buffer only\n', dirty: true });
    },
  },
  {
    name: 'a tab with no file → save_skipped "untitled", with a note for the person',
    tool: 'document',
    action: 'write',
    args: async (ctx) => ({ tabId: await ctx.untitled(), content: '# New\n' }),
    shape: object({
      ...WRITE,
      saved: literal(false),
      save_skipped: literal('untitled'),
      save_note: nonEmptyString,
      save_error: ABSENT,
    }),
    async then(_answer, ctx, args) {
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ content: '# New\n', filePath: null });
    },
  },
  {
    name: 'a save that fails → save_error, and no save_skipped',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('gone/file.md', 'Here\n');
      // The file's folder disappears behind the app's back, so the save cannot write it.
      await ctx.page.evaluate(async (folder) => {
        const root = await navigator.storage.getDirectory();
        const dir = await root.getDirectoryHandle(folder);
        await dir.removeEntry('gone', { recursive: true });
      }, ctx.folder);
      return { tabId: tab, content: 'Kept in the tab\n' };
    },
    shape: object({
      ...WRITE,
      saved: literal(false),
      save_error: nonEmptyString,
      save_skipped: ABSENT,
    }),
    async then(_answer, ctx, args) {
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ content: 'Kept in the tab\n', dirty: true });
    },
  },
  {
    name: 'an older expected_revision → STALE, nothing written',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('stale.md', 'One\n');
      const old = await ctx.revisionOf(tab);
      await ctx.ok('document', { action: 'write', tabId: tab, content: 'Two\n' });
      return { tabId: tab, content: 'Three\n', expected_revision: old };
    },
    refusal: true,
    shape: STALE,
    async then(answer, ctx, args) {
      expect(answer.current_revision).not.toBe(args.expected_revision);
      expect(await ctx.revisionOf(args.tabId as string)).toBe(answer.current_revision);
      expect(await ctx.read('stale.md')).toBe('Two\n');
    },
  },
  {
    name: 'a CJK transform',
    tool: 'document',
    action: 'transform',
    args: async (ctx) => ({
      tabId: await ctx.open('cjk.md', '中文English混排\n'),
      kind: 'cjk-spacing',
    }),
    shape: object({ revision, changed: oneOf(true, false) }),
    async then(answer, ctx, args) {
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ content: '中文 English 混排\n', revision: answer.revision });
      expect(answer.changed).toBe(true);
    },
  },
  {
    name: 'a transform with an older expected_revision → STALE',
    tool: 'document',
    action: 'transform',
    async args(ctx) {
      const tab = await ctx.open('cjk-stale.md', '中文English\n');
      const old = await ctx.revisionOf(tab);
      await ctx.ok('document', {
        action: 'write',
        tabId: tab,
        content: '中文Latin\n',
        save: false,
      });
      return { tabId: tab, kind: 'cjk-spacing', expected_revision: old };
    },
    refusal: true,
    shape: STALE,
  },
  {
    name: 'an argument write does not take (line) → refused in plain words, naming it; nothing written or saved',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tab = await ctx.open('line.md', 'One\nTwo\nThree\n');
      ctx.memo.revision = await ctx.revisionOf(tab);
      return { tabId: tab, content: 'Replaced\n', line: 3 };
    },
    plain:
      /write does not take line; it takes tabId, content, expected_revision, save, section, startLine, endLine\.$/,
    shape: object({}),
    async then(_answer, ctx, args) {
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({
        content: 'One\nTwo\nThree\n',
        revision: ctx.memo.revision,
        dirty: false,
      });
      expect(await ctx.read('line.md')).toBe('One\nTwo\nThree\n');
    },
  },
  {
    name: 'an argument of another action (save on transform) → refused in plain words; nothing changed',
    tool: 'document',
    action: 'transform',
    async args(ctx) {
      const tab = await ctx.open('cjk-save.md', '中文English\n');
      ctx.memo.revision = await ctx.revisionOf(tab);
      return { tabId: tab, kind: 'cjk-spacing', save: true };
    },
    plain: /^transform does not take save; it takes tabId, kind, expected_revision\.$/,
    shape: object({}),
    async then(_answer, ctx, args) {
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ content: '中文English\n', revision: ctx.memo.revision });
    },
  },
];
