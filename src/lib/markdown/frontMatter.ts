/**
 * Finds a front-matter block at the very start of a markdown document so the editor can keep
 * it as raw text instead of rendering it as markdown.
 */

/** A document cut in two: `frontMatter + body` is always the original text. */
export interface FrontMatterSplit {
  /** The front matter including both fence lines and the line ending after the closing one. */
  frontMatter: string;
  /** Everything after the front matter. */
  body: string;
}

/** Opening fence → closing fences accepted for it. */
const FENCES: ReadonlyArray<{ open: string; close: readonly string[] }> = [
  { open: '---', close: ['---', '...'] },
  { open: '+++', close: ['+++'] },
];

/**
 * Splits YAML (`---` … `---` or `...`) or TOML (`+++` … `+++`) front matter off the start of
 * `text`. The opening fence must be the very first line; a document without a closing fence,
 * or whose opening `---` is followed by a blank line (a thematic break), has no front matter.
 */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const first = readLine(text, 0);
  const fence = FENCES.find((candidate) => fenceLine(first.content) === candidate.open);
  if (!fence || first.next === first.end) return { frontMatter: '', body: text };

  let position = first.next;
  let lineNumber = 1;
  while (position < text.length) {
    const line = readLine(text, position);
    const value = fenceLine(line.content);
    if (lineNumber === 1 && fence.open === '---' && line.content.trim() === '') break;
    if (fence.close.includes(value)) {
      return { frontMatter: text.slice(0, line.next), body: text.slice(line.next) };
    }
    position = line.next;
    lineNumber += 1;
  }
  return { frontMatter: '', body: text };
}

interface Line {
  /** The line without its line ending. */
  content: string;
  /** Offset just past the content. */
  end: number;
  /** Offset where the next line starts (past the line ending). */
  next: number;
}

function readLine(text: string, start: number): Line {
  const newline = text.indexOf('\n', start);
  const next = newline === -1 ? text.length : newline + 1;
  let end = newline === -1 ? text.length : newline;
  if (end > start && text.charCodeAt(end - 1) === 13) end -= 1;
  return { content: text.slice(start, end), end, next };
}

/** A fence line may carry trailing spaces or tabs, nothing else. */
function fenceLine(content: string): string {
  return content.replace(/[ \t]+$/, '');
}
