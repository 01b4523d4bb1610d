import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import {
  activeDocument,
  openApp,
  openFromTree,
  readOpfs,
  revision,
  writeOpfs,
} from './support/app';

const CORPUS = new URL('./corpus/markdown/', import.meta.url);
const files = readdirSync(CORPUS).filter((f) => f.endsWith('.md'));

test('the corpus folder is there', () => {
  expect(files.length).toBeGreaterThanOrEqual(7);
});

test('every corpus document shown in WYSIWYG and saved with no edit keeps its bytes, revision and clean state', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openApp(page);
  for (const f of files) await writeOpfs(page, f, readFileSync(new URL(f, CORPUS)));
  await page.reload();
  for (const f of files) {
    await openFromTree(page, f);
    const doc = activeDocument(page);
    await expect(doc).toHaveAttribute('data-mode', 'wysiwyg');
    await expect(doc.locator('.ProseMirror')).toBeVisible();
    const rev = await revision(page).getAttribute('data-revision');
    // Let the editor settle, then check that showing the document changed nothing.
    await page.waitForTimeout(200);
    await expect(revision(page)).toHaveAttribute('data-revision', rev as string);
    await expect(page.locator('.statusbar .state')).toHaveText('Saved');
    await page.keyboard.press('Control+s');
    await expect(page.getByText(`Saved /notes/${f}`)).toBeVisible();
    const bytes = await readOpfs(page, f);
    expect(bytes?.equals(readFileSync(new URL(f, CORPUS))), `${f} changed on save`).toBe(true);
  }
});

test('a one-block WYSIWYG edit changes only that block', async ({ page }) => {
  const name = 'commonmark-readme.md';
  const original = readFileSync(new URL(name, CORPUS), 'utf8');
  await openApp(page);
  await writeOpfs(page, name, original);
  await page.reload();
  await openFromTree(page, name);
  const para = activeDocument(page)
    .locator('.ProseMirror > p')
    .filter({ hasText: 'The reference implementations live in separate repositories:' });
  await para.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' EDITED');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  const saved = (await readOpfs(page, name))?.toString('utf8') ?? '';
  const before = original.split('\n');
  const changed = saved.split('\n').filter((line, i) => line !== before[i]);
  expect(changed).toEqual(['The reference implementations live in separate repositories: EDITED']);
  expect(saved.replace(' EDITED', '')).toBe(original);
});

test('CRLF line endings, a BOM and a missing final newline survive an edit and a save', async ({
  page,
}) => {
  const text = '\uFEFF# Heading\r\n\r\nFirst paragraph.\r\n\r\n- a\r\n- b\r\n\r\nLast line';
  await openApp(page);
  await writeOpfs(page, 'crlf.md', text);
  await page.reload();
  await openFromTree(page, 'crlf.md');
  const p = activeDocument(page).locator('.ProseMirror > p').first();
  await p.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' More.');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  const saved = (await readOpfs(page, 'crlf.md'))?.toString('utf8');
  expect(saved).toBe(
    '\uFEFF# Heading\r\n\r\nFirst paragraph. More.\r\n\r\n- a\r\n- b\r\n\r\nLast line',
  );
});

test('front matter stays out of the WYSIWYG view and is saved untouched', async ({ page }) => {
  const text = '---\ntitle: "Notes"\ntags: [a, b]\n---\n\n# Body\n\nText.\n';
  await openApp(page);
  await writeOpfs(page, 'fm.md', text);
  await page.reload();
  await openFromTree(page, 'fm.md');
  await expect(activeDocument(page).locator('.ProseMirror h1')).toHaveText('Body');
  await expect(activeDocument(page).locator('.ProseMirror')).not.toContainText('title');
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  expect((await readOpfs(page, 'fm.md'))?.toString('utf8')).toBe(text.replace('Text.', 'Text.!'));
});

test('typing right after a link, or after inline code, does not extend it', async ({ page }) => {
  const name = 'links.md';
  const original = 'See [the spec](https://spec.commonmark.org)\n\nRun `npm test`\n';
  await openApp(page);
  await writeOpfs(page, name, original);
  await page.reload();
  await openFromTree(page, name);
  const paragraphs = activeDocument(page).locator('.ProseMirror > p');
  for (const index of [0, 1]) {
    await paragraphs.nth(index).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' now');
  }
  // Inside the link's words, typing is part of the link.
  await paragraphs.nth(0).click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 'See the'.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type(' whole');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  const saved = (await readOpfs(page, name))?.toString('utf8');
  expect(saved).toBe(
    'See [the whole spec](https://spec.commonmark.org) now\n\nRun `npm test` now\n',
  );
});
