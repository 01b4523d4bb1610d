/**
 * The one place that knows which DOM implementation the hub uses (linkedom). Everything else in
 * the reader is written against standard DOM interfaces, so it would run as well on a browser's
 * `DOMParser` document.
 */
import { parseHTML } from 'linkedom';
import { limitNesting } from './nesting.js';

/**
 * The deepest element the reader keeps as it is. The reader walks the tree recursively; a page
 * nested deeper than this (real pages stay far below it) has everything below this depth flattened
 * into the element at this depth, in document order, so no page can exhaust the stack.
 */
export const MAX_DEPTH = 200;

/** Moves every leaf under `el` (text, and elements with no children) up to be its child, in order. */
function flatten(el: Element): void {
  const leaves: Node[] = [];
  let node: Node | null = el.firstChild;
  while (node && node !== el) {
    if (node.firstChild) {
      node = node.firstChild;
      continue;
    }
    leaves.push(node);
    while (node && node !== el && !node.nextSibling) node = node.parentNode;
    if (node && node !== el) node = node.nextSibling;
  }
  while (el.firstChild) el.removeChild(el.firstChild);
  for (const leaf of leaves) {
    leaf.parentNode?.removeChild(leaf);
    el.appendChild(leaf);
  }
}

/** Flattens whatever lies deeper than `MAX_DEPTH` below `root` (without recursion). */
export function boundDepth(root: Element, maxDepth = MAX_DEPTH): void {
  const stack: [Element, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [el, depth] = stack.pop() as [Element, number];
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
      if (depth + 1 < maxDepth) stack.push([child, depth + 1]);
      else flatten(child);
    }
  }
}

/**
 * Parses a page's HTML into a document; a fragment without `<body>` is placed in one. Nesting is
 * bounded twice: in the text before parsing (nesting.ts, for the parser's sake) and in the tree
 * after it (`MAX_DEPTH`, for the reader's).
 */
export function parseDocument(html: string): Document {
  const bounded = limitNesting(html);
  const whole = /<body[\s>]/i.test(bounded)
    ? bounded
    : `<!DOCTYPE html><html><body>${bounded}</body></html>`;
  const doc = parseHTML(whole).document as unknown as Document;
  boundDepth(doc.documentElement);
  return doc;
}
