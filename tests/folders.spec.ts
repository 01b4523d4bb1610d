import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp } from './support/app';
import { call, connectClient } from './support/mcp';
import { pickerReturns } from './support/pickedFolder';

test('Open folder… mounts the picked folder under its name; it comes back after a reload', async ({
  page,
}) => {
  await openApp(page);
  await pickerReturns(page, 'project', { 'readme.md': '# Project\n' });
  await page.getByRole('button', { name: 'Open folder…' }).first().click();
  await expect(page.locator('section.workspace[data-mount="project"]')).toBeVisible();
  await page.locator('.row[data-path="/project/readme.md"] button.name').click();
  await expect(activeDocument(page).locator('.ProseMirror h1')).toHaveText('Project');
  // Picking a second folder with the same name mounts it under a unique name.
  await pickerReturns(page, 'Project', { 'other.md': 'Other\n' });
  await page.getByRole('button', { name: 'Open folder…' }).first().click();
  await expect(page.locator('section.workspace[data-mount="Project-2"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('section.workspace[data-mount="project"]')).toBeVisible();
  await expect(page.locator('.row[data-path="/project/readme.md"]')).toBeVisible();
  await expect(page.locator('.tab.active')).toHaveAttribute('title', '/project/readme.md');
});

let client: Client | undefined;
test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

test('open_workspace asks the person; after they pick the folder the same call opens it, once', async ({
  page,
}) => {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  await pickerReturns(page, 'site', { 'index.md': '# Site\n' });
  client = await connectClient('Consent Test');
  const first = await call(client, 'workspace', {
    action: 'open_workspace',
    folderPath: '/home/me/site',
  });
  expect(first.data).toMatchObject({
    error: 'APPROVAL_REQUIRED',
    needsApproval: true,
    folderPath: '/home/me/site',
  });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Consent Test asks to open a folder');
  await expect(dialog).toContainText('/home/me/site');
  await dialog.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(dialog).toHaveCount(0);
  const retry = await call(client, 'workspace', {
    action: 'open_workspace',
    folderPath: '/home/me/site',
  });
  expect(retry.data).toEqual({ opened: true, folderPath: '/site' });
  const opened = await call(client, 'workspace', { action: 'open', filePath: '/site/index.md' });
  expect(opened.isError).toBe(false);
  // The grant was used once: asking again for that folder asks the person again.
  const again = await call(client, 'workspace', {
    action: 'open_workspace',
    folderPath: '/home/me/site',
  });
  expect(again.data).toMatchObject({ needsApproval: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const denied = await call(client, 'workspace', {
    action: 'open_workspace',
    folderPath: '/home/me/site',
  });
  expect(denied.data).toMatchObject({ needsApproval: true });
});

test('a folder whose access was revoked asks to grant it again and keeps the unsaved text', async ({
  page,
}) => {
  // The core runs in a dedicated Worker here, so the test can take the folder's access away inside it.
  await page.addInitScript(() => {
    delete (window as unknown as { SharedWorker?: unknown }).SharedWorker;
  });
  await openApp(page);
  await pickerReturns(page, 'proj', { 'a.md': 'Start\n' });
  await page.getByRole('button', { name: 'Open folder…' }).first().click();
  await page.locator('.row[data-path="/proj/a.md"] button.name').click();
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');

  // Every worker of the page, not only the first: which one is the core's depends on start order.
  const inWorkers = async (f: () => void) => {
    for (const worker of page.workers()) await worker.evaluate(f);
  };
  await inWorkers(() => {
    const proto = FileSystemDirectoryHandle.prototype as unknown as Record<string, unknown>;
    const handle = FileSystemHandle.prototype as unknown as Record<string, unknown>;
    (globalThis as unknown as { __saved: unknown[] }).__saved = [
      proto.getFileHandle,
      handle.queryPermission,
    ];
    proto.getFileHandle = () =>
      Promise.reject(new DOMException('Access was revoked.', 'NotAllowedError'));
    handle.queryPermission = async () => 'prompt';
  });
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your unsaved text is kept');
  await expect(page.getByRole('button', { name: 'Grant access to proj' })).toBeVisible();
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  await expect(activeDocument(page).locator('.ProseMirror p')).toHaveText('Start and more');

  // The person grants access again (the browser's own prompt, here simply given back).
  await inWorkers(() => {
    const saved = (globalThis as unknown as { __saved?: unknown[] }).__saved;
    if (!saved) return; // a worker started after the access was taken away
    const [getFileHandle, queryPermission] = saved;
    (FileSystemDirectoryHandle.prototype as unknown as Record<string, unknown>).getFileHandle =
      getFileHandle;
    (FileSystemHandle.prototype as unknown as Record<string, unknown>).queryPermission =
      queryPermission;
  });
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await expect(page.locator('.row[data-path="/proj/a.md"]')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  const saved = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await root.getDirectoryHandle('picked')).getDirectoryHandle('proj');
    return (await (await dir.getFileHandle('a.md')).getFile()).text();
  });
  expect(saved).toBe('Start and more\n');
});
