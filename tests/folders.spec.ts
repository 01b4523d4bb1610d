import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp } from './support/app';
import { call, connectClient } from './support/mcp';

/**
 * Headless Chromium cannot show the native folder picker, so the picker is replaced by one that
 * answers a real directory handle: a folder inside the browser's private file system, named
 * `name`, holding `files`. Everything after the pick is the app's own code.
 */
async function pickerReturns(page: Page, name: string, files: Record<string, string>) {
  await page.evaluate(
    async ({ name, files }) => {
      const root = await navigator.storage.getDirectory();
      const dir = await (
        await root.getDirectoryHandle('picked', { create: true })
      ).getDirectoryHandle(name, {
        create: true,
      });
      for (const [file, text] of Object.entries(files)) {
        const w = await (await dir.getFileHandle(file, { create: true })).createWritable();
        await w.write(text);
        await w.close();
      }
      (
        window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
      ).showDirectoryPicker = async () => dir;
    },
    { name, files },
  );
}

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
