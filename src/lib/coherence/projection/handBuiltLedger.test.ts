/**
 * The hand-built ledgers other tests rest on: their lines must be lines the ledger reads as they
 * are (else a test could pass on a line the app would quarantine), and their ids fixed.
 */
import { describe, expect, it } from 'vitest';
import { parseLine } from '../format/envelope';
import {
  DOC_A,
  E1,
  ELENA,
  GRANT,
  T1,
  chainIds,
  claimBody,
  delegationBody,
  handBuiltLedger,
  recordLines,
  resolutionBody,
} from './handBuiltLedger';

const reads = (line: unknown) => parseLine(JSON.stringify(line));

describe('hand-built ledgers', () => {
  it('number their lines from 1, each ledger on its own', () => {
    const first = handBuiltLedger();
    const a = first.register(0, ELENA, 'lore/elena.md');
    const b = first.save(1, ELENA, E1, []);
    expect([a.id, a.idem, a.time]).toEqual([
      '0198c000-0000-7000-8000-000000000001',
      '0198d000-0000-7000-8000-000000000001',
      '2026-07-10T10:00:00.000Z',
    ]);
    expect([b.id, b.idem, b.time]).toEqual([
      '0198c000-0000-7000-8000-000000000002',
      '0198d000-0000-7000-8000-000000000002',
      '2026-07-10T10:01:00.000Z',
    ]);
    expect(handBuiltLedger().line('diagnostic', '2026-07-10T10:00:00.000Z', {}).id).toBe(
      '0198c000-0000-7000-8000-000000000001',
    );
  });

  it('give every line of the three-scene session as the ledger reads it', () => {
    const { session, rewritten, resolution } = handBuiltLedger();
    const lines = [
      ...rewritten(),
      resolution('waiver', 20, { txf: T1, input: 0 }, ELENA, E1, E1, { reason: 'flashback' }),
    ];
    expect(session()).toHaveLength(12);
    for (const line of lines) expect(reads(line)).toMatchObject({ ok: true });
    expect(lines[1].body).toEqual({
      inputs: [],
      outputs: [
        {
          object: ELENA,
          revision: `rev1:${'e1'.repeat(32)}`,
          content_hash: `sha256:${'e1'.repeat(32)}`,
          parents: [],
        },
      ],
      agent: { type: 'human', id: 'ann' },
      intent: { kind: 'editor-save', summary: '' },
      confidence: 'exact',
    });
  });

  it('give claim and delegation lines the ledger reads, with the idem beside the id', () => {
    const { E1: entry, G1 } = chainIds('0190c000');
    expect(entry).toBe('0190c000-0000-7000-8000-0000000000e1');
    const claim = recordLines('claim', '0190a000-0000-7000-8000-0000000000aa')(
      entry,
      '2026-07-01T10:00:00.000Z',
      claimBody(G1, 'Elena is left-handed.', { object: DOC_A, revision: E1 }, 'Ada', null, 'draft'),
    );
    expect(claim.idem).toBe('0190c0ff-0000-7000-8000-0000000000e1');
    expect(reads(claim)).toMatchObject({ ok: true });
    const grant = recordLines('delegation', '0190a000-0000-7000-8000-0000000000aa')(
      entry,
      '2026-07-01T10:00:00.000Z',
      delegationBody(GRANT, 'Ada', 'claude-desktop', ['resolve.waive'], '2026-07-08T10:00:00Z'),
    );
    expect(reads(grant)).toMatchObject({ ok: true });
  });

  it('give resolution bodies the checks accept, and agent ones only with their grant', () => {
    const edge = { txf: T1, input: 0 };
    const agent = { type: 'agent', id: 'claude-desktop' };
    const line = (body: Record<string, unknown>) =>
      handBuiltLedger().line('ratification', '2026-07-10T10:00:00.000Z', body);
    expect(
      reads(line(resolutionBody(edge, ELENA, E1, E1, agent, { delegation: GRANT }))),
    ).toMatchObject({ ok: true });
    expect(reads(line(resolutionBody(edge, ELENA, E1, E1, agent)))).toMatchObject({ ok: false });
  });
});
