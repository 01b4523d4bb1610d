/**
 * The leaf-block half of the block scanner: given the rest of a line past its container
 * prefixes, continue the open leaf block (paragraph, code, HTML, table) or start a new one, the
 * way micromark's flow tokenizer does — including which constructs may interrupt a paragraph and
 * what a lazy line can and cannot continue.
 */

import { ASTERISK, DASH, EQUALS, HASH, LEFT_BRACKET, LESS_THAN, UNDERSCORE } from './charCodes';
import type { Container } from './containerSyntax';
import { htmlBlockStart, htmlEndsOnLine, type HtmlKind } from './htmlBlockSyntax';
import {
  isAtxHeading,
  isClosingFence,
  isSetextUnderline,
  isThematicBreak,
  openingFence,
} from './leafSyntax';
import type { LineCursor } from './lineCursor';
import {
  NO_LEAF,
  closeLeaf,
  type LineContext,
  type ParagraphLeaf,
  type ScanState,
} from './scanState';
import { tableStarts } from './tableStart';

/** Which construct interrupts a paragraph: `lookahead` ones need the next line to finish. */
type Interrupter = 'setext' | 'lookahead' | 'other';

/**
 * Feeds the rest of the line to the open leaf block or starts a new one, and returns whether a
 * new block started. `lazy`: the line did not continue every container. On a lazy line that does
 * not continue a paragraph, the containers past the `continued` first ones are closed.
 */
export function scanFlow(
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
      if (lazy) break;
      if (isClosingFence(cursor, leaf.fence)) state.leaf = NO_LEAF;
      return false;
    case 'html':
      if (lazy) break;
      if (htmlBlockEnds(leaf.htmlKind, cursor)) state.leaf = NO_LEAF;
      return false;
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
        closeLeaf(state, context.sink);
        if (lazy) state.stack.length = continued;
        return false;
      }
      const interrupter =
        cursor.indent() < 4 ? paragraphInterrupter(state, cursor, lazy, context) : null;
      if (!interrupter) {
        appendParagraphLine(leaf, cursor);
        return false;
      }
      const hasText = closeLeaf(state, context.sink);
      // An underline makes the paragraph a heading; after definitions alone it starts a block.
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
  const started = startFlow(state, cursor, exits, allowTable ? lookaheadStack : null, context);
  if (exits) state.stack.length = continued;
  return started;
}

/**
 * Starts a flow construct at the cursor (nothing is open) and returns whether it did (false for
 * a blank line). A table may start when `lookaheadStack`, the containers the next line is
 * matched against, is given.
 */
function startFlow(
  state: ScanState,
  cursor: LineCursor,
  lazy: boolean,
  lookaheadStack: readonly Container[] | null,
  context: LineContext,
): boolean {
  if (cursor.restIsBlank()) return false;
  if (cursor.indent() >= 4) {
    // micromark ends indented code that starts on a lazy line at the end of that line.
    state.leaf = lazy ? NO_LEAF : { kind: 'indentedCode' };
    return true;
  }
  const { src, lineEnd } = cursor;
  const from = cursor.firstNonSpace();
  if (singleLineBlock(src, from, lineEnd)) return true;
  const code = src.charCodeAt(from);
  const html = code === LESS_THAN ? htmlBlockStart(src, from, lineEnd, false, false) : null;
  if (html) {
    const ended =
      html.kind <= 5 && htmlEndsOnLine(html.kind, src, html.resumeAt, lineEnd, html.state);
    state.leaf = ended ? NO_LEAF : { kind: 'html', htmlKind: html.kind };
    return true;
  }
  const fence = openingFence(src, from, lineEnd);
  if (fence) {
    state.leaf = { kind: 'fence', fence };
    return true;
  }
  if (lookaheadStack && tableStarts(cursor, lookaheadStack, context)) {
    state.leaf = { kind: 'table', awaitingDelimiter: true };
    return true;
  }
  const candidate = code === LEFT_BRACKET;
  state.leaf = {
    kind: 'paragraph',
    definitionCandidate: candidate,
    text: candidate ? src.slice(from, lineEnd) : '',
  };
  return true;
}

/** Kinds 6 and 7 end at a blank line; kinds 1–5 on the line that holds their end marker. */
function htmlBlockEnds(kind: HtmlKind, cursor: LineCursor): boolean {
  if (kind >= 6) return cursor.restIsBlank();
  return htmlEndsOnLine(kind, cursor.src, cursor.pos, cursor.lineEnd);
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
  const html = code === LESS_THAN ? htmlBlockStart(src, from, lineEnd, true, lazy) : null;
  if (html) return html.kind === 7 ? 'lookahead' : 'other';
  if (openingFence(src, from, lineEnd)) return 'other';
  if (tableStarts(cursor, state.stack, context)) return 'lookahead';
  return null;
}

function appendParagraphLine(leaf: ParagraphLeaf, cursor: LineCursor): void {
  if (leaf.definitionCandidate) {
    leaf.text += '\n' + cursor.src.slice(cursor.firstNonSpace(), cursor.lineEnd);
  }
}
