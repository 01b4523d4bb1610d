/**
 * The Breakdown: every edge whose downstream no longer plainly rests on its upstream, one row
 * each, and the numbers the status reports. Pure functions over the ledger's entries (validated,
 * ordered, deduplicated), indexed once into a model that resolutions.ts reads too.
 */
import {
  buildDag,
  compareEntries,
  isKind,
  keptForFrozen,
  pathOf,
  type AnyEntry,
  type Dag,
  type Selection,
} from './dag';
import { edgeKey, originEdges, type OriginEdge } from './edges';
import { isFresh, projectEdge, type ResolutionEntry } from './project';
import type {
  Confidence,
  ContentHash,
  EdgeAnchorBody,
  EdgeKind,
  EdgeState,
  Entry,
  RevisionId,
  Uuid,
} from '../format/records';
import { DEFAULT_CONTEXT_ID } from '../format/records';

/** Everything the breakdown and resolutions read, indexed once per ledger read. */
export interface CoherenceModel {
  dag: Dag;
  edges: OriginEdge[];
  /** Edge key → the first origin edge with that `{txf, input}`. */
  edgeByKey: Map<string, OriginEdge>;
  /** Edge key → its ratifications and waivers, in ledger order. */
  resolutions: Map<string, ResolutionEntry[]>;
  /** Edge key → its check results, in ledger order. */
  checks: Map<string, Entry<'check-result'>[]>;
  /** Object → its latest `object-lifecycle` entry by (time, id). */
  lifecycle: Map<Uuid, Entry<'object-lifecycle'>>;
  /** Edge key → its latest `edge-anchor` entry by (time, id) (empty headings: anchor cleared). */
  anchors: Map<string, Entry<'edge-anchor'>>;
}

export function buildModel(entries: readonly AnyEntry[]): CoherenceModel {
  return modelKept(entries);
}

function modelOf(entries: readonly AnyEntry[]): CoherenceModel {
  const dag = buildDag(entries);
  const edges = originEdges(entries);
  const edgeByKey = new Map<string, OriginEdge>();
  for (const edge of edges) if (!edgeByKey.has(edgeKey(edge))) edgeByKey.set(edgeKey(edge), edge);
  const resolutions = new Map<string, ResolutionEntry[]>();
  const checks = new Map<string, Entry<'check-result'>[]>();
  const lifecycle = new Map<Uuid, Entry<'object-lifecycle'>>();
  const anchors = new Map<string, Entry<'edge-anchor'>>();
  const push = <T>(map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const entry of entries) {
    if (isKind(entry, 'ratification') || isKind(entry, 'waiver')) {
      push(resolutions, edgeKey(entry.body.edge), entry);
    } else if (isKind(entry, 'check-result')) {
      push(checks, edgeKey(entry.body.edge), entry);
    } else if (isKind(entry, 'object-lifecycle')) {
      const before = lifecycle.get(entry.body.object);
      if (!before || compareEntries(entry, before) > 0) lifecycle.set(entry.body.object, entry);
    } else if (isKind(entry, 'edge-anchor')) {
      const key = edgeKey(entry.body.edge);
      const before = anchors.get(key);
      if (!before || compareEntries(entry, before) > 0) anchors.set(key, entry);
    }
  }
  return { dag, edges, edgeByKey, resolutions, checks, lifecycle, anchors };
}

/** Models of frozen entry lists, built once each (dag.ts keptForFrozen). */
const modelKept = keptForFrozen(modelOf);

export type AnchorStatus = 'anchor-unchanged' | 'anchor-changed' | 'anchor-lost';

/**
 * Where an anchored section stands: the hash of the section now (null when its heading path is
 * no longer found, or found more than once) against the hash taken when it was anchored. No
 * status for an edge without an anchor, or whose anchor was cleared.
 */
export function anchorStatus(
  anchor: EdgeAnchorBody | undefined,
  sectionHash: ContentHash | null,
): AnchorStatus | undefined {
  if (!anchor || anchor.headings.length === 0) return undefined;
  if (sectionHash === null) return 'anchor-lost';
  return sectionHash === anchor.anchored_hash ? 'anchor-unchanged' : 'anchor-changed';
}

