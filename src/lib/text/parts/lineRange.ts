/**
 * Reading and replacing a range of lines (issue 28). A read is answered in pages, each under the
 * output limit; a page that cannot hold one whole line cuts it between code points and says where
 * to go on (`nextLine`, `nextColumn`). A replacement changes only the bytes of those lines.
 */
import { jsonFittingEnd } from '../byteSizes';
import { contentEnd, indexLines, lineAt, type LineIndex } from './lines';

/** Bytes of JSON-escaped content one page holds: the whole answer stays under 75,000 bytes. */
export const PAGE_BYTES = 64_000;

export interface LineRange {
  startLine: number;
  endLine: number;
}

/** A range that does not fit the document: the sentence, and its number of lines. */
export interface RangeError {
  error: string;
  totalLines: number;
}

export interface Page {
  content: string;
  startLine: number;
  endLine: number;
  totalLines: number;
  /** Where the next page starts, when this one stopped before the range's end. */
  nextLine?: number;
  /** In a line longer than a page: the 1-based UTF-16 column the next page starts at. */
  nextColumn?: number;
}

const whole = (n: number) => Number.isInteger(n);

/** Why lines `startLine..endLine` cannot be read, or null. Columns are 1-based UTF-16 units. */
function readError(index: LineIndex, range: LineRange, startColumn: number): string | null {
  const { startLine, endLine } = range;
  const total = index.total;
  if (total === 0) return 'The document is empty: it has no lines to read.';
  if (!whole(startLine) || startLine < 1 || startLine > total) {
    return `startLine ${startLine} is outside the document: it has ${total} lines (1–${total}).`;
  }
  if (!whole(endLine) || endLine < startLine || endLine > total) {
    return `endLine ${endLine} must be from startLine (${startLine}) to ${total}, the document's last line.`;
  }
  const length = contentEnd(index, startLine) - index.starts[startLine - 1];
  if (!whole(startColumn) || startColumn < 1 || startColumn > length + 1) {
    return `startColumn ${startColumn} is outside line ${startLine}, which has ${length} characters: pass the nextColumn a page answered.`;
  }
  return null;
}

/**
 * Lines `startLine..endLine` of `text`, from `startColumn` of the first, as one page of at most
 * `budget` JSON-escaped bytes: whole lines while they fit, else the start of the first line.
 */
export function readLines(
  text: string,
  range: LineRange,
  startColumn = 1,
  budget = PAGE_BYTES,
): Page | RangeError {
  const index = indexLines(text);
  const error = readError(index, range, startColumn);
  if (error) return { error, totalLines: index.total };
  const totalLines = index.total;
  const from = index.starts[range.startLine - 1] + startColumn - 1;
  const to = contentEnd(index, range.endLine);
  const fits = jsonFittingEnd(text, from, to, budget);
  if (fits === to) return { content: text.slice(from, to), ...range, totalLines };
  // Stop after the last whole line that fits; a first line longer than a page is cut.
  const lastBreak = text.lastIndexOf('\n', fits - 1);
  if (lastBreak >= from) {
    const endLine = lineAt(index, lastBreak);
    return {
      content: text.slice(from, lastBreak),
      startLine: range.startLine,
      endLine,
      totalLines,
      nextLine: endLine + 1,
    };
  }
  const cut = Math.max(fits, nextCodePoint(text, from));
  return {
    content: text.slice(from, cut),
    startLine: range.startLine,
    endLine: range.startLine,
    totalLines,
    nextLine: range.startLine,
    nextColumn: startColumn + cut - from,
  };
}

/** The end of the code point at `at`: a page always moves on, even with a tiny budget. */
function nextCodePoint(text: string, at: number): number {
  return at + ((text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1);
}

/** Why lines `startLine..endLine` cannot be replaced, or null. */
function writeError(total: number, { startLine, endLine }: LineRange): string | null {
  if (!whole(startLine) || startLine < 1 || startLine > total + 1) {
    return `startLine ${startLine} is outside the document: it has ${total} lines; startLine ${total + 1} appends.`;
  }
  if (!whole(endLine) || endLine < startLine - 1 || endLine > total) {
    return `endLine ${endLine} must be from startLine − 1 (${startLine - 1}, which inserts before startLine) to ${total}, the document's last line.`;
  }
  return null;
}

/**
 * `text` with lines `startLine..endLine` replaced by `content` (the new text of those lines; the
 * line break after the last one stays). `endLine = startLine − 1` inserts `content` as lines
 * before `startLine`; `startLine = totalLines + 1` appends them. Every byte outside stays.
 */
export function replaceLines(
  text: string,
  range: LineRange,
  content: string,
): { text: string } | RangeError {
  const index = indexLines(text);
  const error = writeError(index.total, range);
  if (error) return { error, totalLines: index.total };
  const { startLine, endLine } = range;
  if (endLine >= startLine) {
    const from = index.starts[startLine - 1];
    const to = contentEnd(index, endLine);
    return { text: text.slice(0, from) + content + text.slice(to) };
  }
  if (startLine <= index.total) {
    const at = index.starts[startLine - 1];
    return { text: `${text.slice(0, at)}${content}\n${text.slice(at)}` };
  }
  if (text === '') return { text: content };
  return { text: text.endsWith('\n') ? `${text}${content}\n` : `${text}\n${content}` };
}
