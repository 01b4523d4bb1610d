/**
 * Line arithmetic on the original source text. Offsets are UTF-16 indexes, as in the `yaml`
 * package's node ranges; a line break is `\n` or `\r\n`.
 */

/** The line break new lines use: the file's first one, `\n` when it has none. */
export function detectEol(text: string): '\n' | '\r\n' {
  const first = text.indexOf('\n');
  return first > 0 && text[first - 1] === '\r' ? '\r\n' : '\n';
}

/** Offset of the first character of the line holding `pos`. */
export function lineStart(text: string, pos: number): number {
  return pos <= 0 ? 0 : text.lastIndexOf('\n', pos - 1) + 1;
}

/** Offset of the line break (or end of text) that ends the line holding `pos`. */
export function lineContentEnd(text: string, pos: number): number {
  const newline = text.indexOf('\n', pos);
  if (newline < 0) return text.length;
  return newline > 0 && text[newline - 1] === '\r' ? newline - 1 : newline;
}

/** Offset just after the line break ending the line holding `pos`, or -1 on the last line. */
export function nextLineStart(text: string, pos: number): number {
  const newline = text.indexOf('\n', pos);
  return newline < 0 ? -1 : newline + 1;
}

/** Whether `pos` is at the start of a line. */
export function atLineStart(text: string, pos: number): boolean {
  return pos === 0 || text[pos - 1] === '\n';
}

/** `end` moved back over one line break that ends just before it, if any. */
export function beforeLineBreak(text: string, end: number): number {
  if (end > 0 && text[end - 1] === '\n') {
    return end > 1 && text[end - 2] === '\r' ? end - 2 : end - 1;
  }
  return end;
}

/** Column of `pos` within its line. */
export function columnOf(text: string, pos: number): number {
  return pos - lineStart(text, pos);
}

/** Whether only spaces sit between the start of the line and `pos`. */
export function onlySpacesBefore(text: string, pos: number): boolean {
  for (let i = lineStart(text, pos); i < pos; i++) if (text[i] !== ' ') return false;
  return true;
}

/** `pos` moved forward over spaces and tabs. */
export function skipBlanks(text: string, pos: number): number {
  while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t')) pos++;
  return pos;
}

/** `pos` moved back over spaces and tabs. */
export function skipBlanksBack(text: string, pos: number): number {
  while (pos > 0 && (text[pos - 1] === ' ' || text[pos - 1] === '\t')) pos--;
  return pos;
}

/** One text replacement in the original source. */
export interface Edit {
  from: number;
  to: number;
  insert: string;
  /**
   * Set when the edit only rewrites the text of one scalar with another scalar: every other
   * node, key and line stays as it was, so later patches may be planned on the same parse.
   */
  scalarOnly?: boolean;
  /**
   * Set when the edit only adds entries or replaces a scalar, flow or empty value (a scalar-only
   * edit is local too): no line and no block collection goes, so the layout facts other patches
   * are planned from (indentation steps, the lines after a node, which keys exist) stay as they
   * were, and a patch elsewhere plans the same edit before and after this one.
   */
  local?: boolean;
}

/**
 * Applies non-overlapping edits, given in any order, except that insertions at one place end
 * up in the text in the order they are given.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => b.edit.from - a.edit.from || b.edit.to - a.edit.to || b.index - a.index);
  let out = text;
  for (const { edit } of sorted) out = out.slice(0, edit.from) + edit.insert + out.slice(edit.to);
  return out;
}
