/**
 * The outline in the sidebar: the document's top-level headings by level; a click puts the cursor
 * at the heading in either mode and scrolls it into view; it follows the person's typing.
 */
import { expect, test, type Page } from '@playwright/test';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i} of filler.`).join('\n\n');
const DOC = `---\ntitle: t\n---\n# Book\n\n${filler(60)}\n\n## 第一章\n\n${filler(60)}\n\nSetext part\n-----------\n\n\`\`\`md\n# not a heading\n\`\`\`\n\n### Last *one*\n\nEnd.\n`;

/** Opens the book and shows the sidebar's outline. */
async function openBookWithOutline(page: Page) {
  await openApp(page);
  await writeOpfs(page, 'book.md', DOC);
  await page.reload();
  await openFromTree(page, 'book.md');
  await activeDocument(page).waitFor();
  await page.getByRole('tab', { name: 'Outline' }).click();
}

test('the outline lists headings, jumps to them in both modes, and follows typing', async ({
  page,
}) => {
  await openBookWithOutline(page);
  const outline = page.locator('.outline li');
  await expect(outline).toHaveText(['Book', '第一章', 'Setext part', 'Last one']);
  await expect(outline.nth(3)).toHaveAttribute('data-level', '3');

  // WYSIWYG: the heading comes into view and holds the cursor.
  const last = activeDocument(page).locator('.ProseMirror h3');
  await expect(last).not.toBeInViewport();
  await outline.nth(3).getByRole('button').click();
  await expect(last).toBeInViewport();
  await page.keyboard.type('The ');
  await expect(last).toHaveText('The Last one');
  await expect(outline.nth(3)).toHaveText('The Last one');

  // Source: the cursor goes to the heading's line.
  await page.keyboard.press('ControlOrMeta+/');
  await expect(page.locator('.statusbar .mode')).toHaveText('Source');
  await outline.nth(1).getByRole('button').click();
  await expect(activeDocument(page).locator('.cm-activeLine')).toHaveText('## 第一章');
  await expect(activeDocument(page).locator('.cm-activeLine')).toBeInViewport();
});

test('a click in the outline while the other mode’s editor is still being made jumps once it is there', async ({
  page,
}) => {
  await openBookWithOutline(page);
  await expect(page.locator('.outline li')).toHaveCount(4);

  // Click the second heading the moment the status bar says Source, before the source editor exists.
  type Probe = { clickedEarly?: Promise<string> };
  await page.evaluate(() => {
    (window as Probe).clickedEarly = new Promise<string>((resolve) => {
      const mode = document.querySelector('.statusbar .mode')!;
      const button = document.querySelectorAll<HTMLButtonElement>('.outline li button')[1];
      const observer = new MutationObserver(() => {
        if (mode.textContent?.trim() !== 'Source') return;
        observer.disconnect();
        const editorThere = !!document.querySelector('.document:not(.hidden) .cm-editor');
        button.click();
        resolve(editorThere ? 'the source editor was already there' : 'clicked early');
      });
      observer.observe(mode, { childList: true, characterData: true, subtree: true });
      setTimeout(() => resolve('the mode never changed'), 10_000);
    });
  });
  await page.keyboard.press('ControlOrMeta+/');
  expect(await page.evaluate(() => (window as Probe).clickedEarly)).toBe('clicked early');
  await expect(activeDocument(page).locator('.cm-activeLine')).toHaveText('## 第一章');
  await expect(activeDocument(page).locator('.cm-activeLine')).toBeInViewport();
});
