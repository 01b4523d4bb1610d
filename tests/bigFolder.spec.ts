import { expect, test, type Page } from '@playwright/test';
import { activeDocument, openApp } from './support/app';

const COUNT = 10_000;
const name = (i: number) => `note-${String(i).padStart(5, '0')}.md`;
const row = (page: Page, path: string) => page.locator(`.row[data-path="${path}"]`);
const nameButton = (page: Page, path: string) => row(page, path).locator('button.name');

/** Writes COUNT small files into OPFS `big/` in one evaluate, a batch of writes at a time. */
async function writeBigFolder(page: Page): Promise<void> {
  await page.evaluate(async (count) => {
    const notes = await navigator.storage.getDirectory();
    const dir = await notes.getDirectoryHandle('big', { create: true });
    const write = async (i: number) => {
      const file = await dir.getFileHandle(`note-${String(i).padStart(5, '0')}.md`, {
        create: true,
      });
      const w = await file.createWritable();
      await w.write(`# Note ${i}\n`);
      await w.close();
    };
    for (let start = 1; start <= count; start += 250) {
      const batch = [];
      for (let i = start; i < Math.min(start + 250, count + 1); i++) batch.push(write(i));
      await Promise.all(batch);
    }
  }, COUNT);
}

test('a folder of 10,000 files expands, and its last file is reached by keyboard and by scrolling', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page);
  await writeBigFolder(page);
  await page.reload();

  const folder = nameButton(page, '/notes/big');
  await expect(folder).toHaveAttribute('aria-expanded', 'false');
  await folder.click();
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, `/notes/big/${name(1)}`)).toBeVisible();
  // The list has every file (for assistive technology too), the DOM only the rows near the view.
  await expect(row(page, `/notes/big/${name(1)}`).locator('..')).toHaveAttribute(
    'aria-setsize',
    String(COUNT),
  );
  expect(await page.locator('.sidebar .row').count()).toBeLessThan(1000);

  // Keyboard: End goes to the last file, Enter opens it.
  await nameButton(page, `/notes/big/${name(1)}`).focus();
  await page.keyboard.press('End');
  const last = nameButton(page, `/notes/big/${name(COUNT)}`);
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('.tab.active')).toHaveAttribute('title', `/notes/big/${name(COUNT)}`);
  await expect(row(page, `/notes/big/${name(COUNT)}`)).toHaveClass(/active/);
  // The opened document takes the focus; back in the tree, the arrows go on from the row.
  await expect(activeDocument(page).locator('.ProseMirror')).toBeFocused();
  await last.focus();
  await page.keyboard.press('ArrowUp');
  await expect(nameButton(page, `/notes/big/${name(COUNT - 1)}`)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(folder).toBeFocused();
  await expect(row(page, `/notes/big/${name(COUNT)}`)).toHaveCount(0);

  // Scrolling: the sidebar's end shows the last rows, which open with a click.
  await page.locator('.sidebar').evaluate((el) => (el.scrollTop = el.scrollHeight));
  const beforeLast = nameButton(page, `/notes/big/${name(COUNT - 1)}`);
  await expect(beforeLast).toBeInViewport();
  await beforeLast.click();
  await expect(page.locator('.tab.active')).toHaveAttribute(
    'title',
    `/notes/big/${name(COUNT - 1)}`,
  );
  // And the middle of the folder, found by scrolling to it.
  await page
    .locator('.sidebar')
    .evaluate((el) => (el.scrollTop = el.scrollHeight / 2 - el.clientHeight / 2));
  const middle = nameButton(page, `/notes/big/${name(COUNT / 2)}`);
  await expect(middle).toBeInViewport();
  await middle.click();
  await expect(page.locator('.tab.active')).toHaveAttribute(
    'title',
    `/notes/big/${name(COUNT / 2)}`,
  );

  // The folder stays open across a reload of the page, and the left arrow closes it.
  await page.reload();
  await expect(row(page, `/notes/big/${name(1)}`)).toBeVisible();
  await nameButton(page, `/notes/big/${name(1)}`).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(folder).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(folder).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, `/notes/big/${name(1)}`)).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(row(page, `/notes/big/${name(1)}`)).toBeVisible();

  // A row's Rename and Delete are reached by Tab from its name, and by the pointer over it.
  const firstRow = row(page, `/notes/big/${name(1)}`);
  const secondRow = row(page, `/notes/big/${name(2)}`);
  await page.mouse.move(0, 0);
  await nameButton(page, `/notes/big/${name(1)}`).focus();
  await page.keyboard.press('Tab');
  await expect(firstRow.getByRole('button', { name: `Rename ${name(1)}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(firstRow.getByRole('button', { name: `Delete ${name(1)}` })).toBeFocused();
  await expect(secondRow.getByRole('button', { name: `Rename ${name(2)}` })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(nameButton(page, `/notes/big/${name(2)}`)).toBeFocused();
  await expect(firstRow.getByRole('button', { name: `Rename ${name(1)}` })).toHaveCount(0);
  await firstRow.hover();
  await firstRow.getByRole('button', { name: `Rename ${name(1)}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Rename' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
