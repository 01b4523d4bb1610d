/**
 * The CJK settings, Settings → AI clients and an AI client's request to open a folder, in the
 * UI's language: Korean from the browser, then French from the Language setting. What came from
 * the AI client (its name, the folder it asked for) and the configurations stay as they are.
 */
import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { openApp } from './support/app';
import { call, connectClient } from './support/mcp';

test.use({ locale: 'ko-KR' });

let client: Client | undefined;
test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

test('CJK formatting and AI clients settings in Korean, then in French', async ({ page }) => {
  await openApp(page);
  // The toolbar's Settings button is worded by the page (translated in its own change).
  await page.getByRole('button', { name: /^(설정|Settings)$/ }).click();
  const dialog = page.getByRole('dialog');

  await dialog.getByRole('heading', { name: 'CJK 서식' }).click();
  const cjk = dialog.locator('section.cjk');
  await expect(cjk.locator('legend', { hasText: '전각 문자' })).toBeVisible();
  await expect(cjk.getByRole('checkbox', { name: /^빈 줄 합치기/ })).toBeVisible();
  await expect(cjk).toContainText('두 줄 이상 이어진 빈 줄을 한 줄로 줄입니다(코드 안은 제외).');
  const quotes = cjk.getByRole('combobox', { name: '따옴표 스타일' });
  await expect(quotes.locator('option[value="corner"]')).toHaveText('낫표');
  await expect(cjk.locator('p.where code')).toHaveText('document.transform cjk-format');

  const ai = dialog.locator('.ai-clients');
  await expect(ai.getByRole('heading', { name: 'AI 클라이언트', level: 3 })).toBeVisible();
  await expect(ai.getByRole('heading', { name: '지금 연결됨', level: 4 })).toBeVisible();
  await expect(ai.getByRole('textbox', { name: '클라이언트 이름' })).toBeVisible();
  await expect(ai.getByRole('button', { name: '자격 증명 발급' })).toBeVisible();
  await ai.getByText('Claude Code', { exact: true }).click();
  const code = ai.locator('details', { has: page.locator('pre[data-client="Claude Code"]') });
  await expect(code).toContainText('터미널에서 실행하세요');
  await expect(code.locator('pre')).toContainText('claude mcp add vmark');
  await expect(code.getByRole('button', { name: '복사' })).toBeVisible();

  await dialog.getByRole('combobox', { name: '언어' }).selectOption('fr');
  await expect(ai.getByRole('heading', { name: 'Clients IA', level: 3 })).toBeVisible();
  await expect(ai.getByRole('button', { name: 'Créer un identifiant' })).toBeVisible();
  await expect(cjk.locator('legend', { hasText: 'Caractères pleine chasse' })).toBeVisible();
  const styles = cjk.getByRole('combobox', { name: 'Style de guillemets' });
  await expect(styles.locator('option[value="guillemets"]')).toHaveText('chevrons');
  await dialog.getByRole('button', { name: 'Terminé' }).click();
});

test("an AI client's request to open a folder is asked in Korean, and Deny refuses it", async ({
  page,
}) => {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  client = await connectClient('Consent Test');
  const asked = await call(client, 'workspace', {
    action: 'open_workspace',
    folderPath: '/home/me/site',
  });
  expect(asked.data).toMatchObject({ error: 'APPROVAL_REQUIRED', needsApproval: true });

  const dialog = page.getByRole('dialog', { name: 'Consent Test이(가) 폴더를 열려고 합니다' });
  await expect(dialog.locator('code')).toHaveText('/home/me/site');
  await expect(dialog).toContainText('/home/me/site 폴더를 요청했습니다.');
  await expect(dialog.getByRole('button', { name: '폴더 선택…' })).toBeVisible();
  await dialog.getByRole('button', { name: '거부' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const again = await call(client, 'workspace', {
    action: 'open_workspace',
    folderPath: '/home/me/site',
  });
  expect(again.data).toMatchObject({ needsApproval: true });
});
