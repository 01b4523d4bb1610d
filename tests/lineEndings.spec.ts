/** A file that mixes CRLF and LF keeps each line's ending through a save, with and without edits. */
import { expect, test } from '@playwright/test';
import { activeDocument, openApp, openFromTree, readOpfs, writeOpfs } from './support/app';

const MIXED = '# Mixed\r\n\nFirst paragraph.\r\n\r\nSecond paragraph.\n\n- one\r\n- two\n';

test('a file with mixed line endings saved with no edit keeps its bytes', async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'mixed.md', MIXED);
  await page.reload();
  await openFromTree(page, 'mixed.md');
  await expect(activeDocument(page).locator('.ProseMirror h1')).toHaveText('Mixed');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved /notes/mixed.md')).toBeVisible();
  expect((await readOpfs(page, 'mixed.md'))?.toString('utf8')).toBe(MIXED);
});

test('an edit in WYSIWYG changes that line only; every other line keeps its own ending', async ({
  page,
}) => {
  await openApp(page);
  await writeOpfs(page, 'mixed-edit.md', MIXED);
  await page.reload();
  await openFromTree(page, 'mixed-edit.md');
  await activeDocument(page).locator('.ProseMirror > p').nth(1).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' More.');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  // The edited line takes the ending of the line before it (here a blank line ending in CRLF).
  expect((await readOpfs(page, 'mixed-edit.md'))?.toString('utf8')).toBe(
    '# Mixed\r\n\nFirst paragraph.\r\n\r\nSecond paragraph. More.\r\n\n- one\r\n- two\n',
  );
});
