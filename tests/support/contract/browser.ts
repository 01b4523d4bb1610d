/**
 * Contract rows of `browser` and `browser_read`: the fields the seeds promise for each action, on
 * local pages. Rows share one AI tab (the driver allows eight); an action that needs the person's
 * approval first asks, is allowed once in the app as a person would, and the row's call is the
 * retry.
 */
import { expect } from '@playwright/test';
import { answerPrompt, closeAiTabs, startAiPages } from '../aiBrowser';
import { call } from '../mcp';
import type { PageServer } from '../pageServer';
import { refusalOf } from './common';
import type { ContractContext, ContractRow } from './context';
import {
  ABSENT,
  arrayOf,
  boolean,
  count,
  literal,
  matches,
  nonEmptyString,
  nullable,
  object,
  optional,
  string,
  type Check,
} from './shapes';

let server: PageServer | null = null;
let sharedTab: string | null = null;

async function pages(): Promise<PageServer> {
  server ??= await startAiPages();
  return server;
}

/** Stops the local pages (contract.spec calls it after the table). */
export async function closeBrowserPages(): Promise<void> {
  await server?.close();
  server = null;
  sharedTab = null;
}

/** An address the model may see: no query, no fragment, no user. */
const agentUrl = matches(
  /^https?:\/\/[^/?#@]+(\/[^?#]*)?$/,
  'an address without query or fragment',
);
const generation = count;
const num: Check = (value, path) =>
  typeof value === 'number' && Number.isFinite(value)
    ? []
    : [`${path}: expected a number, got ${JSON.stringify(value)}`];
const ref = matches(/^e\d+$/, 'a ref such as e5');
const browserTabId = nonEmptyString;

/** The shared AI tab on the publish page, opened again if it was closed. */
export async function tab(ctx: ContractContext): Promise<string> {
  if (sharedTab) {
    const r = await call(ctx.client, 'browser_read', { action: 'read', tabId: sharedTab });
    if (!r.isError) return sharedTab;
  }
  const opened = await ctx.ok('browser', {
    action: 'open',
    url: (await pages()).url('/publish.html'),
  });
  sharedTab = opened.tabId as string;
  return sharedTab;
}

/** Makes the call once, expects the prompt, and allows it once in the app. */
export async function allowOnce(ctx: ContractContext, args: Record<string, unknown>) {
  const first = await call(ctx.client, 'browser', args);
  expect(first.data, first.text).toMatchObject({ needsApproval: true });
  await answerPrompt(ctx.page, 'Allow once');
  const { action: _, ...rest } = args;
  return rest;
}

const CONSOLE = object({
  entries: arrayOf(object({ level: nonEmptyString, text: string })),
  url: agentUrl,
});

const LOADED = object({
  tabId: browserTabId,
  navigationId: nonEmptyString,
  url: agentUrl,
  title: string,
  generation,
});

const APPROVAL: Check = (value, path) =>
  refusalOf('APPROVAL_REQUIRED', {
    needsApproval: literal(true),
    operation: nonEmptyString,
    url: matches(/^https?:\/\/[^/?#@]+$/, 'an origin'),
    tabId: browserTabId,
    generation,
  })(value, path);

const readRows: ContractRow[] = [
  {
    name: 'the page a line a node (ref, role, name), the count, and its address without the query',
    tool: 'browser_read',
    action: 'read',
    args: async (ctx) => ({ tabId: await tab(ctx) }),
    shape: object({
      url: agentUrl,
      page: matches(/^(e\d+ [a-z]+( \[[^\]\n]+\])*(: [^\n]*)?(\n|$))+$/, 'lines "ref role: name"'),
      total: count,
      nextOffset: ABSENT,
    }),
    async then(answer) {
      const lines = (answer.page as string).split('\n');
      expect(lines).toHaveLength(answer.total as number);
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^e\d+ button: Publish$/),
          expect.stringMatching(/^e\d+ button: Delete$/),
        ]),
      );
    },
  },
  {
    name: "on request, the seeds' flat list of role, name and ref, one role only",
    tool: 'browser_read',
    action: 'read',
    args: async (ctx) => ({ tabId: await tab(ctx), format: 'nodes', role: 'button' }),
    shape: object({
      url: agentUrl,
      snapshot: arrayOf(object({ role: literal('button'), name: string, ref }), { min: 2 }),
      total: count,
    }),
    async then(answer) {
      const names = (answer.snapshot as { name: string }[]).map((n) => n.name);
      expect(names).toEqual(['Publish', 'Delete']);
      expect(answer.total).toBe(2);
    },
  },
  {
    name: 'a JPEG of the tab and a line naming the page',
    tool: 'browser_read',
    action: 'screenshot',
    args: async (ctx) => ({ tabId: await tab(ctx) }),
    image: true,
    shape: object({}),
  },
  {
    name: 'the elements a selector matches, with the fields asked for',
    tool: 'browser_read',
    action: 'query',
    args: async (ctx) => ({ tabId: await tab(ctx), selector: 'button', fields: { box: true } }),
    shape: object({
      count: count,
      elements: arrayOf(
        object({
          ref,
          tag: nonEmptyString,
          text: string,
          box: object({ x: num, y: num, w: num, h: num }),
        }),
      ),
    }),
    async then(answer) {
      expect(answer.count).toBe(2);
      expect((answer.elements as { text: string }[]).map((e) => e.text)).toEqual([
        'Publish',
        'Delete',
      ]);
    },
  },
  {
    name: 'the page as reader-mode markdown',
    tool: 'browser_read',
    action: 'extract',
    args: async (ctx) => ({ tabId: await tab(ctx) }),
    shape: object({
      title: string,
      byline: optional(nullable(string)),
      url: agentUrl,
      markdown: string,
      textLength: count,
      truncated: boolean,
    }),
    async then(answer) {
      expect(answer.markdown).toContain('Drafts');
    },
  },
  {
    name: "the page's console output",
    tool: 'browser_read',
    action: 'console',
    args: async (ctx) => ({ tabId: await tab(ctx) }),
    shape: CONSOLE,
  },
  {
    name: 'the result of the navigation of an open tab: the loaded page and its ticket',
    tool: 'browser_read',
    action: 'wait',
    args: async (ctx) => ({ tabId: await tab(ctx), timeoutMs: 5_000 }),
    // navigationId is null on a tab no AI navigation ran in (aiBrowserOwnHub.spec.ts shows it).
    shape: object({
      tabId: browserTabId,
      navigationId: nullable(nonEmptyString),
      url: agentUrl,
      title: string,
      generation,
    }),
  },
  {
    name: 'text that is on the page → matched:true',
    tool: 'browser_read',
    action: 'wait_for',
    args: async (ctx) => ({ tabId: await tab(ctx), text: 'Published', timeoutMs: 2_000 }),
    shape: object({ matched: literal(true), url: agentUrl }),
  },
  {
    name: 'a role and name that never come → matched:false after the timeout',
    tool: 'browser_read',
    action: 'wait_for',
    args: async (ctx) => ({
      tabId: await tab(ctx),
      role: 'button',
      name: 'Never there',
      timeoutMs: 200,
    }),
    shape: object({ matched: literal(false), url: agentUrl }),
  },
  {
    name: 'a tab id that is not open → TAB_NOT_FOUND',
    tool: 'browser_read',
    action: 'read',
    args: async () => ({ tabId: 'no-such-tab' }),
    refusal: true,
    shape: refusalOf('TAB_NOT_FOUND'),
  },
];

