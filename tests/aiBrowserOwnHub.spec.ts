/**
 * The AI's browser end to end on a hub of this file's own (the SDK client through vmark-relay, the
 * hub, the real app answering prompts as a person would), for what the shared test hub cannot
 * show: a tab the person opens in the AI's window, a restart of the hub, loopback addresses
 * refused because the app's setting says so, and a viewport wider than the screenshot cap.
 * Conformance items 26, 29, 30 and 42 of the browser tools.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerPrompt, promptCard, settleAiBrowser } from './support/aiBrowser';
import { jpegSize } from './support/driverApp';
import { COOKIE_PAGE, NAVIGATION_PAGES, NOTES_PAGE } from './support/driverPages';
import { call } from './support/mcp';
import type { OwnHub } from './support/ownHub';
import { closeOwnHubApp, openOwnHubApp, setLoopback, type OwnHubApp } from './support/ownHubApp';
import { startPageServer, type PageServer } from './support/pageServer';

let app: OwnHubApp | undefined;
let own: OwnHub;
let page: Page;
let client: Client;
let site: PageServer;

test.beforeAll(async ({ browser }) => {
  site = await startPageServer({
    '/notes': NOTES_PAGE,
    '/jar': COOKIE_PAGE,
    '/wide': NAVIGATION_PAGES['/wide'],
  });
  app = await openOwnHubApp(browser, 'Own Hub Test');
  ({ own, page, client } = app);
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeOwnHubApp(app);
  await site?.close();
});

async function open(path: string): Promise<string> {
  const r = await call(client, 'browser', { action: 'open', url: site.url(path) });
  expect(r.isError, r.text).toBe(false);
  return r.data.tabId as string;
}

async function jar(tabId: string): Promise<string> {
  const r = await call(client, 'browser_read', { action: 'query', tabId, selector: '#jar' });
  expect(r.isError, r.text).toBe(false);
  return (r.data.elements as { text: string }[])[0].text;
}

test('26. a tab the person opened: any read needs an attachment the app asks for; once covers one read; wait_for needs more', async () => {
  await open('/notes');
  // The person opens a tab of their own in the AI's browser window.
  const theirs = await own.hub.browser.debugHandles().context!.newPage();
  await theirs.goto(site.url('/notes?mine=1'));
  await page.locator('.toolbar .browser-toggle').click();
  const row = page.locator('.browser-panel [data-browser-tab]', { hasText: 'Opened by you' });
  await expect(row).toHaveCount(1);
  const human = (await row.getAttribute('data-browser-tab'))!;
  await page.locator('.toolbar .browser-toggle').click();

  const refused = await call(client, 'browser_read', { action: 'read', tabId: human });
  expect(refused.isError).toBe(true);
  expect(refused.data).toEqual({
    error: 'ATTACHMENT_REQUIRED',
    needsApproval: true,
    message: expect.any(String),
    operation: 'attach',
    url: site.origin,
    tabId: human,
    generation: expect.any(Number),
  });
  const card = promptCard(page);
  await expect(card.locator('.action')).toHaveText('Use a tab you opened');
  await expect(card.locator('.site')).toHaveText(site.origin);
  // An attachment is never a standing grant: only Deny and Allow once.
  await expect(card.getByRole('button', { name: 'Allow on this site' })).toHaveCount(0);
  await answerPrompt(page, 'Allow once');

  const read = await call(client, 'browser_read', { action: 'read', tabId: human });
  expect(read.isError, read.text).toBe(false);
  expect(read.data).toMatchObject({ url: `${site.origin}/notes`, untrusted: true });
  // Spent: the next read (a screenshot) asks again.
  const shot = await call(client, 'browser_read', { action: 'screenshot', tabId: human });
  expect(shot.data).toMatchObject({ error: 'ATTACHMENT_REQUIRED', needsApproval: true });
  await answerPrompt(page, 'Allow once');
  const waited = await call(client, 'browser_read', {
    action: 'wait_for',
    tabId: human,
    text: 'Hello',
  });
  expect(waited.isError).toBe(true);
  expect(waited.data).toMatchObject({ error: 'ATTACHMENT_ONCE_INSUFFICIENT' });
  // A call without tabId never goes to the person's tab.
  const unnamed = await call(client, 'browser_read', { action: 'read' });
  expect(unnamed.data.tabId).not.toBe(human);
});

test('a wait on a tab the person opened answers its own load with navigationId null, which the SDK client takes as valid output', async () => {
  await open('/notes');
  const theirs = await own.hub.browser.debugHandles().context!.newPage();
  await theirs.goto(site.url('/notes?mine=2'));
  await page.locator('.toolbar .browser-toggle').click();
  const row = page.locator('.browser-panel [data-browser-tab]', { hasText: 'Opened by you' });
  await expect(row).toHaveCount(1);
  const human = (await row.getAttribute('data-browser-tab'))!;
  await page.locator('.toolbar .browser-toggle').click();
  const asked = await call(client, 'browser_read', { action: 'wait', tabId: human });
  expect(asked.data).toMatchObject({ error: 'ATTACHMENT_REQUIRED' });
  await answerPrompt(page, 'Allow once');
  // No AI navigation ever ran in this tab, so there is no ticket to name. The client checks the
  // answer against the tool's output schema and would refuse it if null were not allowed.
  const r = (await client.callTool({
    name: 'browser_read',
    arguments: { action: 'wait', tabId: human, timeoutMs: 5_000 },
  })) as CallToolResult;
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  expect(r.structuredContent).toMatchObject({
    tabId: human,
    navigationId: null,
    url: `${site.origin}/notes`,
    loading: false,
  });
});

test('29. sandbox cookies stay in the sandbox, apart from the person’s browser both ways, and are gone after a hub restart', async () => {
  const tabId = await open('/jar?set');
  expect(await jar(tabId)).toBe('sid=cookie-secret-1|storage-secret-2');
  // The person's own browser (where the app runs) sees none of it, and keeps its own cookie.
  const theirs = await page.context().newPage();
  await theirs.goto(site.url('/jar'));
  await expect(theirs.locator('#jar')).toHaveText('|');
  await theirs.evaluate(() => (document.cookie = 'mine=person; path=/'));
  await theirs.reload();
  await expect(theirs.locator('#jar')).toHaveText('mine=person|');
  await theirs.close();
  const back = await call(client, 'browser', { action: 'navigate', url: site.url('/jar'), tabId });
  expect(back.isError, back.text).toBe(false);
  expect(await jar(tabId)).toBe('sid=cookie-secret-1|storage-secret-2');

  await own.restart();
  // The app and the relay find the new hub by themselves; the AI starts afresh.
  let fresh = '';
  await expect
    .poll(
      async () => {
        const r = await call(client, 'browser', { action: 'open', url: site.url('/jar') });
        fresh = r.isError ? '' : (r.data.tabId as string);
        return r.isError ? r.text : 'opened';
      },
      { timeout: 30_000 },
    )
    .toBe('opened');
  expect(await jar(fresh)).toBe('|');
});

test('30. navigation rules through MCP: with loopback off a local page is blocked; local names, private ranges, file: blocked; userinfo and junk invalid', async () => {
  // With loopback allowed, the hub itself still never is a destination.
  const hub = await call(client, 'browser', { action: 'open', url: own.url });
  expect(hub.data).toMatchObject({ error: 'NAVIGATION_BLOCKED' });
  await setLoopback(page, false);
  try {
    for (const url of [
      site.url('/notes'),
      `http://localhost:${new URL(site.origin).port}/notes`,
      'http://x.local/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
    ]) {
      const r = await call(client, 'browser', { action: 'open', url });
      expect(r.isError, url).toBe(true);
      expect(r.data, url).toMatchObject({ error: 'NAVIGATION_BLOCKED' });
    }
    for (const url of ['https://user:pw@example.com/', 'not a url', 'http://exa\\mple.com/']) {
      const r = await call(client, 'browser', { action: 'open', url });
      expect(r.data, url).toMatchObject({ error: 'INVALID_URL' });
      expect(r.text).not.toContain('pw@');
    }
    // Nothing was opened.
    await page.locator('.toolbar .browser-toggle').click();
    await expect(page.locator('.browser-panel [data-browser-tab]')).toHaveCount(0);
    await page.locator('.toolbar .browser-toggle').click();
  } finally {
    await setLoopback(page, true);
  }
});

test('42. a screenshot of a 2,000-pixel-wide viewport is a JPEG scaled down to 1,600 pixels', async () => {
  const tabId = await open('/wide');
  await own.hub.browser.debugHandles().page(tabId)!.setViewportSize({ width: 2000, height: 1000 });
  const r = (await client.callTool({
    name: 'browser_read',
    arguments: { action: 'screenshot', tabId },
  })) as CallToolResult;
  expect(r.isError).toBeFalsy();
  expect(r.content[0]).toEqual({ type: 'text', text: `Screenshot of ${site.url('/wide')}` });
  const image = r.content[1];
  if (image.type !== 'image') throw new Error(`expected an image, got ${image.type}`);
  expect(image.mimeType).toBe('image/jpeg');
  expect(jpegSize(image.data)).toEqual({ width: 1600, height: 800 });
});
