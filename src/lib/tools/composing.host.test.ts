/**
 * While the person composes text with an input method in a tab, every AI change of that tab that
 * waits for the person's typing, and selection.set, answers BUSY with retry_after_ms and changes
 * nothing; saves and reads go on, and other tabs are not affected.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { COMPOSING_RETRY_AFTER_MS } from '../collab/compositions';
import type { DocumentArgs } from '../mcp';
import { documentTool } from './documentTool';
import { selectionTool } from './selectionTool';
import { createTestHost, type EditorAgent } from '../worker/testHost';
import { workflowTool } from './workflowTool';
import { workspaceTool } from './workspaceTool';

function data(r: CallToolResult): Record<string, unknown> {
  return { isError: r.isError === true, ...r.structuredContent };
}

const BUSY = { isError: true, error: 'BUSY', retry_after_ms: COMPOSING_RETRY_AFTER_MS };
const WORKFLOW = 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n';

async function twoTabs() {
  const t = createTestHost();
  t.files.put('/notes/a.md', 'hello\n');
  t.files.put('/notes/b.md', 'other\n');
  t.files.put('/notes/.github/workflows/ci.yml', WORKFLOW);
  const open = async (filePath: string) =>
    data(await workspaceTool(t.host, { action: 'open', filePath }, 'test')).tabId as string;
  return {
    t,
    a: await open('/notes/a.md'),
    b: await open('/notes/b.md'),
    ci: await open('/notes/.github/workflows/ci.yml'),
  };
}

describe('AI changes while the person composes text with an input method', () => {
  it('document.write and transform answer BUSY with retry_after_ms and change nothing', async () => {
    const { t, a } = await twoTabs();
    const before = t.host.tab(a)!.revision;
    const doc = async (args: Omit<DocumentArgs, 'save'> & { save?: boolean }) =>
      data(await documentTool(t.host, { save: true, tabId: a, ...args }));
    t.composing.add(a);
    const write = await doc({ action: 'write', content: 'x' });
    expect(write).toMatchObject(BUSY);
    expect(write.message).toMatch(/input method/);
    const guarded = await doc({ action: 'write', content: 'x', expected_revision: before });
    expect(guarded).toMatchObject(BUSY);
    const transform = await doc({ action: 'transform', kind: 'cjk-spacing' });
    expect(transform).toMatchObject(BUSY);
    expect(t.host.tab(a)).toMatchObject({ text: 'hello\n', revision: before });
    expect(t.files.text('/notes/a.md')).toBe('hello\n');
    expect(t.pushed).toEqual([]);
    // Once the composition is over, the same write goes through.
    t.composing.delete(a);
    const again = await doc({ action: 'write', content: 'x' });
    expect(again).toMatchObject({ isError: false, saved: true });
    expect(t.host.tab(a)?.text).toBe('x');
  });

  it('workflow.apply_patch, close and the reload of open answer BUSY too', async () => {
    const { t, ci } = await twoTabs();
    t.composing.add(ci);
    const patch = data(
      await workflowTool(t.host, {
        action: 'apply_patch',
        tabId: ci,
        patches: [{ kind: 'job.set', jobId: 'build', path: 'timeout-minutes', value: 5 }],
      }),
    );
    expect(patch).toMatchObject(BUSY);
    expect(t.host.tab(ci)?.text).toBe(WORKFLOW);
    const close = data(await workspaceTool(t.host, { action: 'close', tabId: ci }, 'test'));
    expect(close).toMatchObject(BUSY);
    expect(t.host.tab(ci)).toBeDefined();
    t.files.put('/notes/.github/workflows/ci.yml', WORKFLOW + '# changed on disk\n');
    const reopen = data(
      await workspaceTool(
        t.host,
        { action: 'open', filePath: '/notes/.github/workflows/ci.yml' },
        'test',
      ),
    );
    expect(reopen).toMatchObject(BUSY);
    expect(t.host.tab(ci)?.text).toBe(WORKFLOW);
  });

  it('saves and reads are not refused; other tabs are not affected', async () => {
    const { t, a, b } = await twoTabs();
    await documentTool(t.host, { action: 'write', tabId: a, content: 'typed\n', save: false });
    t.composing.add(a);
    const save = data(await workspaceTool(t.host, { action: 'save', tabId: a }, 'test'));
    expect(save).toMatchObject({ isError: false, filePath: '/notes/a.md' });
    expect(t.files.text('/notes/a.md')).toBe('typed\n');
    const read = data(await documentTool(t.host, { action: 'read', tabId: a, save: true }));
    expect(read).toMatchObject({ isError: false, content: 'typed\n' });
    const other = data(
      await documentTool(t.host, { action: 'write', tabId: b, content: 'B', save: true }),
    );
    expect(other).toMatchObject({ isError: false, saved: true });
    const closeOther = data(await workspaceTool(t.host, { action: 'close', tabId: b }, 'test'));
    expect(closeOther).toMatchObject({ isError: false, closed: true });
  });

  it('a composition that begins while the change waits for the typing is BUSY as well', async () => {
    const { t, a } = await twoTabs();
    t.onFlush = (tabId) => t.composing.add(tabId);
    const write = data(
      await documentTool(t.host, { action: 'write', tabId: a, content: 'x', save: true }),
    );
    expect(write).toMatchObject(BUSY);
    expect(t.flushes).toBe(1);
    expect(t.host.tab(a)?.text).toBe('hello\n');
  });

  it('selection.set is BUSY before the window is asked; selection.get still answers', async () => {
    const { t, a } = await twoTabs();
    t.host.activate(a);
    const asked: string[] = [];
    const agent: EditorAgent = {
      selectionGet: async () => {
        asked.push('get');
        return {
          ok: true,
          text: '',
          isEmpty: true,
          range: { from: 0, to: 0 },
          mode: 'source',
          revision: t.host.tab(a)!.revision,
        };
      },
      selectionSet: async () => {
        asked.push('set');
        return { ok: true, revision: t.host.tab(a)!.revision, replaced_chars: 0 };
      },
      flush: async () => undefined,
      lint: async () => ({
        ok: true,
        result: { ok: true, diagnostics: [], binaryAvailable: true, unavailableChecks: [] },
      }),
      raise: async () => ({ focused: true, attention: false }),
      findRegex: async () => ({ ok: false, error: 'INTERNAL', message: 'none' }),
    };
    t.agents.set('main', agent);
    t.composing.add(a);
    const set = data(await selectionTool(t.host, { action: 'set', content: 'x' }));
    expect(set).toMatchObject(BUSY);
    const get = data(await selectionTool(t.host, { action: 'get' }));
    expect(get).toMatchObject({ isError: false, tabId: a });
    expect(asked).toEqual(['get']);
  });

  it('a BUSY the window answers itself is passed on with retry_after_ms', async () => {
    const { t, a } = await twoTabs();
    t.host.activate(a);
    t.agents.set('main', {
      selectionGet: async () => ({ ok: false, error: 'NO_EDITOR', message: 'none' }),
      selectionSet: async () => ({
        ok: false,
        error: 'BUSY',
        message: 'Composing.',
        retry_after_ms: COMPOSING_RETRY_AFTER_MS,
      }),
      flush: async () => undefined,
      lint: async () => ({ ok: false, error: 'INTERNAL', message: 'none' }),
      findRegex: async () => ({ ok: false, error: 'INTERNAL', message: 'none' }),
      raise: async () => ({ focused: true, attention: false }),
    });
    const set = data(await selectionTool(t.host, { action: 'set', content: 'x' }));
    expect(set).toMatchObject(BUSY);
  });
});
