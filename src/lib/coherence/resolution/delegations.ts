/**
 * Delegations: a person lets one AI client resolve breakdown rows (accept newer, waive) for a
 * limited number of days. A grant is a stable grant id; granting and revoking each append a
 * `delegation` entry with that id, the revoke superseding the grant with an empty scope. Only
 * resolving can be delegated: claims and contexts stay the person's. The gate fails closed.
 */
import type { DelegationBody, DelegationScope, Uuid } from '../format/records';
import { compareEntries } from '../format/envelope';
import {
  currentOfChains,
  type ChainConflict,
  type ChainEntry,
  type LedgerEntryLike,
} from '../projection/supersession';

/** Everything a client can be allowed to do; nothing else can be delegated. */
export const DELEGATION_SCOPES: readonly DelegationScope[] = [
  'resolve.accept-newer',
  'resolve.waive',
];
export const MIN_GRANT_DAYS = 1;
export const MAX_GRANT_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DelegationEntry extends ChainEntry {
  id: Uuid;
  kind: 'delegation';
  time: string;
  body: DelegationBody;
}

function isDelegationEntry(e: LedgerEntryLike): e is DelegationEntry {
  return e.kind === 'delegation';
}

export function isDelegationScope(value: unknown): value is DelegationScope {
  return DELEGATION_SCOPES.includes(value as DelegationScope);
}

export interface GrantRequest {
  /** A fresh UUIDv7 minted by the caller: the grant's stable id. */
  grantId: Uuid;
  /** The person granting (their display name). */
  human: string;
  /** The AI client's registered name (its credential's principal). */
  principal: string;
  scope: readonly string[];
  /** Whole days, 1 to 365: a grant always ends. */
  days: number;
  now: Date;
}

/** A new grant's body, or why it cannot be granted. */
export function grantDelegation(
  req: GrantRequest,
  existing: readonly LedgerEntryLike[] = [],
): DelegationBody | string {
  if (!UUID.test(req.grantId)) return 'A grant id must be a UUID.';
  if (existing.some((e) => isDelegationEntry(e) && e.body.delegation === req.grantId))
    return `Grant ${req.grantId} already exists.`;
  const human = req.human.trim();
  if (human === '') return 'Set your name in Settings before granting.';
  const principal = req.principal.trim();
  if (principal === '') return 'Name the AI client to grant to.';
  if (req.scope.length === 0) return 'Choose at least one thing the client may do.';
  const unknown = req.scope.filter((s) => !isDelegationScope(s));
  if (unknown.length > 0)
    return `Only ${DELEGATION_SCOPES.join(' and ')} can be granted, not ${unknown.join(', ')}.`;
  if (!Number.isInteger(req.days) || req.days < MIN_GRANT_DAYS || req.days > MAX_GRANT_DAYS)
    return `A grant lasts ${MIN_GRANT_DAYS} to ${MAX_GRANT_DAYS} whole days.`;
  const now = req.now.getTime();
  if (Number.isNaN(now)) return 'The current time is unknown.';
  return {
    delegation: req.grantId,
    actor: { type: 'human', id: human },
    delegate: { type: 'external', id: principal },
    scope: DELEGATION_SCOPES.filter((s) => req.scope.includes(s)),
    expires: new Date(now + req.days * DAY_MS).toISOString(),
    supersedes: null,
  };
}

/** A grant as it stands now (its current entry). */
export interface Grant {
  grant: Uuid;
  entryId: Uuid;
  principal: string;
  scope: DelegationScope[];
  expires: string;
  /** The person who made the current entry (granted, or revoked). */
  by: string;
  revoked: boolean;
  entry: DelegationEntry;
}

function grantOf(grant: Uuid, entry: DelegationEntry): Grant {
  const written = Array.isArray(entry.body.scope) ? entry.body.scope : [];
  const scope = written.filter(isDelegationScope);
  return {
    grant,
    entryId: entry.id,
    principal: entry.body.delegate?.id ?? '',
    scope,
    expires: entry.body.expires,
    by: entry.body.actor?.id ?? '',
    revoked: written.length === 0,
    entry,
  };
}

/** Every grant's current state (revoked ones included) by grant id, and concurrent acts. */
export function currentGrants(entries: readonly LedgerEntryLike[]): {
  grants: Grant[];
  conflicts: ChainConflict[];
} {
  const { current, conflicts } = currentOfChains(
    entries.filter(isDelegationEntry),
    (e) => e.body.delegation,
  );
  return { grants: [...current].map(([grant, entry]) => grantOf(grant, entry)), conflicts };
}

/** Whether a grant's time is up at `now` (an unreadable expiry counts as up). */
export function isExpired(grant: Grant, now: Date): boolean {
  const expires = Date.parse(grant.expires);
  return Number.isNaN(expires) || !(expires > now.getTime());
}

/**
 * The grants to list (with Revoke): every grant not revoked, expired ones included, so an
 * expired grant stays visible until someone revokes it.
 */
export function listedGrants(
  entries: readonly LedgerEntryLike[],
  now: Date,
): (Grant & { expired: boolean })[] {
  return currentGrants(entries)
    .grants.filter((g) => !g.revoked)
    .map((g) => ({ ...g, expired: isExpired(g, now) }));
}

/** The revoking entry's body: same grant and client, no scope, following the current entry. */
export function revokeDelegation(
  entries: readonly LedgerEntryLike[],
  grantId: Uuid,
  human: string,
): DelegationBody | string {
  const grant = currentGrants(entries).grants.find((g) => g.grant === grantId);
  if (!grant) return `There is no grant ${grantId}.`;
  if (grant.revoked) return 'This grant is already revoked.';
  const name = human.trim();
  if (name === '') return 'Set your name in Settings before revoking.';
  return {
    delegation: grantId,
    actor: { type: 'human', id: name },
    delegate: { type: 'external', id: grant.principal },
    scope: [],
    expires: grant.expires,
    supersedes: grant.entryId,
  };
}

/**
 * The gate every delegated resolution goes through: the id of a grant whose current entry names
 * exactly this client, includes this scope and has not expired, or why not. Anything unexpected
 * (no client, unknown scope, unreadable time, a grant not made by a person) refuses.
 */
export function liveDelegationFor(
  entries: readonly LedgerEntryLike[],
  principal: string,
  scope: string,
  now: Date,
): { grant: Uuid } | { refusal: string } {
  if (typeof principal !== 'string' || principal.trim() === '')
    return { refusal: 'unidentified client: no AI client credential came with the request' };
  if (!isDelegationScope(scope))
    return { refusal: `${String(scope)} is not something a client can be allowed to do` };
  if (!(now instanceof Date) || Number.isNaN(now.getTime()))
    return { refusal: 'the current time is unknown' };
  const live = currentGrants(entries).grants.filter(
    (g) =>
      g.entry.body.actor?.type === 'human' &&
      g.entry.body.delegate?.type === 'external' &&
      g.principal === principal &&
      g.scope.includes(scope) &&
      !isExpired(g, now),
  );
  if (live.length === 0)
    return { refusal: `no live delegation authorizes ${scope} for ${principal}` };
  // Several live grants: name the most recent one in the audit trail.
  return { grant: live.reduce((a, b) => (compareEntries(b.entry, a.entry) > 0 ? b : a)).grant };
}
