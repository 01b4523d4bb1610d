/**
 * Watches an open folder with the browser's FileSystemObserver (where it exists) and tells the
 * coherence scan what changed (coherence/workspaceWatch.ts). Without an observer, or once it
 * fails, every scan walks the folder as before.
 */
import {
  noteRecords,
  type WatchRecord,
  type WatchState,
} from '../../coherence/scan/workspaceWatch';

export interface ObserverRecord {
  type: WatchRecord['type'];
  relativePathComponents: string[];
  relativePathMovedFrom?: string[] | null;
  changedHandle: FileSystemHandle | null;
}

export interface ObserverLike {
  observe(handle: FileSystemDirectoryHandle, options: { recursive: boolean }): Promise<void>;
  disconnect(): void;
}

export type ObserverClass = new (callback: (records: ObserverRecord[]) => void) => ObserverLike;

/**
 * How long a scan that would reuse the last walk first waits, so that a change made just before
 * the read (reported by the browser a moment later) is still seen by it.
 */
export const REPORT_GRACE_MS = 25;

/** A browser's record as the app describes changes (paths below the watched folder). */
export function toWatchRecord(r: ObserverRecord): WatchRecord {
  return {
    type: r.type,
    path: r.relativePathComponents,
    ...(r.relativePathMovedFrom ? { movedFrom: r.relativePathMovedFrom } : {}),
    kind: r.changedHandle?.kind ?? null,
  };
}

/** Starts watching; answers the function that stops it. */
export function watchFolder(handle: FileSystemDirectoryHandle, state: WatchState): () => void {
  const Observer = (globalThis as { FileSystemObserver?: ObserverClass }).FileSystemObserver;
  if (typeof Observer !== 'function') return () => {};
  let observer: ObserverLike;
  try {
    observer = new Observer((records) => noteRecords(state, records.map(toWatchRecord)));
  } catch {
    return () => {};
  }
  observer.observe(handle, { recursive: true }).then(
    () => {
      // Changes made before the watch began were not seen: the next scan walks.
      state.changed = true;
      state.live = true;
    },
    () => {
      state.live = false;
    },
  );
  return () => {
    state.live = false;
    observer.disconnect();
  };
}
