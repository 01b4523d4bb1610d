/**
 * HTML blocks in the WYSIWYG editor: each HTML block (and each element whose markdown content
 * splits it into several blocks, such as `<details>` with paragraphs inside) is one atom node that
 * holds its source text exactly; the node view shows a sanitised preview and edits the source.
 */
import { $node, $prose, $remark, $view } from '@milkdown/kit/utils';
import { NodeSelection, Plugin, PluginKey } from '@milkdown/kit/prose/state';
import { mergeHtmlRuns } from '../markdown/htmlRuns';
import { HtmlBlockView, EDIT_SOURCE_EVENT } from './htmlBlockView';

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

export const htmlBlockView = $view(htmlBlockSchema, () => (node, view, getPos) => {
  return new HtmlBlockView(node, view, getPos);
});

/** Enter on a selected HTML block opens its source. */
export const htmlBlockKeys = $prose(
  () =>
    new Plugin({
      key: new PluginKey('vmark-html-block-keys'),
      props: {
        handleKeyDown(view, event) {
          const sel = view.state.selection;
          if (event.key !== 'Enter' || !(sel instanceof NodeSelection)) return false;
          if (sel.node.type.name !== 'html_block' || !view.editable) return false;
          view.nodeDOM(sel.from)?.dispatchEvent(new CustomEvent(EDIT_SOURCE_EVENT));
          return true;
        },
      },
    }),
);

export const htmlBlock = [htmlBlockRemark, htmlBlockSchema, htmlBlockView, htmlBlockKeys].flat();
