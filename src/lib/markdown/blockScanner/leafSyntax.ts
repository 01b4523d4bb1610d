/**
 * Recognisers for the one-line leaf constructs and code fences. Each takes the line's text
 * from its first non-space character (`from`) to its end (`to`), following micromark's rules.
 */

import {
  BACKTICK,
  DASH,
  DOLLAR,
  EQUALS,
  HASH,
  SPACE,
  TAB,
  TILDE,
  isBlankRange,
  isSpaceOrTab,
} from './charCodes';
import type { LineCursor } from './lineCursor';

/** An open fenced code block: its fence character and the length of its opening run. */
export interface Fence {
  marker: number;
  size: number;
}

/** `#` to `######` followed by a space, a tab or the line end. */
export function isAtxHeading(src: string, from: number, to: number): boolean {
  let index = from;
  while (index < to && src.charCodeAt(index) === HASH && index - from < 6) index += 1;
  if (index === from) return false;
  if (index === to) return true;
  const code = src.charCodeAt(index);
  return code === SPACE || code === TAB;
}

/** Three or more `*`, `-` or `_` (the same one), with only spaces or tabs between them. */
export function isThematicBreak(src: string, from: number, to: number): boolean {
  const marker = src.charCodeAt(from);
  let count = 0;
  for (let index = from; index < to; index += 1) {
    const code = src.charCodeAt(index);
    if (code === marker) count += 1;
    else if (!isSpaceOrTab(code)) return false;
  }
  return count >= 3;
}

/** A run of `=` or of `-` followed only by spaces or tabs. */
export function isSetextUnderline(src: string, from: number, to: number): boolean {
  const marker = src.charCodeAt(from);
  if (marker !== EQUALS && marker !== DASH) return false;
  let index = from;
  while (index < to && src.charCodeAt(index) === marker) index += 1;
  return isBlankRange(src, index, to);
}

/**
 * The fence opened by this line, if it opens one: 3+ backticks or tildes and a valid info, or
 * 2+ dollar signs (a math block) and a meta without dollar signs.
 */
export function openingFence(src: string, from: number, to: number): Fence | null {
  const marker = src.charCodeAt(from);
  if (marker !== BACKTICK && marker !== TILDE && marker !== DOLLAR) return null;
  let index = from;
  while (index < to && src.charCodeAt(index) === marker) index += 1;
  const size = index - from;
  if (size < (marker === DOLLAR ? 2 : 3)) return null;
  if (marker !== TILDE) {
    const again = src.indexOf(String.fromCharCode(marker), index);
    if (again !== -1 && again < to) return null;
  }
  return { marker, size };
}

/** Whether the rest of the line closes `fence`: up to 3 spaces, a long enough run, then blank. */
export function isClosingFence(cursor: LineCursor, fence: Fence): boolean {
  if (cursor.indent() > 3) return false;
  const { src, lineEnd } = cursor;
  const from = cursor.firstNonSpace();
  let index = from;
  while (index < lineEnd && src.charCodeAt(index) === fence.marker) index += 1;
  return index - from >= fence.size && isBlankRange(src, index, lineEnd);
}
