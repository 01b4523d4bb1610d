/**
 * Breakdown rows, status counts and resolutions (conformance §8 item 7, the parts that need no
 * file system): ledgers are written out by hand; an accepted resolution is appended the way the
 * ledger would hold it, and the breakdown is read again.
 */
import { describe, expect, it } from 'vitest';
import {
  breakdown,
  buildModel,
  openItems,
  prepareResolution,
  statusCounts,
  type BreakdownOptions,
  type ResolveRequest,
} from './breakdown';
import type { AnyEntry } from './dag';

const WRITER = '0198a000-0000-7000-8000-0000000000ff';
const ELENA = '0198a001-0000-7000-8000-00000000000e';
const MARCUS = '0198a001-0000-7000-8000-00000000000a';
const WORLD = '0198a001-0000-7000-8000-00000000000f';
const SCENE1 = '0198a001-0000-7000-8000-000000000001';
const SCENE2 = '0198a001-0000-7000-8000-000000000002';
const SCENE3 = '0198a001-0000-7000-8000-000000000003';
const T1 = '0198b000-0000-7000-8000-000000000001';
const T2 = '0198b000-0000-7000-8000-000000000002';
const T3 = '0198b000-0000-7000-8000-000000000003';
const GRANT = '0198f000-0000-7000-8000-000000000001';
const FP = 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const NOW = Date.parse('2026-07-10T12:00:00.000Z');

const rev = (tag: string) => `rev1:${tag.repeat(32)}`;
const hash = (tag: string) => `sha256:${tag.repeat(32)}`;
const E1 = rev('e1');
const E2 = rev('e2');
const E3 = rev('e3');
const EX = rev('ef');
const M1 = rev('a1');
const W1 = rev('f1');
const S1 = rev('01');
const S2 = rev('02');
const S3 = rev('03');

let seq = 0;
function line(kind: string, minute: number, body: unknown, id?: string): AnyEntry {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    format: 0,
    id: id ?? `0198c000-0000-7000-8000-${n}`,
    kind,
    time: `2026-07-10T10:${String(minute).padStart(2, '0')}:00.000Z`,
    writer: WRITER,
    idem: `0198d000-0000-7000-8000-${n}`,
    body,
  };
}

const register = (minute: number, object: string, path: string) =>
  line('object-registered', minute, { object, path });

const save = (minute: number, object: string, revision: string, parents: string[]) =>
  line('transformation', minute, {
    inputs: [],
    outputs: [{ object, revision, content_hash: hash(revision.slice(5, 7)), parents }],
    agent: { type: 'human', id: 'ann' },
    intent: { kind: 'editor-save', summary: '' },
    confidence: 'exact',
  });

const generate = (
  minute: number,
  id: string,
  inputs: [string, string][],
  object: string,
  revision: string,
) =>
  line(
    'transformation',
    minute,
    {
      inputs: inputs.map(([o, r]) => ({ object: o, revision: r, role: 'direct' })),
      outputs: [{ object, revision, content_hash: hash(revision.slice(5, 7)), parents: [] }],
      agent: { type: 'model', id: 'mcp-client' },
      intent: { kind: 'mcp-document-write', summary: 'draft a scene' },
      confidence: 'inferred',
    },
    id,
  );

/**
 * The synthetic session: three lore notes (elena, marcus, world) and three scenes drafted from
 * them — scene 1 from elena and world, scene 2 from marcus and world, scene 3 from elena and
 * marcus. Nothing has moved since.
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

/** …and then elena was rewritten. */
const rewritten = () => [...session(), save(10, ELENA, E2, [E1])];

const options = (extra: Partial<BreakdownOptions> = {}): BreakdownOptions => ({
  absent: new Set(),
  now: NOW,
  claimsFingerprint: FP,
  ...extra,
});

const rowsOf = (entries: AnyEntry[], extra: Partial<BreakdownOptions> = {}) =>
  breakdown(buildModel(entries), options(extra));

const human = { type: 'human' as const, id: 'ann' };

/** Prepares a resolution and, if accepted, appends it as the ledger would hold it. */
function resolveInto(entries: AnyEntry[], minute: number, request: ResolveRequest): AnyEntry[] {
  const prepared = prepareResolution(buildModel(entries), request);
  if (!prepared.ok) throw new Error(prepared.error);
  return [...entries, line(prepared.kind, minute, prepared.body)];
}

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
        2,
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

describe('accept newer', () => {
  const request: ResolveRequest = {
    edge: { txf: T1, input: 0 },
    action: 'accept-newer',
    actor: human,
  };

  it('records a ratification of the upstream head and clears the row', () => {
    const prepared = prepareResolution(buildModel(rewritten()), request);
    expect(prepared).toEqual({
      ok: true,
      kind: 'ratification',
      body: {
        edge: { txf: T1, input: 0 },
        upstream_object: ELENA,
        pinned: E1,
        resolved_against: E2,
        actor: { type: 'human', id: 'ann' },
      },
    });
    const rows = rowsOf(resolveInto(rewritten(), 20, request));
    expect(rows.map((r) => r.downstream_path)).toEqual(['scenes/scene-03.md']);
  });

  it('reopens the row when the upstream advances a second time', () => {
    const accepted = resolveInto(rewritten(), 20, request);
    const rows = rowsOf([...accepted, save(21, ELENA, E3, [E2])]);
    expect(rows.map((r) => [r.downstream_path, r.state])).toEqual([
      ['scenes/scene-01.md', 'version-stale'],
      ['scenes/scene-03.md', 'version-stale'],
    ]);
  });

  it('does not require the edge to be stale (binds to the current head)', () => {
    const prepared = prepareResolution(buildModel(session()), request);
    expect(prepared.ok && prepared.body.resolved_against).toBe(E1);
  });
});

