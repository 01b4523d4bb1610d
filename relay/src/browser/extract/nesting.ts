/**
 * A guard against pages nested absurdly deep. The HTML parser's cost grows with the square of the
 * nesting depth (100,000 nested elements take seconds), so before parsing, open tags that would
 * nest deeper than `NESTING_LIMIT` are dropped together with as many close tags, keeping all text.
 * The count is a plain scan of tags (no implied ends), so it can only overestimate the depth; the
 * contents of script, style, textarea and title are skipped as the parser does. Pages as browsers
 * serialise them close every element, and no real page comes near the limit.
 */

export const NESTING_LIMIT = 5000;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript']);
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)[^>]*>/g;

/** `html` with the tags past `limit` levels of nesting removed (unchanged when none are). */
export function limitNesting(html: string, limit = NESTING_LIMIT): string {
  let depth = 0;
  let excess = 0;
  const kept: string[] = [];
  let from = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    const name = m[2].toLowerCase();
    const close = m[1] === '/';
    if (VOID.has(name)) continue;
    if (!close && RAW_TEXT.has(name)) {
      const closing = new RegExp(`</${name}`, 'gi');
      closing.lastIndex = TAG.lastIndex;
      TAG.lastIndex = closing.exec(html)?.index ?? html.length;
      continue;
    }
    let drop = false;
    if (!close) {
      if (depth >= limit) {
        drop = true;
        excess++;
      } else depth++;
    } else if (excess > 0) {
      drop = true;
      excess--;
    } else if (depth > 0) depth--;
    if (drop) {
      kept.push(html.slice(from, m.index));
      from = m.index + m[0].length;
    }
  }
  if (from === 0) return html;
  kept.push(html.slice(from));
  return kept.join('');
}
