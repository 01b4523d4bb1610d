/**
 * The Breakdown view in the UI language: its tabs, a stale link's state and actions, a claim's
 * maturity and a refusal in Korean; the same refusal reworded at once in French when the
 * Language setting changes, while the claim's own text stays as written.
 */
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './support/app';
import { CLAIM, TXF, writeStaleWorkspace } from './support/coherenceWorkspace';

test.use({ locale: 'ko-KR' });

const panel = (page: Page) => page.locator('.breakdown-panel');

test('the Breakdown view speaks Korean, and French once the setting says so', async ({ page }) => {
  await openApp(page);
  await writeStaleWorkspace(page);
  await page.reload();
  await page.locator('.toolbar .breakdown-toggle').click();

  const view = page.getByRole('complementary', { name: '분석' });
  await expect(view).toBeVisible();
  await expect(view.getByRole('tab', { name: '링크' })).toHaveAttribute('aria-selected', 'true');
  const edge = view.locator(`[data-txf="${TXF}"][data-input="0"]`);
  await expect(edge.getByTestId('edge-state')).toHaveText('원본 변경됨');
  await expect(edge.locator('.upstream')).toHaveText('원본: lore/elena.md');
  await expect(edge.getByRole('button', { name: '새 버전 수락' })).toBeEnabled();
  await expect(edge.getByRole('button', { name: '수정' })).toBeEnabled();
  await edge.getByRole('button', { name: '면제…' }).click();
  await expect(edge.getByRole('textbox', { name: '면제 이유' })).toHaveAttribute(
    'placeholder',
    '이 차이가 괜찮은 이유는?',
  );
  await edge.getByRole('button', { name: '취소' }).click();

  await view.getByRole('tab', { name: '주장' }).click();
  const claim = panel(page).locator(`li[data-claim="${CLAIM}"]`);
  await expect(claim.getByTestId('maturity')).toHaveText('확정');
  await expect(claim.locator('.statement')).toHaveText('Elena never carries an umbrella.');
  // No document open: the panel refuses, in the UI language.
  await view.getByRole('button', { name: '선택 영역으로 주장 만들기' }).click();
  await expect(view.getByRole('alert')).toHaveText('먼저 문서를 열고 문장을 선택하세요.');

  // The toolbar is translated in another part; either wording opens the same dialog.
  await page.getByRole('button', { name: /^(설정|Settings)$/ }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: '언어' }).selectOption('fr');
  await page.getByRole('dialog').getByRole('button', { name: 'Terminé' }).click();

  await expect(page.getByRole('complementary', { name: 'Analyse' })).toBeVisible();
  await expect(panel(page).getByRole('tab', { name: 'Affirmations' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Ouvrez d’abord un document et sélectionnez l’énoncé.',
  );
  await expect(claim.getByTestId('maturity')).toHaveText('établie');
  await expect(claim.locator('.statement')).toHaveText('Elena never carries an umbrella.');
});
