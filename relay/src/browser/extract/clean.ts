/**
 * What the generic reader takes from a page before it looks for the main content: the byline, the
 * title candidates, and the removal of everything that is never article text (page chrome, hidden
 * elements, scripts and controls).
 */
import { SKIPPED, collapse, isElement, walkElements } from './nodes.js';

/** Which byline source an element is, by priority: rel=author, itemprop=author, .byline, .author. */
function bylineRank(el: Element): number {
  if (/(?:^|\s)author(?:\s|$)/i.test(el.getAttribute('rel') ?? '')) return 0;
  if (/(?:^|\s)author(?:\s|$)/i.test(el.getAttribute('itemprop') ?? '')) return 1;
  const classes = ` ${el.getAttribute('class') ?? ''} `;
  if (/\sbyline\s/.test(classes)) return 2;
  if (/\sauthor\s/.test(classes)) return 3;
  if (el.localName === 'meta' && el.getAttribute('name')?.toLowerCase() === 'author') return 4;
  return -1;
}

/** Text of an element that reads as a byline: short, not blank. */
function bylineText(el: Element): string | null {
  const raw = el.localName === 'meta' ? el.getAttribute('content') : el.textContent;
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

/** `<title>` without a trailing " | Site", " — Site", " – Site" or " - Site". */
export function documentTitle(doc: Document): string {
  const title = collapse(doc.querySelector('title')?.textContent ?? '').trim();
  const cut = /^(.+?)\s+[|—–-]\s+[^|—–-]+$/.exec(title);
  return cut ? cut[1] : title;
}

/** The whitespace-collapsed text of the first `<h1>` in `root`, or null. */
export function firstHeading(root: ParentNode): string | null {
  for (const h1 of Array.from(root.querySelectorAll('h1'))) {
    const text = collapse(h1.textContent ?? '').trim();
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
  if (CHROME_TAGS.has(el.localName) || el.getAttribute('aria-modal') === 'true') return true;
  if (el.localName === 'header') return !el.parentElement?.closest('article');
  return CHROME_ROLES.has((el.getAttribute('role') ?? '').trim().toLowerCase());
}

function hidden(el: Element): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  const style = el.getAttribute('style');
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
