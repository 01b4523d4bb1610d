/**
 * Where the entries of a block collection sit in the workflow text, and where inserted lines
 * go: the line arithmetic pieces.ts draws its pieces with.
 */
import { isPair, isScalar } from 'yaml';
import { lineStart, nextLineStart, onlySpacesBefore, type Edit } from '../yamlText/sourceLines';

/**
 * Where one entry sits: `from` is its line start when it is the first thing there; `after` is
 * the start of the line after its content, and `to` the end of the blank lines and deeper
 * comments after that.
 */
export interface Span {
  from: number;
  after: number;
  to: number;
  column: number;
  alone: boolean;
}

/**
 * The entry after whose content only blank lines and comments (of any depth) come before `from`,
 * with no other entry between; -1 when there is none.
 */
export function entryBefore(text: string, spans: Array<Span | undefined>, from: number): number {
  for (let index = spans.length - 1; index >= 0; index--) {
    const span = spans[index];
    if (span === undefined) return -1;
    if (span.after > from) continue;
    const next = spans[index + 1];
    if (next !== undefined && next.from < from) return -1;
    return onlyComments(text.slice(span.after, from)) ? index : -1;
  }
  return -1;
}

/** Whether `lines` (whole lines) are all blank or comments. */
export function onlyComments(lines: string): boolean {
  return /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*$/.test(lines);
}

/**
 * When an edit only inserts whole lines: the column of its first line and whether that line
 * starts a sequence item. Whole lines go at a line start and end with a line break unless they
 * end the text; after a last line that has no line break they start with one instead.
 * Else undefined.
 */
export function insertedLines(
  text: string,
  edit: Pick<Edit, 'from' | 'to' | 'insert'>,
): { column: number; item: boolean } | undefined {
  const { from, to, insert } = edit;
  if (from !== to) return undefined;
  const atLineStart = from === 0 || text[from - 1] === '\n';
  const afterLastLine = from === text.length && !atLineStart && /^\r?\n/.test(insert);
  if (atLineStart ? !(insert.endsWith('\n') || from === text.length) : !afterLastLine)
    return undefined;
  const body = afterLastLine ? insert.replace(/^\r?\n/, '') : insert;
  const first = /^( *)([^ \t\r\n#])/.exec(body);
  if (first === null) return undefined;
  return { column: first[1].length, item: /^-(\s|$)/.test(body.slice(first[1].length)) };
}

/** Where entry `item` (a pair or a sequence item) sits, or undefined for an odd one. */
export function spanOf(text: string, item: unknown, inMap: boolean): Span | undefined {
  let start: number;
  let contentEnd: number;
  if (inMap) {
    if (!isPair(item)) return undefined;
    if (!isScalar(item.key) || !item.key.range) return undefined;
    start = item.key.range[0];
    const value = item.value as { range?: [number, number, number] } | null;
    contentEnd = value?.range ? value.range[1] : item.key.range[1];
  } else {
    const range = (item as { range?: [number, number, number] } | null)?.range;
    if (!range) return undefined;
    const line = lineStart(text, range[0]);
    const dash = /^( *)- +$/.exec(text.slice(line, range[0]));
    if (dash === null) return undefined;
    start = line + dash[1].length;
    contentEnd = range[1];
  }
  const line = lineStart(text, start);
  const column = start - line;
  const alone = onlySpacesBefore(text, start);
  const after = afterContent(text, start, contentEnd);
  return {
    from: alone ? line : start,
    after,
    to: endOfEntry(text, after, column),
    column,
    alone,
  };
}

/**
 * The start of the line after an entry's content. A node's range may end past the line break,
 * on the indentation of the next line: the content then ended with that line break.
 */
function afterContent(text: string, start: number, contentEnd: number): number {
  const line = lineStart(text, contentEnd);
  if (line > start && /^[ \t]*$/.test(text.slice(line, contentEnd))) return line;
  const next = nextLineStart(text, Math.max(start, contentEnd - 1));
  return next < 0 ? text.length : next;
}

/**
 * The start of the first line after the entry's content that is not blank and is indented no
 * deeper than `column`, or the end of the text.
 */
export function endOfEntry(text: string, after: number, column: number): number {
  let line = after;
  while (line >= 0 && line < text.length) {
    let at = line;
    while (text[at] === ' ') at++;
    const char = text[at];
    const blank = char === '\n' || (char === '\r' && text[at + 1] === '\n') || at >= text.length;
    if (!blank && at - line <= column) return line;
    line = nextLineStart(text, at);
  }
  return text.length;
}
