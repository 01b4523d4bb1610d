/**
 * The UI's language: the browser's preference by default, a setting to override it, every word
 * redrawn at once, `<html lang>` to match, and the core's notices in the same language.
 */
import { expect, test } from '@playwright/test';
import { openApp, openFromTree, writeOpfs } from './support/app';

test.use({ locale: 'ko-KR' });

test('follows the browser language; the setting overrides it at once and across a reload', async ({
  page,
}) => {
  await openApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await page.getByRole('button', { name: '설정' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: '설정', level: 2 })).toBeVisible();
  const language = dialog.getByRole('combobox', { name: '언어' });
  await expect(language).toHaveValue('auto');
  await expect(language.locator('option[value="auto"]')).toHaveText(
    '브라우저 설정과 같게 (한국어)',
  );

  await language.selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(dialog.getByRole('heading', { name: 'Réglages', level: 2 })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  await dialog.getByRole('button', { name: 'Terminé' }).click();
  await expect(page.getByRole('button', { name: 'Réglages' })).toBeVisible();

  await page.reload();
  await expect(page.locator('.app[data-window-id]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Réglages' })).toBeVisible();

  await page.getByRole('button', { name: 'Réglages' }).click();
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('zh-Hant');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.getByRole('heading', { name: '設定', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: '語言' }).selectOption('auto');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { name: '설정', level: 2 })).toBeVisible();
});

test("the core's notice about a file is worded in the UI language", async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'latin1.md', Buffer.from([0x23, 0x20, 0x54, 0xe9, 0x0a]));
  await page.reload();
  await openFromTree(page, 'latin1.md');
  await expect(page.locator('.notice')).toContainText(
    '이 파일은 올바른 UTF-8이 아니어서 읽기 전용으로 열립니다.',
  );
  await expect(page.locator('.statusbar .badge')).toHaveAttribute(
    'title',
    '/notes/latin1.md은(는) 올바른 UTF-8이 아니어서 읽기 전용으로 열려 있습니다.',
  );
});
