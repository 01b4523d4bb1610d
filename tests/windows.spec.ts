import { expect, test } from '@playwright/test';
import { activeDocument, openApp, readOpfs } from './support/app';

test('each browser window is a VMark window on the same core: main, then doc-2', async ({
  page,
  context,
}) => {
  await openApp(page);
  await expect(page.locator('.app')).toHaveAttribute('data-window-id', 'main');
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'New window' }).click(),
  ]);
  await expect(second.locator('.app')).toHaveAttribute('data-window-id', 'doc-2');
  // A tab created in one window shows up in that window only; both windows share the core's files.
  await second.getByRole('button', { name: 'New document' }).click();
  await expect(second.locator('.tab')).toHaveCount(1);
  await expect(page.locator('.tab')).toHaveCount(0);
  // A reload keeps the window's name.
  await second.reload();
  await expect(second.locator('.app')).toHaveAttribute('data-window-id', 'doc-2');
  await expect(second.locator('.tab')).toHaveCount(1);
});

test('settings persist: theme and the workspace rail', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByLabel(/Workspace rail/).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.rail')).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.rail')).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByLabel(/Auto-approve edits/)).not.toBeChecked();
});

test('without SharedWorker the app runs its core in a dedicated Worker and says so', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as unknown as { SharedWorker?: unknown }).SharedWorker;
  });
  await openApp(page);
  await expect(page.locator('.statusbar')).toContainText('single-window core');
  await page.getByRole('button', { name: 'New document' }).click();
  await activeDocument(page).locator('.ProseMirror').click();
  await page.keyboard.type('Hello');
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('/notes/dedicated.md');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  expect((await readOpfs(page, 'dedicated.md'))?.toString()).toBe('Hello\n');
});