const actRows: ContractRow[] = [
  {
    name: 'an ungranted click → APPROVAL_REQUIRED with needsApproval, the origin, tab and generation',
    tool: 'browser',
    action: 'act',
    args: async (ctx) => ({
      tabId: await tab(ctx),
      operation: 'click',
      role: 'button',
      name: 'Delete',
    }),
    refusal: true,
    shape: APPROVAL,
    async then(answer, ctx) {
      expect(answer.url).toBe((await pages()).origin);
      await answerPrompt(ctx.page, 'Deny');
    },
  },
  {
    name: 'a click allowed once → found, clicked, the match counts, url and generation',
    tool: 'browser',
    action: 'act',
    args: async (ctx) =>
      allowOnce(ctx, {
        action: 'act',
        tabId: await tab(ctx),
        operation: 'click',
        role: 'button',
        name: 'Publish',
      }),
    shape: object({
      found: literal(true),
      clicked: literal(true),
      matchedTotal: literal(1),
      matchedVisible: literal(1),
      url: agentUrl,
      generation,
    }),
  },
  {
    name: 'a new AI tab, answered once loaded',
    tool: 'browser',
    action: 'open',
    args: async () => ({ url: (await pages()).url('/publish.html?token=secret') }),
    shape: LOADED,
    async then(answer, ctx) {
      expect(answer.url).toBe((await pages()).url('/publish.html'));
      expect(answer.title).toBe('Drafts');
      await closeAiTabs(ctx.page);
    },
  },
  {
    name: 'an address with a user name → INVALID_URL, nothing loaded',
    tool: 'browser',
    action: 'open',
    args: async () => ({ url: 'https://user:pw@example.com/' }),
    refusal: true,
    shape: refusalOf('INVALID_URL'),
  },
  {
    name: 'a navigation of the AI tab → its ticket',
    tool: 'browser',
    action: 'navigate',
    args: async (ctx) => ({
      tabId: await tab(ctx),
      url: (await pages()).url('/publish.html#again'),
    }),
    shape: object({ navigationId: nonEmptyString, url: agentUrl, generation }),
  },
  {
    name: 'a style change allowed once',
    tool: 'browser',
    action: 'style',
    args: async (ctx) =>
      allowOnce(ctx, {
        action: 'style',
        tabId: await tab(ctx),
        selector: 'h1',
        set: { color: 'rgb(255, 0, 0)' },
      }),
    shape: object({ styled: literal(1), url: agentUrl, generation }),
    async then(_answer, ctx, args) {
      const q = await ctx.ok('browser_read', {
        action: 'query',
        tabId: args.tabId,
        selector: 'h1',
        fields: { styles: ['color'] },
      });
      expect(q.elements).toEqual([
        expect.objectContaining({ styles: { color: 'rgb(255, 0, 0)' } }),
      ]);
    },
  },
  {
    name: 'a script allowed once → its result, marked untrusted',
    tool: 'browser',
    action: 'execute_js',
    args: async (ctx) =>
      allowOnce(ctx, { action: 'execute_js', tabId: await tab(ctx), script: 'return 1 + 1' }),
    shape: object({ result: literal(2), untrusted: literal(true) }),
  },
  {
    name: 'a session saved → a value-free summary',
    tool: 'browser',
    action: 'session_save',
    args: async (ctx) =>
      allowOnce(ctx, { action: 'session_save', tabId: await tab(ctx), handle: 'contract.1' }),
    shape: object({
      saved: literal(true),
      handle: literal('contract.1'),
      localStorageKeys: count,
      cookies: count,
    }),
    async then(answer) {
      expect(JSON.stringify(answer)).not.toMatch(/"value"/);
    },
  },
  {
    name: 'a session loaded on its own site → loaded:true and the handle',
    tool: 'browser',
    action: 'session_load',
    args: async (ctx) =>
      allowOnce(ctx, { action: 'session_load', tabId: await tab(ctx), handle: 'contract.1' }),
    shape: object({ loaded: literal(true), handle: literal('contract.1') }),
  },
  {
    name: 'the console output, then emptied',
    tool: 'browser',
    action: 'console_clear',
    args: async (ctx) => ({ tabId: await tab(ctx) }),
    shape: CONSOLE,
    async then(_answer, ctx, args) {
      const after = await ctx.ok('browser_read', { action: 'console', tabId: args.tabId });
      expect(after.entries).toEqual([]);
    },
  },
];

export const browserRows: ContractRow[] = [...readRows, ...actRows];
