/**
 * The coherence ledger's records, as desktop VMark writes them (format 0): one JSON envelope a
 * line, with a kind and a body. Field names are the file format's own (snake_case), so a `.vmark/`
 * folder moves between the two apps unchanged. Types only: validation is in envelope.ts.
 */

/** `sha256:` + 64 lowercase hex. */
export type ContentHash = string;
/** `rev1:` + 64 lowercase hex. */
export type RevisionId = string;
/** A UUID string (UUIDv7 for everything this app mints; the default context is the nil UUID). */
export type Uuid = string;

export const LEDGER_FORMAT = 0;

export interface Envelope<K extends string = string, B = Record<string, unknown>> {
  format: number;
  /** UUIDv7 entry id. */
  id: Uuid;
  kind: K;
  /** RFC 3339 UTC with milliseconds and `Z`, e.g. `2026-12-03T16:06:00.000Z`. */
  time: string;
  /** The writer (one per browser profile) whose segment holds the line. */
  writer: Uuid;
  /** UUIDv7 idempotency key: entries with the same idem are one. */
  idem: Uuid;
  body: B;
}

export interface ObjectRevision {
  object: Uuid;
  revision: RevisionId;
}

export type InputRole = 'direct' | 'contextual';
export type EdgeKind = 'dependency' | 'conformance' | 'supersession' | 'part-of' | 'mention';
export type Confidence = 'exact' | 'inferred' | 'unknown';

export interface TransformationBody {
  inputs: (ObjectRevision & { role: InputRole; kind?: EdgeKind })[];
  /** Never empty. */
  outputs: (ObjectRevision & { content_hash: ContentHash; parents: RevisionId[] })[];
  agent: { type: 'human' | 'model' | 'external' | 'git'; id?: string };
  intent: { kind: string; summary: string; prompt_hash?: string };
  confidence: Confidence;
}

export interface ObjectRegisteredBody {
  object: Uuid;
  /** Workspace-relative, `/`-separated. */
  path: string;
  /** Desktop VMark's capture writes `"schema": null` when the document names none. */
  schema?: string | null;
  /** The objects this one was derived from (a list in desktop VMark's `ObjectRegistered`). */
  derived_from?: Uuid[];
}

export interface EdgeRef {
  /** The transformation entry's id. */
  txf: Uuid;
  /** The input's position in that transformation's inputs. */
  input: number;
}

export interface Actor {
  type: 'human' | 'agent';
  id: string;
}

/** `ratification` (accept newer) and `waiver` share their body. */
export interface ResolutionBody {
  edge: EdgeRef;
  upstream_object: Uuid;
  pinned: RevisionId;
  resolved_against: RevisionId;
  actor: Actor;
  reason?: string;
  /** RFC 3339; a waiver without it never expires. */
  expires?: string;
  /** The stable grant id; required when the actor is not human. */
  delegation?: Uuid;
}

export type Verdict = 'no-contradiction' | 'contradiction' | 'unknown';

export interface CheckResultBody {
  edge: EdgeRef;
  pinned: RevisionId;
  checked_against: RevisionId;
  verdict: Verdict;
  model: string;
  prompt_version: string;
  evidence: { object?: Uuid; quote: string; loc: string }[];
  /** 0..1 */
  confidence: number;
  context: Uuid;
  claims_fingerprint: ContentHash;
  downgraded?: Verdict;
}

export interface ClaimBody {
  /** The stable claim id. */
  claim: Uuid;
  statement: string;
  valid_at: string | null;
  invalid_at: string | null;
  established_by: ObjectRevision[];
  /** The entry id this one follows, or null for the first. */
  supersedes: Uuid | null;
  maturity: 'draft' | 'established';
  actor: Actor;
}

export type DelegationScope = 'resolve.accept-newer' | 'resolve.waive';

export interface DelegationBody {
  /** The stable grant id. */
  delegation: Uuid;
  actor: { type: 'human'; id: string };
  delegate: { type: 'external'; id: string };
  /** Empty: revoked. */
  scope: DelegationScope[];
  expires: string;
  supersedes: Uuid | null;
}

export interface DiagnosticBody {
  code: string;
  message: string;
  path?: string;
}

export interface ObjectLifecycleBody {
  object: Uuid;
  state: 'live' | 'frozen';
  reason: string;
}

export interface EdgeAnchorBody {
  edge: EdgeRef;
  headings: string[];
  anchored_hash?: ContentHash;
}

export interface FlagJudgmentBody {
  edge: EdgeRef;
  judgment: 'relevant' | 'noise' | 'unsure';
  note: string;
}

export interface NavigationBody {
  git: { op: string; from: string; to: string; ref?: string };
}

/** The kinds this app reads; any other kind is kept and ignored (forward compatible). */
export interface KnownBodies {
  transformation: TransformationBody;
  'object-registered': ObjectRegisteredBody;
  ratification: ResolutionBody;
  waiver: ResolutionBody;
  'check-result': CheckResultBody;
  claim: ClaimBody;
  delegation: DelegationBody;
  navigation: NavigationBody;
  diagnostic: DiagnosticBody;
  'object-lifecycle': ObjectLifecycleBody;
  'edge-anchor': EdgeAnchorBody;
  'flag-judgment': FlagJudgmentBody;
}

export type KnownKind = keyof KnownBodies;

export type Entry<K extends KnownKind = KnownKind> = K extends KnownKind
  ? Envelope<K, KnownBodies[K]>
  : never;

/** The nil UUID: the implicit default context's id. */
export const DEFAULT_CONTEXT_ID = '00000000-0000-0000-0000-000000000000';

/** The edge states the breakdown lists (fresh ones are never listed). */
export type EdgeState =
  | 'version-stale'
  | 'stale-valid'
  | 'stale-contradicted'
  | 'stale-unknown'
  | 'waived'
  | 'diverged'
  | 'diverged-multi-head'
  | 'unpinnable';

export type FreshState = 'fresh' | 'fresh-ratified' | 'fresh-ahead';
