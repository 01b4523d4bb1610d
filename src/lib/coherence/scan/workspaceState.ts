/**
 * What the coherence kernel knows of a workspace beyond its ledger, for this session of the app:
 * the writer it appends as, objects whose file is gone (absent: their edges are hidden), objects
 * held because their id is at more than one path (captures refused until a scan sees one path
 * again), and the content hashes an editor buffer was captured with before the disk caught up
 * (disk lag: a scan must not take the older disk content for an external edit), and what the
 * last scan concluded from each markdown file's content with the size and modification time the
 * file had (so an unchanged file is not read again), and the ledger's records as last parsed (so
 * a read parses only what was appended since), and what the last scan could not do (shown in the
 * Breakdown view until a scan does it). None of this is in the ledger; a new session
 * starts empty, the next complete scan rebuilds absent and held, and the first scan reads every
 * file.
 */
import type { LedgerCache } from '../ledger/ledger';
import type { LedgerFs, LockFn } from '../ledger/ledgerFs';
import type { ContentHash, Uuid } from '../format/records';
import type { ScanError } from './scanErrors';
import type { KnownFile } from './scanWalk';
import { unwatched, type WatchState } from './workspaceWatch';

export interface WorkspaceState {
  absent: Set<Uuid>;
  held: Set<Uuid>;
  /** Per object: hashes captured from a live buffer that the file on disk may still lag behind. */
  diskLag: Map<Uuid, Set<ContentHash>>;
  /** Per workspace path: the file's size, time, hash and id when a scan last read it. */
  files: Map<string, KnownFile>;
  /** What the kernel's reads of the ledger parsed, by segment (ledger.ts LedgerCache). */
  ledger: LedgerCache;
  /** Whether the app watches the folder, and the last walk while nothing changed (workspaceWatch.ts). */
  watch: WatchState;
  /** What the last scan could not do, per file; the next scan tries again and replaces it. */
  scanErrors: ScanError[];
}

export function emptyWorkspaceState(): WorkspaceState {
  return {
    absent: new Set(),
    held: new Set(),
    diskLag: new Map(),
    files: new Map(),
    ledger: new Map(),
    watch: unwatched(),
    scanErrors: [],
  };
}

/** What the kernel's operations need from the app: storage, this profile's writer, time, ids. */
export interface KernelDeps {
  /** The workspace's files, `.vmark/` included (paths relative to the workspace root). */
  fs: LedgerFs;
  /** Serialises every write to one workspace (Web Locks in the app, in-process in tests). */
  lock: LockFn;
  /** This browser profile's writer id (UUIDv7, kept outside the workspace). */
  writer: Uuid;
  /** Milliseconds since the epoch. */
  now(): number;
  /** A new UUIDv7 (entry ids, idem keys, object ids). */
  mintId(): Uuid;
}
