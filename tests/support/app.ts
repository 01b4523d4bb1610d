/** Helpers for end-to-end tests: open the app, and read or write files in its private file system. */
import { expect, type Page } from '@playwright/test';

/** Opens the app and waits until the core answered and the window has its id. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.app[data-window-id]')).toBeVisible();
}

/** Writes bytes to a file in OPFS (the `/notes` workspace), creating folders on the way. */
export async function writeOpfs(
  page: Page,
  rel: string,
  bytes: Uint8Array | string,
): Promise<void> {
  const data = typeof bytes === 'string' ? [...new TextEncoder().encode(bytes)] : [...bytes];
  await page.evaluate(
    async ({ rel, data }) => {
      const parts = rel.split('/');
      let dir = await navigator.storage.getDirectory();
      for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
      const file = await dir.getFileHandle(parts[parts.length - 1], { create: true });
      const w = await file.createWritable();
      await w.write(new Uint8Array(data));
      await w.close();
    },
    { rel, data },
  );
}

/** Reads a file's bytes from OPFS, or null when it does not exist. */
export async function readOpfs(page: Page, rel: string): Promise<Buffer | null> {
  const data = await page.evaluate(async (rel) => {
    try {
      const parts = rel.split('/');
      let dir = await navigator.storage.getDirectory();
      for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p);
      const file = await (await dir.getFileHandle(parts[parts.length - 1])).getFile();
      return [...new Uint8Array(await file.arrayBuffer())];
    } catch {
      return null;
    }
  }, rel);
  return data ? Buffer.from(data) : null;
}

/** Removes everything from OPFS and the app's IndexedDB, so a test starts from a blank slate. */
export async function resetStorage(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    for await (const name of root.keys()) await root.removeEntry(name, { recursive: true });
  });
}

/** Opens `/notes/<rel>` from the file tree (the file must be at the top of /notes). */
export async function openFromTree(page: Page, rel: string): Promise<void> {
  await page.locator(`.row[data-path="/notes/${rel}"] button.name`).click();
  await expect(page.locator('.tab.active')).toHaveAttribute('title', `/notes/${rel}`);
}

/** The document view of the active tab, once its editor is ready. */
export function activeDocument(page: Page) {
  return page.locator('.document:not(.hidden)[data-ready="true"]');
}

export function revision(page: Page) {
  return page.locator('.statusbar .revision');
}

/** Writes a note holding `text` into `/notes`, reloads, and opens it in the WYSIWYG editor. */
export async function openNoteInWysiwyg(page: Page, name: string, text: string) {
  await openApp(page);
  await writeOpfs(page, name, text);
  await page.reload();
  await openFromTree(page, name);
  const doc = activeDocument(page);
  await expect(doc).toHaveAttribute('data-mode', 'wysiwyg');
  await expect(doc.locator('.ProseMirror')).toBeVisible();
  return doc;
}

/** Saves the active tab with Ctrl+S, waits for the toast, and answers the file's text. */
export async function saveAndRead(page: Page, name: string): Promise<string> {
  await page.keyboard.press('Control+s');
  await expect(page.getByText(`Saved /notes/${name}`)).toBeVisible();
  return (await readOpfs(page, name))?.toString('utf8') ?? '';
}
