/**
 * The provenance of an MCP write: the session's reads since its last write become the inputs,
 * each consumed once, and a capture with them records an inferred transformation.
 */
import { describe, expect, it } from 'vitest';
import { capture } from './capture';
import { readLedger } from '../ledger/ledger';
import { inProcessLock } from '../ledger/ledgerFs';
import { inputsFromReads, mcpReadLog } from './mcpProvenance';
import { memoryLedgerFs } from '../ledger/memoryLedgerFs';
import type { TransformationBody } from '../format/records';
import { emptyWorkspaceState } from '../scan/workspaceState';

const REV_A = `rev1:${'a'.repeat(64)}`;
const REV_B = `rev1:${'b'.repeat(64)}`;

describe('inputsFromReads', () => {
  it('leaves out the target and paths outside the workspace, and counts a document once', () => {
    const got = inputsFromReads(
      [
        { path: 'lore/elena.md', revision: REV_A },
        { path: 'scene.md' },
        { path: '../secret.md' },
        { path: '/etc/notes.md' },
        { path: 'image.png' },
        { path: './lore/world.md' },
        { path: 'lore/elena.md', revision: REV_B },
      ],
      './scene.md',
    );
    expect(got).toEqual({
      inputs: [
        { path: 'lore/elena.md', revision: REV_B, role: 'direct' },
        { path: 'lore/world.md', role: 'direct' },
      ],
      agent: { type: 'model', id: 'mcp-client' },
      intent: { kind: 'mcp-document-write', summary: 'MCP write to scene.md' },
      confidence: 'inferred',
    });
  });
});

describe('mcpReadLog', () => {
  it('hands each read to one write only', () => {
    const log = mcpReadLog();
    log.read('lore/elena.md', REV_A);
    expect(log.pending()).toEqual([{ path: 'lore/elena.md', revision: REV_A }]);
    expect(log.takeFor('scene.md').inputs).toEqual([
      { path: 'lore/elena.md', revision: REV_A, role: 'direct' },
    ]);
    expect(log.pending()).toEqual([]);
    expect(log.takeFor('scene-2.md').inputs).toEqual([]);
  });

  it('gives a capture that records the reads as inputs, inferred, by mcp-client', async () => {
    const fs = memoryLedgerFs();
    const writer = '0198a000-0000-7000-8000-0000000000ff';
    let n = 0;
    const deps = {
      fs,
      lock: inProcessLock(),
      writer,
      now: () => Date.parse('2026-12-03T10:00:00.000Z') + ++n,
      mintId: () => `0198b000-0000-7000-8000-${String(++n).padStart(12, '0')}`,
    };
    const state = emptyWorkspaceState();
    fs.put('lore/elena.md', '# Elena\n');
    const log = mcpReadLog();
    log.read('lore/elena.md');
    const done = await capture(deps, state, {
      path: 'scene.md',
      content: 'Scene\n',
      rewriteIdentity: true,
      policy: 'adopt',
      ...log.takeFor('scene.md'),
    });
    expect(done.ok).toBe(true);
    const read = await readLedger(fs);
    if (!read.ok) throw new Error(read.error);
    const txf = read.entries.filter((e) => e.kind === 'transformation').at(-1)!;
    const body = txf.body as TransformationBody;
    expect(body.agent).toEqual({ type: 'model', id: 'mcp-client' });
    expect(body.intent.kind).toBe('mcp-document-write');
    expect(body.confidence).toBe('inferred');
    expect(body.inputs).toHaveLength(1);
    expect(body.inputs[0].object).toBe((read.entries[0].body as { object: string }).object);
  });
});
