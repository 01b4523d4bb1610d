/**
 * The journal of unsaved text (src/lib/core/persistence/journal.ts) writes a whole base and then
 * only each change's splices. What a person typed and what AI clients wrote at the same moment
 * must come back exactly after a reload, unsaved, with the file untouched.
 */
import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, readOpfs } from './support/app';
import { connectClient } from './support/mcp';
import { race } from './support/race.mjs';
import { checkWrites, coreText, openTypingFile } from './support/typing';

test.describe.configure({ timeout: 120_000 });

let clients: Client[] = [];
test.afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
});

test('typing and two AI clients writing at once: a reload brings the exact unsaved text back', async ({
  page,
}) => {
  const original = 'Alpha\n\n' + 'A line of an ordinary note.\n\n'.repeat(2_000) + 'The end.\n';
  const tabId = await openTypingFile(page, 'journaled.md', original);
  await activeDocument(page).locator('.ProseMirror > p').first().click();
  await page.keyboard.press('End');
  clients = [await connectClient('journal-a'), await connectClient('journal-b')];
  const result = await race({
    typists: [page],
    clients,
    tabId,
    durationMs: 6_000,
    seed: 20261205,
  });
  const before = await coreText(clients[0], tabId);
  checkWrites(before, result);
  expect(before.split('\n')[0]).toBe(`Alpha${result.typed[0]}`);
  expect(result.typed[0].length).toBeGreaterThan(20);
  // The journal writes right after each change; give the last write a moment to land.
  await page.waitForTimeout(500);

  await page.reload();
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  await expect(page.locator('.notice')).toContainText('restored');
  await Promise.all(clients.map((c) => c.close()));
  clients = [await connectClient('journal-c')];
  await expect.poll(() => coreText(clients[0], tabId).catch(() => null)).toBe(before);
  await expect(activeDocument(page).locator('.ProseMirror > p').first()).toHaveText(
    `Alpha${result.typed[0]}`,
  );
  // Nothing was saved: the file is as it was.
  expect((await readOpfs(page, 'journaled.md'))?.toString('utf8')).toBe(original);
});
