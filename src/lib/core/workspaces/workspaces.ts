/** The mounted workspaces: the browser's private file system as `/notes`, plus folders the person picked. */
import { DEFAULT_MOUNT, parseVirtualPath, uniqueMountName } from '../../paths';
import type { Db } from '../persistence/db';
import type { DocumentFiles, FileContent, ResolvedPath } from '../store/files';
import { refuse, type Result } from '../../result';
import { exists, fileAt, dirAt, ioRefusal, listEntries, writeFile } from './fileAccess';
import { watchFile, watchTree } from './fileWatch';
import type { WatchRecord } from '../../coherence/scan/workspaceWatch';
import type { DirEntry, WorkspaceAccess, WorkspaceInfo } from '../types';

interface Mounted {
  mount: string;
  kind: 'opfs' | 'folder';
  handle: FileSystemDirectoryHandle;
  access: WorkspaceAccess;
}

type PermissionHandle = FileSystemDirectoryHandle & {
  queryPermission?: (d: { mode: 'readwrite' }) => Promise<PermissionState>;
};

async function queryAccess(handle: FileSystemDirectoryHandle): Promise<WorkspaceAccess> {
  const query = (handle as PermissionHandle).queryPermission;
  if (typeof query !== 'function') return 'granted';
  try {
    return await query.call(handle, { mode: 'readwrite' });
  } catch {
    return 'prompt';
  }
}

export interface Resolved extends ResolvedPath {
  ws: Mounted;
}

export class Workspaces implements DocumentFiles {
  private readonly mounted = new Map<string, Mounted>();

  constructor(private readonly db: Db) {}

  async init(): Promise<void> {
    const root = await navigator.storage.getDirectory();
    this.mounted.set(DEFAULT_MOUNT, {
      mount: DEFAULT_MOUNT,
      kind: 'opfs',
      handle: root,
      access: 'granted',
    });
    for (const stored of await this.db.getAll('folders')) {
      this.mounted.set(stored.mount, {
        mount: stored.mount,
        kind: 'folder',
        handle: stored.handle,
        access: await queryAccess(stored.handle),
      });
    }
  }

  mounts(): string[] {
    return [...this.mounted.keys()];
  }

  get(mount: string): Mounted | undefined {
    return this.mounted.get(mount);
  }

  infos(): WorkspaceInfo[] {
    return [...this.mounted.values()].map((m) => ({
      mount: m.mount,
      kind: m.kind,
      name: m.kind === 'opfs' ? 'Notes (in this browser)' : m.handle.name,
      access: m.access,
    }));
  }

  /** Mounts a picked folder under its name, or finds the mount it already has. */
  async add(handle: FileSystemDirectoryHandle): Promise<{ mount: string; isNew: boolean }> {
    for (const m of this.mounted.values()) {
      if (m.kind === 'folder' && (await m.handle.isSameEntry(handle))) {
        m.handle = handle;
        m.access = await queryAccess(handle);
        await this.db.put('folders', { mount: m.mount, handle });
        return { mount: m.mount, isNew: false };
      }
    }
    const mount = uniqueMountName(handle.name, this.mounts());
    this.mounted.set(mount, { mount, kind: 'folder', handle, access: await queryAccess(handle) });
    await this.db.put('folders', { mount, handle });
    return { mount, isNew: true };
  }

  async remove(mount: string): Promise<Result> {
    const m = this.mounted.get(mount);
    if (!m || m.kind !== 'folder')
      return refuse('INVALID_PATH', `"${mount}" is not a folder you added.`);
    this.mounted.delete(mount);
    await this.db.delete('folders', mount);
    return { ok: true };
  }

  async refreshAccess(mount: string): Promise<WorkspaceAccess | null> {
    const m = this.mounted.get(mount);
    if (!m) return null;
    m.access = m.kind === 'opfs' ? 'granted' : await queryAccess(m.handle);
    return m.access;
  }

  /** Parses a virtual path and finds its workspace; refuses when access is missing. */
  resolve(input: unknown): Result<Resolved> {
    const parsed = parseVirtualPath(input, this.mounts());
    if (!parsed.ok) return refuse('INVALID_PATH', parsed.reason);
    const ws = this.mounted.get(parsed.mount) as Mounted;
    if (ws.access !== 'granted') {
      return refuse(
        'PERMISSION',
        `The folder mounted at /${ws.mount} needs access granted again: use "Grant access" in the sidebar.`,
      );
    }
    return { ok: true, ws, mount: ws.mount, path: parsed.path, segments: parsed.segments };
  }

  private handleOf(path: ResolvedPath): FileSystemDirectoryHandle | null {
    return this.mounted.get(path.mount)?.handle ?? null;
  }

  async read(path: ResolvedPath): Promise<Result<{ file: FileContent }>> {
    const root = this.handleOf(path);
    if (!root) return refuse('INVALID_PATH', `No workspace is mounted at /${path.mount}.`);
    try {
      const file = await (await fileAt(root, path.segments)).getFile();
      return {
        ok: true,
        file: { size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) },
      };
    } catch (e) {
      return this.failure(e, path);
    }
  }

  async write(path: ResolvedPath, bytes: Uint8Array): Promise<Result> {
    const root = this.handleOf(path);
    if (!root) return refuse('INVALID_PATH', `No workspace is mounted at /${path.mount}.`);
    try {
      const dir = await dirAt(root, path.segments.slice(0, -1));
      const file = await dir.getFileHandle(path.segments[path.segments.length - 1], {
        create: true,
      });
      await writeFile(file, bytes);
      return { ok: true };
    } catch (e) {
      return this.failure(e, path);
    }
  }

  async exists(path: ResolvedPath): Promise<boolean> {
    const root = this.handleOf(path);
    if (!root || path.segments.length === 0) return root !== null;
    try {
      const dir = await dirAt(root, path.segments.slice(0, -1));
      return await exists(dir, path.segments[path.segments.length - 1]);
    } catch {
      return false;
    }
  }

  watch(path: ResolvedPath, onChange: () => void): () => void {
    const root = this.handleOf(path);
    return root ? watchFile(root, path.segments, onChange) : () => {};
  }

  watchTree(path: ResolvedPath, onRecords: (records: WatchRecord[]) => void): () => void {
    const root = this.handleOf(path);
    return root && path.segments.length === 0 ? watchTree(root, onRecords) : () => {};
  }

  async list(path: ResolvedPath): Promise<Result<{ entries: DirEntry[] }>> {
    const root = this.handleOf(path);
    if (!root) return refuse('INVALID_PATH', `No workspace is mounted at /${path.mount}.`);
    try {
      return { ok: true, entries: await listEntries(await dirAt(root, path.segments), path.path) };
    } catch (e) {
      return this.failure(e, path);
    }
  }

  /** A refusal for an IO error; a lost permission also updates the workspace's access. */
  private async failure(e: unknown, path: ResolvedPath) {
    const refusal = ioRefusal(e, path.path);
    if (refusal.error === 'PERMISSION') await this.refreshAccess(path.mount);
    return refusal;
  }
}
