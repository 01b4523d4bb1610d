/**
 * The coherence tools through the real handlers and host (folders in memory): answers as JSON
 * (an array wrapped as items), refusals as plain sentences, and who resolves taken from the
 * session, never from an argument.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { coherenceResolveTool, coherenceTool } from './coherenceTool';
import { createTestHost, TEST_WRITER } from '../worker/testHost';

const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const session = (principal: string | null) => ({
  client: () => 'Test Client',
  principal: async () => principal,
  reads: [],
});
const RESOLVE = {
  action: 'resolve' as const,
  workspace_root: '/notes',
  txf: '0198fb00-0000-7000-8000-000000000001',
  input: 0,
  resolution: 'accept-newer' as const,
};

describe('coherence tools', () => {
  it('answer status for a folder with no ledger, and create nothing', async () => {
    const t = createTestHost();
    const r = await coherenceTool(t.host, { action: 'status', workspace_root: '/notes' });
    expect(r.isError).toBeFalsy();
    expect(JSON.parse(text(r))).toEqual({
      initialized: false,
      writer: TEST_WRITER,
      person: 'unknown-human',
      objects: 0,
      quarantined: 0,
      open_items: 0,
    });
    expect(t.coherenceFs.get('notes')?.paths()).toEqual([]);
  });

  it('wrap the edges in items, and refuse a root that is not an open folder in plain words', async () => {
    const t = createTestHost();
    const edges = await coherenceTool(t.host, { action: 'edges', workspace_root: '/notes' });
    expect(edges.structuredContent).toEqual({ items: [] });
    for (const [root, said] of [
      ['notes', /is relative/],
      ['/nowhere', /is not an open folder \(open: \/notes\)/],
      ['/notes/a.md', /use its root, \/notes/],
    ] as const) {
      const r = await coherenceTool(t.host, { action: 'status', workspace_root: root });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toBeUndefined();
      expect(text(r)).toMatch(said);
    }
  });

  it('refuse to resolve for a client without a credential, whatever it claims', async () => {
    const t = createTestHost();
    const none = await coherenceResolveTool(t.host, RESOLVE, session(null));
    expect(text(none)).toBe('this workspace has no coherence ledger yet');
    await ledgerStarted(t);
    const anonymous = await coherenceResolveTool(t.host, RESOLVE, session(null));
    expect(anonymous.isError).toBe(true);
    expect(text(anonymous)).toMatch(/^unidentified client/);
    const named = await coherenceResolveTool(t.host, RESOLVE, session('Claude Code'));
    expect(text(named)).toBe('no live delegation authorizes resolve.accept-newer for Claude Code');
  });
});

/** A folder whose `.vmark/` exists with an empty ledger. */
async function ledgerStarted(t: ReturnType<typeof createTestHost>) {
  await coherenceTool(t.host, { action: 'status', workspace_root: '/notes' });
  const fs = t.coherenceFs.get('notes');
  if (!fs) throw new Error('no coherence files for /notes');
  await fs.append('.vmark/ledger/started.jsonl', new Uint8Array());
  return fs;
}
