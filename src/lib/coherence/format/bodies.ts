/**
 * Typed validation of the body of every record kind the app knows (records.ts). Each check answers
 * the first thing wrong with a body, in words that name the field, or null when the body is
 * well formed. Optional fields may be absent or `null` (the desktop app writes both); `null` ones
 * are dropped from the body the ledger hands out, so the record types stay exact.
 */
import type { KnownKind } from './records';
import { isUuid } from './uuid7';

type Obj = Record<string, unknown>;
/** Answers what is wrong with the value at `at`, or null. */
type Check = (value: unknown, at: string) => string | null;

const REVISION = /^rev1:[0-9a-f]{64}$/;
const HASH = /^sha256:[0-9a-f]{64}$/;

export { isUuid };

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

const str: Check = (v, at) => (typeof v === 'string' ? null : `${at} is not a string`);
const text: Check = (v, at) =>
  typeof v !== 'string' ? `${at} is not a string` : v.trim() ? null : `${at} is blank`;
const uuid: Check = (v, at) => (isUuid(v) ? null : `${at} is not a UUID`);
const revision: Check = (v, at) =>
  typeof v === 'string' && REVISION.test(v) ? null : `${at} is not a rev1: revision id`;
const hash: Check = (v, at) =>
  typeof v === 'string' && HASH.test(v) ? null : `${at} is not a sha256: content hash`;

function oneOf(...values: string[]): Check {
  return (v, at) =>
    typeof v === 'string' && values.includes(v) ? null : `${at} is not one of ${values.join('|')}`;
}

function atMostBytes(limit: number): Check {
  return (v, at) =>
    typeof v !== 'string'
      ? `${at} is not a string`
      : utf8Length(v) <= limit
        ? null
        : `${at} is longer than ${limit} bytes`;
}

function nullable(check: Check): Check {
  return (v, at) => (v === null ? null : check(v, at));
}

function arrayOf(check: Check, nonEmpty = false): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return `${at} is not an array`;
    if (nonEmpty && v.length === 0) return `${at} is empty`;
    for (let i = 0; i < v.length; i++) {
      const wrong = check(v[i], `${at}[${i}]`);
      if (wrong) return wrong;
    }
    return null;
  };
}

/** Fields: a required check, or `[check]` for an optional one (absent or null). */
type Shape = Record<string, Check | [Check]>;

function shape(fields: Shape): Check {
  return (v, at) => {
    if (!isObject(v)) return `${at} is not an object`;
    for (const [name, spec] of Object.entries(fields)) {
      const path = `${at}.${name}`;
      const value = v[name];
      if (Array.isArray(spec)) {
        if (value === undefined || value === null) continue;
        const wrong = spec[0](value, path);
        if (wrong) return wrong;
      } else {
        if (value === undefined) return `${path} is missing`;
        const wrong = spec(value, path);
        if (wrong) return wrong;
      }
    }
    return null;
  };
}

const inputIndex: Check = (v, at) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff
    ? null
    : `${at} is not a non-negative integer`;

const edge = shape({ txf: uuid, input: inputIndex });
const actor = shape({ type: oneOf('human', 'agent'), id: str });
const objectRevision = shape({ object: uuid, revision });
const verdict = oneOf('no-contradiction', 'contradiction', 'unknown');

const confidence01: Check = (v, at) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1
    ? null
    : `${at} is not a number in [0, 1]`;

const transformation = shape({
  inputs: arrayOf(
    shape({
      object: uuid,
      revision,
      role: oneOf('direct', 'contextual'),
      kind: [oneOf('dependency', 'conformance', 'supersession', 'part-of', 'mention')],
    }),
  ),
  outputs: arrayOf(
    shape({ object: uuid, revision, content_hash: hash, parents: arrayOf(revision) }),
    true,
  ),
  agent: shape({ type: oneOf('human', 'model', 'external', 'git'), id: [str] }),
  intent: shape({ kind: str, summary: str, prompt_hash: [str] }),
  confidence: oneOf('exact', 'inferred', 'unknown'),
});

const resolutionFields: Shape = {
  edge,
  upstream_object: uuid,
  pinned: revision,
  resolved_against: revision,
  actor,
  reason: [str],
  expires: [str],
  delegation: [uuid],
};

