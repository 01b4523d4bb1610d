/**
 * Contract rows of the person composing text with an input method (the DevTools IME emulation):
 * every AI change of that tab that waits for the person's typing, and selection.set, answers
 * BUSY with retry_after_ms and changes nothing; the composed syllable lands once when committed;
 * a save is not refused, nor is a change of another tab.
 */
import { expect } from '@playwright/test';
import { activeDocument } from '../app';
import { inputMethod, type InputMethod } from '../inputMethod';
import { call } from '../mcp';
import { refusalOf } from './common';
import type { Answer, ContractContext, ContractRow } from './context';
import { literal, object, positiveInt, problems, revision, virtualPath } from './shapes';

/** `{error: "BUSY", message, retry_after_ms}`. */
const BUSY = refusalOf('BUSY', { retry_after_ms: positiveInt });

const NOTE = 'Alpha\n';
const CI = 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n';

/** Shows the tab, puts the cursor at the end of its first line and composes 하 there. */
async function composeIn(ctx: ContractContext, tabId: string): Promise<InputMethod> {
  await ctx.show(tabId);
  await activeDocument(ctx.page).locator('.ProseMirror > p, .cm-line').first().click();
  await ctx.page.keyboard.press('End');
  const ime = await inputMethod(ctx.page);
  await ime.compose('ㅎ', '하');
  ctx.memo.ime = ime;
  ctx.memo.tab = tabId;
  return ime;
}

/** Opens `name` holding `text` and composes in it; gives its tabId. */
async function composingTab(ctx: ContractContext, name: string, text = NOTE): Promise<string> {
  const tabId = await ctx.open(name, text);
  await composeIn(ctx, tabId);
  return tabId;
}

/** Commits 한: the tab's first line holds it once, and nothing the AI asked for. */
async function commit(ctx: ContractContext, firstLine: string): Promise<Answer> {
  await (ctx.memo.ime as InputMethod).commit('한');
  const tabId = ctx.memo.tab as string;
  const read = async () => ctx.ok('document', { action: 'read', tabId });
  await expect.poll(async () => ((await read()).content as string).split('\n')[0]).toBe(firstLine);
  return read();
}

/** The same call again, every retry_after_ms, until it is no longer BUSY: it goes through. */
async function retried(
  ctx: ContractContext,
  answer: Answer,
  tool: string,
  args: Record<string, unknown>,
) {
  let last: Awaited<ReturnType<typeof call>> | undefined;
  await expect
    .poll(
      async () => {
        last = await call(ctx.client, tool, args);
        return last.data.error ?? 'done';
      },
      { intervals: [answer.retry_after_ms as number] },
    )
    .toBe('done');
  expect(last?.isError, last?.text).toBe(false);
  return last?.data ?? {};
}

/**
 * A row whose call, made while the person composes in the tab of `file`, is BUSY; once the
 * composition commits 한, the tab holds `committed`: the composed syllable once, nothing else.
 */
function busyRow(row: {
  name: string;
  tool: string;
  action: string;
  file: [name: string, text: string];
  args: (
    tabId: string,
    ctx: ContractContext,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  committed: string;
}): ContractRow {
  return {
    name: row.name,
    tool: row.tool,
    action: row.action,
    args: async (ctx) => row.args(await composingTab(ctx, ...row.file), ctx),
    refusal: true,
    shape: BUSY,
    async then(_answer, ctx) {
      const read = await commit(ctx, row.committed.split('\n')[0]);
      expect(read.content).toBe(row.committed);
    },
  };
}

export const compositionRows: ContractRow[] = [
  {
    name: 'the person is composing in the tab → BUSY with retry_after_ms; nothing written',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      const tabId = await composingTab(ctx, 'ime-write.md');
      const read = await ctx.ok('document', { action: 'read', tabId });
      return { tabId, content: 'Replaced\n', expected_revision: read.revision };
    },
    refusal: true,
    shape: BUSY,
    async then(answer, ctx, args) {
      expect(await ctx.read('ime-write.md')).toBe(NOTE);
      const read = await commit(ctx, 'Alpha한');
      expect(read.content).toBe('Alpha한\n');
      // Retried after retry_after_ms with the revision now, the write goes through.
      const written = await retried(ctx, answer, 'document', {
        ...args,
        action: 'write',
        expected_revision: read.revision,
      });
      expect(problems(written, object({ revision, saved: literal(true) }))).toEqual([]);
      expect(await ctx.read('ime-write.md')).toBe('Replaced\n');
    },
  },
  busyRow({
    name: 'a transform while the person composes → BUSY',
    tool: 'document',
    action: 'transform',
    file: ['ime-transform.md', 'Alpha 中文\n'],
    args: (tabId) => ({ tabId, kind: 'cjk-spacing' }),
    committed: 'Alpha 中文한\n',
  }),
  busyRow({
    name: 'a patch while the person composes in the workflow → BUSY',
    tool: 'workflow',
    action: 'apply_patch',
    file: ['.github/workflows/ime.yml', CI],
    args: (tabId) => ({ tabId, patches: [{ kind: 'workflow.set', path: 'name', value: 'Build' }] }),
    committed: CI.replace('push', 'push한'),
  }),
  busyRow({
    name: 'the selection replaced while the person composes → BUSY, the editor unchanged',
    tool: 'selection',
    action: 'set',
    file: ['ime-selection.md', NOTE],
    args: () => ({ content: 'X' }),
    committed: 'Alpha한\n',
  }),
  {
    name: 'closing a tab the person composes in → BUSY, the tab stays',
    tool: 'workspace',
    action: 'close',
    async args(ctx) {
      return { tabId: await composingTab(ctx, 'ime-close.md'), force: true };
    },
    refusal: true,
    shape: BUSY,
    async then(_answer, ctx, args) {
      await commit(ctx, 'Alpha한');
      const state = await ctx.ok('session', { action: 'get_state' });
      expect(JSON.stringify(state)).toContain(args.tabId as string);
    },
  },
  busyRow({
    name: 'opening a file again while the person composes in its tab → BUSY, not reloaded',
    tool: 'workspace',
    action: 'open',
    file: ['ime-open.md', NOTE],
    async args(_tabId, ctx) {
      await ctx.write('ime-open.md', 'Changed on disk\n');
      return { filePath: ctx.path('ime-open.md') };
    },
    committed: 'Alpha한\n',
  }),
  {
    name: 'a save while the person composes is not refused: it writes what was typed so far',
    tool: 'workspace',
    action: 'save',
    args: async (ctx) => ({ tabId: await composingTab(ctx, 'ime-save.md') }),
    shape: object({ filePath: virtualPath, revision }),
    async then(_answer, ctx) {
      // The syllable as the input method showed it when the save was asked for.
      expect(await ctx.read('ime-save.md')).toBe('Alpha하\n');
      const read = await commit(ctx, 'Alpha한');
      expect(read).toMatchObject({ content: 'Alpha한\n', dirty: true });
    },
  },
  {
    name: 'another tab while the person composes in one: written as ever',
    tool: 'document',
    action: 'write',
    async args(ctx) {
      ctx.memo.other = await ctx.open('ime-other.md', 'Other\n');
      await composingTab(ctx, 'ime-composing.md');
      return { tabId: ctx.memo.other, content: 'Written\n', save: false };
    },
    shape: object({ revision, saved: literal(false), save_skipped: literal('opt_out') }),
    async then(_answer, ctx) {
      const other = await ctx.ok('document', { action: 'read', tabId: ctx.memo.other });
      expect(other.content).toBe('Written\n');
      expect((await commit(ctx, 'Alpha한')).content).toBe('Alpha한\n');
    },
  },
];
