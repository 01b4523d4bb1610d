/**
 * A line-by-line model of how micromark (CommonMark + GFM) groups lines into blocks, without
 * parsing inline content. It tracks the open containers and the open leaf block, mirroring the
 * document and flow tokenizers closely enough to tell where a top-level block starts, which is
 * all the chunk splitter needs, and to find the link and footnote definitions on the way.
 */

import {
  ASTERISK,
  DASH,
  EQUALS,
  HASH,
  LEFT_BRACKET,
  LESS_THAN,
  UNDERSCORE,
  isSpaceOrTab,
} from './charCodes';
import {
  continueContainer,
  startContainer,
  type Container,
  type ListContainer,
} from './containerSyntax';
import { leadingDefinitions } from './definitionSyntax';
import { htmlBlockStart, htmlEndsOnLine, type HtmlKind } from './htmlBlockSyntax';
import {
  isAtxHeading,
  isClosingFence,
  isSetextUnderline,
  isThematicBreak,
  openingFence,
  type Fence,
} from './leafSyntax';
import { LineCursor } from './lineCursor';
import type { LineSpan } from './lines';
import { delimiterCellCount, headerCellCount } from './tableSyntax';

/** The leaf block open in the innermost container, if any. */
export type Leaf =
  | { kind: 'none' }
  | { kind: 'paragraph'; definitionCandidate: boolean; text: string }
  | { kind: 'fence'; fence: Fence }
  | { kind: 'indentedCode' }
  | { kind: 'html'; htmlKind: HtmlKind }
  | { kind: 'table'; awaitingDelimiter: boolean };

/** Everything the scanner carries from one line to the next. */
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

/** What one line did. */
export interface LineOutcome {
  /** The line starts a new block at the top level of the document. */
  topLevelStart: boolean;
}

/** The line being scanned, its successor (for tables) and where definitions go. */
interface LineContext {
  src: string;
  /** The line has a line ending (only the last line of a text may lack one). */
  ended: boolean;
  next: LineSpan | undefined;
  sink: DefinitionSink | undefined;
}

/** What a new flow construct did on a line: `start` opened a block, `blank` was a blank line. */
type FlowStart = 'start' | 'blank';

/** Which construct would interrupt a paragraph on this line. */
type Interrupter = 'setext' | 'lookahead' | 'other';

const NO_LEAF: Leaf = { kind: 'none' };

export function createScanState(): ScanState {
  return { stack: [], leaf: NO_LEAF };
}

/** Scans one line, updating `state`. `next` is the following line, if there is one. */
export function scanLine(
  state: ScanState,
  src: string,
  line: LineSpan,
  next: LineSpan | undefined,
  sink?: DefinitionSink,
): LineOutcome {
  const context: LineContext = { src, ended: line.next > line.end, next, sink };
  const cursor = new LineCursor(src, line.start, line.end);
  let continued = 0;
  let flowClosed = false;
  while (continued < state.stack.length) {
    const result = continueContainer(state.stack[continued], cursor);
    if (result === 'ended') break;
    continued += 1;
    if (result === 'newItem') {
      closeLeaf(state, context);
      state.stack.length = continued;
      flowClosed = true;
      break;
    }
  }

  const allContinued = continued === state.stack.length;
  const leafKind = state.leaf.kind;
  let opened = 0;
  if (!(allContinued && !flowClosed && (leafKind === 'fence' || leafKind === 'html'))) {
    const interrupt = allContinued && !flowClosed && isPending(state.leaf);
    for (;;) {
      const container = startContainer(cursor, interrupt);
      if (!container) break;
      if (opened === 0) {
        closeLeaf(state, context);
        state.stack.length = continued;
      }
      if (container.kind === 'footnote') sink?.footnote(container.label);
      state.stack.push(container);
      opened += 1;
    }
  }
  const lazy = opened === 0 && continued < state.stack.length;
  const started = scanFlow(state, cursor, lazy, continued, context);
  const topLevelStart = opened > 0 ? continued === 0 : started && state.stack.length === 0;
  return { topLevelStart };
}

/**
 * True while a fenced code or raw HTML (kinds 1–5) block is open, at any depth. Such a block
 * takes in whatever follows it, blank lines included, until its end marker.
 */
export function insideRawBlock(state: ScanState): boolean {
  const { leaf } = state;
  return leaf.kind === 'fence' || (leaf.kind === 'html' && leaf.htmlKind <= 5);
}

