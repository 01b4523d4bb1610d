/**
 * Focus mode (everything but the block being written is dimmed) and typewriter mode (the line
 * being written stays in the middle of the pane), for both editors. The window switches them
 * (editorPrefs); the editors mark the current block and keep the caret centred while on.
 */
import {
  Decoration as CmDecoration,
  EditorView as CmView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { EditorState, type Extension } from '@codemirror/state';
import { Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet, type EditorView } from '@milkdown/kit/prose/view';
import { editorPrefs } from './editorPrefs';

/** Scrolls the pane so that the caret sits in its middle (typewriter mode). */
function centre(pane: HTMLElement | null, caretTop: number, caretBottom: number): void {
  if (!pane) return;
  const box = pane.getBoundingClientRect();
  const middle = box.top + box.height / 2;
  const caret = (caretTop + caretBottom) / 2;
  if (Math.abs(caret - middle) > 2) pane.scrollTop += caret - middle;
}

const proseKey = new PluginKey<DecorationSet>('vmark-writing-modes');

/** WYSIWYG: the top-level block holding the caret gets `focus-current`; typewriter centres it. */
export const writingModesPlugin = new Plugin<DecorationSet>({
  key: proseKey,
  state: {
    init: () => DecorationSet.empty,
    apply(tr, old, _before, state) {
      if (!tr.docChanged && !tr.selectionSet && tr.getMeta(proseKey) === undefined) return old;
      if (!editorPrefs.focusMode) return DecorationSet.empty;
      const $from = state.selection.$from;
      if ($from.depth === 0) return DecorationSet.empty;
      const start = $from.before(1);
      const node = state.doc.nodeAt(start);
      if (!node) return DecorationSet.empty;
      return DecorationSet.create(state.doc, [
        Decoration.node(start, start + node.nodeSize, { class: 'focus-current' }),
      ]);
    },
  },
  props: { decorations: (state) => proseKey.getState(state) },
  view: () => ({
    update(view: EditorView, prev) {
      if (!editorPrefs.typewriter || !view.hasFocus()) return;
      if (view.state.selection.eq(prev.selection) && view.state.doc.eq(prev.doc)) return;
      const at = view.coordsAtPos(view.state.selection.head);
      centre(view.dom.closest('.pane'), at.top, at.bottom);
    },
  }),
});

/** Tells a WYSIWYG editor that a mode changed (it redraws its focus decoration). */
export function refreshProseModes(view: EditorView): void {
  view.dispatch(view.state.tr.setMeta(proseKey, true).setMeta('addToHistory', false));
}

const current = CmDecoration.line({ class: 'focus-current' });

/** Source: the lines of the paragraph holding the caret get `focus-current`; typewriter centres. */
const focusLines = ViewPlugin.fromClass(
  class {
    decorations = CmDecoration.none;
    modes = editorPrefs.modes;
    constructor(view: CmView) {
      this.decorations = this.build(view);
    }
    update(u: ViewUpdate) {
      const switched = this.modes !== editorPrefs.modes;
      this.modes = editorPrefs.modes;
      if (switched || u.docChanged || u.selectionSet || u.viewportChanged)
        this.decorations = this.build(u.view);
    }
    build(view: CmView) {
      if (!editorPrefs.focusMode) return CmDecoration.none;
      const doc = view.state.doc;
      const line = doc.lineAt(view.state.selection.main.head);
      let first = line.number;
      let last = line.number;
      while (first > 1 && doc.line(first - 1).text.trim() !== '') first--;
      while (last < doc.lines && doc.line(last + 1).text.trim() !== '') last++;
      const ranges = [];
      for (let n = first; n <= last; n++) ranges.push(current.range(doc.line(n).from));
      return CmDecoration.set(ranges);
    }
  },
  { decorations: (v) => v.decorations },
);

/** Typewriter: every move of the caret scrolls it to the middle. */
const typewriterScroll = EditorState.transactionExtender.of((tr) =>
  editorPrefs.typewriter && tr.selection
    ? { effects: CmView.scrollIntoView(tr.selection.main.head, { y: 'center' }) }
    : null,
);

export const writingModesSource: Extension = [focusLines, typewriterScroll];
