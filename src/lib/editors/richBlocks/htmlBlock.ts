/**
 * HTML blocks in the WYSIWYG editor: each HTML block (and each element whose markdown content
 * splits it into several blocks, such as `<details>` with paragraphs inside) is one atom node that
 * holds its source text exactly; the node view shows a sanitised preview and edits the source.
 */
import { $node, $remark, $view } from '@milkdown/kit/utils';
import { mergeHtmlRuns } from '../../markdown/editorSyntax/htmlRuns';
import { sanitizedPreview } from '../safeMarkup/sanitizeHtml';
import { SourceAtomView, type AtomKind } from './sourceAtomView';

/** The mdast type of an HTML block the editor shows as one block. */
const BLOCK_TYPE = 'vmarkHtmlBlock';
/** Containers whose `html` children are HTML blocks (flow content), not inline HTML. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem']);

interface Md {
  type: string;
  value?: string;
  children?: Md[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

function markBlocks(node: Md, source: string): void {
  if (!node.children) return;
  if (node.type === 'root') {
    node.children = mergeHtmlRuns(node.children, source, (value, first, last) => ({
      type: BLOCK_TYPE,
      value,
      position: first.position &&
        last.position && { start: first.position.start, end: last.position.end },
    }));
  }
  for (const child of node.children) {
    if (child.type === 'html' && FLOW_PARENTS.has(node.type)) child.type = BLOCK_TYPE;
    else markBlocks(child, source);
  }
}

/** Turns flow-level `html` nodes into HTML blocks, one per element (see `mergeHtmlRuns`). */
export const htmlBlockRemark = $remark(
  'vmarkHtmlBlocks',
  () => () => (tree: unknown, file: { value?: unknown }) => {
    markBlocks(tree as Md, typeof file.value === 'string' ? file.value : String(file.value ?? ''));
  },
);

export const htmlBlockSchema = $node('html_block', () => ({
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  attrs: { value: { default: '', validate: 'string' } },
  toDOM: (node) => ['div', { 'data-type': 'html-block', 'data-value': node.attrs.value }],
  parseDOM: [
    {
      tag: 'div[data-type="html-block"]',
      getAttrs: (dom) => ({ value: (dom as HTMLElement).dataset.value ?? '' }),
    },
  ],
  parseMarkdown: {
    match: (node) => node.type === BLOCK_TYPE,
    runner: (state, node, type) => {
      state.addNode(type, { value: node.value as string });
    },
  },
  toMarkdown: {
    match: (node) => node.type.name === 'html_block',
    runner: (state, node) => {
      state.addNode('html', undefined, node.attrs.value as string);
    },
  },
}));

const HTML_BLOCK: AtomKind = {
  className: 'vmark-html-block',
  inline: false,
  label: 'editors.htmlSource',
  render: (value, host) => host.replaceChildren(sanitizedPreview(value)),
};

export const htmlBlockView = $view(htmlBlockSchema, () => (node, view, getPos) => {
  return new SourceAtomView(node, view, getPos, HTML_BLOCK);
});

export const htmlBlock = [htmlBlockRemark, htmlBlockSchema, htmlBlockView].flat();
