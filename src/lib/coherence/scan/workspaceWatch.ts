/**
 * Knowing that nothing changed on disk without looking: where the browser can watch a folder
 * (FileSystemObserver), the app tells the scan which changes it saw, and a scan after none reuses
 * the last complete walk instead of asking every file for its size and time again (a round trip
 * each). A markdown file reported modified (and nothing else) is looked at again alone: the
 * rest of the last walk still holds. Any other doubt — no observer, an observer that failed, a
 * change it could not describe, a markdown file appearing, going or moving, a folder or a cache
 * tag — means a walk, as before.
 */
import type { IdentityReading } from '../format/identity';
import type { ContentHash } from '../format/records';
import { CACHE_TAG, IGNORED_DIRS, IGNORED_PREFIXES, type WalkDiagnostic } from './scanWalk';

/** A change as FileSystemObserver describes it (the app passes its records through). */
export interface WatchRecord {
  type: 'appeared' | 'disappeared' | 'modified' | 'moved' | 'unknown' | 'errored';
  /** Path components below the watched folder. */
  path: readonly string[];
  /** For `moved`: where it came from. */
  movedFrom?: readonly string[];
  /** What changed, when the browser still knows (null for something gone). */
  kind: 'file' | 'directory' | null;
}

/** What the last complete walk found, without any file's bytes. */
export interface RememberedWalk {
  files: {
    path: string;
    size: number;
    lastModified: number;
    hash: ContentHash;
    identity: IdentityReading;
  }[];
  skipped: string[];
  cacheDirs: string[];
  diagnostics: WalkDiagnostic[];
}

export interface WatchState {
  /** The app watches the folder and will report every change from now on. */
  live: boolean;
  /** Something that matters changed since the last walk began (or nothing was walked yet). */
  changed: boolean;
  /** The last complete walk, reusable while `live && !changed`. */
  last: RememberedWalk | null;
  /** Markdown files reported modified since the last walk began: looked at again alone. */
  touched: Set<string>;
}

export function unwatched(): WatchState {
  return { live: false, changed: true, last: null, touched: new Set() };
}

function pathMatters(components: readonly string[], kind: WatchRecord['kind']): boolean {
  if (components.length === 0) return true; // the folder itself
  const path = components.join('/');
  if (components.some((c) => IGNORED_DIRS.includes(c))) return false;
  if (IGNORED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  const name = components[components.length - 1];
  if (name === CACHE_TAG) return true;
  if (kind === 'directory') return true;
  if (name.toLowerCase().endsWith('.md')) return true;
  // A file of another kind does not matter; something gone without a kind might be a folder.
  return kind === null && !/\.[^.]+$/.test(name);
}

/** Whether a change the browser reported may change what a walk finds. */
export function recordMatters(record: WatchRecord): boolean {
  if (record.type === 'unknown' || record.type === 'errored') return true;
  if (pathMatters(record.path, record.kind)) return true;
  return record.type === 'moved' && record.movedFrom !== undefined
    ? pathMatters(record.movedFrom, record.kind)
    : false;
}

/** A markdown file's content changed in place: nothing else of the walk can have. */
function isFileEdit(record: WatchRecord): boolean {
  const name = record.path[record.path.length - 1] ?? '';
  return record.type === 'modified' && record.kind === 'file' && name.toLowerCase().endsWith('.md');
}

/** Applies a batch of records; an `errored` one ends the watch (walks every time from then on). */
export function noteRecords(state: WatchState, records: readonly WatchRecord[]): void {
  for (const r of records) {
    if (r.type === 'errored') state.live = false;
    if (!recordMatters(r)) continue;
    if (isFileEdit(r)) state.touched.add(r.path.join('/'));
    else state.changed = true;
  }
}
