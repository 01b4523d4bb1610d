/**
 * Breakdown rows and status counts (conformance §8 item 7, the parts that need no file system),
 * from ledgers written out by hand: the three-scene session, ordering, hidden and frozen
 * downstreams, anchors and checks.
 */
import { describe, expect, it } from 'vitest';
import { breakdown, buildModel, openItems, statusCounts } from './breakdown';
import {
  E1,
  E2,
  ELENA,
  FP,
  S1,
  SCENE1,
  SCENE3,
  T1,
  T3,
  at,
  breakdownOptions as options,
  handBuiltLedger,
  hash,
  rev,
  rowsOf,
} from './handBuiltLedger';

const { line, register, save, generate, session, rewritten } = handBuiltLedger();

describe('the synthetic session', () => {
  it('lists nothing while every scene rests on the current lore', () => {
    expect(rowsOf(session())).toEqual([]);
  });

  it('rewriting elena flags exactly scene-01 and scene-03', () => {
    const rows = rowsOf(rewritten());
    expect(rows.map((r) => [r.downstream_path, r.upstream_path, r.state])).toEqual([
      ['scenes/scene-01.md', 'lore/elena.md', 'version-stale'],
      ['scenes/scene-03.md', 'lore/elena.md', 'version-stale'],
    ]);
    expect(rows[0]).toEqual({
      txf: T1,
      input: 0,
      upstream: ELENA,
      upstream_path: 'lore/elena.md',
      pinned: E1,
      downstream: SCENE1,
      downstream_path: 'scenes/scene-01.md',
      downstream_rev: S1,
      state: 'version-stale',
      confidence: 'inferred',
      prior_waivers: 0,
      kind: 'dependency',
      frozen_downstream: false,
      actionable: true,
    });
    expect(statusCounts(buildModel(rewritten()), rows)).toEqual({ objects: 6, open_items: 2 });
  });

  it('revising scene-01 retires its row; scene-03 stays', () => {
    const rows = rowsOf([...rewritten(), save(11, SCENE1, rev('11'), [S1])]);
    expect(rows.map((r) => r.downstream_path)).toEqual(['scenes/scene-03.md']);
  });
});

describe('ordering and hiding', () => {
  it('sorts by downstream path; a downstream never registered at a path comes first', () => {
    const UNREG = '0198a001-0000-7000-8000-000000000009';
    const T8 = '0198b000-0000-7000-8000-000000000008';
    const ledger = [
      ...session(),
      generate(6, T8, [[ELENA, E1]], UNREG, rev('99')),
      save(10, ELENA, E2, [E1]),
    ];
    expect(rowsOf(ledger).map((r) => [r.downstream_path, r.txf])).toEqual([
      [null, T8],
      ['scenes/scene-01.md', T1],
      ['scenes/scene-03.md', T3],
    ]);
  });

  it('orders rows of one downstream by txf and input', () => {
    const TA = '0198b000-0000-7000-8000-00000000000a';
    const TB = '0198b000-0000-7000-8000-00000000000b';
    const ledger = [
      register(0, ELENA, 'lore/elena.md'),
      save(0, ELENA, E1, []),
      register(0, SCENE1, 'scenes/scene-01.md'),
      generate(1, TB, [[ELENA, E1]], SCENE1, rev('1b')),
      line(
        'transformation',
        at(2),
        {
          inputs: [
            { object: ELENA, revision: E1, role: 'direct' },
            { object: ELENA, revision: E1, role: 'direct' },
          ],
          outputs: [
            { object: SCENE1, revision: rev('1a'), content_hash: hash('1a'), parents: [rev('1b')] },
          ],
          agent: { type: 'model' },
          intent: { kind: 'genie', summary: '' },
          confidence: 'exact',
        },
        TA,
      ),
      save(3, ELENA, E2, [E1]),
    ];
    expect(rowsOf(ledger).map((r) => [r.txf, r.input])).toEqual([
      [TA, 0],
      [TA, 1],
    ]);
  });

  it('hides edges whose upstream or downstream file is gone', () => {
    expect(rowsOf(rewritten(), { absent: new Set([SCENE1]) }).map((r) => r.downstream)).toEqual([
      SCENE3,
    ]);
    expect(rowsOf(rewritten(), { absent: new Set([ELENA]) })).toEqual([]);
  });

  it('still counts absent objects among the registered ones', () => {
    const model = buildModel(rewritten());
    const rows = breakdown(model, options({ absent: new Set([ELENA]) }));
    expect(statusCounts(model, rows)).toEqual({ objects: 6, open_items: 0 });
  });
});

