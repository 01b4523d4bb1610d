/**
 * A WorkspaceFs over an in-memory file store (memoryLedgerFs.ts), for tests: the scan reads the
 * workspace through it while the ledger is written to the same store, as in the app, where both
 * are one folder. Besides the store's files it can show a path as a symbolic link and make a
 * file's read or a folder's listing fail, and counts the reads of each file.
 */
import type { MemoryLedgerFs } from '../ledger/memoryLedgerFs';
import { parentOf } from '../ledger/ledgerFs';
import type { WorkspaceEntry, WorkspaceFs } from './scanWalk';

export interface MemoryWorkspaceFs extends WorkspaceFs {
  /** Shows `path` as a symbolic link (whatever, if anything, the store holds there). */
  symlink(path: string): void;
  /** Reading this file, or listing this folder, throws from now on. */
  fail(path: string): void;
  /** Undoes `fail`. */
  heal(path: string): void;
  /** How many times each file was read, by path. */
  readonly reads: Map<string, number>;
}

export function memoryWorkspaceFs(store: MemoryLedgerFs): MemoryWorkspaceFs {
  const links = new Set<string>();
  const failing = new Set<string>();
  const reads = new Map<string, number>();
  const guard = (path: string) => {
    if (failing.has(path)) throw new Error(`${path}: input/output error`);
  };
  const join = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);
  return {
    reads,
    async list(dir) {
      guard(dir);
      const names = await store.list(dir);
      if (names === null) return null;
      const entries: WorkspaceEntry[] = [];
      for (const name of names) {
        const path = join(dir, name);
        const kind = links.has(path)
          ? 'symlink'
          : (await store.list(path)) !== null
            ? 'directory'
            : 'file';
        entries.push({ name, kind });
      }
      for (const link of links) {
        if (parentOf(link) !== dir) continue;
        const name = link.slice(dir === '' ? 0 : dir.length + 1);
        if (!names.includes(name)) entries.push({ name, kind: 'symlink' });
      }
      return entries;
    },
    async read(path) {
      guard(path);
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return store.read(path);
    },
    async stat(path) {
      const size = await store.size(path);
      const lastModified = store.modified(path);
      return size === null || lastModified === null ? null : { size, lastModified };
    },
    symlink(path) {
      links.add(path);
    },
    fail(path) {
      failing.add(path);
    },
    heal(path) {
      failing.delete(path);
    },
  };
}
