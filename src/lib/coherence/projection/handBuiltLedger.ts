/**
 * Test support: builders of hand-built ledgers for the coherence tests. Every id, time and hash
 * they give is fixed, so a test can write its expected values out by hand. No test framework is
 * imported here; any test may use it.
 *
 * The world most tests share: three lore notes (elena, marcus, world) and three scenes drafted
 * from them by transformations T1–T3, all on 2026-07-10 between 10:00 and 10:59.
 */
import { breakdown, buildModel, type BreakdownOptions, type BreakdownRow } from './breakdown';
import type { AnyEntry } from './dag';

/** The writer of every numbered line. */
export const WRITER = '0198a000-0000-7000-8000-0000000000ff';
export const ELENA = '0198a001-0000-7000-8000-00000000000e';
export const MARCUS = '0198a001-0000-7000-8000-00000000000a';
export const WORLD = '0198a001-0000-7000-8000-00000000000f';
export const SCENE1 = '0198a001-0000-7000-8000-000000000001';
export const SCENE2 = '0198a001-0000-7000-8000-000000000002';
export const SCENE3 = '0198a001-0000-7000-8000-000000000003';
export const T1 = '0198b000-0000-7000-8000-000000000001';
export const T2 = '0198b000-0000-7000-8000-000000000002';
export const T3 = '0198b000-0000-7000-8000-000000000003';
/** A delegation grant. */
export const GRANT = '0198f000-0000-7000-8000-000000000001';

/** A fixed UUIDv7-shaped id: the first group, then `tail` padded to the last group. */
export const uuid = (first: string, tail: string) =>
  `${first}-0000-7000-8000-${tail.padStart(12, '0')}`;

// The claims world: claims C1–C3 established by or shown beside documents DOC_A–DOC_C.
export const C1 = uuid('0190a000', 'c1');
export const C2 = uuid('0190a000', 'c2');
export const C3 = uuid('0190a000', 'c3');
export const DOC_A = uuid('0190a000', 'd1');
export const DOC_B = uuid('0190a000', 'd2');
export const DOC_C = uuid('0190a000', 'd3');

/**
 * The ids a test of supersession chains names (claims, delegations), in the family `first`:
 * entries E1–E3 of one chain, F1 of another, and G1, G2 (chain or entry ids of their own).
 */
export const chainIds = (first: string) => ({
  E1: uuid(first, 'e1'),
  E2: uuid(first, 'e2'),
  E3: uuid(first, 'e3'),
  F1: uuid(first, 'f1'),
  G1: uuid(first, 'a1'),
  G2: uuid(first, 'a2'),
});

/** A revision id or content hash made of one short tag repeated: rev('e1') = rev1:e1e1…e1. */
export const rev = (tag: string) => `rev1:${tag.repeat(64 / tag.length)}`;
export const hash = (tag: string) => `sha256:${tag.repeat(64 / tag.length)}`;
/** 2026-07-10 at 10:mm. */
export const at = (minute: number) => `2026-07-10T10:${String(minute).padStart(2, '0')}:00.000Z`;

export const E1 = rev('e1');
export const E2 = rev('e2');
export const E3 = rev('e3');
export const M1 = rev('a1');
export const W1 = rev('f1');
export const S1 = rev('01');
export const S2 = rev('02');
export const S3 = rev('03');

/** One input of a transformation. */
export interface InputRef {
  object: string;
  revision: string;
  role?: 'direct' | 'contextual';
  kind?: string;
}

export interface EdgeRef {
  txf: string;
  input: number;
}

export interface Actor {
  type: string;
  id: string;
}

/** The person who saves and resolves in the shared world. */
const ANN: Actor = { type: 'human', id: 'ann' };

/** The claims fingerprint of an empty feed (SHA-256 of nothing). */
export const FP = 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** "Now" for every projection: noon, after all the lines. */
export const NOW = Date.parse('2026-07-10T12:00:00.000Z');

/** The content hash a builder gives a revision: the hash of the revision's tag. */
const hashOf = (revision: string) => hash(revision.slice(5, 7));

/**
 * Builders of one hand-built ledger. Lines are numbered from 1 in the order they are built: the
 * n-th line gets id 0198c000-…-n (unless given one) and idem 0198d000-…-n. Make one per test file.
 */
