/**
 * What the generic reader takes from a page before it looks for the main content: the byline, the
 * title candidates, and the removal of everything that is never article text (page chrome, hidden
 * elements, scripts and controls).
 */
import { attr, collapse, isElement, SKIPPED, walkElements } from './nodes.js';

/** Which byline source an element is, by priority: rel=author, itemprop=author, .byline, .author. */
function bylineRank(el: Element): number {
  if (/(?:^|\s)author(?:\s|$)/i.test(attr(el, 'rel') ?? '')) return 0;
  if (/(?:^|\s)author(?:\s|$)/i.test(attr(el, 'itemprop') ?? '')) return 1;
  const classes = ` ${attr(el, 'class') ?? ''} `;
  if (/\sbyline\s/.test(classes)) return 2;
  if (/\sauthor\s/.test(classes)) return 3;
  if (el.localName === 'meta' && attr(el, 'name')?.toLowerCase() === 'author') return 4;
  return -1;
}

/** Text of an element that reads as a byline: short, not blank. */
function bylineText(el: Element): string | null {
  const raw = el.localName === 'meta' ? attr(el, 'content') : el.textContent;
  const text = collapse(raw ?? '').trim();
  return text !== '' && text.length <= 100 ? text : null;
}

/**
 * The byline: the first `[rel=author]` with usable text, else the first `[itemprop=author]`, else
 * `.byline`, else `.author`, else `<meta name=author>`.
 */
export function findByline(doc: Document): string | null {
  const found: (string | null)[] = [null, null, null, null, null];
  walkElements(doc, (el) => {
    const rank = bylineRank(el);
    if (rank >= 0 && found[rank] === null) found[rank] = bylineText(el);
    return found[0] === null;
  });
  return found.find((text) => text !== null) ?? null;
}

/** The longest title given to the model, in UTF-16 code units. */
export const TITLE_CAP = 500;

/** Whitespace-collapsed and cut at `TITLE_CAP`. */
function bounded(text: string): string {
  return collapse(text.slice(0, TITLE_CAP * 4))
    .trim()
    .slice(0, TITLE_CAP)
    .trim();
}

/** `<title>` without a trailing " | Site", " — Site", " – Site" or " - Site". */
export function documentTitle(doc: Document): string {
  const title = bounded(doc.querySelector('title')?.textContent ?? '');
  const cut = /\s[|—–-]\s+([^|—–-]+)$/.exec(title);
  return cut && cut.index > 0 ? title.slice(0, cut.index).trim() : title;
}

/** The whitespace-collapsed text of the first `<h1>` in `root`, or null. */
export function firstHeading(root: ParentNode): string | null {
  for (const h1 of Array.from(root.querySelectorAll('h1'))) {
    const text = bounded(h1.textContent ?? '');
    if (text) return text;
  }
  return null;
}

/** Page chrome, never the article wherever it stands: by tag, or by landmark role. */
const CHROME_TAGS = new Set(['nav', 'aside', 'footer']);
const CHROME_ROLES = new Set([
  'navigation',
  'complementary',
  'contentinfo',
  'banner',
  'dialog',
  'alertdialog',
]);

function chrome(el: Element): boolean {
  if (CHROME_TAGS.has(el.localName) || attr(el, 'aria-modal') === 'true') return true;
  if (el.localName === 'header') return !el.parentElement?.closest('article');
  return CHROME_ROLES.has((attr(el, 'role') ?? '').trim().toLowerCase());
}

/**
 * `aria-hidden` hides from assistive technology, not from sight: it marks icons and duplicated
 * labels, but dialog scripts also set it on the whole page behind an open dialog. So only small
 * aria-hidden parts go.
 */
const ARIA_HIDDEN_TEXT = 200;

function hidden(el: Element): boolean {
  if (el.hasAttribute('hidden')) return true;
  if (attr(el, 'aria-hidden') === 'true') {
    return (el.textContent ?? '').trim().length < ARIA_HIDDEN_TEXT;
  }
  const style = attr(el, 'style');
  return style !== null && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

/** Removes scripts, styles, controls, hidden elements and comments (the first thing done to a page). */
export function removeNonText(doc: Document): void {
  const strip = (node: Node) => {
    let child = node.firstChild;
    while (child) {
      const next: ChildNode | null = child.nextSibling;
      if (child.nodeType === 8) node.removeChild(child);
      else if (isElement(child)) {
        if (SKIPPED.has(child.localName) || hidden(child)) node.removeChild(child);
        else strip(child);
      }
      child = next;
    }
  };
  if (doc.body) strip(doc.body);
}

/** Removes navigation, sidebars, footers, dialogs and headers (a header inside an article stays). */
export function removeChrome(doc: Document): void {
  walkElements(doc, (el) => {
    if (!chrome(el)) return true;
    el.remove();
    return false;
  });
}
