/**
 * The status bar counts what a reader sees: words by language (Chinese one per character,
 * Korean and French by their words), characters as graphemes, markup left out; the count follows
 * typing and switching tabs.
 */
import { expect, test } from '@playwright/test';
import { openApp, writeOpfs } from './support/app';

test('the status bar counts words by language and follows typing', async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'zh.md', '# 第一章\n\n**她**走进雨里。\n');
  await writeOpfs(
    page,
    'mixed.md',
    '---\ntitle: x\n---\n나는 책을 읽습니다. Le **café** est [ici](https://a.b).\n',
  );
  await page.reload();
  const counts = page.locator('.statusbar .counts');

  await page.locator('.row[data-path="/notes/zh.md"] button.name').click();
  await expect(counts).toHaveAttribute('data-words', String(3 + 5));
  await expect(counts).toHaveText('8 words · 12 characters');
  await expect(counts).toHaveAttribute('title', /12 characters with spaces, 9 without/);

  await page.locator('.row[data-path="/notes/mixed.md"] button.name').click();
  await expect(counts).toHaveAttribute('data-words', String(3 + 4));

  // Typing: the count catches up once the text is still.
  const editor = page.locator('.document:not(.hidden)[data-ready="true"] .ProseMirror');
  await editor.getByText('ici').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' 你好 world');
  await expect(counts).toHaveAttribute('data-words', String(3 + 4 + 2 + 1));

  // Source mode counts the same text the same way.
  await page.keyboard.press('ControlOrMeta+/');
  await expect(page.locator('.statusbar .mode')).toHaveText('Source');
  await expect(counts).toHaveAttribute('data-words', String(10));
});
