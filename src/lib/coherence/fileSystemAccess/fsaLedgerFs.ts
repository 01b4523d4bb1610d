/**
 * The LedgerFs over a workspace folder the browser opened (File System Access API) or over the
 * origin-private file system (OPFS): both give a FileSystemDirectoryHandle. Writes go through the
 * API's swap file, which replaces the file only when closed: an append re-opens the file keeping
 * its data, seeks to the end, writes and closes, so a crash never leaves a half-written append.
 * Folders written into are remembered, so many writes into one folder (a scan storing thousands of
 * snapshots) do not walk down to it each time; a write that finds a remembered folder gone (the
 * person deleted `.vmark/`, say) forgets them all and walks afresh once.
 * Not unit-tested (Node has no handles); covered end to end in the browser.
 */
import type { LedgerFs } from '../ledger/ledgerFs';
import { nameOf, parentOf } from '../ledger/ledgerFs';

const isMissing = (e: unknown) =>
  e instanceof Error && (e.name === 'NotFoundError' || e.name === 'TypeMismatchError');

export function fsaLedgerFs(root: FileSystemDirectoryHandle): LedgerFs {
  /** The folder at `dir`; null when missing (unless `create`). */
  async function folder(dir: string, create: boolean): Promise<FileSystemDirectoryHandle | null> {
    let at = root;
    for (const name of dir.split('/').filter(Boolean)) {
      try {
        at = await at.getDirectoryHandle(name, { create });
      } catch (e) {
        if (!create && isMissing(e)) return null;
        throw e;
      }
    }
    return at;
  }

  async function file(path: string): Promise<File | null> {
    const dir = await folder(parentOf(path), false);
    if (!dir) return null;
    try {
      return await (await dir.getFileHandle(nameOf(path))).getFile();
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  /** Folders made or found by writes, by path. */
  const made = new Map<string, FileSystemDirectoryHandle>();

  async function folderToWrite(dir: string): Promise<FileSystemDirectoryHandle> {
    const known = made.get(dir);
    if (known) return known;
    const handle = (await folder(dir, true))!;
    made.set(dir, handle);
    return handle;
  }

  async function writeTo(path: string, bytes: Uint8Array, append: boolean): Promise<void> {
    const remembered = made.has(parentOf(path));
    try {
      await writeInto(await folderToWrite(parentOf(path)), path, bytes, append);
    } catch (e) {
      if (!remembered || !isMissing(e)) throw e;
      made.clear();
      await writeInto(await folderToWrite(parentOf(path)), path, bytes, append);
    }
  }

  async function writeInto(
    dir: FileSystemDirectoryHandle,
    path: string,
    bytes: Uint8Array,
    append: boolean,
  ): Promise<void> {
    const handle = await dir.getFileHandle(nameOf(path), { create: true });
    const writable = await handle.createWritable({ keepExistingData: append });
    try {
      if (append) await writable.seek((await handle.getFile()).size);
      await writable.write(bytes as Uint8Array<ArrayBuffer>);
      await writable.close();
    } catch (e) {
      await writable.abort().catch(() => undefined);
      throw e;
    }
  }

  return {
    async list(dir) {
      const handle = await folder(dir, false);
      if (!handle) return null;
      const names: string[] = [];
      for await (const name of handle.keys()) names.push(name);
      return names.sort();
    },
    async read(path, from = 0) {
      const f = await file(path);
      return f ? new Uint8Array(await f.slice(from).arrayBuffer()) : null;
    },
    async size(path) {
      return (await file(path))?.size ?? null;
    },
    append: (path, bytes) => writeTo(path, bytes, true),
    write: (path, bytes) => writeTo(path, bytes, false),
  };
}