export interface BreakdownRow {
  txf: Uuid;
  input: number;
  upstream: Uuid;
  /** Null when the upstream was never registered at a path. */
  upstream_path: string | null;
  pinned: RevisionId;
  downstream: Uuid;
  downstream_path: string | null;
  downstream_rev: RevisionId;
  state: EdgeState;
  confidence: Confidence;
  /** How many waivers this edge has had, whatever revision they were made against. */
  prior_waivers: number;
  kind: EdgeKind;
  /** The downstream's latest lifecycle record says frozen. */
  frozen_downstream: boolean;
  /** Only for anchored edges. */
  anchor_status?: AnchorStatus;
  /** Asks for attention: the downstream is not frozen and its anchored section did not stay put. */
  actionable: boolean;
}

export interface BreakdownOptions {
  /** Objects whose files are gone (the scan's finding); their edges are hidden. */
  absent: ReadonlySet<Uuid>;
  /** Milliseconds since the epoch, for waiver expiry. */
  now: number;
  /** The fingerprint of the claims the context feeds now (checks made with another don't count). */
  claimsFingerprint: ContentHash;
  /** The context whose check results count; the default context unless given. */
  context?: Uuid;
  /** What each object resolves to; all-live unless given (the desktop app always uses all-live). */
  selectionFor?: (object: Uuid) => Selection;
  /**
   * The hash of the downstream's section under a heading path now, or null if that path is not
   * found exactly once (worked out by the caller from the downstream's text). Without it, rows
   * carry no anchor status.
   */
  sectionHashFor?: (edge: OriginEdge, headings: readonly string[]) => ContentHash | null;
}

const allLive = (): Selection => 'live';

/** Rows for every listed edge, sorted by downstream path (unregistered first), txf, then input. */
export function breakdown(model: CoherenceModel, options: BreakdownOptions): BreakdownRow[] {
  const context = options.context ?? DEFAULT_CONTEXT_ID;
  const selectionFor = options.selectionFor ?? allLive;
  const rows: BreakdownRow[] = [];
  for (const edge of model.edges) {
    if (options.absent.has(edge.upstream) || options.absent.has(edge.downstream)) continue;
    const key = edgeKey(edge);
    const resolutions = model.resolutions.get(key) ?? [];
    const state = projectEdge(edge, {
      dag: model.dag,
      selectionFor,
      resolutions,
      checks: model.checks.get(key) ?? [],
      context,
      claimsFingerprint: options.claimsFingerprint,
      now: options.now,
    });
    if (state === null || isFresh(state)) continue;
    const frozen = model.lifecycle.get(edge.downstream)?.body.state === 'frozen';
    const anchored = model.anchors.get(key)?.body;
    const anchor =
      options.sectionHashFor && anchored && anchored.headings.length > 0
        ? anchorStatus(anchored, options.sectionHashFor(edge, anchored.headings))
        : undefined;
    const row: BreakdownRow = {
      txf: edge.txf,
      input: edge.input,
      upstream: edge.upstream,
      upstream_path: pathOf(model.dag, edge.upstream),
      pinned: edge.pinned,
      downstream: edge.downstream,
      downstream_path: pathOf(model.dag, edge.downstream),
      downstream_rev: edge.downstream_rev,
      state,
      confidence: edge.confidence,
      prior_waivers: resolutions.filter((r) => r.kind === 'waiver').length,
      kind: edge.kind,
      frozen_downstream: frozen,
      actionable: !frozen && anchor !== 'anchor-unchanged',
    };
    if (anchor !== undefined) row.anchor_status = anchor;
    rows.push(row);
  }
  return rows.sort(compareRows);
}

/** Compares strings by Unicode code point (the order of their UTF-8 bytes). */
function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const ca = ia.next();
    const cb = ib.next();
    if (ca.done || cb.done) return ca.done ? (cb.done ? 0 : -1) : 1;
    const d = ca.value.codePointAt(0)! - cb.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

function compareRows(a: BreakdownRow, b: BreakdownRow): number {
  if (a.downstream_path !== b.downstream_path) {
    if (a.downstream_path === null) return -1;
    if (b.downstream_path === null) return 1;
    return compareCodePoints(a.downstream_path, b.downstream_path);
  }
  if (a.txf !== b.txf) return compareCodePoints(a.txf, b.txf);
  return a.input - b.input;
}

/** The rows asking for attention: every actionable row, whatever its state (waived included). */
export function openItems(rows: readonly BreakdownRow[]): number {
  return rows.filter((r) => r.actionable).length;
}

export interface StatusCounts {
  /** Registered object ids, deleted ones included. */
  objects: number;
  open_items: number;
}

export function statusCounts(model: CoherenceModel, rows: readonly BreakdownRow[]): StatusCounts {
  return { objects: model.dag.registry.size, open_items: openItems(rows) };
}
