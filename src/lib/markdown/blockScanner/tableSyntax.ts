/**
 * GFM table rows, counted the way micromark-extension-gfm-table does: a table starts where a
 * header row is followed by a delimiter row with the same number of cells.
 */

import { BACKSLASH, COLON, DASH, PIPE, isSpaceOrTab } from './charCodes';

/**
 * Cells in a candidate header row `src[from, to)` (`from` is its first non-space character),
 * or -1 when the row cannot head a table (a lone `|`).
 */
export function headerCellCount(src: string, from: number, to: number): number {
  let size = 0;
  let tokens = 0;
  let cellOpen = false;
  let index = from;
  if (src.charCodeAt(index) !== PIPE) {
    cellOpen = true;
    tokens += 1;
  }
  while (index < to) {
    const code = src.charCodeAt(index);
    if (isSpaceOrTab(code)) {
      index += 1;
      continue;
    }
    tokens += 1;
    if (cellOpen) {
      cellOpen = false;
      size += 1;
    }
    if (code === PIPE) {
      cellOpen = true;
      index += 1;
      continue;
    }
    while (index < to) {
      const data = src.charCodeAt(index);
      if (data === PIPE || isSpaceOrTab(data)) break;
      index += 1;
      if (data === BACKSLASH && index < to) {
        const escaped = src.charCodeAt(index);
        if (escaped === BACKSLASH || escaped === PIPE) index += 1;
      }
    }
  }
  return tokens > 1 ? size : -1;
}

/**
 * Cells in a delimiter row `src[from, to)` (`from` is past at most three spaces of indent), or -1
 * when it is not a delimiter row (it needs a `|` or `:` somewhere, or it is a thematic break).
 */
export function delimiterCellCount(src: string, from: number, to: number): number {
  const at = (index: number): number => (index < to ? src.charCodeAt(index) : -1);
  let size = 0;
  let seen = false;
  let index = from;
  for (;;) {
    const code = at(index);
    if (code === PIPE) {
      seen = true;
      index += 1;
      while (isSpaceOrTab(at(index))) index += 1;
      if (at(index) === -1) return seen ? size : -1;
    } else if (code !== DASH && code !== COLON) {
      return -1;
    }
    if (at(index) === COLON) {
      size += 1;
      seen = true;
      index += 1;
      if (at(index) !== DASH) return -1;
    } else if (at(index) === DASH) {
      size += 1;
    } else {
      return -1;
    }
    while (at(index) === DASH) index += 1;
    if (at(index) === COLON) {
      seen = true;
      index += 1;
    }
    while (isSpaceOrTab(at(index))) index += 1;
    if (at(index) === -1) return seen ? size : -1;
    if (at(index) !== PIPE) return -1;
  }
}
