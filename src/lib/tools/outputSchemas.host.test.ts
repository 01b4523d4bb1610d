/**
 * Every tool's output schema, through the real SDK: a Client over an in-memory transport to the
 * server the app runs, with the real handlers over the in-memory host. The client validates each
 * answer's structuredContent against the schema `tools/list` gave it (refusals included) and
 * throws on a mismatch; the test checks the zod schema as well.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { OUTPUT_SCHEMAS } from '../mcp/outputSchemas';
import { openMcpSession } from './server';
import { createTestHost } from '../worker/testHost';

const WORKFLOW =
  'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n';

async function connect() {
  const t = createTestHost();
  t.files.put('/notes/a.md', 'hello 世界\n');
  t.files.put('/notes/.github/workflows/ci.yml', WORKFLOW);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await openMcpSession(t.host, serverSide, 'schema test');
  const client = new Client({ name: 'schema test', version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools();
  const seen: { tool: string; action: string; isError: boolean }[] = [];
  const call = async (tool: keyof typeof OUTPUT_SCHEMAS, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
    if (r.structuredContent !== undefined) {
      const parsed = OUTPUT_SCHEMAS[tool].safeParse(r.structuredContent);
      expect(
        parsed.success,
        `${tool}.${String(args.action)}: ${JSON.stringify(r.structuredContent)}`,
      ).toBe(true);
    } else {
      expect(r.isError, `${tool}.${String(args.action)} gave no structuredContent`).toBe(true);
    }
    seen.push({ tool, action: String(args.action), isError: r.isError === true });
    return { ...(r.structuredContent ?? {}), isError: r.isError === true } as Record<
      string,
      unknown
    >;
  };
  return { t, client, call, seen };
}

describe('output schemas', () => {
  it('are listed for every tool as JSON Schema objects', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(OUTPUT_SCHEMAS).sort());
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}), tool.name).toContain('error');
    }
  });

  it('fit the answers and refusals of the editor tools', async () => {
    const { call, seen } = await connect();
    await call('session', { action: 'get_state' });
    const opened = await call('workspace', { action: 'open', filePath: '/notes/a.md' });
    const tabId = opened.tabId as string;
    await call('workspace', { action: 'open', filePath: '/notes/a.md' });
    await call('workspace', { action: 'open', filePath: '/notes/missing.md' });
    const read = await call('document', { action: 'read', tabId });
    await call('document', {
      action: 'write',
      tabId,
      content: 'x',
      expected_revision: 'rev-AAAAAAAA',
    });
    await call('document', { action: 'write', tabId, content: 'hello 世界 again\n', save: false });
    await call('document', {
      action: 'write',
      tabId,
      content: 'saved\n',
      expected_revision: undefined,
    });
    await call('document', { action: 'transform', tabId, kind: 'cjk-spacing' });
    expect(read.revision).toMatch(/^rev-/);
    await call('workspace', { action: 'save', tabId });
    await call('workspace', { action: 'save_as', tabId, filePath: '/notes/b.md' });
    const created = await call('workspace', { action: 'new' });
    await call('document', { action: 'write', tabId: created.tabId, content: 'untitled text' });
    await call('workspace', { action: 'switch_tab', tabId });
    await call('workspace', { action: 'focus_window', windowLabel: 'main' });
    await call('workspace', { action: 'focus_window', windowLabel: 'nowhere' });
    await call('workspace', { action: 'close', tabId: created.tabId });
    await call('workspace', { action: 'close', tabId: created.tabId, force: true });
    await call('workspace', { action: 'open_workspace', folderPath: '/elsewhere' });
    await call('selection', { action: 'get', tabId });
    await call('selection', { action: 'set', tabId, content: 'x' });
    const ci = await call('workspace', {
      action: 'open',
      filePath: '/notes/.github/workflows/ci.yml',
    });
    await call('workflow', { action: 'validate', tabId: ci.tabId });
    await call('workflow', {
      action: 'apply_patch',
      tabId: ci.tabId,
      patches: [{ kind: 'workflow.set', path: 'name', value: 'CI' }],
    });
    await call('workflow', { action: 'apply_patch', tabId: ci.tabId, patches: [{ kind: 'nope' }] });
    for (const action of ['status', 'edges', 'claims', 'contexts']) {
      await call('coherence', { action, workspace_root: '/notes' });
    }
    await call('coherence_resolve', {
      action: 'resolve',
      workspace_root: '/notes',
      txf: 'x',
      input: 'y',
      resolution: 'waive',
      reason: 'fine',
    });
    expect(seen.filter((s) => s.isError).length).toBeGreaterThan(3);
    expect(seen.filter((s) => !s.isError).length).toBeGreaterThan(15);
  });

  it('fit the browser answers, the screenshot and the driver refusals', async () => {
    const { t, call } = await connect();
    t.driver = (cmd) =>
      cmd.op === 'screenshot'
        ? {
            ok: true,
            data: { url: 'https://example.org/' },
            image: { base64: '/9j/', mimeType: 'image/jpeg' },
          }
        : {
            ok: true,
            data: {
              tabId: 'b1',
              url: 'https://example.org/',
              title: 'Example',
              generation: 2,
              navigationId: 'n1',
            },
          };
    await call('browser', { action: 'open', url: 'https://example.org/' });
    await call('browser_read', { action: 'read', tabId: 'b1' });
    await call('browser_read', { action: 'screenshot', tabId: 'b1' });
    await call('browser_read', { action: 'extract', tabId: 'b1' });
    // A tab with no navigation of the AI's (one the person opened): wait answers its own load.
    t.driver = () => ({
      ok: true,
      data: {
        tabId: 'b2',
        url: 'https://example.org/',
        title: 'Example',
        navigationId: null,
        generation: 1,
        loading: false,
        untrusted: true,
      },
    });
    const own = await call('browser_read', { action: 'wait', tabId: 'b2' });
    expect(own).toMatchObject({ isError: false, navigationId: null });
    t.driver = () => ({ ok: false, error: 'TIMEOUT', message: 'The page did not load in time.' });
    const late = await call('browser_read', { action: 'wait', tabId: 'b1' });
    expect(late).toMatchObject({ isError: true, error: 'TIMEOUT' });
    t.driver = () => ({
      ok: false,
      error: 'APPROVAL_REQUIRED',
      message: 'Clicking needs approval',
      approval: {
        requestId: 'r1',
        operation: 'click',
        origin: 'https://example.org',
        tabId: 'b1',
        generation: 2,
        grantable: true,
      },
    });
    const asked = await call('browser', {
      action: 'act',
      operation: 'click',
      ref: 'e1',
      tabId: 'b1',
    });
    expect(asked).toMatchObject({ isError: true, needsApproval: true });
  });
});
