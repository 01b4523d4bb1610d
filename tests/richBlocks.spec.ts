import { expect, test, type Page } from '@playwright/test';
import { activeDocument, openApp, openFromTree, readOpfs, writeOpfs } from './support/app';
import { watchCsp } from './support/cspWatch';

const HTML_DOC = [
  '# Notes',
  '',
  '<details>',
  '<summary>More about it</summary>',
  '',
  'Inner *text* here.',
  '',
  '</details>',
  '',
  'A paragraph with a word.',
  '',
  '<div align="center">',
  '  <b>Bold</b> <a href="https://example.com/">link</a>',
  '</div>',
  '',
  '<!-- a comment -->',
  '',
].join('\n');

/** Opens a note that holds `text` in the WYSIWYG editor. */
async function openNote(page: Page, name: string, text: string) {
  await openApp(page);
  await writeOpfs(page, name, text);
  await page.reload();
  await openFromTree(page, name);
  const doc = activeDocument(page);
  await expect(doc).toHaveAttribute('data-mode', 'wysiwyg');
  await expect(doc.locator('.ProseMirror')).toBeVisible();
  return doc;
}

async function saved(page: Page, name: string): Promise<string> {
  await page.keyboard.press('Control+s');
  await expect(page.getByText(`Saved /notes/${name}`)).toBeVisible();
  return (await readOpfs(page, name))?.toString('utf8') ?? '';
}

test('an HTML element with markdown inside shows as one block with a sanitised preview, and saves unchanged', async ({
  page,
  browser,
}) => {
  const csp = await watchCsp(browser, page);
  const doc = await openNote(page, 'html.md', HTML_DOC);
  const blocks = doc.locator('.ProseMirror > .vmark-html-block');
  await expect(blocks).toHaveCount(3);
  await expect(blocks.nth(0).locator('details > summary')).toHaveText('More about it');
  await expect(blocks.nth(1).locator('b')).toHaveText('Bold');
  await expect(doc.locator('.ProseMirror > p')).toHaveCount(1);
  await expect(doc.locator('.ProseMirror')).not.toContainText('<details>');
  expect(await saved(page, 'html.md')).toBe(HTML_DOC);
  expect(await csp.violations()).toEqual([]);
});

test('a word edited next to HTML blocks changes only that word', async ({ page }) => {
  const doc = await openNote(page, 'html-edit.md', HTML_DOC);
  await doc.locator('.ProseMirror > p').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'word.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('sentence.');
  expect(await saved(page, 'html-edit.md')).toBe(
    HTML_DOC.replace('with a word.', 'with a sentence.'),
  );
});

test('an HTML block is edited as source in place and shown again when left', async ({ page }) => {
  const doc = await openNote(page, 'html-source.md', HTML_DOC);
  const block = doc.locator('.ProseMirror > .vmark-html-block').nth(1);
  await block.click();
  const area = block.locator('textarea.vmark-html-source');
  await expect(area).toBeVisible();
  await expect(area).toHaveValue(
    '<div align="center">\n  <b>Bold</b> <a href="https://example.com/">link</a>\n</div>',
  );
  await area.press('Control+End');
  await area.press('ArrowUp');
  await area.press('End');
  await page.keyboard.type(' <i>more</i>');
  await area.press('Escape');
  await expect(area).toHaveCount(0);
  await expect(block.locator('i')).toHaveText('more');
  expect(await saved(page, 'html-source.md')).toBe(
    HTML_DOC.replace('link</a>\n', 'link</a> <i>more</i>\n'),
  );
});
