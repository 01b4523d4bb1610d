/**
 * What the document layer needs from file storage: paths checked against the mounted workspaces,
 * whole-file reads and writes, and every failure as a refusal. Workspaces implements it with File
 * System Access handles (OPFS or a picked folder); MemoryFiles keeps files in a Map for tests.
 */
import type { Result } from '../../result';
import type { WatchRecord } from '../../coherence/scan/workspaceWatch';
import type { DirEntry, WorkspaceInfo } from '../types';

export interface ResolvedPath {
  /** The normalised virtual path, `/<mount>/<rest>`. */
  path: string;
  mount: string;
  /** The path's segments inside the workspace (empty for the workspace root). */
  segments: string[];
}

export interface FileContent {
  size: number;
  bytes(): Promise<Uint8Array>;
}

export interface DocumentFiles {
  /** Checks a virtual path, and that its workspace can be reached. */
  resolve(path: unknown): Result<ResolvedPath>;
  read(path: ResolvedPath): Promise<Result<{ file: FileContent }>>;
  /** Writes a whole file, creating it; its folder must exist. */
  write(path: ResolvedPath, bytes: Uint8Array): Promise<Result>;
  exists(path: ResolvedPath): Promise<boolean>;
  /**
   * Tells `onChange` when the file at `path` changes outside the app, where that can be watched;
   * answers how to stop.
   */
  watch(path: ResolvedPath, onChange: () => void): () => void;
  /**
   * Passes on what changes below the folder `path` (a workspace root) outside the app, where that
   * can be watched; answers how to stop.
   */
  watchTree(path: ResolvedPath, onRecords: (records: WatchRecord[]) => void): () => void;
  /** What a folder holds, folders first, then by name (NOT_FOUND when it is not a folder). */
  list(path: ResolvedPath): Promise<Result<{ entries: DirEntry[] }>>;
  mounts(): string[];
  infos(): WorkspaceInfo[];
}
