/**
 * Where a document's front matter is, read line by line the way desktop VMark reads it (no YAML
 * parsing, so the author's bytes are never re-serialised):
 *
 * - the document's first line is exactly `---` and has a line break after it;
 * - the block ends at the first later line that is exactly `---`, followed by a line break or by
 *   the end of the text; that line cannot be the one right after the opening fence (desktop looks
 *   for `\n---\n` in the text after the opening `---\n`, so an empty `---\n---\n` is not a block);
 * - no closing fence: there is no front matter, the lines are content.
 *
 * Line breaks are `\n`, `\r\n` or a lone `\r` (the three canonical text turns into `\n`), so the
 * same reading works on canonical text and on the text of a file as it is.
 *
 * The reserved `vmark:` mapping is the first line of the block that reads `vmark:` (trailing
 * whitespace allowed); its children are the lines right after it that start with a space or a tab.
 */

export type LineBreak = '' | '\n' | '\r\n' | '\r';

export interface Line {
  /** The line without its line break. */
  text: string;
  /** Its line break; '' only for the last line. */
  eol: LineBreak;
  /** Offset of the line's first character in the text. */
  start: number;
}

/** The lines of `text`; joining each `text + eol` gives back `text` exactly. */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const pattern = /\r\n|\n|\r/g;
  let start = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    lines.push({ text: text.slice(start, m.index), eol: m[0] as LineBreak, start });
    start = m.index + m[0].length;
  }
  lines.push({ text: text.slice(start), eol: '', start });
  return lines;
}

export interface FrontMatterBlock {
  lines: Line[];
  /** Index of the closing `---` line; the block's own lines are 1 … close − 1. */
  close: number;
}

/** The front matter of `text`, or null when it has none. */
export function findFrontMatter(text: string): FrontMatterBlock | null {
  if (!text.startsWith('---')) return null;
  const lines = splitLines(text);
  if (lines[0].text !== '---' || lines[0].eol === '') return null;
  for (let k = 2; k < lines.length; k++) {
    const line = lines[k];
    if (line.text === '---' && (line.eol !== '' || k === lines.length - 1)) {
      return { lines, close: k };
    }
  }
  return null;
}

export interface VmarkBlock {
  /** Index of the `vmark:` line. */
  start: number;
  /** Index after its last child line. */
  end: number;
}

/** The reserved `vmark:` mapping inside a front-matter block, or null when there is none. */
export function findVmarkBlock(fm: FrontMatterBlock): VmarkBlock | null {
  for (let i = 1; i < fm.close; i++) {
    if (trimEnd(fm.lines[i].text) !== 'vmark:') continue;
    let end = i + 1;
    while (end < fm.close && isChildLine(fm.lines[end].text)) end++;
    return { start: i, end };
  }
  return null;
}

export function isChildLine(text: string): boolean {
  return text.startsWith(' ') || text.startsWith('\t');
}

/**
 * Whitespace as desktop VMark's Rust code trims it (Unicode White_Space). It differs from
 * JavaScript's `trim()`: U+0085 counts, U+FEFF (a byte-order mark) does not.
 */
export function isWhitespace(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

export function trimStart(s: string): string {
  let i = 0;
  while (i < s.length && isWhitespace(s[i])) i++;
  return s.slice(i);
}

export function trimEnd(s: string): string {
  let j = s.length;
  while (j > 0 && isWhitespace(s[j - 1])) j--;
  return s.slice(0, j);
}

export function trim(s: string): string {
  return trimEnd(trimStart(s));
}
