/** The WYSIWYG editor: Milkdown (CommonMark + GFM) that writes back only the blocks the person edited. */
import {
  Editor,
  editorStateOptionsCtx,
  editorViewOptionsCtx,
  editorViewCtx,
  remarkCtx,
  remarkStringifyOptionsCtx,
  rootCtx,
  schemaCtx,
  serializerCtx,
} from '@milkdown/kit/core';
import { clipboard } from '@milkdown/kit/plugin/clipboard';
import { history } from '@milkdown/kit/plugin/history';
import { closeHistory } from '@milkdown/kit/prose/history';
import {
  commonmark,
  imageSchema,
  linkSchema,
  remarkHtmlTransformer,
  syncHeadingIdPlugin,
  syncListOrderPlugin,
} from '@milkdown/kit/preset/commonmark';
import { gfm } from '@milkdown/kit/preset/gfm';
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { $prose, $remark, $view } from '@milkdown/kit/utils';
import { ImageView, type ImageAccess } from './imageView';
import { imagePastePlugin } from './imagePaste';
import { spliceBetween, textOf, type SourceGroup } from '../../wysiwyg/blockMerge';
import { diffSplice } from '../../core/store/textEdit';
import { minimalReplace } from './milkdownReplace';
import { caretBlock } from './caretBlock';
import { findInProse, findPlugin } from './findInProse';
import { revealTopLevelHeading } from './revealHeading';
import { autoPairPlugin } from './autoPairProse';
import { refreshProseModes, writingModesPlugin } from '../writingModes';
import { richBlocks } from '../richBlocks/richBlocks';
import { configureFootnotes } from '../richBlocks/footnotes';
import { TailLoad } from './tailLoad';
import { listOrder } from './listOrder';
import { warmEditPath } from './warmEdit';
import { warmViewPath } from './warmView';

const findHighlights = $prose(() => findPlugin);
const autoPair = $prose(() => autoPairPlugin);
const writingModes = $prose(() => writingModesPlugin);
import type { EditorHandle, OnEdit } from '../editorHandle';
import { replaceSelectionIn, selectionOf, type MarkdownCodec } from './milkdownSelection';
import { ParserState } from '@milkdown/kit/transformer';
import type { Ctx } from '@milkdown/kit/ctx';
import { collectDefinitions } from '../../markdown/blocks';
import { t } from '../../i18n/i18n.svelte';
import {
  docOf,
  parseInGroups,
  parseNodes,
  parsePrefix,
  rebindGroups,
  textAfterEdit,
  type MdRoot,
  type Pipeline,
} from './milkdownDoc';

/** How much text is parsed before the editor shows up; the rest follows in the background. */
const FIRST_SCREEN_CHARS = 12_000;
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

/** Milkdown's own remark processor and schema, used a batch of blocks at a time. */
function pipelineOf(ctx: Ctx): Pipeline {
  const remark = ctx.get(remarkCtx);
  const schema = ctx.get(schemaCtx);
  return {
    toMdast: (markdown) => remark.runSync(remark.parse(markdown), markdown) as unknown as MdRoot,
    toDoc: (root) => new ParserState(schema).next(root as never).toDoc(),
  };
}

/** Runs `next` in a task of its own, soon: after waiting input, without the 4 ms of nested timers. */
function yieldThen(next: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    next();
  };
  channel.port2.postMessage(null);
}

/** The index of the last item that passes `test`, or -1. */
function lastIndexOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}

