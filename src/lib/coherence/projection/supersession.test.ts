import { describe, expect, it } from 'vitest';
import { compareEntries as compareEntryOrder } from '../format/envelope';
import { currentOfChain, currentOfChains } from './supersession';

const A = '0190a000-0000-7000-8000-00000000000a';
const B = '0190a000-0000-7000-8000-00000000000b';
const C = '0190a000-0000-7000-8000-00000000000c';
const D = '0190a000-0000-7000-8000-00000000000d';
const OUTSIDE = '0190a000-0000-7000-8000-0000000000ff';

const at = (id: string, time: string, supersedes: string | null, chain = 'k1') => ({
  id,
  time,
  body: { supersedes, chain },
});

describe('supersession chains', () => {
  it('order entries by time (as instants, not text), then id', () => {
    expect(
      compareEntryOrder(
        { id: B, time: '2026-07-01T10:00:00Z' },
        { id: A, time: '2026-07-01T10:00:00.001Z' },
      ),
    ).toBeLessThan(0);
    expect(
      compareEntryOrder(
        { id: B, time: '2026-07-01T10:00:00.000Z' },
        { id: A, time: '2026-07-01T10:00:00Z' },
      ),
    ).toBeGreaterThan(0);
  });

  it('find no current entry in an empty chain', () => {
    expect(currentOfChain('k1', [])).toBeNull();
  });

  it('keep a rival branch that was continued as a rival of the winner', () => {
    // B and C both follow A; D follows C. Ends: B and D; D is latest.
    const entries = [
      at(A, '2026-07-01T10:00:00.000Z', null),
      at(B, '2026-07-01T11:00:00.000Z', A),
      at(C, '2026-07-01T10:30:00.000Z', A),
      at(D, '2026-07-01T12:00:00.000Z', C),
    ];
    expect(currentOfChain('k1', entries)).toEqual({
      current: entries[3],
      conflict: { chain: 'k1', current: D, rivals: [B, D] },
    });
  });

  it('treat an entry following an entry it cannot see as an end of its own', () => {
    const entries = [at(B, '2026-07-01T11:00:00.000Z', OUTSIDE)];
    expect(currentOfChain('k1', entries)).toEqual({ current: entries[0], conflict: null });
  });

  it('fall back to the latest entry of a chain that only loops, with a conflict', () => {
    const entries = [at(A, '2026-07-01T10:00:00.000Z', B), at(B, '2026-07-01T11:00:00.000Z', A)];
    expect(currentOfChain('k1', entries)?.current.id).toBe(B);
    expect(currentOfChain('k1', entries)?.conflict?.rivals).toEqual([A, B]);
  });

  it('group chains by their stable id and list conflicts by chain id', () => {
    const entries = [
      at(A, '2026-07-01T10:00:00.000Z', null, 'k2'),
      at(B, '2026-07-01T11:00:00.000Z', A, 'k2'),
      at(C, '2026-07-01T11:00:00.000Z', A, 'k2'),
      at(D, '2026-07-01T09:00:00.000Z', null, 'k1'),
    ];
    const { current, conflicts } = currentOfChains(entries, (e) => e.body.chain);
    expect([...current].map(([k, e]) => [k, e.id])).toEqual([
      ['k1', D],
      ['k2', C],
    ]);
    expect(conflicts).toEqual([{ chain: 'k2', current: C, rivals: [B, C] }]);
  });
});
