import { describe, expect, it } from 'vitest';
import { Approvals, promptWindow } from './approvals';

describe('approvals', () => {
  it('asks once per subject while the question is open, and a grant is used once', () => {
    const a = new Approvals();
    const first = a.ask('open_workspace', '/home/me/site', 'main', 'Claude Code');
    expect(a.ask('open_workspace', '/home/me/site', 'main', 'Claude Code')).toBe(first);
    expect(a.consume('open_workspace', '/home/me/site')).toBeNull();
    a.answer(first.id, 'site');
    expect(a.pending).toEqual([]);
    expect(a.consume('open_workspace', '/home/me/site')).toBe('site');
    expect(a.consume('open_workspace', '/home/me/site')).toBeNull();
  });

  it('a denial grants nothing; asking again opens a new question', () => {
    const a = new Approvals();
    const q = a.ask('open_workspace', 'docs', 'main', 'Cursor');
    a.answer(q.id, null);
    expect(a.consume('open_workspace', 'docs')).toBeNull();
    const again = a.ask('open_workspace', 'docs', 'main', 'Cursor');
    expect(again.id).not.toBe(q.id);
  });

  it('a grant for one folder does not open another', () => {
    const a = new Approvals();
    a.answer(a.ask('open_workspace', 'a', 'main', 'x').id, 'a');
    expect(a.consume('open_workspace', 'b')).toBeNull();
  });
});

describe('browser approvals', () => {
  const request = (requestId: string) => ({
    requestId,
    operation: 'click' as const,
    origin: 'https://a.example',
    tabId: 't1',
    generation: 1,
    grantable: true,
  });

  it('queue in order, once per request, beside folder questions', () => {
    const a = new Approvals();
    a.ask('open_workspace', '/x', 'main', 'c');
    const first = a.askBrowser(request('r1'), 'main', 'Claude');
    expect(a.askBrowser(request('r1'), 'main', 'Claude')).toBe(first);
    a.askBrowser(request('r2'), 'main', 'Claude');
    expect(a.pending.map((p) => p.kind)).toEqual(['open_workspace', 'browser', 'browser']);
    expect(a.takeBrowser(first.id)).toBe(first);
    expect(a.takeBrowser(first.id)).toBeNull();
  });

  it('are withdrawn by request id, and all cleared when the hub goes', () => {
    const a = new Approvals();
    a.ask('open_workspace', '/x', 'main', 'c');
    a.askBrowser(request('r1'), 'main', 'c');
    a.askBrowser(request('r2'), 'main', 'c');
    expect(a.withdraw('r1')).toBe(true);
    expect(a.withdraw('r1')).toBe(false);
    expect(a.clearBrowser()).toBe(true);
    expect(a.pending.map((p) => p.kind)).toEqual(['open_workspace']);
  });

  it('keep at most 64, dropping the oldest', () => {
    const a = new Approvals();
    for (let i = 0; i < 70; i++) a.askBrowser(request(`r${i}`), 'main', 'c');
    expect(a.pending).toHaveLength(64);
    expect(a.pending[0].id).toBe('browser-r6');
  });

  it('move to another window when theirs has closed', () => {
    const a = new Approvals();
    a.askBrowser(request('r1'), 'doc-2', 'c');
    a.rehome((id) => id !== 'doc-2', 'main');
    expect(a.pending[0].windowId).toBe('main');
  });
});

describe('promptWindow', () => {
  const w = (id: string, attached: boolean, focused = false) => ({ id, attached, focused });

  it('is the focused open window, else main, else any open one', () => {
    expect(promptWindow([w('main', true), w('doc-2', true, true)])).toBe('doc-2');
    expect(promptWindow([w('doc-2', true), w('main', true)])).toBe('main');
    expect(promptWindow([w('main', false), w('doc-3', true)])).toBe('doc-3');
    expect(promptWindow([w('doc-2', false, true)])).toBe('main');
  });

  it('moves questions out of closed windows when the snapshot is made', () => {
    const a = new Approvals();
    a.ask('open_workspace', '/x', 'doc-2', 'c');
    expect(a.shown([w('main', true), w('doc-2', false)])[0].windowId).toBe('main');
    expect(a.shown([w('main', false)])[0].windowId).toBe('main');
  });
});
