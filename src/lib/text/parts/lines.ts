/**
 * The lines of a document as AI clients address them (issue 28): 1-based, the text's line
 * endings as LF. A line break ends a line, so `"a\nb\n"` and `"a\nb"` both have two lines and an
 * empty text has none. Offsets are UTF-16 indexes.
 */

export interface LineIndex {
  readonly text: string;
  /** Offset of each line's first character; `starts[n - 1]` is line n's. */
  readonly starts: readonly number[];
  readonly total: number;
}

export function indexLines(text: string): LineIndex {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  // After a final line break (or in an empty text) no line begins.
  if (starts[starts.length - 1] === text.length) starts.pop();
  return { text, starts, total: starts.length };
}

/** Offset where line `n`'s content ends (before its line break). */
export function contentEnd(index: LineIndex, n: number): number {
  if (n < index.total) return index.starts[n] - 1;
  const { text } = index;
  return text.endsWith('\n') ? text.length - 1 : text.length;
}

/** Offset just after line `n`'s line break (or the end of the text). */
export function lineEnd(index: LineIndex, n: number): number {
  return n < index.total ? index.starts[n] : index.text.length;
}

/** The line (1-based) that holds `offset`; an offset after a final line break is the last line. */
export function lineAt(index: LineIndex, offset: number): number {
  const { starts } = index;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The text of lines `from..to` (inclusive), without the line break after `to`. */
export function linesText(index: LineIndex, from: number, to: number): string {
  if (to < from) return '';
  return index.text.slice(index.starts[from - 1], contentEnd(index, to));
}
