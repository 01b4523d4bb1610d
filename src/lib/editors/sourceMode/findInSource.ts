/** Find and replace in the source editor (CodeMirror): highlights as decorations, edits as one step. */
import { isolateHistory } from '@codemirror/commands';
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import { findController, type FindTarget, type Located } from '../findTarget';

const show = StateEffect.define<{ matches: readonly Located[]; current: number }>();
const MATCH = Decoration.mark({ class: 'find-match' });
const CURRENT = Decoration.mark({ class: 'find-match find-current' });

const highlights = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    let next = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(show)) continue;
      next = Decoration.set(
        e.value.matches.map((m, i) =>
          (i === e.value.current ? CURRENT : MATCH).range(m.from, m.to),
        ),
      );
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The extension the source editor needs for findInSource. */
export const findExtension: Extension = [
  highlights,
  EditorView.baseTheme({
    '.find-match': { backgroundColor: 'rgba(255, 200, 0, 0.35)' },
    '.find-current': { backgroundColor: 'rgba(255, 140, 0, 0.65)' },
  }),
];

export function findInSource(view: EditorView, readOnly: boolean): FindTarget {
  return findController({
    pieces: () => [{ text: view.state.sliceDoc(), at: 0 }],
    cursor: () => view.state.selection.main.from,
    editable: () => !readOnly,
    paint(matches, current, select) {
      const m = matches[current];
      view.dispatch({
        effects: [
          show.of({ matches, current }),
          ...(m && select ? [EditorView.scrollIntoView(m.from, { y: 'center' })] : []),
        ],
        ...(m && select ? { selection: { anchor: m.from, head: m.to } } : {}),
      });
    },
    replace(edits) {
      view.dispatch({
        changes: edits.map((e) => ({ ...e })),
        annotations: isolateHistory.of('full'),
        userEvent: 'input.replace',
      });
    },
  });
}
