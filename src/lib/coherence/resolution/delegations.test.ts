import { describe, expect, it } from 'vitest';
import {
  currentGrants,
  grantDelegation,
  listedGrants,
  liveDelegationFor,
  revokeDelegation,
} from './delegations';
import { chainIds, delegationBody, recordLines } from '../projection/handBuiltLedger';

const { G1, G2, E1, E2, E3, F1 } = chainIds('0190c000');
const NOW = new Date('2026-07-10T12:00:00.000Z');

/** A delegation ledger line as the desktop writes it. */
const line = recordLines('delegation', '0190c000-0000-7000-8000-0000000000aa');

const grant = line(
  E1,
  '2026-07-08T09:00:00.000Z',
  delegationBody(G1, 'Ada', 'claude-desktop', ['resolve.accept-newer'], '2026-07-15T09:00:00.000Z'),
);
const revoke = line(E2, '2026-07-09T09:00:00.000Z', {
  ...grant.body,
  scope: [],
  supersedes: E1,
});
const expiredGrant = line(
  F1,
  '2026-06-01T09:00:00.000Z',
  delegationBody(
    G2,
    'Ada',
    'cursor',
    ['resolve.waive', 'resolve.accept-newer'],
    '2026-06-08T09:00:00.000Z',
  ),
);

describe('the live delegation gate', () => {
  it('lets the granted client do the granted thing', () => {
    expect(liveDelegationFor([grant], 'claude-desktop', 'resolve.accept-newer', NOW)).toEqual({
      grant: G1,
    });
  });

  it('refuses another client, another scope, an expired grant and a revoked one', () => {
    const refused = (r: ReturnType<typeof liveDelegationFor>) => 'refusal' in r;
    expect(refused(liveDelegationFor([grant], 'cursor', 'resolve.accept-newer', NOW))).toBe(true);
    expect(refused(liveDelegationFor([grant], 'Claude-Desktop', 'resolve.accept-newer', NOW))).toBe(
      true,
    );
    expect(liveDelegationFor([grant], 'claude-desktop', 'resolve.waive', NOW)).toEqual({
      refusal: 'no live delegation authorizes resolve.waive for claude-desktop',
    });
    expect(refused(liveDelegationFor([expiredGrant], 'cursor', 'resolve.waive', NOW))).toBe(true);
    // Expiry is exclusive: at the very instant it ends, the grant is over.
    const atExpiry = new Date('2026-07-15T09:00:00.000Z');
    expect(
      refused(liveDelegationFor([grant], 'claude-desktop', 'resolve.accept-newer', atExpiry)),
    ).toBe(true);
    expect(
      refused(liveDelegationFor([grant, revoke], 'claude-desktop', 'resolve.accept-newer', NOW)),
    ).toBe(true);
  });

  it('fails closed on anything unexpected', () => {
    const args = [[grant], 'claude-desktop', 'resolve.accept-newer', NOW] as const;
    expect(liveDelegationFor(args[0], '', args[2], NOW)).toEqual({
      refusal: expect.stringContaining('unidentified client'),
    });
    expect('refusal' in liveDelegationFor(args[0], args[1], 'claims.create', NOW)).toBe(true);
    expect('refusal' in liveDelegationFor(args[0], args[1], args[2], new Date('nope'))).toBe(true);
    const oddExpiry = line(E1, grant.time, { ...grant.body, expires: 'next week' });
    expect('refusal' in liveDelegationFor([oddExpiry], args[1], args[2], NOW)).toBe(true);
    const notHuman = line(E1, grant.time, { ...grant.body, actor: { type: 'agent', id: 'x' } });
    expect('refusal' in liveDelegationFor([notHuman], args[1], args[2], NOW)).toBe(true);
    expect('refusal' in liveDelegationFor([], args[1], args[2], NOW)).toBe(true);
  });

  it('settles concurrent supersessions the same way in any order, with one conflict', () => {
    // Two writers act on the same grant at once: one revokes, one re-grants with waive too.
    const regrant = line(E3, '2026-07-09T10:00:00.000Z', {
      ...grant.body,
      scope: ['resolve.accept-newer', 'resolve.waive'],
      supersedes: E1,
    });
    for (const entries of [
      [grant, revoke, regrant],
      [regrant, grant, revoke],
      [revoke, regrant, grant],
    ]) {
      const { grants, conflicts } = currentGrants(entries);
      expect(grants.map((g) => [g.grant, g.entryId, g.revoked])).toEqual([[G1, E3, false]]);
      expect(conflicts).toEqual([{ chain: G1, current: E3, rivals: [E2, E3] }]);
      expect(liveDelegationFor(entries, 'claude-desktop', 'resolve.waive', NOW)).toEqual({
        grant: G1,
      });
    }
  });
});

