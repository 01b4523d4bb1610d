import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, readOpfs, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

/** Opens `/notes/<name>` through the AI client and shows it to the person. */
async function showFile(page: Page, name: string, text: string): Promise<string> {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  await writeOpfs(page, name, text);
  client = await connectClient('Selection Test');
  const opened = await call(client, 'workspace', { action: 'open', filePath: `/notes/${name}` });
  const tabId = opened.data.tabId as string;
  await call(client, 'workspace', { action: 'switch_tab', tabId });
  await expect(activeDocument(page)).toBeVisible();
  return tabId;
}

async function selectLastChars(page: Page, count: number) {
  await page.keyboard.press('End');
  for (let i = 0; i < count; i++) await page.keyboard.press('Shift+ArrowLeft');
}

test('WYSIWYG: get the selected word as markdown, replace it as one undo step', async ({
  page,
}) => {
  const tabId = await showFile(page, 'hello.md', 'Hello world\n');
  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.locator('p').click();
  await selectLastChars(page, 5);

  const got = await call(client, 'selection', { action: 'get' });
  expect(got.data).toEqual({
    text: 'world',
    isEmpty: false,
    range: { from: 7, to: 12 },
    mode: 'wysiwyg',
    kind: 'markdown',
    tabId,
    revision: expect.stringMatching(/^rev-[A-Za-z0-9]{8}$/),
  });
  const set = await call(client, 'selection', {
    action: 'set',
    content: 'everyone',
    expected_revision: got.data.revision,
  });
  expect(set.data).toEqual({ revision: expect.stringMatching(/^rev-/), replaced_chars: 5 });
  expect(set.data.revision).not.toBe(got.data.revision);
  await expect(editor).toHaveText('Hello everyone');
  const read = await call(client, 'document', { action: 'read', tabId });
  expect(read.data).toMatchObject({ content: 'Hello everyone\n', revision: set.data.revision });

  // The person undoes the AI's edit in one step.
  await editor.click();
  await page.keyboard.press('Control+z');
  await expect(editor).toHaveText('Hello world');
  // Nothing was saved: the file still has its old bytes.
  expect((await readOpfs(page, 'hello.md'))?.toString()).toBe('Hello world\n');
});

test('WYSIWYG: markdown becomes formatting, plain text and snake_case stay literal, empty deletes', async ({
  page,
}) => {
  const tabId = await showFile(page, 'marks.md', 'Start end\n');
  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.locator('p').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');

  const cursor = await call(client, 'selection', { action: 'get' });
  expect(cursor.data).toMatchObject({ text: '', isEmpty: true, range: { from: 7, to: 7 } });
  const bold = await call(client, 'selection', { action: 'set', content: '**brave** ' });
  expect(bold.data).toMatchObject({ replaced_chars: 0 });
  await expect(editor.locator('p strong')).toHaveText('brave');
  await expect(editor.locator('p')).toHaveCount(1);

  await call(client, 'selection', { action: 'set', content: 'my_var_name ' });
  await expect(editor.locator('em')).toHaveCount(0);
  await expect(editor.locator('p')).toHaveText('Start brave my_var_name end');

  await editor.locator('p').click();
  await selectLastChars(page, 4);
  const end = await call(client, 'selection', { action: 'get' });
  expect(end.data.text).toBe(' end');
  const deleted = await call(client, 'selection', { action: 'set', content: '' });
  expect(deleted.data).toMatchObject({ replaced_chars: 4 });
  const read = await call(client, 'document', { action: 'read', tabId });
  expect(read.data.content).toBe('Start **brave** my_var_name\n');
});

test('WYSIWYG: a footnote call to one of the document’s notes becomes a reference; a new note is a note', async ({
  page,
}) => {
  const tabId = await showFile(
    page,
    'claims.md',
    'A claim here.\n\n[^src]: Where it comes from.\n',
  );
  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.locator('p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');

  await call(client, 'selection', { action: 'set', content: '[^SRC]' });
  const ref = editor.locator('p').first().locator('sup[data-type="footnote_reference"]');
  await expect(ref).toHaveText('SRC');
  await expect(ref).toHaveAttribute('title', 'Where it comes from.');
  await expect(editor.locator('p')).toHaveCount(2);

  // A note of its own, after the paragraph.
  await editor.locator('p').first().click();
  await page.keyboard.press('End');
  await call(client, 'selection', { action: 'set', content: '\n\n[^more]: Another source.' });
  await expect(editor.locator('dl[data-type="footnote_definition"] dt')).toHaveText([
    'more',
    'src',
  ]);
  const read = await call(client, 'document', { action: 'read', tabId });
  expect(read.data.content).toBe(
    'A claim here[^SRC].\n\n[^more]: Another source.\n\n[^src]: Where it comes from.\n',
  );
});

