/** Which code blocks are Mermaid diagrams, and where they are (pure: no DOM). */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';

/** Whether a fenced code block's language names Mermaid (`mermaid`, any case). */
export function isMermaidLanguage(language: unknown): boolean {
  return typeof language === 'string' && language.trim().toLowerCase() === 'mermaid';
}

export interface MermaidBlock {
  /** Where the code block ends: the preview is shown right after it. */
  end: number;
  code: string;
}

/** The top-level Mermaid code blocks of a document, in order. */
export function mermaidBlocks(doc: ProseNode): MermaidBlock[] {
  const out: MermaidBlock[] = [];
  doc.forEach((node, offset) => {
    if (node.type.name === 'code_block' && isMermaidLanguage(node.attrs.language)) {
      out.push({ end: offset + node.nodeSize, code: node.textContent });
    }
  });
  return out;
}
