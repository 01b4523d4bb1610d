/**
 * Accept newer and waive: the checks a resolution request must pass before its record is
 * appended, and the record's body. Pure: the caller appends the body (and, for an agent, has
 * already checked that a live delegation allows it).
 */
import { resolve } from '../projection/dag';
import { edgeKey } from '../projection/edges';
import { parseRfc3339 } from '../projection/project';
import type { CoherenceModel } from '../projection/breakdown';
import type { Actor, EdgeRef, ResolutionBody, Uuid } from '../format/records';

export type ResolveAction = 'accept-newer' | 'waive';

export interface ResolveRequest {
  edge: EdgeRef;
  /** `accept-newer` (ratify the upstream's current revision) or `waive` (accept the difference). */
  action: string;
  actor: Actor;
  /** Required (not blank) for a waiver. */
  reason?: string;
  /** RFC 3339; a waiver without it never expires. */
  expires?: string;
  /** The stable grant id; required when the actor is an agent. */
  delegation?: Uuid;
}

export type PreparedResolution =
  | { ok: true; kind: 'ratification' | 'waiver'; body: ResolutionBody }
  | { ok: false; error: string };

/**
 * Checks a resolution request against the ledger and gives the body to append, or says why not.
 * The record binds to the upstream's single live head at this moment (`resolved_against`); the
 * edge need not be stale or listed right now.
 */
export function prepareResolution(
  model: CoherenceModel,
  request: ResolveRequest,
): PreparedResolution {
  const { action } = request;
  if (action !== 'accept-newer' && action !== 'waive') {
    return { ok: false, error: `unknown resolve action "${action}" (use accept-newer or waive)` };
  }
  const reason = request.reason?.trim() ?? '';
  if (action === 'waive' && reason === '') {
    return { ok: false, error: 'a waiver needs a reason' };
  }
  if (request.expires !== undefined && parseRfc3339(request.expires) === null) {
    return { ok: false, error: `expires "${request.expires}" is not an RFC 3339 time` };
  }
  if (request.actor.type !== 'human' && !request.delegation) {
    return { ok: false, error: 'an agent resolves only under a delegation' };
  }
  const edge = model.edgeByKey.get(edgeKey(request.edge));
  if (!edge) {
    return {
      ok: false,
      error: `no edge ${request.edge.txf} input ${request.edge.input} in the ledger`,
    };
  }
  const up = resolve(model.dag, 'live', edge.upstream);
  if (up.kind === 'diverged-heads') {
    return {
      ok: false,
      error: `upstream has multiple live heads (${up.heads.length}); save or merge it into one first`,
    };
  }
  if (up.kind !== 'single') {
    return { ok: false, error: 'upstream has no revision to resolve against' };
  }
  const body: ResolutionBody = {
    edge: { txf: edge.txf, input: edge.input },
    upstream_object: edge.upstream,
    pinned: edge.pinned,
    resolved_against: up.revision,
    actor: { type: request.actor.type, id: request.actor.id },
  };
  if (reason !== '') body.reason = reason;
  if (request.expires !== undefined) body.expires = request.expires;
  if (request.delegation) body.delegation = request.delegation;
  return { ok: true, kind: action === 'accept-newer' ? 'ratification' : 'waiver', body };
}
