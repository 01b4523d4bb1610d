/** Puts new text into a tab on an AI's behalf: a new revision, a draft, and the window told. */
import type { Core } from '../core';
import type { DocState } from '../documentStore';

/** Answers whether the text changed (an unchanged text keeps its revision). */
export function applyText(core: Core, doc: DocState, text: string): boolean {
  const r = core.store.setText(doc, text);
  if (r.changed) {
    core.recordDraft(doc);
    core.pushText(doc, 'mcp');
    core.changed();
  }
  return r.changed;
}

/** The STALE refusal text for an expected revision that no longer holds, or null. */
export function staleMessage(doc: DocState, expected: string | undefined): string | null {
  if (expected === undefined || expected === doc.revision) return null;
  return `The document changed: it is at ${doc.revision}, not ${expected}. Read it again.`;
}
