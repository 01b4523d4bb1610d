/**
 * Whether a piece of text an AI wants to insert carries markdown syntax. Plain text is inserted
 * literally (its spaces kept); text with markers goes through the markdown parser. Underscores are
 * never taken as markers, so identifiers such as `snake_case` stay text.
 */

/**
 * Block syntax at the start of a line: headings, quotes, list items, fences, rules, tab indents,
 * footnote definitions (`[^label]:`).
 */
const BLOCK_START =
  /^(?:#{1,6}[ \t]|>[ \t]?|[-+*][ \t]|\d{1,9}[.)][ \t]|```|~~~|---|\*\*\*|\t|\[\^[^\]\s]+\]:)/m;

/**
 * Inline syntax: strong, code, links, images, strikethrough, autolinks, raw HTML tags and footnote
 * references (`[^label]`, which the parser resolves against the document's notes; a call with no
 * note stays text). `array[i][1]` stays literal: reference links are left out on purpose.
 */
const INLINE =
  /\*\*|`|\[[^\]\n]*\]\(|!\[|~~|<(?:https?:|mailto:|[A-Za-z][\w-]*[\s/>])|\[\^[^\]\s]+\]/;

/** A single-asterisk emphasis pair: `*` + non-space … non-space + `*` (so `5*4 = 20` stays text). */
const EMPHASIS = /(^|[^*\w])\*(?=\S)[^*\n]*?\S\*(?!\w)/;

/** A highlight: exactly `==`, no white space right inside, exactly `==` (highlightSyntax.ts). */
const HIGHLIGHT = /(?<!=)==(?=[^\s=])[^\n]*?[^\s=]==(?!=)/;

export function looksLikeMarkdown(text: string): boolean {
  if (/\n[ \t]*\n/.test(text)) return true;
  return BLOCK_START.test(text) || INLINE.test(text) || EMPHASIS.test(text) || HIGHLIGHT.test(text);
}
