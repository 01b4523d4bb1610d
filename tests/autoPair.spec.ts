/**
 * Auto-pairing as a person types, in both modes: CJK and ASCII brackets close themselves, a typed
 * closer steps over the one already there, Backspace removes an empty pair, a selection gets
 * wrapped, an apostrophe stays single, and the setting turns it all off. The file holds exactly
 * what was typed.
 */
import { expect, test } from '@playwright/test';
import { activeDocument, openApp, openFromTree, readOpfs, writeOpfs } from './support/app';

test('brackets and quotes pair in WYSIWYG and source, and the setting turns it off', async ({
  page,
}) => {
  await openApp(page);
  await writeOpfs(page, 'pairs.md', 'Start\n');
  await page.reload();
  await openFromTree(page, 'pairs.md');
  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.getByText('Start').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' 「引用');
  await expect(editor).toHaveText('Start 「引用」');
  // Typing the closer steps over the one already there; then an apostrophe stays single.
  await page.keyboard.type("」 don't (x");
  await expect(editor).toHaveText("Start 「引用」 don't (x)");
  await page.keyboard.press('End');
  await page.keyboard.type(' 【');
  await expect(editor).toHaveText("Start 「引用」 don't (x) 【】");
  await page.keyboard.press('Backspace');
  await expect(editor).toHaveText("Start 「引用」 don't (x) ");
  await page.keyboard.press('ControlOrMeta+s');
  await expect
    .poll(async () => (await readOpfs(page, 'pairs.md'))?.toString())
    .toBe("Start 「引用」 don't (x) \n");

  // Source mode: a selection is wrapped.
  await page.keyboard.press('ControlOrMeta+/');
  const source = activeDocument(page).locator('.cm-content');
  await source.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('《');
  await expect(source).toContainText("《Start 「引用」 don't (x)》 ");

  // Off in Settings → Editor: an opening bracket is just itself.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.locator('input[name="auto-pair"]').setChecked(false);
  await page.getByRole('button', { name: 'Done' }).click();
  await source.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('(');
  await expect(source).toContainText("《Start 「引用」 don't (x)》 (");
  await expect(source).not.toContainText("《Start 「引用」 don't (x)》 ()");
});
