/**
 * Whether a GFM table starts on a line: micromark needs the line to be a header row and the next
 * line, inside the same containers, to be a delimiter row with as many cells.
 */

import { COLON, DASH, GREATER_THAN, PIPE, isSpaceOrTab } from './charCodes';
import { continueContainer, type Container } from './containerSyntax';
import { LineCursor } from './lineCursor';
import type { LineContext } from './scanState';
import { delimiterCellCount, headerCellCount } from './tableSyntax';

/**
 * Whether a table starts at `cursor`, given the containers (`stack`) the next line has to
 * continue for its delimiter row to count.
 */
export function tableStarts(
  cursor: LineCursor,
  stack: readonly Container[],
  context: LineContext,
): boolean {
  const { next, src } = context;
  if (!next || !couldBeDelimiterRow(src, next.start, next.end)) return false;
  const cells = headerCellCount(src, cursor.firstNonSpace(), cursor.lineEnd);
  if (cells === -1) return false;
  const following = new LineCursor(src, next.start, next.end);
  for (let depth = 0; depth < stack.length; depth += 1) {
    const container = stack[depth];
    // A copy, so that looking ahead leaves the list's own state alone.
    const probe = container.kind === 'list' ? { ...container } : container;
    if (continueContainer(probe, following, stack[depth - 1]) !== 'continued') return false;
  }
  if (following.indent() > 3) return false;
  following.skipSpaces(3);
  const from = following.pos;
  // `- |` would open a list item, which ends the table before its delimiter row.
  if (src.charCodeAt(from) === DASH && isSpaceOrTab(following.peekAt(1))) return false;
  return delimiterCellCount(src, from, next.end) === cells;
}

/**
 * A cheap first test: a delimiter row, with its block quote markers and indentation, holds only
 * spaces, tabs, `>`, `|`, `:` and at least one `-`.
 */
function couldBeDelimiterRow(src: string, from: number, to: number): boolean {
  let dash = false;
  for (let index = from; index < to; index += 1) {
    const code = src.charCodeAt(index);
    if (code === DASH) dash = true;
    else if (!(code === PIPE || code === COLON || code === GREATER_THAN || isSpaceOrTab(code))) {
      return false;
    }
  }
  return dash;
}
