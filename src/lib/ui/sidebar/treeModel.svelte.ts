/**
 * One workspace's file tree as a flat list of rows: the listings of the folders it has loaded, the
 * folders that are open (kept for the browser tab in sessionStorage, so a reload shows the same
 * tree), and the rows a person sees, in order, which the view renders a window of.
 */
import type { DirEntry } from '../../core/types';
import { app } from '../shell/appState.svelte';

export type TreeRow =
  | {
      kind: 'entry';
      key: string;
      entry: DirEntry;
      depth: number;
      /** 1-based position among its folder's entries, and how many entries that folder has. */
      pos: number;
      size: number;
    }
  | { kind: 'error'; key: string; message: string; depth: number };

type Listing = { entries: DirEntry[] } | { error: string };

const storageKey = (root: string) => `vmark.tree.open ${root}`;

function readOpen(root: string): Set<string> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(root)) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((p) => typeof p === 'string') : []);
  } catch {
    return new Set();
  }
}

export class FolderTree {
  /** Replaced whole on every change (one folder's listing can hold 10,000 entries: no deep proxy). */
  private listings = $state.raw<Record<string, Listing>>({});
  /** Replaced whole on every change, never edited in place. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  open = $state.raw<ReadonlySet<string>>(new Set());
  /** Per folder, the number of the newest load: an older answer that arrives later is dropped. */
  // Not reactive on purpose: only the loads read it.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private loads = new Map<string, number>();

  constructor(readonly root: string) {
    this.open = readOpen(root);
  }

  /** Every row a person can reach by scrolling, folders' children right after them. */
  readonly rows = $derived.by(() => {
    const out: TreeRow[] = [];
    const walk = (dir: string, depth: number) => {
      const listing = this.listings[dir];
      if (!listing) return;
      if ('error' in listing) {
        out.push({ kind: 'error', key: `error:${dir}`, message: listing.error, depth });
        return;
      }
      const size = listing.entries.length;
      listing.entries.forEach((entry, i) => {
        out.push({ kind: 'entry', key: entry.path, entry, depth, pos: i + 1, size });
        if (entry.kind === 'directory' && this.open.has(entry.path)) walk(entry.path, depth + 1);
      });
    };
    walk(this.root, 0);
    return out;
  });

  /** Row index by path, for keyboard moves (built once per change of the rows, not per key). */
  readonly indexOf = $derived.by(() => {
    // Built whole here and only read after: no reactive map needed.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const map = new Map<string, number>();
    this.rows.forEach((r, i) => map.set(r.key, i));
    return map;
  });

  isOpen(path: string): boolean {
    return this.open.has(path);
  }

  toggle(path: string, open = !this.open.has(path)): void {
    if (open === this.open.has(path)) return;
    // A new set that replaces the old one whole (the field is raw state).
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const next = new Set(this.open);
    if (open) next.add(path);
    else next.delete(path);
    this.open = next;
    try {
      sessionStorage.setItem(storageKey(this.root), JSON.stringify([...next]));
    } catch {
      // Storage full or blocked: the tree still works, it is just not remembered.
    }
    // Opening lists the folder again, as it may have changed since it was last open.
    if (open) void this.load(path);
  }

  /** Lists the root and every open folder again (after a change to the files). */
  refresh(): void {
    void this.load(this.root);
    for (const p of this.open) if (p.startsWith(this.root + '/')) void this.load(p);
  }

  private async load(dir: string): Promise<void> {
    const core = app.core;
    if (!core) return;
    const n = (this.loads.get(dir) ?? 0) + 1;
    this.loads.set(dir, n);
    const r = await core.listDir(dir);
    if (this.loads.get(dir) !== n) return;
    const listing: Listing = r.ok
      ? {
          entries:
            dir === this.root ? r.entries.filter((e) => !e.name.startsWith('.vmark')) : r.entries,
        }
      : { error: r.message };
    this.listings = { ...this.listings, [dir]: listing };
  }
}
