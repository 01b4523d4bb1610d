/**
 * What a contract row may use to set the app up before its call: the page, an AI client, and
 * helpers that write files and open, show or select them. Each row works in a folder of its own
 * (`/notes/<folder>/…`), so rows can share one app.
 */
import { expect, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, readOpfs, writeOpfs } from '../app';
import { call } from '../mcp';
import type { Check } from './shapes';

export type Answer = Record<string, unknown>;

export interface ContractContext {
  readonly page: Page;
  readonly client: Client;
  /** This row's folder under /notes, such as `row-7`. */
  readonly folder: string;
  /** Values a row's setup keeps for its checks. */
  readonly memo: Record<string, unknown>;
  /** Calls a tool and returns its structured answer, failing the row on a refusal. */
  ok(tool: string, args: Record<string, unknown>): Promise<Answer>;
  /** The virtual path of `name` in this row's folder. */
  path(name: string): string;
  /** Writes `name` into this row's folder (in OPFS). */
  write(name: string, text: string): Promise<void>;
  /** The bytes of `name` in this row's folder, as text, or null when it does not exist. */
  read(name: string): Promise<string | null>;
  /** Writes `name` and opens it through the AI client (in the background); gives its tabId. */
  open(name: string, text: string): Promise<string>;
  /** A new untitled tab; gives its tabId. */
  untitled(): Promise<string>;
  /** Shows the tab to the person (switch_tab) and waits until its editor is ready. */
  show(tabId: string): Promise<void>;
  /** Shows a one-line markdown file and selects its last `chars` characters with the keyboard. */
  selectEnd(name: string, text: string, chars: number): Promise<string>;
  /** The current revision of a tab, read through the AI client. */
  revisionOf(tabId: string): Promise<string>;
}

export interface ContractRow {
  /** The case this row shows, such as 'a tab with no file → save_skipped "untitled"'. */
  readonly name: string;
  readonly tool: string;
  readonly action: string;
  /** Sets the app up and gives the arguments of the call (besides action). */
  readonly args: (ctx: ContractContext) => Promise<Record<string, unknown>>;
  /** True when the promised answer is a domain refusal (isError with a JSON envelope). */
  readonly refusal?: boolean;
  /** True when the promised answer is a line of text and a JPEG image, not JSON. */
  readonly image?: boolean;
  /**
   * The promised answer is a refusal in plain words (isError, one text block, no JSON); `then`
   * gets `{text}`.
   */
  readonly plain?: RegExp;
  /** The promised answer. */
  readonly shape: Check;
  /** What a client would notice next: the meaning behind the fields. */
  readonly then?: (
    answer: Answer,
    ctx: ContractContext,
    args: Record<string, unknown>,
  ) => Promise<void>;
}

export function contractContext(page: Page, client: Client, folder: string): ContractContext {
  const ctx: ContractContext = {
    page,
    client,
    folder,
    memo: {},
    async ok(tool, args) {
      const r = await call(client, tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)} → ${r.text}`).toBe(false);
      return r.data;
    },
    path: (name) => `/notes/${folder}/${name}`,
    write: (name, text) => writeOpfs(page, `${folder}/${name}`, text),
    read: async (name) => (await readOpfs(page, `${folder}/${name}`))?.toString() ?? null,
    async open(name, text) {
      await ctx.write(name, text);
      const opened = await ctx.ok('workspace', { action: 'open', filePath: ctx.path(name) });
      return opened.tabId as string;
    },
    async untitled() {
      return (await ctx.ok('workspace', { action: 'new' })).tabId as string;
    },
    async show(tabId) {
      await ctx.ok('workspace', { action: 'switch_tab', tabId });
      await expect(activeDocument(page)).toBeVisible();
    },
    async selectEnd(name, text, chars) {
      const tabId = await ctx.open(name, text);
      await ctx.show(tabId);
      const editor = activeDocument(page).locator('.ProseMirror');
      await expect(editor).toHaveText(text.trim());
      await editor.locator('p').click();
      await page.keyboard.press('End');
      for (let i = 0; i < chars; i++) await page.keyboard.press('Shift+ArrowLeft');
      return tabId;
    },
    async revisionOf(tabId) {
      return (await ctx.ok('document', { action: 'read', tabId })).revision as string;
    },
  };
  return ctx;
}
