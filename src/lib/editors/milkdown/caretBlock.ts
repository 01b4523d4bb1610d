/**
 * Marks the top-level blocks that hold the selection. Blocks skip layout while off screen
 * (`content-visibility: auto`, app.css), and Chromium then misplaces the caret when the person types
 * into a block made a moment before (after Enter, or a `# ` that turned a paragraph into a heading):
 * the first letter landed after the caret. The marked blocks are always laid out.
 */
import { Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet } from '@milkdown/kit/prose/view';
import { $prose } from '@milkdown/kit/utils';

export const CARET_BLOCK_CLASS = 'vmark-caret-block';

export const caretBlock = $prose(
  () =>
    new Plugin({
      key: new PluginKey('vmark-caret-block'),
      props: {
        decorations(state) {
          const { $from, $to } = state.selection;
          const marks: Decoration[] = [];
          for (const $pos of $from.depth && $to.depth ? [$from, $to] : []) {
            const start = $pos.before(1);
            const node = state.doc.nodeAt(start);
            if (node && !marks.some((d) => d.from === start)) {
              marks.push(
                Decoration.node(start, start + node.nodeSize, { class: CARET_BLOCK_CLASS }),
              );
            }
          }
          return marks.length ? DecorationSet.create(state.doc, marks) : null;
        },
      },
    }),
);
