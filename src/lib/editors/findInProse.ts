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
import { matchAtOrAfter, replacementFor, type FindQuery } from '../text/findMatches';
import {
  locate,
  NOTHING,
  stateOf,
  type FindState,
  type FindTarget,
  type Located,
} from './findTarget';

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
  let query: FindQuery | null = null;
  let matches: readonly Located[] = [];
  let current = -1;

  const paint = (select: boolean) => {
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
  };

  const run = (near: number, select: boolean): FindState => {
    if (!query) return NOTHING;
    const found = locate(query, textblocks(view().state.doc));
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

  const editable = () => view().editable;

  return {
    search(next) {
      query = next;
      if (!next) {
        matches = [];
        current = -1;
        paint(false);
        return NOTHING;
      }
      return run(view().state.selection.from, true);
    },
    refresh: () => run(matches[current]?.from ?? view().state.selection.from, false),
    step(direction) {
      if (matches.length === 0) return run(view().state.selection.from, true);
      current = (current + direction + matches.length) % matches.length;
      paint(true);
      return stateOf(matches, current);
    },
    replace(replacement) {
      if (!editable()) return stateOf(matches, current, 'This document is read-only.');
      const m = matches[current];
      if (!query || !m) return stateOf(matches, current);
      const insert = replacementFor(m, replacement, query.regex);
      const v = view();
      const tr = closeHistory(v.state.tr.insertText(insert, m.from, m.to));
      v.dispatch(tr);
      v.dispatch(closeHistory(v.state.tr));
      return run(m.from + insert.length, true);
    },
    replaceAll(replacement) {
      if (!editable())
        return { ...stateOf(matches, current, 'This document is read-only.'), replaced: 0 };
      const v = view();
      const all = query ? locate(query, textblocks(v.state.doc)) : [];
      if (!query || 'error' in all || all.length === 0) return { ...run(0, false), replaced: 0 };
      const tr = v.state.tr;
      // From the last match back, so earlier positions stay valid.
      for (const m of [...all].reverse()) {
        tr.insertText(replacementFor(m, replacement, query.regex), m.from, m.to);
      }
      v.dispatch(closeHistory(tr));
      v.dispatch(closeHistory(v.state.tr));
      return { ...run(v.state.selection.from, false), replaced: all.length };
    },
  };
}
