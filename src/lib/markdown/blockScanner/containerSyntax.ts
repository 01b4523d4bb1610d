/**
 * Container blocks — block quotes, lists and GFM footnote definitions — as micromark's document
 * tokenizer sees them: how one starts on a line, and whether a later line continues it.
 */

import {
  ASTERISK,
  CARET,
  COLON,
  DASH,
  DIGIT_ONE,
  DOT,
  GREATER_THAN,
  LEFT_BRACKET,
  PLUS,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  BACKSLASH,
  isAsciiDigit,
  isSpaceOrTab,
} from './charCodes';
import { isThematicBreak } from './leafSyntax';
import type { LineCursor } from './lineCursor';

export interface QuoteContainer {
  kind: 'quote';
}

export interface FootnoteContainer {
  kind: 'footnote';
  /** The label as written between `[^` and `]`. */
  label: string;
}

/** A whole list: micromark keeps one container per list and treats new items as continuation. */
export interface ListContainer {
  kind: 'list';
  ordered: boolean;
  /** The bullet, or the delimiter (`.` or `)`) of an ordered list. */
  marker: number;
  /** Columns a line must be indented by to stay in the current item. */
  size: number;
  /** The current item started with a blank line. */
  initialBlankLine: boolean;
  /** A second blank line followed that, so the item cannot continue. */
  furtherBlankLines: boolean;
}

export type Container = QuoteContainer | ListContainer | FootnoteContainer;

/** `continued`: the line stays in the container; `newItem`: same list, next item; `ended`: no. */
export type Continuation = 'continued' | 'newItem' | 'ended';

/**
 * Tries to continue `container` on the line at `cursor`, consuming its prefix when it does.
 * `previous` is the container just continued before it on this line, if any.
 */
export function continueContainer(
  container: Container,
  cursor: LineCursor,
  previous?: Container,
): Continuation {
  switch (container.kind) {
    case 'quote':
      return continueQuote(cursor);
    case 'footnote':
      return continueFootnote(cursor, previous?.kind === 'footnote');
    case 'list':
      return continueList(container, cursor);
  }
}

/**
 * Tries to open a container at `cursor` (after up to three spaces). `interrupt` is set when the
 * line would otherwise continue a paragraph: then a list item must have content, and an ordered
 * one must start at 1. Leaves the cursor untouched when nothing opens.
 */
export function startContainer(cursor: LineCursor, interrupt: boolean): Container | null {
  if (!mayStartContainer(cursor)) return null;
  const before = cursor.mark();
  const indent = cursor.skipSpaces(3);
  const code = cursor.peek();
  if (code === GREATER_THAN) {
    cursor.advance();
    if (isSpaceOrTab(cursor.peek())) cursor.skipSpaces(1);
    return { kind: 'quote' };
  }
  const opened =
    code === LEFT_BRACKET ? startFootnote(cursor) : startListItem(cursor, null, interrupt, indent);
  if (!opened) cursor.reset(before);
  return opened;
}

/** A cheap first test: at most three columns of indent, then `>`, `[`, a bullet or a digit. */
function mayStartContainer(cursor: LineCursor): boolean {
  const first = cursor.firstNonSpace();
  if (first >= cursor.lineEnd || cursor.indent() > 3) return false;
  const code = cursor.src.charCodeAt(first);
  return (
    code === GREATER_THAN ||
    code === LEFT_BRACKET ||
    code === ASTERISK ||
    code === PLUS ||
    code === DASH ||
    isAsciiDigit(code)
  );
}

function continueQuote(cursor: LineCursor): Continuation {
  const before = cursor.mark();
  cursor.skipSpaces(3);
  if (cursor.peek() !== GREATER_THAN) {
    cursor.reset(before);
    return 'ended';
  }
  cursor.advance();
  if (isSpaceOrTab(cursor.peek())) cursor.skipSpaces(1);
  return 'continued';
}

/**
 * A footnote definition continues on a blank line or one indented by four columns. micromark
 * checks the indent by looking at the last token, so a footnote directly inside another one
 * also continues with no indent of its own: it sees the outer one's four columns.
 */
function continueFootnote(cursor: LineCursor, insideFootnote: boolean): Continuation {
  if (cursor.restIsBlank()) return 'continued';
  const before = cursor.mark();
  const taken = cursor.skipSpaces(4);
  if (taken === 4 || (taken === 0 && insideFootnote)) return 'continued';
  cursor.reset(before);
  return 'ended';
}

