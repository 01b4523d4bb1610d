/**
 * The revision history of every object, read from the ledger: which revisions exist, their parents
 * and content hashes, the heads, and where each object lives (the registry). Pure functions over
 * entries that the ledger has already validated, ordered by (time, id) and deduplicated by idem.
 *
 * Revisions are kept per object: two objects may share a revision id (two files created with the
 * same text have the same root revision), so every question names the object it is about.
 */
import { compareEntries, isKind } from '../format/envelope';

export { compareEntries, isKind };

import type {
  ContentHash,
  Entry,
  Envelope,
  ObjectRegisteredBody,
  RevisionId,
  Uuid,
} from '../format/records';

/** Any ledger entry: a known kind with its body, or an unknown kind kept as it was read. */
export type AnyEntry = Entry | Envelope<string, unknown>;

export interface RevisionNode {
  revision: RevisionId;
  parents: RevisionId[];
  content_hash: ContentHash;
  /** The transformation entry that first recorded this revision. */
  txf: Uuid;
}

export interface Registration {
  path: string;
  schema?: string;
  /** The `object-registered` entry that put the object at this path. */
  entry: Uuid;
}

export interface Dag {
  /** Object id → its revisions by id (first recording wins; later re-emissions are ignored). */
  revisions: Map<Uuid, Map<RevisionId, RevisionNode>>;
  /** Object id → its latest registration by (time, id). */
  registry: Map<Uuid, Registration>;
  /** Path → the object whose latest registration names that path (the latest one, if several). */
  byPath: Map<string, Uuid>;
  /** Object → its heads, sorted (worked out once, when the DAG is built). */
  heads: Map<Uuid, RevisionId[]>;
}

/** What a context selects for an object: its live heads, or one pinned revision. */
export type Selection = 'live' | RevisionId;

export type Resolved =
  | { kind: 'single'; revision: RevisionId }
  | { kind: 'diverged-heads'; heads: RevisionId[] }
  | { kind: 'absent' }
  | { kind: 'unknown-pin'; revision: RevisionId };

/**
 * `build` over entry lists, built once for each frozen list (a ledger read's: a read that found
 * the ledger unchanged answers the same frozen list, which its readers share).
 */
export function keptForFrozen<T>(
  build: (entries: readonly AnyEntry[]) => T,
): (entries: readonly AnyEntry[]) => T {
  const kept = new WeakMap<readonly AnyEntry[], T>();
  return (entries) => {
    const known = kept.get(entries);
    if (known !== undefined) return known;
    const built = build(entries);
    if (Object.isFrozen(entries)) kept.set(entries, built);
    return built;
  };
}

export function buildDag(entries: readonly AnyEntry[]): Dag {
  return dagKept(entries);
}

const dagKept = keptForFrozen(dagOf);

function dagOf(entries: readonly AnyEntry[]): Dag {
  const revisions = new Map<Uuid, Map<RevisionId, RevisionNode>>();
  const registry = new Map<Uuid, Registration>();
  const registeredBy = new Map<Uuid, Entry<'object-registered'>>();
  for (const entry of entries) {
    if (isKind(entry, 'transformation')) {
      for (const output of entry.body.outputs) {
        let nodes = revisions.get(output.object);
        if (!nodes) revisions.set(output.object, (nodes = new Map()));
        if (nodes.has(output.revision)) continue;
        nodes.set(output.revision, {
          revision: output.revision,
          parents: [...output.parents],
          content_hash: output.content_hash,
          txf: entry.id,
        });
      }
    } else if (isKind(entry, 'object-registered')) {
      const before = registeredBy.get(entry.body.object);
      if (before && compareEntries(before, entry) > 0) continue;
      registeredBy.set(entry.body.object, entry);
      registry.set(entry.body.object, registrationOf(entry.id, entry.body));
    }
  }
  const byPath = new Map<string, Uuid>();
  const latestAtPath = new Map<string, Entry<'object-registered'>>();
  for (const [object, entry] of registeredBy) {
    const other = latestAtPath.get(entry.body.path);
    if (other && compareEntries(other, entry) > 0) continue;
    latestAtPath.set(entry.body.path, entry);
    byPath.set(entry.body.path, object);
  }
  const headsOf = new Map<Uuid, RevisionId[]>();
  for (const [object, nodes] of revisions) headsOf.set(object, headsAmong(nodes));
  return { revisions, registry, byPath, heads: headsOf };
}

function headsAmong(nodes: Map<RevisionId, RevisionNode>): RevisionId[] {
  const parents = new Set<RevisionId>();
  for (const node of nodes.values()) for (const p of node.parents) parents.add(p);
  return [...nodes.keys()].filter((r) => !parents.has(r)).sort();
}

function registrationOf(entry: Uuid, body: ObjectRegisteredBody): Registration {
  return body.schema === undefined || body.schema === null
    ? { path: body.path, entry }
    : { path: body.path, schema: body.schema, entry };
}

/** The object's revisions that are no other revision's parent, sorted; empty if it has none. */
export function heads(dag: Dag, object: Uuid): RevisionId[] {
  return [...(dag.heads.get(object) ?? [])];
}

export function hasRevision(dag: Dag, object: Uuid, revision: RevisionId): boolean {
  return dag.revisions.get(object)?.has(revision) ?? false;
}

/**
 * Whether `ancestor` lies strictly before `descendant` in the object's history: reachable by
 * walking parents from `descendant` (breadth first), and not the same revision.
 */
export function isStrictAncestor(
  dag: Dag,
  object: Uuid,
  ancestor: RevisionId,
  descendant: RevisionId,
): boolean {
  const nodes = dag.revisions.get(object);
  if (!nodes || ancestor === descendant) return false;
  const seen = new Set<RevisionId>([descendant]);
  const queue: RevisionId[] = [descendant];
  for (let i = 0; i < queue.length; i++) {
    for (const parent of nodes.get(queue[i])?.parents ?? []) {
      if (parent === ancestor) return true;
      if (seen.has(parent)) continue;
      seen.add(parent);
      queue.push(parent);
    }
  }
  return false;
}

/**
 * The revision a selection stands for. A pinned revision counts only if the object has it; live
 * means the heads: none is absent, one is that revision, several have diverged.
 */
export function resolve(dag: Dag, selection: Selection, object: Uuid): Resolved {
  if (selection !== 'live') {
    return hasRevision(dag, object, selection)
      ? { kind: 'single', revision: selection }
      : { kind: 'unknown-pin', revision: selection };
  }
  const live = heads(dag, object);
  if (live.length === 0) return { kind: 'absent' };
  if (live.length === 1) return { kind: 'single', revision: live[0] };
  return { kind: 'diverged-heads', heads: live };
}

/** The registered path of an object, or null if it was never registered. */
export function pathOf(dag: Dag, object: Uuid): string | null {
  return dag.registry.get(object)?.path ?? null;
}

/** The object registered at a path, or null. */
export function objectAt(dag: Dag, path: string): Uuid | null {
  return dag.byPath.get(path) ?? null;
}
