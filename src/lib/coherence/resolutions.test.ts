/**
 * Accept newer and waive (conformance §8 item 7, the parts that need no file system): ledgers are
 * written out by hand; an accepted resolution is appended the way the ledger would hold it, and
 * the breakdown is read again.
 */
import { describe, expect, it } from 'vitest';
import { breakdown, buildModel, openItems, type BreakdownOptions } from './breakdown';
import { prepareResolution, type ResolveRequest } from './resolutions';
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
