/**
 * session.get_state with hundreds of open tabs: compact enough for a model's context, and cut at
 * a whole tab, with a way to ask for the rest, once it would pass SPEC §2's 75,000 bytes.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openApp } from './support/app';
import { connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

interface Tab {
  id: string;
  filePath: string | null;
  title?: string;
}
interface Window {
  label: string;
  tabs: Tab[];
  tabsTotal?: number;
  nextTabOffset?: number;
}
interface State {
  windows: Window[];
  truncated?: boolean;
  truncation_note?: string;
}

/** get_state as the client receives it: the text's bytes and the parsed answer. */
async function getState(args: Record<string, unknown> = {}) {
  const r = (await client.callTool({
    name: 'session',
    arguments: { action: 'get_state', ...args },
  })) as CallToolResult;
  expect(r.isError).toBeFalsy();
  const block = r.content[0];
  if (block.type !== 'text') throw new Error('expected text');
  const state = JSON.parse(block.text) as State;
  expect(r.structuredContent).toEqual(state);
  return { bytes: Buffer.byteLength(block.text), state };
}

/** Writes `/notes/drafts/chapter-<n>.md` for n in [from, to] in one go. */
async function writeChapters(page: Page, from: number, to: number) {
  await page.evaluate(
    async ({ from, to }) => {
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle('drafts', { create: true });
      for (let n = from; n <= to; n++) {
        const file = await dir.getFileHandle(`chapter-${n}.md`, { create: true });
        const w = await file.createWritable();
        await w.write(`# Chapter ${n}\n\nText.\n`);
        await w.close();
      }
    },
    { from, to },
  );
}

/** Opens the chapters through the AI client, in order; gives their tab ids. */
async function openChapters(from: number, to: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = from; n <= to; n++) {
    const r = (await client.callTool({
      name: 'workspace',
      arguments: { action: 'open', filePath: `/notes/drafts/chapter-${n}.md` },
    })) as CallToolResult;
    expect(r.isError, `chapter-${n}`).toBeFalsy();
    ids.push((r.structuredContent as { tabId: string }).tabId);
  }
  return ids;
}

test('400 open tabs cost at most 170 bytes each, title included; past 75,000 bytes the list is cut at a whole tab and the rest can be asked for', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  client = await connectClient('Many Tabs Test');
  const empty = await getState();
  expect(empty.state.windows[0].tabs).toEqual([]);

  await writeChapters(page, 1, 600);
  const first = await openChapters(1, 400);
  const at400 = await getState();
  const perTab = (at400.bytes - empty.bytes) / 400;
  expect(perTab).toBeLessThanOrEqual(170);
  expect(at400.state.truncated).toBeUndefined();
  expect(at400.state.windows[0].tabs.map((t) => t.id)).toEqual(first);
  // Every tab has its title, as the seeds show it: the file's name without its extension.
  expect(at400.state.windows[0].tabs[11]).toMatchObject({
    filePath: '/notes/drafts/chapter-12.md',
    title: 'chapter-12',
  });

  const ids = [...first, ...(await openChapters(401, 600))];
  const cut = await getState();
  expect(cut.bytes).toBeLessThanOrEqual(75_000);
  expect(cut.state.truncated).toBe(true);
  expect(cut.state.truncation_note).toContain('tabOffset');
  const [main] = cut.state.windows;
  const shown = main.tabs.length;
  expect(shown).toBeGreaterThan(400);
  expect(shown).toBeLessThan(600);
  expect(main).toMatchObject({ label: 'main', tabsTotal: 600, nextTabOffset: shown });
  // Whole tabs, in order: every listed tab has all its fields.
  expect(main.tabs.map((t) => t.id)).toEqual(ids.slice(0, shown));
  for (const tab of main.tabs) expect(tab.filePath).toMatch(/^\/notes\/drafts\/chapter-\d+\.md$/);

  // The rest, as the note says.
  const rest = await getState({ windowLabel: 'main', tabOffset: main.nextTabOffset });
  expect(rest.state.truncated).toBeUndefined();
  expect(rest.state.windows).toHaveLength(1);
  expect(rest.state.windows[0]).toMatchObject({ tabsTotal: 600 });
  expect(rest.state.windows[0]).not.toHaveProperty('nextTabOffset');
  expect([...main.tabs, ...rest.state.windows[0].tabs].map((t) => t.id)).toEqual(ids);

  // Asking for the rest of a window without naming it is an argument mistake, said plainly.
  const unnamed = (await client.callTool({
    name: 'session',
    arguments: { action: 'get_state', tabOffset: shown },
  })) as CallToolResult;
  expect(unnamed.isError).toBe(true);
  expect(unnamed.structuredContent).toBeUndefined();
  expect(unnamed.content[0]).toMatchObject({ text: expect.stringContaining('windowLabel') });
});
