/**
 * Watching for changes made outside the app (another program, another tab of the browser), for
 * MCP resources (docs/mcp.md): one file, for a subscription to a file no tab has open (the
 * browser's FileSystemObserver on the file's folder, not recursive; the records that name the
 * file, or that cannot say what changed, are told), and a whole workspace, for the list of
 * documents (recursive; every record is passed on). Without an observer, or for a folder that is
 * not there, nothing is watched.
 */
import type { WatchRecord } from '../../coherence/scan/workspaceWatch';
import {
  toWatchRecord,
  type ObserverClass,
  type ObserverLike,
  type ObserverRecord,
} from '../coherenceRecords/folderWatch';
import { dirAt } from './fileAccess';

function names(record: ObserverRecord, name: string): boolean {
  if (record.type === 'unknown' || record.type === 'errored') return true;
  return record.relativePathComponents[0] === name || record.relativePathMovedFrom?.[0] === name;
}

/** Starts watching `segments` below `root`; answers how to stop. */
export function watchFile(
  root: FileSystemDirectoryHandle,
  segments: readonly string[],
  onChange: () => void,
): () => void {
  const Observer = (globalThis as { FileSystemObserver?: ObserverClass }).FileSystemObserver;
  const name = segments.at(-1);
  if (typeof Observer !== 'function' || name === undefined) return () => {};
  let observer: ObserverLike | null = null;
  let stopped = false;
  void (async () => {
    try {
      const folder = await dirAt(root, segments.slice(0, -1));
      if (stopped) return;
      observer = new Observer((records) => {
        if (!stopped && records.some((r) => names(r, name))) onChange();
      });
      await observer.observe(folder, { recursive: false });
    } catch {
      // No folder to watch (or no access to it): a change there cannot be told.
    }
  })();
  return () => {
    stopped = true;
    observer?.disconnect();
  };
}

/** Starts watching everything below `root`; answers how to stop. */
export function watchTree(
  root: FileSystemDirectoryHandle,
  onRecords: (records: WatchRecord[]) => void,
): () => void {
  const Observer = (globalThis as { FileSystemObserver?: ObserverClass }).FileSystemObserver;
  if (typeof Observer !== 'function') return () => {};
  let stopped = false;
  let observer: ObserverLike;
  try {
    observer = new Observer((records) => {
      if (stopped) return;
      onRecords(records.map(toWatchRecord));
    });
  } catch {
    return () => {};
  }
  observer.observe(root, { recursive: true }).catch(() => undefined);
  return () => {
    stopped = true;
    observer.disconnect();
  };
}
