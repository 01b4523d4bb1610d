import { describe, expect, it, vi } from 'vitest';
import type { DocumentSession } from '../../editors/documentSession';
import type { EditorHandle } from '../../editors/editorHandle';
import { editorAgent, liveEditorReady, registerLiveEditor, whenLiveEditor } from './liveEditors';

/** A source-mode editor over a plain string, with a session that bumps its revision per edit. */
function fakeEditor(text: string, selection: [number, number]) {
  const session = {
    revision: 'rev-AAAAAAAA',
    settled: async () => undefined,
    edits: 0,
    composing: false,
  };
  const state = { text, selection };
  const handle = {
    selection: () => ({
      from: state.selection[0],
      to: state.selection[1],
      text: state.text.slice(...state.selection),
    }),
    replaceSelection(content: string) {
      const [from, to] = state.selection;
      state.text = state.text.slice(0, from) + content + state.text.slice(to);
      session.revision = `rev-BBBBBBB${++session.edits}`;
      return { replaced: to - from };
    },
  } as unknown as EditorHandle;
  return { session, state, handle };
}

describe('editorAgent', () => {
  it('answers NO_EDITOR for a tab with no registered or no visible editor', async () => {
    expect(await editorAgent.selectionGet('tab-none')).toMatchObject({ error: 'NO_EDITOR' });
    const { session } = fakeEditor('x', [0, 0]);
    const off = registerLiveEditor('tab-hidden', {
      session: session as unknown as DocumentSession,
      current: () => null,
    });
    expect(await editorAgent.selectionSet('tab-hidden', 'y', undefined)).toMatchObject({
      error: 'NO_EDITOR',
    });
    off();
  });

  it('reports the selection with the revision the window holds', async () => {
    const { session, handle } = fakeEditor('Hello world', [6, 11]);
    const off = registerLiveEditor('tab-1', {
      session: session as unknown as DocumentSession,
      current: () => ({ mode: 'source', handle }),
    });
    expect(await editorAgent.selectionGet('tab-1')).toEqual({
      ok: true,
      text: 'world',
      isEmpty: false,
      range: { from: 6, to: 11 },
      mode: 'source',
      revision: 'rev-AAAAAAAA',
    });
    off();
    expect(await editorAgent.selectionGet('tab-1')).toMatchObject({ error: 'NO_EDITOR' });
  });

  it('refuses a set carrying an older revision and changes nothing', async () => {
    const { session, state, handle } = fakeEditor('Hello world', [6, 11]);
    const off = registerLiveEditor('tab-2', {
      session: session as unknown as DocumentSession,
      current: () => ({ mode: 'source', handle }),
    });
    const stale = await editorAgent.selectionSet('tab-2', 'there', 'rev-OLDOLDOL');
    expect(stale).toMatchObject({ ok: false, error: 'STALE', current_revision: 'rev-AAAAAAAA' });
    expect(state.text).toBe('Hello world');
    const set = await editorAgent.selectionSet('tab-2', 'there', 'rev-AAAAAAAA');
    expect(set).toEqual({ ok: true, revision: 'rev-BBBBBBB1', replaced_chars: 5 });
    expect(state.text).toBe('Hello there');
    off();
  });

  it('refuses a set with BUSY while the person composes there, and changes nothing', async () => {
    const { session, state, handle } = fakeEditor('Hello world', [6, 11]);
    const off = registerLiveEditor('tab-ime', {
      session: session as unknown as DocumentSession,
      current: () => ({ mode: 'source', handle }),
    });
    session.composing = true;
    const busy = await editorAgent.selectionSet('tab-ime', 'there', 'rev-AAAAAAAA');
    expect(busy).toMatchObject({ ok: false, error: 'BUSY', retry_after_ms: expect.any(Number) });
    expect(state.text).toBe('Hello world');
    expect(await editorAgent.selectionGet('tab-ime')).toMatchObject({ ok: true, text: 'world' });
    session.composing = false;
    expect(await editorAgent.selectionSet('tab-ime', 'there', undefined)).toMatchObject({
      ok: true,
    });
    expect(state.text).toBe('Hello there');
    off();
  });

  it('a newer registration of the same tab is not removed by the older one leaving', async () => {
    const first = fakeEditor('a', [0, 1]);
    const second = fakeEditor('b', [0, 1]);
    const offFirst = registerLiveEditor('tab-3', {
      session: first.session as unknown as DocumentSession,
      current: () => ({ mode: 'source', handle: first.handle }),
    });
    const offSecond = registerLiveEditor('tab-3', {
      session: second.session as unknown as DocumentSession,
      current: () => ({ mode: 'source', handle: second.handle }),
    });
    offFirst();
    expect(await editorAgent.selectionGet('tab-3')).toMatchObject({ text: 'b' });
    offSecond();
  });
});

describe('whenLiveEditor', () => {
  it('answers at once when the editor is on screen', async () => {
    const { session, handle } = fakeEditor('x', [0, 0]);
    const off = registerLiveEditor('tab-w1', {
      session: session as unknown as DocumentSession,
      current: () => ({ mode: 'wysiwyg', handle }),
    });
    expect((await whenLiveEditor('tab-w1'))?.handle).toBe(handle);
    off();
  });

  it('waits while the editor is being made, and answers when the view says it is ready', async () => {
    const { session, handle } = fakeEditor('x', [0, 0]);
    let ready = false;
    const off = registerLiveEditor('tab-w2', {
      session: session as unknown as DocumentSession,
      current: () => (ready ? { mode: 'source', handle } : null),
    });
    const first = whenLiveEditor('tab-w2');
    const second = whenLiveEditor('tab-w2');
    // A view that says ready before its editor is there lets nobody go on.
    liveEditorReady('tab-w2');
    ready = true;
    liveEditorReady('tab-w2');
    expect((await first)?.mode).toBe('source');
    expect((await second)?.handle).toBe(handle);
    off();
  });

  it('gives up with null when no editor comes within the time', async () => {
    vi.useFakeTimers();
    try {
      const { session } = fakeEditor('x', [0, 0]);
      const off = registerLiveEditor('tab-w3', {
        session: session as unknown as DocumentSession,
        current: () => null,
      });
      const found = whenLiveEditor('tab-w3', 500);
      vi.advanceTimersByTime(499);
      let settled = false;
      void found.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await found).toBeNull();
      off();
    } finally {
      vi.useRealTimers();
    }
  });
});
