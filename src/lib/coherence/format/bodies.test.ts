import { describe, expect, it } from 'vitest';
import { checkBody, isKnownKind, tidyBody } from './bodies';
import type { KnownKind } from './records';
import {
  ELENA as OBJ_B,
  GRANT,
  SCENE1 as OBJ_A,
  T1 as TXF,
  claimBody,
  delegationBody,
  hash,
  resolutionBody,
  rev,
  type Actor,
} from '../projection/handBuiltLedger';

const PERSON = { type: 'human', id: 'Elena' };
const AGENT = { type: 'agent', id: 'claude-desktop' };
const REV = rev('b1');
const REV2 = rev('b2');
const HASH = hash('b1');
/** A resolution of input `input` of TXF: OBJ_B pinned at REV2, resolved against REV. */
const resolved = (input: number, actor: Actor, extra: Record<string, unknown>) =>
  resolutionBody({ txf: TXF, input }, OBJ_B, REV2, REV, actor, extra);

/** One well-formed body of every known kind, as the desktop app writes them. */
const GOOD: Record<KnownKind, Record<string, unknown>> = {
  transformation: {
    inputs: [{ object: OBJ_B, revision: REV2, role: 'direct', kind: 'dependency' }],
    outputs: [{ object: OBJ_A, revision: REV, content_hash: HASH, parents: [] }],
    agent: { type: 'model', id: 'mcp-client' },
    intent: { kind: 'mcp-document-write', summary: 'Wrote scene 12' },
    confidence: 'inferred',
  },
  'object-registered': { object: OBJ_A, path: 'scenes/scene-12.md' },
  ratification: resolved(0, PERSON, { reason: null, expires: null }),
  waiver: resolved(1, AGENT, { reason: 'The rename does not matter here', delegation: GRANT }),
  'check-result': {
    edge: { txf: TXF, input: 0 },
    pinned: REV2,
    checked_against: REV,
    verdict: 'contradiction',
    model: 'some-model',
    prompt_version: 'check-v1',
    evidence: [{ quote: 'Elena waited in the rain.', loc: 'line 2' }],
    confidence: 0.93,
    context: '00000000-0000-0000-0000-000000000000',
    claims_fingerprint: HASH,
  },
  claim: claimBody(
    OBJ_A,
    'Elena is left-handed.',
    { object: OBJ_B, revision: REV },
    'Elena',
    '2026-12-01T00:00:00.000Z',
    'draft',
  ),
  delegation: delegationBody(
    GRANT,
    'Elena',
    'claude-desktop',
    ['resolve.accept-newer'],
    '2026-12-10T23:59:59.000Z',
  ),
  navigation: { git: { op: 'checkout', from: 'abc', to: 'def' } },
  diagnostic: { code: 'quarantined-entry', message: 'line 3 of a segment was set aside' },
  'object-lifecycle': { object: OBJ_A, state: 'frozen', reason: 'Finished chapter' },
  'edge-anchor': { edge: { txf: TXF, input: 0 }, headings: ['Scene 12'], anchored_hash: HASH },
  'flag-judgment': { edge: { txf: TXF, input: 0 }, judgment: 'noise', note: '' },
};

const with_ = (kind: KnownKind, change: Record<string, unknown>) => ({ ...GOOD[kind], ...change });

