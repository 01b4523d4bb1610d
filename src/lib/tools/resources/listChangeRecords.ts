/**
 * Which changes on disk change the list of documents `resources/list` answers (docs/mcp.md,
 * "List changes"): a document or a folder that appeared, disappeared or moved, outside the folders
 * the list never enters. A file's content changing does not change the list; neither do the
 * browser's swap files nor the app's own records in `.vmark/`. A change the browser cannot
 * describe counts, to be safe.
 */
import { IGNORED_DIRS } from '../../coherence/scan/scanWalk';
import type { WatchRecord } from '../../coherence/scan/workspaceWatch';
import { kindForPath } from '../../fileKinds/kind';

/** A FileSystemObserver record, paths below the watched workspace root. */
export type TreeRecord = WatchRecord;

function listed(path: readonly string[], kind: TreeRecord['kind']): boolean {
  if (path.length === 0) return false;
  if (path.slice(0, -1).some((segment) => IGNORED_DIRS.includes(segment))) return false;
  const name = path[path.length - 1];
  if (kind === 'directory') return !IGNORED_DIRS.includes(name);
  const documentKind = kindForPath(`/root/${path.join('/')}`);
  if (documentKind === 'markdown' || documentKind === 'yaml-workflow') return true;
  // Something gone whose kind the browser no longer knows: a folder when its name has no dot.
  return kind === null && !name.includes('.') && !IGNORED_DIRS.includes(name);
}

/** Whether any of the records changes the list of documents. */
export function changesDocumentList(records: readonly TreeRecord[]): boolean {
  return records.some((r) => {
    if (r.type === 'unknown' || r.type === 'errored') return true;
    if (r.type === 'modified') return false;
    return listed(r.path, r.kind) || (r.movedFrom !== undefined && listed(r.movedFrom, r.kind));
  });
}