/** A resolution by anyone but a human names the grant that let it happen; a human's never does. */
function resolution(kind: 'ratification' | 'waiver'): Check {
  const fields = shape(
    kind === 'waiver' ? { ...resolutionFields, reason: text } : resolutionFields,
  );
  return (v, at) => {
    const wrong = fields(v, at);
    if (wrong) return wrong;
    const body = v as Obj;
    const human = (body.actor as Obj).type === 'human';
    const hasGrant = body.delegation !== undefined && body.delegation !== null;
    if (!human && !hasGrant) return `${at}.delegation is missing for a non-human actor`;
    if (human && hasGrant) return `${at}.delegation is set for a human actor`;
    return null;
  };
}

const edgeAnchorFields = shape({ edge, headings: arrayOf(str), anchored_hash: [hash] });
const edgeAnchor: Check = (v, at) => {
  const wrong = edgeAnchorFields(v, at);
  if (wrong) return wrong;
  const body = v as Obj;
  if ((body.headings as unknown[]).length > 0 && (body.anchored_hash ?? null) === null)
    return `${at}.anchored_hash is missing for a non-empty heading path`;
  return null;
};

const CHECKS: Record<KnownKind, Check> = {
  transformation,
  'object-registered': shape({
    object: uuid,
    path: text,
    schema: [str],
    derived_from: [arrayOf(uuid)],
  }),
  ratification: resolution('ratification'),
  waiver: resolution('waiver'),
  'check-result': shape({
    edge,
    pinned: revision,
    checked_against: revision,
    verdict,
    model: str,
    prompt_version: str,
    evidence: arrayOf(shape({ object: [uuid], quote: str, loc: str })),
    confidence: confidence01,
    context: uuid,
    claims_fingerprint: hash,
    downgraded: [verdict],
  }),
  claim: shape({
    claim: uuid,
    statement: str,
    valid_at: nullable(str),
    invalid_at: nullable(str),
    established_by: arrayOf(objectRevision),
    supersedes: nullable(uuid),
    // Unknown maturity values read as draft (claims.ts), so any string is well formed here.
    maturity: str,
    actor,
  }),
  delegation: shape({
    delegation: uuid,
    actor: shape({ type: oneOf('human'), id: str }),
    delegate: shape({ type: oneOf('external'), id: text }),
    // Scopes the app does not know never match the gate; refusing them here would hide a revoke.
    scope: arrayOf(str),
    expires: text,
    supersedes: nullable(uuid),
  }),
  navigation: shape({ git: shape({ op: str, from: str, to: str, ref: [str] }) }),
  diagnostic: shape({ code: str, message: str, path: [str] }),
  'object-lifecycle': shape({
    object: uuid,
    state: oneOf('live', 'frozen'),
    reason: atMostBytes(2048),
  }),
  'edge-anchor': edgeAnchor,
  'flag-judgment': shape({
    edge,
    judgment: oneOf('relevant', 'noise', 'unsure'),
    note: atMostBytes(4096),
  }),
};

/** Optional fields per kind, whose `null` values are dropped from the body handed out. */
const OPTIONAL: Partial<Record<KnownKind, string[]>> = {
  'object-registered': ['schema', 'derived_from'],
  ratification: ['reason', 'expires', 'delegation'],
  waiver: ['expires', 'delegation'],
  'check-result': ['downgraded'],
  diagnostic: ['path'],
  'edge-anchor': ['anchored_hash'],
};

export function isKnownKind(kind: string): kind is KnownKind {
  return Object.prototype.hasOwnProperty.call(CHECKS, kind);
}

/** What is wrong with a known kind's body, or null when it is well formed. */
export function checkBody(kind: KnownKind, body: Obj): string | null {
  return CHECKS[kind](body, 'body');
}

/**
 * The body as the typed records show it: `null` optional fields dropped (top level and in nested
 * records the types mark optional). The input is never changed.
 */
export function tidyBody(kind: KnownKind, body: Obj): Obj {
  const out: Obj = { ...body };
  for (const name of OPTIONAL[kind] ?? []) if (out[name] === null) delete out[name];
  if (kind === 'transformation') {
    out.inputs = (body.inputs as Obj[]).map((i) => dropNull(i, ['kind']));
    out.agent = dropNull(body.agent as Obj, ['id']);
    out.intent = dropNull(body.intent as Obj, ['prompt_hash']);
  } else if (kind === 'check-result') {
    out.evidence = (body.evidence as Obj[]).map((e) => dropNull(e, ['object']));
  } else if (kind === 'navigation') {
    out.git = dropNull(body.git as Obj, ['ref']);
  }
  return out;
}

function dropNull(record: Obj, names: string[]): Obj {
  if (!names.some((n) => record[n] === null)) return record;
  const out = { ...record };
  for (const n of names) if (out[n] === null) delete out[n];
  return out;
}