export function handBuiltLedger() {
  let seq = 0;

  function line(kind: string, time: string, body: unknown, id?: string): AnyEntry {
    seq += 1;
    const n = String(seq).padStart(12, '0');
    return {
      format: 0,
      id: id ?? `0198c000-0000-7000-8000-${n}`,
      kind,
      time,
      writer: WRITER,
      idem: `0198d000-0000-7000-8000-${n}`,
      body,
    };
  }

  const register = (minute: number, object: string, path: string) =>
    line('object-registered', at(minute), { object, path });

  /** A person saved the object in the editor: no inputs, one output. */
  const save = (minute: number, object: string, revision: string, parents: string[]) =>
    line('transformation', at(minute), {
      inputs: [],
      outputs: [{ object, revision, content_hash: hashOf(revision), parents }],
      agent: { ...ANN },
      intent: { kind: 'editor-save', summary: '' },
      confidence: 'exact',
    });

  /**
   * A model wrote `object` at `revision` from `inputs` (direct unless they say otherwise), as
   * transformation `id`.
   */
  const write = (
    minute: number,
    id: string,
    inputs: InputRef[],
    object: string,
    revision: string,
    parents: string[] = [],
  ) =>
    line(
      'transformation',
      at(minute),
      {
        inputs: inputs.map((input) => ({ role: 'direct', ...input })),
        outputs: [{ object, revision, content_hash: hashOf(revision), parents }],
        agent: { type: 'model', id: 'mcp-client' },
        intent: { kind: 'mcp-document-write', summary: 'draft a scene' },
        confidence: 'inferred',
      },
      id,
    );

  /** `write` from direct inputs given as [object, revision] pairs. */
  const generate = (
    minute: number,
    id: string,
    inputs: [string, string][],
    object: string,
    revision: string,
  ) =>
    write(
      minute,
      id,
      inputs.map(([o, r]) => ({ object: o, revision: r })),
      object,
      revision,
    );

  /** A ratification or waiver of one edge, by the person ann unless `extra` says otherwise. */
  const resolution = (
    kind: 'ratification' | 'waiver',
    minute: number,
    edge: EdgeRef,
    upstream: string,
    pinned: string,
    against: string,
    extra: Record<string, unknown> = {},
  ) => line(kind, at(minute), resolutionBody(edge, upstream, pinned, against, { ...ANN }, extra));

  /**
   * The synthetic session: the three lore notes, then scene 1 from elena and world, scene 2 from
   * marcus and world, scene 3 from elena and marcus. Nothing has moved since.
   */
  const session = (): AnyEntry[] => [
    register(0, ELENA, 'lore/elena.md'),
    save(0, ELENA, E1, []),
    register(0, MARCUS, 'lore/marcus.md'),
    save(0, MARCUS, M1, []),
    register(0, WORLD, 'lore/world.md'),
    save(0, WORLD, W1, []),
    register(1, SCENE1, 'scenes/scene-01.md'),
    generate(
      1,
      T1,
      [
        [ELENA, E1],
        [WORLD, W1],
      ],
      SCENE1,
      S1,
    ),
    register(2, SCENE2, 'scenes/scene-02.md'),
    generate(
      2,
      T2,
      [
        [MARCUS, M1],
        [WORLD, W1],
      ],
      SCENE2,
      S2,
    ),
    register(3, SCENE3, 'scenes/scene-03.md'),
    generate(
      3,
      T3,
      [
        [ELENA, E1],
        [MARCUS, M1],
      ],
      SCENE3,
      S3,
    ),
  ];

  /** …and then elena was rewritten (E1 → E2 at 10:10). */
  const rewritten = () => [...session(), save(10, ELENA, E2, [E1])];

  return { line, register, save, write, generate, resolution, session, rewritten };
}

/** Breakdown options: nothing absent, NOW, the empty-feed fingerprint, then `extra`. */
export const breakdownOptions = (extra: Partial<BreakdownOptions> = {}): BreakdownOptions => ({
  absent: new Set(),
  now: NOW,
  claimsFingerprint: FP,
  ...extra,
});

/** The breakdown rows of a ledger. */
export const rowsOf = (
  entries: AnyEntry[],
  extra: Partial<BreakdownOptions> = {},
): BreakdownRow[] => breakdown(buildModel(entries), breakdownOptions(extra));

/**
 * A line builder for records whose chains link by entry id (claims, delegations): the test names
 * each id; the idem is the id with its first group ending in `ff`.
 */
export function recordLines(kind: string, writer: string) {
  return (id: string, time: string, body: Record<string, unknown>) => ({
    format: 0,
    id,
    kind,
    time,
    writer,
    idem: `${id.slice(0, 6)}ff${id.slice(8)}`,
    body,
  });
}

/** The body of a ratification or waiver: `extra` adds or overrides fields (reason, expires…). */
export const resolutionBody = (
  edge: EdgeRef,
  upstream: string,
  pinned: string,
  against: string,
  actor: Actor,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  edge,
  upstream_object: upstream,
  pinned,
  resolved_against: against,
  actor,
  ...extra,
});

/** The body of a delegation grant from a person to an external client, superseding nothing. */
export const delegationBody = (
  delegation: string,
  human: string,
  client: string,
  scope: string[],
  expires: string,
): Record<string, unknown> => ({
  delegation,
  actor: { type: 'human', id: human },
  delegate: { type: 'external', id: client },
  scope,
  expires,
  supersedes: null,
});

/**
 * The body of a claim first made by a person: established by one revision, valid from `validAt`
 * (null: always), not retired, superseding nothing.
 */
export const claimBody = (
  claim: string,
  statement: string,
  source: { object: string; revision: string },
  human: string,
  validAt: string | null,
  maturity: string,
): Record<string, unknown> => ({
  claim,
  statement,
  valid_at: validAt,
  invalid_at: null,
  established_by: [source],
  supersedes: null,
  maturity,
  actor: { type: 'human', id: human },
});
