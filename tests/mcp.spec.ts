import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, readOpfs, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

/** Opens the app and waits until its core serves AI clients. */
async function appServingAi(page: Page) {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).not.toHaveAttribute(
    'data-ai-state',
    /offline|connecting/,
  );
}

test('an AI client lists the tools and orients itself with session.get_state', async ({ page }) => {
  await appServingAi(page);
  client = await connectClient('Orientation Test');
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual([
    'session',
    'workspace',
    'document',
    'workflow',
    'selection',
    'browser',
    'browser_read',
    'coherence',
    'coherence_resolve',
  ]);
  for (const t of tools) {
    expect(t.title).toBeTruthy();
    expect(Object.keys(t.annotations ?? {}).sort()).toEqual([
      'destructiveHint',
      'idempotentHint',
      'openWorldHint',
      'readOnlyHint',
    ]);
  }
  expect(client.getInstructions()).toContain('session.get_state');
  const state = await call(client, 'session', { action: 'get_state' });
  expect(state.isError).toBe(false);
  expect(state.data.windows).toEqual([expect.objectContaining({ label: 'main', tabs: [] })]);
  await expect(page.locator('.statusbar .ai')).toContainText('Orientation Test');
});

test('open, read, write with the revision, save: the file bytes change, the person sees it', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'plan.md', '# Plan\n\nStep one.\n');
  client = await connectClient();
  const opened = await call(client, 'workspace', { action: 'open', filePath: '/notes/plan.md' });
  expect(opened.data).toMatchObject({ alreadyOpen: false, activationChanged: false });
  const tabId = opened.data.tabId as string;
  // Opened in the background: the person's view did not switch to it.
  await expect(page.locator('.tab')).toHaveCount(1);
  await expect(page.locator('.tab.active')).toHaveCount(0);
  const again = await call(client, 'workspace', { action: 'open', filePath: '/notes/plan.md' });
  expect(again.data).toMatchObject({ tabId, alreadyOpen: true });

  const read = await call(client, 'document', { action: 'read', tabId });
  expect(read.data).toMatchObject({
    content: '# Plan\n\nStep one.\n',
    kind: 'markdown',
    filePath: '/notes/plan.md',
  });
  const written = await call(client, 'document', {
    action: 'write',
    tabId,
    content: '# Plan\r\n\r\nStep one.\r\nStep two.\r\n',
    expected_revision: read.data.revision,
  });
  expect(written.data).toMatchObject({ saved: true });
  expect(written.data.revision).not.toBe(read.data.revision);
  expect((await readOpfs(page, 'plan.md'))?.toString()).toBe('# Plan\n\nStep one.\nStep two.\n');

  const switched = await call(client, 'workspace', { action: 'switch_tab', tabId });
  expect(switched.data).toMatchObject({ activated: true, activeTabId: tabId });
  await expect(activeDocument(page).locator('.ProseMirror')).toContainText('Step two.');
});

test('a write carrying an older revision is refused as STALE after the person types one character', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'stale.md', 'Text\n');
  client = await connectClient();
  const { data } = await call(client, 'workspace', { action: 'open', filePath: '/notes/stale.md' });
  const tabId = data.tabId as string;
  await call(client, 'workspace', { action: 'switch_tab', tabId });
  const before = await call(client, 'document', { action: 'read', tabId });
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.type('!');
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  const stale = await call(client, 'document', {
    action: 'write',
    tabId,
    content: 'AI text\n',
    expected_revision: before.data.revision,
  });
  expect(stale.isError).toBe(true);
  expect(stale.data).toMatchObject({
    error: 'STALE',
    current_revision: expect.stringMatching(/^rev-/),
  });
  expect(stale.data.current_revision).not.toBe(before.data.revision);
  await expect(activeDocument(page).locator('.ProseMirror p')).toHaveText('Text!');
});

test('refusals: INVALID_PATH, INVALID_TAB, APPROVAL_REQUIRED, READ_ONLY, DIRTY close, blank arguments', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'a.md', 'A\n');
  await writeOpfs(page, 'latin1.md', Buffer.from([0x54, 0xe9, 0x0a]));
  client = await connectClient();
  for (const filePath of [
    '/notes/../etc/passwd',
    'notes/a.md',
    '/etc/passwd',
    '/notes//a.md',
    '/notes/a\\b.md',
  ]) {
    const r = await call(client, 'workspace', { action: 'open', filePath });
    expect(r.data, filePath).toMatchObject({ error: 'INVALID_PATH' });
  }
  expect((await call(client, 'document', { action: 'read', tabId: 'tab-999' })).data).toMatchObject(
    {
      error: 'INVALID_TAB',
    },
  );
  const blank = await call(client, 'document', { action: 'read', tabId: '  ' });
  expect(blank.isError).toBe(true);
  expect(blank.text).toContain('tabId');

  const { data } = await call(client, 'workspace', { action: 'open', filePath: '/notes/a.md' });
  const saveAs = await call(client, 'workspace', {
    action: 'save_as',
    tabId: data.tabId,
    filePath: '/notes/b.md',
  });
  expect(saveAs.data).toMatchObject({ error: 'APPROVAL_REQUIRED', needsApproval: true });
  expect(await readOpfs(page, 'b.md')).toBeNull();

  const ro = await call(client, 'workspace', { action: 'open', filePath: '/notes/latin1.md' });
  const roWrite = await call(client, 'document', {
    action: 'write',
    tabId: ro.data.tabId,
    content: 'x',
  });
  expect(roWrite.data).toMatchObject({ error: 'READ_ONLY' });
  expect((await readOpfs(page, 'latin1.md'))?.equals(Buffer.from([0x54, 0xe9, 0x0a]))).toBe(true);

  await call(client, 'document', {
    action: 'write',
    tabId: data.tabId,
    content: 'changed\n',
    save: false,
  });
  const close = await call(client, 'workspace', { action: 'close', tabId: data.tabId });
  expect(close.data).toEqual({ closed: false, reason: 'DIRTY' });
  const forced = await call(client, 'workspace', {
    action: 'close',
    tabId: data.tabId,
    force: true,
  });
  expect(forced.data).toEqual({ closed: true });
  expect((await readOpfs(page, 'a.md'))?.toString()).toBe('A\n');
});