function continueList(list: ListContainer, cursor: LineCursor): Continuation {
  if (cursor.restIsBlank()) {
    list.furtherBlankLines = list.furtherBlankLines || list.initialBlankLine;
    cursor.skipSpaces(list.size);
    return 'continued';
  }
  const further = list.furtherBlankLines;
  list.furtherBlankLines = false;
  list.initialBlankLine = false;
  if (!further && isSpaceOrTab(cursor.peek()) && cursor.indent() >= list.size) {
    cursor.skipSpaces(list.size);
    return 'continued';
  }
  const before = cursor.mark();
  const indent = cursor.skipSpaces(3);
  if (startListItem(cursor, list, false, indent)) return 'newItem';
  cursor.reset(before);
  return 'ended';
}

/** `[^label]:` then any spaces; the label has no whitespace or `[`, and at most 999 characters. */
function startFootnote(cursor: LineCursor): FootnoteContainer | null {
  if (cursor.peekAt(1) !== CARET) return null;
  let offset = 2;
  let size = 0;
  for (;;) {
    const code = cursor.peekAt(offset);
    if (size > 999 || code === -1 || code === LEFT_BRACKET || isSpaceOrTab(code)) return null;
    if (code === RIGHT_BRACKET) break;
    size += 1;
    offset += 1;
    if (code === BACKSLASH) {
      const escaped = cursor.peekAt(offset);
      if (escaped === LEFT_BRACKET || escaped === BACKSLASH || escaped === RIGHT_BRACKET) {
        size += 1;
        offset += 1;
      }
    }
  }
  if (offset === 2 || cursor.peekAt(offset + 1) !== COLON) return null;
  const label = cursor.src.slice(cursor.pos + 2, cursor.pos + offset);
  for (let step = 0; step < offset + 2; step += 1) cursor.advance();
  cursor.skipSpaces();
  return { kind: 'footnote', label };
}

/**
 * A list item marker at `cursor` (already past `indent` columns of spaces). With `list`, only an
 * item of that list (same bullet or delimiter) is accepted and `list` is updated in place.
 */
function startListItem(
  cursor: LineCursor,
  list: ListContainer | null,
  interrupt: boolean,
  indent: number,
): ListContainer | null {
  const code = cursor.peek();
  const bullet = code === ASTERISK || code === PLUS || code === DASH;
  const ordered = list ? list.ordered : !bullet;
  let markerWidth: number;
  let marker: number;
  if (!ordered) {
    if (list ? code !== list.marker : !bullet) return null;
    if (
      (code === ASTERISK || code === DASH) &&
      isThematicBreak(cursor.src, cursor.pos, cursor.lineEnd)
    ) {
      return null;
    }
    marker = code;
    markerWidth = 1;
  } else {
    if (!isAsciiDigit(code) || (interrupt && code !== DIGIT_ONE)) return null;
    let digits = 0;
    while (isAsciiDigit(cursor.peekAt(digits)) && digits < 9) digits += 1;
    if (interrupt && digits > 1) return null;
    marker = cursor.peekAt(digits);
    if (list ? marker !== list.marker : marker !== DOT && marker !== RIGHT_PAREN) return null;
    markerWidth = digits + 1;
  }
  const atMarker = cursor.mark();
  for (let step = 0; step < markerWidth; step += 1) cursor.advance();
  let size: number;
  let initialBlankLine = false;
  if (cursor.restIsBlank()) {
    if (interrupt) {
      cursor.reset(atMarker);
      return null;
    }
    initialBlankLine = true;
    size = indent + markerWidth + 1;
  } else {
    const padding = cursor.mark();
    const spaces = cursor.skipSpaces(4);
    if (spaces > 0 && !isSpaceOrTab(cursor.peek())) {
      size = indent + markerWidth + spaces;
    } else {
      cursor.reset(padding);
      if (!isSpaceOrTab(cursor.peek())) {
        cursor.reset(atMarker);
        return null;
      }
      cursor.skipSpaces(1);
      size = indent + markerWidth + 1;
    }
  }
  const item: ListContainer = list ?? {
    kind: 'list',
    ordered,
    marker,
    size,
    initialBlankLine,
    furtherBlankLines: false,
  };
  item.size = size;
  item.initialBlankLine = initialBlankLine;
  item.furtherBlankLines = false;
  return item;
}
