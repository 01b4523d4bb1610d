import { describe, expect, it } from 'vitest';
import {
  claimRows,
  claimsFingerprint,
  correctClaim,
  createClaim,
  currentClaims,
  fedClaims,
  promoteClaim,
  retireClaim,
  type SingleHeadLookup,
} from './claims';
import {
  C1,
  C2,
  C3,
  DOC_A as DOC,
  chainIds,
  claimBody,
  recordLines,
  rev,
} from '../projection/handBuiltLedger';

const { E1, E2, E3, F1, G1 } = chainIds('0190a000');
const REV = rev('ab');
/** The revision that establishes every claim here. */
const SOURCE = { object: DOC, revision: REV };
const EMPTY_FEED = 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** A claim ledger line as the desktop writes it. */
const line = recordLines('claim', '0190a000-0000-7000-8000-0000000000aa');

const created = line(
  E1,
  '2026-07-01T10:00:00.000Z',
  claimBody(C1, 'Elena is left-handed.', SOURCE, 'Ada', '2026-07-01T10:00:00.000Z', 'draft'),
);
const promoted = line(E2, '2026-07-01T11:00:00.000Z', {
  ...created.body,
  supersedes: E1,
  maturity: 'established',
});
const corrected = line(E3, '2026-07-01T12:00:00.000Z', {
  ...promoted.body,
  statement: 'Elena is right-handed.',
  supersedes: E2,
});
const other = line(
  F1,
  '2026-07-01T09:00:00.000Z',
  claimBody(C2, 'The city has no river.', SOURCE, 'Ada', null, 'established'),
);
const unrelated = recordLines('diagnostic', '0190a000-0000-7000-8000-0000000000aa')(
  G1,
  '2026-07-01T13:00:00.000Z',
  { code: 'x', message: 'y' },
);

describe('current claims', () => {
  it('follow the supersedes chain to the entry nobody supersedes, whatever the input order', () => {
    for (const entries of [
      [created, promoted, corrected, unrelated],
      [corrected, unrelated, created, promoted],
    ]) {
      const { claims, conflicts } = currentClaims(entries);
      expect(claims.map((c) => [c.claim, c.entryId, c.statement, c.maturity])).toEqual([
        [C1, E3, 'Elena is right-handed.', 'established'],
      ]);
      expect(conflicts).toEqual([]);
    }
  });

  it('take the later of two entries superseding the same one, and report one conflict', () => {
    const rivalA = line(E2, '2026-07-01T11:00:00.000Z', { ...promoted.body, statement: 'A' });
    const rivalB = line(E3, '2026-07-01T11:30:00.000Z', { ...promoted.body, statement: 'B' });
    for (const entries of [
      [created, rivalA, rivalB],
      [rivalB, created, rivalA],
    ]) {
      const { claims, conflicts } = currentClaims(entries);
      expect(claims.map((c) => c.statement)).toEqual(['B']);
      expect(conflicts).toEqual([{ chain: C1, current: E3, rivals: [E2, E3] }]);
    }
  });

  it('break a tie in time by entry id', () => {
    const rivalA = line(E3, '2026-07-01T11:00:00.000Z', { ...promoted.body, statement: 'A' });
    const rivalB = line(E2, '2026-07-01T11:00:00.000Z', { ...promoted.body, statement: 'B' });
    const { claims, conflicts } = currentClaims([created, rivalA, rivalB]);
    expect(claims[0].statement).toBe('A');
    expect(conflicts).toHaveLength(1);
  });

  it('read an unknown maturity as draft, which is never fed', () => {
    const odd = line(E1, '2026-07-01T10:00:00.000Z', { ...created.body, maturity: 'canonical' });
    expect(currentClaims([odd]).claims[0].maturity).toBe('draft');
    expect(fedClaims([odd], [C1])).toEqual([]);
  });
});

