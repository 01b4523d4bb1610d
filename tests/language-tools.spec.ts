/**
 * The find bar and the command palette in the UI's language: labels, counts and the palette's
 * commands in Korean (a command found by its Korean label, and still by its English one), then
 * in French once the Language setting says so.
 */
import { expect, test } from '@playwright/test';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';

test.use({ locale: 'ko-KR' });

test('find bar and command palette in Korean, then in French', async ({ page }) => {
  await openApp(page);
  await writeOpfs(page, 'cats-ko.md', '# Cats\n\nCat cat concat.\n\n> [!TIP]\n> Feed them.\n');
  await page.reload();
  await openFromTree(page, 'cats-ko.md');
  const doc = activeDocument(page);
  await expect(doc.locator('.ProseMirror')).toHaveAttribute('aria-label', '문서');
  await expect(doc.locator('.vmark-alert-marker')).toHaveAttribute('title', '팁');

  // The find bar: its labels, a count, the whole-word toggle, nothing found.
  await doc.locator('.ProseMirror').click();
  await page.keyboard.press('ControlOrMeta+f');
  const bar = page.getByRole('search', { name: '문서에서 찾기' });
  await bar.getByRole('textbox', { name: '찾기' }).fill('cat');
  const status = page.getByTestId('find-status');
  await expect(status).toHaveText(/^4개 중 \d$/);
  await bar.getByRole('checkbox', { name: '단어' }).check();
  await expect(status).toHaveText(/^2개 중 \d$/);
  await bar.getByRole('textbox', { name: '찾기' }).fill('dog');
  await expect(status).toHaveText('결과 없음');
  await expect(bar.getByRole('button', { name: '다음 항목' })).toBeDisabled();
  await bar.getByRole('button', { name: '찾기 닫기' }).click();
  await expect(bar).toHaveCount(0);

  // The palette: found by the Korean label, and by the English one too.
  await page.keyboard.press('ControlOrMeta+Shift+P');
  const palette = page.getByRole('dialog', { name: '명령 팔레트' });
  const field = palette.getByRole('combobox', { name: '명령' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('placeholder', '명령 입력');
  await field.fill('바꾸기');
  await expect(palette.getByRole('option').first()).toHaveText(/^편집\s*찾기 및 바꾸기/);
  await field.fill('brkdwn');
  await expect(palette.getByRole('option')).toHaveText([/분석 보기 표시\/숨기기/]);
  await field.fill('qqqq');
  await expect(palette).toContainText('일치하는 명령이 없습니다.');
  await field.fill('바꾸기');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: '찾기' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: '바꿀 내용' })).toBeVisible();
  await expect(page.getByRole('button', { name: '모두 바꾸기' })).toBeVisible();

  // French, from the Language setting (opened from the palette): the open find bar follows at once.
  await page.keyboard.press('ControlOrMeta+Shift+P');
  await field.fill('설정');
  await expect(palette.getByRole('option').first()).toHaveText(/^패널\s*설정/);
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog');
  await settings.getByRole('combobox', { name: '언어' }).selectOption('fr');
  await settings.getByRole('button', { name: 'Terminé' }).click();
  // The editor's accessible name and the alert's label follow without waiting for a keystroke.
  await expect(doc.locator('.ProseMirror')).toHaveAttribute('aria-label', 'Document');
  await expect(doc.locator('.vmark-alert-marker')).toHaveAttribute('title', 'Astuce');
  await expect(page.getByRole('textbox', { name: 'Remplacer par' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tout remplacer' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('cat');
  await expect(page.getByTestId('find-status')).toHaveText(/^\d sur 4$/);
  await page.keyboard.press('Escape');

  await page.keyboard.press('ControlOrMeta+Shift+P');
  const palette2 = page.getByRole('dialog', { name: 'Palette de commandes' });
  await palette2.getByRole('combobox', { name: 'Commande' }).fill('remplacer');
  await expect(palette2.getByRole('option').first()).toHaveText(
    /^Édition\s*Rechercher et remplacer/,
  );
  await page.keyboard.press('Escape');
  await expect(palette2).toHaveCount(0);

  // Back to the browser's language for the tests that follow.
  await page.keyboard.press('ControlOrMeta+Shift+P');
  await palette2.getByRole('combobox', { name: 'Commande' }).fill('réglages');
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('auto');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
});
