/**
 * Who may do what in the AI's browser, end to end: the SDK client through vmark-relay and the hub
 * to the real app, whose prompt a person answers by clicking it. Conformance items 20–28 of the
 * browser tools (permissions); items 26, 29 and 30 need a hub of their own and are in
 * aiBrowserOwnHub.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  answerPrompt,
  closeAiApp,
  openAiApp,
  promptCard,
  PUBLISH_PAGE,
  settleAiBrowser,
} from './support/aiBrowser';
import { SECRET_PATH } from './support/driverPages';
import { call, connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

let page: Page;
let client: Client;
let site: PageServer;
let other: PageServer;

test.beforeAll(async ({ browser }) => {
  site = await startPageServer({ '/publish.html': PUBLISH_PAGE, [SECRET_PATH]: PUBLISH_PAGE });
  other = await startPageServer({ '/publish.html': PUBLISH_PAGE });
  page = await openAiApp(browser);
  client = await connectClient('Permissions Test');
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeAiApp(page, client);
  await site?.close();
  await other?.close();
});

async function openTab(url = site.url('/publish.html')): Promise<string> {
  const r = await call(client, 'browser', { action: 'open', url });
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

function type(tabId: string, text: string) {
  return call(client, 'browser', {
    action: 'act',
    operation: 'type',
    role: 'textbox',
    name: 'Title',
    text,
    tabId,
  });
}

/** What the page's outputs say: how often Publish was clicked, and whether Delete was. */
async function outputs(tabId: string): Promise<{ published: string; deleted: string }> {
  const r = await call(client, 'browser_read', { action: 'query', tabId, selector: 'output' });
  expect(r.isError, r.text).toBe(false);
  const [published, deleted] = (r.data.elements as { text: string }[]).map((e) => e.text);
  return { published, deleted };
}

async function openSettings(): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.locator('.browser-settings')).toBeVisible();
}

async function closeSettings(): Promise<void> {
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.browser-settings')).toHaveCount(0);
}

/** Revokes the standing grants of an origin in Settings → Browser, as the person would. */
async function revoke(origin: string): Promise<void> {
  await openSettings();
  const row = page.locator(`.browser-settings li[data-origin="${origin}"]`);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  await closeSettings();
}

test('20. an ungranted click on a credential path: the origin only, anywhere in the answer; the prompt shows site, action, element', async () => {
  const opened = await call(client, 'browser', {
    action: 'open',
    url: site.url(`${SECRET_PATH}?access_token=sekrit#frag`),
  });
  expect(opened.data.url).toBe(site.url(SECRET_PATH));
  expect(opened.text).not.toMatch(/access_token|sekrit|frag/);
  const tabId = opened.data.tabId as string;

  const raw = (await client.callTool({
    name: 'browser',
    arguments: { action: 'act', operation: 'click', role: 'button', name: 'Publish', tabId },
  })) as CallToolResult;
  expect(raw.isError).toBe(true);
  expect(raw.structuredContent).toMatchObject({
    error: 'APPROVAL_REQUIRED',
    needsApproval: true,
    operation: 'click',
    url: site.origin,
    tabId,
  });
  const everything = JSON.stringify(raw);
  for (const secret of ['/reset', 'tok123', 'access_token', 'sekrit', 'frag']) {
    expect(everything).not.toContain(secret);
  }
  const card = promptCard(page);
  await expect(card.locator('.site')).toHaveText(site.origin);
  await expect(card.locator('.action')).toHaveText('Click');
  await expect(card.locator('.element')).toHaveText('button "Publish"');
  await expect(card).not.toContainText('reset');
  await expect(card).not.toContainText('sekrit');
});

test('21. Allow once is spent once, and only on what it showed: not on Delete, not on other text', async () => {
  const tabId = await openTab();
  expect((await click(tabId, 'Publish')).data.needsApproval).toBe(true);
  await answerPrompt(page, 'Allow once');
  // The approval for Publish does not cover Delete: that asks, and the person denies it.
  expect((await click(tabId, 'Delete')).data).toMatchObject({
    error: 'APPROVAL_REQUIRED',
    operation: 'click',
  });
  await expect(promptCard(page).locator('.element')).toHaveText('button "Delete"');
  await answerPrompt(page, 'Deny');
  expect(await outputs(tabId)).toEqual({ published: '0', deleted: 'no' });
  // Publish, the call that was allowed, goes through once.
  expect((await click(tabId, 'Publish')).data).toMatchObject({ clicked: true });
  expect(await outputs(tabId)).toEqual({ published: '1', deleted: 'no' });
  expect((await click(tabId, 'Publish')).data.needsApproval).toBe(true);
  await answerPrompt(page, 'Deny');

  // Typing: the approval is for the text shown, "A"; "B" asks again.
  expect((await type(tabId, 'A')).data).toMatchObject({ needsApproval: true, operation: 'type' });
  await expect(promptCard(page).locator('.summary')).toHaveText('Text: "A"');
  await answerPrompt(page, 'Allow once');
  expect((await type(tabId, 'B')).data).toMatchObject({ needsApproval: true, operation: 'type' });
  await expect(promptCard(page).locator('.summary')).toHaveText('Text: "B"');
  await answerPrompt(page, 'Deny');
  expect((await type(tabId, 'A')).data).toMatchObject({ typed: true });
  expect((await type(tabId, 'A')).data.needsApproval).toBe(true);
  await expect(promptCard(page).locator('.summary')).toHaveText('Text: "A"');
});