describe('the feed', () => {
  const retired = line(E3, '2026-07-01T12:00:00.000Z', {
    ...promoted.body,
    invalid_at: '2026-07-01T12:00:00.000Z',
    supersedes: E2,
  });

  it('holds only established, visible, current, unretired claims', () => {
    expect(fedClaims([created], [C1])).toEqual([]); // draft
    expect(fedClaims([created, promoted], [])).toEqual([]); // not visible
    expect(fedClaims([created, promoted, retired], [C1])).toEqual([]); // retired
    expect(fedClaims([created, promoted, other], [C1, C2]).map((c) => c.entryId)).toEqual([
      E2, // current entry, not the draft it superseded
      F1,
    ]);
    expect(fedClaims([created, promoted, other], [C2]).map((c) => c.claim)).toEqual([C2]);
  });

  it('fingerprints an empty feed as the SHA-256 of nothing', async () => {
    expect(await claimsFingerprint([])).toBe(EMPTY_FEED);
    expect(await claimsFingerprint(fedClaims([created], [C1]))).toBe(EMPTY_FEED);
  });

  it('fingerprints `<claim>=<entry>` lines in claim-id order', async () => {
    const fed = [
      { claim: C2, entryId: F1 },
      { claim: C1, entryId: E3 },
    ];
    const expected = 'sha256:5f906ec503f9464a6686158e40791b67c19790824429efeb567f49c5214f7940';
    expect(await claimsFingerprint(fed)).toBe(expected);
    expect(await claimsFingerprint([...fed].reverse())).toBe(expected);
    expect(await claimsFingerprint(fedClaims([created, promoted], [C1]))).toBe(
      'sha256:54d2cb2bf8e5cb28261efca7ebdf4da4631eeb58b9cf1b73f9f6b41be48b6487',
    );
  });

  it('changes when a fed claim is promoted, corrected or retired, so old checks stop counting', async () => {
    const draft = await claimsFingerprint(fedClaims([created], [C1]));
    const afterPromote = await claimsFingerprint(fedClaims([created, promoted], [C1]));
    const afterCorrect = await claimsFingerprint(fedClaims([created, promoted, corrected], [C1]));
    const afterRetire = await claimsFingerprint(fedClaims([created, promoted, retired], [C1]));
    expect(afterPromote).not.toBe(draft);
    expect(afterCorrect).toBe(
      'sha256:95b792dcccf2047c643ee6192d2137fa2f765370816796ec771329e19cbad11a',
    );
    expect(afterCorrect).not.toBe(afterPromote);
    // A check bound to the promoted claim's fingerprint no longer matches once it is retired:
    // the row falls back to version-stale.
    expect(afterRetire).not.toBe(afterPromote);
    expect(afterRetire).toBe(EMPTY_FEED);
  });
});

describe('MCP claims rows', () => {
  it('list every current claim, retired ones included, with default-context visibility', () => {
    const retired = line(E3, '2026-07-01T12:00:00.000Z', {
      ...promoted.body,
      invalid_at: '2026-07-02T00:00:00.000Z',
      supersedes: E2,
    });
    expect(claimRows([other, created, promoted, retired], [C2])).toEqual([
      {
        claim: C1,
        entryId: E3,
        statement: 'Elena is left-handed.',
        maturity: 'established',
        invalidAt: '2026-07-02T00:00:00.000Z',
        visible: false,
      },
      {
        claim: C2,
        entryId: F1,
        statement: 'The city has no river.',
        maturity: 'established',
        invalidAt: null,
        visible: true,
      },
    ]);
  });
});

