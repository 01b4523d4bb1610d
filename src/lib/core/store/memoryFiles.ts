/** Files kept in memory, for tests of the document layer and the tools: the same refusals as disk. */
import { dirnameOf, parseVirtualPath } from '../../paths';
import { refuse, type Result } from '../../result';
import type { WatchRecord } from '../../coherence/scan/workspaceWatch';
import type { DirEntry, WorkspaceInfo } from '../types';
import type { DocumentFiles, FileContent, ResolvedPath } from './files';

export class MemoryFiles implements DocumentFiles {
  readonly files = new Map<string, Uint8Array>();
  readonly folders = new Set<string>();
  /** Who watches which path (see `changeOnDisk`). */
  readonly watchers = new Map<string, Set<() => void>>();
  /** Who watches which workspace root (see `changeOnDisk`). */
  readonly treeWatchers = new Map<string, Set<(records: WatchRecord[]) => void>>();
  /** Paths whose writes fail, as a full disk or a lost permission would. */
  readonly failing = new Map<string, Result>();

  constructor(private readonly mountNames: string[] = ['notes']) {
    for (const m of mountNames) this.folders.add(`/${m}`);
  }

  mounts(): string[] {
    return [...this.mountNames];
  }

  infos(): WorkspaceInfo[] {
    return this.mountNames.map((m) => ({ mount: m, kind: 'opfs', name: m, access: 'granted' }));
  }

  resolve(path: unknown): Result<ResolvedPath> {
    const parsed = parseVirtualPath(path, this.mountNames);
    if (!parsed.ok) return refuse('INVALID_PATH', parsed.reason);
    return { ok: true, path: parsed.path, mount: parsed.mount, segments: parsed.segments };
  }

  /** Puts a file (and its folders) in place, as if it had been on disk all along. */
  put(path: string, content: string | Uint8Array): void {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    this.files.set(path, bytes);
    for (let dir = dirnameOf(path); dir.split('/').length > 2; dir = dirnameOf(dir)) {
      this.folders.add(dir);
    }
  }

  /** Another program writes a file: it is put in place and its watchers are told. */
  changeOnDisk(path: string, content: string): void {
    const appeared = !this.files.has(path);
    this.put(path, content);
    for (const watcher of this.watchers.get(path) ?? []) watcher();
    const [, mount, ...below] = path.split('/');
    const record: WatchRecord = {
      type: appeared ? 'appeared' : 'modified',
      path: below,
      kind: 'file',
    };
    for (const watcher of this.treeWatchers.get(`/${mount}`) ?? []) watcher([record]);
  }

  watchTree(path: ResolvedPath, onRecords: (records: WatchRecord[]) => void): () => void {
    const set = this.treeWatchers.get(path.path) ?? new Set();
    this.treeWatchers.set(path.path, set);
    set.add(onRecords);
    return () => void set.delete(onRecords);
  }

  watch(path: ResolvedPath, onChange: () => void): () => void {
    const set = this.watchers.get(path.path) ?? new Set();
    this.watchers.set(path.path, set);
    set.add(onChange);
    return () => void set.delete(onChange);
  }

  text(path: string): string | null {
    const bytes = this.files.get(path);
    return bytes ? new TextDecoder().decode(bytes) : null;
  }

  async read(path: ResolvedPath): Promise<Result<{ file: FileContent }>> {
    const bytes = this.files.get(path.path);
    if (!bytes) return refuse('NOT_FOUND', `Nothing at ${path.path}.`);
    const copy = bytes.slice();
    return { ok: true, file: { size: copy.length, bytes: async () => copy } };
  }

  async write(path: ResolvedPath, bytes: Uint8Array): Promise<Result> {
    const failure = this.failing.get(path.path);
    if (failure) return failure;
    const folder = dirnameOf(path.path);
    if (!this.folders.has(folder))
      return refuse('NOT_FOUND', `The folder ${folder} does not exist.`);
    this.files.set(path.path, bytes.slice());
    return { ok: true };
  }

  async exists(path: ResolvedPath): Promise<boolean> {
    return this.files.has(path.path) || this.folders.has(path.path);
  }

  async list(path: ResolvedPath): Promise<Result<{ entries: DirEntry[] }>> {
    if (!this.folders.has(path.path)) return refuse('NOT_FOUND', `No folder at ${path.path}.`);
    const entries: DirEntry[] = [];
    const inside = (p: string) => dirnameOf(p) === path.path;
    for (const folder of this.folders) {
      if (folder !== path.path && inside(folder)) entries.push(entryAt(folder, 'directory'));
    }
    for (const file of this.files.keys()) if (inside(file)) entries.push(entryAt(file, 'file'));
    return {
      ok: true,
      entries: entries.sort((a, b) =>
        a.kind !== b.kind ? (a.kind === 'directory' ? -1 : 1) : a.name.localeCompare(b.name),
      ),
    };
  }
}

function entryAt(path: string, kind: DirEntry['kind']): DirEntry {
  return { name: path.slice(path.lastIndexOf('/') + 1), path, kind };
}
