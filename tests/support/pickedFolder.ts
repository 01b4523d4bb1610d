/**
 * A folder the person picked, as tests meet it. Headless Chromium cannot show the native folder
 * picker, so the picker is replaced by one that answers a real directory handle: a folder inside
 * the browser's private file system (`picked/<name>`). Everything after the pick is the app's own
 * code. The folder's access can be taken away inside the app's core, where its files are read and
 * written, and given back the way the person does it, with the sidebar's "Grant access".
 */
import { expect, type Page } from '@playwright/test';
import { inCore } from './coreWorker';

/** Makes the folder picker answer the folder `name`, holding `files`. */
export async function pickerReturns(page: Page, name: string, files: Record<string, string>) {
  await page.evaluate(
    async ({ name, files }) => {
      const root = await navigator.storage.getDirectory();
      const dir = await (
        await root.getDirectoryHandle('picked', { create: true })
      ).getDirectoryHandle(name, {
        create: true,
      });
      for (const [file, text] of Object.entries(files)) {
        const w = await (await dir.getFileHandle(file, { create: true })).createWritable();
        await w.write(text);
        await w.close();
      }
      (
        window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
      ).showDirectoryPicker = async () => dir;
    },
    { name, files },
  );
}

/** Picks the folder `name` holding `files` with the sidebar's "Open folder…"; it mounts as `/name`. */
export async function mountPicked(page: Page, name: string, files: Record<string, string>) {
  await pickerReturns(page, name, files);
  await page.getByRole('button', { name: 'Open folder…' }).first().click();
  await expect(page.locator(`section.workspace[data-mount="${name}"]`)).toBeVisible();
}

/** The text of `file` in the picked folder `name`, read past the app, or null when it is not there. */
export async function readPicked(page: Page, name: string, file: string): Promise<string | null> {
  return page.evaluate(
    async ({ name, file }) => {
      try {
        const root = await navigator.storage.getDirectory();
        const dir = await (await root.getDirectoryHandle('picked')).getDirectoryHandle(name);
        return await (await (await dir.getFileHandle(file)).getFile()).text();
      } catch {
        return null;
      }
    },
    { name, file },
  );
}

/**
 * Takes the access to the picked folder `name` away inside the core, as the browser does when the
 * person revokes it: its files cannot be opened (`NotAllowedError`) and its permission reads
 * "prompt". Other folders are not touched.
 */
export async function takeAccessAway(page: Page, name: string): Promise<void> {
  await inCore(
    page,
    (folder: string) => {
      type Patched = { __revokedFolders?: Set<string> };
      const scope = globalThis as unknown as Patched;
      if (!scope.__revokedFolders) {
        const revoked = new Set<string>();
        const dirs = FileSystemDirectoryHandle.prototype as unknown as Record<string, unknown>;
        const handles = FileSystemHandle.prototype as unknown as Record<string, unknown>;
        const getFileHandle = dirs.getFileHandle as (...a: unknown[]) => Promise<unknown>;
        const query = handles.queryPermission as ((...a: unknown[]) => Promise<string>) | undefined;
        dirs.getFileHandle = function (this: FileSystemHandle, ...a: unknown[]) {
          return revoked.has(this.name)
            ? Promise.reject(new DOMException('Access was revoked.', 'NotAllowedError'))
            : getFileHandle.apply(this, a);
        };
        handles.queryPermission = function (this: FileSystemHandle, ...a: unknown[]) {
          if (revoked.has(this.name)) return Promise.resolve('prompt');
          return query ? query.apply(this, a) : Promise.resolve('granted');
        };
        scope.__revokedFolders = revoked;
      }
      scope.__revokedFolders.add(folder);
    },
    name,
  );
}

/**
 * Gives the access back as the person does: the browser would grant it again when asked, and the
 * person clicks "Grant access to <name>" in the sidebar, which then shows the folder's files again.
 */
export async function grantAccessAgain(page: Page, name: string): Promise<void> {
  await inCore(
    page,
    (folder: string) => {
      (globalThis as unknown as { __revokedFolders?: Set<string> }).__revokedFolders?.delete(
        folder,
      );
    },
    name,
  );
  const section = page.locator(`section.workspace[data-mount="${name}"]`);
  await section.getByRole('button', { name: `Grant access to ${name}` }).click();
  await expect(section.locator('.regrant')).toHaveCount(0);
}
