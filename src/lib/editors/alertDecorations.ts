/**
 * GitHub alerts in the WYSIWYG editor: a block quote that starts with `[!NOTE]` (or TIP,
 * IMPORTANT, WARNING, CAUTION) on a line of its own is styled as that alert, its marker as the
 * alert's label. Only decorations: the quote and its marker stay text the person can edit.
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet } from '@milkdown/kit/prose/view';
import { $prose } from '@milkdown/kit/utils';
import { alertLabel, alertMarker } from '../markdown/alerts';
import './richBlocks.css';

function decorations(doc: ProseNode): DecorationSet {
  const found: Decoration[] = [];
  doc.forEach((node, offset) => {
    if (node.type.name !== 'blockquote') return;
    const first = node.firstChild;
    if (!first || first.type.name !== 'paragraph') return;
    const marker = alertMarker(first.textContent);
    if (!marker) return;
    found.push(
      Decoration.node(offset, offset + node.nodeSize, {
        class: `vmark-alert vmark-alert-${marker.kind}`,
      }),
    );
    // The marker's text starts right inside the quote's first paragraph.
    const from = offset + 2;
    found.push(
      Decoration.inline(from, from + marker.length, {
        class: 'vmark-alert-marker',
        title: alertLabel(marker.kind),
      }),
    );
  });
  return DecorationSet.create(doc, found);
}

const key = new PluginKey<DecorationSet>('vmark-alerts');

export const alertDecorations = $prose(
  () =>
    new Plugin<DecorationSet>({
      key,
      state: {
        init: (_, state) => decorations(state.doc),
        apply: (tr, set) => (tr.docChanged ? decorations(tr.doc) : set),
      },
      props: { decorations: (state) => key.getState(state) },
    }),
);
