/**
 * GFM footnotes as the WYSIWYG editor and the HTML export show them: which definition a reference
 * calls, the tooltip of a reference, and the anchors of an exported page. DOM-free.
 */

/** The longest tooltip shown on a reference, in characters (the rest is cut with an ellipsis). */
export const NOTE_TITLE_MAX = 300;

/**
 * The key that ties a reference to its definition: labels match as GFM matches them, ignoring
 * case and runs of white space (`[^Note]` calls `[^note]:`).
 */
export function footnoteKey(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .trim()
    .toLowerCase()
    .toUpperCase();
}

/**
 * The tooltip of a reference: the text of its definition's blocks, one line each, white space
 * within a block collapsed, cut at NOTE_TITLE_MAX characters.
 */
export function noteTitle(blocks: readonly string[]): string {
  const text = blocks
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter((b) => b !== '')
    .join('\n');
  const chars = [...text];
  return chars.length <= NOTE_TITLE_MAX ? text : `${chars.slice(0, NOTE_TITLE_MAX - 1).join('')}…`;
}

/**
 * The ids of a footnote in an exported page: the definition's and the first reference's. Letters
 * and digits of any script are kept; anything else becomes `-`; the label's key keeps `Note` and
 * `note` one footnote.
 */
export function footnoteIds(label: string): { note: string; ref: string } {
  const slug = footnoteKey(label)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return { note: `fn-${slug}`, ref: `fnref-${slug}` };
}
