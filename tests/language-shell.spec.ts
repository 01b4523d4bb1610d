/**
 * The window's frame in the UI language: toolbar, empty state, sidebar, tab strip, status bar,
 * the question before closing unsaved changes and the toast after a save; a change of language
 * redraws them at once.
 */
import { expect, test } from '@playwright/test';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';

test.use({ locale: 'ko-KR' });

test('the toolbar, sidebar, tabs and status bar speak Korean, then French', async ({ page }) => {
  await openApp(page);
  const toolbar = page.locator('header.toolbar');
  await expect(toolbar.getByRole('button', { name: '새로 만들기' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: '분석' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: '설정' })).toBeVisible();
  await expect(page.locator('.empty')).toContainText('열린 문서가 없습니다.');
  await expect(page.getByRole('tab', { name: '개요' })).toBeVisible();
  await expect(page.getByRole('button', { name: '/notes에 새 파일' })).toBeVisible();

  await writeOpfs(page, 'memo.md', 'Hello world\n');
  await page.reload();
  await openFromTree(page, 'memo.md');
  const status = page.locator('.statusbar');
  await expect(status.locator('.counts')).toHaveText('단어 2개 · 글자 12개');
  await expect(status.locator('.state')).toHaveText('저장됨');

  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await expect(status.locator('.state')).toHaveText('저장 안 됨');
  await expect(page.locator('.tab-close')).toHaveAttribute('title', '닫기');
  await page.getByRole('button', { name: 'memo.md 닫기' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('memo.md의 변경 내용을 저장할까요?');
  await expect(dialog.getByRole('button', { name: '저장 안 함' })).toBeVisible();
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(page.locator('.tab')).toHaveCount(1);

  await page.keyboard.press('Control+s');
  await expect(
    page.getByRole('status').filter({ hasText: '/notes/memo.md에 저장했습니다' }),
  ).toBeVisible();
  await expect(status.locator('.state')).toHaveText('저장됨');

  await page.locator('.row[data-path="/notes/memo.md"]').hover();
  await expect(page.getByRole('button', { name: 'memo.md 삭제' })).toBeVisible();

  await toolbar.getByRole('button', { name: '설정' }).click();
  await page.getByRole('combobox', { name: '언어' }).selectOption('fr');
  await page.getByRole('dialog').getByRole('button', { name: 'Terminé' }).click();
  await expect(toolbar.getByRole('button', { name: 'Analyse' })).toBeVisible();
  await expect(status.locator('.counts')).toHaveText('2 mots · 13 caractères');
  await expect(status.locator('.state')).toHaveText('Enregistré');
  await expect(page.getByRole('tab', { name: 'Plan' })).toBeVisible();
});
