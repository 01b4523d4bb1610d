/**
 * The rich blocks of the WYSIWYG editor: HTML blocks, math, Mermaid diagrams and alerts; and the
 * inline marks and notes shown with them: highlight and footnotes.
 */
import { $prose } from '@milkdown/kit/utils';
import { alertDecorations } from './alertDecorations';
import { footnoteDecorations } from './footnotes';
import { highlightSyntax } from './highlight';
import { htmlBlock } from './htmlBlock';
import { mathSyntax } from './math';
import { mermaidPreview } from './mermaidPreview';
import { openSourceOnEnter } from './sourceAtomView';

const sourceKeys = $prose(() => openSourceOnEnter(['html_block', 'math_block', 'math_inline']));

export const richBlocks = [
  ...htmlBlock,
  ...mathSyntax,
  mermaidPreview,
  alertDecorations,
  ...highlightSyntax,
  footnoteDecorations,
  sourceKeys,
];
