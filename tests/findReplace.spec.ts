/**
 * Find and replace in both modes against the real app: literal, case, whole word and regex
 * searches; a regex replace-all with group references that changes only the matched bytes on
 * disk and undoes as one step; a broken pattern explained; and the count following an AI client's
 * edit of the same document while the bar is open.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, openFromTree, readOpfs, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';

let client: Client | undefined;
test.afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
});

const TEXT = '# Cats\n\nCat cat concat, dated 2026-12 and 2025-01.\n\n**cat** and `cat`.\n';

const status = (page: Page) => page.getByTestId('find-status');
const find = (page: Page) => page.getByRole('textbox', { name: 'Find' });

async function open(page: Page, name: string) {
  await openApp(page);
  await writeOpfs(page, name, TEXT);
  await page.reload();
  await openFromTree(page, name);
  await activeDocument(page).waitFor();
}

test('find in WYSIWYG: case, whole word, regex; replace all with groups changes only those bytes', async ({
  page,
}) => {
  await open(page, 'cats.md');
  await activeDocument(page).locator('.ProseMirror').click();
  await page.keyboard.press('ControlOrMeta+f');
  await find(page).fill('cat');
  await expect(status(page)).toHaveText(/^\d of 6$/);
  await page.getByRole('checkbox', { name: 'Word' }).check();
  await expect(status(page)).toHaveText(/of 4$/);
  await page.getByRole('checkbox', { name: 'Aa' }).check();
  await expect(status(page)).toHaveText(/of 3$/);
  await expect(activeDocument(page).locator('.find-match')).toHaveCount(3);
  await expect(activeDocument(page).locator('.find-current')).toHaveCount(1);
  const first = await status(page).textContent();
  await find(page).press('Enter');
  await expect(status(page)).not.toHaveText(first ?? '');

  // Regex with groups: 2026-12 → 12/2026, in one undo step.
  await page.keyboard.press('ControlOrMeta+h');
  await page.getByRole('checkbox', { name: '.*' }).check();
  await find(page).fill('(\\d{4})-(\\d{2})');
  await expect(status(page)).toHaveText(/of 2$/);
  await page.getByRole('textbox', { name: 'Replace with' }).fill('$2/$1');
  await page.getByRole('button', { name: 'Replace all' }).click();
  await expect(status(page)).toHaveText('Replaced 2 matches.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('search')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+s');
  await expect
    .poll(async () => (await readOpfs(page, 'cats.md'))?.toString())
    .toBe(TEXT.replace('2026-12', '12/2026').replace('2025-01', '01/2025'));

  // One undo brings both back.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(activeDocument(page).locator('.ProseMirror')).toContainText('2026-12 and 2025-01');
});

test('find in source mode: a broken pattern is explained; replace one at a time', async ({
  page,
}) => {
  await open(page, 'source.md');
  await page.keyboard.press('ControlOrMeta+/');
  await expect(page.locator('.statusbar .mode')).toHaveText('Source');
  await activeDocument(page).locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+h');
  await page.getByRole('checkbox', { name: '.*' }).check();
  await find(page).fill('cat(');
  await expect(status(page)).toHaveText(/^Not a valid regular expression: /);
  await expect(page.getByRole('button', { name: 'Replace all' })).toBeDisabled();

  await find(page).fill('\\bcat\\b');
  await expect(status(page)).toHaveText(/of 4$/);
  await page.getByRole('textbox', { name: 'Replace with' }).fill('dog');
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(status(page)).toHaveText(/of 3$/);
  await expect(activeDocument(page).locator('.cm-content')).toContainText('dog');
  await page.keyboard.press('ControlOrMeta+s');
  await expect
    .poll(async () => ((await readOpfs(page, 'source.md'))?.toString().match(/dog/g) ?? []).length)
    .toBe(1);
});

test('the count follows an AI client editing the document while the bar is open', async ({
  page,
}) => {
  await open(page, 'shared.md');
  client = await connectClient();
  await activeDocument(page).locator('.ProseMirror').click();
  await page.keyboard.press('ControlOrMeta+f');
  await find(page).fill('umbrella');
  await expect(status(page)).toHaveText('No matches');
  const opened = await call(client, 'workspace', { action: 'open', filePath: '/notes/shared.md' });
  const read = await call(client, 'document', { action: 'read', tabId: opened.data.tabId });
  const written = await call(client, 'document', {
    action: 'write',
    tabId: opened.data.tabId,
    content: `${read.data.content}\nAn umbrella, another umbrella.\n`,
    expected_revision: read.data.revision,
    save: false,
  });
  expect(written.isError, written.text).toBe(false);
  await expect(status(page)).toHaveText(/of 2$/);
  // The person's find field still has the focus and their query.
  await expect(find(page)).toBeFocused();
  await expect(find(page)).toHaveValue('umbrella');
});
