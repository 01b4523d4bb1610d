import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, readOpfs, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

async function start(page: Page) {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  client = await connectClient('CJK Test');
}

test('document.transform on a background tab: spaced, not saved, code untouched, idempotent', async ({
  page,
}) => {
  await start(page);
  const text = '# 说明\n\n使用VMark编辑2个文件,很方便!\n\n`代码a1`不变\n';
  await writeOpfs(page, 'front.md', 'Front\n');
  await writeOpfs(page, 'cjk.md', text);
  const front = await call(client, 'workspace', { action: 'open', filePath: '/notes/front.md' });
  await call(client, 'workspace', { action: 'switch_tab', tabId: front.data.tabId as string });
  const tab = await call(client, 'workspace', { action: 'open', filePath: '/notes/cjk.md' });
  const tabId = tab.data.tabId as string;
  const read = await call(client, 'document', { action: 'read', tabId });

  const spaced = await call(client, 'document', {
    action: 'transform',
    tabId,
    kind: 'cjk-spacing',
    expected_revision: read.data.revision,
  });
  expect(spaced.data).toMatchObject({ changed: true });
  expect(spaced.data.revision).not.toBe(read.data.revision);
  const punct = await call(client, 'document', {
    action: 'transform',
    tabId,
    kind: 'cjk-punctuation',
  });
  expect(punct.data).toMatchObject({ changed: true });
  const after = await call(client, 'document', { action: 'read', tabId });
  expect(after.data.content).toBe('# 说明\n\n使用 VMark 编辑 2 个文件，很方便！\n\n`代码a1`不变\n');
  const again = await call(client, 'document', { action: 'transform', tabId, kind: 'cjk-spacing' });
  expect(again.data).toEqual({ revision: after.data.revision, changed: false });

  // The visible tab did not change and nothing was written to disk.
  await expect(page.locator('.tab.active')).toHaveAttribute('title', '/notes/front.md');
  expect((await readOpfs(page, 'cjk.md'))?.toString()).toBe(text);

  const stale = await call(client, 'document', {
    action: 'transform',
    tabId,
    kind: 'cjk-format',
    expected_revision: read.data.revision,
  });
  expect(stale.data).toMatchObject({ error: 'STALE', current_revision: after.data.revision });
  const noKind = await call(client, 'document', { action: 'transform', tabId });
  expect(noKind.isError).toBe(true);
  expect(noKind.text).toContain('kind');
});

test('the app formats the selection or the whole document from the keyboard, as one undo step', async ({
  page,
}) => {
  await start(page);
  await writeOpfs(page, 'mixed.md', '第一段有English词。\n\n第二段有Python代码。\n');
  const tab = await call(client, 'workspace', { action: 'open', filePath: '/notes/mixed.md' });
  const tabId = tab.data.tabId as string;
  await call(client, 'workspace', { action: 'switch_tab', tabId });
  const editor = activeDocument(page).locator('.ProseMirror');
  await expect(editor.locator('p')).toHaveCount(2);

  // Select the second paragraph only: Ctrl/Cmd+Alt+J spaces just that.
  await editor.locator('p').nth(1).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+Alt+j');
  await expect(editor.locator('p').nth(1)).toHaveText('第二段有 Python 代码。');
  await expect(editor.locator('p').nth(0)).toHaveText('第一段有English词。');

  // No selection: the whole document.
  await editor.locator('p').nth(0).click();
  await page.keyboard.press('Control+Alt+j');
  await expect(editor.locator('p').nth(0)).toHaveText('第一段有 English 词。');
  await expect
    .poll(async () => (await call(client, 'document', { action: 'read', tabId })).data.content)
    .toBe('第一段有 English 词。\n\n第二段有 Python 代码。\n');
  await editor.locator('p').nth(0).click();
  await page.keyboard.press('Control+z');
  await expect(editor.locator('p').nth(0)).toHaveText('第一段有English词。');
});

test('Settings → CJK formatting changes what cjk-format does', async ({ page }) => {
  await start(page);
  await writeOpfs(page, 'fmt.md', '中文English混排\n');
  const tab = await call(client, 'workspace', { action: 'open', filePath: '/notes/fmt.md' });
  const tabId = tab.data.tabId as string;
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByText('CJK formatting').click();
  const spacing = page.locator('input[data-rule="cjkEnglishSpacing"]');
  await expect(spacing).toBeChecked();
  await spacing.uncheck();
  await page.getByRole('button', { name: 'Done' }).click();
  const off = await call(client, 'document', { action: 'transform', tabId, kind: 'cjk-format' });
  expect(off.data).toMatchObject({ changed: false });

  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByText('CJK formatting').click();
  await expect(page.locator('input[data-rule="cjkEnglishSpacing"]')).not.toBeChecked();
  await page.locator('input[data-rule="cjkEnglishSpacing"]').check();
  await page.getByRole('button', { name: 'Done' }).click();
  const on = await call(client, 'document', { action: 'transform', tabId, kind: 'cjk-format' });
  expect(on.data).toMatchObject({ changed: true });
  expect((await call(client, 'document', { action: 'read', tabId })).data.content).toBe(
    '中文 English 混排\n',
  );
});
