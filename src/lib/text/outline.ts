/**
 * The outline of a markdown document: its top-level headings (ATX `#` and setext underlines), in
 * order, with their level, their text as a reader sees it, and where their line starts. Headings
 * inside fenced code, front matter, block quotes and lists are not part of the outline; the
 * WYSIWYG editor counts the same top-level headings, so the Nth entry is its Nth heading.
 */
import { readableText } from './textCounts';

export interface OutlineEntry {
  level: number;
  text: string;
  /** UTF-16 offset of the heading's first line in the document. */
  offset: number;
}

const FRONT_MATTER = /^(?:\uFEFF)?---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
/** A line that cannot be a setext heading's text: blank, indented code, or another block's start. */
const NOT_PARAGRAPH =
  /^(?:[ \t]*$| {4}|\t| {0,3}(?:[>#]|[-+*][ \t]|\d{1,9}[.)][ \t]|<|(?:[-*_][ \t]*){3,}$))/;

export function outlineOf(markdown: string): OutlineEntry[] {
  const front = FRONT_MATTER.exec(markdown)?.[0].length ?? 0;
  const out: OutlineEntry[] = [];
  let fence: string | null = null;
  // The paragraph a setext underline would turn into a heading: its first line's offset and text.
  let paragraph: { offset: number; lines: string[] } | null = null;
  let offset = front;
  const lines = markdown.slice(front).split(/\r\n|\r|\n/);
  const breaks = markdown.slice(front).match(/\r\n|\r|\n/g) ?? [];
  lines.forEach((line, i) => {
    const at = offset;
    offset += line.length + (breaks[i]?.length ?? 0);
    const opener = FENCE.exec(line);
    if (fence !== null) {
      if (
        opener &&
        opener[1][0] === fence[0] &&
        opener[1].length >= fence.length &&
        /^ {0,3}[`~]+[ \t]*$/.test(line)
      )
        fence = null;
      return;
    }
    if (opener) {
      fence = opener[1];
      paragraph = null;
      return;
    }
    const atx = ATX.exec(line);
    if (atx) {
      out.push({ level: atx[1].length, text: readableText(atx[2] ?? '').trim(), offset: at });
      paragraph = null;
      return;
    }
    const underline = SETEXT.exec(line);
    if (underline && paragraph) {
      const text = readableText(paragraph.lines.join(' ')).trim();
      out.push({ level: underline[1][0] === '=' ? 1 : 2, text, offset: paragraph.offset });
      paragraph = null;
      return;
    }
    if (NOT_PARAGRAPH.test(line)) {
      // A lazy continuation line of a quote or list belongs to it, never to a top-level heading.
      paragraph = null;
      return;
    }
    if (paragraph) paragraph.lines.push(line.trim());
    else paragraph = { offset: at, lines: [line.trim()] };
  });
  return out;
}
