/**
 * GitHub alerts in the WYSIWYG editor: a block quote that starts with `[!NOTE]` (or TIP,
 * IMPORTANT, WARNING, CAUTION) on a line of its own is styled as that alert, its marker as the
 * alert's label. Only decorations: the quote and its marker stay text the person can edit.
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet } from '@milkdown/kit/prose/view';
import { $prose } from '@milkdown/kit/utils';
import type { MessageKey } from '../../i18n/catalog';
import { i18n, t } from '../../i18n/i18n.svelte';
import { alertMarker, type AlertKind } from '../../markdown/editorSyntax/alerts';
import './richBlocks.css';

const LABELS: Record<AlertKind, MessageKey> = {
  note: 'editors.alertNote',
  tip: 'editors.alertTip',
  important: 'editors.alertImportant',
  warning: 'editors.alertWarning',
  caution: 'editors.alertCaution',
};

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
        title: t(LABELS[marker.kind]),
      }),
    );
  });
  return DecorationSet.create(doc, found);
}

/** The decorations, and the UI language their labels are in. */
interface Alerts {
  set: DecorationSet;
  locale: string;
}

const key = new PluginKey<Alerts>('vmark-alerts');

const build = (doc: ProseNode): Alerts => ({ set: decorations(doc), locale: i18n.current });

// A new UI language reaches the labels at the editor's next transaction; the document view sends
// one when the language changes.
export const alertDecorations = $prose(
  () =>
    new Plugin<Alerts>({
      key,
      state: {
        init: (_, state) => build(state.doc),
        apply: (tr, alerts) =>
          tr.docChanged || alerts.locale !== i18n.current ? build(tr.doc) : alerts,
      },
      props: { decorations: (state) => key.getState(state)?.set },
    }),
);
