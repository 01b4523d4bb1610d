/**
 * The workspace documents `resources/list` names after the open tabs (docs/mcp.md, "Documents as
 * resources"). The walk goes one folder at a time and only as far as a page needs, so listing
 * the first hundred documents of a large repository does not read every folder of it.
 *
 * - Listed: files whose path says they are documents (`.md`, `.markdown`, and `.yml`/`.yaml`
 *   in `.github/workflows`); other YAML is decided by its text, so it is not listed.
 * - Never entered: the folders the coherence scan leaves alone (`.git`, `node_modules`, …, a
 *   folder below the root holding `CACHEDIR.TAG`, `.claude/worktrees` at the root).
 * - A folder that cannot be listed (lost access, removed meanwhile) is passed over.
 * - In each folder its files come before its subfolders, each by name as the file tree sorts.
 * - At most `limit` documents; the walk ends there.
 */
import { kindForPath } from '../../fileKinds/kind';
import { CACHE_TAG, IGNORED_DIRS, IGNORED_PREFIXES } from '../../coherence/scan/scanWalk';
import type { DirEntryView as DirEntry } from '../host';

/** What a folder holds, or null when it cannot be listed. */
export type ListFolder = (path: string) => Promise<DirEntry[] | null>;

export const MAX_LISTED_DOCUMENTS = 20_000;

export interface DocumentWalk {
  /** How many documents it has answered so far. */
  readonly position: number;
  /** Nothing is left (or the limit was reached). */
  readonly done: boolean;
  /** Whether it stopped at the limit with folders still unread. */
  readonly truncated: boolean;
  /** The next `n` documents that `keep` accepts; fewer only when the walk is done. */
  next(n: number, keep?: (path: string) => boolean): Promise<string[]>;
}

interface Pending {
  path: string;
  kind: DirEntry['kind'];
  /** The workspace root it lies in. */
  root: string;
}

function ignoredFolder(entry: DirEntry, root: string): boolean {
  if (IGNORED_DIRS.includes(entry.name)) return true;
  const relative = entry.path.slice(root.length + 1);
  return IGNORED_PREFIXES.includes(relative);
}

/** Walks the folders `roots` (virtual paths such as `/notes`) depth first. */
export function walkDocuments(
  roots: readonly string[],
  list: ListFolder,
  limit = MAX_LISTED_DOCUMENTS,
): DocumentWalk {
  const stack: Pending[] = [...roots]
    .reverse()
    .map((root) => ({ path: root, kind: 'directory', root }));
  let position = 0;

  async function enter(folder: Pending): Promise<void> {
    const entries = await list(folder.path);
    if (!entries) return;
    const below = folder.path !== folder.root;
    if (below && entries.some((e) => e.kind === 'file' && e.name === CACHE_TAG)) return;
    const folders = entries.filter((e) => e.kind === 'directory' && !ignoredFolder(e, folder.root));
    const files = entries.filter((e) => e.kind === 'file');
    // The stack pops from its end: subfolders go under the files so the files come first.
    for (const e of [...folders].reverse()) stack.push({ ...e, root: folder.root });
    for (const e of [...files].reverse()) stack.push({ ...e, root: folder.root });
  }

  return {
    get position() {
      return position;
    },
    get done() {
      return stack.length === 0 || position >= limit;
    },
    get truncated() {
      return position >= limit && stack.length > 0;
    },
    async next(n, keep = () => true) {
      const out: string[] = [];
      while (out.length < n && stack.length > 0 && position < limit) {
        const item = stack.pop() as Pending;
        if (item.kind === 'directory') {
          await enter(item);
          continue;
        }
        const kind = kindForPath(item.path);
        if ((kind === 'markdown' || kind === 'yaml-workflow') && keep(item.path)) {
          out.push(item.path);
          position++;
        }
      }
      return out;
    },
  };
}
