/**
 * Accept newer and waive (conformance §8 item 7, the parts that need no file system): ledgers are
 * written out by hand; an accepted resolution is appended the way the ledger would hold it, and
 * the breakdown is read again.
 */
import { describe, expect, it } from 'vitest';
import { buildModel, openItems } from '../projection/breakdown';
import { prepareResolution, type ResolveRequest } from './resolutions';
import type { AnyEntry } from '../projection/dag';
import {
  E1,
  E2,
  E3,
  ELENA,
  GRANT,
  S1,
  SCENE1,
  T1,
  at,
  handBuiltLedger,
  rev,
  rowsOf,
} from '../projection/handBuiltLedger';

const EX = rev('ef');

const { line, save, generate, session, rewritten } = handBuiltLedger();

const human = { type: 'human' as const, id: 'ann' };

/** Prepares a resolution and, if accepted, appends it as the ledger would hold it. */
function resolveInto(entries: AnyEntry[], minute: number, request: ResolveRequest): AnyEntry[] {
  const prepared = prepareResolution(buildModel(entries), request);
  if (!prepared.ok) throw new Error(prepared.error);
  return [...entries, line(prepared.kind, at(minute), prepared.body)];
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
