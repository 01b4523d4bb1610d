/**
 * Claims: short statements about the story world that semantic checks take into account. A claim
 * is a stable claim id; each act on it (create, promote, correct, retire) appends a `claim` entry
 * with that id that supersedes the previous one. Acts are a person's, in the app only (never over
 * MCP). Everything here is pure: the acts build the body to append, or say why not in a sentence.
 */
import type { Actor, ClaimBody, ObjectRevision, RevisionId, Uuid } from '../format/records';
import {
  currentOfChains,
  type ChainConflict,
  type ChainEntry,
  type LedgerEntryLike,
} from '../projection/supersession';

export type Maturity = 'draft' | 'established';

/** A claim entry as read from the ledger. */
export interface ClaimEntry extends ChainEntry {
  id: Uuid;
  kind: 'claim';
  time: string;
  body: ClaimBody;
}

/** A claim as it stands now: its current entry, maturity normalized. */
export interface CurrentClaim {
  claim: Uuid;
  entryId: Uuid;
  statement: string;
  /** Any maturity other than `established` reads as draft. */
  maturity: Maturity;
  validAt: string | null;
  invalidAt: string | null;
  establishedBy: ObjectRevision[];
  entry: ClaimEntry;
}

export interface ClaimsState {
  /** Every claim's current entry, retired ones included, in claim-id order. */
  claims: CurrentClaim[];
  /** Claims whose current entry was chosen between concurrent acts. */
  conflicts: ChainConflict[];
}

function isClaimEntry(e: LedgerEntryLike): e is ClaimEntry {
  return e.kind === 'claim';
}

/** The current state of every claim in the ledger's entries. */
export function currentClaims(entries: readonly LedgerEntryLike[]): ClaimsState {
  const { current, conflicts } = currentOfChains(entries.filter(isClaimEntry), (e) => e.body.claim);
  const claims: CurrentClaim[] = [];
  for (const [claim, entry] of current) {
    claims.push({
      claim,
      entryId: entry.id,
      statement: entry.body.statement,
      maturity: entry.body.maturity === 'established' ? 'established' : 'draft',
      validAt: entry.body.valid_at ?? null,
      invalidAt: entry.body.invalid_at ?? null,
      establishedBy: entry.body.established_by ?? [],
      entry,
    });
  }
  return { claims, conflicts };
}

/**
 * Whether an object is tracked with a single live head, and which: the revision DAG answers it.
 * `{ error }` is shown to the person as it is.
 */
