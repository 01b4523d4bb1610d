/**
 * The kernel as the tools use it, over a ledger written out by hand: a scene drafted by an AI
 * from a character note, then the note rewritten. Who may resolve the stale edge: the person
 * always; an AI client only when identified and delegated, and only for a listed edge.
 */
import { describe, expect, it } from 'vitest';
import { CoherenceKernel } from './kernel';
import { inProcessLock } from './ledger/ledgerFs';
import { readLedger } from './ledger/ledger';
import { memoryLedgerFs } from './ledger/memoryLedgerFs';
import { emptyWorkspaceState } from './scan/workspaceState';
import type { ScanRun } from './scan/scanQueue';

const WRITER = '0198f000-0000-7000-8000-000000000001';
const OTHER_WRITER = '0198f000-0000-7000-8000-000000000002';
const ELENA = '0198f100-0000-7000-8000-000000000001';
const SCENE = '0198f100-0000-7000-8000-000000000002';
const TXF = '0198f200-0000-7000-8000-000000000003';
const GRANT = '0198f300-0000-7000-8000-000000000001';
const E1 = `rev1:${'1'.repeat(64)}`;
const E2 = `rev1:${'2'.repeat(64)}`;
const S1 = `rev1:${'3'.repeat(64)}`;
const H = (n: string) => `sha256:${n.repeat(64)}`;
const NOW = Date.parse('2026-12-03T12:00:00.000Z');

let n = 0;
function line(kind: string, time: string, body: unknown, id?: string): string {
  n += 1;
  const tail = String(n).padStart(12, '0');
  return `${JSON.stringify({
    format: 0,
    id: id ?? `0198f400-0000-7000-8000-${tail}`,
    kind,
    time,
    writer: OTHER_WRITER,
    idem: `0198f500-0000-7000-8000-${tail}`,
    body,
  })}\n`;
}

const save = (time: string, revision: string, parents: string[], hash: string) =>
  line('transformation', time, {
    inputs: [],
    outputs: [{ object: ELENA, revision, content_hash: hash, parents }],
    agent: { type: 'human', id: 'ann' },
    intent: { kind: 'editor-save', summary: '' },
    confidence: 'exact',
  });

const LEDGER = [
  line('object-registered', '2026-12-01T09:00:00.000Z', { object: ELENA, path: 'lore/elena.md' }),
  save('2026-12-01T09:00:00.000Z', E1, [], H('a')),
  line('object-registered', '2026-12-01T09:05:00.000Z', { object: SCENE, path: 'scene-01.md' }),
  line(
    'transformation',
    '2026-12-01T09:05:00.000Z',
    {
      inputs: [{ object: ELENA, revision: E1, role: 'direct' }],
      outputs: [{ object: SCENE, revision: S1, content_hash: H('b'), parents: [] }],
      agent: { type: 'model', id: 'mcp-client' },
      intent: { kind: 'mcp-document-write', summary: 'draft scene 1' },
      confidence: 'inferred',
    },
    TXF,
  ),
  save('2026-12-02T10:00:00.000Z', E2, [E1], H('c')),
].join('');

const delegation = (scope: string[], expires: string, principal = 'Claude Code') =>
  line('delegation', '2026-12-03T08:00:00.000Z', {
    delegation: GRANT,
    actor: { type: 'human', id: 'ann' },
    delegate: { type: 'external', id: principal },
    scope,
    expires,
    supersedes: null,
  });

function kernel(ledger = LEDGER, extra = '') {
  const fs = memoryLedgerFs();
  if (ledger !== null) fs.put(`.vmark/ledger/${OTHER_WRITER}.jsonl`, ledger + extra);
  let id = 0;
  const mintId = () => `0198f600-0000-7000-8000-${String(++id).padStart(12, '0')}`;
  const k = new CoherenceKernel(
    { fs, lock: inProcessLock(), writer: WRITER, now: () => NOW, mintId },
    emptyWorkspaceState(),
  );
  return { fs, k };
}

const EDGE = { txf: TXF, input: 0 };