describe('typed record bodies', () => {
  it('accept one well-formed body of every known kind', () => {
    for (const kind of Object.keys(GOOD) as KnownKind[])
      expect(checkBody(kind, GOOD[kind])).toBeNull();
  });

  it('know exactly the record kinds of the format, and no others', () => {
    expect(isKnownKind('transformation')).toBe(true);
    expect(isKnownKind('flag-judgment')).toBe(true);
    for (const other of ['group-prepare', 'group-abort', 'toString', 'constructor', ''])
      expect(isKnownKind(other)).toBe(false);
  });

  const BAD: [KnownKind, Record<string, unknown>, string][] = [
    ['transformation', { outputs: [] }, 'body.outputs is empty'],
    ['transformation', { outputs: undefined }, 'body.outputs is missing'],
    [
      'transformation',
      { outputs: [{ object: OBJ_A, revision: 'rev-a1b2c3', content_hash: HASH, parents: [] }] },
      'body.outputs[0].revision is not a rev1: revision id',
    ],
    [
      'transformation',
      { outputs: [{ object: OBJ_A, revision: REV, content_hash: 'sha256:ABC', parents: [] }] },
      'body.outputs[0].content_hash is not a sha256: content hash',
    ],
    [
      'transformation',
      { outputs: [{ object: OBJ_A, revision: REV, content_hash: HASH, parents: ['x'] }] },
      'body.outputs[0].parents[0] is not a rev1: revision id',
    ],
    [
      'transformation',
      { outputs: [{ object: OBJ_A, revision: REV, content_hash: HASH }] },
      'body.outputs[0].parents is missing',
    ],
    [
      'transformation',
      { inputs: [{ object: OBJ_B, revision: REV2, role: 'incidental' }] },
      'body.inputs[0].role is not one of direct|contextual',
    ],
    ['transformation', { confidence: 'certain' }, 'body.confidence is not one of'],
    ['transformation', { agent: { type: 'robot' } }, 'body.agent.type is not one of'],
    ['object-registered', { path: '' }, 'body.path is blank'],
    ['ratification', { edge: { txf: 'not-a-uuid', input: 0 } }, 'body.edge.txf is not a UUID'],
    ['ratification', { edge: { txf: TXF, input: -1 } }, 'body.edge.input is not a non-negative'],
    ['ratification', { edge: { txf: TXF, input: 1.5 } }, 'body.edge.input is not a non-negative'],
    ['ratification', { edge: { txf: TXF, input: '0' } }, 'body.edge.input is not a non-negative'],
    ['ratification', { pinned: 'rev1:abc' }, 'body.pinned is not a rev1: revision id'],
    ['ratification', { actor: { type: 'robot', id: 'x' } }, 'body.actor.type is not one of'],
    ['ratification', { actor: { type: 'agent', id: 'x' } }, 'delegation is missing'],
    ['ratification', { delegation: GRANT }, 'delegation is set for a human actor'],
    ['waiver', { delegation: null }, 'delegation is missing for a non-human actor'],
    ['waiver', { reason: undefined }, 'body.reason is missing'],
    ['waiver', { reason: '   ' }, 'body.reason is blank'],
    ['check-result', { verdict: 'maybe' }, 'body.verdict is not one of'],
    ['check-result', { confidence: 1.01 }, 'body.confidence is not a number in [0, 1]'],
    ['check-result', { confidence: -0.1 }, 'body.confidence is not a number in [0, 1]'],
    ['check-result', { confidence: '0.9' }, 'body.confidence is not a number in [0, 1]'],
    ['check-result', { context: 'default' }, 'body.context is not a UUID'],
    ['check-result', { evidence: [{ loc: 'x' }] }, 'body.evidence[0].quote is missing'],
    ['claim', { supersedes: 'abc' }, 'body.supersedes is not a UUID'],
    ['claim', { established_by: [{ object: OBJ_B }] }, 'body.established_by[0].revision'],
    ['delegation', { expires: undefined }, 'body.expires is missing'],
    ['delegation', { actor: { type: 'agent', id: 'x' } }, 'body.actor.type is not one of human'],
    ['delegation', { delegate: { type: 'external', id: '' } }, 'body.delegate.id is blank'],
    ['object-lifecycle', { state: 'archived' }, 'body.state is not one of live|frozen'],
    ['object-lifecycle', { reason: 'é'.repeat(1025) }, 'body.reason is longer than 2048 bytes'],
    ['edge-anchor', { anchored_hash: undefined }, 'anchored_hash is missing'],
    ['edge-anchor', { anchored_hash: null }, 'anchored_hash is missing'],
    ['flag-judgment', { judgment: 'important' }, 'body.judgment is not one of'],
    ['flag-judgment', { note: 'x'.repeat(4097) }, 'body.note is longer than 4096 bytes'],
    ['navigation', { git: { op: 'checkout', from: 'abc' } }, 'body.git.to is missing'],
    ['diagnostic', { message: 42 }, 'body.message is not a string'],
  ];

  it.each(BAD)('reject a %s body that breaks the format (%j)', (kind, change, reason) => {
    expect(checkBody(kind, with_(kind, change))).toContain(reason);
  });

  it('accept the limits themselves: 2 KiB lifecycle reason, 4 KiB note, confidence 0 and 1', () => {
    expect(
      checkBody('object-lifecycle', with_('object-lifecycle', { reason: 'é'.repeat(1024) })),
    ).toBeNull();
    expect(
      checkBody('flag-judgment', with_('flag-judgment', { note: 'x'.repeat(4096) })),
    ).toBeNull();
    for (const confidence of [0, 1])
      expect(checkBody('check-result', with_('check-result', { confidence }))).toBeNull();
  });

  it('accept an empty anchor (a cleared one) without a hash', () => {
    expect(
      checkBody('edge-anchor', with_('edge-anchor', { headings: [], anchored_hash: null })),
    ).toBeNull();
  });

  it('accept unknown claim maturities and delegation scopes (they read as draft / never match)', () => {
    expect(checkBody('claim', with_('claim', { maturity: 'retired' }))).toBeNull();
    expect(checkBody('delegation', with_('delegation', { scope: ['claims.write'] }))).toBeNull();
    expect(checkBody('delegation', with_('delegation', { scope: [] }))).toBeNull();
  });

  it('read a registration as desktop VMark writes it: schema null, derived_from a list', () => {
    const desktop = { object: OBJ_A, path: 'a.md', schema: null, derived_from: [OBJ_B] };
    expect(checkBody('object-registered', desktop)).toBeNull();
    expect(tidyBody('object-registered', desktop)).toEqual({
      object: OBJ_A,
      path: 'a.md',
      derived_from: [OBJ_B],
    });
    expect(checkBody('object-registered', { ...desktop, derived_from: OBJ_B })).toMatch(
      /derived_from/,
    );
  });

  it('drop null optional fields from the body handed out, keeping everything else', () => {
    const tidy = tidyBody('ratification', GOOD.ratification);
    expect(tidy).toEqual({
      edge: { txf: TXF, input: 0 },
      upstream_object: OBJ_B,
      pinned: REV2,
      resolved_against: REV,
      actor: { type: 'human', id: 'Elena' },
    });
    expect(GOOD.ratification.reason).toBeNull();
    const input = { object: OBJ_B, revision: REV2, role: 'direct', kind: null, extra: 1 };
    const txf = tidyBody('transformation', with_('transformation', { inputs: [input] }));
    expect(txf.inputs).toEqual([{ object: OBJ_B, revision: REV2, role: 'direct', extra: 1 }]);
  });
});