test('22. Allow on this site grants that operation on that origin only: typing there and clicks on another port still ask', async () => {
  const tabId = await openTab();
  const elsewhere = await openTab(other.url('/publish.html'));
  expect((await click(tabId)).data.needsApproval).toBe(true);
  await answerPrompt(page, 'Allow on this site');
  expect((await click(tabId)).data).toMatchObject({ clicked: true });
  expect((await click(tabId)).data).toMatchObject({ clicked: true });
  expect((await outputs(tabId)).published).toBe('2');

  expect((await type(tabId, 'Hello')).data).toMatchObject({
    needsApproval: true,
    operation: 'type',
    url: site.origin,
  });
  await answerPrompt(page, 'Deny');

  expect((await click(elsewhere)).data).toMatchObject({
    needsApproval: true,
    operation: 'click',
    url: other.origin,
  });
  await expect(promptCard(page).locator('.site')).toHaveText(other.origin);
  await answerPrompt(page, 'Deny');
  expect((await outputs(elsewhere)).published).toBe('0');

  await revoke(site.origin);
  expect((await click(tabId, 'Delete')).data).toMatchObject({ needsApproval: true });
  expect((await outputs(tabId)).deleted).toBe('no');
  await expect(promptCard(page).locator('.element')).toHaveText('button "Delete"');
});

test('23. an act by ref without a standing grant is refused, asking for role and name; with the grant it acts', async () => {
  const tabId = await openTab();
  const read = await call(client, 'browser_read', { action: 'read', tabId, format: 'nodes' });
  const publish = (read.data.snapshot as { role: string; name: string; ref: string }[]).find(
    (n) => n.role === 'button' && n.name === 'Publish',
  );
  expect(publish?.ref).toMatch(/^e\d+$/);
  const byRef = { action: 'act', operation: 'click', ref: publish?.ref, tabId };
  const refused = await call(client, 'browser', byRef);
  expect(refused.isError).toBe(true);
  expect(refused.data).toMatchObject({
    error: 'INVALID_ARGUMENT',
    message: expect.stringContaining('role and name'),
  });
  expect(refused.data.needsApproval).toBeUndefined();
  await expect(promptCard(page)).toHaveCount(0);
  expect((await outputs(tabId)).published).toBe('0');

  // The person allows clicks on the site (asked by role and name); the ref then works.
  expect((await click(tabId, 'Delete')).data.needsApproval).toBe(true);
  await answerPrompt(page, 'Allow on this site');
  const done = await call(client, 'browser', byRef);
  expect(done.data, done.text).toMatchObject({ found: true, clicked: true });
  expect((await outputs(tabId)).published).toBe('1');
  await revoke(site.origin);
});

test('24. a navigation withdraws the waiting prompt from the app; an Allow once from before it is not spendable after', async () => {
  const tabId = await openTab();
  expect((await click(tabId, 'Delete')).data.needsApproval).toBe(true);
  await expect(promptCard(page).locator('.element')).toHaveText('button "Delete"');
  const moved = await call(client, 'browser', {
    action: 'navigate',
    url: site.url('/publish.html'),
    tabId,
  });
  expect(moved.isError, moved.text).toBe(false);
  await expect(promptCard(page)).toHaveCount(0);

  const asked = await click(tabId, 'Publish');
  expect(asked.data.needsApproval).toBe(true);
  await answerPrompt(page, 'Allow once');
  const again = await call(client, 'browser', {
    action: 'navigate',
    url: site.url('/publish.html'),
    tabId,
  });
  expect(again.isError, again.text).toBe(false);
  const after = await click(tabId, 'Publish');
  expect(after.data).toMatchObject({ error: 'APPROVAL_REQUIRED', needsApproval: true });
  expect(after.data.generation as number).toBeGreaterThan(asked.data.generation as number);
  expect((await outputs(tabId)).published).toBe('0');
  await expect(promptCard(page).locator('.element')).toHaveText('button "Publish"');
});