export async function createMilkdownEditor(
  root: HTMLElement,
  body: string,
  readOnly: boolean,
  onEdit: OnEdit,
  images: ImageAccess,
): Promise<EditorHandle> {
  let groups: SourceGroup<ProseNode>[] = [];
  let external = false;
  // The part of the text not parsed yet: a group with no nodes, written back verbatim until then.
  let pending: SourceGroup<ProseNode> | null = null;
  // Parses `pending` in the background; how much text is shown decides how often nodes are added.
  let loader: TailLoad | null = null;
  let shownChars = 0;
  const definitions = collectDefinitions(body);

  const watch = $prose(
    () =>
      new Plugin({
        key: new PluginKey('vmark-edits'),
        view: () => ({
          update: (view, prev) => {
            if (external || view.state.doc === prev.doc) return;
            const before = groups;
            groups = textAfterEdit(
              schema(),
              serializer(),
              groups,
              view.state.doc,
              { pipeline: pipelineOf(editor.ctx), definitions },
              prev.doc,
            );
            const splice = spliceBetween(before, groups);
            if (splice) onEdit([splice]);
          },
        }),
      }),
  );

  const editor = Editor.make()
    .config((ctx) => {
      ctx.set(rootCtx, root);
      ctx.update(editorViewOptionsCtx, (o) => ({
        ...o,
        editable: () => !readOnly,
        // A function: read again on each update (the document view sends one on a new UI language).
        attributes: () => ({
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': t('editors.document'),
        }),
      }));
      ctx.update(remarkStringifyOptionsCtx, (o) => ({
        ...o,
        bullet: '-' as const,
        bulletOther: '*' as const,
        rule: '-' as const,
      }));
      // Text typed right after a link is not part of it (as after inline code), which is what
      // people expect and what typing the markdown in source mode gives.
      ctx.update(linkSchema.key, (schema) => (c) => ({ ...schema(c), inclusive: false }));
      configureFootnotes(ctx);
      ctx.set(editorStateOptionsCtx, (prev) => {
        const first = parsePrefix(body, pipelineOf(ctx), FIRST_SCREEN_CHARS, [], definitions);
        groups = first.groups;
        shownChars = first.consumed;
        if (first.consumed < body.length) {
          pending = { source: body.slice(first.consumed), nodes: [] };
          groups.push(pending);
          // The chunks found for the first screen serve the rest too.
          loader = new TailLoad(pending, body, first.chunks, first.next);
        }
        return { ...prev, doc: docOf(ctx.get(schemaCtx), groups) };
      });
    })
    // Heading ids are not markdown; the plugin that keeps them would rewrite every heading node.
    // HTML blocks are shown as blocks of their own (richBlocks), not wrapped in paragraphs.
    // List labels are kept by listOrder, in the blocks an edit changed (not the whole document).
    .use(
      commonmark.filter(
        (plugin) =>
          plugin !== syncHeadingIdPlugin &&
          plugin !== syncListOrderPlugin &&
          plugin !== remarkHtmlTransformer.plugin,
      ),
    )
    .use(listOrder)
    .use(gfm)
    .use(richBlocks)
    .use(history)
    .use(clipboard)
    .use(imageAttributes)
    .use($view(imageSchema.node, () => (node) => new ImageView(node, images)))
    .use($prose(() => imagePastePlugin(images)))
    .use(caretBlock)
    .use(findHighlights)
    .use(autoPair)
    .use(writingModes)
    .use(watch);

  await editor.create();
  // Plugins may adjust attributes as the view starts; the nodes are still the groups' nodes in order.
  groups = rebindGroups(groups, editor.ctx.get(editorViewCtx).state.doc);
  const schema = () => editor.ctx.get(schemaCtx);
  const serializer = () => editor.ctx.get(serializerCtx);
  const view = () => editor.ctx.get(editorViewCtx);
  const codec = (): MarkdownCodec => {
    const pipeline = pipelineOf(editor.ctx);
    return {
      schema: schema(),
      serialize: (doc) => serializer()(doc),
      // As the document parses it: a `[^label]` calling one of its notes becomes a reference.
      parse: (markdown) => {
        const defs = markdown.includes('[') ? collectDefinitions(textOf(groups)) : '';
        const nodes = parseNodes(markdown, pipeline, defs);
        return schema().topNodeType.createAndFill(null, nodes) ?? schema().topNodeType.create();
      },
    };
  };
  let destroyed = false;

  /** Parses the rest of a long document a slice at a time, without blocking typing. */
  const loaded = new Promise<void>((resolve) => {
    const step = () => {
      // Tests hold the loading back (see tests/support/race.mjs) to edit a half-loaded document.
      if ((globalThis as { __vmarkProbe?: { holdLoading?: boolean } }).__vmarkProbe?.holdLoading) {
        setTimeout(step, 20);
        return;
      }
      // Never under a composition: the input method would lose the character being composed.
      if (view().composing) {
        setTimeout(step, 20);
        return;
      }
      const tail = pending;
      if (destroyed || !tail) {
        pending = null;
        loader = null;
        resolve();
        return;
      }
      // A change inside the hidden part gave it a new text: its chunks are found again.
      if (loader?.group !== tail) loader = new TailLoad(tail);
      loader.step(pipelineOf(editor.ctx), definitions, () => performance.now());
      if (loader.ready(shownChars)) {
        // Edits may have copied the group (separators); it is the hidden group with that source.
        const at = lastIndexOf(
          groups,
          (g) => g === tail || (g.nodes.length === 0 && g.source === tail.source),
        );
        if (at < 0) {
          pending = null;
          loader = null;
          resolve();
          return;
        }
        const { groups: more, chars, rest } = loader.take();
        const v = view();
        const tr = v.state.tr.insert(
          v.state.doc.content.size,
          more.flatMap((g) => g.nodes),
        );
        tr.setMeta('addToHistory', false);
        external = true;
        try {
          v.dispatch(tr);
        } finally {
          external = false;
        }
        groups = [
          ...groups.slice(0, at),
          ...more,
          ...(rest ? [rest.group] : []),
          ...groups.slice(at + 1),
        ];
        shownChars += chars;
        pending = rest?.group ?? null;
        loader = rest;
      }
      yieldThen(step);
    };
    yieldThen(step);
  });

  // Once loaded, the edit path runs once on a sample, so the first keystroke finds it compiled.
  void loaded.then(() =>
    setTimeout(() => {
      if (destroyed) return;
      try {
        const sample = warmEditPath(schema(), serializer(), pipelineOf(editor.ctx));
        if (sample) warmViewPath(sample);
      } catch {
        // Only a warm-up: the first keystroke then pays for it, as without one.
      }
    }, 0),
  );

  /**
   * The groups for a new text: unchanged blocks keep their nodes. While a long document is still
   * loading, a change inside the part not shown yet only changes that part's text; a change before
   * it is parsed without parsing the rest. Answers null when nothing is to be shown differently.
   */
  const regroup = (before: string, next: string): SourceGroup<ProseNode>[] | null => {
    const tail =
      pending && groups[groups.length - 1]?.nodes.length === 0 ? groups[groups.length - 1] : null;
    if (!tail) {
      pending = null;
      return parseInGroups(next, pipelineOf(editor.ctx), groups);
    }
    const tailStart = before.length - tail.source.length;
    const change = diffSplice(before, next);
    if (!change) return null;
    const shown = groups.slice(0, -1);
    if (change.from >= tailStart) {
      const rest = { source: next.slice(tailStart), nodes: [] };
      groups = [...shown, rest];
      pending = rest;
      return null;
    }
    if (change.to <= tailStart) {
      const end = tailStart + change.insert.length - (change.to - change.from);
      return [...parseInGroups(next.slice(0, end), pipelineOf(editor.ctx), shown), tail];
    }
    pending = null;
    return parseInGroups(next, pipelineOf(editor.ctx), groups);
  };

  const handle: EditorHandle = {
    getText: () => textOf(groups),
    setText(next, undoable) {
      const before = textOf(groups);
      if (next === before) return;
      const fresh = regroup(before, next);
      if (!fresh) return;
      const v = view();
      const doc = docOf(schema(), fresh);
      const tr = minimalReplace(v.state, doc);
      if (tr) {
        // Undoable: exactly one undo step, never merged with the person's typing before or after.
        if (undoable) closeHistory(tr);
        else tr.setMeta('addToHistory', false);
        external = true;
        try {
          v.dispatch(tr);
          if (undoable) v.dispatch(closeHistory(v.state.tr));
        } finally {
          external = false;
        }
      }
      // The groups describe the nodes the editor really holds now.
      groups = rebindGroups(fresh, v.state.doc);
    },
    focus: () => view().focus(),
    selection: () => selectionOf(view(), codec()),
    find: findInProse(view),
    refreshModes: () => refreshProseModes(view()),
    revealHeading: (index) => revealTopLevelHeading(view(), index),
    replaceSelection: (content) => replaceSelectionIn(view(), codec(), content),
    loaded,
    destroy: () => {
      destroyed = true;
      void editor.destroy();
    },
  };
  // Test hook for end-to-end tests and bench/fidelity.mjs: edits made through the view count as
  // typing; `reset` puts back a text as if the person had typed it all.
  const reset = (text: string) => {
    const before = textOf(groups);
    handle.setText(text, false);
    onEdit([{ from: 0, to: before.length, insert: text }]);
  };
  Object.assign(root, { vmarkWysiwyg: { view: view(), handle, reset } });
  return handle;
}