describe('status', () => {
  it('counts objects 0 → 2 and one open item once the upstream moves', () => {
    expect(statusCounts(buildModel([]), [])).toEqual({ objects: 0, open_items: 0 });
    const ledger = [
      register(0, ELENA, 'lore/elena.md'),
      save(0, ELENA, E1, []),
      register(1, SCENE1, 'scenes/scene-01.md'),
      generate(1, T1, [[ELENA, E1]], SCENE1, S1),
      save(2, ELENA, E2, [E1]),
    ];
    const model = buildModel(ledger);
    expect(statusCounts(model, breakdown(model, options()))).toEqual({ objects: 2, open_items: 1 });
  });
});

describe('frozen downstreams and anchors', () => {
  const freeze = (minute: number, state: string) =>
    line('object-lifecycle', at(minute), { object: SCENE1, state, reason: 'published' });

  it('a frozen downstream keeps its row but it no longer asks for attention', () => {
    const rows = rowsOf([...rewritten(), freeze(12, 'frozen')]);
    expect(rows[0]).toMatchObject({
      downstream: SCENE1,
      frozen_downstream: true,
      actionable: false,
    });
    expect(openItems(rows)).toBe(1);
  });

  it('the latest lifecycle record decides: thawed again, it counts', () => {
    const rows = rowsOf([...rewritten(), freeze(12, 'frozen'), freeze(13, 'live')]);
    expect(rows[0]).toMatchObject({ frozen_downstream: false, actionable: true });
  });

  const anchor = (minute: number, txf: string, headings: string[], anchored?: string) =>
    line('edge-anchor', at(minute), {
      edge: { txf, input: 0 },
      headings,
      ...(anchored === undefined ? {} : { anchored_hash: anchored }),
    });

  it('an anchored section that did not change is not actionable; a changed or lost one is', () => {
    const ledger = [
      ...rewritten(),
      anchor(12, T1, ['Scene 1', 'The rain'], hash('5a')),
      anchor(12, T3, ['Scene 3'], hash('5b')),
    ];
    // The sections as the caller found them in the scenes' text now.
    const now: Record<string, string | null> = {
      'Scene 1/The rain': hash('5a'),
      'Scene 3': hash('5c'),
    };
    const rows = rowsOf(ledger, { sectionHashFor: (_edge, headings) => now[headings.join('/')] });
    expect(rows.map((r) => [r.downstream_path, r.anchor_status, r.actionable])).toEqual([
      ['scenes/scene-01.md', 'anchor-unchanged', false],
      ['scenes/scene-03.md', 'anchor-changed', true],
    ]);
    expect(openItems(rows)).toBe(1);
    const lost = rowsOf(ledger, { sectionHashFor: () => null });
    expect(lost.map((r) => [r.anchor_status, r.actionable])).toEqual([
      ['anchor-lost', true],
      ['anchor-lost', true],
    ]);
  });

  it('an unanchored or cleared anchor gives no anchor status', () => {
    const ledger = [...rewritten(), anchor(12, T1, ['Scene 1'], hash('5a')), anchor(13, T1, [])];
    const rows = rowsOf(ledger, { sectionHashFor: () => hash('5a') });
    expect(rows[0]).not.toHaveProperty('anchor_status');
    expect(rows[0].actionable).toBe(true);
  });
});

describe('checks in the breakdown', () => {
  it('a contradiction found in the default context shows as stale-contradicted', () => {
    const ledger = [
      ...rewritten(),
      line('check-result', at(20), {
        edge: { txf: T3, input: 0 },
        pinned: E1,
        checked_against: E2,
        verdict: 'contradiction',
        model: 'test-model',
        prompt_version: 'check-v1',
        evidence: [{ quote: 'Elena never leaves the city.', loc: '§2' }],
        confidence: 0.93,
        context: '00000000-0000-0000-0000-000000000000',
        claims_fingerprint: FP,
      }),
    ];
    expect(rowsOf(ledger).map((r) => r.state)).toEqual(['version-stale', 'stale-contradicted']);
    // Another claim set makes the check stale: the row falls back to version-stale.
    expect(rowsOf(ledger, { claimsFingerprint: hash('77') }).map((r) => r.state)).toEqual([
      'version-stale',
      'version-stale',
    ]);
  });
});
