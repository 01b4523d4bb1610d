/** Auto-pairing in the WYSIWYG editor (ProseMirror); the rules are text/autoPair.ts's. */
import { Plugin, PluginKey, TextSelection } from '@milkdown/kit/prose/state';
import type { EditorView } from '@milkdown/kit/prose/view';
import { deletesPair, onType } from '../../text/autoPair';
import { editorPrefs } from '../editorPrefs';

/** The character (code point) just before / after a position, inside its textblock only. */
function around(view: EditorView, from: number, to: number) {
  const { doc } = view.state;
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  const before = [...doc.textBetween(Math.max($from.start(), from - 2), from, '', '')].at(-1) ?? '';
  const after = [...doc.textBetween(to, Math.min($to.end(), to + 2), '', '')][0] ?? '';
  return { before, after, sameBlock: $from.sameParent($to) && $from.parent.isTextblock };
}

export const autoPairPlugin = new Plugin({
  key: new PluginKey('vmark-auto-pair'),
  props: {
    handleTextInput(view, from, to, text) {
      if (!editorPrefs.autoPair || [...text].length !== 1) return false;
      const { before, after, sameBlock } = around(view, from, to);
      if (!sameBlock) return false;
      const action = onType(text, before, after, from !== to);
      const tr = view.state.tr;
      if (action.kind === 'none') return false;
      if (action.kind === 'step-over') {
        tr.setSelection(TextSelection.create(tr.doc, to + text.length));
      } else if (action.kind === 'pair') {
        tr.insertText(action.open + action.close, from, to);
        tr.setSelection(TextSelection.create(tr.doc, from + action.open.length));
      } else {
        tr.insertText(action.close, to);
        tr.insertText(action.open, from);
        tr.setSelection(
          TextSelection.create(tr.doc, from + action.open.length, to + action.open.length),
        );
      }
      view.dispatch(tr.scrollIntoView());
      return true;
    },
    handleKeyDown(view, event) {
      if (event.key !== 'Backspace' || event.ctrlKey || event.metaKey || event.altKey) return false;
      const { empty, from } = view.state.selection;
      if (!editorPrefs.autoPair || !empty || !view.editable) return false;
      const { before, after, sameBlock } = around(view, from, from);
      if (!sameBlock || !deletesPair(before, after)) return false;
      view.dispatch(view.state.tr.delete(from - before.length, from + after.length));
      return true;
    },
  },
});
