/**
 * Conformance §8 item 5: the state of one edge, from ledgers written out by hand. The world is an
 * upstream lore note (Elena) and a scene drafted from it; the tests move the note, resolve the
 * edge, check it, and look at the state the edge is projected to.
 */
import { describe, expect, it } from 'vitest';
import { buildDag, isKind, type AnyEntry, type Selection } from './dag';
import { originEdges } from './edges';
import { projectEdge, waiverInForce, type ResolutionEntry } from './project';
import { DEFAULT_CONTEXT_ID } from '../format/records';
import {
  ELENA,
  FP,
  MARCUS,
  NOW,
  SCENE1 as SCENE,
  T1 as TXF,
  T2 as OTHER_TXF,
  at,
  handBuiltLedger,
  rev,
  type InputRef,
} from './handBuiltLedger';

const BRANCH = '0198e000-0000-7000-8000-000000000001';
const OTHER_FP = `sha256:${'9f'.repeat(32)}`;
// Elena's note: U1 → U2 → U3, and a side branch U1 → X1.
const U1 = rev('a1');
const U2 = rev('a2');
const U3 = rev('a3');
const X1 = rev('b1');
// The scene: D1 drafted from Elena, D2 a later save.
const D1 = rev('d1');
const D2 = rev('d2');
const M1 = rev('c1');

const { line, save, write, resolution: resolve } = handBuiltLedger();

/** The scene written by a model from its inputs (transformation TXF unless told). */
const draft = (
  minute: number,
  inputs: InputRef[],
  revision = D1,
  parents: string[] = [],
  id = TXF,
) => write(minute, id, inputs, SCENE, revision, parents);

/** A resolution of edge (TXF, input 0 unless told) pinned at U1. */
const resolution = (
  kind: 'ratification' | 'waiver',
  minute: number,
  against: string,
  extra: Record<string, unknown> = {},
  input = 0,
) => resolve(kind, minute, { txf: TXF, input }, ELENA, U1, against, extra);

function check(
  minute: number,
  verdict: string,
  pinned: string,
  against: string,
  extra: Record<string, unknown> = {},
) {
  return line('check-result', at(minute), {
    edge: { txf: TXF, input: 0 },
    pinned,
    checked_against: against,
    verdict,
    model: 'test-model',
    prompt_version: 'check-v1',
    evidence: verdict === 'contradiction' ? [{ quote: 'Elena hates rain.', loc: 'l.3' }] : [],
    confidence: 0.95,
    context: DEFAULT_CONTEXT_ID,
    claims_fingerprint: FP,
    ...extra,
  });
}

interface Options {
  selections?: Record<string, Selection>;
  context?: string;
  fingerprint?: string;
  txf?: string;
  input?: number;
}

/** Projects the edge (TXF, input 0 unless told) of a ledger. */
function stateOf(entries: AnyEntry[], options: Options = {}) {
  const dag = buildDag(entries);
  const edge = originEdges(entries).find(
    (e) => e.txf === (options.txf ?? TXF) && e.input === (options.input ?? 0),
  );
  if (!edge) throw new Error('the test ledger has no such edge');
  const resolutions = entries.filter(
    (e): e is ResolutionEntry => isKind(e, 'ratification') || isKind(e, 'waiver'),
  );
  return projectEdge(edge, {
    dag,
    selectionFor: (object) => options.selections?.[object] ?? 'live',
    resolutions,
    checks: entries.filter((e) => isKind(e, 'check-result')),
    context: options.context ?? DEFAULT_CONTEXT_ID,
    claimsFingerprint: options.fingerprint ?? FP,
    now: NOW,
  });
}

/** Elena's first revision and a scene drafted from it. */
const drafted = () => [save(0, ELENA, U1, []), draft(1, [{ object: ELENA, revision: U1 }])];
/** …and then Elena edited once. */
const advanced = () => [...drafted(), save(2, ELENA, U2, [U1])];

describe('version staleness', () => {
  it('is fresh while the pin is the upstream head', () => {
    expect(stateOf(drafted())).toBe('fresh');
  });

  it('is version-stale once the upstream moved on', () => {
    expect(stateOf(advanced())).toBe('version-stale');
  });

  it('stays version-stale two edits later (the pin is an ancestor, however far)', () => {
    expect(stateOf([...advanced(), save(3, ELENA, U3, [U2])])).toBe('version-stale');
  });
});

