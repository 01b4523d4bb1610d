/** The WYSIWYG editor: Milkdown (CommonMark + GFM) that writes back only the blocks the person edited. */
import {
  Editor,
  editorStateOptionsCtx,
  editorViewOptionsCtx,
  editorViewCtx,
  parserCtx,
  remarkStringifyOptionsCtx,
  rootCtx,
  schemaCtx,
  serializerCtx,
} from '@milkdown/kit/core';
import { clipboard } from '@milkdown/kit/plugin/clipboard';
import { history } from '@milkdown/kit/plugin/history';
import { commonmark, syncHeadingIdPlugin } from '@milkdown/kit/preset/commonmark';
import { gfm } from '@milkdown/kit/preset/gfm';
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { $prose, $remark } from '@milkdown/kit/utils';
import { diffSplice } from '../core/textEdit';
import type { SourceGroup } from '../wysiwyg/blockMerge';
import type { EditorHandle, OnEdit } from './editorHandle';
import { docOf, parseInGroups, rebindGroups, textAfterEdit } from './milkdownDoc';
// ProseMirror's own rules (white-space: pre-wrap above all): without them Chrome types no-break spaces.
import '@milkdown/kit/prose/view/style/prosemirror.css';

interface MdNode {
  type: string;
  title?: string | null;
  alt?: string | null;
  children?: MdNode[];
}

/** Milkdown's image schema wants string attributes; remark gives null for a missing title. */
const imageAttributes = $remark('vmarkImageAttributes', () => () => (tree: unknown) => {
  const walk = (n: MdNode) => {
    if (n.type === 'image') {
      n.title ??= '';
      n.alt ??= '';
    }
    n.children?.forEach(walk);
  };
  walk(tree as MdNode);
});

export async function createMilkdownEditor(
  root: HTMLElement,
  body: string,
  readOnly: boolean,
  onEdit: OnEdit,
): Promise<EditorHandle> {
  let groups: SourceGroup<ProseNode>[] = [];
  let text = body;
  let external = false;

  const watch = $prose(
    () =>
      new Plugin({
        key: new PluginKey('vmark-edits'),
        view: () => ({
          update: (view, prev) => {
            if (external || view.state.doc === prev.doc) return;
            const next = textAfterEdit(schema(), serializer(), groups, view.state.doc);
            groups = next.groups;
            const splice = diffSplice(text, next.text);
            text = next.text;
            if (splice) onEdit([splice]);
          },
        }),
      }),
  );

  const editor = Editor.make()
    .config((ctx) => {
      ctx.set(rootCtx, root);
      ctx.update(editorViewOptionsCtx, (o) => ({ ...o, editable: () => !readOnly }));
      ctx.update(remarkStringifyOptionsCtx, (o) => ({
        ...o,
        bullet: '-' as const,
        bulletOther: '*' as const,
        rule: '-' as const,
      }));
      ctx.set(editorStateOptionsCtx, (prev) => {
        groups = parseInGroups(body, ctx.get(parserCtx));
        return { ...prev, doc: docOf(ctx.get(schemaCtx), groups) };
      });
    })
    // Heading ids are not markdown; the plugin that keeps them would rewrite every heading node.
    .use(commonmark.filter((plugin) => plugin !== syncHeadingIdPlugin))
    .use(gfm)
    .use(history)
    .use(clipboard)
    .use(imageAttributes)
    .use(watch);

  await editor.create();
  // Plugins may adjust attributes as the view starts; the nodes are still the groups' nodes in order.
  groups = rebindGroups(groups, editor.ctx.get(editorViewCtx).state.doc);
  const schema = () => editor.ctx.get(schemaCtx);
  const serializer = () => editor.ctx.get(serializerCtx);
  const view = () => editor.ctx.get(editorViewCtx);

  return {
    getText: () => text,
    setText(next, undoable) {
      if (next === text) return;
      const fresh = parseInGroups(next, editor.ctx.get(parserCtx), groups);
      const v = view();
      const doc = docOf(schema(), fresh);
      const tr = v.state.tr.replaceWith(0, v.state.doc.content.size, doc.content);
      if (!undoable) tr.setMeta('addToHistory', false);
      external = true;
      try {
        v.dispatch(tr);
      } finally {
        external = false;
      }
      // Identity of reused nodes survives the replace, so the groups describe the new doc.
      groups = fresh;
      text = next;
    },
    focus: () => view().focus(),
    destroy: () => void editor.destroy(),
  };
}