describe('the coherence kernel', () => {
  it('reports a workspace without .vmark/ as not initialized, with nothing to list', async () => {
    const { fs, k } = kernel(null as unknown as string);
    expect(await k.status()).toEqual({
      initialized: false,
      writer: WRITER,
      objects: 0,
      quarantined: 0,
      open_items: 0,
    });
    expect(await k.edges()).toEqual([]);
    expect(await k.claims()).toEqual([]);
    expect(fs.paths()).toEqual([]);
  });

  it('lists the stale edge, counts objects, open items and unreadable lines', async () => {
    const { k } = kernel(LEDGER, 'not json\n');
    expect(await k.status()).toEqual({
      initialized: true,
      writer: WRITER,
      objects: 2,
      quarantined: 1,
      open_items: 1,
    });
    expect(await k.edges()).toMatchObject([
      {
        txf: TXF,
        input: 0,
        upstream_path: 'lore/elena.md',
        downstream_path: 'scene-01.md',
        pinned: E1,
        state: 'version-stale',
      },
    ]);
    expect(await k.contexts()).toMatchObject([{ name: 'default', enforcement: 'greenhouse' }]);
  });

  it('refuses an AI client without a credential, or without a delegation for that resolution', async () => {
    const { fs, k } = kernel();
    const args = { ...EDGE, resolution: 'accept-newer' };
    expect(await k.resolve(args, { principal: null })).toMatch(/^unidentified client/);
    expect(await k.resolve(args, { principal: 'Claude Code' })).toBe(
      'no live delegation authorizes resolve.accept-newer for Claude Code',
    );
    const { k: waiveOnly } = kernel(
      LEDGER,
      delegation(['resolve.waive'], '2026-12-10T00:00:00.000Z'),
    );
    expect(await waiveOnly.resolve(args, { principal: 'Claude Code' })).toMatch(
      /^no live delegation/,
    );
    const { k: expired } = kernel(
      LEDGER,
      delegation(['resolve.accept-newer'], '2026-12-03T11:59:59.000Z'),
    );
    expect(await expired.resolve(args, { principal: 'Claude Code' })).toMatch(/^no live/);
    const { k: someoneElse } = kernel(
      LEDGER,
      delegation(['resolve.accept-newer'], '2026-12-10T00:00:00.000Z', 'Cursor'),
    );
    expect(await someoneElse.resolve(args, { principal: 'Claude Code' })).toMatch(/^no live/);
    // Nothing was written by any refusal.
    expect(fs.paths().filter((p) => p.includes(WRITER))).toEqual([]);
  });

  it('lets a delegated AI client accept the newer upstream; the row goes, the record names the grant', async () => {
    const { fs, k } = kernel(
      LEDGER,
      delegation(['resolve.accept-newer'], '2026-12-10T00:00:00.000Z'),
    );
    const receipt = await k.resolve(
      { ...EDGE, resolution: 'accept-newer' },
      { principal: 'Claude Code' },
    );
    expect(receipt).toEqual({
      entry_id: '0198f600-0000-7000-8000-000000000001',
      kind: 'ratification',
      resolved_against: E2,
    });
    expect(await k.edges()).toEqual([]);
    const read = await readLedger(fs);
    const ratification = read.ok && read.entries.find((e) => e.kind === 'ratification');
    expect(ratification).toMatchObject({
      writer: WRITER,
      body: {
        edge: EDGE,
        upstream_object: ELENA,
        pinned: E1,
        resolved_against: E2,
        actor: { type: 'agent', id: 'Claude Code' },
        delegation: GRANT,
      },
    });
    expect(fs.text('.vmark/.gitattributes')).toContain('ledger/*.jsonl merge=union');
    // Resolved, the edge is no longer listed: a second try is refused as not live.
    expect(
      await k.resolve({ ...EDGE, resolution: 'accept-newer' }, { principal: 'Claude Code' }),
    ).toMatch(/^edge is not live/);
  });

  it('lets the person waive with a reason, never without; the row stays, waived', async () => {
    const { k } = kernel();
    expect(await k.resolve({ ...EDGE, resolution: 'waive' }, { person: 'Ann' })).toBe(
      'a waiver needs a reason',
    );
    expect(
      await k.resolve(
        { ...EDGE, resolution: 'waive', reason: ' canon differs ' },
        { person: 'Ann' },
      ),
    ).toMatchObject({ kind: 'waiver', resolved_against: E2 });
    expect(await k.edges()).toMatchObject([{ state: 'waived', prior_waivers: 1 }]);
    expect(await k.resolve({ ...EDGE, resolution: 'forget' }, { person: 'Ann' })).toMatch(
      /^unknown resolve action/,
    );
  });

  it('runs the scan before every read', async () => {
    let scans = 0;
    const fs = memoryLedgerFs();
    fs.put(`.vmark/ledger/${OTHER_WRITER}.jsonl`, LEDGER);
    const k = scanningKernel(fs, async () => void scans++);
    await k.status();
    await k.edges();
    expect(scans).toBe(2);
  });

  it('answers BUSY with the progress at the wait, never rows, and the rows once the scan is done', async () => {
    const fs = memoryLedgerFs();
    fs.put(`.vmark/ledger/${OTHER_WRITER}.jsonl`, LEDGER);
    let release!: () => void;
    let scans = 0;
    const k = scanningKernel(fs, (progress) => {
      scans++;
      if (scans > 1) return Promise.resolve();
      progress(0, 10);
      progress(4, 10);
      return new Promise<void>((resolve) => (release = resolve));
    });
    const told: number[] = [];
    const busy = await k.edges({ limitMs: 20, onProgress: (p) => told.push(p.done) });
    expect(busy).toMatchObject({ busy: true, progress: { done: 4, total: 10 } });
    expect(Array.isArray(busy)).toBe(false);
    const resolve = await k.resolve(
      { txf: TXF, input: 0, resolution: 'accept-newer' },
      { person: 'ann' },
      { limitMs: 20 },
    );
    expect(resolve).toMatchObject({ busy: true });
    // Nothing was written for the refused resolution.
    expect((await readLedger(fs)).ok && (await readLedger(fs))).toMatchObject({
      entries: expect.not.arrayContaining([expect.objectContaining({ kind: 'ratification' })]),
    });
    release();
    const rows = await k.edges({ limitMs: 1_000 });
    expect(Array.isArray(rows)).toBe(true);
    expect(scans).toBe(2);
  });
});

/** A kernel of `fs` whose reads start with `scan`. */
function scanningKernel(fs: ReturnType<typeof memoryLedgerFs>, scan: ScanRun) {
  const deps = {
    fs,
    lock: inProcessLock(),
    writer: WRITER,
    now: () => NOW,
    mintId: () => '0198f600-0000-7000-8000-000000000009',
  };
  return new CoherenceKernel(deps, emptyWorkspaceState(), { scan });
}