export type SingleHeadLookup = (object: Uuid) => { revision: RevisionId } | { error: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function humanActor(name: string): Actor | string {
  const id = name.trim();
  if (id === '') return 'Set your name in Settings before changing claims.';
  return { type: 'human', id };
}

/** RFC 3339 UTC with milliseconds, or null for something that is not a date and time. */
function isoTime(at: Date | string): string | null {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function statementOf(text: string): string {
  return text.trim();
}

export interface CreateClaim {
  /** A fresh UUIDv7 minted by the caller: the claim's stable id. */
  claimId: Uuid;
  statement: string;
  /** The tracked document the statement was taken from. */
  source: Uuid;
  /** The person acting (their display name). */
  human: string;
  now: Date;
  /** Story-world time the claim holds from; defaults to now. */
  validAt?: string;
}

/** A new claim, born draft, established by the source document's current revision. */
export function createClaim(
  req: CreateClaim,
  singleHead: SingleHeadLookup,
  existing: readonly LedgerEntryLike[] = [],
): ClaimBody | string {
  if (!UUID.test(req.claimId)) return 'A claim id must be a UUID.';
  if (existing.some((e) => isClaimEntry(e) && e.body.claim === req.claimId))
    return `Claim ${req.claimId} already exists.`;
  const statement = statementOf(req.statement);
  if (statement === '') return 'A claim needs a statement: select some text first.';
  const actor = humanActor(req.human);
  if (typeof actor === 'string') return actor;
  const validAt = isoTime(req.validAt ?? req.now);
  if (validAt === null) return 'The time the claim holds from is not a date and time.';
  const head = singleHead(req.source);
  if ('error' in head) return head.error;
  return {
    claim: req.claimId,
    statement,
    valid_at: validAt,
    invalid_at: null,
    established_by: [{ object: req.source, revision: head.revision }],
    supersedes: null,
    maturity: 'draft',
    actor,
  };
}

function findClaim(entries: readonly LedgerEntryLike[], claimId: Uuid): CurrentClaim | string {
  const found = currentClaims(entries).claims.find((c) => c.claim === claimId);
  return found ?? `There is no claim ${claimId}.`;
}

/** The next entry of a claim: the current body with changes, following the current entry. */
function follow(current: CurrentClaim, actor: Actor, changes: Partial<ClaimBody>): ClaimBody {
  return {
    claim: current.claim,
    statement: current.statement,
    valid_at: current.validAt,
    invalid_at: current.invalidAt,
    established_by: current.establishedBy,
    maturity: current.maturity,
    ...changes,
    supersedes: current.entryId,
    actor,
  };
}

/** Draft → established; anything else is refused. */
export function promoteClaim(
  entries: readonly LedgerEntryLike[],
  claimId: Uuid,
  human: string,
): ClaimBody | string {
  const current = findClaim(entries, claimId);
  if (typeof current === 'string') return current;
  if (current.maturity !== 'draft') return 'Only a draft claim can be promoted.';
  const actor = humanActor(human);
  if (typeof actor === 'string') return actor;
  return follow(current, actor, { maturity: 'established' });
}

/** A new statement; maturity is kept and the claim holds again (a retired claim comes back). */
export function correctClaim(
  entries: readonly LedgerEntryLike[],
  claimId: Uuid,
  statement: string,
  human: string,
): ClaimBody | string {
  const current = findClaim(entries, claimId);
  if (typeof current === 'string') return current;
  const text = statementOf(statement);
  if (text === '') return 'A corrected claim needs a statement.';
  const actor = humanActor(human);
  if (typeof actor === 'string') return actor;
  return follow(current, actor, { statement: text, invalid_at: null });
}

/** The claim stops holding at `invalidAt` (default now) and is no longer fed to checks. */
export function retireClaim(
  entries: readonly LedgerEntryLike[],
  claimId: Uuid,
  human: string,
  now: Date,
  invalidAt?: string,
): ClaimBody | string {
  const current = findClaim(entries, claimId);
  if (typeof current === 'string') return current;
  if (current.invalidAt !== null) return 'This claim is already retired.';
  const actor = humanActor(human);
  if (typeof actor === 'string') return actor;
  const at = isoTime(invalidAt ?? now);
  if (at === null) return 'The time the claim stops holding is not a date and time.';
  return follow(current, actor, { invalid_at: at });
}

/** A claim checks take into account: established, visible in the context, current, not retired. */
export function isFed(claim: CurrentClaim, visible: ReadonlySet<Uuid>): boolean {
  return claim.maturity === 'established' && visible.has(claim.claim) && claim.invalidAt === null;
}

/** The claims fed to checks in a context whose effective visible set is `visible`, by claim id. */
export function fedClaims(
  entries: readonly LedgerEntryLike[],
  visible: Iterable<Uuid>,
): CurrentClaim[] {
  const set = new Set(visible);
  return currentClaims(entries).claims.filter((c) => isFed(c, set));
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The fingerprint of a feed: `sha256:` over `<claim-id>=<current-entry-id>\n` for each fed claim
 * in claim-id order. Any change to the fed set or to a fed claim's current entry changes it, so a
 * check made against other claims no longer counts.
 */
export async function claimsFingerprint(
  fed: readonly { claim: Uuid; entryId: Uuid }[],
): Promise<string> {
  const sorted = [...fed].sort((a, b) => (a.claim < b.claim ? -1 : a.claim > b.claim ? 1 : 0));
  return `sha256:${await sha256Hex(sorted.map((c) => `${c.claim}=${c.entryId}\n`).join(''))}`;
}

/** A row of the MCP `claims` answer. */
export interface ClaimRow {
  claim: Uuid;
  entryId: Uuid;
  statement: string;
  maturity: Maturity;
  invalidAt: string | null;
  /** In the default context's effective visible set. */
  visible: boolean;
}

/** Every current claim (retired ones included), by claim id. */
export function claimRows(
  entries: readonly LedgerEntryLike[],
  defaultVisible: Iterable<Uuid>,
): ClaimRow[] {
  const set = new Set(defaultVisible);
  return currentClaims(entries).claims.map((c) => ({
    claim: c.claim,
    entryId: c.entryId,
    statement: c.statement,
    maturity: c.maturity,
    invalidAt: c.invalidAt,
    visible: set.has(c.claim),
  }));
}
