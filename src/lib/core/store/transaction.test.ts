import { describe, expect, it } from 'vitest';
import { createDocState, isDirty, LF_FORMAT, type DocState } from './docState';
import { applyTransaction } from './transaction';
import { notices } from '../notice';

function doc(text = 'hello', reason: string | null = null): DocState {
  const readOnlyReason = reason === null ? null : notices.message(reason);
  return createDocState('tab-1', 'main', null, {
    path: '/notes/a.md',
    kind: 'markdown',
    text,
    format: LF_FORMAT,
    readOnlyReason,
  });
}

describe('applyTransaction', () => {
  it('changes text, revision and version together, on every change and only then', () => {
    const d = doc();
    const r0 = d.revision;
    expect(r0).toMatch(/^rev-[A-Za-z0-9]{8}$/);
    const r = applyTransaction(d, { origin: 'main', splices: [{ from: 5, to: 5, insert: '!' }] });
    expect(r).toMatchObject({ ok: true, changed: true });
    expect(d).toMatchObject({ text: 'hello!', version: 1 });
    expect(d.revision).not.toBe(r0);
    const same = applyTransaction(d, { origin: 'mcp', text: 'hello!' });
    expect(same).toMatchObject({ ok: true, changed: false, step: null });
    expect(d.version).toBe(1);
  });

  it('records each change as a step windows can catch up with', () => {
    const d = doc('abc');
    applyTransaction(d, { origin: 'mcp', text: 'abXc', undoable: true });
    expect(d.log.since(0, d.version)).toEqual([
      {
        version: 1,
        revision: d.revision,
        splices: [{ from: 2, to: 2, insert: 'X' }],
        undoable: true,
        origin: 'mcp',
      },
    ]);
  });

  it('refuses an older revision or version as STALE with where the document is, and changes nothing', () => {
    const d = doc();
    const old = d.revision;
    applyTransaction(d, { origin: 'mcp', text: 'x' });
    expect(applyTransaction(d, { origin: 'mcp', text: 'y', expectedRevision: old })).toEqual({
      ok: false,
      error: 'STALE',
      message: expect.stringContaining(old),
      current_revision: d.revision,
      current_version: 1,
    });
    expect(applyTransaction(d, { origin: 'main', text: 'y', baseVersion: 0 })).toMatchObject({
      ok: false,
      error: 'STALE',
      current_version: 1,
    });
    expect(d.text).toBe('x');
  });

  it('moves a tab to another file or window without touching its text, revision or history', () => {
    const d = doc('hello', 'not UTF-8');
    const { revision, version } = d;
    const r = applyTransaction(d, {
      origin: 'store',
      write: false,
      meta: { path: '/notes/b.md', untitledName: null, windowId: 'doc-2' },
    });
    expect(r).toMatchObject({ ok: true, changed: false, step: null, dirtyChanged: false });
    expect(d).toMatchObject({
      path: '/notes/b.md',
      windowId: 'doc-2',
      text: 'hello',
      revision,
      version,
    });
    expect(d.log.since(0, d.version)).toEqual([]);
  });

  it('refuses writes to read-only documents, but a load from disk still applies', () => {
    const d = doc('x', 'not UTF-8');
    expect(applyTransaction(d, { origin: 'mcp', text: 'y' })).toMatchObject({
      ok: false,
      error: 'READ_ONLY',
      message: 'not UTF-8',
    });
    expect(applyTransaction(d, { origin: 'disk', text: 'z', write: false }).ok).toBe(true);
    expect(d.text).toBe('z');
  });

  it('is dirty while the text differs from the saved text, and clean when typed back', () => {
    const d = doc('ab');
    applyTransaction(d, { origin: 'main', splices: [{ from: 2, to: 2, insert: 'c' }] });
    expect(isDirty(d)).toBe(true);
    applyTransaction(d, { origin: 'main', splices: [{ from: 2, to: 3, insert: '' }] });
    expect(isDirty(d)).toBe(false);
    applyTransaction(d, { origin: 'main', splices: [{ from: 0, to: 0, insert: '#' }] });
    const before = d.revision;
    const saved = applyTransaction(d, { origin: 'save', write: false, saved: {} });
    expect(saved).toMatchObject({ ok: true, changed: false, savedChanged: true });
    expect(isDirty(d)).toBe(false);
    expect(d.revision).toBe(before);
  });

  it('a save records the text that was written, so typing during the write stays unsaved', () => {
    const d = doc('a');
    applyTransaction(d, { origin: 'main', text: 'ab' });
    applyTransaction(d, { origin: 'save', write: false, saved: { savedText: 'a' } });
    expect(isDirty(d)).toBe(true);
  });

  it('adopts a well-formed new revision a window proposes, and draws its own otherwise', () => {
    const d = doc('ab');
    const current = d.revision;
    applyTransaction(d, { origin: 'main', text: 'abc', proposedRevision: 'rev-Proposed' });
    expect(d.revision).toBe('rev-Proposed');
    applyTransaction(d, { origin: 'main', text: 'abcd', proposedRevision: 'not-a-revision' });
    expect(d.revision).toMatch(/^rev-[A-Za-z0-9]{8}$/);
    const now = d.revision;
    applyTransaction(d, { origin: 'main', text: 'abcde', proposedRevision: now });
    expect(d.revision).not.toBe(now);
    expect(d.revision).not.toBe(current);
  });

  it('refuses splices that do not fit the text, naming the offsets, and changes nothing', () => {
    const d = doc('abc');
    const r = applyTransaction(d, { origin: 'main', splices: [{ from: 2, to: 9, insert: '' }] });
    expect(r).toMatchObject({
      ok: false,
      error: 'INTERNAL',
      message: expect.stringMatching(/2\.\.9/),
    });
    expect(d).toMatchObject({ text: 'abc', version: 0 });
  });
});
