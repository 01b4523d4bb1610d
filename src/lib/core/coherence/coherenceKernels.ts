/**
 * One coherence kernel per open folder, made on first use: the folder's files through the File
 * System Access API (OPFS or a picked folder), this browser profile's writer id (kept in the
 * app's IndexedDB, never in the workspace), Web Locks so that windows and workers write one at
 * a time, and the folder's session state (absent, held, disk lag).
 */
import { fsaLedgerFs } from '../../coherence/fsaLedgerFs';
import { CoherenceKernel, type CoherenceKernelOptions } from '../../coherence/kernel';
import type { LedgerFs, LockFn } from '../../coherence/ledgerFs';
import { uuid7 } from '../../coherence/uuid7';
import { emptyWorkspaceState, type WorkspaceState } from '../../coherence/workspaceState';
import { mountOfRoot } from './workspaceRoot';
import { coherenceWriterId, type Db } from '../db';

export interface CoherenceKernelsDeps {
  mounts(): string[];
  /** The folder's handle when access to it is granted, else null. */
  handleOf(mount: string): FileSystemDirectoryHandle | null;
  /** This profile's writer id, created once. */
  writerId(): Promise<string>;
  /** The reconcile scan of a folder, once it exists (see CoherenceKernelOptions). */
  scanFor?(mount: string, fs: LedgerFs, state: WorkspaceState): CoherenceKernelOptions['scan'];
}

/** Web Locks, per folder: every tab and worker of this origin waits its turn. */
function webLock(mount: string): LockFn {
  return (name, fn) => navigator.locks.request(`${name}@${mount}`, fn);
}

export class CoherenceKernels {
  private readonly kernels = new Map<string, CoherenceKernel>();
  private readonly states = new Map<string, WorkspaceState>();

  constructor(private readonly deps: CoherenceKernelsDeps) {}

  async kernel(root: unknown): Promise<CoherenceKernel | string> {
    const mount = mountOfRoot(root, this.deps.mounts());
    if (typeof mount !== 'string') return mount.error;
    const handle = this.deps.handleOf(mount);
    if (!handle)
      return `VMark Web has no access to /${mount} right now: ask the person to grant it again`;
    const known = this.kernels.get(mount);
    if (known) return known;
    const fs = fsaLedgerFs(handle);
    const state = this.states.get(mount) ?? emptyWorkspaceState();
    this.states.set(mount, state);
    const kernel = new CoherenceKernel(
      {
        fs,
        lock: webLock(mount),
        writer: await this.deps.writerId(),
        now: Date.now,
        mintId: uuid7,
      },
      state,
      { scan: this.deps.scanFor?.(mount, fs, state) },
    );
    this.kernels.set(mount, kernel);
    return kernel;
  }

  /** A folder closed or was re-picked: its kernel is made afresh next time. */
  forget(mount: string): void {
    this.kernels.delete(mount);
    this.states.delete(mount);
  }
}

/** The kernels of the core's open folders, with the writer id kept in the app's database. */
export function coherenceKernelsFor(
  db: Db,
  workspaces: {
    mounts(): string[];
    get(mount: string): { handle: FileSystemDirectoryHandle; access: string } | undefined;
  },
): CoherenceKernels {
  let writer: Promise<string> | null = null;
  return new CoherenceKernels({
    mounts: () => workspaces.mounts(),
    handleOf: (mount) => {
      const m = workspaces.get(mount);
      return m && m.access === 'granted' ? m.handle : null;
    },
    writerId: () => (writer ??= coherenceWriterId(db, uuid7)),
  });
}
