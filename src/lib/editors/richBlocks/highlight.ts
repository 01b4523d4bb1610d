/**
 * Highlight in the WYSIWYG editor: `==text==` is a mark shown as `<mark>` (the syntax is
 * `src/lib/markdown/editorSyntax/highlightSyntax.ts`). Like bold, text typed inside it or at its end is
 * highlighted too, and typing `==text==` makes a highlight.
 */
import { markRule } from '@milkdown/kit/prose';
import { $inputRule, $mark, $remark } from '@milkdown/kit/utils';
import {
  highlight,
  highlightFromMarkdown,
  highlightToMarkdown,
  TYPED_HIGHLIGHT,
} from '../../markdown/editorSyntax/highlightSyntax';

interface ProcessorData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
  toMarkdownExtensions?: unknown[];
}

const highlightRemark = $remark(
  'vmarkHighlight',
  () =>
    function highlightSyntax(this: { data(): ProcessorData }) {
      const data = this.data();
      (data.micromarkExtensions ??= []).push(highlight());
      (data.fromMarkdownExtensions ??= []).push(highlightFromMarkdown());
      (data.toMarkdownExtensions ??= []).push(highlightToMarkdown());
    },
);

export const highlightMark = $mark('highlight', () => ({
  parseDOM: [{ tag: 'mark' }],
  toDOM: () => ['mark', 0],
  parseMarkdown: {
    match: (node) => node.type === 'highlight',
    runner: (state, node, markType) => {
      state.openMark(markType);
      state.next(node.children);
      state.closeMark(markType);
    },
  },
  toMarkdown: {
    match: (mark) => mark.type.name === 'highlight',
    runner: (state, mark) => {
      state.withMark(mark, 'highlight');
    },
  },
}));

const typedHighlight = $inputRule((ctx) => markRule(TYPED_HIGHLIGHT, highlightMark.type(ctx)));

export const highlightSyntax = [highlightRemark, highlightMark, typedHighlight].flat();
