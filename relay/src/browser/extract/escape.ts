/**
 * Page text is untrusted: written into markdown as it is, a paragraph reading "# Sale" would become
 * a heading and `<img src=x>` raw HTML. These helpers make page text literal text, and build the
 * code spans, fences and link destinations around it.
 */

/**
 * Characters that are markdown syntax anywhere in a line: `|` for tables, `~` for strikethrough, `&`
 * only where it would spell an entity.
 */
const ANYWHERE = /[\\`*_[\]<|~]|&(?=#?[A-Za-z0-9]+;)/g;

/** Escapes the characters of `text` that could start markdown syntax anywhere in a line. */
export function escapeText(text: string): string {
  return text.replace(ANYWHERE, (ch) => `\\${ch}`);
}

/**
 * Escapes what would open a block at the start of a line: `-`, `+`, `>`, `#`, `=` (setext), `~`
 * (fence) and an ordered-list number `N.` / `N)`. Applied to each line of an assembled paragraph,
 * whose own syntax (`**`, `[`, `` ` ``, `\`) never starts with one of these.
 */
export function escapeLineStart(line: string): string {
  const number = /^(\d+)([.)])/.exec(line);
  if (number) return `${number[1]}\\${number[2]}${line.slice(number[0].length)}`;
  return /^[-+>#=~]/.test(line) ? `\\${line}` : line;
}

/** The longest run of backticks in `text`. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** An inline code span for `text` (whitespace already collapsed), fenced past any backtick run. */
export function codeSpan(text: string): string {
  if (text === '') return '';
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  const pad = /^[` ]|[` ]$/.test(text) && text.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** The fence for a code block holding `text`: at least three backticks, longer than any run inside. */
export function codeFence(text: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
}

/** A link destination: wrapped in `<…>` when it holds whitespace or parentheses. */
export function linkDestination(url: string): string {
  if (!/[\s()<>]/.test(url)) return url;
  return `<${url
    .replace(/</g, '%3C')
    .replace(/>/g, '%3E')
    .replace(/[\r\n\t]/g, encodeURIComponent)}>`;
}
