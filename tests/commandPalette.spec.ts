/**
 * The command palette and the shortcut sheet: commands found by a few letters, run with Enter or a
 * click, dimmed when there is nothing to act on; the sheet lists the same commands' keys.
 */
import { expect, test } from '@playwright/test';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';

test('the palette finds and runs commands; the sheet lists their shortcuts', async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'palette.md', '# Palette\n\nSome text.\n');
  await page.reload();
  await page.locator('.row[data-path="/notes/palette.md"]').waitFor();

  await page.keyboard.press('ControlOrMeta+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  // No document open: Save is listed but off.
  await palette.getByRole('combobox').fill('save');
  await expect(palette.getByRole('option', { name: /^File Save Ctrl\+S$/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await palette.getByRole('combobox').fill('brkdwn');
  await expect(palette.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.locator('.breakdown-panel')).toBeVisible();

  // With a document: Find from the palette opens the find bar, ready to type.
  await openFromTree(page, 'palette.md');
  await activeDocument(page).waitFor();
  await page.getByRole('button', { name: 'Commands' }).click();
  await palette.getByRole('combobox').fill('find');
  await expect(palette.getByRole('option').first()).toContainText('Find');
  await page.keyboard.press('ArrowDown');
  await expect(palette.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Find' })).toBeFocused();
  await page.keyboard.type('text');
  await expect(page.getByTestId('find-status')).toHaveText('1 of 1');
  await page.keyboard.press('Escape');

  // Nothing matches: said so; Escape closes.
  await page.keyboard.press('ControlOrMeta+Shift+P');
  await palette.getByRole('combobox').fill('qqqq');
  await expect(palette).toContainText('No command matches.');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // F1: the shortcut sheet, from the same list.
  await page.keyboard.press('F1');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('Find and replace');
  await expect(sheet.locator('dt', { hasText: /^(Ctrl|Cmd)\+H$/ })).toHaveCount(1);
  await expect(sheet.locator('dt', { hasText: /^(Ctrl|Cmd)\+Shift\+P$/ })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});
