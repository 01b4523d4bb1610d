/**
 * The tool handlers against the core's host over files in memory: what an AI client gets back,
 * and what the documents and files look like afterwards.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { documentTool } from './documentTool';
import { MCP_PROTOCOL_VERSION, type StateAnswer } from '../mcp';
import { getState } from './sessionTool';
import { createTestHost, type EditorAgent } from '../worker/testHost';
import { workflowTool } from './workflowTool';
import { workspaceTool } from './workspaceTool';
import { selectionTool } from './selectionTool';

function data(r: CallToolResult): Record<string, unknown> {
  return { isError: r.isError === true, ...r.structuredContent };
}

async function openNote(path = '/notes/a.md', text = 'hello\n') {
  const t = createTestHost();
  t.files.put(path, text);
  const opened = data(await workspaceTool(t.host, { action: 'open', filePath: path }, 'test'));
  return { t, tabId: opened.tabId as string };
}

describe('document tool', () => {
  it('writes under the revision rule, saves by default, and the file gets the bytes', async () => {
    const { t, tabId } = await openNote();
    const read = data(await documentTool(t.host, { action: 'read', tabId }));
    const written = data(
      await documentTool(t.host, {
        action: 'write',
        tabId,
        content: 'bye\r\n',
        expected_revision: read.revision as string,
        save: true,
      }),
    );
    expect(written).toMatchObject({ isError: false, saved: true });
    expect(written.revision).not.toBe(read.revision);
    expect(t.files.text('/notes/a.md')).toBe('bye\n');
    expect(t.pushed.map((s) => s.origin)).toEqual(['mcp']);
    expect(t.flushes).toBeGreaterThan(0);
  });

  it('saves when save is not given at all', async () => {
    const { t, tabId } = await openNote();
    const r = data(await documentTool(t.host, { action: 'write', tabId, content: 'saved\n' }));
    expect(r).toMatchObject({ isError: false, saved: true });
    expect(t.files.text('/notes/a.md')).toBe('saved\n');
  });

  it('refuses an older revision as STALE with current_revision, and changes nothing', async () => {
    const { t, tabId } = await openNote();
    const r0 = data(await documentTool(t.host, { action: 'read', tabId })).revision;
    await documentTool(t.host, { action: 'write', tabId, content: 'one', save: false });
    const stale = data(
      await documentTool(t.host, {
        action: 'write',
        tabId,
        content: 'two',
        expected_revision: r0 as string,
        save: false,
      }),
    );
    expect(stale).toMatchObject({ isError: true, error: 'STALE' });
    expect(stale.current_revision).toBe(t.host.tab(tabId)?.revision);
    expect(t.host.tab(tabId)?.text).toBe('one');
  });

  it('a failed save keeps the new text in the tab and says why', async () => {
    const { t, tabId } = await openNote();
    t.files.failing.set('/notes/a.md', {
      ok: false,
      error: 'PERMISSION',
      message: 'No access to /notes/a.md.',
    });
    const r = data(
      await documentTool(t.host, { action: 'write', tabId, content: 'x', save: true }),
    );
    expect(r).toMatchObject({
      isError: false,
      saved: false,
      save_error: 'No access to /notes/a.md.',
    });
    expect(r).not.toHaveProperty('save_skipped');
    expect(t.host.tab(tabId)?.text).toBe('x');
    expect(t.files.text('/notes/a.md')).toBe('hello\n');
  });

  it('answers the save outcome as codes: opt_out for save:false, untitled for a tab with no file', async () => {
    const { t, tabId } = await openNote();
    const optOut = data(
      await documentTool(t.host, { action: 'write', tabId, content: 'kept\n', save: false }),
    );
    expect(optOut).toMatchObject({ isError: false, saved: false, save_skipped: 'opt_out' });
    expect(optOut).not.toHaveProperty('save_error');
    expect(t.files.text('/notes/a.md')).toBe('hello\n');
    const read = data(await documentTool(t.host, { action: 'read', tabId }));
    expect(read).toMatchObject({ content: 'kept\n', filePath: '/notes/a.md', dirty: true });

    const untitled = data(await workspaceTool(t.host, { action: 'new' }, 'test')).tabId as string;
    const skipped = data(
      await documentTool(t.host, { action: 'write', tabId: untitled, content: 'x', save: true }),
    );
    expect(skipped).toMatchObject({
      isError: false,
      saved: false,
      save_skipped: 'untitled',
      save_note: expect.stringContaining('workspace.save_as'),
    });
    expect(skipped).not.toHaveProperty('save_error');
  });

  it('transform changes a markdown tab once and then keeps the revision', async () => {
    const { t, tabId } = await openNote('/notes/z.md', '中文English\n');
    const first = data(
      await documentTool(t.host, { action: 'transform', tabId, kind: 'cjk-spacing' }),
    );
    expect(first).toMatchObject({ isError: false, changed: true });
    expect(t.host.tab(tabId)?.text).toBe('中文 English\n');
    const again = data(
      await documentTool(t.host, { action: 'transform', tabId, kind: 'cjk-spacing' }),
    );
    expect(again).toMatchObject({ changed: false, revision: first.revision });
  });
});

describe('workspace tool', () => {
  it("a missing file is INVALID_PATH for NOT_FOUND and an unknown window INVALID_TAB for INVALID_WINDOW: the seeds' code, the cause beside it", async () => {
    const t = createTestHost();
    const missing = data(
      await workspaceTool(t.host, { action: 'open', filePath: '/notes/none.md' }, 'test'),
    );
    expect(missing).toMatchObject({ isError: true, error: 'INVALID_PATH', reason: 'NOT_FOUND' });
    const noWindow = data(
      await workspaceTool(t.host, { action: 'new', windowLabel: 'doc-9' }, 'test'),
    );
    expect(noWindow).toMatchObject({
      isError: true,
      error: 'INVALID_TAB',
      reason: 'INVALID_WINDOW',
    });
    const focus = data(
      await workspaceTool(t.host, { action: 'focus_window', windowLabel: 'doc-9' }, 'test'),
    );
    expect(focus).toMatchObject({ isError: true, error: 'INVALID_TAB', reason: 'INVALID_WINDOW' });
  });

  it('focus_window answers whether the window has focus, read back; when not, that the window asks for attention', async () => {
    const t = createTestHost(['main', 'doc-2']);
    const raised: { window: string; client: string }[] = [];
    const window = (id: string, focused: boolean): EditorAgent =>
      ({
        raise: async (client: string) => {
          raised.push({ window: id, client });
          return { focused, attention: !focused };
        },
      }) as unknown as EditorAgent;
    t.agents.set('main', window('main', true));
    t.agents.set('doc-2', window('doc-2', false));
    const focus = (windowLabel: string) =>
      workspaceTool(t.host, { action: 'focus_window', windowLabel }, 'Claude Code');
    expect(data(await focus('main'))).toEqual({ isError: false, focused: true });
    expect(data(await focus('doc-2'))).toEqual({
      isError: false,
      focused: false,
      attention: 'title-and-notice',
    });
    expect(raised).toEqual([
      { window: 'main', client: 'Claude Code' },
      { window: 'doc-2', client: 'Claude Code' },
    ]);
  });

  it('focus_window on a window that never answers is refused after a while, not left hanging', async () => {
    vi.useFakeTimers();
    try {
      const t = createTestHost();
      t.agents.set('main', { raise: () => new Promise(() => undefined) } as unknown as EditorAgent);
      const pending = workspaceTool(t.host, { action: 'focus_window', windowLabel: 'main' }, 'x');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(data(await pending)).toMatchObject({
        isError: true,
        error: 'INVALID_TAB',
        reason: 'INVALID_WINDOW',
        message: expect.stringContaining('did not answer'),
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a folder that lost its permission is INVALID_PATH for PERMISSION, and the file keeps its bytes', async () => {
    const { t, tabId } = await openNote();
    await documentTool(t.host, { action: 'write', tabId, content: 'new', save: false });
    t.files.failing.set('/notes/a.md', {
      ok: false,
      error: 'PERMISSION',
      message: 'Grant access again.',
    });
    const r = data(await workspaceTool(t.host, { action: 'save', tabId }, 'test'));
    expect(r).toMatchObject({ isError: true, error: 'INVALID_PATH', reason: 'PERMISSION' });
    expect(t.files.text('/notes/a.md')).toBe('hello\n');
  });

  it('opens in the background, and reopening a dirty tab does not reload it', async () => {
    const { t, tabId } = await openNote();
    expect(t.host.window('main')?.activeTabId).toBeNull();
    await documentTool(t.host, { action: 'write', tabId, content: 'mine', save: false });
    t.files.put('/notes/a.md', 'changed on disk');
    const again = data(
      await workspaceTool(t.host, { action: 'open', filePath: '/notes/a.md' }, 'test'),
    );
    expect(again).toMatchObject({ tabId, alreadyOpen: true, reloaded: false });
    expect(t.host.tab(tabId)?.text).toBe('mine');
  });

  it('close refuses a dirty tab without force, and closes it with force', async () => {
    const { t, tabId } = await openNote();
    await documentTool(t.host, { action: 'write', tabId, content: 'x', save: false });
    expect(data(await workspaceTool(t.host, { action: 'close', tabId }, 'test'))).toMatchObject({
      closed: false,
      reason: 'DIRTY',
    });
    expect(
      data(await workspaceTool(t.host, { action: 'close', tabId, force: true }, 'test')),
    ).toMatchObject({ closed: true });
    expect(t.host.tab(tabId)).toBeUndefined();
  });

  it('save_as to a new path needs Auto-approve edits, and never overwrites a file that exists', async () => {
    const { t, tabId } = await openNote();
    const asked = data(
      await workspaceTool(t.host, { action: 'save_as', tabId, filePath: '/notes/b.md' }, 'test'),
    );
    expect(asked).toMatchObject({ isError: true, error: 'APPROVAL_REQUIRED', needsApproval: true });
    expect(t.notices).toHaveLength(1);
    // A file that exists: refused, not asked for, whether or not new locations are approved.
    t.files.put('/notes/c.md', 'theirs');
    for (const autoApprove of [false, true]) {
      t.settings.autoApproveEdits = autoApprove;
      const clash = data(
        await workspaceTool(t.host, { action: 'save_as', tabId, filePath: '/notes/c.md' }, 'test'),
      );
      expect(clash).toMatchObject({
        isError: true,
        error: 'INVALID_PATH',
        reason: 'NAME_CLASH',
        message: expect.stringContaining("the person's to do"),
      });
      expect(clash).not.toHaveProperty('needsApproval');
      expect(t.files.text('/notes/c.md')).toBe('theirs');
    }
    expect(t.notices).toHaveLength(1);
    const saved = data(
      await workspaceTool(t.host, { action: 'save_as', tabId, filePath: '/notes/b.md' }, 'test'),
    );
    expect(saved).toMatchObject({ isError: false, filePath: '/notes/b.md' });
    expect(t.files.text('/notes/b.md')).toBe('hello\n');
    expect(t.host.tab(tabId)?.path).toBe('/notes/b.md');
  });
});

describe('workflow tool', () => {
  it('patches a workflow without saving; a bad patch names its index and changes nothing', async () => {
    const path = '/notes/.github/workflows/ci.yml';
    const { t, tabId } = await openNote(
      path,
      'on: push\njobs:\n  build:\n    runs-on: ubuntu-22.04\n',
    );
    const ok = data(
      await workflowTool(t.host, {
        action: 'apply_patch',
        tabId,
        patches: [{ kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'ubuntu-24.04' }],
      }),
    );
    expect(ok.isError).toBe(false);
    expect(t.host.tab(tabId)?.text).toContain('runs-on: ubuntu-24.04');
    expect(t.files.text(path)).toContain('ubuntu-22.04');
    const bad = data(
      await workflowTool(t.host, {
        action: 'apply_patch',
        tabId,
        patches: [
          { kind: 'job.set', jobId: 'build', path: 'timeout-minutes', value: 5 },
          { kind: 'job.set', jobId: 'nope', path: 'x', value: 1 },
        ],
      }),
    );
    expect(bad).toMatchObject({ isError: true, error: 'INVALID_PATCH', index: 1 });
    expect(t.host.tab(tabId)?.text).not.toContain('timeout-minutes');
  });

  it('validate tells a client that asked how long actionlint has taken, and stops when cancelled', async () => {
    const path = '/notes/.github/workflows/ci.yml';
    const { t, tabId } = await openNote(path, 'on: push\njobs: {}\n');
    const lint = t.host.lint.bind(t.host);
    vi.useFakeTimers();
    try {
      // actionlint loading for the first time in a window: a few seconds.
      t.host.lint = (...a) =>
        new Promise((resolve) => setTimeout(() => resolve(lint(...a)), 2_500));
      const ticks: (string | undefined)[] = [];
      const progress = (_p: number, _t?: number, message?: string) => ticks.push(message);
      const answer = workflowTool(t.host, { action: 'validate', tabId }, { progress });
      await vi.advanceTimersByTimeAsync(2_600);
      expect(data(await answer)).toMatchObject({ isError: false, ok: true, diagnostics: [] });
      expect(ticks).toEqual([
        'Validating the workflow with actionlint: 1 s',
        'Validating the workflow with actionlint: 2 s',
      ]);

      const controller = new AbortController();
      const cancelled = workflowTool(
        t.host,
        { action: 'validate', tabId },
        { signal: controller.signal, progress },
      );
      await vi.advanceTimersByTimeAsync(500);
      controller.abort();
      expect(data(await cancelled)).toMatchObject({
        isError: true,
        error: 'INTERNAL',
        message: 'The call was cancelled.',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('NOT_WORKFLOW on a markdown tab', async () => {
    const { t, tabId } = await openNote();
    expect(data(await workflowTool(t.host, { action: 'validate', tabId }))).toMatchObject({
      isError: true,
      error: 'NOT_WORKFLOW',
    });
  });
});

describe('session and selection tools', () => {
  it('get_state lists the windows and tabs', async () => {
    const { t, tabId } = await openNote();
    const state = data(getState(t.host)) as unknown as StateAnswer & { isError: boolean };
    expect(state.isError).toBe(false);
    expect(state.windows[0].label).toBe('main');
    expect(state.windows[0].tabs).toEqual([
      {
        id: tabId,
        filePath: '/notes/a.md',
        title: 'a',
        dirty: false,
        revision: t.host.tab(tabId)?.revision,
        kind: 'markdown',
        active: false,
        visible: true,
      },
    ]);
    expect(state.capabilities).toMatchObject({ mcpProtocol: MCP_PROTOCOL_VERSION });
  });

  it('get_state names every tab: an untitled one by its name, a file tab by its file name without extension', async () => {
    const { t, tabId } = await openNote();
    const untitled = data(await workspaceTool(t.host, { action: 'new' }, 'test')).tabId;
    const state = data(getState(t.host)) as unknown as StateAnswer;
    const tabs = state.windows[0].tabs;
    expect(tabs.find((tab) => tab.id === untitled)).toMatchObject({
      filePath: null,
      title: expect.stringMatching(/^Untitled-\d+$/),
    });
    const file = tabs.find((tab) => tab.id === tabId);
    expect(file).toMatchObject({ filePath: '/notes/a.md', title: 'a' });
    expect(file).not.toHaveProperty('readOnly');
  });

  it('get_state lists one window from a tab offset on; an unknown window is INVALID_TAB for INVALID_WINDOW', async () => {
    const { t } = await openNote();
    t.files.put('/notes/b.md', 'b\n');
    await workspaceTool(t.host, { action: 'open', filePath: '/notes/b.md' }, 'test');
    const page = data(getState(t.host, { action: 'get_state', windowLabel: 'main', tabOffset: 1 }));
    expect(page.windows).toEqual([
      expect.objectContaining({
        label: 'main',
        tabsTotal: 2,
        tabs: [expect.objectContaining({ filePath: '/notes/b.md' })],
      }),
    ]);
    const unknown = data(getState(t.host, { action: 'get_state', windowLabel: 'doc-9' }));
    expect(unknown).toMatchObject({
      isError: true,
      error: 'INVALID_TAB',
      reason: 'INVALID_WINDOW',
    });
    const unnamed = getState(t.host, { action: 'get_state', tabOffset: 1 });
    expect(unnamed.isError).toBe(true);
    expect(unnamed.structuredContent).toBeUndefined();
  });

  it('selection needs a focused tab and a live editor', async () => {
    const { t, tabId } = await openNote();
    const none = data(await selectionTool(t.host, { action: 'get' }));
    expect(none).toMatchObject({ isError: true, error: 'INVALID_TAB' });
    t.host.activate(tabId);
    const noEditor = data(await selectionTool(t.host, { action: 'get' }));
    expect(noEditor).toMatchObject({ isError: true, error: 'NO_EDITOR' });
  });
});
