import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';
import { watchCsp } from './support/cspWatch';
import { call, connectClient } from './support/mcp';

let client: Client | undefined;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
});

const NOTE = [
  '# Under the policy',
  '',
  'Some **bold** text, `code` and a [link](https://example.com/).',
  '',
  '| left | centre | right |',
  '| :--- | :----: | ----: |',
  '| a    |   b    |     c |',
  '',
].join('\n');

/** `runs-on` names a runner that does not exist: actionlint reports it. */
const WORKFLOW = [
  'on: push',
  'jobs:',
  '  build:',
  '    runs-on: ubuntu-lates',
  '    steps:',
  '      - run: npm test',
  '',
].join('\n');

test('the whole app runs under its Content-Security-Policy without a single violation', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const csp = await watchCsp(browser, page);
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');

  // WYSIWYG: a note with a table whose columns are aligned, and some typing. The page comes from
  // the service worker's cache this time, with the policy and nonce it was cached with.
  await writeOpfs(page, 'policy.md', NOTE);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 60_000,
    })
    .toBe(true);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await openFromTree(page, 'policy.md');
  const doc = activeDocument(page);
  await expect(doc).toHaveAttribute('data-mode', 'wysiwyg');
  await expect(doc.locator('.ProseMirror table td').nth(1)).toHaveCSS('text-align', 'center');
  await expect(doc.locator('.ProseMirror table td').nth(2)).toHaveCSS('text-align', 'right');
  await doc.locator('.ProseMirror p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed here.');

  // Source mode: CodeMirror's own styles apply (its <style> element carries the page's nonce).
  await page.locator('.statusbar .mode').click();
  await expect(doc).toHaveAttribute('data-mode', 'source');
  await expect(doc.locator('.cm-content')).toContainText('Typed here.');
  await expect(doc.locator('.cm-editor')).toHaveCSS('display', 'flex');
  await doc.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nAdded in source.');

  // A workflow: actionlint runs in a worker as the person looks, and in the core for an AI client.
  client = await connectClient('CSP Test');
  await writeOpfs(page, '.github/workflows/ci.yml', WORKFLOW);
  const opened = await call(client, 'workspace', {
    action: 'open',
    filePath: '/notes/.github/workflows/ci.yml',
  });
  expect(opened.isError).toBe(false);
  await call(client, 'workspace', { action: 'switch_tab', tabId: opened.data.tabId });
  const workflow = activeDocument(page);
  await expect(workflow).toHaveAttribute('data-mode', 'source');
  await expect(workflow.getByTestId('problem-entry').first()).toBeVisible({ timeout: 30_000 });
  await expect(workflow.locator('.cm-line:has(.cm-lintRange-error)')).toHaveCount(1);
  const validated = await call(client, 'workflow', {
    action: 'validate',
    tabId: opened.data.tabId,
  });
  expect(validated.data).toMatchObject({ ok: false, binaryAvailable: true });

  // Settings, with a theme change.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByText('Claude Code', { exact: true }).click();
  await page.getByLabel('Theme').selectOption('light');
  await page.getByRole('button', { name: 'Done' }).click();

  expect(await csp.violations()).toEqual([]);
});
