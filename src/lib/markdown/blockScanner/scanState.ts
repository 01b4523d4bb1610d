/**
 * The state the block scanner carries from one line to the next — open containers and the open
 * leaf block — and the operations on it that do not depend on the line being scanned.
 */

import type { Container } from './containerSyntax';
import { leadingDefinitions } from './definitionSyntax';
import type { HtmlKind } from './htmlBlockSyntax';
import type { Fence } from './leafSyntax';
import type { LineSpan } from './lines';

/** The leaf block open in the innermost container, if any. */
export type Leaf =
  | { kind: 'none' }
  | ParagraphLeaf
  | { kind: 'fence'; fence: Fence }
  | { kind: 'indentedCode' }
  | { kind: 'html'; htmlKind: HtmlKind }
  | { kind: 'table'; awaitingDelimiter: boolean };

/** An open paragraph; one starting with `[` keeps its text, as it may hold definitions. */
export interface ParagraphLeaf {
  kind: 'paragraph';
  definitionCandidate: boolean;
  /** The lines so far, each without leading whitespace, joined with `\n` (candidates only). */
  text: string;
}

export interface ScanState {
  stack: Container[];
  leaf: Leaf;
}

/** Receives the definitions found while scanning (for `collectDefinitions`). */
export interface DefinitionSink {
  /**
   * The leading link reference definitions of a paragraph, without container prefixes and with
   * every line after the first indented by four spaces.
   */
  linkDefinitions(text: string): void;
  /** The label of a footnote definition, as written between `[^` and `]`. */
  footnote(label: string): void;
}

/** The line being scanned, its successor (for tables) and where definitions go. */
export interface LineContext {
  src: string;
  /** The line has a line ending (only the last line of a text may lack one). */
  ended: boolean;
  next: LineSpan | undefined;
  sink: DefinitionSink | undefined;
}

export const NO_LEAF: Leaf = { kind: 'none' };

export function createScanState(): ScanState {
  return { stack: [], leaf: NO_LEAF };
}

/** A string that is equal for two states exactly when they will treat later lines alike. */
export function stateKey(state: ScanState): string {
  let key = '';
  for (const container of state.stack) {
    if (container.kind === 'list') {
      key += `l${container.ordered ? 1 : 0},${container.marker},${container.size},`;
      key += `${container.initialBlankLine ? 1 : 0}${container.furtherBlankLines ? 1 : 0};`;
    } else key += container.kind === 'quote' ? 'q;' : 'f;';
  }
  const { leaf } = state;
  switch (leaf.kind) {
    case 'none':
    case 'indentedCode':
      return `${key}|${leaf.kind}`;
    case 'paragraph':
      return `${key}|p${leaf.definitionCandidate ? 1 : 0}:${leaf.text}`;
    case 'fence':
      return `${key}|fence${leaf.fence.marker},${leaf.fence.size}`;
    case 'html':
      return `${key}|html${leaf.htmlKind}`;
    case 'table':
      return `${key}|table${leaf.awaitingDelimiter ? 1 : 0}`;
  }
}

/**
 * True while a fenced code or raw HTML (kinds 1–5) block is open, at any depth. Such a block
 * takes in whatever follows it, blank lines included, until its end marker.
 */
export function insideRawBlock(state: ScanState): boolean {
  const { leaf } = state;
  return leaf.kind === 'fence' || (leaf.kind === 'html' && leaf.htmlKind <= 5);
}

/** Fenced code and HTML blocks: while open, no container can start inside them. */
export function isConcrete(leaf: Leaf): boolean {
  return leaf.kind === 'fence' || leaf.kind === 'html';
}

/**
 * Whether the open leaf is still waiting on the next line to finish its current construct, which
 * makes micromark treat a new container on that line as an interruption.
 */
export function isPending(leaf: Leaf): boolean {
  return (
    leaf.kind === 'paragraph' ||
    leaf.kind === 'indentedCode' ||
    (leaf.kind === 'table' && leaf.awaitingDelimiter)
  );
}

/**
 * Closes the open leaf block. For a paragraph, reports its leading definitions to the sink and
 * returns whether anything besides definitions is in it (only then can it become a heading).
 */
export function closeLeaf(state: ScanState, sink: DefinitionSink | undefined): boolean {
  const leaf = state.leaf;
  state.leaf = NO_LEAF;
  if (leaf.kind !== 'paragraph' || !leaf.definitionCandidate) return true;
  const definitions = leadingDefinitions(leaf.text);
  if (definitions.end > 0 && sink) {
    // Indenting the later lines keeps them continuation text wherever the text is pasted.
    sink.linkDefinitions(leaf.text.slice(0, definitions.end).replace(/\n/g, '\n    '));
  }
  return !definitions.only;
}