describe('claim acts', () => {
  const now = new Date('2026-07-05T08:30:00.000Z');
  const single: SingleHeadLookup = (object) =>
    object === DOC ? { revision: REV } : { error: 'This document is not tracked yet.' };

  it('create a draft established by the source document’s single head, valid from now', () => {
    const body = createClaim(
      { claimId: C3, statement: '  The war ended in spring.  ', source: DOC, human: 'Ada', now },
      single,
    );
    expect(body).toEqual({
      claim: C3,
      statement: 'The war ended in spring.',
      valid_at: '2026-07-05T08:30:00.000Z',
      invalid_at: null,
      established_by: [{ object: DOC, revision: REV }],
      supersedes: null,
      maturity: 'draft',
      actor: { type: 'human', id: 'Ada' },
    });
    const later = createClaim(
      {
        claimId: C3,
        statement: 'x',
        source: DOC,
        human: 'Ada',
        now,
        validAt: '1850-03-01T00:00:00Z',
      },
      single,
    );
    expect(later).toMatchObject({ valid_at: '1850-03-01T00:00:00.000Z' });
  });

  it('refuse a source without a single tracked head, a blank statement, a reused id', () => {
    const req = { claimId: C3, statement: 'x', source: DOC, human: 'Ada', now };
    const multi: SingleHeadLookup = () => ({ error: 'This document has 2 current revisions.' });
    expect(createClaim(req, multi)).toBe('This document has 2 current revisions.');
    expect(createClaim({ ...req, source: C2 }, single)).toBe('This document is not tracked yet.');
    expect(typeof createClaim({ ...req, statement: ' \n' }, single)).toBe('string');
    expect(typeof createClaim({ ...req, claimId: 'nope' }, single)).toBe('string');
    expect(typeof createClaim({ ...req, human: ' ' }, single)).toBe('string');
    expect(typeof createClaim({ ...req, validAt: 'yesterday' }, single)).toBe('string');
    expect(createClaim({ ...req, claimId: C1 }, single, [created])).toBe(
      `Claim ${C1} already exists.`,
    );
  });

  it('promote a draft only', () => {
    expect(promoteClaim([created], C1, 'Bo')).toEqual({
      ...created.body,
      maturity: 'established',
      supersedes: E1,
      actor: { type: 'human', id: 'Bo' },
    });
    expect(promoteClaim([created, promoted], C1, 'Bo')).toBe('Only a draft claim can be promoted.');
    expect(promoteClaim([created], C2, 'Bo')).toBe(`There is no claim ${C2}.`);
  });

  it('correct with a new statement, keeping maturity and bringing a retired claim back', () => {
    const retired = line(E3, '2026-07-01T12:00:00.000Z', {
      ...promoted.body,
      invalid_at: '2026-07-01T12:00:00.000Z',
      supersedes: E2,
    });
    expect(correctClaim([created, promoted, retired], C1, 'Elena is ambidextrous.', 'Ada')).toEqual(
      {
        ...promoted.body,
        statement: 'Elena is ambidextrous.',
        invalid_at: null,
        supersedes: E3,
      },
    );
    expect(correctClaim([created], C1, 'New', 'Ada')).toMatchObject({ maturity: 'draft' });
    expect(typeof correctClaim([created], C1, '   ', 'Ada')).toBe('string');
  });

  it('retire at now by default or at a given time, once', () => {
    expect(retireClaim([created, promoted], C1, 'Ada', now)).toEqual({
      ...promoted.body,
      invalid_at: '2026-07-05T08:30:00.000Z',
      supersedes: E2,
    });
    expect(retireClaim([created, promoted], C1, 'Ada', now, '1851-01-01T00:00:00Z')).toMatchObject({
      invalid_at: '1851-01-01T00:00:00.000Z',
    });
    const retired = line(E3, '2026-07-01T12:00:00.000Z', {
      ...promoted.body,
      invalid_at: '2026-07-01T12:00:00.000Z',
      supersedes: E2,
    });
    expect(retireClaim([created, promoted, retired], C1, 'Ada', now)).toBe(
      'This claim is already retired.',
    );
    expect(typeof retireClaim([created], C1, 'Ada', now, 'soon')).toBe('string');
  });

  it('follow the current entry of a conflicted claim', () => {
    const rivalA = line(E2, '2026-07-01T11:00:00.000Z', {
      ...created.body,
      statement: 'A',
      supersedes: E1,
    });
    const rivalB = line(E3, '2026-07-01T11:30:00.000Z', {
      ...created.body,
      statement: 'B',
      supersedes: E1,
    });
    expect(promoteClaim([created, rivalA, rivalB], C1, 'Ada')).toMatchObject({
      statement: 'B',
      supersedes: E3,
    });
  });
});
