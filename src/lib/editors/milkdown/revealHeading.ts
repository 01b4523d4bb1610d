/** The outline's jump in the WYSIWYG editor (ProseMirror). */
import { TextSelection } from '@milkdown/kit/prose/state';
import type { EditorView } from '@milkdown/kit/prose/view';

/** Puts the cursor in the `index`th top-level heading and scrolls it into view (the outline). */
export function revealTopLevelHeading(view: EditorView, index: number): void {
  let seen = 0;
  let target = -1;
  view.state.doc.forEach((node, offset) => {
    if (target >= 0 || node.type.name !== 'heading') return;
    if (seen === index) target = offset;
    seen += 1;
  });
  if (target < 0) return;
  const tr = view.state.tr.setSelection(TextSelection.create(view.state.doc, target + 1));
  view.dispatch(tr.scrollIntoView());
  view.focus();
  // Bring the heading to the top of the pane, as a reader of a long document expects.
  const dom = view.nodeDOM(target);
  if (dom instanceof HTMLElement) dom.scrollIntoView({ block: 'start' });
}
