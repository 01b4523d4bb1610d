/**
 * The scan's view of a workspace folder the browser opened (File System Access API or OPFS):
 * entries with their kind (the API has no symbolic links, so none is reported), a file's bytes,
 * size and modification time. The handles a listing met are kept, so the walk's look at each
 * file it lists costs no second walk down the folders. One view serves one scan. Not unit-tested
 * (Node has no handles); the scan's rules are tested over memoryWorkspaceFs, and this is
 * exercised end to end in the browser.
 */
import type { WorkspaceEntry, WorkspaceFs } from '../scan/scanWalk';

const isMissing = (e: unknown) =>
  e instanceof Error && (e.name === 'NotFoundError' || e.name === 'TypeMismatchError');

export function fsaWorkspaceFs(root: FileSystemDirectoryHandle): WorkspaceFs {
  const listed = new Map<string, FileSystemFileHandle>();
  /** A file as its size and time were just taken: its read reuses it (one round trip less). */
  const statted = new Map<string, File>();

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
    try {
      const seen = listed.get(path);
      if (seen) return await seen.getFile();
      const slash = path.lastIndexOf('/');
      const dir = await folder(slash < 0 ? '' : path.slice(0, slash));
      if (!dir) return null;
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
        const kind = handle.kind === 'directory' ? 'directory' : 'file';
        if (handle.kind === 'file') listed.set(dir === '' ? name : `${dir}/${name}`, handle);
        entries.push({ name, kind });
      }
      return entries;
    },
    async read(path) {
      const seen = statted.get(path);
      statted.delete(path);
      // A file changed since its size was taken no longer reads from that look: read it afresh.
      if (seen) {
        const bytes = await seen.arrayBuffer().catch(() => null);
        if (bytes) return new Uint8Array(bytes);
      }
      const f = await file(path);
      return f ? new Uint8Array(await f.arrayBuffer()) : null;
    },
    async stat(path) {
      const f = await file(path);
      if (f) statted.set(path, f);
      else statted.delete(path);
      return f ? { size: f.size, lastModified: f.lastModified } : null;
    },
  };
}
