/**
 * The state of one origin edge: whether its downstream still rests on the upstream revision it
 * read, and if not, how (stale, checked, resolved, diverged, unresolvable). Nine questions asked in
 * order; the first that decides wins. Pure: everything it looks at comes in through the context.
 */
import { parseTime } from '../format/envelope';
import { compareEntries, isStrictAncestor, resolve, type Dag, type Selection } from './dag';
import { sameEdge, type OriginEdge } from './edges';
import type { ContentHash, EdgeKind, EdgeState, Entry, FreshState, Uuid } from '../format/records';

export type ResolutionEntry = Entry<'ratification'> | Entry<'waiver'>;

export interface ProjectionContext {
  dag: Dag;
  /** What the projecting context selects for an object (the breakdown selects all-live). */
  selectionFor: (object: Uuid) => Selection;
  /** Ratifications and waivers; records for other edges are ignored. */
  resolutions: readonly ResolutionEntry[];
  /** Check results; those for other edges, contexts or claim sets are ignored. */
  checks: readonly Entry<'check-result'>[];
  /** The projecting context's id: only its check results count. */
  context: Uuid;
  /** The fingerprint of the claims the context feeds now: only checks made with it count. */
  claimsFingerprint: ContentHash;
  /** Milliseconds since the epoch, for waiver expiry. */
  now: number;
}

/** A projected edge: not listed (null), fresh, or one of the states the breakdown lists. */
export type Projection = null | FreshState | EdgeState;

/** Edge kinds that never go stale by version (they still show structural trouble). */
const INERT_KINDS: ReadonlySet<EdgeKind> = new Set(['part-of', 'mention']);

/** Milliseconds since the epoch of an RFC 3339 time, or null if it is not one. */
export function parseRfc3339(text: string): number | null {
  return parseTime(text)?.ms ?? null;
}

/** A waiver is in force without `expires` or while `expires` lies ahead; unparseable = expired. */
export function waiverInForce(body: { expires?: string }, now: number): boolean {
  if (body.expires === undefined) return true;
  const ms = parseRfc3339(body.expires);
  return ms !== null && ms > now;
}

function latest<T extends { time: string; id: string }>(items: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || compareEntries(item, best) > 0) best = item;
  return best;
}

export function projectEdge(edge: OriginEdge, ctx: ProjectionContext): Projection {
  // 1. Only direct inputs are dependencies; contextual ones are provenance only.
  if (edge.role !== 'direct') return null;

  // 2. Only the downstream's current revision speaks: a newer one retires this edge, and a
  //    downstream with several heads has no current revision.
  const down = resolve(ctx.dag, ctx.selectionFor(edge.downstream), edge.downstream);
  if (down.kind !== 'single' || down.revision !== edge.downstream_rev) return null;

  // 3. The upstream revision to compare against.
  const up = resolve(ctx.dag, ctx.selectionFor(edge.upstream), edge.upstream);
  if (up.kind === 'diverged-heads') return 'diverged-multi-head';
  if (up.kind !== 'single') return 'unpinnable';
  const sel = up.revision;

  // 4. Inert kinds never go stale by version.
  if (INERT_KINDS.has(edge.kind)) return 'fresh';

  // 5. The newest resolution made against exactly this upstream revision decides, unless it is
  //    an expired waiver (then older records for this revision are not consulted either).
  const decisive = latest(
    ctx.resolutions.filter((r) => sameEdge(r.body.edge, edge) && r.body.resolved_against === sel),
  );
  if (decisive?.kind === 'ratification') return 'fresh-ratified';
  if (decisive?.kind === 'waiver' && waiverInForce(decisive.body, ctx.now)) return 'waived';

  // 6. Still on the revision it read.
  if (edge.pinned === sel) return 'fresh';

  // 7. The upstream moved on since: a check of exactly this pair, in this context with the
  //    current claims, says how; without one it is plainly version-stale.
  if (isStrictAncestor(ctx.dag, edge.upstream, edge.pinned, sel)) {
    const check = latest(
      ctx.checks.filter(
        (c) =>
          sameEdge(c.body.edge, edge) &&
          c.body.pinned === edge.pinned &&
          c.body.checked_against === sel &&
          c.body.context === ctx.context &&
          c.body.claims_fingerprint === ctx.claimsFingerprint,
      ),
    );
    switch (check?.body.verdict) {
      case 'no-contradiction':
        return 'stale-valid';
      case 'contradiction':
        return 'stale-contradicted';
      case 'unknown':
        return 'stale-unknown';
      default:
        return 'version-stale';
    }
  }

  // 8. The pin is newer than what the context selects.
  if (isStrictAncestor(ctx.dag, edge.upstream, sel, edge.pinned)) return 'fresh-ahead';

  // 9. Pin and selection lie on separate branches.
  return 'diverged';
}

/** Whether a projection is one of the fresh labels (never listed in the breakdown). */
export function isFresh(p: Projection): p is FreshState {
  return p === 'fresh' || p === 'fresh-ratified' || p === 'fresh-ahead';
}