test('25. execute_js asks every time, showing the exact script and no Allow on this site; the result is untrusted', async () => {
  const tabId = await openTab();
  const script = 'return document.title + " " + 2 * 21;';
  const run = (s = script) => call(client, 'browser', { action: 'execute_js', script: s, tabId });
  expect((await run()).data).toMatchObject({ needsApproval: true, operation: 'eval' });
  const card = promptCard(page);
  await expect(card.locator('.action')).toHaveText('Run a script in the page');
  await expect(card.locator('.script')).toHaveText(script);
  await expect(card.getByRole('button', { name: 'Allow on this site' })).toHaveCount(0);
  await answerPrompt(page, 'Allow once');
  const done = await run();
  expect(done.isError, done.text).toBe(false);
  expect(done.data).toMatchObject({ result: 'Drafts 42', untrusted: true });

  // The same script again asks again; an approval for one script does not run another.
  expect((await run()).data).toMatchObject({ needsApproval: true, operation: 'eval' });
  await answerPrompt(page, 'Allow once');
  expect((await run('return 1')).data).toMatchObject({ needsApproval: true });
  await expect(card.locator('.script')).toHaveText('return 1');
  await answerPrompt(page, 'Deny');
  expect((await run()).data).toMatchObject({ result: 'Drafts 42', untrusted: true });
});

test('27. shared posture, set in Settings → Browser: a new site asks for the destination; a navigate grant lets it through', async () => {
  await openSettings();
  const posture = page.getByLabel('Browser posture');
  await posture.selectOption('shared');
  await closeSettings();
  try {
    const url = site.url('/publish.html');
    const asked = await call(client, 'browser', { action: 'open', url });
    expect(asked.data).toMatchObject({
      error: 'APPROVAL_REQUIRED',
      needsApproval: true,
      operation: 'navigate',
      url: site.origin,
    });
    const card = promptCard(page);
    await expect(card.locator('.action')).toHaveText('Visit the site');
    await expect(card.locator('.site')).toHaveText(site.origin);
    await answerPrompt(page, 'Allow once');
    const opened = await call(client, 'browser', { action: 'open', url });
    expect(opened.data, opened.text).toMatchObject({ title: 'Drafts' });
    const tabId = opened.data.tabId as string;

    const away = { action: 'navigate', url: other.url('/publish.html'), tabId };
    expect((await call(client, 'browser', away)).data).toMatchObject({
      needsApproval: true,
      operation: 'navigate',
      url: other.origin,
    });
    await answerPrompt(page, 'Allow on this site');
    expect((await call(client, 'browser', away)).data).toMatchObject({ title: 'Drafts' });
    // With the navigate grant, a new tab on that site opens without a prompt.
    const granted = await call(client, 'browser', {
      action: 'open',
      url: other.url('/publish.html'),
    });
    expect(granted.isError, granted.text).toBe(false);
    await expect(promptCard(page)).toHaveCount(0);
    await revoke(other.origin);
  } finally {
    await openSettings();
    await posture.selectOption('sandbox');
    await expect(posture).toHaveValue('sandbox');
    await closeSettings();
  }
});

test('28. with the browser off, workflow_status and workflow_cancel still work; starting a run does not', async () => {
  const opened = await call(client, 'browser', { action: 'open', url: site.url('/publish.html') });
  expect(opened.isError, opened.text).toBe(false);
  const tabId = opened.data.tabId as string;
  const source = '---\nsite: drafts\n---\n1. goal: pick the draft to publish\n';
  const started = await call(client, 'browser', { action: 'workflow_run', tabId, source });
  expect(started.isError, started.text).toBe(false);
  const runId = started.data.runId as string;
  await expect
    .poll(
      async () =>
        (await call(client, 'browser_read', { action: 'workflow_status', runId })).data.status,
    )
    .toBe('paused');
  await openSettings();
  const enabled = page.locator('input[name="browser-enabled"]');
  await enabled.uncheck();
  await closeSettings();
  try {
    expect((await call(client, 'browser_read', { action: 'read' })).data).toMatchObject({
      error: 'BROWSER_DISABLED',
    });
    expect(
      (await call(client, 'browser', { action: 'workflow_run', tabId, source })).data,
    ).toMatchObject({ error: 'BROWSER_DISABLED' });
    // Turning the tools off closes the browser, and with it the run's tab: the run ends (the
    // browser closes while the hub goes on answering, so the status is looked at until then).
    await expect
      .poll(
        async () =>
          (await call(client, 'browser_read', { action: 'workflow_status', runId })).data.status,
      )
      .toBe('failed');
    const status = await call(client, 'browser_read', { action: 'workflow_status', runId });
    expect(status.isError, status.text).toBe(false);
    expect(status.data).toMatchObject({ runId, status: 'failed', reasonCode: 'lease-lost' });
    const cancelled = await call(client, 'browser', { action: 'workflow_cancel', runId });
    expect(cancelled.isError, cancelled.text).toBe(false);
    expect(cancelled.data).toEqual({ runId, result: 'already-terminal' });
    expect(
      (await call(client, 'browser_read', { action: 'workflow_status', runId: 'wfrun-x-9' })).data,
    ).toMatchObject({ error: 'RUN_NOT_FOUND' });
  } finally {
    await openSettings();
    await enabled.check();
    await closeSettings();
  }
});
