/**
 * GFM footnotes in the WYSIWYG editor (Milkdown's GFM preset parses them): a reference shows as a
 * small superscript label whose tooltip is its definition's text, and a definition as a note, its
 * label in front (not editable; the note's text is). Decorations and the definition's DOM only:
 * the nodes and their markdown are Milkdown's.
 */
import type { Ctx } from '@milkdown/kit/ctx';
import { footnoteDefinitionSchema } from '@milkdown/kit/preset/gfm';
import type { Node as ProseNode, Slice } from '@milkdown/kit/prose/model';
import { Plugin, PluginKey, type Transaction } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet } from '@milkdown/kit/prose/view';
import { $prose } from '@milkdown/kit/utils';
import { footnoteKey, noteTitle } from '../markdown/footnotes';
import './richBlocks.css';

const REFERENCE = 'footnote_reference';
const DEFINITION = 'footnote_definition';

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
      props: { decorations: (state) => key.getState(state)?.set },
    }),
);
