/** Puts new text into a tab from outside its window: a new revision, a draft, the window told. */
import type { Core } from './core';
import type { DocState } from './documentStore';

/** Answers whether the text changed (an unchanged text keeps its revision). */
export function applyText(core: Core, doc: DocState, text: string, origin = 'mcp'): boolean {
  const r = core.store.setText(doc, text);
  if (r.changed) {
    core.recordDraft(doc);
    core.pushText(doc, origin);
    core.changed();
  }
  return r.changed;
}

/** The STALE refusal text for an expected revision that no longer holds, or null. */
export function staleMessage(doc: DocState, expected: string | undefined): string | null {
  if (expected === undefined || expected === doc.revision) return null;
  return `The document changed: it is at ${doc.revision}, not ${expected}. Read it again.`;
}
