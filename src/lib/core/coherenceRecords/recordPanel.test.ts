/**
 * The record sections' calls as the core answers them: a malformed call from a window is refused
 * before it reaches the record, a document outside the workspace is refused by name, and a
 * well-formed act lands.
 */
import { describe, expect, it } from 'vitest';
import { inProcessLock } from '../../coherence/ledger/ledgerFs';
import { memoryLedgerFs } from '../../coherence/ledger/memoryLedgerFs';
import { PersonActs } from '../../coherence/resolution/personActs';
import { recordPanel } from './recordPanel';
import type { CoherenceActCall } from './panelTypes';

function acts() {
  const fs = memoryLedgerFs();
  fs.put('.vmark/.gitignore', '');
  let id = 0;
  const mintId = () => `0198f600-0000-7000-8000-${String(++id).padStart(12, '0')}`;
  return new PersonActs(
    { fs, lock: inProcessLock(), writer: mintId(), now: () => Date.now(), mintId },
    'ann',
  );
}

const rel = (path: string) => (path.startsWith('/notes/') ? path.slice('/notes/'.length) : null);
const bad = (call: unknown) => recordPanel(acts(), call as CoherenceActCall, rel);

describe('the record sections’ calls', () => {
  it('refuses malformed calls with one sentence', async () => {
    const refusal = { ok: false, message: 'That request to the coherence record is malformed.' };
    expect(
      await bad({ op: 'grant', root: '/notes', principal: 'x', scope: 'resolve.waive' }),
    ).toEqual(refusal);
    expect(await bad({ op: 'claim-show', root: '/notes', claim: 'c', context: 'x' })).toEqual(
      refusal,
    );
    expect(await bad({ op: 'context-create', root: '/notes', name: 3, parent: null })).toEqual(
      refusal,
    );
    expect(await bad({ op: 'unheard-of', root: '/notes' })).toEqual(refusal);
  });

  it('refuses a claim from a document of another workspace', async () => {
    const call = { op: 'claim-create', root: '/notes', path: '/book/a.md', statement: 'x' };
    expect(await bad(call)).toEqual({
      ok: false,
      message: '/book/a.md is not in this workspace: pick its workspace.',
    });
  });

  it('answers what an act made, and the record after it', async () => {
    const a = acts();
    const made = await recordPanel(
      a,
      { op: 'context-create', root: '/notes', name: 'book', parent: null },
      rel,
    );
    expect(made).toMatchObject({ ok: true, done: { id: expect.any(String) } });
    const view = await recordPanel(a, { op: 'record', root: '/notes' }, rel);
    expect(view).toMatchObject({ ok: true, record: { initialized: true } });
    if (!view.ok || !('record' in view)) throw new Error('no record');
    expect(view.record.contexts.map((c) => c.name)).toEqual(['default', 'book']);
  });
});
