/**
 * Showing a changed text in the WYSIWYG editor without disturbing the person: only the part of
 * the document that differs is replaced, so the cursor, the undo history and the identity of
 * every untouched block stay as they were.
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import type { EditorState, Transaction } from '@milkdown/kit/prose/state';

/** A transaction turning the editor's document into `next` by replacing only what differs. */
export function minimalReplace(state: EditorState, next: ProseNode): Transaction | null {
  const current = state.doc;
  const start = current.content.findDiffStart(next.content);
  if (start === null) return null;
  const end = current.content.findDiffEnd(next.content);
  let endA = end?.a ?? current.content.size;
  let endB = end?.b ?? next.content.size;
  // Both ends may point into a run the two share; move them so the ranges do not cross.
  const overlap = start - Math.min(endA, endB);
  if (overlap > 0) {
    endA += overlap;
    endB += overlap;
  }
  const tr = state.tr.replace(start, endA, next.slice(start, endB));
  if (tr.doc.eq(next)) return tr;
  return state.tr.replaceWith(0, current.content.size, next.content);
}