describe('granting and revoking', () => {
  const req = {
    grantId: G1,
    human: 'Ada',
    principal: 'claude-desktop',
    scope: ['resolve.waive', 'resolve.accept-newer'],
    days: 7,
    now: NOW,
  };

  it('builds a grant from a person to an external client that ends after the chosen days', () => {
    expect(grantDelegation(req)).toEqual({
      delegation: G1,
      actor: { type: 'human', id: 'Ada' },
      delegate: { type: 'external', id: 'claude-desktop' },
      scope: ['resolve.accept-newer', 'resolve.waive'],
      expires: '2026-07-17T12:00:00.000Z',
      supersedes: null,
    });
    expect(grantDelegation({ ...req, days: 365 })).toMatchObject({
      expires: '2027-07-10T12:00:00.000Z',
    });
  });

  it('needs a future expiry (1 to 365 whole days) and only known scopes', () => {
    for (const days of [0, -1, 0.5, 366, Number.NaN, Number.POSITIVE_INFINITY])
      expect(grantDelegation({ ...req, days })).toBe('A grant lasts 1 to 365 whole days.');
    expect(grantDelegation({ ...req, scope: ['resolve.accept-newer', 'claims.edit'] })).toBe(
      'Only resolve.accept-newer and resolve.waive can be granted, not claims.edit.',
    );
    expect(typeof grantDelegation({ ...req, scope: ['contexts.enforce'] })).toBe('string');
    expect(typeof grantDelegation({ ...req, scope: [] })).toBe('string');
    expect(typeof grantDelegation({ ...req, principal: '  ' })).toBe('string');
    expect(typeof grantDelegation({ ...req, human: '' })).toBe('string');
    expect(typeof grantDelegation({ ...req, grantId: 'g1' })).toBe('string');
    expect(grantDelegation(req, [grant])).toBe(`Grant ${G1} already exists.`);
  });

  it('round-trips: a grant lets the client act, its revoke stops it', () => {
    const body = grantDelegation({ ...req, scope: ['resolve.accept-newer'] });
    if (typeof body === 'string') throw new Error(body);
    const granted = [line(E1, '2026-07-10T12:00:00.000Z', { ...body })];
    expect(liveDelegationFor(granted, 'claude-desktop', 'resolve.accept-newer', NOW)).toEqual({
      grant: G1,
    });
    expect(listedGrants(granted, NOW).map((g) => [g.grant, g.principal, g.expired])).toEqual([
      [G1, 'claude-desktop', false],
    ]);

    const revokeBody = revokeDelegation(granted, G1, 'Bo');
    expect(revokeBody).toEqual({
      delegation: G1,
      actor: { type: 'human', id: 'Bo' },
      delegate: { type: 'external', id: 'claude-desktop' },
      scope: [],
      expires: '2026-07-17T12:00:00.000Z',
      supersedes: E1,
    });
    const revoked = [
      ...granted,
      line(E2, '2026-07-10T13:00:00.000Z', { ...(revokeBody as object) }),
    ];
    expect(
      'refusal' in liveDelegationFor(revoked, 'claude-desktop', 'resolve.accept-newer', NOW),
    ).toBe(true);
    expect(listedGrants(revoked, NOW)).toEqual([]);
    expect(revokeDelegation(revoked, G1, 'Bo')).toBe('This grant is already revoked.');
    expect(revokeDelegation(revoked, G2, 'Bo')).toBe(`There is no grant ${G2}.`);
  });

  it('keeps listing an expired grant until it is revoked', () => {
    expect(
      listedGrants([expiredGrant, grant, revoke], NOW).map((g) => [g.grant, g.expired]),
    ).toEqual([[G2, true]]);
  });
});
