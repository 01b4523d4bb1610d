import { describe, expect, it } from 'vitest';
import { DocumentStore, LF_FORMAT } from './documentStore';

function storeWithDoc(text = 'hello') {
  const store = new DocumentStore();
  const windowId = store.claimWindowId(null);
  const doc = store.addTab(windowId, {
    path: '/notes/a.md',
    kind: 'markdown',
    text,
    format: LF_FORMAT,
  });
  return { store, windowId, doc };
}

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

describe('edits and revisions', () => {
  it('changes the revision on every content change and only then', () => {
    const { store, doc } = storeWithDoc();
    const r0 = doc.revision;
    expect(r0).toMatch(/^rev-[A-Za-z0-9]{8}$/);
    const r1 = store.edit(doc.id, r0, [{ from: 5, to: 5, insert: '!' }]);
    expect(r1).toMatchObject({ ok: true, changed: true });
    expect(doc.text).toBe('hello!');
    expect(doc.revision).not.toBe(r0);
    const same = store.edit(doc.id, doc.revision, [{ from: 0, to: 1, insert: 'h' }]);
    expect(same).toMatchObject({ ok: true, changed: false, revision: doc.revision });
  });

  it('refuses an edit against an older revision as STALE and changes nothing', () => {
    const { store, doc } = storeWithDoc();
    const old = doc.revision;
    store.edit(doc.id, old, [{ from: 0, to: 0, insert: 'x' }]);
    const stale = store.edit(doc.id, old, [{ from: 0, to: 0, insert: 'y' }]);
    expect(stale).toEqual({
      ok: false,
      error: 'STALE',
      message: expect.stringContaining(old),
      current_revision: doc.revision,
    });
    expect(doc.text).toBe('xhello');
  });

  it('refuses edits to read-only documents and unknown tabs', () => {
    const store = new DocumentStore();
    const w = store.claimWindowId(null);
    const ro = store.addTab(w, {
      path: '/notes/bin.md',
      kind: 'markdown',
      text: 'x',
      format: LF_FORMAT,
      readOnlyReason: 'not UTF-8',
    });
    expect(store.edit(ro.id, ro.revision, [])).toMatchObject({ ok: false, error: 'READ_ONLY' });
    expect(store.edit('tab-99', 'rev-AAAAAAAA', [])).toMatchObject({
      ok: false,
      error: 'INVALID_TAB',
    });
  });

  it('is dirty while the text differs from the saved text, and clean when typed back', () => {
    const { store, doc } = storeWithDoc('ab');
    store.edit(doc.id, doc.revision, [{ from: 2, to: 2, insert: 'c' }]);
    expect(store.tabInfo(doc).dirty).toBe(true);
    store.edit(doc.id, doc.revision, [{ from: 2, to: 3, insert: '' }]);
    expect(store.tabInfo(doc).dirty).toBe(false);
    store.edit(doc.id, doc.revision, [{ from: 0, to: 0, insert: '#' }]);
    const before = doc.revision;
    store.markSaved(doc, '/notes/a.md');
    expect(store.tabInfo(doc).dirty).toBe(false);
    expect(doc.revision).toBe(before);
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
    expect(a.instanceId).not.toBe(b.instanceId);
    expect(store.title(u)).toBe('Untitled-1');
    store.activate(b.id);
    expect(store.windowInfos()[0]).toMatchObject({
      activeTabId: b.id,
      activeInstanceId: b.instanceId,
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

describe('revisions proposed by a window', () => {
  it('adopts a well-formed proposal for a real change, and draws its own otherwise', () => {
    const { store, doc } = storeWithDoc('ab');
    const r = store.edit(doc.id, doc.revision, [{ from: 2, to: 2, insert: 'c' }], 'rev-Proposed');
    expect(r).toMatchObject({ ok: true, revision: 'rev-Proposed' });
    const bad = store.edit(
      doc.id,
      doc.revision,
      [{ from: 3, to: 3, insert: 'd' }],
      'not-a-revision',
    );
    expect(bad.ok && bad.revision).toMatch(/^rev-[A-Za-z0-9]{8}$/);
    expect(bad.ok && bad.revision).not.toBe('not-a-revision');
    const same = store.edit(
      doc.id,
      doc.revision,
      [{ from: 0, to: 1, insert: 'a' }],
      'rev-Unused00',
    );
    expect(same).toMatchObject({ ok: true, changed: false, revision: doc.revision });
  });

  it('never reuses the current token even when it is proposed', () => {
    const { store, doc } = storeWithDoc('x');
    const current = doc.revision;
    const r = store.edit(doc.id, current, [{ from: 1, to: 1, insert: 'y' }], current);
    expect(r.ok && r.revision).not.toBe(current);
  });
});
