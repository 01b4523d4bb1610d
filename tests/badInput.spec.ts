import { expect, test } from '@playwright/test';
import { activeDocument, openApp, openFromTree, readOpfs, writeOpfs } from './support/app';

test('a file that is not UTF-8 opens read-only with a notice and is never rewritten', async ({
  page,
}) => {
  const bytes = Buffer.from([0x23, 0x20, 0x54, 0xe9, 0x74, 0xe9, 0x0a]); // "# Tété" in Latin-1
  await openApp(page);
  await writeOpfs(page, 'latin1.md', bytes);
  await page.reload();
  await openFromTree(page, 'latin1.md');
  await expect(page.locator('.notice')).toContainText('not valid UTF-8');
  await expect(page.locator('.tab.active .lock')).toBeVisible();
  await expect(page.locator('.statusbar .badge')).toHaveText('Read-only');
  await activeDocument(page).locator('.ProseMirror').click();
  await page.keyboard.type('typing here');
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('alert').first()).toContainText('read-only');
  expect((await readOpfs(page, 'latin1.md'))?.equals(bytes)).toBe(true);
});

test('an unsupported file type gets a clear message', async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeOpfs(page, 'config.yml', 'key: value\n');
  await page.reload();
  await page.locator('.row[data-path="/notes/photo.png"] button.name').click();
  await expect(page.getByRole('alert').first()).toContainText('not supported');
  await page.locator('.row[data-path="/notes/config.yml"] button.name').click();
  await expect(page.getByRole('alert').last()).toContainText('not supported');
  await expect(page.locator('.tab')).toHaveCount(0);
});

test('a name clash on create and on rename is refused with a message, and nothing is lost', async ({
  page,
}) => {
  await openApp(page);
  await writeOpfs(page, 'a.md', 'A\n');
  await writeOpfs(page, 'b.md', 'B\n');
  await page.reload();
  await page.getByRole('button', { name: 'New file in /notes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('a.md');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert').first()).toContainText('/notes/a.md already exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.locator('.row[data-path="/notes/b.md"]').hover();
  await page.getByRole('button', { name: 'Rename b.md' }).click();
  await dialog.getByRole('textbox').fill('a.md');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('alert').last()).toContainText('already exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await readOpfs(page, 'a.md'))?.toString()).toBe('A\n');
  expect((await readOpfs(page, 'b.md'))?.toString()).toBe('B\n');

  // A rename that is allowed moves the file and keeps its bytes.
  await page.locator('.row[data-path="/notes/b.md"]').hover();
  await page.getByRole('button', { name: 'Rename b.md' }).click();
  await dialog.getByRole('textbox').fill('c.md');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(page.locator('.row[data-path="/notes/c.md"]')).toBeVisible();
  expect((await readOpfs(page, 'c.md'))?.toString()).toBe('B\n');
  expect(await readOpfs(page, 'b.md')).toBeNull();
});

test('deleting asks first; a refused delete keeps the file', async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'keep.md', 'K\n');
  await page.reload();
  await page.locator('.row[data-path="/notes/keep.md"]').hover();
  await page.getByRole('button', { name: 'Delete keep.md' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  expect((await readOpfs(page, 'keep.md'))?.toString()).toBe('K\n');
  await page.locator('.row[data-path="/notes/keep.md"]').hover();
  await page.getByRole('button', { name: 'Delete keep.md' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.row[data-path="/notes/keep.md"]')).toHaveCount(0);
  expect(await readOpfs(page, 'keep.md')).toBeNull();
});

test('files up to 5 MB open in WYSIWYG, bigger ones in source mode saying why; over 50 MB refused', async ({
  page,
}) => {
  await openApp(page);
  // Written in the page: megabytes passed from the test would take long to cross over.
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const write = async (name: string, text: string) => {
      const w = await (await root.getFileHandle(name, { create: true })).createWritable();
      await w.write(text);
      await w.close();
    };
    const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3) + '\n\n';
    // Over the old 1 MB limit, under 5 MB: the WYSIWYG editor, no notice.
    await write('mid.md', line.repeat(Math.ceil(1_100_000 / line.length)));
    await write('big.md', line.repeat(Math.ceil(5_100_000 / line.length)));
    const w = await (await root.getFileHandle('huge.md', { create: true })).createWritable();
    await w.truncate(50_000_001);
    await w.close();
  });
  await page.reload();
  await openFromTree(page, 'mid.md');
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'wysiwyg');
  await expect(activeDocument(page).locator('.ProseMirror p').first()).toContainText('Lorem');
  await expect(page.locator('.notice')).toHaveCount(0);
  await expect(page.locator('.statusbar .mode')).toBeEnabled();
  await openFromTree(page, 'big.md');
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'source');
  await expect(page.locator('.notice')).toContainText('over 5 MB');
  await expect(page.locator('.notice')).toContainText('takes files up to 5 MB');
  await expect(page.locator('.statusbar .mode')).toBeDisabled();
  await page.locator('.row[data-path="/notes/huge.md"] button.name').click();
  await expect(page.getByRole('alert').first()).toContainText('50 MB');
});

test('closing a tab with unsaved changes asks, and Cancel keeps it', async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'c.md', 'Text\n');
  await page.reload();
  await openFromTree(page, 'c.md');
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.type('x');
  await page.getByRole('button', { name: 'Close c.md' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Save changes to c.md?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.tab')).toHaveCount(1);
  await page.getByRole('button', { name: 'Close c.md' }).click();
  await dialog.getByRole('button', { name: "Don't save" }).click();
  await expect(page.locator('.tab')).toHaveCount(0);
  expect((await readOpfs(page, 'c.md'))?.toString()).toBe('Text\n');
});
