/**
 * The AI browser's panel, the Workflows panel, Settings → Browser and the Problems list in the
 * UI language: Korean from the browser's preference, then French from the setting, redrawn at
 * once (a message already on screen included). What the hub or the checks write stays as written.
 */
import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';
import { startOwnHub, type OwnHub } from './support/ownHub';

test.use({ locale: 'ko-KR' });

let client: Client | undefined;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
});

let own: OwnHub | undefined;

test.afterAll(async () => {
  await own?.close();
});

test('the browser and workflows panels and Settings → Browser speak Korean, then French', async ({
  page,
}) => {
  // A hub of its own: the shared one keeps the AI tabs and runs of earlier test files, and this
  // test reads the panels' words for none.
  own = await startOwnHub();
  await openApp(page, own.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

  await page.locator('.toolbar .browser-toggle').click();
  const browser = page.getByRole('complementary', { name: 'AI 브라우저' });
  await expect(browser.getByText('열려 있는 AI 브라우저 탭이 없습니다.')).toBeVisible();
  await expect(browser.getByRole('button', { name: '브라우저 패널 숨기기' })).toBeVisible();
  await expect(
    browser.getByText('AI의 웹 탐색은 설정 → 브라우저에서 끌 수 있습니다.'),
  ).toBeVisible();

  await page.locator('.toolbar .workflows-toggle').click();
  const workflows = page.getByRole('complementary', { name: '워크플로' });
  await expect(workflows.getByTestId('no-workflow-files')).toHaveText(
    '폴더에 워크플로 파일이 없습니다. 아래에서 하나를 기록하거나, 이름이 .workflow.md로 끝나는 노트를 저장하세요.',
  );
  const recorder = workflows.getByRole('region', { name: '워크플로 기록' });
  await expect(recorder.getByRole('combobox', { name: '기록할 탭' })).toHaveValue('__new__');
  await expect(recorder.getByRole('option', { name: '새 탭 (주소 지정)…' })).toBeAttached();
  // No address typed: the recorder's own refusal, in Korean.
  await recorder.getByRole('button', { name: '기록 시작' }).click();
  await expect(recorder.getByRole('alert')).toHaveText('새 탭에서 열 주소를 입력하세요.');
  await expect(
    workflows
      .getByRole('region', { name: '워크플로 실행' })
      .getByText('허브가 시작된 뒤 실행된 워크플로가 없습니다.'),
  ).toBeVisible();

  await page.getByRole('button', { name: '설정' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: '브라우저', level: 3 })).toBeVisible();
  const posture = dialog.getByRole('combobox', { name: '브라우저 동작 방식' });
  await expect(posture.locator('option[value="sandbox"]')).toHaveText(
    '샌드박스: 매번 새 탭, 아무것도 보관하지 않음(권장)',
  );
  await expect(dialog.getByRole('heading', { name: '사이트 권한', level: 4 })).toBeVisible();
  await expect(
    dialog.getByRole('checkbox', { name: /^AI 클라이언트의 브라우저 사용 허용/ }),
  ).toBeChecked();

  await dialog.getByRole('combobox', { name: '언어' }).selectOption('fr');
  await expect(dialog.getByRole('heading', { name: 'Navigateur', level: 3 })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Mode du navigateur' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Terminé' }).click();
  // The refusal already on screen is worded again in French.
  const enregistrer = page
    .getByRole('complementary', { name: 'Workflows' })
    .getByRole('region', { name: 'Enregistrer un workflow' });
  await expect(enregistrer.getByRole('alert')).toHaveText(
    'Saisissez l’adresse à laquelle s’ouvre le nouvel onglet.',
  );
  await expect(
    enregistrer.getByRole('button', { name: 'Démarrer l’enregistrement' }),
  ).toBeVisible();
});

test('the Problems list under a GitHub Actions workflow speaks Korean', async ({ page }) => {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  const path = '.github/workflows/ci.yml';
  await writeOpfs(
    page,
    path,
    'name: CI\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n',
  );
  client = await connectClient('Language Browser Test');
  const opened = await call(client, 'workspace', { action: 'open', filePath: `/notes/${path}` });
  expect(opened.isError).toBe(false);
  await call(client, 'workspace', { action: 'switch_tab', tabId: opened.data.tabId });
  const problems = activeDocument(page).getByRole('region', { name: '문제' });
  await expect(problems.getByTestId('problems-empty')).toHaveText('문제 없음', {
    timeout: 20_000,
  });
  await expect(problems.getByTestId('problems-count')).toHaveAttribute('aria-label', '문제 0개');
});
