/**
 * Where a click on a footnote takes the cursor in the WYSIWYG document: from a reference to its
 * note, from a note's label back to the first reference that calls it. Works on the ProseMirror
 * document alone (no view, no DOM); labels match as GFM matches them (`footnoteKey`).
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { footnoteKey } from '../../markdown/editorSyntax/footnotes';

export const FOOTNOTE_REFERENCE = 'footnote_reference';
export const FOOTNOTE_DEFINITION = 'footnote_definition';

function firstOf(doc: ProseNode, type: string, label: string): number | null {
  const want = footnoteKey(label);
  let found: number | null = null;
  doc.descendants((node, pos) => {
    if (found !== null) return false;
    if (node.type.name === type && footnoteKey(String(node.attrs.label)) === want) {
      found = pos;
      return false;
    }
    return true;
  });
  return found;
}

/**
 * The position at the start of the note's text that `label` calls (inside its first block), or
 * null when the document has no such note. The first definition wins, as GFM has it.
 */
export function noteTextStart(doc: ProseNode, label: string): number | null {
  const at = firstOf(doc, FOOTNOTE_DEFINITION, label);
  if (at === null) return null;
  const first = doc.nodeAt(at)?.firstChild;
  // Inside the first block when it holds text; else at the definition's content start.
  return first?.isTextblock ? at + 2 : at + 1;
}

/** The position just after the first reference to `label`, or null when nothing calls it. */
export function afterFirstReference(doc: ProseNode, label: string): number | null {
  const at = firstOf(doc, FOOTNOTE_REFERENCE, label);
  return at === null ? null : at + (doc.nodeAt(at)?.nodeSize ?? 1);
}
