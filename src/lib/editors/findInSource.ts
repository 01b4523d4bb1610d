/** Find and replace in the source editor (CodeMirror): highlights as decorations, edits as one step. */
import { isolateHistory } from '@codemirror/commands';
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import { matchAtOrAfter, replacementFor, type FindQuery } from '../text/findMatches';
import {
  locate,
  NOTHING,
  stateOf,
  type FindState,
  type FindTarget,
  type Located,
} from './findTarget';

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
  let query: FindQuery | null = null;
  let matches: readonly Located[] = [];
  let current = -1;

  const paint = (select: boolean) => {
    const m = matches[current];
    view.dispatch({
      effects: [
        show.of({ matches, current }),
        ...(m && select ? [EditorView.scrollIntoView(m.from, { y: 'center' })] : []),
      ],
      ...(m && select ? { selection: { anchor: m.from, head: m.to } } : {}),
    });
  };

  const run = (near: number, select: boolean): FindState => {
    if (!query) return NOTHING;
    const found = locate(query, [{ text: view.state.sliceDoc(), at: 0 }]);
    if ('error' in found) {
      matches = [];
      current = -1;
      paint(false);
      return stateOf([], -1, found.error);
    }
    matches = found;
    current = matchAtOrAfter(matches, near);
    paint(select);
    return stateOf(matches, current);
  };

  return {
    search(next) {
      query = next;
      if (!next) {
        matches = [];
        current = -1;
        paint(false);
        return NOTHING;
      }
      return run(view.state.selection.main.from, true);
    },
    refresh: () => run(matches[current]?.from ?? view.state.selection.main.from, false),
    step(direction) {
      if (matches.length === 0) return run(view.state.selection.main.from, true);
      current = (current + direction + matches.length) % matches.length;
      paint(true);
      return stateOf(matches, current);
    },
    replace(replacement) {
      if (readOnly) return stateOf(matches, current, 'This document is read-only.');
      const m = matches[current];
      if (!query || !m) return stateOf(matches, current);
      const insert = replacementFor(m, replacement, query.regex);
      view.dispatch({
        changes: { from: m.from, to: m.to, insert },
        annotations: isolateHistory.of('full'),
        userEvent: 'input.replace',
      });
      return run(m.from + insert.length, true);
    },
    replaceAll(replacement) {
      if (readOnly)
        return { ...stateOf(matches, current, 'This document is read-only.'), replaced: 0 };
      const all = query ? locate(query, [{ text: view.state.sliceDoc(), at: 0 }]) : [];
      if (!query || 'error' in all || all.length === 0) return { ...run(0, false), replaced: 0 };
      const regex = query.regex;
      view.dispatch({
        changes: all.map((m) => ({
          from: m.from,
          to: m.to,
          insert: replacementFor(m, replacement, regex),
        })),
        annotations: isolateHistory.of('full'),
        userEvent: 'input.replace',
      });
      return { ...run(view.state.selection.main.from, false), replaced: all.length };
    },
  };
}
