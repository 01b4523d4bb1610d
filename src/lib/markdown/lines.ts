/** Cutting text into lines the way markdown does: LF, CRLF and a lone CR all end a line. */

import { CR, LF } from './charCodes';

/** One line: `[start, end)` is its content, `next` is where the following line starts. */
export interface LineSpan {
  start: number;
  end: number;
  next: number;
}

/**
 * The lines of `text` from offset `from` on. A line ending at the very end of the text does not
 * open another (empty) line, so `'a\n'` has one line and `''` has none.
 */
export function splitLines(text: string, from = 0): LineSpan[] {
  const lines: LineSpan[] = [];
  let start = from;
  let index = from;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === LF) {
      lines.push({ start, end: index, next: index + 1 });
      start = index + 1;
    } else if (code === CR) {
      const next = text.charCodeAt(index + 1) === LF ? index + 2 : index + 1;
      lines.push({ start, end: index, next });
      start = next;
      index = next - 1;
    }
    index += 1;
  }
  if (start < text.length) lines.push({ start, end: text.length, next: text.length });
  return lines;
}
