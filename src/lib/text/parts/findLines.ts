/**
 * `document.read {find, regex?}` (issue 28): the lines that hold a match, so a client finds where
 * to edit without reading the document. Literal text by default; a regular expression is run by
 * the caller where it can be stopped (see ui/shell/regexFind.ts), with this same function.
 */
import { indexLines, contentEnd, lineAt } from './lines';

/** At most this many lines are answered; `truncated` says there were more. */
export const MAX_FIND_LINES = 200;

/** A longer line is answered as this many UTF-16 units around its first match. */
export const MATCH_LINE_UNITS = 240;

export interface FoundLine {
  line: number;
  text: string;
}

export interface Found {
  matches: FoundLine[];
  truncated: boolean;
}

/** The literal `needle` as a global regular expression. */
export function literalPattern(needle: string): RegExp {
  return new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gu');
}

/**
 * A regular expression as a client writes it, global and multiline (`^` and `$` at each line),
 * with Unicode semantics when the pattern allows them; or the engine's sentence for a bad one.
 */
export function compilePattern(source: string): RegExp | { error: string } {
  try {
    return new RegExp(source, 'gmu');
  } catch {
    try {
      return new RegExp(source, 'gm');
    } catch (e) {
      return { error: `find is not a valid regular expression: ${(e as Error).message}` };
    }
  }
}

/** A code point boundary at or before `at`. */
function boundary(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  return unit >= 0xdc00 && unit <= 0xdfff && at > 0 ? at - 1 : at;
}

/** The line's text, or the part of a long line around `column` (marked with "…"). */
function shown(line: string, column: number): string {
  if (line.length <= MATCH_LINE_UNITS) return line;
  const from = boundary(line, Math.max(0, Math.min(column - 40, line.length - MATCH_LINE_UNITS)));
  const to = boundary(line, from + MATCH_LINE_UNITS);
  return `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`;
}

/** The lines of `text` where `pattern` matches (a line once, however often), in order. */
export function findLines(text: string, pattern: RegExp, limit = MAX_FIND_LINES): Found {
  const index = indexLines(text);
  const re = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  const matches: FoundLine[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '') {
      // An empty match (`^`) still names its line; step over it a code point at a time.
      re.lastIndex += (text.codePointAt(re.lastIndex) ?? 0) > 0xffff ? 2 : 1;
      if (m.index >= text.length && m.index > 0 && text.endsWith('\n')) break;
    }
    const line = lineAt(index, m.index);
    if (matches.length > 0 && matches[matches.length - 1].line === line) continue;
    if (matches.length === limit) return { matches, truncated: true };
    const start = index.starts[line - 1];
    matches.push({
      line,
      text: shown(text.slice(start, contentEnd(index, line)), m.index - start),
    });
    // The rest of this line cannot add a line: go on at the next one.
    const next = line < index.total ? index.starts[line] : text.length + 1;
    if (re.lastIndex < next) re.lastIndex = next;
  }
  return { matches, truncated: false };
}
