/**
 * Export and print: the HTML file is one page that stands alone (no script, no outside link), holds
 * the document as the editor shows it and nothing of the editor; printing leaves only the document.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';

test('export to HTML gives a self-contained page; print shows only the document', async ({
  page,
  browser,
}) => {
  await openApp(page);
  await writeOpfs(
    page,
    'export.md',
    '---\ntitle: secret front matter\n---\n# Chapter\n\nSome **bold** text, `code` and a [link](https://example.com).\n\n- [x] done\n- [ ] to do\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  );
  await page.reload();
  await openFromTree(page, 'export.md');
  await activeDocument(page).waitFor();
  // Something of the editor's own state on screen: a find highlight.
  await page.keyboard.press('ControlOrMeta+f');
  await page.getByRole('textbox', { name: 'Find' }).fill('text');
  await page.keyboard.press('Escape');

  await page.keyboard.press('ControlOrMeta+Shift+P');
  await page.getByRole('combobox', { name: 'Command' }).fill('export html');
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('export.html');
  const html = readFileSync((await download.path())!, 'utf8');
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).not.toMatch(
    /<script|<link|contenteditable|ProseMirror|find-match|secret front matter/i,
  );
  expect(html).toMatch(/<h1[^>]*>Chapter<\/h1>/);
  expect(html).not.toMatch(/data-|vmark-/);
  expect(html).toContain('<strong>bold</strong>');

  // The file opens on its own and reads as the document.
  const reader = await browser.newPage();
  await reader.setContent(html);
  await expect(reader.locator('h1')).toHaveText('Chapter');
  await expect(reader.locator('a')).toHaveAttribute('href', 'https://example.com');
  await expect(reader.locator('table td')).toHaveText(['1', '2']);
  await expect(reader.locator('input[type="checkbox"]')).toHaveCount(2);
  await expect(reader.locator('input[type="checkbox"]').first()).toBeChecked();
  await expect(reader.locator('input[type="checkbox"]').first()).toBeDisabled();
  await expect(reader.locator('input[type="checkbox"]').last()).not.toBeChecked();
  await reader.close();

  // Printing: the document only.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.toolbar')).toBeHidden();
  await expect(page.locator('.statusbar')).toBeHidden();
  await expect(page.locator('.sidebar')).toBeHidden();
  await expect(activeDocument(page).locator('h1')).toBeVisible();
});
