/**
 * Find and replace in the WYSIWYG editor (ProseMirror). Each textblock is searched on its own (a
 * match never spans two paragraphs), as the reader sees it: marks do not interrupt a match, and an
 * image or a line break counts as one object character. A replacement goes in as literal text,
 * with the marks of the text it replaces, as one undo step.
 */
import { closeHistory } from '@milkdown/kit/prose/history';
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey, TextSelection } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet, type EditorView } from '@milkdown/kit/prose/view';
import { findController, type FindTarget } from '../findTarget';

const key = new PluginKey<DecorationSet>('vmark-find');
const OBJECT = '\uFFFC';

/** The plugin that draws the highlights (add it to the editor once). */
export const findPlugin = new Plugin<DecorationSet>({
  key,
  state: {
    init: () => DecorationSet.empty,
    apply(tr, deco) {
      const next = tr.getMeta(key) as DecorationSet | undefined;
      return next ?? deco.map(tr.mapping, tr.doc);
    },
  },
  props: { decorations: (state) => key.getState(state) },
});

/** Every textblock's text, at the position of its first character. */
function* textblocks(doc: ProseNode): Generator<{ text: string; at: number }> {
  const found: { text: string; at: number }[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    found.push({
      text: node.textBetween(0, node.content.size, undefined, () => OBJECT),
      at: pos + 1,
    });
    return false;
  });
  yield* found;
}

export function findInProse(view: () => EditorView): FindTarget {
  return findController({
    pieces: () => textblocks(view().state.doc),
    cursor: () => view().state.selection.from,
    editable: () => view().editable,
    paint(matches, current, select) {
      const v = view();
      const doc = v.state.doc;
      const deco = DecorationSet.create(
        doc,
        matches.map((m, i) =>
          Decoration.inline(m.from, m.to, {
            class: i === current ? 'find-match find-current' : 'find-match',
          }),
        ),
      );
      const tr = v.state.tr.setMeta(key, deco).setMeta('addToHistory', false);
      const m = matches[current];
      if (m && select) tr.setSelection(TextSelection.create(doc, m.from, m.to)).scrollIntoView();
      v.dispatch(tr);
    },
    replace(edits) {
      const v = view();
      const tr = v.state.tr;
      // From the last edit back, so earlier positions stay valid.
      for (const e of [...edits].reverse()) tr.insertText(e.insert, e.from, e.to);
      v.dispatch(closeHistory(tr));
      v.dispatch(closeHistory(v.state.tr));
    },
  });
}
