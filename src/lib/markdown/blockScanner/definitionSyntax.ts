/**
 * Link reference definitions at the start of a paragraph, recognised as micromark does. The block
 * scanner needs them twice: a setext underline after nothing but definitions does not make a
 * heading, and `collectDefinitions` hands their text to chunks parsed on their own.
 */

import {
  BACKSLASH,
  COLON,
  GREATER_THAN,
  LEFT_BRACKET,
  LEFT_PAREN,
  LESS_THAN,
  LF,
  QUOTE,
  APOSTROPHE,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  SPACE,
  isAsciiControl,
  isSpaceOrTab,
} from './charCodes';

/** How much of a paragraph's text is link reference definitions. */
export interface LeadingDefinitions {
  /** Length of the leading definitions' text (0 when there are none). */
  end: number;
  /** The paragraph holds nothing else (so it produces no paragraph node). */
  only: boolean;
}

/**
 * Finds the definitions a paragraph starts with. `content` is the paragraph's lines joined with
 * `\n`, each without its leading whitespace (what micromark hands to its definition parser).
 */
export function leadingDefinitions(content: string): LeadingDefinitions {
  let index = 0;
  let end = 0;
  while (index < content.length) {
    const after = definitionEnd(content, index);
    if (after === -1) return { end, only: false };
    end = after;
    index = after;
    if (index < content.length) index += 1;
    while (index < content.length && isSpaceOrTab(content.charCodeAt(index))) index += 1;
  }
  return { end, only: true };
}

/** End (at the line ending or the end of text) of a definition starting at `from`, or -1. */
export function definitionEnd(text: string, from: number): number {
  const labelEnd = skipLabel(text, from);
  if (labelEnd === -1 || text.charCodeAt(labelEnd) !== COLON) return -1;
  const destinationStart = skipWhitespace(text, labelEnd + 1);
  const destinationEnd = skipDestination(text, destinationStart);
  if (destinationEnd === -1) return -1;
  const titled = titleEnd(text, destinationEnd);
  if (titled !== -1) return titled;
  const after = skipSpaceOrTabs(text, destinationEnd);
  return after === text.length || text.charCodeAt(after) === LF ? after : -1;
}

/** Past the closing `]` of a label starting at `from`, or -1. */
function skipLabel(text: string, from: number): number {
  if (text.charCodeAt(from) !== LEFT_BRACKET) return -1;
  let index = from + 1;
  let size = 0;
  let seen = false;
  for (;;) {
    if (size > 999 || index >= text.length) return -1;
    const code = text.charCodeAt(index);
    if (code === LEFT_BRACKET || (code === RIGHT_BRACKET && !seen)) return -1;
    if (code === RIGHT_BRACKET) return index + 1;
    if (code === LF) {
      index += 1;
      continue;
    }
    for (;;) {
      if (index >= text.length) break;
      const inside = text.charCodeAt(index);
      if (inside === LEFT_BRACKET || inside === RIGHT_BRACKET || inside === LF) break;
      if (size++ > 999) break;
      index += 1;
      if (!seen) seen = !isSpaceOrTab(inside);
      if (inside === BACKSLASH && index < text.length) {
        const escaped = text.charCodeAt(index);
        if (escaped === LEFT_BRACKET || escaped === BACKSLASH || escaped === RIGHT_BRACKET) {
          index += 1;
          size += 1;
        }
      }
    }
  }
}

/** Past a destination (`<…>` or a raw run with balanced parentheses) at `from`, or -1. */
function skipDestination(text: string, from: number): number {
  const first = from < text.length ? text.charCodeAt(from) : -1;
  if (first === LESS_THAN) {
    let index = from + 1;
    for (;;) {
      if (index >= text.length) return -1;
      const code = text.charCodeAt(index);
      if (code === GREATER_THAN) return index + 1;
      if (code === LESS_THAN || code === LF) return -1;
      index += 1;
      if (code === BACKSLASH && index < text.length) {
        const escaped = text.charCodeAt(index);
        if (escaped === LESS_THAN || escaped === GREATER_THAN || escaped === BACKSLASH) index += 1;
      }
    }
  }
  if (first === -1 || first === SPACE || first === RIGHT_PAREN || isAsciiControl(first)) return -1;
  let balance = 0;
  let index = from;
  for (;;) {
    const code = index < text.length ? text.charCodeAt(index) : -1;
    if (balance === 0 && (code === -1 || code === RIGHT_PAREN || isWhitespace(code))) return index;
    if (code === LEFT_PAREN) balance += 1;
    else if (code === RIGHT_PAREN) balance -= 1;
    else if (code === -1 || code === SPACE || isAsciiControl(code)) return -1;
    index += 1;
    if (code === BACKSLASH && index < text.length) {
      const escaped = text.charCodeAt(index);
      if (escaped === LEFT_PAREN || escaped === RIGHT_PAREN || escaped === BACKSLASH) index += 1;
    }
  }
}

/** End of an optional title after the destination, up to its line ending, or -1 if none fits. */
function titleEnd(text: string, from: number): number {
  if (from >= text.length || !isWhitespace(text.charCodeAt(from))) return -1;
  let index = skipWhitespace(text, from);
  const open = index < text.length ? text.charCodeAt(index) : -1;
  if (open !== QUOTE && open !== APOSTROPHE && open !== LEFT_PAREN) return -1;
  const close = open === LEFT_PAREN ? RIGHT_PAREN : open;
  index += 1;
  for (;;) {
    if (index >= text.length) return -1;
    const code = text.charCodeAt(index);
    if (code === close) break;
    index += 1;
    if (code === LF) index = skipSpaceOrTabs(text, index);
    else if (code === BACKSLASH && index < text.length) {
      const escaped = text.charCodeAt(index);
      if (escaped === close || escaped === BACKSLASH) index += 1;
    }
  }
  const after = skipSpaceOrTabs(text, index + 1);
  return after === text.length || text.charCodeAt(after) === LF ? after : -1;
}

function isWhitespace(code: number): boolean {
  return code === LF || isSpaceOrTab(code);
}

function skipWhitespace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isWhitespace(text.charCodeAt(index))) index += 1;
  return index;
}

function skipSpaceOrTabs(text: string, from: number): number {
  let index = from;
  while (index < text.length && isSpaceOrTab(text.charCodeAt(index))) index += 1;
  return index;
}