describe('resolutions', () => {
  it('accepting the current upstream revision makes the edge fresh-ratified', () => {
    expect(stateOf([...advanced(), resolution('ratification', 5, U2)])).toBe('fresh-ratified');
  });

  it('a later waiver beats an earlier ratification of the same revision', () => {
    const ledger = [
      ...advanced(),
      resolution('ratification', 5, U2),
      resolution('waiver', 6, U2, { reason: 'the scene predates the rain' }),
    ];
    expect(stateOf(ledger)).toBe('waived');
  });

  it('a later ratification beats an earlier waiver', () => {
    const ledger = [
      ...advanced(),
      resolution('waiver', 5, U2, { reason: 'later' }),
      resolution('ratification', 6, U2),
    ];
    expect(stateOf(ledger)).toBe('fresh-ratified');
  });

  it('a waiver still running keeps the edge waived', () => {
    const waiver = resolution('waiver', 5, U2, {
      reason: 'till the rewrite',
      expires: '2026-07-11T23:59:59Z',
    });
    expect(stateOf([...advanced(), waiver])).toBe('waived');
  });

  it('an expired waiver no longer counts: back to version-stale', () => {
    const waiver = resolution('waiver', 5, U2, {
      reason: 'for the weekend',
      expires: '2026-07-09T23:59:59Z',
    });
    expect(stateOf([...advanced(), waiver])).toBe('version-stale');
  });

  it('an expired newer waiver hides an older ratification of the same revision', () => {
    const ledger = [
      ...advanced(),
      resolution('ratification', 5, U2),
      resolution('waiver', 6, U2, { reason: 'brief', expires: '2026-07-09T23:59:59Z' }),
    ];
    expect(stateOf(ledger)).toBe('version-stale');
  });

  it('a waiver whose expiry cannot be read counts as expired', () => {
    const waiver = resolution('waiver', 5, U2, { reason: 'x', expires: 'next tuesday' });
    expect(stateOf([...advanced(), waiver])).toBe('version-stale');
  });

  it('reopens as version-stale when the upstream advances past the resolved revision', () => {
    const ratified = [...advanced(), resolution('ratification', 5, U2)];
    expect(stateOf([...ratified, save(6, ELENA, U3, [U2])])).toBe('version-stale');
    const waived = [...advanced(), resolution('waiver', 5, U2, { reason: 'fine for now' })];
    expect(stateOf([...waived, save(6, ELENA, U3, [U2])])).toBe('version-stale');
  });

  it("another edge's resolution does not touch this one", () => {
    const ledger = [
      save(0, ELENA, U1, []),
      draft(1, [
        { object: ELENA, revision: U1 },
        { object: ELENA, revision: U1 },
      ]),
      save(2, ELENA, U2, [U1]),
      resolution('ratification', 5, U2, {}, 1),
    ];
    expect(stateOf(ledger, { input: 0 })).toBe('version-stale');
    expect(stateOf(ledger, { input: 1 })).toBe('fresh-ratified');
  });

  it('ties in time are broken by entry id', () => {
    const t = 5;
    const ledger = [
      ...advanced(),
      {
        ...resolution('waiver', t, U2, { reason: 'r' }),
        id: '0198c000-0000-7000-8000-ffffffffffff',
      },
      { ...resolution('ratification', t, U2), id: '0198c000-0000-7000-8000-000000000000' },
    ];
    expect(stateOf(ledger)).toBe('waived');
  });
});

describe('divergence and pins', () => {
  /** Elena forked: U1 → U2 and U1 → X1, both heads. */
  const forked = () => [...drafted(), save(2, ELENA, U2, [U1]), save(3, ELENA, X1, [U1])];

  it('a pin on another branch than the selected revision is diverged', () => {
    const ledger = [
      save(0, ELENA, U1, []),
      save(1, ELENA, U2, [U1]),
      save(2, ELENA, X1, [U1]),
      draft(3, [{ object: ELENA, revision: U2 }]),
    ];
    expect(stateOf(ledger, { selections: { [ELENA]: X1 } })).toBe('diverged');
  });

  it('a live upstream with several heads is diverged-multi-head', () => {
    expect(stateOf(forked())).toBe('diverged-multi-head');
  });

  it('a ratification does not lift diverged-multi-head (there is no single revision)', () => {
    expect(stateOf([...forked(), resolution('ratification', 5, U2)])).toBe('diverged-multi-head');
  });

  it('a pin newer than what the context selects is fresh-ahead', () => {
    const ledger = [
      ...advanced(),
      draft(3, [{ object: ELENA, revision: U2 }], D2, [D1], OTHER_TXF),
    ];
    expect(stateOf(ledger, { txf: OTHER_TXF, selections: { [ELENA]: U1 } })).toBe('fresh-ahead');
  });

  it('a context pinning the upstream to a revision it never had is unpinnable', () => {
    expect(stateOf(drafted(), { selections: { [ELENA]: rev('ee') } })).toBe('unpinnable');
  });

  it('an upstream with no revisions at all is unpinnable', () => {
    const ledger = [draft(1, [{ object: ELENA, revision: U1 }])];
    expect(stateOf(ledger)).toBe('unpinnable');
  });

  it('resolves the upstream through the given selection, not always live', () => {
    // Live, Elena is at U2 (stale); a context pinning her at U1 sees the scene fresh.
    expect(stateOf(advanced(), { selections: { [ELENA]: U1 } })).toBe('fresh');
  });
});

