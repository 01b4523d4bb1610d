/** Contract rows of `workspace`: files, tabs and folders. */
import { expect, type CDPSession, type Page } from '@playwright/test';
import { refusalOf } from './common';
import type { ContractContext, ContractRow } from './context';
import {
  ABSENT,
  literal,
  nonEmptyString,
  nullable,
  object,
  optional,
  revision,
  string,
  tabId,
  virtualPath,
} from './shapes';

/** Turns off Playwright's focus emulation for the app page, so it has focus only when it really does. */
async function withoutFocusEmulation(ctx: ContractContext): Promise<void> {
  const cdp = await ctx.page.context().newCDPSession(ctx.page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  ctx.memo.cdp = cdp;
}

async function restoreFocusEmulation(ctx: ContractContext): Promise<void> {
  const cdp = ctx.memo.cdp as CDPSession;
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  await cdp.detach();
}

type Tab = { id: string; active: boolean; dirty: boolean; filePath: string | null };

async function tabsNow(ctx: ContractContext): Promise<Tab[]> {
  const state = await ctx.ok('session', { action: 'get_state' });
  return (state.windows as { tabs: Tab[] }[]).flatMap((w) => w.tabs);
}

async function activeTab(ctx: ContractContext): Promise<string | undefined> {
  return (await tabsNow(ctx)).find((t) => t.active)?.id;
}

export const workspaceRows: ContractRow[] = [
  {
    name: 'a new untitled tab, shown at once',
    tool: 'workspace',
    action: 'new',
    args: async () => ({}),
    shape: object({ tabId }),
    async then(answer, ctx) {
      expect(await activeTab(ctx)).toBe(answer.tabId);
      const read = await ctx.ok('document', { action: 'read', tabId: answer.tabId });
      expect(read).toMatchObject({ content: '', filePath: null, dirty: false });
    },
  },
  {
    name: 'a file opened in the background',
    tool: 'workspace',
    action: 'open',
    async args(ctx) {
      await ctx.show(await ctx.open('front.md', 'Front\n'));
      ctx.memo.shown = await activeTab(ctx);
      await ctx.write('plan.md', '# Plan\n');
      return { filePath: ctx.path('plan.md') };
    },
    shape: object({
      tabId,
      workspaceInstanceId: nullable(string),
      activationChanged: literal(false),
      workspaceSwitched: literal(false),
      alreadyOpen: literal(false),
      reloaded: literal(false),
    }),
    async then(answer, ctx) {
      // The person still sees the tab they saw before.
      expect(await activeTab(ctx)).toBe(ctx.memo.shown);
      const read = await ctx.ok('document', { action: 'read', tabId: answer.tabId });
      expect(read.content).toBe('# Plan\n');
    },
  },
  {
    name: 'a file already open with unsaved changes is reused, not reloaded',
    tool: 'workspace',
    action: 'open',
    async args(ctx) {
      const tab = await ctx.open('draft.md', 'On disk\n');
      await ctx.ok('document', { action: 'write', tabId: tab, content: 'Unsaved\n', save: false });
      return { filePath: ctx.path('draft.md') };
    },
    shape: object({
      tabId,
      workspaceInstanceId: nullable(string),
      activationChanged: literal(false),
      workspaceSwitched: literal(false),
      alreadyOpen: literal(true),
      reloaded: literal(false),
      reason: nonEmptyString,
    }),
    async then(answer, ctx) {
      const read = await ctx.ok('document', { action: 'read', tabId: answer.tabId });
      expect(read).toMatchObject({ content: 'Unsaved\n', dirty: true });
    },
  },
  {
    name: 'a folder not granted yet: the person is asked',
    tool: 'workspace',
    action: 'open_workspace',
    args: async () => ({ folderPath: '/home/me/site' }),
    refusal: true,
    shape: refusalOf('APPROVAL_REQUIRED', {
      needsApproval: literal(true),
      folderPath: literal('/home/me/site'),
    }),
    async then(_answer, ctx) {
      const dialog = ctx.page.getByRole('dialog');
      await expect(dialog).toContainText('asks to open a folder');
      await expect(dialog).toContainText('/home/me/site');
      await dialog.getByRole('button', { name: 'Deny' }).click();
      await expect(dialog).toHaveCount(0);
    },
  },
  {
    name: 'windowLabel, which open_workspace does not take → refused in plain words; nobody is asked',
    tool: 'workspace',
    action: 'open_workspace',
    args: async () => ({ folderPath: '/home/me/other', windowLabel: 'main' }),
    plain: /open_workspace does not take windowLabel; it takes folderPath\.$/,
    shape: object({}),
    async then(_answer, ctx) {
      // A call that reaches the app after this one sees what this one did, had it asked.
      await ctx.ok('session', { action: 'get_state' });
      await expect(ctx.page.getByRole('dialog')).toHaveCount(0);
    },
  },
  {
    name: 'a folder that is already open',
    tool: 'workspace',
    action: 'open_workspace',
    args: async () => ({ folderPath: '/notes' }),
    shape: object({ opened: literal(true), folderPath: literal('/notes') }),
  },
  {
    name: 'a tab saved to its file, revision kept',
    tool: 'workspace',
    action: 'save',
    async args(ctx) {
      const tab = await ctx.open('save.md', 'Old\n');
      await ctx.ok('document', { action: 'write', tabId: tab, content: 'New\n', save: false });
      return { tabId: tab };
    },
    shape: object({ filePath: virtualPath, revision }),
    async then(answer, ctx, args) {
      expect(answer.filePath).toBe(ctx.path('save.md'));
      expect(await ctx.read('save.md')).toBe('New\n');
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ dirty: false, revision: answer.revision });
    },
  },
  {
    name: 'an untitled tab cannot be saved: use save_as',
    tool: 'workspace',
    action: 'save',
    args: async (ctx) => ({ tabId: await ctx.untitled() }),
    refusal: true,
    shape: refusalOf('INVALID_PATH'),
    async then(answer) {
      expect(answer.message).toContain('save_as');
    },
  },
  {
    name: 'a tab saved again to its own path',
    tool: 'workspace',
    action: 'save_as',
    async args(ctx) {
      const tab = await ctx.open('same.md', 'Same\n');
      return { tabId: tab, filePath: ctx.path('same.md') };
    },
    shape: object({ revision, filePath: optional(virtualPath) }),
    async then(answer, ctx, args) {
      expect(await ctx.read('same.md')).toBe('Same\n');
      expect(await ctx.revisionOf(args.tabId as string)).toBe(answer.revision);
    },
  },
  {
    name: 'a new location while "Auto-approve edits" is off',
    tool: 'workspace',
    action: 'save_as',
    async args(ctx) {
      const tab = await ctx.open('here.md', 'Here\n');
      return { tabId: tab, filePath: ctx.path('elsewhere.md') };
    },
    refusal: true,
    shape: refusalOf('APPROVAL_REQUIRED', { needsApproval: literal(true) }),
    async then(_answer, ctx) {
      expect(await ctx.read('elsewhere.md')).toBeNull();
    },
  },
  {
    name: 'onto a file that exists → INVALID_PATH, reason NAME_CLASH: never an approval no prompt could give',
    tool: 'workspace',
    action: 'save_as',
    async args(ctx) {
      const tab = await ctx.open('mine.md', 'Mine\n');
      await ctx.write('theirs.md', 'Theirs\n');
      return { tabId: tab, filePath: ctx.path('theirs.md') };
    },
    refusal: true,
    shape: refusalOf('INVALID_PATH', {
      reason: literal('NAME_CLASH'),
      needsApproval: ABSENT,
      filePath: virtualPath,
    }),
    async then(answer, ctx, args) {
      expect(answer.message).toContain("the person's to do");
      expect(await ctx.read('theirs.md')).toBe('Theirs\n');
      const tab = (await tabsNow(ctx)).find((t) => t.id === args.tabId);
      expect(tab?.filePath).toBe(ctx.path('mine.md'));
    },
  },
  {
    name: 'a clean tab closes',
    tool: 'workspace',
    action: 'close',
    args: async (ctx) => ({ tabId: await ctx.open('close.md', 'Close me\n') }),
    shape: object({ closed: literal(true) }),
    async then(_answer, ctx) {
      const paths = JSON.stringify(await ctx.ok('session', { action: 'get_state' }));
      expect(paths).not.toContain(ctx.path('close.md'));
    },
  },
  {
    name: 'a tab with unsaved changes stays open without force',
    tool: 'workspace',
    action: 'close',
    async args(ctx) {
      const tab = await ctx.open('keep.md', 'Keep\n');
      await ctx.ok('document', { action: 'write', tabId: tab, content: 'Edited\n', save: false });
      return { tabId: tab };
    },
    shape: object({ closed: literal(false), reason: literal('DIRTY') }),
    async then(_answer, ctx, args) {
      const tab = (await tabsNow(ctx)).find((t) => t.id === args.tabId);
      expect(tab).toMatchObject({ dirty: true });
      expect(await ctx.read('keep.md')).toBe('Keep\n');
    },
  },
  {
    name: 'the person is shown the tab, read back from the app',
    tool: 'workspace',
    action: 'switch_tab',
    args: async (ctx) => ({ tabId: await ctx.open('switch.md', 'Switch\n') }),
    shape: object({
      activated: literal(true),
      workspaceSwitched: literal(false),
      workspaceInstanceId: nullable(string),
      activeTabId: tabId,
    }),
    async then(answer, ctx) {
      expect(answer.activeTabId).toBe(await activeTab(ctx));
      await expect(ctx.page.locator('.tab.active')).toHaveAttribute('title', ctx.path('switch.md'));
    },
  },
  {
    name: 'the main window brought to the front: focused:true, read back from the window',
    tool: 'workspace',
    action: 'focus_window',
    args: async () => ({ windowLabel: 'main' }),
    shape: object({ focused: literal(true), attention: ABSENT }),
    async then(_answer, ctx) {
      const state = await ctx.ok('session', { action: 'get_state', windowLabel: 'main' });
      expect(state.windows).toEqual([expect.objectContaining({ label: 'main', focused: true })]);
      await expect(ctx.page.getByRole('alert')).toHaveCount(0);
    },
  },
  {
    name: 'a window the browser keeps behind: focused:false, and its title and a notice ask the person',
    tool: 'workspace',
    action: 'focus_window',
    async args(ctx) {
      // Playwright tells every page it has focus; without that, the page behind another one in
      // its browser window has none, and window.focus() without a gesture does not change that.
      await withoutFocusEmulation(ctx);
      const front = await ctx.page.context().newPage();
      ctx.memo.front = front;
      await expect.poll(() => ctx.page.evaluate(() => document.hasFocus())).toBe(false);
      return { windowLabel: 'main' };
    },
    shape: object({ focused: literal(false), attention: literal('title-and-notice') }),
    async then(_answer, ctx) {
      const front = ctx.memo.front as Page;
      try {
        const notice = ctx.page.getByRole('alert').filter({ hasText: 'asked for you' });
        await expect(notice).toContainText('Contract Test asked for you in this window');
        await expect(ctx.page).toHaveTitle(/^\(!\) Contract Test asks for you — /);
        // The person comes to the window: the title stops calling; the notice says who asked
        // until they close it.
        await ctx.page.bringToFront();
        await expect(ctx.page).not.toHaveTitle(/asks for you/);
        const main = async () =>
          (await ctx.ok('session', { action: 'get_state', windowLabel: 'main' })).windows;
        await expect.poll(main).toEqual([expect.objectContaining({ focused: true })]);
        await expect(notice).toBeVisible();
        await notice.getByRole('button', { name: 'Close' }).click();
        await expect(notice).toHaveCount(0);
      } finally {
        await front.close();
        await ctx.page.bringToFront();
        await restoreFocusEmulation(ctx);
      }
    },
  },
  {
    name: "a file that does not exist → the seeds' INVALID_PATH, reason NOT_FOUND",
    tool: 'workspace',
    action: 'open',
    args: async (ctx) => ({ filePath: ctx.path('missing.md') }),
    refusal: true,
    shape: refusalOf('INVALID_PATH', { reason: literal('NOT_FOUND') }),
    async then(answer, ctx) {
      expect(answer.message).toContain(ctx.path('missing.md'));
      const state = JSON.stringify(await ctx.ok('session', { action: 'get_state' }));
      expect(state).not.toContain(ctx.path('missing.md'));
    },
  },
  {
    name: "an unknown window → the seeds' INVALID_TAB, reason INVALID_WINDOW",
    tool: 'workspace',
    action: 'new',
    async args(ctx) {
      ctx.memo.before = (await tabsNow(ctx)).length;
      return { windowLabel: 'doc-99' };
    },
    refusal: true,
    shape: refusalOf('INVALID_TAB', { reason: literal('INVALID_WINDOW') }),
    async then(answer, ctx) {
      expect(answer.message).toContain('doc-99');
      expect((await tabsNow(ctx)).length).toBe(ctx.memo.before);
    },
  },
  {
    name: 'an unknown tab',
    tool: 'workspace',
    action: 'close',
    args: async () => ({ tabId: 'tab-99999' }),
    refusal: true,
    shape: refusalOf('INVALID_TAB'),
  },
];
