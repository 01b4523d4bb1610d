/**
 * Writing modes: focus mode dims every block but the one being written, in both modes, and
 * follows the caret; typewriter mode keeps the caret's line in the middle of the pane.
 */
import { expect, test, type Page } from '@playwright/test';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';

const paragraphs = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of the chapter.`);

/** How far the caret is from the middle of the editor's pane, in pixels. */
function caretOffCentre(page: Page, pane: string) {
  return page.evaluate((selector) => {
    const box = document
      .querySelector(`.document:not(.hidden) ${selector}`)!
      .getBoundingClientRect();
    const caret =
      document.querySelector('.document:not(.hidden) .cm-cursor')?.getBoundingClientRect() ??
      window.getSelection()!.getRangeAt(0).getBoundingClientRect();
    return Math.abs((caret.top + caret.bottom) / 2 - (box.top + box.height / 2));
  }, pane);
}

test('focus mode dims all but the current block; typewriter mode centres the caret', async ({
  page,
}) => {
  await openApp(page);
  await writeOpfs(page, 'chapter.md', `${paragraphs.join('\n\n')}\n`);
  await page.reload();
  await openFromTree(page, 'chapter.md');
  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.getByText('Paragraph 3 of').click();

  await page.keyboard.press('F8');
  await expect(page.locator('.statusbar .writing-mode')).toHaveText('Focus');
  const current = editor.locator('.focus-current');
  await expect(current).toHaveText('Paragraph 3 of the chapter.');
  await expect(editor.getByText('Paragraph 4 of')).toHaveCSS('opacity', '0.3');
  await expect(current).toHaveCSS('opacity', '1');
  await page.keyboard.press('ArrowDown');
  await expect(current).toHaveText('Paragraph 4 of the chapter.');

  // Typewriter: moving down keeps the caret in the middle.
  await page.keyboard.press('F9');
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown');
  await expect(current).toHaveText('Paragraph 24 of the chapter.');
  await expect.poll(() => caretOffCentre(page, '.wysiwyg-pane')).toBeLessThan(40);

  // Source mode: the paragraph's lines are current, the caret centred.
  await page.keyboard.press('ControlOrMeta+/');
  const source = activeDocument(page).locator('.cm-content');
  await source.click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowDown');
  await expect(source.locator('.cm-line.focus-current')).toHaveText('Paragraph 30 of the chapter.');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  await expect(source.locator('.cm-line.focus-current')).toHaveText('Paragraph 33 of the chapter.');
  await expect.poll(() => caretOffCentre(page, '.source-pane')).toBeLessThan(40);

  // Both off: nothing is dimmed.
  await page.keyboard.press('F8');
  await page.keyboard.press('F9');
  await expect(page.locator('.statusbar .writing-mode')).toHaveCount(0);
  await expect(source.locator('.cm-line.focus-current')).toHaveCount(0);
});
