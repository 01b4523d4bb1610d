/**
 * A coherence call on a workspace whose first scan takes longer than the call may wait, through
 * the whole chain (the SDK client over stdio, vmark-relay, a hub of the test's own, the app in
 * Chromium, its folder in OPFS): the call is told how far the scan has come (progress
 * notifications), answers BUSY with `{progress: {done, total}, retry_after_ms}` and nothing of a
 * list, and the scan goes on; a later call answers in full. The hub here waits 1.5 s for an
 * answer (the default is 25 s), so the app's wait, a share of the hub's, is under a second.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectClientTo, startOwnHub, type OwnHub } from './support/ownHub';

/** Notes with ids in OPFS: adopting them all takes some seconds here (about 5 ms each). */
const NOTES = 600;
const HUB_WAITS_MS = 1_500;

let own: OwnHub | undefined;
let client: Client | undefined;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
  await own?.close();
});

async function writeNotes(page: Page, count: number) {
  await page.evaluate(async (count) => {
    const opfs = await navigator.storage.getDirectory();
    // A workspace with a record (the tools read only a folder that has `.vmark/`).
    await opfs.getDirectoryHandle('.vmark', { create: true });
    const notes = await opfs.getDirectoryHandle('many', { create: true });
    const one = async (i: number) => {
      const id = `0198fc00-0000-7000-8000-${String(i).padStart(12, '0')}`;
      const handle = await notes.getFileHandle(`n${i}.md`, { create: true });
      const w = await handle.createWritable();
      await w.write(`---\nvmark:\n  id: ${id}\n---\n# Note ${i}\n\nSome text of note ${i}.\n`);
      await w.close();
    };
    for (let at = 0; at < count; at += 50)
      await Promise.all(Array.from({ length: Math.min(50, count - at) }, (_, k) => one(at + k)));
  }, count);
}

/**
 * BUSY with how far the scan has come: `total` is the number of notes once the folders are listed
 * (0 before), `done` of them brought up to date; and when to call again.
 */
function expectBusy(busy: Record<string, unknown>) {
  expect(busy).toMatchObject({ error: 'BUSY' });
  const { done, total } = busy.progress as { done: number; total: number };
  expect([0, NOTES]).toContain(total);
  expect(done).toBeGreaterThanOrEqual(0);
  expect(done).toBeLessThanOrEqual(total);
  expect(busy.retry_after_ms).toBeGreaterThanOrEqual(1_000);
}

async function coherence(action: 'edges' | 'status', onprogress?: (p: unknown) => void) {
  return (await client!.callTool(
    { name: 'coherence', arguments: { action, workspace_root: '/notes' } },
    undefined,
    onprogress ? { onprogress } : {},
  )) as CallToolResult;
}

test('a first scan that outlasts the call: BUSY with progress, then the full answer', async ({
  browser,
}) => {
  own = await startOwnHub({ requestTimeoutMs: HUB_WAITS_MS });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(own.url);
  await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.locator('input[name="track-provenance"]').setChecked(true);
  await page.getByRole('button', { name: 'Done' }).click();
  await writeNotes(page, NOTES);
  client = await connectClientTo(own, 'coherence-busy');

  const told: { progress: number; total?: number }[] = [];
  const first = await coherence('edges', (p) => told.push(p as (typeof told)[number]));
  expect(first.isError).toBe(true);
  const busy = first.structuredContent as Record<string, unknown>;
  expectBusy(busy);
  // Nothing of a list: a refusal, never part of the answer.
  expect(busy).not.toHaveProperty('items');
  expect((first.content[0] as { text: string }).text).toContain('goes on in the background');
  // The client was told how far the scan had come while it waited.
  expect(told.length).toBeGreaterThan(0);

  // Asked again (as a client told to retry would), the calls come to the full answer.
  let answer = first;
  for (let i = 0; i < 60 && answer.isError; i++) {
    expectBusy(answer.structuredContent as Record<string, unknown>);
    answer = await coherence('edges');
  }
  expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
  expect((answer.structuredContent as { items: unknown[] }).items).toEqual([]);
  const status = await coherence('status');
  expect(status.isError).toBeFalsy();
  expect(status.structuredContent).toMatchObject({ initialized: true, objects: NOTES });
  await context.close();
});
