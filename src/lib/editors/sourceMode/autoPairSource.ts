/** Auto-pairing in the source editor (CodeMirror); the rules are text/autoPair.ts's. */
import { Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { deletesPair, onType } from '../../text/autoPair';
import { editorPrefs } from '../editorPrefs';

/** The last and first characters (code points) of a short slice. */
const lastChar = (text: string) => [...text].at(-1) ?? '';
const firstChar = (text: string) => [...text][0] ?? '';

export const autoPairSource: Extension = [
  EditorView.inputHandler.of((view, from, to, text) => {
    if (!editorPrefs.autoPair || [...text].length !== 1 || view.state.selection.ranges.length > 1)
      return false;
    const { state } = view;
    const before = lastChar(state.sliceDoc(Math.max(0, from - 2), from));
    const after = firstChar(state.sliceDoc(to, to + 2));
    const action = onType(text, before, after, from !== to);
    if (action.kind === 'none') return false;
    if (action.kind === 'step-over') {
      view.dispatch({ selection: { anchor: to + text.length }, userEvent: 'input.type' });
    } else if (action.kind === 'pair') {
      view.dispatch({
        changes: { from, to, insert: action.open + action.close },
        selection: { anchor: from + action.open.length },
        userEvent: 'input.type',
      });
    } else {
      view.dispatch({
        changes: [
          { from, insert: action.open },
          { from: to, insert: action.close },
        ],
        selection: { anchor: from + action.open.length, head: to + action.open.length },
        userEvent: 'input.type',
      });
    }
    return true;
  }),
  Prec.high(
    keymap.of([
      {
        key: 'Backspace',
        run(view) {
          const range = view.state.selection.main;
          if (!editorPrefs.autoPair || !range.empty || view.state.readOnly) return false;
          const before = lastChar(view.state.sliceDoc(Math.max(0, range.from - 2), range.from));
          const after = firstChar(view.state.sliceDoc(range.from, range.from + 2));
          if (!deletesPair(before, after)) return false;
          view.dispatch({
            changes: { from: range.from - before.length, to: range.from + after.length },
            userEvent: 'delete.backward',
          });
          return true;
        },
      },
    ]),
  ),
];