describe('semantic checks', () => {
  it.each([
    ['no-contradiction', 'stale-valid'],
    ['contradiction', 'stale-contradicted'],
    ['unknown', 'stale-unknown'],
  ])('a current %s verdict makes the stale edge %s', (verdict, state) => {
    expect(stateOf([...advanced(), check(5, verdict, U1, U2)])).toBe(state);
  });

  it('the newest check of the pair decides', () => {
    const ledger = [
      ...advanced(),
      check(5, 'contradiction', U1, U2),
      check(6, 'no-contradiction', U1, U2),
    ];
    expect(stateOf(ledger)).toBe('stale-valid');
  });

  it('a check of another revision pair leaves the edge version-stale', () => {
    const ledger = [...advanced(), check(5, 'no-contradiction', U1, U2), save(6, ELENA, U3, [U2])];
    expect(stateOf(ledger)).toBe('version-stale');
  });

  it('a check made in another context or against other claims does not count', () => {
    expect(stateOf([...advanced(), check(5, 'contradiction', U1, U2, { context: BRANCH })])).toBe(
      'version-stale',
    );
    expect(
      stateOf([...advanced(), check(5, 'contradiction', U1, U2)], { fingerprint: OTHER_FP }),
    ).toBe('version-stale');
    expect(
      stateOf([...advanced(), check(5, 'contradiction', U1, U2, { context: BRANCH })], {
        context: BRANCH,
      }),
    ).toBe('stale-contradicted');
  });

  it('a ratification of the current revision outranks a check', () => {
    const ledger = [
      ...advanced(),
      check(5, 'contradiction', U1, U2),
      resolution('ratification', 6, U2),
    ];
    expect(stateOf(ledger)).toBe('fresh-ratified');
  });
});

describe('edges that are never listed', () => {
  it('a superseded downstream revision: the scene was saved again', () => {
    expect(stateOf([...advanced(), save(3, SCENE, D2, [D1])])).toBeNull();
  });

  it('a contextual input', () => {
    const ledger = [
      save(0, ELENA, U1, []),
      draft(1, [{ object: ELENA, revision: U1, role: 'contextual' }]),
      save(2, ELENA, U2, [U1]),
    ];
    expect(stateOf(ledger)).toBeNull();
  });

  it('a downstream with several heads', () => {
    const ledger = [...advanced(), save(3, SCENE, D2, [])];
    expect(stateOf(ledger)).toBeNull();
  });

  it('a downstream a context pins to another revision', () => {
    const ledger = [...advanced(), save(3, SCENE, D2, [D1])];
    expect(stateOf(ledger, { selections: { [SCENE]: D2 } })).toBeNull();
    expect(stateOf(ledger, { selections: { [SCENE]: D1 } })).toBe('version-stale');
  });
});

describe('inert edge kinds', () => {
  const mention = (kind: string) => [
    save(0, ELENA, U1, []),
    save(0, MARCUS, M1, []),
    draft(1, [
      { object: ELENA, revision: U1, kind },
      { object: MARCUS, revision: M1 },
    ]),
  ];

  it.each(['part-of', 'mention'])('a %s edge never goes version-stale', (kind) => {
    expect(stateOf([...mention(kind), save(2, ELENA, U2, [U1])])).toBe('fresh');
  });

  it.each(['part-of', 'mention'])('a %s edge still shows a multi-head upstream', (kind) => {
    const ledger = [...mention(kind), save(2, ELENA, U2, [U1]), save(3, ELENA, X1, [U1])];
    expect(stateOf(ledger)).toBe('diverged-multi-head');
  });

  it('an inert edge to an unresolvable pin is unpinnable', () => {
    expect(stateOf(mention('mention'), { selections: { [ELENA]: rev('ee') } })).toBe('unpinnable');
  });

  it.each(['conformance', 'supersession'])('a %s edge goes stale like a dependency', (kind) => {
    expect(stateOf([...mention(kind), save(2, ELENA, U2, [U1])])).toBe('version-stale');
  });
});

describe('waiver expiry', () => {
  it('is in force without expiry, until the moment it names, and not after', () => {
    expect(waiverInForce({}, NOW)).toBe(true);
    expect(waiverInForce({ expires: '2026-07-10T12:00:00.001Z' }, NOW)).toBe(true);
    expect(waiverInForce({ expires: '2026-07-10T12:00:00.000Z' }, NOW)).toBe(false);
    expect(waiverInForce({ expires: '2026-07-10T14:00:00+02:00' }, NOW)).toBe(false);
    expect(waiverInForce({ expires: '2026-07-10' }, NOW)).toBe(false);
  });
});
