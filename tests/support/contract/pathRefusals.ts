/**
 * Contract rows of the path refusals a person's files can cause (issue 25 §1): a file over the
 * open limit (`TOO_LARGE`) and a picked folder whose access is gone (`PERMISSION`), both sent under
 * the seeds' `INVALID_PATH` with the cause in `reason`. A refusal loses nothing: no tab is opened,
 * the file on disk is as it was, and unsaved text stays in its tab until access is granted again.
 */
import { expect } from '@playwright/test';
import { SIZE_LIMITS } from '../../../src/lib/fileKinds/kind';
import { grantAccessAgain, mountPicked, readPicked, takeAccessAway } from '../pickedFolder';
import { refusalOf } from './common';
import type { Answer, ContractContext, ContractRow } from './context';
import { ABSENT, literal, matches, object, revision } from './shapes';

/** What the person reads in the app and a model in the message: access has to be granted again. */
const GRANT_AGAIN = /\bgrant(ed)?\b.*\bagain\b/i;

/** This row's picked folder: its name (and mount) and the path of `file` in it. */
function picked(ctx: ContractContext, file = 'a.md') {
  const name = `${ctx.folder}-picked`;
  return { name, path: `/${name}/${file}` };
}

/** Mounts this row's picked folder holding `a.md` with `text`; gives the folder's name. */
async function mountOwnFolder(ctx: ContractContext, text: string): Promise<string> {
  const { name } = picked(ctx);
  await mountPicked(ctx.page, name, { 'a.md': text });
  return name;
}

/**
 * Mounts this row's picked folder, opens its `a.md` through the AI client, writes `unsaved` into
 * the tab without saving when given, then takes the folder's access away; gives the tab's id.
 */
async function openThenLoseAccess(ctx: ContractContext, unsaved?: string): Promise<string> {
  const name = await mountOwnFolder(ctx, 'On disk\n');
  const tab = (await ctx.ok('workspace', { action: 'open', filePath: picked(ctx).path }))
    .tabId as string;
  if (unsaved !== undefined) {
    await ctx.ok('document', { action: 'write', tabId: tab, content: unsaved, save: false });
  }
  await takeAccessAway(ctx.page, name);
  return tab;
}

/** The sidebar asks the person to grant access to the folder again. */
async function sidebarAsksForAccess(ctx: ContractContext): Promise<void> {
  const { name } = picked(ctx);
  const section = ctx.page.locator(`section.workspace[data-mount="${name}"]`);
  await expect(section.getByRole('button', { name: `Grant access to ${name}` })).toBeVisible();
}

async function notOpen(ctx: ContractContext, path: string): Promise<void> {
  const state = JSON.stringify(await ctx.ok('session', { action: 'get_state' }));
  expect(state).not.toContain(path);
}

/** After a refused save, the text is still in the tab; once access is back, it saves. */
async function keptUntilGranted(ctx: ContractContext, tab: string, text: string): Promise<void> {
  const { name } = picked(ctx);
  const read = await ctx.ok('document', { action: 'read', tabId: tab });
  expect(read).toMatchObject({ content: text, dirty: true });
  expect(await readPicked(ctx.page, name, 'a.md')).toBe('On disk\n');
  await sidebarAsksForAccess(ctx);
  await grantAccessAgain(ctx.page, name);
  await ctx.ok('workspace', { action: 'save', tabId: tab });
  expect(await readPicked(ctx.page, name, 'a.md')).toBe(text);
}

const PERMISSION = refusalOf('INVALID_PATH', { reason: literal('PERMISSION') });

export const pathRefusalRows: ContractRow[] = [
  {
    name: "a file over the open limit → the seeds' INVALID_PATH, reason TOO_LARGE, naming the path and the limit; no tab",
    tool: 'workspace',
    action: 'open',
    async args(ctx) {
      // One byte over the limit, made without writing its bytes: truncate() extends the file.
      await ctx.page.evaluate(
        async ({ folder, size }) => {
          const root = await navigator.storage.getDirectory();
          const dir = await root.getDirectoryHandle(folder, { create: true });
          const writable = await (
            await dir.getFileHandle('huge.md', { create: true })
          ).createWritable();
          await writable.truncate(size);
          await writable.close();
        },
        { folder: ctx.folder, size: SIZE_LIMITS.refuseAbove + 1 },
      );
      return { filePath: ctx.path('huge.md') };
    },
    refusal: true,
    shape: refusalOf('INVALID_PATH', { reason: literal('TOO_LARGE') }),
    async then(answer, ctx) {
      expect(answer.message).toContain(ctx.path('huge.md'));
      expect(answer.message).toContain(`${SIZE_LIMITS.refuseAbove / 1_000_000} MB limit`);
      await notOpen(ctx, ctx.path('huge.md'));
      await ctx.page.evaluate(async (folder) => {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
        await dir.removeEntry('huge.md');
      }, ctx.folder);
    },
  },
  {
    name: 'a file in a picked folder whose access is gone → INVALID_PATH, reason PERMISSION: grant access again; no tab',
    tool: 'workspace',
    action: 'open',
    async args(ctx) {
      const name = await mountOwnFolder(ctx, 'On disk\n');
      await takeAccessAway(ctx.page, name);
      return { filePath: picked(ctx).path };
    },
    refusal: true,
    shape: PERMISSION,
    async then(answer, ctx, args) {
      expect(answer.message).toContain(picked(ctx).path);
      expect(answer.message).toMatch(GRANT_AGAIN);
      await notOpen(ctx, picked(ctx).path);
      await sidebarAsksForAccess(ctx);
      // Once the person grants access again, the same call opens the file.
      await grantAccessAgain(ctx.page, picked(ctx).name);
      const opened = await ctx.ok('workspace', { action: 'open', ...args });
      const read = await ctx.ok('document', { action: 'read', tabId: opened.tabId });
      expect(read.content).toBe('On disk\n');
    },
  },
  {
    name: 'unsaved text in a folder whose access is gone → INVALID_PATH, reason PERMISSION; the text stays in its tab',
    tool: 'workspace',
    action: 'save',
    args: async (ctx) => ({ tabId: await openThenLoseAccess(ctx, 'Unsaved\n') }),
    refusal: true,
    shape: PERMISSION,
    async then(answer: Answer, ctx, args) {
      expect(answer.message).toContain(`/${picked(ctx).name}`);
      expect(answer.message).toMatch(GRANT_AGAIN);
      await keptUntilGranted(ctx, args.tabId as string, 'Unsaved\n');
    },
  },
  {
    name: 'a write whose save meets a folder whose access is gone → written to the tab, save_error says to grant access again',
    tool: 'document',
    action: 'write',
    args: async (ctx) => ({ tabId: await openThenLoseAccess(ctx), content: 'Written\n' }),
    shape: object({
      revision,
      saved: literal(false),
      save_error: matches(GRANT_AGAIN, 'a sentence saying to grant access again'),
      save_skipped: ABSENT,
    }),
    async then(answer, ctx, args) {
      expect(await ctx.revisionOf(args.tabId as string)).toBe(answer.revision);
      await keptUntilGranted(ctx, args.tabId as string, 'Written\n');
    },
  },
];
