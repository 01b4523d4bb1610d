/**
 * Math in the WYSIWYG editor: `$…$` (or `$$…$$` in a line) is an inline formula and a `$$` fence a
 * block formula (micromark-extension-math, as GitHub writes them). Each is an atom that keeps its
 * TeX source; it shows typeset by KaTeX and is edited as source on a click or Enter.
 */
import { $node, $remark, $view } from '@milkdown/kit/utils';
import { math } from 'micromark-extension-math';
import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { renderTex } from '../safeMarkup/katexRender';
import { SourceAtomView, type AtomKind } from './sourceAtomView';

interface ProcessorData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
  toMarkdownExtensions?: unknown[];
}

/** The math syntax for remark: parsing and writing `inlineMath` and `math` nodes. */
export const mathRemark = $remark(
  'vmarkMath',
  () =>
    function mathSyntax(this: { data(): ProcessorData }) {
      const data = this.data();
      (data.micromarkExtensions ??= []).push(math());
      (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
      (data.toMarkdownExtensions ??= []).push(mathToMarkdown());
    },
);

export const mathInlineSchema = $node('math_inline', () => ({
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  attrs: { value: { default: '', validate: 'string' } },
  toDOM: (node) => ['span', { 'data-type': 'math-inline', 'data-value': node.attrs.value }],
  parseDOM: [
    {
      tag: 'span[data-type="math-inline"]',
      getAttrs: (dom) => ({ value: (dom as HTMLElement).dataset.value ?? '' }),
    },
  ],
  parseMarkdown: {
    match: (node) => node.type === 'inlineMath',
    runner: (state, node, type) => {
      state.addNode(type, { value: node.value as string });
    },
  },
  toMarkdown: {
    match: (node) => node.type.name === 'math_inline',
    runner: (state, node) => {
      state.addNode('inlineMath', undefined, node.attrs.value as string);
    },
  },
}));

export const mathBlockSchema = $node('math_block', () => ({
  group: 'block',
  atom: true,
  selectable: true,
  attrs: {
    value: { default: '', validate: 'string' },
    meta: { default: null },
  },
  toDOM: (node) => ['div', { 'data-type': 'math-block', 'data-value': node.attrs.value }],
  parseDOM: [
    {
      tag: 'div[data-type="math-block"]',
      getAttrs: (dom) => ({ value: (dom as HTMLElement).dataset.value ?? '' }),
    },
  ],
  parseMarkdown: {
    match: (node) => node.type === 'math',
    runner: (state, node, type) => {
      state.addNode(type, { value: node.value as string, meta: node.meta ?? null });
    },
  },
  toMarkdown: {
    match: (node) => node.type.name === 'math_block',
    runner: (state, node) => {
      state.addNode('math', undefined, node.attrs.value as string, {
        meta: node.attrs.meta as string | null,
      });
    },
  },
}));

const INLINE: AtomKind = {
  className: 'vmark-math-inline',
  inline: true,
  label: 'editors.texSource',
  render: (value, host) => renderTex(value, host, false),
};

const BLOCK: AtomKind = {
  className: 'vmark-math-block',
  inline: false,
  label: 'editors.texSource',
  render: (value, host) => renderTex(value, host, true),
};

export const mathInlineView = $view(mathInlineSchema, () => (node, view, getPos) => {
  return new SourceAtomView(node, view, getPos, INLINE);
});

export const mathBlockView = $view(mathBlockSchema, () => (node, view, getPos) => {
  return new SourceAtomView(node, view, getPos, BLOCK);
});

export const mathSyntax = [
  mathRemark,
  mathInlineSchema,
  mathBlockSchema,
  mathInlineView,
  mathBlockView,
].flat();
