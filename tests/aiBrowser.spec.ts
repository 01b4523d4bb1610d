/**
 * The AI's browser from the app's side, end to end: the real app, the hub and its browser driver,
 * and the SDK client. Prompts are answered in the app as a person answers them.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  answerPrompt,
  closeAiApp,
  openAiApp,
  promptCard,
  settleAiBrowser,
  startAiPages,
} from './support/aiBrowser';
import { call, connectClient, connectHttpClient } from './support/mcp';
import type { PageServer } from './support/pageServer';

let page: Page;
let client: Client;
let pages: PageServer;

test.beforeAll(async ({ browser }) => {
  pages = await startAiPages();
  page = await openAiApp(browser);
  client = await connectClient('Browser Test');
});

test.afterEach(async () => {
  // A question left open would cover the panel.
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeAiApp(page, client);
  await pages?.close();
});

async function openTab(path = '/publish.html'): Promise<string> {
  const r = await call(client, 'browser', { action: 'open', url: pages.url(path) });
  expect(r.isError, r.text).toBe(false);
  return r.data.tabId as string;
}

function click(tabId: string, name = 'Publish') {
  return call(client, 'browser', {
    action: 'act',
    operation: 'click',
    role: 'button',
    name,
    tabId,
  });
}

async function published(tabId: string): Promise<string> {
  const r = await call(client, 'browser_read', { action: 'query', tabId, selector: '#count' });
  expect(r.isError, r.text).toBe(false);
  return (r.data.elements as { text: string }[])[0].text;
}

async function openSettings(): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.locator('.browser-settings')).toBeVisible();
}

async function closeSettings(): Promise<void> {
  await page.getByRole('button', { name: 'Done' }).click();
}

test('an ungranted click answers needsApproval with the origin only, and the prompt is in the app', async () => {
  const tabId = await openTab('/publish.html?access_token=secret#frag');
  const r = await click(tabId);
  expect(r.isError).toBe(true);
  expect(r.data).toEqual({
    error: 'APPROVAL_REQUIRED',
    needsApproval: true,
    message: expect.any(String),
    operation: 'click',
    url: pages.origin,
    tabId,
    generation: expect.any(Number),
  });
  expect(r.text).not.toMatch(/access_token|secret|publish\.html|frag/);
  const card = promptCard(page);
  await expect(card).toBeVisible();
  await expect(card.locator('.site')).toHaveText(pages.origin);
  await expect(card.locator('.action')).toHaveText('Click');
  await expect(card.locator('.element')).toHaveText('button "Publish"');
  await expect(card.getByRole('button', { name: 'Deny' })).toBeFocused();
  await expect(card.getByRole('button', { name: 'Allow on this site' })).toBeVisible();
  expect(await published(tabId)).toBe('0');
});

test('Allow once lets the retry through once; the next click asks again', async () => {
  const tabId = await openTab();
  expect((await click(tabId)).data.needsApproval).toBe(true);
  await answerPrompt(page, 'Allow once');
  const retry = await click(tabId);
  expect(retry.isError, retry.text).toBe(false);
  expect(retry.data).toMatchObject({ found: true, clicked: true, matchedTotal: 1 });
  expect(await published(tabId)).toBe('1');
  const again = await click(tabId);
  expect(again.data).toMatchObject({ error: 'APPROVAL_REQUIRED', needsApproval: true });
  await expect(promptCard(page)).toBeVisible();
  expect(await published(tabId)).toBe('1');
});

test('Deny (a click, Escape or Enter) refuses, and the retry asks again', async () => {
  const tabId = await openTab();
  expect((await click(tabId)).data.needsApproval).toBe(true);
  await answerPrompt(page, 'Deny');
  const retry = await click(tabId);
  expect(retry.data).toMatchObject({ error: 'APPROVAL_REQUIRED', needsApproval: true });
  await expect(promptCard(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(promptCard(page)).toHaveCount(0);
  expect((await click(tabId)).data.needsApproval).toBe(true);
  await expect(promptCard(page)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(promptCard(page)).toHaveCount(0);
  expect((await click(tabId)).data.needsApproval).toBe(true);
  expect(await published(tabId)).toBe('0');
});

test('clicks in the first half second after the prompt (re)appears are ignored', async () => {
  const tabId = await openTab();
  expect((await click(tabId)).data.needsApproval).toBe(true);
  const card = promptCard(page);
  await expect(card).toHaveAttribute('data-armed', 'true');
  // The window comes back to the front, and a click lands at once: ignored.
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    const allow = [...document.querySelectorAll<HTMLButtonElement>('[data-answer="allow"]')];
    allow.find((b) => b.textContent?.trim() === 'Allow once')?.click();
  });
  await expect(card).toHaveAttribute('data-armed', 'false');
  await page.waitForTimeout(700);
  await expect(card).toBeVisible();
  expect((await click(tabId)).data.needsApproval).toBe(true);
  // Once armed, the same click counts.
  await answerPrompt(page, 'Allow once');
  expect((await click(tabId)).isError).toBe(false);
  expect(await published(tabId)).toBe('1');
});

test('Allow on this site grants that operation there, listed under Site permissions; Revoke asks again', async () => {
  const tabId = await openTab();
  expect((await click(tabId)).data.needsApproval).toBe(true);
  await answerPrompt(page, 'Allow on this site');
  for (let i = 1; i <= 2; i++) {
    const r = await click(tabId);
    expect(r.isError, r.text).toBe(false);
    expect(await published(tabId)).toBe(String(i));
  }
  // Only that operation: typing still asks.
  const typed = await call(client, 'browser', {
    action: 'act',
    operation: 'type',
    role: 'textbox',
    name: 'Title',
    text: 'Hello',
    tabId,
  });
  expect(typed.data).toMatchObject({ error: 'APPROVAL_REQUIRED', operation: 'type' });
  await answerPrompt(page, 'Deny');

  await openSettings();
  const row = page.locator(`.browser-settings li[data-origin="${pages.origin}"]`);
  await expect(row).toContainText(pages.origin);
  await expect(row).toContainText('Click');
  await expect(row).not.toContainText('Type');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  await closeSettings();

  // Revoked: a click there asks again. (Delete, because the driver also mints a one-shot for the
  // answer that granted the site, bound to Publish, which the grant left unspent.)
  expect((await click(tabId, 'Delete')).data).toMatchObject({
    needsApproval: true,
    operation: 'click',
  });
  await expect(promptCard(page)).toBeVisible();
});

test('turned off in Settings → Browser, every browser action refuses with BROWSER_DISABLED', async () => {
  const tabId = await openTab();
  await openSettings();
  const enabled = page.locator('input[name="browser-enabled"]');
  await enabled.uncheck();
  await closeSettings();
  const browserCalls: Record<string, unknown>[] = [
    { action: 'act', operation: 'click', role: 'button', name: 'Publish', tabId },
    { action: 'open', url: pages.url('/publish.html') },
    { action: 'navigate', url: pages.url('/publish.html'), tabId },
    { action: 'style', selector: 'h1', set: { color: 'red' }, tabId },
    { action: 'execute_js', script: 'return 1', tabId },
    { action: 'session_save', handle: 'h', tabId },
    { action: 'session_load', handle: 'h', tabId },
    { action: 'console_clear', tabId },
  ];
  const readCalls: Record<string, unknown>[] = [
    { action: 'read', tabId },
    { action: 'screenshot', tabId },
    { action: 'query', selector: 'h1', tabId },
    { action: 'extract', tabId },
    { action: 'console', tabId },
    { action: 'wait', tabId },
    { action: 'wait_for', text: 'Drafts', tabId },
  ];
  for (const [tool, calls] of [
    ['browser', browserCalls],
    ['browser_read', readCalls],
  ] as const) {
    for (const args of calls) {
      const r = await call(client, tool, args);
      expect(r.data, `${tool}.${args.action}`).toMatchObject({ error: 'BROWSER_DISABLED' });
    }
  }
  await page.locator('.toolbar .browser-toggle').click();
  await expect(page.locator('.browser-panel')).toContainText('The browser tools are off');
  await page.locator('.toolbar .browser-toggle').click();
  await openSettings();
  await enabled.check();
  await closeSettings();
  // Turning the browser off closed it; on again, the AI starts afresh.
  const again = await openTab();
  expect((await call(client, 'browser_read', { action: 'read', tabId: again })).isError).toBe(
    false,
  );
});

test('the Browser panel shows the AI tab with its origin and a live picture, and Close closes it', async () => {
  const tabId = await openTab('/publish.html?q=1');
  await expect(page.locator('.statusbar .browsing')).toHaveText('AI browsing: 1 tab');
  await page.locator('.statusbar .browsing').click();
  const row = page.locator(`.browser-panel [data-browser-tab="${tabId}"]`);
  await expect(row.locator('.title')).toHaveText('Drafts');
  await expect(row.locator('.origin')).toHaveText(pages.origin);
  await expect(row).not.toContainText('q=1');
  await expect(row.locator('img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await row.getByRole('button', { name: 'Close' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.locator('.statusbar .browsing')).toHaveCount(0);
  const gone = await call(client, 'browser_read', { action: 'read', tabId });
  expect(gone.data).toMatchObject({ error: 'TAB_NOT_FOUND' });
  await page.locator('.toolbar .browser-toggle').click();
});

test('screenshot answers a JPEG image and a line naming the page', async () => {
  const tabId = await openTab('/publish.html?token=x');
  const r = (await client.callTool({
    name: 'browser_read',
    arguments: { action: 'screenshot', tabId },
  })) as CallToolResult;
  expect(r.isError).toBeFalsy();
  expect(r.content).toHaveLength(2);
  expect(r.content[0]).toEqual({
    type: 'text',
    text: `Screenshot of ${pages.url('/publish.html')}`,
  });
  const image = r.content[1];
  if (image.type !== 'image') throw new Error(`expected an image, got ${image.type}`);
  expect(image.mimeType).toBe('image/jpeg');
  expect(Buffer.from(image.data, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});

test('a read of 2,000 controls comes whole in one answer within 75,000 bytes, as text and as structuredContent', async () => {
  const tabId = await openTab('/controls.html');
  const r = (await client.callTool({
    name: 'browser_read',
    arguments: { action: 'read', tabId },
  })) as CallToolResult;
  expect(r.isError).toBeFalsy();
  const text = r.content[0]?.type === 'text' ? r.content[0].text : '';
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(75_000);
  expect(Buffer.byteLength(JSON.stringify(r.structuredContent))).toBeLessThanOrEqual(75_000);
  const answer = JSON.parse(text) as Record<string, unknown>;
  expect(answer).toEqual(r.structuredContent);
  expect(answer).toMatchObject({ tabId, total: 2_000, untrusted: true });
  expect(answer).not.toHaveProperty('nextOffset');
  expect(answer).not.toHaveProperty('truncated');
  expect((answer.page as string).split('\n')).toEqual(
    Array.from({ length: 2_000 }, (_, i) => `e${i + 1} button: Action ${i}`),
  );
});

test('a long wait_for tells a client that asked how far it has come, then answers matched:false', async () => {
  const tabId = await openTab();
  const progress: { progress: number; total?: number }[] = [];
  const r = (await client.callTool(
    {
      name: 'browser_read',
      arguments: { action: 'wait_for', tabId, text: 'Never on this page', timeoutMs: 2_500 },
    },
    undefined,
    { onprogress: (p) => progress.push(p) },
  )) as CallToolResult;
  expect(r.isError).toBeFalsy();
  expect(r.structuredContent).toMatchObject({ matched: false });
  expect(progress.length).toBeGreaterThanOrEqual(2);
  expect(progress[0].total).toBe(2_500);
  expect(progress[0].progress).toBeGreaterThanOrEqual(900);
  expect(progress[1].progress).toBeGreaterThan(progress[0].progress);
});

test('over HTTP a long wait_for streams its progress before the answer, and a session goes on after cancelling one', async () => {
  const { client: http } = await connectHttpClient('Browser HTTP Test');
  try {
    const opened = await call(http, 'browser', { action: 'open', url: pages.url('/publish.html') });
    expect(opened.isError, opened.text).toBe(false);
    const tabId = opened.data.tabId as string;
    const waitFor = (timeoutMs: number) => ({
      name: 'browser_read',
      arguments: { action: 'wait_for', tabId, text: 'Never on this page', timeoutMs },
    });

    // The POST is answered with an event stream: progress first, then the answer.
    const progress: { progress: number; total?: number }[] = [];
    const r = (await http.callTool(waitFor(2_500), undefined, {
      onprogress: (p) => progress.push(p),
    })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ matched: false });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0].total).toBe(2_500);
    expect(progress[1].progress).toBeGreaterThan(progress[0].progress);

    // Cancelled at its first progress: the client hears the cancellation, not a late answer,
    // and the session goes on.
    const controller = new AbortController();
    let heard = 0;
    const cancelled = http.callTool(waitFor(12_000), undefined, {
      signal: controller.signal,
      onprogress: () => {
        heard++;
        controller.abort('the person moved on');
      },
    });
    await expect(cancelled).rejects.toThrow(/moved on|abort/i);
    expect(heard).toBe(1);
    expect(
      (await call(http, 'browser_read', { action: 'query', tabId, selector: '#count' })).isError,
    ).toBe(false);
  } finally {
    await http.close();
  }
});
