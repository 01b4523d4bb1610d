/** Small helpers over standard DOM nodes, shared by the reader and the markdown writer. */

export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

export function isText(node: Node): node is Text {
  return node.nodeType === 3;
}

/** Elements whose content is never page text for a reader: code, media, controls, metadata. */
export const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'canvas',
  'audio',
  'video',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'head',
  'meta',
  'link',
  'title',
  'base',
  'dialog',
]);

/** Elements that start a block of their own in markdown. */
export const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** Runs of whitespace (including no-break spaces) as one space. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/**
 * Visits the elements under `root` in document order; `visit` returns false to skip an element's
 * subtree (it may remove the element it is given). Faster than `querySelectorAll('*')` on big pages.
 */
export function walkElements(root: ParentNode, visit: (el: Element) => boolean): void {
  let child = root.firstElementChild;
  while (child) {
    const next = child.nextElementSibling;
    if (visit(child) && child.parentNode) walkElements(child, visit);
    child = next;
  }
}

/**
 * An attribute's value, or null. Same as `getAttribute`, but through the attribute node: the DOM the
 * hub uses builds a token list for every `getAttribute('class')`, which on a big page costs more
 * than the whole reading.
 */
export function attr(el: Element, name: string): string | null {
  return el.getAttributeNode(name)?.value ?? null;
}
