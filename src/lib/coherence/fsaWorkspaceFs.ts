/**
 * The scan's view of a workspace folder the browser opened (File System Access API or OPFS):
 * entries with their kind (the API has no symbolic links, so none is reported), a file's bytes
 * and size. Not unit-tested (Node has no handles); the scan's rules are tested over
 * memoryWorkspaceFs, and this is exercised end to end in the browser.
 */
import type { WorkspaceEntry, WorkspaceFs } from './scanWalk';

const isMissing = (e: unknown) =>
  e instanceof Error && (e.name === 'NotFoundError' || e.name === 'TypeMismatchError');

export function fsaWorkspaceFs(root: FileSystemDirectoryHandle): WorkspaceFs {
  async function folder(dir: string): Promise<FileSystemDirectoryHandle | null> {
    let at = root;
    for (const name of dir.split('/').filter(Boolean)) {
      try {
        at = await at.getDirectoryHandle(name);
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    }
    return at;
  }

  async function file(path: string): Promise<File | null> {
    const slash = path.lastIndexOf('/');
    const dir = await folder(slash < 0 ? '' : path.slice(0, slash));
    if (!dir) return null;
    try {
      return await (await dir.getFileHandle(path.slice(slash + 1))).getFile();
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  return {
    async list(dir) {
      const at = await folder(dir);
      if (!at) return null;
      const entries: WorkspaceEntry[] = [];
      for await (const [name, handle] of at.entries()) {
        entries.push({ name, kind: handle.kind === 'directory' ? 'directory' : 'file' });
      }
      return entries;
    },
    async read(path) {
      const f = await file(path);
      return f ? new Uint8Array(await f.arrayBuffer()) : null;
    },
    async size(path) {
      return (await file(path))?.size ?? null;
    },
  };
}
