/**
 * GFM footnotes in the WYSIWYG editor (Milkdown's GFM preset parses them): a reference shows as a
 * small superscript label whose tooltip is its definition's text, and a definition as a note, its
 * label in front (not editable; the note's text is). A click on a reference takes the cursor to its
 * note, a click on a note's label back to the first reference. Decorations, clicks and the
 * definition's DOM only: the nodes and their markdown are Milkdown's.
 */
import type { Ctx } from '@milkdown/kit/ctx';
import { footnoteDefinitionSchema } from '@milkdown/kit/preset/gfm';
import type { Node as ProseNode, Slice } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey, TextSelection, type Transaction } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet, type EditorView } from '@milkdown/kit/prose/view';
import { $prose } from '@milkdown/kit/utils';
import { footnoteKey, noteTitle } from '../../markdown/editorSyntax/footnotes';
import {
  afterFirstReference,
  FOOTNOTE_DEFINITION as DEFINITION,
  FOOTNOTE_REFERENCE as REFERENCE,
  noteTextStart,
} from './footnoteJump';
import './richBlocks.css';

/** The definition's label in front of its text, where typing cannot reach it. */
export function configureFootnotes(ctx: Ctx): void {
  ctx.update(footnoteDefinitionSchema.key, (schema) => (c) => ({
    ...schema(c),
    toDOM: (node: ProseNode) => {
      const label = node.attrs.label as string;
      return [
        'dl',
        { 'data-type': DEFINITION, 'data-label': label, class: 'vmark-footnote' },
        ['dt', { contenteditable: 'false' }, label],
        ['dd', 0],
      ];
    },
  }));
}

interface State {
  /** Whether the document holds a footnote (when not, edits without one skip the scan). */
  some: boolean;
  set: DecorationSet;
}

function scan(doc: ProseNode): State {
  const titles = new Map<string, string>();
  const references: { pos: number; node: ProseNode }[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === DEFINITION) {
      const key = footnoteKey(node.attrs.label as string);
      if (!titles.has(key)) {
        const blocks: string[] = [];
        node.forEach((b) => blocks.push(b.textBetween(0, b.content.size, '\n', ' ')));
        titles.set(key, noteTitle(blocks));
      }
    } else if (node.type.name === REFERENCE) {
      references.push({ pos, node });
    }
  });
  const found = references.map(({ pos, node }) => {
    const title = titles.get(footnoteKey(node.attrs.label as string));
    return Decoration.node(pos, pos + node.nodeSize, {
      class: 'vmark-footnote-ref',
      ...(title ? { title } : {}),
    });
  });
  return { some: titles.size > 0 || references.length > 0, set: DecorationSet.create(doc, found) };
}

/** Whether a transaction brings footnote nodes in. */
function insertsFootnotes(tr: Transaction): boolean {
  for (const step of tr.steps) {
    const slice = (step as { slice?: Slice }).slice;
    let hit = false;
    slice?.content.descendants((n) => {
      if (n.type.name === REFERENCE || n.type.name === DEFINITION) hit = true;
      return !hit;
    });
    if (hit) return true;
  }
  return false;
}

const key = new PluginKey<State>('vmark-footnotes');

/** Puts the cursor at `pos` and brings it into view, as the outline's jump does. */
function jumpTo(view: EditorView, pos: number): true {
  const selection = TextSelection.near(view.state.doc.resolve(pos));
  view.dispatch(view.state.tr.setSelection(selection).scrollIntoView());
  view.focus();
  return true;
}

/**
 * A click on a reference goes to its note; a click on a note's label goes back to the first
 * reference. A reference without a note, or a note nothing calls, keeps the usual click.
 */
function handleClickOn(
  view: EditorView,
  node: ProseNode,
  event: MouseEvent,
  direct: boolean,
): boolean {
  if (event.button !== 0 || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) {
    return false;
  }
  const label = String(node.attrs.label ?? '');
  if (node.type.name === REFERENCE && direct) {
    const at = noteTextStart(view.state.doc, label);
    return at === null ? false : jumpTo(view, at);
  }
  const onLabel = event.target instanceof Element && event.target.closest('dt') !== null;
  if (node.type.name === DEFINITION && onLabel) {
    const at = afterFirstReference(view.state.doc, label);
    return at === null ? false : jumpTo(view, at);
  }
  return false;
}

export const footnoteDecorations = $prose(
  () =>
    new Plugin<State>({
      key,
      state: {
        init: (_, state) => scan(state.doc),
        apply: (tr, prev) => {
          if (!tr.docChanged) return prev;
          if (!prev.some && !insertsFootnotes(tr)) return prev;
          return scan(tr.doc);
        },
      },
      props: {
        decorations: (state) => key.getState(state)?.set,
        handleClickOn: (view, _pos, node, _nodePos, event, direct) =>
          handleClickOn(view, node, event, direct),
      },
    }),
);
