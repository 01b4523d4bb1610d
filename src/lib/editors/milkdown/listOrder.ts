/**
 * Keeps the labels of ordered list items (`1.`, `2.` …) in step with their places, as Milkdown's
 * syncListOrderPlugin does, but only in the top-level blocks a transaction changed: Milkdown's
 * walks every node of the document after every keystroke, which in a long document costs more
 * than a frame. A list lies within one top-level block, so the blocks left alone need nothing.
 */
import {
  bulletListSchema,
  listItemSchema,
  orderedListSchema,
} from '@milkdown/kit/preset/commonmark';
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@milkdown/kit/prose/state';
import { $prose } from '@milkdown/kit/utils';

/** Positions `[from, to)` in `after` of the top-level nodes that differ from `before`'s. */
function changedRange(before: ProseNode, after: ProseNode): { from: number; to: number } | null {
  const min = Math.min(before.childCount, after.childCount);
  let same = 0;
  let from = 0;
  while (same < min && before.child(same) === after.child(same)) {
    from += after.child(same).nodeSize;
    same++;
  }
  let sameEnd = 0;
  let to = after.content.size;
  while (
    sameEnd < min - same &&
    before.child(before.childCount - 1 - sameEnd) === after.child(after.childCount - 1 - sameEnd)
  ) {
    to -= after.child(after.childCount - 1 - sameEnd).nodeSize;
    sameEnd++;
  }
  return from < to ? { from, to } : null;
}

export const listOrder = $prose((ctx) => {
  const sync = (
    transactions: readonly Transaction[],
    oldState: EditorState,
    newState: EditorState,
  ): Transaction | null => {
    if (
      !newState.selection ||
      transactions.some((tr) => tr.getMeta('addToHistory') === false || !tr.isGeneric)
    ) {
      return null;
    }
    const range = changedRange(oldState.doc, newState.doc);
    if (!range) return null;
    const orderedList = orderedListSchema.type(ctx);
    const bulletList = bulletListSchema.type(ctx);
    const listItem = listItemSchema.type(ctx);
    const relabel = (attrs: Record<string, unknown>, index: number, order = 1): boolean => {
      const expected = `${index + order}.`;
      if (attrs.label === expected) return false;
      attrs.label = expected;
      return true;
    };
    let tr = newState.tr;
    let changed = false;
    newState.doc.nodesBetween(range.from, range.to, (node, pos, parent, index) => {
      if (node.type === bulletList) {
        const first = node.maybeChild(0);
        if (first?.type === listItem && first.attrs.listType === 'ordered') {
          changed = true;
          tr.setNodeMarkup(pos, orderedList, { spread: true });
          node.descendants((child, at, _parent, i) => {
            if (child.type === listItem) {
              const attrs = { ...child.attrs };
              if (relabel(attrs, i)) tr = tr.setNodeMarkup(pos + 1 + at, undefined, attrs);
            }
            return false;
          });
        }
      } else if (node.type === listItem && parent?.type === orderedList) {
        const attrs = { ...node.attrs };
        let dirty = false;
        if (attrs.listType !== 'ordered') {
          attrs.listType = 'ordered';
          dirty = true;
        }
        if (parent.maybeChild(0)) {
          dirty = relabel(attrs, index, (parent.attrs.order as number | undefined) ?? 1);
        }
        if (dirty) {
          tr = tr.setNodeMarkup(pos, undefined, attrs);
          changed = true;
        }
      }
    });
    return changed ? tr.setMeta('addToHistory', false) : null;
  };
  return new Plugin({ key: new PluginKey('vmark-list-order'), appendTransaction: sync });
});
