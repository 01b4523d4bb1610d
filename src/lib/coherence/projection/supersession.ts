/**
 * Chains of ledger entries linked by `supersedes` (claims and delegations): each act appends a
 * new entry naming the entry it follows, so the chain's current entry is one that no other entry
 * of the chain follows. Two writers may follow the same entry at once; then the chain has several
 * such ends, the latest in (time, id) order is current, and the chain reports one conflict.
 */
import { compareEntries } from '../format/envelope';

/** What this module reads of an entry: any ledger entry fits, whatever its kind. */
export interface LedgerEntryLike {
  id: string;
  kind: string;
  time: string;
  body: unknown;
}

/** An entry of a chain: its body names the entry it follows (null for the first). */
export interface ChainEntry {
  id: string;
  time: string;
  body: { supersedes: string | null };
}

/** A chain whose current entry was a choice between rivals (concurrent acts). */
export interface ChainConflict {
  /** The stable id the chain belongs to (claim id or grant id). */
  chain: string;
  /** The entry that was made current: the latest rival in (time, id) order. */
  current: string;
  /** Every rival end of the chain (the current one included), oldest first. */
  rivals: string[];
}

export interface ChainCurrent<E extends ChainEntry> {
  current: E;
  conflict: ChainConflict | null;
}

/**
 * The current entry of one chain (all entries share the same stable id). Entries that follow an
 * entry outside the chain still count as ends; a chain that is all loop (no end) falls back to
 * its latest entry and reports a conflict. Null only for an empty chain.
 */
export function currentOfChain<E extends ChainEntry>(
  chain: string,
  entries: readonly E[],
): ChainCurrent<E> | null {
  if (entries.length === 0) return null;
  const ordered = [...entries].sort(compareEntries);
  const ids = new Set(ordered.map((e) => e.id));
  const followed = new Set<string>();
  for (const e of ordered) {
    const prev = e.body.supersedes;
    if (prev !== null && prev !== e.id && ids.has(prev)) followed.add(prev);
  }
  const ends = ordered.filter((e) => !followed.has(e.id));
  if (ends.length === 1) return { current: ends[0], conflict: null };
  const rivals = ends.length > 0 ? ends : ordered;
  const current = rivals[rivals.length - 1];
  return { current, conflict: { chain, current: current.id, rivals: rivals.map((e) => e.id) } };
}

/**
 * Every chain of the given entries, grouped by the stable id `key` reads from an entry, each with
 * its current entry; conflicts listed in chain-id order.
 */
export function currentOfChains<E extends ChainEntry>(
  entries: readonly E[],
  key: (entry: E) => string,
): { current: Map<string, E>; conflicts: ChainConflict[] } {
  const groups = new Map<string, E[]>();
  for (const e of entries) {
    const k = key(e);
    const group = groups.get(k);
    if (group) group.push(e);
    else groups.set(k, [e]);
  }
  const current = new Map<string, E>();
  const conflicts: ChainConflict[] = [];
  for (const k of [...groups.keys()].sort()) {
    const found = currentOfChain(k, groups.get(k) ?? []);
    if (!found) continue;
    current.set(k, found.current);
    if (found.conflict) conflicts.push(found.conflict);
  }
  return { current, conflicts };
}
