import { describe, expect, it } from 'vitest';
import { DocumentStore, LF_FORMAT } from './documentStore';

describe('window ids', () => {
  it('hands out main, then doc-2, doc-3, and gives a reloaded window its id back', () => {
    const store = new DocumentStore();
    expect(store.claimWindowId(null)).toBe('main');
    expect(store.claimWindowId(null)).toBe('doc-2');
    expect(store.claimWindowId('main')).toBe('doc-3');
    store.detachWindow('doc-2');
    expect(store.claimWindowId('doc-2')).toBe('doc-2');
    expect(store.claimWindowId('../etc')).toBe('doc-4');
  });
});

describe('tabs, instances and windows', () => {
  it('groups tabs into one workspace instance per mount and names untitled tabs', () => {
    const store = new DocumentStore();
    const w = store.claimWindowId(null);
    const a = store.addTab(w, {
      path: '/notes/a.md',
      kind: 'markdown',
      text: '',
      format: LF_FORMAT,
    });
    const b = store.addTab(w, {
      path: '/proj/b.md',
      kind: 'markdown',
      text: '',
      format: LF_FORMAT,
    });
    const u = store.addTab(w, { path: null, kind: 'markdown', text: '', format: LF_FORMAT });
    const [win] = store.windowInfos();
    expect(win.instances.map((i) => i.label)).toEqual(['notes', 'proj', 'Loose files']);
    expect(store.instanceIn(a.id)).not.toBe(store.instanceIn(b.id));
    expect(store.title(u)).toBe('Untitled-1');
    store.activate(b.id);
    expect(store.windowInfos()[0]).toMatchObject({
      activeTabId: b.id,
      activeInstanceId: store.instanceIn(b.id),
    });
  });

  it('closing the active tab activates a neighbour; renames follow folders', () => {
    const store = new DocumentStore();
    const w = store.claimWindowId(null);
    const a = store.addTab(w, {
      path: '/notes/d/a.md',
      kind: 'markdown',
      text: '',
      format: LF_FORMAT,
    });
    const b = store.addTab(w, {
      path: '/notes/d/b.md',
      kind: 'markdown',
      text: '',
      format: LF_FORMAT,
    });
    store.activate(b.id);
    store.removeTab(b.id);
    expect(store.windowInfos()[0].activeTabId).toBe(a.id);
    store.renamePaths('/notes/d', '/notes/e');
    expect(a.path).toBe('/notes/e/a.md');
    store.renamePaths('/notes/e/a.md', '/notes/e/z.md');
    expect(store.findByPath('/notes/e/z.md')).toBe(a);
  });

  it('moves the tabs of a window that went away into another', () => {
    const store = new DocumentStore();
    store.claimWindowId(null);
    const second = store.claimWindowId(null);
    const t = store.addTab(second, {
      path: '/notes/x.md',
      kind: 'markdown',
      text: '',
      format: LF_FORMAT,
    });
    store.mergeWindow(second, 'main');
    expect(t.windowId).toBe('main');
    expect(store.windowInfos().map((w) => w.id)).toEqual(['main']);
  });
});

describe('one tab in two windows', () => {
  function twoWindows() {
    const store = new DocumentStore();
    const main = store.claimWindowId(null);
    const second = store.claimWindowId(null);
    const doc = store.addTab(main, {
      path: '/notes/shared.md',
      kind: 'markdown',
      text: 'x',
      format: LF_FORMAT,
    });
    return { store, main, second, doc };
  }

  it('shows an open tab in a second window, active there, in that window’s own instance', () => {
    const { store, main, second, doc } = twoWindows();
    expect(store.showIn(doc.id, second)).toEqual({ ok: true });
    expect(store.windowsOf(doc.id)).toEqual([main, second]);
    const [w1, w2] = store.windowInfos();
    expect(w1.tabIds).toEqual([doc.id]);
    expect(w2.tabIds).toEqual([doc.id]);
    expect(w2.activeTabId).toBe(doc.id);
    expect(w2.tabInstances[doc.id]).toBe(w2.activeInstanceId);
    expect(w2.tabInstances[doc.id]).not.toBe(w1.tabInstances[doc.id]);
  });

  it('closing it in one window keeps the document for the other; the last close removes it', () => {
    const { store, main, second, doc } = twoWindows();
    store.showIn(doc.id, second);
    expect(store.closeIn(doc.id, main)).toBe(true);
    expect(store.tabs.get(doc.id)).toBe(doc);
    expect(doc.windowId).toBe(second);
    expect(store.closeIn(doc.id, second)).toBe(false);
    expect(store.tabs.has(doc.id)).toBe(false);
  });

  it('a window that went away for good hands its tabs to main once, not twice', () => {
    const { store, second, doc } = twoWindows();
    store.showIn(doc.id, second);
    store.mergeWindow(second, 'main');
    expect(store.windowInfos().map((w) => [w.id, w.tabIds])).toEqual([['main', [doc.id]]]);
  });

  it('refuses to activate a tab in a window that does not show it', () => {
    const { store, second, doc } = twoWindows();
    expect(store.activate(doc.id, second)).toMatchObject({ ok: false, error: 'INVALID_TAB' });
  });

  it('a save to another workspace moves the tab to that workspace’s instance in every window', () => {
    const { store, main, second, doc } = twoWindows();
    store.showIn(doc.id, second);
    store.setPath(doc, '/proj/shared.md');
    for (const w of store.windowInfos()) {
      const inst = w.instances.find((i) => i.id === w.tabInstances[doc.id]);
      expect(inst?.mount, w.id).toBe('proj');
    }
    expect([main, second]).toContain(doc.windowId);
  });
});

describe('the layout kept for a restart', () => {
  it('lists each tab with its window, file, kind, mode and whether it is the active one', () => {
    const store = new DocumentStore();
    const w = store.claimWindowId(null);
    const md = { kind: 'markdown' as const, text: '', format: LF_FORMAT };
    const a = store.addTab(w, { ...md, path: '/notes/a.md' });
    const b = store.addTab(w, { ...md, path: null });
    store.activate(b.id);
    const row = { windowId: w, kind: 'markdown', mode: 'wysiwyg' };
    expect(store.layout()).toEqual([
      { ...row, id: a.id, path: '/notes/a.md', active: false },
      { ...row, id: b.id, path: null, active: true },
    ]);
  });
});