describe('waive', () => {
  const waive = (reason?: string, expires?: string): ResolveRequest => ({
    edge: { txf: T1, input: 0 },
    action: 'waive',
    actor: human,
    ...(reason === undefined ? {} : { reason }),
    ...(expires === undefined ? {} : { expires }),
  });

  it('is rejected without a reason, or with a blank one', () => {
    const model = buildModel(rewritten());
    for (const request of [waive(), waive(''), waive('  \n ')]) {
      const prepared = prepareResolution(model, request);
      expect(prepared.ok).toBe(false);
      expect(!prepared.ok && prepared.error).toMatch(/reason/);
    }
  });

  it('with a reason shows the row as waived, still open, counted as a waiver', () => {
    const rows = rowsOf(resolveInto(rewritten(), 20, waive('  scene 1 is a flashback  ')));
    expect(rows[0]).toMatchObject({
      downstream_path: 'scenes/scene-01.md',
      state: 'waived',
      prior_waivers: 1,
      actionable: true,
    });
    expect(openItems(rows)).toBe(2);
  });

  it('keeps the reason trimmed and the expiry as given', () => {
    const prepared = prepareResolution(
      buildModel(rewritten()),
      waive('  flashback ', '2026-07-11T23:59:59Z'),
    );
    expect(prepared.ok && prepared.body).toMatchObject({
      reason: 'flashback',
      expires: '2026-07-11T23:59:59Z',
      resolved_against: E2,
    });
  });

  it('an expired waiver keeps the row, version-stale, with prior_waivers = 1', () => {
    const ledger = resolveInto(rewritten(), 20, waive('until Friday', '2026-07-09T23:59:59Z'));
    expect(rowsOf(ledger)[0]).toMatchObject({
      downstream_path: 'scenes/scene-01.md',
      state: 'version-stale',
      prior_waivers: 1,
    });
  });

  it('rejects an expiry that is not an RFC 3339 time', () => {
    const prepared = prepareResolution(buildModel(rewritten()), waive('x', 'Friday'));
    expect(!prepared.ok && prepared.error).toMatch(/expires/);
  });
});

describe('rejected resolutions', () => {
  it('a multi-head upstream rejects both actions, and its row says so', () => {
    const forked = [...rewritten(), save(11, ELENA, EX, [E1])];
    expect(rowsOf(forked).map((r) => r.state)).toEqual([
      'diverged-multi-head',
      'diverged-multi-head',
    ]);
    const model = buildModel(forked);
    for (const action of ['accept-newer', 'waive']) {
      const prepared = prepareResolution(model, {
        edge: { txf: T1, input: 0 },
        action,
        actor: human,
        reason: 'r',
      });
      expect(!prepared.ok && prepared.error).toMatch(/multiple live heads/);
    }
  });

  it('an edge the ledger does not have is rejected', () => {
    const model = buildModel(rewritten());
    for (const edge of [
      { txf: T1, input: 2 },
      { txf: '0198b000-0000-7000-8000-0000000000ee', input: 0 },
    ]) {
      const prepared = prepareResolution(model, { edge, action: 'accept-newer', actor: human });
      expect(!prepared.ok && prepared.error).toMatch(/no edge/);
    }
  });

  it('an unknown action is rejected', () => {
    const prepared = prepareResolution(buildModel(rewritten()), {
      edge: { txf: T1, input: 0 },
      action: 'unresolve',
      actor: human,
    });
    expect(!prepared.ok && prepared.error).toMatch(/unknown resolve action/);
  });

  it('an upstream without revisions has nothing to resolve against', () => {
    const ledger = [generate(1, T1, [[ELENA, E1]], SCENE1, S1)];
    expect(rowsOf(ledger).map((r) => r.state)).toEqual(['unpinnable']);
    const prepared = prepareResolution(buildModel(ledger), {
      edge: { txf: T1, input: 0 },
      action: 'accept-newer',
      actor: human,
    });
    expect(!prepared.ok && prepared.error).toMatch(/no revision/);
  });

  it('an agent resolves only under a delegation, and the record names the grant', () => {
    const agent = { type: 'agent' as const, id: 'claude-desktop' };
    const model = buildModel(rewritten());
    const edge = { txf: T1, input: 0 };
    expect(prepareResolution(model, { edge, action: 'accept-newer', actor: agent }).ok).toBe(false);
    const prepared = prepareResolution(model, {
      edge,
      action: 'accept-newer',
      actor: agent,
      delegation: GRANT,
    });
    expect(prepared.ok && prepared.body).toMatchObject({ actor: agent, delegation: GRANT });
  });
});

describe('frozen downstreams and anchors', () => {
  const freeze = (minute: number, state: string) =>
    line('object-lifecycle', minute, { object: SCENE1, state, reason: 'published' });

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
    line('edge-anchor', minute, {
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
      line('check-result', 20, {
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