/** Closes whatever is still open at the end of the document (flushing definitions). */
export function finishScan(state: ScanState, sink?: DefinitionSink): void {
  closeLeaf(state, { src: '', ended: true, next: undefined, sink });
  state.stack.length = 0;
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
 * Whether the open leaf is still waiting on the next line to finish its current construct, which
 * makes micromark treat a new container on that line as an interruption.
 */
function isPending(leaf: Leaf): boolean {
  return (
    leaf.kind === 'paragraph' ||
    leaf.kind === 'indentedCode' ||
    (leaf.kind === 'table' && leaf.awaitingDelimiter)
  );
}

/**
 * Feeds the rest of the line (past the container prefixes) to the open leaf block or starts a
 * new one. Returns whether the line started a new block. On a lazy line that does not continue
 * a paragraph, the containers that did not continue are closed.
 */
function scanFlow(
  state: ScanState,
  cursor: LineCursor,
  lazy: boolean,
  continued: number,
  context: LineContext,
): boolean {
  const leaf = state.leaf;
  let keepContainers = false;
  let allowTable = true;
  switch (leaf.kind) {
    case 'fence':
      if (!lazy) {
        if (isClosingFence(cursor, leaf.fence)) state.leaf = NO_LEAF;
        return false;
      }
      break;
    case 'html':
      if (!lazy) {
        if (leaf.htmlKind >= 6) {
          if (cursor.restIsBlank()) state.leaf = NO_LEAF;
        } else if (htmlEndsOnLine(leaf.htmlKind, cursor.src, cursor.pos, cursor.lineEnd)) {
          state.leaf = NO_LEAF;
        }
        return false;
      }
      break;
    case 'indentedCode':
      if (!lazy && (cursor.restIsBlank() || cursor.indent() >= 4)) return false;
      break;
    case 'table':
      if (leaf.awaitingDelimiter) {
        leaf.awaitingDelimiter = false;
        return false;
      }
      if (!lazy && !cursor.restIsBlank() && !endsTable(cursor)) return false;
      // A line right after a row can only be another row, never the head of a new table.
      allowTable = false;
      break;
    case 'paragraph': {
      if (cursor.restIsBlank()) {
        closeLeaf(state, context);
        if (lazy) state.stack.length = continued;
        return false;
      }
      const interrupter =
        cursor.indent() < 4 ? paragraphInterrupter(state, cursor, lazy, context) : null;
      if (!interrupter) {
        appendParagraphLine(leaf, cursor);
        return false;
      }
      const hasText = closeLeaf(state, context);
      // An underline turns the paragraph into a heading; after definitions alone it starts a block.
      if (interrupter === 'setext' && hasText) return false;
      // A construct that must see the next line to finish (a table head, a kind 7 HTML block
      // ending at a blank line) keeps the lazy line inside the containers it interrupts.
      keepContainers = lazy && interrupter === 'lookahead' && context.ended;
      break;
    }
    case 'none':
      break;
  }
  state.leaf = NO_LEAF;
  const exits = lazy && !keepContainers;
  const lookaheadStack = exits ? state.stack.slice(0, continued) : state.stack;
  const result = startFlow(state, cursor, exits, allowTable ? lookaheadStack : null, context);
  if (exits) state.stack.length = continued;
  return result === 'start';
}

/**
 * Starts a flow construct at the cursor (nothing is open in this container). A table may start
 * when `lookaheadStack` (the containers the next line is matched against) is given.
 */
function startFlow(
  state: ScanState,
  cursor: LineCursor,
  lazy: boolean,
  lookaheadStack: readonly Container[] | null,
  context: LineContext,
): FlowStart {
  if (cursor.restIsBlank()) return 'blank';
  if (cursor.indent() >= 4) {
    // micromark ends indented code that starts on a lazy line at the end of that line.
    state.leaf = lazy ? NO_LEAF : { kind: 'indentedCode' };
    return 'start';
  }
  const { src, lineEnd } = cursor;
  const from = cursor.firstNonSpace();
  if (singleLineBlock(src, from, lineEnd)) return 'start';
  const code = src.charCodeAt(from);
  if (code === LESS_THAN) {
    const html = htmlBlockStart(src, from, lineEnd, false, false);
    if (html) {
      const ended =
        html.kind <= 5 && htmlEndsOnLine(html.kind, src, html.resumeAt, lineEnd, html.state);
      state.leaf = ended ? NO_LEAF : { kind: 'html', htmlKind: html.kind };
      return 'start';
    }
  }
  const fence = openingFence(src, from, lineEnd);
  if (fence) {
    state.leaf = { kind: 'fence', fence };
    return 'start';
  }
  if (lookaheadStack && tableStarts(cursor, lookaheadStack, context)) {
    state.leaf = { kind: 'table', awaitingDelimiter: true };
    return 'start';
  }
  const candidate = code === LEFT_BRACKET;
  state.leaf = {
    kind: 'paragraph',
    definitionCandidate: candidate,
    text: candidate ? src.slice(from, lineEnd) : '',
  };
  return 'start';
}

/** ATX headings and thematic breaks: blocks that begin and end on one line. */
function singleLineBlock(src: string, from: number, to: number): boolean {
  const code = src.charCodeAt(from);
  if (code === HASH) return isAtxHeading(src, from, to);
  if (code === ASTERISK || code === DASH || code === UNDERSCORE) {
    return isThematicBreak(src, from, to);
  }
  return false;
}

/**
 * After a table row: whether this line starts something other than a body row (indented code,
 * a heading, a thematic break, HTML or a fence), which ends the table.
 */
function endsTable(cursor: LineCursor): boolean {
  if (cursor.indent() >= 4) return true;
  const { src, lineEnd } = cursor;
  const from = cursor.firstNonSpace();
  if (singleLineBlock(src, from, lineEnd)) return true;
  if (src.charCodeAt(from) === LESS_THAN && htmlBlockStart(src, from, lineEnd, false, false)) {
    return true;
  }
  return openingFence(src, from, lineEnd) !== null;
}

/** Which construct, if any, interrupts the open paragraph on this line (indent below 4). */
function paragraphInterrupter(
  state: ScanState,
  cursor: LineCursor,
  lazy: boolean,
  context: LineContext,
): Interrupter | null {
  const { src, lineEnd } = cursor;
  const from = cursor.firstNonSpace();
  const code = src.charCodeAt(from);
  if ((code === EQUALS || code === DASH) && !lazy && isSetextUnderline(src, from, lineEnd)) {
    return 'setext';
  }
  if (singleLineBlock(src, from, lineEnd)) return 'other';
  if (code === LESS_THAN) {
    const html = htmlBlockStart(src, from, lineEnd, true, lazy);
    if (html) return html.kind === 7 ? 'lookahead' : 'other';
  }
  if (openingFence(src, from, lineEnd)) return 'other';
  if (tableStarts(cursor, state.stack, context)) return 'lookahead';
  return null;
}

/**
 * Whether a table starts on this line: it is a header row and the next line, continuing every
 * container in `stack`, is a delimiter row with as many cells.
 */
function tableStarts(
  cursor: LineCursor,
  stack: readonly Container[],
  context: LineContext,
): boolean {
  const { next, src } = context;
  if (!next) return false;
  const cells = headerCellCount(src, cursor.firstNonSpace(), cursor.lineEnd);
  if (cells === -1) return false;
  const following = new LineCursor(src, next.start, next.end);
  if (following.restIsBlank()) return false;
  for (const container of stack) {
    if (!continuesPlainly(container, following)) return false;
  }
  if (following.indent() > 3) return false;
  following.skipSpaces(3);
  const from = following.pos;
  if (src.charCodeAt(from) === DASH && isSpaceOrTab(following.peekAt(1))) return false;
  return delimiterCellCount(src, from, next.end) === cells;
}

/** Whether the line continues `container` without starting a new list item (no state change). */
function continuesPlainly(container: Container, cursor: LineCursor): boolean {
  if (container.kind !== 'list') return continueContainer({ ...container }, cursor) === 'continued';
  const copy: ListContainer = { ...container };
  if (copy.furtherBlankLines || cursor.restIsBlank()) return false;
  return continueContainer(copy, cursor) === 'continued';
}

function appendParagraphLine(leaf: Extract<Leaf, { kind: 'paragraph' }>, cursor: LineCursor): void {
  if (!leaf.definitionCandidate) return;
  leaf.text += '\n' + cursor.src.slice(cursor.firstNonSpace(), cursor.lineEnd);
}

/**
 * Closes the open leaf block. For a paragraph, reports its leading definitions to the sink and
 * returns whether anything besides definitions is in it (only then can it become a heading).
 */
function closeLeaf(state: ScanState, context: LineContext): boolean {
  const leaf = state.leaf;
  state.leaf = NO_LEAF;
  if (leaf.kind !== 'paragraph' || !leaf.definitionCandidate) return true;
  const definitions = leadingDefinitions(leaf.text);
  if (definitions.end > 0 && context.sink) {
    // Indenting the later lines keeps them continuation text wherever the text is pasted.
    context.sink.linkDefinitions(leaf.text.slice(0, definitions.end).replace(/\n/g, '\n    '));
  }
  return !definitions.only;
}
