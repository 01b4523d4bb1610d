/**
 * One coherence kernel per open folder, made on first use: the folder's files through the File
 * System Access API (OPFS or a picked folder), this browser profile's writer id (kept in the
 * app's IndexedDB, never in the workspace), Web Locks so that windows and workers write one at
 * a time, and the folder's session state (absent, held, disk lag).
 */
import { fsaLedgerFs } from '../../coherence/fileSystemAccess/fsaLedgerFs';
import { CoherenceKernel } from '../../coherence/kernel';
import type { CoherencePanelAnswer, CoherencePanelCall } from './panelTypes';

export type { CoherencePanelAnswer, CoherencePanelCall };
import type { LockFn } from '../../coherence/ledger/ledgerFs';
import { uuid7 } from '../../coherence/format/uuid7';
import {
  emptyWorkspaceState,
  type KernelDeps,
  type WorkspaceState,
} from '../../coherence/scan/workspaceState';
import { mountOfRoot } from './workspaceRoot';
import { fsaWorkspaceFs } from '../../coherence/fileSystemAccess/fsaWorkspaceFs';
import { scan } from '../../coherence/scan/scan';
import { writeSnapshotBytes } from '../../coherence/ledger/snapshots';
import { capture } from '../../coherence/capture/capture';
import { inputsFromReads } from '../../coherence/capture/mcpProvenance';
import { coherenceWriterId, type Db } from '../persistence/db';
import { PersonActs } from '../../coherence/resolution/personActs';
import { recordPanel } from './recordPanel';
import { REPORT_GRACE_MS, watchFolder } from './folderWatch';
import { notices, type Notice } from '../notice';
import { recordedName, suggestedPersonName } from '../../coherence/resolution/personName';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CoherenceKernelsDeps {
  mounts(): string[];
  /** The folder's handle when access to it is granted, else null. */
  handleOf(mount: string): FileSystemDirectoryHandle | null;
  /** This profile's writer id, created once. */
  writerId(): Promise<string>;
  /** "Track document provenance": may a save start a ledger and adopt documents. */
  tracking?(): boolean;
  /** The "Your name" setting as it is now (empty: none given). */
  personName?(): string;
  /** The reconcile scan of a folder, run before each read of its kernel. */
  scan?(
    deps: KernelDeps,
    state: WorkspaceState,
    handle: FileSystemDirectoryHandle,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void>;
}

/** Web Locks, per folder: every tab and worker of this origin waits its turn. */
function webLock(mount: string): LockFn {
  return (name, fn) => navigator.locks.request(`${name}@${mount}`, fn);
}

export class CoherenceKernels {
  private readonly kernels = new Map<string, CoherenceKernel>();
  private readonly states = new Map<string, WorkspaceState>();
  private readonly kernelDeps = new Map<string, KernelDeps>();
  private readonly scanOf = new WeakMap<KernelDeps, () => Promise<void>>();
  private readonly unwatch = new Map<string, () => void>();

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
    let state = this.states.get(mount);
    if (!state) {
      state = emptyWorkspaceState();
      this.states.set(mount, state);
      this.unwatch.set(mount, watchFolder(handle, state.watch));
    }
    const deps: KernelDeps = {
      fs,
      lock: webLock(mount),
      writer: await this.deps.writerId(),
      now: Date.now,
      mintId: uuid7,
    };
    const scanWith = this.deps.scan;
    const kernel = new CoherenceKernel(deps, state, {
      scan: scanWith && ((progress) => scanWith(deps, state, handle, progress)),
    });
    this.kernels.set(mount, kernel);
    this.kernelDeps.set(mount, deps);
    if (scanWith) this.scanOf.set(deps, () => scanWith(deps, state, handle));
    return kernel;
  }

  /**
   * The Breakdown view's calls: a workspace's rows (after a scan), the person's resolution of one
   * (accept newer, or waive with a reason and an optional expiry), and the person's acts on the
   * record (delegations, claims, contexts: recordPanel.ts). Refusals are sentences.
   */
  async panel(call: CoherencePanelCall): Promise<CoherencePanelAnswer> {
    if (typeof call !== 'object' || call === null)
      return { ok: false, message: 'Not a Breakdown call.' };
    const kernel = await this.kernel(call.root);
    if (typeof kernel === 'string') return { ok: false, message: kernel };
    if (call.op === 'edges') {
      // One scan and one read of the ledger: edges() answers [] for a folder without a record.
      const initialized = await kernel.initialized();
      const rows = await kernel.edges();
      if (typeof rows === 'string') return { ok: false, message: rows };
      const mount = mountOfRoot(call.root, this.deps.mounts());
      const scanErrors = (typeof mount === 'string' && this.states.get(mount)?.scanErrors) || [];
      return { ok: true, rows, initialized, scanErrors: initialized ? [...scanErrors] : [] };
    }
    if (call.op === 'resolve') {
      const receipt = await kernel.resolve(
        {
          txf: call.txf,
          input: call.input,
          resolution: call.resolution,
          ...(call.reason !== undefined ? { reason: call.reason } : {}),
          ...(call.expires !== undefined ? { expires: call.expires } : {}),
        },
        { person: this.person() },
      );
      return typeof receipt === 'string' ? { ok: false, message: receipt } : { ok: true, receipt };
    }
    const mount = mountOfRoot(call.root, this.deps.mounts());
    const deps = typeof mount === 'string' ? this.kernelDeps.get(mount) : undefined;
    if (typeof mount !== 'string' || !deps) return { ok: false, message: 'Not a Breakdown call.' };
    const acts = new PersonActs(deps, this.person(), this.scanOf.get(deps));
    return recordPanel(acts, call, (path) =>
      path.startsWith(`/${mount}/`) ? path.slice(mount.length + 2) : null,
    );
  }

  /**
   * How the person's records name them now: the "Your name" setting, read at the moment of each
   * record (so a name changed in any window counts from the next record on), else unknown-human.
   */
  private person(): string {
    return recordedName(this.deps.personName?.() ?? '');
  }

  /** The name the app suggests when it first asks for one (personName.ts). */
  async suggestedPersonName(): Promise<string> {
    return suggestedPersonName(await this.deps.writerId());
  }

  /** The current revision of the document at a virtual path, to pin an AI's read of it. */
  async headOf(path: string): Promise<string | undefined> {
    const place = await this.place(path);
    return place ? place.kernel.headOf(place.rel) : undefined;
  }

  /**
   * Records a save: the person's (no inputs), or an AI client's with the documents it read since
   * its last write as inputs (`reads`, virtual paths; those of other folders are left out). Under
   * "Track document provenance" off, only a folder that has a ledger records, and only documents
   * it tracks. Never throws: a failure is answered, and the save itself stands.
   */
  async captureSave(
    path: string,
    text: string,
    by: { person: true } | { reads: readonly { path: string; revision?: string }[] },
  ): Promise<{ content?: string; error?: string; recorded?: boolean }> {
    const place = await this.place(path);
    const deps = place && this.kernelDeps.get(place.mount);
    const state = place && this.states.get(place.mount);
    if (!place || !deps || !state) return {};
    const prefix = `/${place.mount}/`;
    const who =
      'person' in by
        ? {
            agent: { type: 'human' as const, id: this.person() },
            intent: { kind: 'editor-save', summary: '' },
            confidence: 'exact' as const,
          }
        : inputsFromReads(
            by.reads
              .filter((r) => r.path.startsWith(prefix))
              .map((r) => ({ ...r, path: r.path.slice(prefix.length) })),
            place.rel,
          );
    try {
      const r = await capture(deps, state, {
        path: place.rel,
        content: text,
        ...who,
        rewriteIdentity: true,
        policy: this.deps.tracking?.() ? 'adopt' : 'tracked-only',
      });
      if (!r.ok) return { error: r.error };
      const content = 'content' in r && typeof r.content === 'string' ? r.content : undefined;
      return { recorded: !r.noop, ...(content !== undefined ? { content } : {}) };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }

  /**
   * Records the person's save in the background (a save never waits for it): as theirs, with no
   * inputs. A file that got its id stamped reloads its tab if it is still clean; a failure is
   * told to the person, and the save stands either way.
   */
  async personSaved(
    path: string,
    text: string,
    reload: () => Promise<void>,
    notify: (message: Notice) => void,
  ): Promise<void> {
    const r = await this.captureSave(path, text, { person: true });
    if (r.error) notify(notices.coherenceNotUpdated(path, r.error));
    else if (r.content !== undefined) await reload();
  }

  /** The kernel of the folder a virtual path is in, and the path inside it; null if none. */
  private async place(path: string) {
    const segments = path.split('/').filter((s) => s !== '');
    if (segments.length < 2) return null;
    const kernel = await this.kernel(`/${segments[0]}`);
    if (typeof kernel === 'string') return null;
    return { kernel, mount: segments[0], rel: segments.slice(1).join('/') };
  }

  /** A folder closed or was re-picked: its kernel is made afresh next time. */
  forget(mount: string): void {
    this.unwatch.get(mount)?.();
    this.unwatch.delete(mount);
    this.kernels.delete(mount);
    this.states.delete(mount);
  }
}

/**
 * The kernels of the core's open folders, with the writer id kept in the app's database. Each
 * read scans the folder first. From the settings as they are at each use: "Track document
 * provenance" (on, the scan may start a ledger and adopt documents; off, it only follows a folder
 * that has one) and "Your name", which the person's records carry.
 */
export function coherenceKernelsFor(
  db: Db,
  settings: () => { trackProvenance: boolean; personName: string },
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
    tracking: () => settings().trackProvenance,
    personName: () => settings().personName,
    scan: async (deps, state, handle, onProgress) => {
      // About to reuse the last walk: give a change made a moment ago the time to be reported.
      if (state.watch.live && !state.watch.changed) await sleep(REPORT_GRACE_MS);
      const report = await scan(deps, state, fsaWorkspaceFs(handle), {
        policy: settings().trackProvenance ? 'adopt' : 'tracked-only',
        onProgress,
        writeSnapshot: (hash, bytes) => writeSnapshotBytes(deps.fs, hash, bytes),
      });
      // The read goes on with the ledger as it is; what the scan could not do is tried again at
      // the next read, shown in the Breakdown view (state.scanErrors) and said in the console.
      if (report.errors.length > 0)
        console.warn('coherence scan:', report.errors.map((e) => e.message).join('; '));
    },
  });
}