test('with no app open, tools/list still answers and a tool call fails fast with the URL to open', async ({
  page,
}) => {
  await appServingAi(page);
  // Closing every page of the browser ends the app's core, and with it the app's connection.
  await page.context().close();
  client = await connectClient();
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(9);
  const t0 = Date.now();
  const r = await call(client, 'session', { action: 'get_state' });
  expect(r.isError).toBe(true);
  expect(r.text).toContain('http://127.0.0.1:');
  expect(Date.now() - t0).toBeLessThan(5_000);
});

test('a write to a background tab leaves the visible editor alone; a write to the visible tab is one undo step', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'front.md', 'Front text.\n');
  await writeOpfs(page, 'back.md', 'Back text.\n');
  client = await connectClient();
  const front = (await call(client, 'workspace', { action: 'open', filePath: '/notes/front.md' }))
    .data.tabId;
  const back = (await call(client, 'workspace', { action: 'open', filePath: '/notes/back.md' }))
    .data.tabId;
  await call(client, 'workspace', { action: 'switch_tab', tabId: front });
  const editor = activeDocument(page).locator('.ProseMirror');
  await expect(editor).toHaveText('Front text.');
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typing');

  const bg = await call(client, 'document', {
    action: 'write',
    tabId: back,
    content: 'Back rewritten.\n',
  });
  expect(bg.data).toMatchObject({ saved: true });
  await expect(page.locator('.tab.active')).toHaveAttribute('title', '/notes/front.md');
  await expect(editor).toHaveText('Front text. Typing');
  await page.keyboard.type(' on');
  await expect(editor).toHaveText('Front text. Typing on');

  // The person's last keystrokes reach the core a moment after they show on screen.
  await expect
    .poll(
      async () => (await call(client, 'document', { action: 'read', tabId: front })).data.content,
    )
    .toBe('Front text. Typing on\n');
  const before = await call(client, 'document', { action: 'read', tabId: front });
  const fg = await call(client, 'document', {
    action: 'write',
    tabId: front,
    content: '# Replaced by the AI\n',
    save: false,
  });
  expect(fg.isError).toBe(false);
  await expect(editor.locator('h1')).toHaveText('Replaced by the AI');
  await editor.click();
  await page.keyboard.press('Control+z');
  await expect(editor).toHaveText('Front text. Typing on');
  const after = await call(client, 'document', { action: 'read', tabId: front });
  expect(after.data.content).toBe(before.data.content);
  expect(after.data.revision).not.toBe(fg.data.revision);
});

test('two AI clients at once each get their own answers', async ({ page }) => {
  await appServingAi(page);
  await writeOpfs(page, 'shared.md', 'Shared\n');
  client = await connectClient('First Client');
  const second = await connectClient('Second Client');
  try {
    await expect(page.locator('.statusbar .ai')).toContainText('First Client');
    await expect(page.locator('.statusbar .ai')).toContainText('Second Client');
    const [a, b] = await Promise.all([
      call(client, 'workspace', { action: 'open', filePath: '/notes/shared.md' }),
      call(second, 'session', { action: 'get_state' }),
    ]);
    expect(a.data.tabId).toMatch(/^tab-/);
    expect(b.data.windows).toBeDefined();
    const read = await call(second, 'document', { action: 'read', tabId: a.data.tabId });
    expect(read.data.content).toBe('Shared\n');
  } finally {
    await second.close();
  }
});

test('Settings → AI clients shows ready-to-copy configurations with this install’s relay path', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByText('Claude Code', { exact: true }).click();
  const command = page.locator('pre[data-client="Claude Code"]');
  await expect(command).toContainText('claude mcp add vmark');
  await expect(command).toContainText(`${process.cwd()}/relay/bin/vmark-relay.js`);
  await page.getByText('Codex', { exact: true }).click();
  await expect(page.locator('pre[data-client="Codex"]')).toContainText('[mcp_servers.vmark]');
});

test('a second browser waits while the first serves AI clients, and takes over when the first goes away', async ({
  page,
  browser,
}) => {
  await appServingAi(page);
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await openApp(second);
    await expect(second.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'standby');
    await expect(second.locator('.statusbar .ai')).toContainText('another browser');
    await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
    await page.context().close();
    await expect(second.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
    client = await connectClient();
    const state = await call(client, 'session', { action: 'get_state' });
    expect(state.isError).toBe(false);
  } finally {
    await other.close();
  }
});
