/** Link syntax the transforms must keep intact: destinations, titles and reference labels. */

const DEFINITION =
  /^\[((?:[^[\]\\]|\\.){0,999}[^\s[\]\\](?:[^[\]\\]|\\.){0,999})\]:[ \t]*(?:<[^<>\n]*>|[^\s<][^\s]*)(?:[ \t]+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$/;

/**
 * A one-line link reference definition (`[id]: /url "title"`) spanning `[from, to)`, or null.
 * Definitions whose destination or title continues on the next line are not recognised.
 */
export function definitionAt(source: string, from: number, to: number): { label: string } | null {
  const match = DEFINITION.exec(source.slice(from, to));
  if (!match || match[1].startsWith('^')) return null;
  return { label: match[1] };
}

const QUOTE_FOLDS: Record<string, string> = {
  '。': '.',
  '“': '"',
  '”': '"',
  '「': '"',
  '」': '"',
  '«': '"',
  '»': '"',
  '‘': "'",
  '’': "'",
  '『': "'",
  '』': "'",
  '‹': "'",
  '›': "'",
  '—': '-',
};

/**
 * A label folded so loosely (no whitespace, full-width forms and CJK punctuation mapped to
 * ASCII, lower case) that no CJK transform can make a reference start or stop matching a
 * definition. Over-matching only protects a little more text than needed.
 */
export function looseLabelKey(label: string): string {
  return label
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[。“”「」«»‘’『』‹›—]/g, (ch) => QUOTE_FOLDS[ch] ?? ch)
    .toLowerCase();
}

/**
 * Parses an inline link's `(destination "title")` starting at `open` (a `(` right after `]`),
 * and returns the offset just past its `)`, or -1 when it is not one. Stays before `limit`.
 */
export function linkTailEnd(source: string, open: number, limit: number): number {
  let index = skipSpace(source, open + 1, limit);
  if (source[index] === '<') {
    const close = source.indexOf('>', index);
    if (close < 0 || close >= limit || source.slice(index, close).includes('\n')) return -1;
    index = close + 1;
  } else {
    index = bareDestinationEnd(source, index, limit);
    if (index < 0) return -1;
  }
  const afterDestination = index;
  index = skipSpace(source, index, limit);
  const quote = source[index];
  if ((quote === '"' || quote === "'" || quote === '(') && index > afterDestination) {
    const titleEnd = titleEndAt(source, index, limit);
    if (titleEnd < 0) return -1;
    index = skipSpace(source, titleEnd, limit);
  }
  return source[index] === ')' && index < limit ? index + 1 : -1;
}

/** A destination without angle brackets: no spaces or controls, parentheses balanced. */
function bareDestinationEnd(source: string, from: number, limit: number): number {
  let depth = 0;
  let index = from;
  while (index < limit) {
    const ch = source[index];
    if (ch === '\\' && index + 1 < limit) {
      index += 2;
      continue;
    }
    if (ch <= ' ') break;
    if (ch === '(') depth += 1;
    else if (ch === ')') {
      if (depth === 0) break;
      depth -= 1;
    }
    index += 1;
  }
  return depth === 0 ? index : -1;
}

function titleEndAt(source: string, open: number, limit: number): number {
  const close = source[open] === '(' ? ')' : source[open];
  for (let index = open + 1; index < limit; index += 1) {
    const ch = source[index];
    if (ch === '\\') index += 1;
    else if (ch === close) return index + 1;
    else if (ch === '(' && close === ')') return -1;
  }
  return -1;
}

/** Skips spaces, tabs and at most one line ending. */
function skipSpace(source: string, from: number, limit: number): number {
  let index = from;
  let newlines = 0;
  while (index < limit) {
    const ch = source[index];
    if (ch === ' ' || ch === '\t' || ch === '\r') index += 1;
    else if (ch === '\n' && newlines === 0) {
      newlines += 1;
      index += 1;
    } else break;
  }
  return index;
}