test('source mode on a workflow: character offsets and a raw splice', async ({ page }) => {
  const tabId = await showFile(
    page,
    'build.yml',
    'name: CI\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n',
  );
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'source');
  await activeDocument(page).locator('.cm-line').first().click();
  await selectLastChars(page, 2);
  const got = await call(client, 'selection', { action: 'get', tabId });
  expect(got.data).toMatchObject({
    text: 'CI',
    isEmpty: false,
    range: { from: 6, to: 8 },
    mode: 'source',
    kind: 'yaml-workflow',
  });
  const set = await call(client, 'selection', {
    action: 'set',
    tabId,
    content: 'Build and test',
    expected_revision: got.data.revision,
  });
  expect(set.data).toMatchObject({ replaced_chars: 2 });
  const read = await call(client, 'document', { action: 'read', tabId });
  expect(read.data.content).toBe(
    'name: Build and test\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n',
  );
  await expect(activeDocument(page).locator('.cm-line').first()).toHaveText('name: Build and test');
});

test('refusals: STALE after the person types, INVALID_TAB for a tab not focused, READ_ONLY', async ({
  page,
}) => {
  const tabId = await showFile(page, 'typed.md', 'Some text\n');
  await writeOpfs(page, 'other.md', 'Other\n');
  await writeOpfs(page, 'latin1.md', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  const editor = activeDocument(page).locator('.ProseMirror');
  await editor.locator('p').click();
  await selectLastChars(page, 4);
  const got = await call(client, 'selection', { action: 'get' });
  expect(got.data.text).toBe('text');
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  const stale = await call(client, 'selection', {
    action: 'set',
    content: 'words',
    expected_revision: got.data.revision,
  });
  expect(stale.isError).toBe(true);
  expect(stale.data).toMatchObject({ error: 'STALE', current_revision: expect.any(String) });
  expect(stale.data.current_revision).not.toBe(got.data.revision);
  await expect(editor).toHaveText('Some text!');

  const other = await call(client, 'workspace', { action: 'open', filePath: '/notes/other.md' });
  const notFocused = await call(client, 'selection', {
    action: 'get',
    tabId: other.data.tabId as string,
  });
  expect(notFocused.data).toMatchObject({ error: 'INVALID_TAB' });
  expect(notFocused.data.message).toContain(tabId);
  const unknown = await call(client, 'selection', { action: 'get', tabId: 'tab-nope' });
  expect(unknown.data).toMatchObject({ error: 'INVALID_TAB' });
  const blank = await call(client, 'selection', { action: 'get', tabId: ' ' });
  expect(blank.isError).toBe(true);
  expect(blank.text).toContain('tabId');
  const noContent = await call(client, 'selection', { action: 'set' });
  expect(noContent.isError).toBe(true);
  expect(noContent.text).toContain('content');

  const latin1 = await call(client, 'workspace', { action: 'open', filePath: '/notes/latin1.md' });
  await call(client, 'workspace', { action: 'switch_tab', tabId: latin1.data.tabId as string });
  const readOnly = await call(client, 'selection', { action: 'set', content: 'x' });
  expect(readOnly.data).toMatchObject({ error: 'READ_ONLY' });
  expect([...((await readOpfs(page, 'latin1.md')) ?? [])]).toEqual([0x63, 0x61, 0x66, 0xe9, 0x0a]);
});

test('NO_EDITOR when the window that shows the focused tab has closed', async ({ browser }) => {
  const context = await browser.newContext();
  const keeper = await context.newPage();
  const page = await context.newPage();
  try {
    await showFile(page, 'gone.md', 'Gone\n');
    // Another window of the app keeps the core running, with no tab of its own.
    await openApp(keeper);
    await keeper.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.close();
    await expect
      .poll(async () => (await call(client, 'selection', { action: 'get' })).data.error, {
        timeout: 10_000,
      })
      .toBe('NO_EDITOR');
  } finally {
    await context.close();
  }
});
