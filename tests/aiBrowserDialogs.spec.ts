/**
 * A page dialog the AI leaves unanswered is dismissed after a while (a hub of the test's own,
 * where the while is short), and the next call on the tab says so; the clock stops while the
 * person is being asked to approve the answer.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { answerPrompt, promptCard } from './support/aiBrowser';
import { call } from './support/mcp';
import { closeOwnHubApp, openOwnHubApp, type OwnHubApp } from './support/ownHubApp';
import { startPageServer, type PageServer } from './support/pageServer';

const DIALOG_MS = 2_000;

let app: OwnHubApp | undefined;
let page: Page;
let client: Client;
let site: PageServer;
let deleted = 0;

test.beforeAll(async ({ browser }) => {
  site = await startPageServer({
    '/notes': `<!doctype html><title>Notes</title>
      <button onclick="if (confirm('Delete the note?')) fetch('/deleted')">Delete note</button>`,
    '/deleted': (_req, res) => {
      deleted++;
      res.writeHead(204).end();
    },
  });
  app = await openOwnHubApp(browser, 'Dialog Test', { dialogMs: DIALOG_MS });
  ({ page, client } = app);
});

test.afterAll(async () => {
  await closeOwnHubApp(app);
  await site?.close();
});

test('an unanswered dialog is dismissed and told once; while the person is asked, it waits', async () => {
  const opened = await call(client, 'browser', { action: 'open', url: site.url('/notes') });
  const tabId = opened.data.tabId as string;
  const click = { action: 'act', tabId, operation: 'click', role: 'button', name: 'Delete note' };
  await call(client, 'browser', click);
  await answerPrompt(page, 'Allow on this site');
  const clicked = await call(client, 'browser', click);
  expect(clicked.data, clicked.text).toMatchObject({ dialog: { type: 'confirm' } });

  // Nobody answers: past the while, the dialog is dismissed, and the next call says so, once.
  await new Promise((resolve) => setTimeout(resolve, DIALOG_MS + 1_000));
  const read = await call(client, 'browser_read', { action: 'read', tabId });
  expect(read.isError, read.text).toBe(false);
  expect(read.data.dialogDismissed).toEqual({
    type: 'confirm',
    message: 'Delete the note?',
    dismissed: true,
    reason: 'unanswered for 2 s',
  });
  const again = await call(client, 'browser_read', { action: 'read', tabId });
  expect(again.data).not.toHaveProperty('dialogDismissed');
  expect(deleted).toBe(0);

  // Opened again, and answered through the person's approval, which takes longer than the while.
  const second = await call(client, 'browser', click);
  expect(second.data, second.text).toMatchObject({ dialog: { type: 'confirm' } });
  const accept = { action: 'act', tabId, operation: 'dialog', accept: true };
  const asked = await call(client, 'browser', accept);
  expect(asked.data, asked.text).toMatchObject({ error: 'APPROVAL_REQUIRED', operation: 'dialog' });
  await expect(promptCard(page)).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, DIALOG_MS + 1_000));
  await answerPrompt(page, 'Allow once');
  const answered = await call(client, 'browser', accept);
  expect(answered.data, answered.text).toMatchObject({ answered: true, accepted: true });
  await expect.poll(() => deleted).toBe(1);
});
