/**
 * What the capture tests share (test support, no test runner inside): a workspace in memory with
 * a clock that moves a second per call and numbered ids, a `save` with the test's own agent and
 * intent, and the ledger read back (refusing to hide a quarantined line).
 */
import { capture, type CaptureRequest } from './capture';
import type { LedgerEntry } from '../format/envelope';
import { WRITER } from '../projection/handBuiltLedger';
import { readLedger } from '../ledger/ledger';
import { inProcessLock } from '../ledger/ledgerFs';
import { memoryLedgerFs, type MemoryLedgerFs } from '../ledger/memoryLedgerFs';
import { emptyWorkspaceState, type KernelDeps } from '../scan/workspaceState';

export { WRITER };
export const SEGMENT = `.vmark/ledger/${WRITER}.jsonl`;
export const id = (n: number) => `0198b000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** A fresh workspace; `save` captures as `by` (a person's editor save unless told otherwise). */
export function captureKit(
  by: Pick<CaptureRequest, 'agent' | 'intent'> = {
    agent: { type: 'human', id: 'ann' },
    intent: { kind: 'editor-save', summary: '' },
  },
) {
  const fs = memoryLedgerFs();
  let minted = 0;
  let clock = Date.parse('2026-12-03T10:00:00.000Z');
  const deps: KernelDeps = {
    fs,
    lock: inProcessLock(),
    writer: WRITER,
    now: () => (clock += 1000),
    mintId: () => id(++minted),
  };
  const state = emptyWorkspaceState();
  const save = (path: string, content: string, extra: Partial<CaptureRequest> = {}) =>
    capture(deps, state, {
      path,
      content,
      ...by,
      confidence: 'exact',
      rewriteIdentity: true,
      policy: 'adopt',
      ...extra,
    });
  return { fs, deps, state, save, clock: () => clock };
}

/** The ledger's entries; a line that did not read back is an error, never skipped silently. */
export async function ledgerEntries(fs: MemoryLedgerFs): Promise<LedgerEntry[]> {
  const read = await readLedger(fs);
  if (!read.ok) throw new Error(read.error);
  if (read.quarantined !== 0) throw new Error(`${read.quarantined} ledger lines did not read back`);
  return read.entries;
}

/** The success of a capture, or the test fails with its error. */
export function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true; object: string }> {
  if (!result.ok) throw new Error((result as unknown as { error: string }).error);
  return result as Extract<T, { ok: true; object: string }>;
}
