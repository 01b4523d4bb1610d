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
  if (text.indexOf('\r', from) === -1) {
    // Fast path: only LF line endings.
    let start = from;
    for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
      lines.push({ start, end, next: end + 1 });
      start = end + 1;
    }
    if (start < text.length) lines.push({ start, end: text.length, next: text.length });
    return lines;
  }
  let start = from;
  for (let index = from; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== LF && code !== CR) continue;
    const next = code === CR && text.charCodeAt(index + 1) === LF ? index + 2 : index + 1;
    lines.push({ start, end: index, next });
    start = next;
    index = next - 1;
  }
  if (start < text.length) lines.push({ start, end: text.length, next: text.length });
  return lines;
}
