/**
 * The WYSIWYG selection as an AI sees it: positions in the editor's document and the selected
 * slice as markdown; and replacing it, literally for plain text, through the parser for markdown.
 */
import { closeHistory } from '@milkdown/kit/prose/history';
import { Fragment, Slice, type Node as ProseNode, type Schema } from '@milkdown/kit/prose/model';
import type { EditorView } from '@milkdown/kit/prose/view';
import { looksLikeMarkdown } from '../../markdown/editorSyntax/markers';

export interface MarkdownCodec {
  schema: Schema;
  /** A document node to markdown (with the serializer's final newline). */
  serialize(doc: ProseNode): string;
  /** Markdown to a document node. */
  parse(markdown: string): ProseNode;
}

export interface SelectionReport {
  from: number;
  to: number;
  /** The selection as markdown; empty for a cursor. */
  text: string;
}

export function selectionOf(view: EditorView, codec: MarkdownCodec): SelectionReport {
  const { from, to, empty } = view.state.selection;
  return { from, to, text: empty ? '' : sliceMarkdown(view.state.doc, from, to, codec) };
}

function sliceMarkdown(doc: ProseNode, from: number, to: number, codec: MarkdownCodec): string {
  let content = doc.slice(from, to).content;
  // A slice that starts inside a paragraph holds bare inline nodes: give them a paragraph.
  const inline = content.firstChild?.isInline === true;
  if (inline) content = Fragment.from(codec.schema.nodes.paragraph.create(null, content));
  const top = codec.schema.topNodeType;
  const node = top.createAndFill(null, content) ?? top.create(null, content);
  const markdown = codec.serialize(node).replace(/\n$/, '');
  // A paragraph's serializer encodes its edge spaces (`&#x20;`); a piece of a line keeps them.
  return inline ? markdown.replace(EDGE_SPACES, (entities) => decodeSpaces(entities)) : markdown;
}

/** The parser drops a line's edge spaces; inside a line they matter (`**brave** ` + `end`). */
function withEdgeSpaces(content: string, inline: Fragment, schema: Schema): Fragment {
  const lead = /^[ \t]+/.exec(content)?.[0];
  const trail = /[ \t]+$/.exec(content)?.[0];
  let out = inline;
  if (lead) out = Fragment.from(schema.text(lead)).append(out);
  if (trail) out = out.append(Fragment.from(schema.text(trail)));
  return out;
}

const EDGE_SPACES = /^(?:&#x(?:20|9);)+|(?:&#x(?:20|9);)+$/g;

function decodeSpaces(entities: string): string {
  return entities.replace(/&#x20;/g, ' ').replace(/&#x9;/g, '\t');
}

/**
 * Replaces the selection (inserts at a cursor; empty content deletes) as one undo step. Plain text
 * inside one textblock goes in literally; markdown is parsed, and when both the selection and the
 * parsed content are a single textblock only its inline content goes in, so the paragraph the
 * selection sits in is not split. Answers the length of the markdown that was replaced.
 */
export function replaceSelectionIn(
  view: EditorView,
  codec: MarkdownCodec,
  content: string,
): { replaced: number } {
  const { state } = view;
  const { from, to, $from, $to, empty } = state.selection;
  const replaced = empty ? 0 : sliceMarkdown(state.doc, from, to, codec).length;
  const inOneTextblock = $from.sameParent($to) && $from.parent.isTextblock;
  const tr = state.tr;
  if (content === '') tr.delete(from, to);
  else if (inOneTextblock && ($from.parent.type.spec.code || !looksLikeMarkdown(content))) {
    tr.insertText(content, from, to);
  } else {
    const parsed = codec.parse(content);
    const only = parsed.childCount === 1 ? parsed.firstChild : null;
    if (inOneTextblock && only?.isTextblock) {
      tr.replaceWith(from, to, withEdgeSpaces(content, only.content, codec.schema));
    } else tr.replaceRange(from, to, new Slice(parsed.content, 0, 0));
  }
  if (!tr.docChanged) return { replaced };
  closeHistory(tr);
  view.dispatch(tr);
  view.dispatch(closeHistory(view.state.tr));
  return { replaced };
}
