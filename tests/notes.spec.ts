import { expect, test } from '@playwright/test';
import {
  activeDocument,
  openApp,
  openFromTree,
  readOpfs,
  revision,
  writeOpfs,
} from './support/app';

test('a new note in /notes: type in WYSIWYG, save, reload: the text and the file bytes are intact', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New file in /notes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('journal.md');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.locator('.tab.active')).toHaveAttribute('title', '/notes/journal.md');

  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('# Monday');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Wrote the **first** note.');
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');

  const saved = (await readOpfs(page, 'journal.md'))?.toString('utf8');
  expect(saved).toBe('# Monday\n\nWrote the **first** note.\n');

  await page.reload();
  await expect(activeDocument(page).locator('.ProseMirror h1')).toHaveText('Monday');
  await expect(activeDocument(page).locator('.ProseMirror strong')).toHaveText('first');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  expect((await readOpfs(page, 'journal.md'))?.toString('utf8')).toBe(saved);
});

test('a draft survives a reload without saving, and the app says it restored it', async ({
  page,
}) => {
  await openApp(page);
  await writeOpfs(page, 'draft.md', 'First line.\n');
  await page.reload();
  await openFromTree(page, 'draft.md');
  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.locator('p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Unsaved words.');
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  // The journal writes as the person types; give the write a moment to land.
  await page.waitForTimeout(300);
  await page.reload();
  await expect(activeDocument(page).locator('.ProseMirror p').first()).toHaveText(
    'First line. Unsaved words.',
  );
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  await expect(page.locator('.notice')).toContainText('restored');
  // The file on disk was never touched.
  expect((await readOpfs(page, 'draft.md'))?.toString('utf8')).toBe('First line.\n');
});

test('the source/WYSIWYG toggle keeps the text and the revision', async ({ page }) => {
  await openApp(page);
  const text = '# Title\n\nSome *text* with `code`.\n\n- one\n- two\n';
  await writeOpfs(page, 'toggle.md', text);
  await page.reload();
  await openFromTree(page, 'toggle.md');
  await expect(activeDocument(page).locator('.ProseMirror h1')).toHaveText('Title');
  const before = await revision(page).getAttribute('data-revision');
  await page.locator('.statusbar .mode').click();
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'source');
  await expect(activeDocument(page).locator('.cm-content')).toContainText(
    'Some *text* with `code`.',
  );
  expect(await revision(page).getAttribute('data-revision')).toBe(before);
  // An edit in source mode shows up in WYSIWYG.
  await activeDocument(page).locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nAdded in source.');
  await expect(revision(page)).not.toHaveAttribute('data-revision', before as string);
  await page.keyboard.press('Control+/');
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'wysiwyg');
  await expect(activeDocument(page).locator('.ProseMirror')).toContainText('Added in source.');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  expect((await readOpfs(page, 'toggle.md'))?.toString('utf8')).toBe(text + '\nAdded in source.');
});

test('the warm-up after a document loads leaves no trace: one editor, the same revision, nothing to undo', async ({
  page,
}) => {
  await openApp(page);
  const text = '# Plan\n\nA paragraph with *emphasis*.\n\n- one\n- two\n';
  await writeOpfs(page, 'warm-trace.md', text);
  await page.reload();
  await openFromTree(page, 'warm-trace.md');
  const editor = activeDocument(page).locator('.ProseMirror');
  await expect(editor.locator('h1')).toHaveText('Plan');
  const before = await revision(page).getAttribute('data-revision');
  await editor.locator('p').first().click();
  // The warm-ups run once the document is loaded, in a task of their own; wait past them.
  await expect(activeDocument(page)).toHaveAttribute('data-complete', 'true');
  await page.waitForTimeout(300);
  expect(await page.locator('.ProseMirror').count()).toBe(1);
  expect(await page.locator('[contenteditable]').count()).toBe(1);
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+z');
  expect(await revision(page).getAttribute('data-revision')).toBe(before);
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  await page.keyboard.type('!');
  await expect(editor.locator('p').first()).toHaveText('A paragraph with emphasis.!');
});
